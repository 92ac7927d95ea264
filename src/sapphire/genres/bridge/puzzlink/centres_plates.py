"""puzz.link genres of centres and plates: `tentaisho` (Galaxies) and `magnets` (Magnetic), read
from a link into the puzzlekit text that the puzzlekit importer states, written back from a
case, and their pzprv3 answers read.

The bodies, as pzprjs encodes them (`src/variety/tentaisho.js`, `magnets.js`,
`src/puzzle/Encode.js`):

* `tentaisho`: the centres (stars) on the (2·COLS−1)×(2·ROWS−1) places inside the grid, in
  reading order: a cell's centre, the middle of an edge or a corner where four cells meet. A
  character `0`-`f` is a star (odd: black, even: white) followed by its value halved
  places without one; `g`-`z` skip 1-20 places. Then, when the board has holes, a bit per cell
  (five to a base-32 character, 1 a cell cut out of the board).
* `magnets`: the counts outside the grid, `number16`: for each column its minus count then its
  plus count, then for each row likewise; the plate borders (bits as a LITS's rooms); then,
  when a pole is given or the board has holes, the given poles three cells to a base-27
  character (1 plus, 2 minus) and a bit per cell as Galaxies' holes. An `a` flag before the
  size (like poles attract) is another puzzle and is refused.

A star's colour only says which galaxies the setter means to shade for the picture; it is kept
(`galaxy … black true`) so that the link comes back as it was. A hole is a `hole` (a region of
its own) in Galaxies, and in Magnetic a cell in no plate that holds no pole.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sapphire.case import Case
from sapphire.case.givens import digit_grid
from sapphire.diagnostics import error
from sapphire.formats import readback
from sapphire.formats.answer import canonical_regions
from sapphire.formats.encodings import (
    B36,
    Body,
    Value,
    border_bits,
    circle,
    encode_border_bits,
    encode_circle,
    encode_number16,
    outside16,
    rooms,
)
from sapphire.formats.pzprv3 import block
from sapphire.genres.bridge.puzzlink.puzzle import Puzzle

Cell = tuple[int, int]
HOLE = -1
"""A cell cut out of the board."""


def _holes(body: Body, count: int) -> list[bool]:
    """A bit per cell, 1 a hole; none when the link ends before them."""
    if body.done():
        return [False] * count
    return [bool(b) for b in border_bits(body, count, "the holes (a bit per cell)")]


def _encode_holes(holes: list[bool]) -> str:
    return encode_border_bits([int(h) for h in holes]) if any(holes) else ""


# -- Galaxies -----------------------------------------------------------------------------------

# a centre in `cells` at its top-left cell: 0 in the cell, 1 on its right edge, 2 on its bottom
# edge, 3 on its bottom-right corner; 4 more when the star is black; HOLE a hole


def read_tentaisho(body: Body, cols: int, rows: int) -> Puzzle:
    width = 2 * cols - 1
    places = width * (2 * rows - 1)
    cells: list[Value] = [None] * (cols * rows)
    s = 0
    while s < places and not body.done():
        at, ch = body.pos, body.peek()
        body.pos += 1
        if ch in B36[:16]:
            v = int(ch, 16)
            y, x = divmod(s, width)
            k = (y // 2) * cols + x // 2
            if cells[k] is not None:
                raise body.error(f"two centres share r{y // 2 + 1}c{x // 2 + 1}", at,
                                 hint="each cell holds at most one centre at its middle, right "
                                      "edge, bottom edge or bottom-right corner")
            cells[k] = (x % 2) + 2 * (y % 2) + 4 * (v % 2)
            s += v // 2 + 1
        elif "g" <= ch <= "z":
            s += int(ch, 36) - 15
        else:
            raise body.error(f"'{ch}' is not a centre or a gap", at,
                             hint="0-f a centre (odd black) and the places without one after "
                                  "it, halved; g-z skip 1-20 places")
    for k, hole in enumerate(_holes(body, cols * rows)):
        if hole:
            cells[k] = HOLE
    return Puzzle(cols, rows, cells)


def tentaisho_text(p: Puzzle) -> str:
    def token(v: Value) -> str:
        if v is None:
            return "-"
        return "#" if v == HOLE else f"{v % 4}" + ("b" if v >= 4 else "")
    lines = [" ".join(token(p.cells[r * p.cols + c]) for c in range(p.cols))
             for r in range(p.rows)]
    return "\n".join([f"{p.rows} {p.cols}", *lines]) + "\n"


def tentaisho_body(p: Puzzle) -> str:
    width = 2 * p.cols - 1
    stars: dict[int, int] = {}
    for k, v in enumerate(p.cells):
        if v is not None and v != HOLE:
            r, c = divmod(k, p.cols)
            stars[(2 * r + (v & 2) // 2) * width + 2 * c + (v & 1)] = 2 if v >= 4 else 1
    out: list[str] = []
    gap = 0
    s = 0
    places = width * (2 * p.rows - 1)
    while s < places:
        if s not in stars:
            gap += 1
            if gap == 20:
                out.append("z")
                gap = 0
            s += 1
            continue
        if gap:
            out.append(B36[gap + 15])
            gap = 0
        after = next((i for i in range(1, 8) if s + i in stars), None)
        if after is None:  # the next seven places are passed over with it
            out.append(f"{13 + stars[s]:x}")
            s += 8
        else:
            out.append(f"{2 * (after - 1) + stars[s] - 1:x}")
            s += after
    if gap:
        out.append(B36[gap + 15])
    return "".join(out) + _encode_holes([v == HOLE for v in p.cells])


_STEPS = {(): 0, ((0, 1),): 1, ((1, 0),): 2, ((0, 1), (1, 0), (1, 1)): 3}
"""A centre's code by the steps from its first cell to the others."""


def tentaisho_puzzle(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    """Each `galaxy` as its centre's code, each `hole` cell as a hole; `numbered-regions` must
    number exactly the centres' first cells and the holes."""
    cells: list[Value] = [None] * (rows * cols)
    numbered: set[Cell] = set()
    named: set[Cell] = set()
    for rule in case.rules:
        listed = readback.cells(rule)
        if rule.reference == "numbered-regions":
            numbered.update(listed)
        elif rule.reference in ("galaxy", "hole"):
            for r, c in ([listed[0]] if rule.reference == "galaxy" else listed):
                if cells[(r - 1) * cols + c - 1] is not None:
                    raise readback.refuse_rule(rule, f"r{r}c{c} has a centre or hole already")
                named.add((r, c))
            if rule.reference == "hole":
                for r, c in listed:
                    cells[(r - 1) * cols + c - 1] = HOLE
                continue
            (r, c) = listed[0]
            code = _STEPS.get(tuple((y - r, x - c) for y, x in listed[1:]))
            if code is None:
                raise readback.refuse_rule(rule, "a centre is one cell, two side by side or a 2×2 "
                                   "square listed from its top-left cell")
            black = any(p.name == "black" and p.value is True for p in rule.params)
            cells[(r - 1) * cols + c - 1] = code + 4 * black
    if numbered != named:
        cell = sorted(numbered ^ named)[0]
        raise error("unsupported", "the case cannot be written as a puzz.link link: "
                    f"r{cell[0]}c{cell[1]} is numbered without its centre or hole, or the "
                    "other way round", case.rules[0].span if case.rules else None)
    return Puzzle(cols, rows, cells)


# -- Magnetic -----------------------------------------------------------------------------------


@dataclass
class PlatePuzzle(Puzzle):
    """A Magnetic: `cells` the given poles (1 plus, 2 minus, HOLE a hole); `plates` each cell's
    plate, numbered from 1 in reading order (0 a hole); `outside` per column its minus and
    plus counts, then per row likewise."""

    plates: list[int] = field(default_factory=list)


def _flags(body: Body) -> str:
    """The segment pzprjs keeps between the genre and the size (`a` in `magnets/a/5/5/…`)."""
    link = body.link
    rest = link.text[:link.body_at].split("?", 1)[-1].split("/")
    return "".join(part for part in rest[1:] if part and not part.isdecimal())


def read_magnets(body: Body, cols: int, rows: int) -> PlatePuzzle:
    if "a" in _flags(body):
        raise body.error("the 'a' flag (like poles attract) is another puzzle than Magnetic",
                         0, hint="a Magnetic link has no flag before its size")
    outside = outside16(body, 2 * (cols + rows))
    borders_at = body.pos
    across = border_bits(body, (cols - 1) * rows, "the borders between cells side by side")
    down = border_bits(body, cols * (rows - 1), "the borders between cells one above the other")
    count = cols * rows
    given: list[int] = circle(body, count) if not body.done() else [0] * count
    holes = _holes(body, count)
    cells: list[Value] = [HOLE if h else (v or None) for v, h in zip(given, holes, strict=True)]
    plates = _plates(cols, rows, across, down, holes)
    alone = next((k for k, n in enumerate(plates) if n and plates.count(n) == 1), None)
    if alone is not None:
        raise body.error(f"the plate of one cell r{alone // cols + 1}c{alone % cols + 1} is not "
                         "read: pzprjs lets it hold a lone pole, where a plate holds two poles "
                         "or none", borders_at, hint="every plate has two cells or more")
    return PlatePuzzle(cols, rows, cells, outside, plates=plates)


def _plates(cols: int, rows: int, across: list[int], down: list[int], holes: list[bool]
            ) -> list[int]:
    """Each cell's plate (a hole joins none, whatever borders it has), 0 for a hole."""
    across = [int(across[r * (cols - 1) + c] or holes[r * cols + c] or holes[r * cols + c + 1])
              for r in range(rows) for c in range(cols - 1)]
    down = [int(down[r * cols + c] or holes[r * cols + c] or holes[(r + 1) * cols + c])
            for r in range(rows - 1) for c in range(cols)]
    room = rooms(cols, rows, across, down)
    names: dict[int, int] = {}
    return [0 if holes[k] else names.setdefault(room[k], len(names) + 1)
            for k in range(cols * rows)]


def magnets_text(p: PlatePuzzle) -> str:
    out = p.outside or [None] * (2 * (p.cols + p.rows))

    def line(values: list[Value]) -> str:
        return " ".join("-" if v is None or v < 0 else str(v) for v in values)

    cols, rows = p.cols, p.rows
    lines = [line(out[1:2 * cols:2]), line(out[0:2 * cols:2]),
             line(out[2 * cols + 1::2]), line(out[2 * cols::2])]
    if any(v is not None for v in p.cells):
        lines += [" ".join({1: "+", 2: "-", HOLE: "x"}.get(p.cells[r * cols + c] or 0, ".")
                           for c in range(cols)) for r in range(rows)]
    lines += [" ".join(str(p.plates[r * cols + c] or "#") for c in range(cols))
              for r in range(rows)]
    return "\n".join([f"{rows} {cols}", *lines]) + "\n"


def magnets_body(p: PlatePuzzle) -> str:
    cols, rows = p.cols, p.rows
    plate = p.plates

    def parted(a: int, b: int) -> int:  # no border is written beside a hole
        return int(plate[a] != plate[b] and plate[a] != 0 and plate[b] != 0)

    across = [parted(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
    down = [parted(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
    body = encode_number16(p.outside or []) + encode_border_bits(across) + encode_border_bits(down)
    if any(v is not None for v in p.cells):
        body += encode_circle([v if v in (1, 2) else 0 for v in p.cells])
        body += _encode_holes([v == HOLE for v in p.cells])
    return body


def magnets_puzzle(case: Case, rows: int, cols: int, declares: object) -> PlatePuzzle:
    """The plates of the `magnet` lines, the poles given (a neutral given in no plate is a
    hole), and each `digit-counts` on a whole row or column as its counts outside the grid."""
    plates = [0] * (rows * cols)
    outside: list[Value] = [None] * (2 * (cols + rows))
    n = 0
    for rule in case.rules:
        listed = readback.cells(rule)
        if rule.reference == "magnet":
            n += 1
            for r, c in listed:
                if plates[(r - 1) * cols + c - 1]:
                    raise readback.refuse_rule(rule, f"r{r}c{c} is in two plates")
                plates[(r - 1) * cols + c - 1] = n
        elif rule.reference == "digit-counts":
            if listed == [(r, listed[0][1]) for r in range(1, rows + 1)]:
                at = 2 * (listed[0][1] - 1)
            elif listed == [(listed[0][0], c) for c in range(1, cols + 1)]:
                at = 2 * cols + 2 * (listed[0][0] - 1)
            else:
                raise readback.refuse_rule(rule, "a magnets link counts the poles of whole columns "
                                   "top down and whole rows left to right")
            counts = next((p.value for p in rule.params if p.name == "counts"), [])
            for pair in counts if isinstance(counts, list) else []:
                if not (isinstance(pair, list) and len(pair) == 2 and pair[1] in (1, 2)):
                    raise readback.refuse_rule(rule, "a count is of plus (1) or minus (2) poles")
                outside[at + (1 if pair[1] == 1 else 0)] = pair[0]  # type: ignore[assignment]
    givens = digit_grid(case, declares) or [[None] * cols for _ in range(rows)]  # type: ignore[arg-type]
    cells: list[Value] = [None] * (rows * cols)
    for k in range(rows * cols):
        v = givens[k // cols][k % cols]
        if plates[k] == 0 and v != 0:
            raise error("unsupported", "the case cannot be written as a puzz.link link: "
                        f"r{k // cols + 1}c{k % cols + 1} is in no plate and may hold a pole",
                        case.rules[0].span if case.rules else None)
        if v == 0 and plates[k]:
            raise error("unsupported", "the case cannot be written as a puzz.link link: "
                        f"a neutral given at r{k // cols + 1}c{k % cols + 1}, which a link "
                        "cannot write", case.rules[0].span if case.rules else None)
        cells[k] = HOLE if plates[k] == 0 else v
    return PlatePuzzle(cols, rows, cells, outside, plates=plates)


# -- registration --------------------------------------------------------------------------------

EXPORT_KINDS: dict[str, tuple[set[str], set[str]]] = {
    "tentaisho": ({"galaxy"}, {"galaxy", "numbered-regions", "hole"}),
    "magnets": ({"magnet", "poles-apart"}, {"magnet", "poles-apart", "digit-counts"}),
}
"""What tells each genre's case, and every kind its link can carry (see `export.KINDS`)."""
EXPORT_LIMITS: dict[str, tuple[int, int]] = {"tentaisho": (-1, 7), "magnets": (-1, 255)}
"""The numbers each genre's link can write (a hole is -1)."""
EXPORT_PUZZLES = {"tentaisho": tentaisho_puzzle, "magnets": magnets_puzzle}


# -- pzprv3 answers -----------------------------------------------------------------------------


def read_centres_plates_answer(genre: str, rows: int, cols: int, rest: list[list[str]]
                       ) -> dict[str, object] | None:
    """The answer parts of a pzprv3 file of `tentaisho` or `magnets`; None for another genre.
    A Galaxies file holds its stars and holes (`X`) in 2·ROWS−1 lines, then the borders (ROWS
    lines of COLS−1 vertical ones, ROWS−1 lines of COLS horizontal ones); a Magnetic file its
    plate borders, then a grid with the counts, `a1`/`a2` an answer's plus and minus."""
    if genre == "tentaisho":
        dots = "".join(t for row in rest[:2 * rows - 1] for t in row)
        width = 2 * cols - 1
        holes = [dots[(2 * r) * width + 2 * c: (2 * r) * width + 2 * c + 1] == "X"
                 for r in range(rows) for c in range(cols)]
        start = 2 * rows - 1
        across = [int(t == "1") for row in block(rest, start, rows, cols - 1,
                                                  "vertical borders") for t in row]
        down = [int(t == "1") for row in block(rest, start + rows, rows - 1, cols,
                                                "horizontal borders") for t in row]
        across = [int(b or holes[k // (cols - 1) * cols + k % (cols - 1)]
                      or holes[k // (cols - 1) * cols + k % (cols - 1) + 1])
                  for k, b in enumerate(across)]
        down = [int(b or holes[k] or holes[k + cols]) for k, b in enumerate(down)]
        room = rooms(cols, rows, across, down)
        return {"regions": canonical_regions([[room[r * cols + c] for c in range(cols)]
                                              for r in range(rows)])}
    if genre == "magnets":
        lines = [row for row in rest if row]  # the plate borders come first
        grid = block(lines, len(lines) - rows - 2, rows + 2, cols + 2, "grid")
        return {"digits": [[{"a1": 1, "a2": 2, "q1": 1, "q2": 2}.get(t, 0) for t in row[2:]]
                           for row in grid[2:]]}
    return None
