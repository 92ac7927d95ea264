"""Slitherlink: draw one loop along the cells' edges, without crossing or branching, so that
each numbered cell has as many of its four sides on the loop as its number says.

The case is the `slitherlink` line with the numbers as its `clues:` grid (`.` a cell without
one; with no numbers at all too, when any loop will do). The answer says which cells are
inside the loop.

* puzzlekit (`Slitherlink`): one block, a clue 0-3 or `-` per cell. The solution marks the
  cells inside the loop `x` and those outside `-`.
* puz.link (`slither`, pzprjs's `slither.js`): the clues in pzprjs's `four_cell` (a clue 0-4
  with the empty cells after it folded into its character; `.` a clue without its number,
  read as no clue). A 4 has no place in a Slitherlink's cell, so such a link is refused. A
  pzprv3 answer holds, after the clue rows, ROWS lines of COLS+1 vertical edges and ROWS+1
  lines of COLS horizontal ones (1 on the loop); a cell is inside when an odd number of the
  vertical edges left of it are.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.encodings import UNKNOWN, Body, encode_four_cell, four_cell
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, read_layout, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

HINT = "a clue counts the cell's sides on the loop, 0-3; '-' is no clue"


@dataclass(frozen=True)
class Clues:
    """A Slitherlink: the clue of each cell, row by row (None: no clue)."""

    rows: int
    cols: int
    numbers: tuple[tuple[int | None, ...], ...] = ()


class Slitherlink(Genre[Clues]):
    puzzlekit = "Slitherlink"
    puzzlink = "slither"
    aliases = ("slitherlink",)
    kinds = ("slitherlink",)
    tells = kinds

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        b.board = (clues.rows, clues.cols)
        for r, row in enumerate(clues.numbers, 1):
            for c, n in enumerate(row, 1):
                if n is not None and not 0 <= n <= 3:
                    raise ClueError(f"'{n}' at r{r}c{c} is not a clue 0-3 or '-'", HINT,
                                    at=(r, c))
        b.add("slitherlink")
        b.grids["clues"] = [["." if n is None else str(n) for n in row]
                            for row in clues.numbers]

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        numbers = []
        for r, row in enumerate(lay.blocks[0], 1):
            out: list[int | None] = []
            for c, t in enumerate(row, 1):
                if t.text == "-":
                    out.append(None)
                elif t.text in ("0", "1", "2", "3"):
                    out.append(int(t.text))
                else:
                    raise src.at(t, f"'{t.text}' at r{r}c{c} is not a clue 0-3 or '-'", HINT)
            numbers.append(tuple(out))
        return Clues(lay.rows, lay.cols, tuple(numbers))

    def read_solution(self, src: Source) -> Answer:
        return {"inside": [[int(t.text.lower() == "x") for t in row]
                           for row in solution_grid(src)]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols = body.cols
        cells = [None if v == UNKNOWN else v for v in four_cell(body, cols * body.rows)]
        return Clues(body.rows, cols, tuple(tuple(cells[r * cols:(r + 1) * cols])
                                            for r in range(body.rows)))

    def encode(self, clues: Clues) -> str:
        return encode_four_cell([n for row in clues.numbers for n in row])

    def from_case(self, case: Readback) -> Clues:
        """The numbers of the front matter's `clues:` grid."""
        grid = case.clues() or [[None] * case.cols for _ in range(case.rows)]
        numbers = tuple(tuple(row) for row in grid)
        case.within((n for row in numbers for n in row), 0, 4)
        return Clues(case.rows, case.cols, numbers)

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        inside = []
        for row in file.block(file.rows, file.rows, file.cols + 1, "vertical edges"):
            out, flag = [], 0
            for c in range(file.cols):
                flag ^= row[c] == "1"
                out.append(int(flag))
            inside.append(out)
        return {"inside": inside}
