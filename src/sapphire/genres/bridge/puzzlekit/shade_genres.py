"""A puzzlekit genre whose answer shades cells, with clues around the grid: Gappy.

Layout (read from the dataset's problems and solutions and the puzzlekit package's parsers):

* `Gappy`: a line of column clues, a line of row clues (`-` for none), then the grid (`-`
  everywhere, or `x` for a cell given shaded).

A solution marks with `x` the shaded cells of a Gappy.
"""

from __future__ import annotations

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import grid_columns, grid_rows
from sapphire.formats.puzzlekit import (
    Part,
    Source,
    number,
    read_lines,
)


def gappy(b: CaseBuilder, src: Source) -> None:
    """A line of column clues, a line of row clues, then the grid (`x` a given shaded cell)."""
    lay = read_lines(src, lambda rows, cols: [
        Part("the line of column clues", 1, cols), Part("the line of row clues", 1, rows, "row"),
        Part("the grid", rows, cols)])
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    col_clues, row_clues, grid = lay.blocks[0][0], lay.blocks[1][0], lay.blocks[2]
    shading = []
    for r, row in enumerate(grid, 1):
        line = []
        for c, t in enumerate(row, 1):
            if t.text not in ("-", "x"):
                raise src.at(t, f"'{t.text}' at r{r}c{c} is neither 'x' nor '-'",
                             "x is a cell given shaded, '-' an open one")
            line.append("1" if t.text == "x" else ".")
        shading.append(line)
    if any(s != "." for row in shading for s in row):
        b.grids["shading"] = shading
    b.add("shade-per-line", count=2)
    b.add("shaded-no-touch")
    hint = "a clue is how many cells lie between the two shaded cells of its line, '-' for none"
    lines = ([("column", k, t, cells) for k, (t, cells)
              in enumerate(zip(col_clues, grid_columns(rows, cols), strict=True), 1)]
             + [("row", k, t, cells) for k, (t, cells)
                in enumerate(zip(row_clues, grid_rows(rows, cols), strict=True), 1)])
    for what, k, tok, cells in lines:
        if tok.text == "-":
            continue
        gap = number(src, tok, f"in the clue of {what} {k}", hint)
        if gap + 2 > len(cells):
            raise src.at(tok, f"the gap {gap} of {what} {k} does not fit its {len(cells)} cells",
                         hint)
        b.add("shade-gap", cells, id_stem=f"{what}-gap", gap=gap)


GENRES = {"Gappy": gappy}
"""The genres of this module, each with the function that states its rules."""

KINDS: dict[str, tuple[str, ...]] = {
    "Gappy": ("shade-per-line", "shade-gap", "shaded-no-touch"),
}


def read_shade_solution(genre: str, block: list[list[str]]) -> dict[str, list[list[int]]] | None:
    """A solution's first block (lower-cased tokens) as the case's shading; None for a genre
    of another module."""
    if genre not in GENRES:
        return None
    return {"shading": [[1 if t == "x" else 0 for t in row] for row in block]}
