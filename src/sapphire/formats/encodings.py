"""pzprjs's shared link encodings, read and written: numbers in cells (`number16`), clues 0-4
with gaps folded in (`four_cell`), circles three to a character (`circle`), numbers in the
cells outside the grid (`outside16`), and borders between cells (`border_bits`), which part
the board into rooms (`rooms`, `border_rooms`).

Each reads from a `Body` (the link's body and where in the link it starts), so a character
that breaks the encoding is reported at its place. A value is an int, `UNKNOWN` for pzprjs's
`?` (a clue whose number is not given) or None for an empty cell. A body that ends before the
last cell leaves the rest empty, as pzprjs reads it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.diagnostics import SapphireError
from sapphire.formats.link import Link

UNKNOWN = -2
"""A clue cell without a number (pzprjs writes `.`)."""

Value = int | None

B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


@dataclass
class Body:
    """The unread rest of a link's body; `pos` is the offset into the body."""

    link: Link
    pos: int = 0

    @property
    def text(self) -> str:
        return self.link.body

    @property
    def cols(self) -> int:
        """The link's number of columns."""
        return self.link.cols

    @property
    def rows(self) -> int:
        """The link's number of rows."""
        return self.link.rows

    @property
    def flags(self) -> str:
        """The link's flags segment before the size (`e` in `arukone/e/5/5/…`), or ""."""
        return self.link.flags

    def done(self) -> bool:
        return self.pos >= len(self.text)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def error(self, message: str, at: int | None = None, hint: str | None = None
              ) -> SapphireError:
        """An error at body offset `at` (the current one by default)."""
        where = self.pos if at is None else at
        return self.link.error(message, self.link.body_at + where, hint=hint)

    def hex_run(self, n: int, what: str) -> int:
        """The `n` hexadecimal digits after a number's prefix character."""
        digits = self.text[self.pos:self.pos + n]
        if len(digits) < n or any(c not in "0123456789abcdef" for c in digits):
            bad = next((i for i, c in enumerate(digits) if c not in "0123456789abcdef"),
                       len(digits))
            raise self.error(f"expected {n} hexadecimal digits after {what}",
                             self.pos + bad,
                             hint="a number 16-255 is written '-' and two digits, 256-4095 "
                                  "'+' and three")
        self.pos += n
        return int(digits, 16)

    def finish(self) -> None:
        """Refuse characters past what the genre reads (a lone trailing `/` is let be)."""
        rest = self.text[self.pos:]
        if rest and rest != "/":
            raise self.error(f"{len(rest)} character(s) past the end of the puzzle",
                             hint="the body holds more than the grid's cells; is the size "
                                  "right?")


def number16(body: Body, count: int) -> list[Value]:
    """`count` cells in pzprjs's number16: `0`-`f` a number, `-XX`, `+XXX`, `=XXX` (4096+),
    `%XXX` (8192+) longer ones, `.` an unknown clue, `g`-`z` 1-20 empty cells."""
    return _numbers(body, count, "-+=%", "a cell is 0-f, -XX, +XXX or '.'; g-z skip 1-20 cells")


LONG_BASE = {"-": 0, "+": 0, "=": 4096, "%": 8192}
"""What a longer number's hex digits are added to, by its lead character."""


def _numbers(body: Body, count: int, longer: str, hint: str) -> list[Value]:
    """`count` numbers of a hex-digit encoding whose longer numbers start with one of
    `longer` (`-XX`, then `+XXX`, `=XXX`, `%XXX` where the encoding has them)."""
    out: list[Value] = [None] * count
    c = 0
    while c < count and not body.done():
        at, ch = body.pos, body.peek()
        body.pos += 1
        if ch in "0123456789abcdef":
            out[c] = int(ch, 16)
        elif ch in longer:
            out[c] = body.hex_run(2 if ch == "-" else 3, f"'{ch}'") + LONG_BASE[ch]
        elif ch == ".":
            out[c] = UNKNOWN
        elif "g" <= ch <= "z":
            c += int(ch, 36) - 16
        else:
            raise body.error(f"'{ch}' is not a number or a gap", at, hint=hint)
        c += 1
    return out


def encode_number16(values: list[Value]) -> str:
    """The number16 text of `values` (None an empty cell)."""
    out, gap = [], 0
    for v in values:
        if v is None:
            gap += 1
            if gap == 20:
                out.append("z")
                gap = 0
            continue
        if gap:
            out.append(B36[15 + gap])
            gap = 0
        out.append(_number16_token(v))
    if gap:
        out.append(B36[15 + gap])
    return "".join(out)


def _number16_token(v: int) -> str:
    if v == UNKNOWN:
        return "."
    if 0 <= v < 16:
        return f"{v:x}"
    if v < 256:
        return f"-{v:02x}"
    if v < 4096:
        return f"+{v:03x}"
    if v < 8192:
        return f"={v - 4096:03x}"
    return f"%{v - 8192:03x}"


def four_cell(body: Body, count: int) -> list[Value]:
    """`count` cells holding 0-4: `0`-`4` a clue, `5`-`9` a clue and one empty cell after it,
    `a`-`e` a clue and two, `.` an unknown clue, `g`-`z` 1-20 empty cells."""
    out: list[Value] = [None] * count
    c = 0
    while c < count and not body.done():
        at, ch = body.pos, body.peek()
        body.pos += 1
        if ch in "0123456789abcde":
            v = int(ch, 16)
            out[c] = v % 5
            c += v // 5
        elif ch == ".":
            out[c] = UNKNOWN
        elif "g" <= ch <= "z":
            c += int(ch, 36) - 16
        else:
            raise body.error(f"'{ch}' is not a clue 0-4 or a gap", at,
                             hint="0-4 a clue, 5-9 and a-e a clue and a gap of 1 or 2; "
                                  "g-z skip 1-20 cells")
        c += 1
    return out


def encode_four_cell(values: list[Value]) -> str:
    """The four_cell text of `values` (clues 0-4)."""
    out, gap, c = [], 0, 0
    n = len(values)
    while c < n:
        v = values[c]
        if v is None:
            gap += 1
            if gap == 20:
                out.append("z")
                gap = 0
            c += 1
            continue
        if gap:
            out.append(B36[15 + gap])
            gap = 0
        if v == UNKNOWN:
            out.append(".")
            c += 1
            continue
        # as pzprjs writes it: a gap of 1 or 2 folds in when the cells after are empty or past
        # the grid's end
        after = 0
        while after < 2 and (c + 1 + after >= n or values[c + 1 + after] is None):
            after += 1
        out.append(f"{v + 5 * after:x}")
        c += 1 + after
    if gap:
        out.append(B36[15 + gap])
    return "".join(out)


def circle(body: Body, count: int) -> list[int]:
    """`count` cells of 0 (none), 1 or 2 (two kinds of circle), three cells to a base-27
    character, the first cell the most significant."""
    out = [0] * count
    for k in range(0, count, 3):
        if body.done():
            break
        at, ch = body.pos, body.peek()
        if ch not in B36[:27]:
            raise body.error(f"'{ch}' is not a base-27 digit (0-9, a-q)", at,
                             hint="each character holds three cells: 0 none, 1 white, "
                                  "2 black, the first cell times 9")
        body.pos += 1
        v = int(ch, 27)
        for j, weight in enumerate((9, 3, 1)):
            if k + j < count:
                out[k + j] = v // weight % 3
    return out


def encode_circle(values: list[int]) -> str:
    out = []
    for k in range(0, len(values), 3):
        three = [*values[k:k + 3], 0, 0][:3]
        out.append(B36[three[0] * 9 + three[1] * 3 + three[2]])
    return "".join(out)


def outside16(body: Body, count: int) -> list[Value]:
    """`count` cells outside the grid: `0`-`f` a number, `-XX` a longer one, `.` unknown,
    `g`-`z` 1-20 empty ones."""
    return _numbers(body, count, "-", "an outside clue is 0-f or -XX; g-z skip 1-20 clues")


def encode_outside16(values: list[Value]) -> str:
    """The outside16 text of `values` (numbers below 256)."""
    return encode_number16(values)


def border_bits(body: Body, count: int, what: str) -> list[int]:
    """`count` borders (1 a border), five to a base-32 character as pzprjs's `decodeBorder`
    writes them; `what` names them in an error."""
    out: list[int] = []
    while len(out) < count:
        at, ch = body.pos, body.peek()
        if ch == "" or ch not in B36[:32]:
            found = "the link ends" if ch == "" else f"'{ch}' is not a base-32 digit"
            raise body.error(f"{found} where {what} should be", at,
                             hint="borders are bits, five to a character 0-9 or a-v")
        body.pos += 1
        v = int(ch, 32)
        out.extend((v >> (4 - k)) & 1 for k in range(5))
    return out[:count]


def encode_border_bits(bits: list[int]) -> str:
    """Borders written back as `border_bits` reads them, the last character padded with 0s."""
    padded = bits + [0] * (-len(bits) % 5)
    return "".join(B36[int("".join(map(str, padded[k:k + 5])), 2)]
                   for k in range(0, len(padded), 5))


def rooms(cols: int, rows: int, across: list[int] | list[bool],
          down: list[int] | list[bool]) -> list[int]:
    """Each cell's room, numbered 1, 2, … in reading order of the rooms' first cells: the
    cells that no border parts. `across` holds the borders between cells side by side
    ((cols-1)·rows, row by row), `down` those between cells one above the other."""
    room = [0] * (cols * rows)
    n = 0
    for start in range(cols * rows):
        if room[start]:
            continue
        n += 1
        room[start] = n
        todo = [start]
        while todo:
            k = todo.pop()
            r, c = divmod(k, cols)
            steps = [(c + 1 < cols and not across[r * (cols - 1) + c], k + 1),
                     (c > 0 and not across[r * (cols - 1) + c - 1], k - 1),
                     (r + 1 < rows and not down[r * cols + c], k + cols),
                     (r > 0 and not down[(r - 1) * cols + c], k - cols)]
            for open_, other in steps:
                if open_ and not room[other]:
                    room[other] = n
                    todo.append(other)
    return room


def border_rooms(body: Body) -> list[int]:
    """Each cell's room (`rooms`: 1, 2, … in reading order of their first cells) from the room
    borders of a link, as pzprjs's `decodeBorder` writes them: `border_bits` for the
    (COLS-1)·ROWS borders between cells side by side, row by row, then for the COLS·(ROWS-1)
    between cells one above the other."""
    cols, rows = body.cols, body.rows
    across = border_bits(body, (cols - 1) * rows, "the borders between cells side by side")
    down = border_bits(body, cols * (rows - 1), "the borders between cells one above the other")
    return rooms(cols, rows, across, down)


def encode_border_rooms(cols: int, rows: int, room: list[int]) -> str:
    """The borders between cells of different rooms (`room`: each cell's, in reading order),
    written as `border_rooms` reads them."""
    across = [int(room[r * cols + c] != room[r * cols + c + 1])
              for r in range(rows) for c in range(cols - 1)]
    down = [int(room[r * cols + c] != room[(r + 1) * cols + c])
            for r in range(rows - 1) for c in range(cols)]
    return encode_border_bits(across) + encode_border_bits(down)
