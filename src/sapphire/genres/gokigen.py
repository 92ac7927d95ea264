"""Gokigen Naname (Slant): draw a diagonal in every cell so that the diagonals make no loop and
each number on a grid corner says how many diagonals end there.

The case is `gokigen` and a `corner-diagonals` per number, listing the cells around its corner
(with `corner` saying which corner of the first cell it is where those cells meet at more than
one, on a board one cell tall or wide). The answer's `diagonals` are 1 for `\\`, 2 for `/`.

* puzzlekit (`GokigenNaname`): ROWS+1 lines of COLS+1 tokens, one per grid corner: the number
  of diagonals meeting there, 0-4, or `-`. The solution holds `\\` or `/` per cell.
* puz.link (`gokigen`, pzprjs's `gokigen.js`; also `slant`): the numbers on the
  (ROWS+1)×(COLS+1) corners, row by row, written as pzprjs writes clues 0-4 in cells
  (`four_cell`, its `decode4Cross`; `.`, a number not given, is no number). A pzprv3 answer
  holds, after the corner rows, ROWS lines of COLS cells: 1 for `\\`, 2 for `/`.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.case.givens import corner_cells, corner_number, shared_corner
from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.encodings import UNKNOWN, Body, encode_four_cell, four_cell
from sapphire.formats.genre import Genre
from sapphire.formats.puzzlekit import Part, Source, read_lines, solution_grid
from sapphire.formats.pzprv3 import Pzprv3, short
from sapphire.formats.readback import Readback

HINT = "a corner holds the number of diagonals meeting there, 0-4, or '-' for none"

DIAGONALS = {"\\": 1, "/": 2}
"""A cell's diagonal as a solution writes it, and as the answer numbers it."""


@dataclass(frozen=True)
class Clues:
    """A Gokigen Naname: the number on each grid corner, (ROWS+1) rows of (COLS+1), corner
    a,b the bottom-right corner of cell a,b (None: no number)."""

    rows: int
    cols: int
    corners: tuple[tuple[int | None, ...], ...] = ()


class GokigenNaname(Genre[Clues]):
    puzzlekit = "GokigenNaname"
    puzzlink = "gokigen"
    aliases = ("slant",)
    kinds = ("gokigen", "corner-diagonals")
    tells = ("gokigen",)

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        b.board = (rows, cols)
        b.add("gokigen")
        for a, row in enumerate(clues.corners):
            for c, n in enumerate(row):
                if n is not None:
                    b.add("corner-diagonals", corner_cells(a, c, rows, cols),
                          corner=corner_number(a, c, rows, cols), count=n)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_lines(src, lambda rows, cols: [Part("the corner grid", rows + 1, cols + 1)])
        corners = []
        for a, row in enumerate(lay.blocks[0]):
            for c, t in enumerate(row):
                if t.text not in ("-", "0", "1", "2", "3", "4"):
                    raise src.at(t, f"'{t.text}' at corner {a},{c} is not 0-4 or '-'", HINT)
            corners.append(tuple(None if t.text == "-" else int(t.text) for t in row))
        return Clues(lay.rows, lay.cols, tuple(corners))

    def read_solution(self, src: Source) -> Answer:
        return {"diagonals": [[DIAGONALS.get(t.text, 0) for t in row]
                              for row in solution_grid(src)]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        width = body.cols + 1
        values = [None if v == UNKNOWN else v
                  for v in four_cell(body, width * (body.rows + 1))]
        return Clues(body.rows, body.cols, tuple(tuple(values[a * width:(a + 1) * width])
                                                 for a in range(body.rows + 1)))

    def encode(self, clues: Clues) -> str:
        return encode_four_cell([n for row in clues.corners for n in row])

    def from_case(self, case: Readback) -> Clues:
        """Each `corner-diagonals` line's number on the corner its cells meet at (the one its
        `corner` names, where they meet at more than one)."""
        corners: list[list[int | None]] = [[None] * (case.cols + 1)
                                           for _ in range(case.rows + 1)]
        for rule in case.rules("corner-diagonals"):
            count = case.param(rule, "count")
            which = case.param(rule, "corner")
            at = shared_corner(case.cells(rule), case.rows, case.cols,
                               which if isinstance(which, int) else 0)
            if at is None or not isinstance(count, int):
                raise case.refuse_rule(rule, "its cells meet at no one corner")
            corners[at[0]][at[1]] = count
        case.within((n for row in corners for n in row), 0, 4)
        return Clues(case.rows, case.cols, tuple(tuple(row) for row in corners))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        rows, cols = file.rows, file.cols
        cells = file.body[rows + 1:2 * rows + 1]
        if len(cells) < rows or any(len(r) < cols for r in cells):
            raise short(f"cells are short of {rows} lines of {cols}")
        return {"diagonals": [[{"1": 1, "2": 2}.get(t, 0) for t in row[:cols]]
                              for row in cells]}
