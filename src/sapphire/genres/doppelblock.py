"""DoppelBlock: shade two cells in every row and every column of an N×N board and write the
numbers 1 to N−2 in the others, once each per row and column; a number outside the grid is
the sum of the numbers between the two shaded cells of its row or column.

A shaded cell is the digit 0 (`digits: 0-K`, K = N−2): each row and column has a
`digit-counts` line (two 0s, and each of 1 to K once; named `row-1`, `column-1`, …), and each
outside number a `between-sum` line along its row (left to right) or column (top down). A
number given in a cell (puz.link's links may give some) is
a given. The answer is the digits, 0 for a shaded cell.

* puzzlekit (`DoppelBlock`): the size line `N N K` (K = N−2), then the column sums (N
  tokens, left to right) and the row sums (N tokens, top down), `-` for none; no grid. A
  solution has the size line too, then every cell's number, `x` for a shaded cell.
* puz.link (`doppelblock`, pzprjs's `doppelblock.js`): the outside numbers in outside16, first
  above the columns left to right, then left of the rows top down; then, only when some cell
  has a given number, the cells' givens in number16. A pzprv3 answer holds a line of the
  corner and the column sums, then each row's sum and its cells: `q3` a given 3, a number the
  player's, `-` a shaded cell, `+` or `.` an empty one (pencil marks in `[…]` are let be).
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.case import Case
from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import grid_columns, grid_rows
from sapphire.formats.encodings import (
    UNKNOWN,
    Body,
    encode_number16,
    encode_outside16,
    number16,
    outside16,
)
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Part, Source, counts, number, rc, read_lines, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback, param

SUM_HINT = "an outside number is the sum between its line's two shaded cells, '-' for none"
SIZE_HINT = "the first line is 'N N K': a DoppelBlock is square, its numbers 1 to K = N-2"


@dataclass(frozen=True)
class Clues:
    """A DoppelBlock puzzle: the board, its outside sums and any numbers given in cells."""

    rows: int
    cols: int
    column_sums: tuple[int | None, ...] = ()
    """Each column's sum, left to right (None: not given)."""
    row_sums: tuple[int | None, ...] = ()
    """Each row's sum, top down (None: not given)."""
    givens: tuple[tuple[int | None, ...], ...] = ()
    """Numbers given in cells, row by row (None: none); empty when none is."""


def counts_of(k: int) -> list[list[int]]:
    """A line's digit counts: two shaded cells (0), and each of 1 to `k` once."""
    return [[2, 0], *([1, d] for d in range(1, k + 1))]


class DoppelBlock(Genre[Clues]):
    puzzlekit = "DoppelBlock"
    puzzlink = "doppelblock"
    kinds = ("digit-counts", "between-sum")
    tells = ("digit-counts",)

    def claims(self, case: Case) -> bool:
        """A case of `digit-counts` lines is a DoppelBlock's when they count two shaded cells
        (0) each (a link without outside numbers has no `between-sum`)."""
        return all(param(rule, "counts") == counts_of(len(rule.cells) - 2)
                   for rule in case.rules if rule.reference == "digit-counts")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        n = clues.rows
        if clues.rows != clues.cols or n < 2:
            raise ClueError(f"a {clues.rows}x{clues.cols} board is no DoppelBlock", SIZE_HINT,
                            at="size")
        k = n - 2
        most = k * (k + 1) // 2
        for what, sums in (("column", clues.column_sums), ("row", clues.row_sums)):
            for j, s in enumerate(sums, 1):
                if s is not None and not 0 <= s <= most:
                    raise ClueError(f"the sum {s} of {what} {j} is not 0-{most}, the sums "
                                    f"that 1-{k} make", SUM_HINT, at=(what, j))
        for r, row in enumerate(clues.givens, 1):
            for c, d in enumerate(row, 1):
                if d is not None and not 1 <= d <= k:
                    raise ClueError(f"the number {d} at {rc(r - 1, c - 1)} is not 1-{k}",
                                    SIZE_HINT, at=(r, c))
        b.board = (n, n)
        b.digits = (0, k)
        b.add_givens(clues.givens)
        lines = (("row", grid_rows(n, n), clues.row_sums),
                 ("column", grid_columns(n, n), clues.column_sums))
        for what, cells, _ in lines:
            for line in cells:
                b.add("digit-counts", line, id_stem=what, counts=counts_of(k))
        for _, cells, sums in lines:
            for line, s in zip(cells, sums, strict=True):
                if s is not None:
                    b.add("between-sum", line, total=s)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_lines(src, lambda rows, cols: [
            Part("the line of column sums", 1, cols),
            Part("the line of row sums", 1, rows, "row")], extra=True)
        src.places["size"] = lay.head[0]
        if len(lay.head) != 3:
            tok = lay.head[-1]
            raise (src.after(tok, "expected K, the largest number, after the size", SIZE_HINT)
                   if len(lay.head) < 3 else
                   src.at(lay.head[3], "expected the end of the first line after K", SIZE_HINT,
                          to=lay.head[-1]))
        k = number(src, lay.head[2], "as the largest number", SIZE_HINT, dash=False)
        if k != lay.cols - 2:
            raise src.at(lay.head[2], f"the largest number of a board {lay.cols} wide is "
                         f"{lay.cols - 2}, not {k}", SIZE_HINT)
        return Clues(lay.rows, lay.cols,
                     counts(src, lay.blocks[0][0], "column", SUM_HINT),
                     counts(src, lay.blocks[1][0], "row", SUM_HINT))

    def read_solution(self, src: Source) -> Answer:
        return {"digits": [[0 if t.text.lower() == "x" else
                            number(src, t, f"at {rc(r, c)}", "a cell holds its number, or x "
                                   "when shaded") for c, t in enumerate(row)]
                           for r, row in enumerate(solution_grid(src, extra=True))]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        start = body.pos
        outside = outside16(body, cols + rows)
        if UNKNOWN in outside:
            raise body.error("an outside number without its value ('?') is not read",
                             body.text.index(".", start), hint="give every outside number")
        cells = number16(body, cols * rows)
        givens = tuple(tuple(None if v == UNKNOWN else v for v in cells[r * cols:(r + 1) * cols])
                       for r in range(rows))
        return Clues(rows, cols, tuple(outside[:cols]), tuple(outside[cols:]),
                     givens if any(v is not None for row in givens for v in row) else ())

    def encode(self, clues: Clues) -> str:
        out = encode_outside16([*clues.column_sums, *clues.row_sums])
        if any(v is not None for row in clues.givens for v in row):
            out += encode_number16([v for row in clues.givens for v in row])
        return out

    def from_case(self, case: Readback) -> Clues:
        """Each `between-sum` on a whole row or column as its outside number; the
        `digit-counts` must be the genre's own, on every row and column; the givens of the
        front matter's grid (no shaded cell can be given in a link)."""
        n = case.rows
        if case.cols != n or n < 2:
            raise case.refuse(f"a DoppelBlock is square, not {case.rows}x{case.cols}")
        counted: set[tuple[str, int]] = set()
        for rule in case.rules("digit-counts"):
            line = case.line(case.cells(rule))
            if line is None or case.param(rule, "counts") != counts_of(n - 2):
                raise case.refuse_rule(rule, "a doppelblock link counts two shaded cells and "
                                             f"1-{n - 2} once in each whole row and column")
            counted.add(line)
        if len(counted) < 2 * n:
            raise case.refuse("a DoppelBlock's rows and columns each need their 'digit-counts'")
        sums: dict[tuple[str, int], int] = {}
        for rule in case.rules("between-sum"):
            line = case.line(case.cells(rule))
            if line is None or case.number(rule, "digit", default=0) != 0:
                raise case.refuse_rule(rule, "a doppelblock link sums whole rows and columns "
                                             "between their shaded cells")
            sums[line] = case.number(rule, "sum", "total")
        case.within(sums.values(), 0, 255)
        grid = case.digits() or []
        if any(d == 0 for row in grid for d in row):
            raise case.refuse("a doppelblock link gives no shaded cell")
        return Clues(n, n, tuple(sums.get(("column", c)) for c in range(1, n + 1)),
                     tuple(sums.get(("row", r)) for r in range(1, n + 1)),
                     tuple(tuple(row) for row in grid))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        grid = file.block(0, file.rows + 1, file.cols + 1, "grid")

        def digit(token: str) -> int | None:
            token = token.split("[", 1)[0].removeprefix("q")
            return 0 if token == "-" else int(token) if token.isdecimal() else None

        return {"digits": [[digit(t) for t in row[1:]] for row in grid[1:]]}
