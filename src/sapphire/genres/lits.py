"""LITS: shade a tetromino in every region so that the shaded cells hang together without a
2×2 block, and no two tetrominoes of one shape touch across a region's border.

The case is `connected-wall`, a `tetromino` per region and a `different-shapes` on each pair
of side neighbours in different regions, with `digits: 0-5`: the answer is the shading and
each shaded cell's shape as a digit (1 L, 2 I, 3 T, 4 S; 0 unshaded). Cells in no region
(janko.at leaves some out of every room) are a `shade-count … count 0` and given the digit 0.

* puzzlekit (`LITS`): one block naming each cell's region (a region is the cells of one name),
  `@` a cell in no region. The solution writes the shape of each shaded cell's tetromino (`L`,
  `I`, `T`, `S`), `-` elsewhere.
* puz.link (`lits`, pzprjs's `lits.js`): the region borders (`border_rooms`); every cell is in
  a region. A pzprv3 answer holds the number of regions and ROWS lines of regions, then ROWS
  lines of the cells, `#` a shaded one.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell
from sapphire.formats.encodings import Body, border_rooms, encode_border_rooms
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, read_layout, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

NO_REGION = "@"
"""A region block's mark of a cell in no region."""

SHAPES = {"l": 1, "i": 2, "t": 3, "s": 4, "o": 5}
"""The digit `tetromino` gives each shape, by the shape's letter."""


@dataclass(frozen=True)
class Clues:
    """A LITS puzzle: the name of each cell's region, row by row (None: in no region)."""

    rows: int
    cols: int
    names: tuple[tuple[str | None, ...], ...] = ()

    def regions(self) -> list[list[Cell]]:
        """Each region's cells in reading order, regions in order of their first cells."""
        out: dict[str, list[Cell]] = {}
        for r, row in enumerate(self.names, 1):
            for c, name in enumerate(row, 1):
                if name is not None:
                    out.setdefault(name, []).append((r, c))
        return list(out.values())


class Lits(Genre[Clues]):
    puzzlekit = "LITS"
    puzzlink = "lits"
    kinds = ("connected-wall", "tetromino", "different-shapes", "shade-count")
    tells = ("tetromino",)

    @property
    def carries(self) -> frozenset[str]:
        """A link has no cells outside the regions, so no `shade-count`."""
        return frozenset(("connected-wall", "tetromino", "different-shapes"))

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        b.board = (rows, cols)
        b.digits = (0, 5)
        regions = clues.regions()
        for cells in regions:
            if len(cells) < 4:
                (r, c), name = cells[0], clues.names[cells[0][0] - 1][cells[0][1] - 1]
                many = f"{len(cells)} cell" + ("s" if len(cells) > 1 else "")
                raise ClueError(f"the region '{name}' has {many}, too few for a tetromino",
                                "every region holds a tetromino, so it has four cells or more",
                                at=(r, c))
        b.add("connected-wall", early=True)
        for cells in regions:
            b.add("tetromino", cells, id_stem="region")
        outside = [(r, c) for r, row in enumerate(clues.names, 1)
                   for c, name in enumerate(row, 1) if name is None]
        if outside:  # unshaded, so its shape digit is 0
            b.add("shade-count", outside, id_stem="outside", count=0)
            b.grids["givens"] = [["0" if name is None else "." for name in row]
                                 for row in clues.names]
        region = {cell: k for k, cells in enumerate(regions) for cell in cells}
        for r in range(1, rows + 1):
            for c in range(1, cols + 1):
                for nb in ((r, c + 1), (r + 1, c)):
                    if nb in region and (r, c) in region and region[nb] != region[(r, c)]:
                        b.add("different-shapes", [(r, c), nb], id_stem="border")

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the region block",))
        for r, row in enumerate(lay.blocks[0], 1):
            for c, t in enumerate(row, 1):
                src.places[(r, c)] = t
        return Clues(lay.rows, lay.cols, tuple(
            tuple(None if t.text == NO_REGION else t.text for t in row) for row in lay.blocks[0]))

    def read_solution(self, src: Source) -> Answer:
        grid = [[t.text.lower() for t in row] for row in solution_grid(src)]
        return {"digits": [[SHAPES.get(t, 0) for t in row] for row in grid],
                "shading": [[int(t in SHAPES) for t in row] for row in grid]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        room = border_rooms(body)
        return Clues(rows, cols, tuple(tuple(str(n) for n in room[r * cols:(r + 1) * cols])
                                       for r in range(rows)))

    def encode(self, clues: Clues) -> str:
        region = {cell: k for k, cells in enumerate(clues.regions(), 1) for cell in cells}
        return encode_border_rooms(clues.cols, clues.rows, [
            region[(r, c)] for r in range(1, clues.rows + 1) for c in range(1, clues.cols + 1)])

    def from_case(self, case: Readback) -> Clues:
        """The regions of the `tetromino` lines, which must cover the board once each."""
        names: list[list[str | None]] = [[None] * case.cols for _ in range(case.rows)]
        for n, rule in enumerate(case.rules("tetromino"), 1):
            for r, c in case.cells(rule):
                if names[r - 1][c - 1] is not None:
                    raise case.refuse_rule(rule, f"r{r}c{c} is in two rooms")
                names[r - 1][c - 1] = str(n)
        missing = next(((r, c) for r, row in enumerate(names, 1)
                        for c, name in enumerate(row, 1) if name is None), None)
        if missing is not None:
            lines = case.rules()
            raise case.refuse(f"r{missing[0]}c{missing[1]} is in no tetromino's room",
                              at=lines[0] if lines else None)
        case.within((int(name or 0) for row in names for name in row), 1, 10000)
        return Clues(case.rows, case.cols, tuple(tuple(row) for row in names))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        grid = file.block(file.rows + 1, file.rows, file.cols, "cells")
        return {"shading": [[int(t == "#") for t in row] for row in grid]}
