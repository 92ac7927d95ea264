"""Creek: shade cells so that each number on a grid corner says how many of the cells around
it are shaded, and the unshaded cells hang together.

The case is `unshaded-connected` and a `corner-count` per number, listing the cells around its
corner. The answer is the shading.

* puzzlekit (`Creek`): ROWS+1 lines of COLS+1 tokens, one per grid corner: a number 0-4 or
  `-`. The solution marks the shaded cells `x`.
* puz.link (`creek`, pzprjs's `creek.js`): the numbers on the (ROWS+1)×(COLS+1) corners, row
  by row, in `four_cell`. A `?` (a number not given) has no place in the puzzlekit layout, so
  such a link is refused at its `.`. A pzprv3 answer holds, after a line and the ROWS+1
  corner rows, ROWS lines of cells, `#` a shaded one.

Known limit: a `corner-count` names its corner by its cells alone, and on a board one cell
tall or wide two corners have the same cells; the link then writes the number on the first
of them (above or left of the cells), which states the same puzzle.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.case.givens import corner_cells, shared_corner
from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.encodings import UNKNOWN, Body, encode_four_cell, four_cell
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Part, Source, number, read_lines, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

HINT = "a corner's number is how many of the cells around it are shaded, '-' for none"


def corner_name(a: int, b: int) -> str:
    """How an error names grid corner a,b."""
    return f"corner {a},{b} (0,0 is the grid's top left corner)"


@dataclass(frozen=True)
class Clues:
    """A Creek: the number on each grid corner, (ROWS+1) rows of (COLS+1), corner a,b the
    bottom-right corner of cell a,b (None: no number)."""

    rows: int
    cols: int
    corners: tuple[tuple[int | None, ...], ...] = ()


class Creek(Genre[Clues]):
    puzzlekit = "Creek"
    puzzlink = "creek"
    kinds = ("corner-count", "unshaded-connected")
    tells = kinds

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        b.board = (rows, cols)
        b.add("unshaded-connected")
        for a, row in enumerate(clues.corners):
            for d, n in enumerate(row):
                if n is None:
                    continue
                cells = corner_cells(a, d, rows, cols)
                if n > len(cells):
                    raise ClueError(f"the number {n} at {corner_name(a, d)} is more than the "
                                    f"{len(cells)} cells around it", HINT, at=(a, d))
                b.add("corner-count", cells, count=n)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_lines(src, lambda rows, cols: [
            Part("the corner grid", rows + 1, cols + 1, "column and one more")])
        corners = []
        for a, row in enumerate(lay.blocks[0]):
            out: list[int | None] = []
            for d, t in enumerate(row):
                src.places[(a, d)] = t
                out.append(None if t.text == "-" else
                           number(src, t, f"at {corner_name(a, d)}", HINT))
            corners.append(tuple(out))
        return Clues(lay.rows, lay.cols, tuple(corners))

    def read_solution(self, src: Source) -> Answer:
        return {"shading": [[int(t.text.lower() == "x") for t in row]
                            for row in solution_grid(src)]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        start, width = body.pos, body.cols + 1
        values = four_cell(body, width * (body.rows + 1))
        if UNKNOWN in values:
            raise body.error("a corner clue without its number ('?') is not read",
                             body.text.index(".", start), hint="give every clue its number")
        return Clues(body.rows, body.cols, tuple(tuple(values[a * width:(a + 1) * width])
                                                 for a in range(body.rows + 1)))

    def encode(self, clues: Clues) -> str:
        return encode_four_cell([n for row in clues.corners for n in row])

    def from_case(self, case: Readback) -> Clues:
        """Each `corner-count` line's number on the corner its cells meet at."""
        corners: list[list[int | None]] = [[None] * (case.cols + 1)
                                           for _ in range(case.rows + 1)]
        for rule in case.rules("corner-count"):
            at = shared_corner(sorted(set(case.cells(rule))), case.rows, case.cols)
            if at is None:
                raise case.refuse_rule(rule, "its cells are not those around one grid corner")
            corners[at[0]][at[1]] = case.number(rule, "count")
        case.within((n for row in corners for n in row), 0, 4)
        return Clues(case.rows, case.cols, tuple(tuple(row) for row in corners))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        grid = file.block(1 + file.rows, file.rows, file.cols, "shading")
        return {"shading": [[int(t == "#") for t in row] for row in grid]}
