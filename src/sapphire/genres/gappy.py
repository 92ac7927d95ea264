"""Gappy: shade two cells in every row and every column so that no two shaded cells touch, not
even at a corner; a number beside a row or column is how many cells lie between its two shaded
cells.

The case is `shade-per-line count 2` and `shaded-no-touch`, with a `shade-gap` per number over
its whole row or column (listed from the clue inward: left to right, top to bottom), the cells
given shaded in its `shading:` grid (left out when there are none); the answer is the shading.

* puzzlekit (`Gappy`): a line of column clues, a line of row clues (`-` for none), then the
  grid, `-` everywhere or `x` for a cell given shaded. The solution marks the shaded cells `x`.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell, grid_columns, grid_rows
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Part, Source, number, read_lines, solution_grid

HINT = "a clue is how many cells lie between the two shaded cells of its line, '-' for none"


@dataclass(frozen=True)
class Clues:
    """A Gappy puzzle: the board, the numbers beside its lines and the cells given shaded."""

    rows: int
    cols: int
    column_gaps: tuple[int | None, ...] = ()
    """Each column's gap, left to right (None: not given)."""
    row_gaps: tuple[int | None, ...] = ()
    """Each row's gap, top to bottom (None: not given)."""
    shaded: frozenset[Cell] = frozenset()
    """The cells given shaded, (row, column) from 1."""


class Gappy(Genre[Clues]):
    puzzlekit = "Gappy"
    kinds = ("shade-per-line", "shade-gap", "shaded-no-touch")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        b.board = (rows, cols)
        if clues.shaded:
            b.grids["shading"] = [["1" if (r, c) in clues.shaded else "."
                                   for c in range(1, cols + 1)] for r in range(1, rows + 1)]
        b.add("shade-per-line", count=2)
        b.add("shaded-no-touch")
        for what, gaps, lines in (("column", clues.column_gaps, grid_columns(rows, cols)),
                                  ("row", clues.row_gaps, grid_rows(rows, cols))):
            for k, (gap, cells) in enumerate(zip(gaps, lines, strict=True), 1):
                if gap is None:
                    continue
                if gap + 2 > len(cells):
                    raise ClueError(f"the gap {gap} of {what} {k} does not fit its {len(cells)} "
                                    "cells", HINT, at=(what, k))
                b.add("shade-gap", cells, id_stem=f"{what}-gap", gap=gap)

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_lines(src, lambda rows, cols: [
            Part("the line of column clues", 1, cols),
            Part("the line of row clues", 1, rows, "row"),
            Part("the grid", rows, cols)])
        shaded = set()
        for r, row in enumerate(lay.blocks[2], 1):
            for c, t in enumerate(row, 1):
                if t.text == "x":
                    shaded.add((r, c))
                elif t.text != "-":
                    raise src.at(t, f"'{t.text}' at r{r}c{c} is neither 'x' nor '-'",
                                 "x is a cell given shaded, '-' an open one")
        gaps: dict[str, tuple[int | None, ...]] = {}
        for what, toks in (("column", lay.blocks[0][0]), ("row", lay.blocks[1][0])):
            for k, tok in enumerate(toks, 1):
                src.places[(what, k)] = tok
            gaps[what] = tuple(None if tok.text == "-" else
                               number(src, tok, f"in the clue of {what} {k}", HINT)
                               for k, tok in enumerate(toks, 1))
        return Clues(lay.rows, lay.cols, gaps["column"], gaps["row"], frozenset(shaded))

    def read_solution(self, src: Source) -> Answer:
        return {"shading": [[int(t.text.lower() == "x") for t in row]
                            for row in solution_grid(src)]}
