"""puzzlekit genres of regions: Shikaku, LITS.

* `Shikaku`: one block, a number the size of its cell's rectangle. The solution names each
  cell's rectangle by a number of its own. `numbered-regions` lists the numbered cells and a
  `rectangle` states each; the answer is the region map, compared with the solution up to the
  names of the regions (`canonical_regions`).
* `LITS`: one block naming each cell's region, `@` a cell in no region. The solution writes
  the shape of each shaded cell's tetromino (`L`, `I`, `T`, `S`), `-` elsewhere. A
  `connected-wall`, a `tetromino` per region and a `different-shapes` on each pair of
  neighbours in different regions, with `digits: 0-5`; the cells in no region are a
  `shade-count … count 0` and given the digit 0. The answer is the shading and the shape digits
  (1 L, 2 I, 3 T, 4 S).
"""

from __future__ import annotations

import itertools

from sapphire.formats.answer import canonical_regions
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell
from sapphire.formats.puzzlekit import (
    Block,
    Source,
    Token,
    groups_of,
    number,
    read_layout,
)


def shikaku(b: CaseBuilder, src: Source) -> None:
    """One block: a number is the size of its cell's rectangle, `-` a cell without one."""
    lay = read_layout(src, ("the grid",))
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    numbers = _numbers(src, lay.blocks[0], "a number is the size of its cell's rectangle, '-' a "
                       "cell without one")
    _cover(src, numbers, rows * cols, "rectangles")
    # with no numbers too: no region can then hold one, so the board has no answer
    b.add("numbered-regions", [cell for cell, _, _ in numbers])
    for cell, size, _ in numbers:
        b.add("rectangle", [cell], size=size)


NO_REGION = "@"
"""A region block's mark of a cell in no region (janko.at leaves some cells out of every room)."""


def lits(b: CaseBuilder, src: Source) -> None:
    """One block naming each cell's region (any token but `@`; a region is the cells of one
    name); `@` marks a cell in no region, which no tetromino covers, so it stays unshaded and
    its shape digit is 0."""
    lay = read_layout(src, ("the region block",))
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    b.digits = (0, 5)
    outside = [(r, c) for r, row in enumerate(lay.blocks[0], 1) for c, t in enumerate(row, 1)
               if t.text == NO_REGION]
    regions = [cells for cells in groups_of(lay.blocks[0])
               if lay.blocks[0][cells[0][0] - 1][cells[0][1] - 1].text != NO_REGION]
    name = {cell: k for k, cells in enumerate(regions) for cell in cells}
    for cells in regions:
        if len(cells) < 4:
            r, c = cells[0]
            tok = lay.blocks[0][r - 1][c - 1]
            many = f"{len(cells)} cell" + ("s" if len(cells) > 1 else "")
            raise src.at(tok, f"the region '{tok.text}' has {many}, too few for a tetromino",
                         "every region holds a tetromino, so it has four cells or more")
    b.add("connected-wall", early=True)
    for cells in regions:
        b.add("tetromino", cells, id_stem="region")
    if outside:  # unshaded, so its shape digit is 0
        b.add("shade-count", outside, id_stem="outside", count=0)
        b.grids["givens"] = [["0" if (r, c) in outside else "." for c in range(1, cols + 1)]
                             for r in range(1, rows + 1)]
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            for nb in ((r, c + 1), (r + 1, c)):
                if nb in name and (r, c) in name and name[nb] != name[(r, c)]:
                    b.add("different-shapes", [(r, c), nb], id_stem="border")


def _numbers(src: Source, grid: Block, hint: str) -> list[tuple[Cell, int, Token]]:
    """The numbered cells of a block (1 or more; `-` is a cell without a number), in reading
    order, each with its number and token."""
    out = []
    for r, row in enumerate(grid, 1):
        for c, t in enumerate(row, 1):
            if t.text != "-":
                n = number(src, t, f"at r{r}c{c}", hint)
                if n < 1:
                    raise src.at(t, f"the size {n} at r{r}c{c} is not 1 or more", hint)
                out.append(((r, c), n, t))
    return out


def _cover(src: Source, numbers: list[tuple[Cell, int, Token]], cells: int, what: str) -> None:
    """Refuse regions whose sizes add up to more than the board's cells, at the number that
    passes it."""
    sums = list(itertools.accumulate(n for _, n, _ in numbers))
    if sums and sums[-1] > cells:
        over = next(t for (_, _, t), total in zip(numbers, sums, strict=True) if total > cells)
        raise src.at(over, f"the {what} have more cells than the board",
                     f"the sizes add up to {sums[-1]}; the board has {cells} cells")


SHAPES = {"l": 1, "i": 2, "t": 3, "s": 4, "o": 5}
"""The digit `tetromino` gives each shape, by the shape's letter."""


def read_answer(genre: str, block: list[list[str]]) -> dict[str, list[list[int]]] | None:
    """The answer parts of a solution grid (lower-cased tokens) of one of this module's genres,
    None for another genre."""
    if genre == "LITS":  # a shaded cell's letter is its tetromino's shape
        return {"digits": [[SHAPES.get(t, 0) for t in row] for row in block],
                "shading": [[1 if t in SHAPES else 0 for t in row] for row in block]}
    if genre in NAMED_REGIONS:
        return {"regions": canonical_regions(block)}
    return None


NAMED_REGIONS = ("Shikaku",)
"""Genres whose solution names each cell's region (by any names, one per region)."""
