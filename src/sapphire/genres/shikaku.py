"""Shikaku: divide the board into rectangles, each holding one number, its size.

The case is `numbered-regions` listing the numbered cells (on a board without numbers it lists
none, and the board has no answer) and a `rectangle` per number. The answer is the region map,
each region named by the place in reading order of its numbered cell, compared with a
solution's up to the names of the regions (`canonical_regions`).

* puzzlekit (`Shikaku`): one block, a rectangle's size (1 or more) or `-` per cell. The
  solution names each cell's rectangle by a number of its own.
* puz.link (`shikaku`, pzprjs's `shikaku.js`): the sizes in number16. A `?` (a rectangle whose
  size is not given) is refused. A pzprv3 answer holds ROWS lines of numbers, then the borders
  drawn: ROWS lines of COLS-1 between cells side by side, ROWS-1 lines of COLS between cells
  one above the other, `1` a border; they part the board into the answer's rectangles.

Known faults of the dataset: Shikaku 128_20x20 has three answers (see its test).
"""

from __future__ import annotations

import itertools

from sapphire.formats.answer import Answer, canonical_regions
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell
from sapphire.formats.encodings import Body, encode_number16, number16, rooms
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import NumberClues, Source, number, read_layout, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

HINT = "a number is the size of its cell's rectangle, '-' a cell without one"


Clues = NumberClues
"""A Shikaku puzzle: the board and its numbers."""


class Shikaku(Genre[Clues]):
    puzzlekit = "Shikaku"
    puzzlink = "shikaku"
    kinds = ("numbered-regions", "rectangle")
    tells = ("rectangle",)

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        b.board = (rows, cols)
        numbered = clues.numbered()
        for (r, c), n in numbered.items():
            if n < 1:
                raise ClueError(f"the size {n} at r{r}c{c} is not 1 or more", HINT, at=(r, c))
        total = sum(numbered.values())
        if total > rows * cols:
            over = next(cell for cell, running in zip(  # the number that passes the board
                numbered, itertools.accumulate(numbered.values()), strict=True)
                if running > rows * cols)
            raise ClueError("the rectangles have more cells than the board",
                            f"the sizes add up to {total}; the board has {rows * cols} cells",
                            at=over)
        # with no numbers too: no region can then hold one, so the board has no answer
        b.add("numbered-regions", list(numbered))
        for cell, n in numbered.items():
            b.add("rectangle", [cell], size=n)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        sizes = []
        for r, row in enumerate(lay.blocks[0], 1):
            line: list[int | None] = []
            for c, t in enumerate(row, 1):
                src.places[(r, c)] = t
                line.append(None if t.text == "-" else number(src, t, f"at r{r}c{c}", HINT))
            sizes.append(tuple(line))
        return Clues(lay.rows, lay.cols, tuple(sizes))

    def read_solution(self, src: Source) -> Answer:
        return {"regions": canonical_regions([[t.text.lower() for t in row]
                                              for row in solution_grid(src)])}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        start = body.pos
        cells = number16(body, cols * rows)
        if any(v is not None and v < 1 for v in cells):
            raise body.error("a '?' rectangle (a number without its size) is not read", start,
                             hint="give every rectangle's size")
        return Clues(rows, cols, tuple(tuple(cells[r * cols:(r + 1) * cols])
                                       for r in range(rows)))

    def encode(self, clues: Clues) -> str:
        return encode_number16([n for row in clues.sizes for n in row])

    def from_case(self, case: Readback) -> Clues:
        """The sizes of the `rectangle` lines, each on a cell that `numbered-regions` lists."""
        sizes: list[list[int | None]] = [[None] * case.cols for _ in range(case.rows)]
        numbered: set[Cell] = set()
        for rule in case.rules("rectangle", "numbered-regions"):
            if rule.reference == "rectangle":
                if len(rule.cells) != 1:
                    raise case.refuse_rule(rule, "a rectangle's number is one cell")
                (r, c), = case.cells(rule)
                sizes[r - 1][c - 1] = case.number(rule, "size")
            else:
                numbered.update(case.cells(rule))
        for rule in case.rules("rectangle"):
            if case.cells(rule)[0] not in numbered:
                raise case.refuse_rule(rule, "its number is missing from the numbered-regions "
                                             "line")
        case.within((n for row in sizes for n in row), 1, 4095)
        return Clues(case.rows, case.cols, tuple(tuple(row) for row in sizes))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        rows, cols = file.rows, file.cols
        across = file.block(rows, rows, cols - 1, "vertical borders")
        down = file.block(2 * rows, rows - 1, cols, "horizontal borders")
        room = rooms(cols, rows, [int(t == "1") for row in across for t in row],
                     [int(t == "1") for row in down for t in row])
        return {"regions": canonical_regions([room[r * cols:(r + 1) * cols]
                                              for r in range(rows)])}
