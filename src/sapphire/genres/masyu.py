"""Masyu: draw one loop through cell centres, without crossing or branching, through every
circle: turning on each black circle and going straight through the cells on both sides of
it, going straight through each white circle and turning in at least one of the cells on
either side of it.

The case is the `loop` with a `white-circle` listing the white circles and a `black-circle`
listing the black ones (each left out when the board has none). The answer is the `loop`.

* puzzlekit (`Masyu`): one block, `w` or `1` a white circle, `b` or `2` a black one, `-` an
  empty cell. The solution names in each cell the sides by which the loop leaves it (`n`,
  `e`, `s`, `w`).
* puz.link (`mashu`, pzprjs's `mashu.js`; also `masyu` and `pearl`): the circles three cells
  to a base-27 digit (`circle`: 0 none, 1 white, 2 black). A pzprv3 answer holds, after the
  circle rows, ROWS lines of COLS-1 links across and ROWS-1 lines of COLS links down (1 a
  link).
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer, links_of_sides
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell
from sapphire.formats.encodings import Body, circle, encode_circle
from sapphire.formats.genre import Genre
from sapphire.formats.puzzlekit import Source, read_layout, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

WHITE, BLACK = 1, 2
"""A cell's circle, as pzprjs numbers them (0: none)."""

KINDS = {WHITE: "white-circle", BLACK: "black-circle"}
"""The kind that lists each colour's circles."""

MARKS = {"w": WHITE, "1": WHITE, "b": BLACK, "2": BLACK}
"""A circle as the puzzlekit layout writes it (in any case)."""


@dataclass(frozen=True)
class Clues:
    """A Masyu: the circle of each cell, row by row (0 none, `WHITE`, `BLACK`)."""

    rows: int
    cols: int
    circles: tuple[tuple[int, ...], ...] = ()

    def cells(self, colour: int) -> list[Cell]:
        """The cells of one colour's circles, in reading order."""
        return [(r, c) for r, row in enumerate(self.circles, 1)
                for c, v in enumerate(row, 1) if v == colour]


class Masyu(Genre[Clues]):
    puzzlekit = "Masyu"
    puzzlink = "mashu"
    aliases = ("masyu", "pearl")
    kinds = ("loop", "white-circle", "black-circle")
    tells = ("loop",)

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        b.board = (clues.rows, clues.cols)
        b.add("loop")
        for colour, kind in KINDS.items():
            cells = clues.cells(colour)
            if cells:
                b.add(kind, cells)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        circles = []
        for r, row in enumerate(lay.blocks[0], 1):
            out = []
            for c, t in enumerate(row, 1):
                if t.text != "-" and t.text.lower() not in MARKS:
                    raise src.at(t, f"'{t.text}' at r{r}c{c} is not w, b, 1, 2 or '-'",
                                 "a cell is w or 1 (a white circle), b or 2 (a black one) or "
                                 "'-'")
                out.append(MARKS.get(t.text.lower(), 0))
            circles.append(tuple(out))
        return Clues(lay.rows, lay.cols, tuple(circles))

    def read_solution(self, src: Source) -> Answer:
        return {"loop": links_of_sides([[t.text for t in row] for row in solution_grid(src)])}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols = body.cols
        cells = circle(body, cols * body.rows)
        return Clues(body.rows, cols, tuple(tuple(cells[r * cols:(r + 1) * cols])
                                            for r in range(body.rows)))

    def encode(self, clues: Clues) -> str:
        return encode_circle([v for row in clues.circles for v in row])

    def from_case(self, case: Readback) -> Clues:
        """The circles of the `white-circle` and `black-circle` lines (a cell listed by both
        takes the later line's colour)."""
        grid = [[0] * case.cols for _ in range(case.rows)]
        for rule in case.rules(*KINDS.values()):
            colour = WHITE if rule.reference == KINDS[WHITE] else BLACK
            for r, c in case.cells(rule):
                grid[r - 1][c - 1] = colour
        return Clues(case.rows, case.cols, tuple(tuple(row) for row in grid))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        rows, cols = file.rows, file.cols
        across = file.block(rows, rows, cols - 1, "across links")
        down = file.block(2 * rows, rows - 1, cols, "down links")
        return {"loop": {
            "across": [[int(c < cols - 1 and across[r][c] == "1") for c in range(cols)]
                       for r in range(rows)],
            "down": [[int(r < rows - 1 and down[r][c] == "1") for c in range(cols)]
                     for r in range(rows)]}}
