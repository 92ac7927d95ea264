"""Nurikabe: shade the wall so that it hangs together without a 2×2 block; the unshaded cells
form islands, each holding one number, its size.

The case is `nurikabe` (the wall, and the region map naming the islands), an `island` per
number and `numbered-islands` listing the numbered cells, so that no island is without a
number; on a board without numbers that line lists no cells, and every cell is wall.

* puzzlekit (`Nurikabe`): one block, an island's size (1 or more) or `-` per cell. The
  solution marks the wall `x`.
* puz.link (`nurikabe`, pzprjs's `nurikabe.js`): the sizes in number16. A `?` (a numbered
  cell whose size is not given) is refused. A pzprv3 answer holds ROWS lines of the numbers
  and the answer together, `#` a wall cell.

Known faults of the dataset: Nurikabe 1136_22x12 says `22 12` but its grid has 12 rows of 12,
and its solution breaks off after 12 rows; the import refuses it.
"""

from __future__ import annotations

import itertools

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.encodings import UNKNOWN, Body, encode_number16, number16
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import NumberClues, Source, number, read_layout, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

HINT = "a number is the size of its cell's island, '-' a cell without one"


Clues = NumberClues
"""A Nurikabe puzzle: the board and its numbers."""


class Nurikabe(Genre[Clues]):
    puzzlekit = "Nurikabe"
    puzzlink = "nurikabe"
    kinds = ("nurikabe", "island", "numbered-islands")
    tells = ("nurikabe",)

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        b.board = (rows, cols)
        islands = clues.numbered()
        for (r, c), size in islands.items():
            if size < 1:
                raise ClueError(f"the island size {size} at r{r}c{c} is not 1 or more", HINT,
                                at=(r, c))
        total = sum(islands.values())
        if total > rows * cols:
            over = next(cell for cell, running in zip(  # the island that makes them too many
                islands, itertools.accumulate(islands.values()), strict=True)
                if running > rows * cols)
            raise ClueError("the islands have more cells than the board",
                            f"the island sizes add up to {total}; the board has {rows * cols} "
                            "cells", at=over)
        b.add("nurikabe")
        for cell, size in islands.items():
            b.add("island", [cell], size=size)
        b.add("numbered-islands", list(islands))  # with no numbers too: then no island

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
        return {"shading": [[int(t.text.lower() == "x") for t in row]
                            for row in solution_grid(src)]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        cells = number16(body, cols * rows)
        body.finish()
        if UNKNOWN in cells:
            k = cells.index(UNKNOWN)
            link = body.link
            raise link.error(f"the island at r{k // cols + 1}c{k % cols + 1} has no size ('?')",
                             link.body_at, hint="every numbered cell needs its number",
                             kind="unsupported")
        return Clues(rows, cols, tuple(tuple(cells[r * cols:(r + 1) * cols])
                                       for r in range(rows)))

    def encode(self, clues: Clues) -> str:
        return encode_number16([n for row in clues.sizes for n in row])

    def from_case(self, case: Readback) -> Clues:
        """The numbers of the `island` lines, one cell each."""
        sizes: list[list[int | None]] = [[None] * case.cols for _ in range(case.rows)]
        for rule in case.rules("island"):
            if len(rule.cells) != 1:
                raise case.refuse_rule(rule, "an island clue is one cell")
            (r, c), = case.cells(rule)
            sizes[r - 1][c - 1] = case.number(rule, "size")
        case.within((n for row in sizes for n in row), 1, 8191)
        return Clues(case.rows, case.cols, tuple(tuple(row) for row in sizes))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        grid = file.block(0, file.rows, file.cols, "grid")
        return {"shading": [[int(t == "#") for t in row] for row in grid]}
