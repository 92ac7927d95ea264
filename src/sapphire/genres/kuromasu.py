"""Kuromasu and Cave: shading genres whose numbers count the cells each numbered cell sees
along its row and column, itself included, up to the first shaded cell or the edge.

* Kuromasu (Kurodoko): no two shaded cells touch side by side, the unshaded cells hang
  together, and each number counts the unshaded cells its cell sees. The case is
  `shaded-apart`, `unshaded-connected` and a `seen-cells` per number.
* Cave (Bag): the cave is one group of cells, and every cell outside it reaches the edge of the
  board through cells outside it; each number counts the cave cells its cell sees. The case
  shades the outside of the cave: `unshaded-connected`, `shaded-reach-edge` and a `seen-cells`
  per number.

The answer is the shading.

* puzzlekit (`Kuromasu`, `Cave`): one block, a number (1 or more) or `-` per cell. A solution
  marks with `x` the shaded cells of a Kuromasu and the cave of a Cave, which its case leaves
  unshaded.
* puz.link (`kurodoko`, pzprjs's `kurodoko.js`; `cave`, also `bag`, pzprjs's `cave.js`): the
  numbers in number16. A `?` (a number left unknown) is refused. A pzprv3 answer holds ROWS
  lines of numbers, then ROWS lines of the answer, `#` a shaded cell.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell
from sapphire.formats.encodings import UNKNOWN, Body, encode_number16, number16
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, number, read_layout, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback


@dataclass(frozen=True)
class Clues:
    """A Kuromasu or Cave puzzle: the board and its numbers."""

    rows: int
    cols: int
    numbers: tuple[tuple[int | None, ...], ...] = ()
    """Each row's numbers, None for a cell without one."""

    def numbered(self) -> dict[Cell, int]:
        """The numbered cells and their numbers, (row, column) from 1, in reading order."""
        return {(r, c): n for r, row in enumerate(self.numbers, 1)
                for c, n in enumerate(row, 1) if n is not None}


class Kuromasu(Genre[Clues]):
    puzzlekit = "Kuromasu"
    puzzlink = "kurodoko"
    kinds = ("seen-cells", "shaded-apart", "unshaded-connected")
    tells = kinds
    hint = ("a number is how many unshaded cells its cell sees in its row and column, itself "
            "included; '-' a cell without one")
    clue = "Kurodoko"
    """What the clue is called where a link leaves its number unknown."""

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        b.board = (clues.rows, clues.cols)
        self.rules(b)
        for (r, c), n in clues.numbered().items():
            if n < 1:
                raise ClueError(f"the number {n} at r{r}c{c} is not 1 or more", self.hint,
                                at=(r, c))
            b.add("seen-cells", [(r, c)], count=n)

    def rules(self, b: CaseBuilder) -> None:
        """The genre's rules of the whole board, before the numbers."""
        b.add("shaded-apart")
        b.add("unshaded-connected")

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        numbers = []
        for r, row in enumerate(lay.blocks[0], 1):
            line: list[int | None] = []
            for c, t in enumerate(row, 1):
                src.places[(r, c)] = t
                line.append(None if t.text == "-" else
                            number(src, t, f"at r{r}c{c}", self.hint))
            numbers.append(tuple(line))
        return Clues(lay.rows, lay.cols, tuple(numbers))

    def read_solution(self, src: Source) -> Answer:
        return {"shading": [[int(t.text.lower() == "x") for t in row]
                            for row in solution_grid(src)]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        start = body.pos
        cells = number16(body, cols * rows)
        if UNKNOWN in cells:
            raise body.error(f"a {self.clue} clue without its number ('?') is not read",
                             body.text.index(".", start), hint="give every clue its number")
        return Clues(rows, cols, tuple(tuple(cells[r * cols:(r + 1) * cols])
                                       for r in range(rows)))

    def encode(self, clues: Clues) -> str:
        return encode_number16([n for row in clues.numbers for n in row])

    def from_case(self, case: Readback) -> Clues:
        """The numbers of the `seen-cells` lines."""
        numbers: list[list[int | None]] = [[None] * case.cols for _ in range(case.rows)]
        for rule in case.rules("seen-cells"):
            for r, c in case.cells(rule):
                numbers[r - 1][c - 1] = case.number(rule, "count")
        case.within((n for row in numbers for n in row), 1, 8191)
        return Clues(case.rows, case.cols, tuple(tuple(row) for row in numbers))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        grid = file.block(file.rows, file.rows, file.cols, "shading")
        return {"shading": [[int(t == "#") for t in row] for row in grid]}


class Cave(Kuromasu):
    puzzlekit = "Cave"
    puzzlink = "cave"
    aliases = ("bag",)
    kinds = ("seen-cells", "unshaded-connected", "shaded-reach-edge")
    tells = ("unshaded-connected", "shaded-reach-edge")
    hint = ("a number is how many cave cells its cell sees in its row and column, itself "
            "included; '-' a cell without one")
    clue = "Cave"

    def rules(self, b: CaseBuilder) -> None:
        b.add("unshaded-connected")
        b.add("shaded-reach-edge")

    def read_solution(self, src: Source) -> Answer:
        """`x` marks the cave, which the case leaves unshaded."""
        return {"shading": [[int(t.text.lower() != "x") for t in row]
                            for row in solution_grid(src)]}
