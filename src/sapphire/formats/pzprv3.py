"""pzprjs's answer files (`pzprv3/GENRE/ROWS/COLS/…`, lines split by `/`), as puz.link saves a
solved puzzle: the genre's clue rows, then its answer rows, as pzprjs's `FileIO` writes them
(each genre module's `read_pzprv3` says which rows are which)."""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.diagnostics import SapphireError, error, refuse_long_numbers

HINT = "a pzprv3 file as pzprjs writes it"


@dataclass(frozen=True)
class Pzprv3:
    """A pzprv3 file split into lines of tokens: the genre's name and its rows and columns from
    the head, and the lines after them (`body`). A genre that writes one size (a `sudoku`)
    reads `lines` itself."""

    text: str
    lines: list[list[str]]
    """Every line of the file, the head's included."""

    @classmethod
    def read(cls, text: str) -> Pzprv3:
        """The file's lines; an error when it does not start `pzprv3/GENRE/`."""
        refuse_long_numbers(text, "<pzprv3>", hint="a pzprv3 answer's numbers are its size "
                            "and the digits of its cells")
        lines = [line.split() for line in text.strip().split("/")]
        head = [t for row in lines[:4] for t in row]
        if len(head) < 3 or head[0] != "pzprv3":
            raise error("bad-pzprv3", "not a pzprv3 answer (it starts pzprv3/GENRE/ROWS/COLS/)")
        return cls(text, lines)

    @property
    def genre(self) -> str:
        """pzprjs's name of the genre, as the file writes it."""
        return self.head[1]

    @property
    def head(self) -> list[str]:
        return [t for row in self.lines[:4] for t in row]

    @property
    def rows(self) -> int:
        return self._size(2, "rows")

    @property
    def cols(self) -> int:
        return self._size(3, "columns")

    @property
    def body(self) -> list[list[str]]:
        """The lines after the genre, the rows and the columns."""
        return self.lines[4:]

    def block(self, start: int, rows: int, cols: int, what: str) -> list[list[str]]:
        """`rows` lines of `cols` tokens from line `start` of the body, called `what` in the
        error when the file is short of them."""
        return block(self.body, start, rows, cols, what)

    def borders(self, start: int) -> dict[str, list[list[int]]]:
        """The links between cell centres that the border lines from line `start` of the body
        hold: ROWS lines of COLS-1 borders between cells side by side, then ROWS-1 lines of
        COLS between cells one above the other, each the number of lines crossing it (`-1`, a
        player's mark that none does, is none), as `across` and `down` rows of the answer's
        `links` or `loop`."""
        rows, cols = self.rows, self.cols
        across = self.body[start:start + rows]
        down = self.body[start + rows:start + 2 * rows - 1]
        if len(across) < rows or len(down) < rows - 1 or any(len(r) < cols - 1 for r in across) \
                or any(len(r) < cols for r in down):
            raise short(f"borders are short of {rows} lines of {cols - 1} and {rows - 1} of "
                        f"{cols}")
        return {"across": [[_crossing(across[r][c]) if c < cols - 1 else 0 for c in range(cols)]
                           for r in range(rows)],
                "down": [[_crossing(down[r][c]) if r < rows - 1 else 0 for c in range(cols)]
                         for r in range(rows)]}

    def _size(self, at: int, what: str) -> int:
        head = self.head
        if len(head) <= at or not head[at].isdecimal():
            raise error("bad-pzprv3", f"the pzprv3 answer's number of {what} is missing",
                        hint=HINT)
        return int(head[at])


def block(lines: list[list[str]], start: int, rows: int, cols: int, what: str
          ) -> list[list[str]]:
    """The ROWS lines of COLS tokens from line `start` of `lines`, called `what` in the error
    when the file is short of them."""
    part = lines[start:start + rows]
    if len(part) < rows or any(len(row) < cols for row in part):
        raise short(f"{what} is short of {rows} lines of {cols}")
    return [row[:cols] for row in part]


def short(what: str) -> SapphireError:
    """The error of a file short of what its genre writes (`what`: its part and shape)."""
    return error("bad-pzprv3", f"the pzprv3 answer's {what}", hint=HINT)


def _crossing(t: str) -> int:
    """The number of lines a border token says cross it (none for `-1` or anything else)."""
    return int(t) if t.lstrip("-").isdigit() and int(t) > 0 else 0
