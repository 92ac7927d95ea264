"""puzzlekit genres whose answer shades cells, with clues in or around the grid: Kuromasu, Cave,
Creek and Gappy.

Layouts (read from the dataset's problems and solutions and the puzzlekit package's parsers):

* `Kuromasu`, `Cave`: one block, a number (1 or more) or `-` per cell.
* `Creek`: ROWS+1 lines of COLS+1 tokens, one per grid corner: a number 0-4 or `-`.
* `Gappy`: a line of column clues, a line of row clues (`-` for none), then the grid (`-`
  everywhere, or `x` for a cell given shaded).

A solution marks with `x` the shaded cells of a Kuromasu, Creek and Gappy,
and the cave of a Cave: Sapphire shades a Cave's outside, the cells that reach the edge.
"""

from __future__ import annotations

from sapphire.case.givens import corner_cells
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell, grid_columns, grid_rows
from sapphire.formats.puzzlekit import (
    Part,
    Source,
    number,
    read_layout,
    read_lines,
)


def _numbers(src: Source, genre_hint: str) -> tuple[int, int, list[tuple[Cell, int]]]:
    """A block of numbers (1 or more) and `-`: the board's size and the numbered cells."""
    lay = read_layout(src, ("the grid",))
    out = []
    for r, row in enumerate(lay.blocks[0], 1):
        for c, t in enumerate(row, 1):
            if t.text != "-":
                n = number(src, t, f"at r{r}c{c}", genre_hint)
                if n < 1:
                    raise src.at(t, f"the number {n} at r{r}c{c} is not 1 or more", genre_hint)
                out.append(((r, c), n))
    return lay.rows, lay.cols, out


def kuromasu(b: CaseBuilder, src: Source) -> None:
    """One block: a number is how many unshaded cells its cell sees, itself included."""
    rows, cols, clues = _numbers(src, "a number is how many unshaded cells its cell sees in its "
                                 "row and column, itself included; '-' a cell without one")
    b.board = (rows, cols)
    b.add("shaded-apart")
    b.add("unshaded-connected")
    for cell, n in clues:
        b.add("seen-cells", [cell], count=n)


def cave(b: CaseBuilder, src: Source) -> None:
    """One block: a number is how many cells of the cave its cell sees, itself included. The
    case shades the outside of the cave."""
    rows, cols, clues = _numbers(src, "a number is how many cave cells its cell sees in its "
                                 "row and column, itself included; '-' a cell without one")
    b.board = (rows, cols)
    b.add("unshaded-connected")
    b.add("shaded-reach-edge")
    for cell, n in clues:
        b.add("seen-cells", [cell], count=n)


def creek(b: CaseBuilder, src: Source) -> None:
    """ROWS+1 lines of COLS+1 corner clues: how many of the cells around a corner are
    shaded."""
    lay = read_lines(src, lambda rows, cols: [
        Part("the corner grid", rows + 1, cols + 1, "column and one more")])
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    b.add("unshaded-connected")
    hint = "a corner's number is how many of the cells around it are shaded, '-' for none"
    for a, row in enumerate(lay.blocks[0]):
        for d, t in enumerate(row):
            if t.text == "-":
                continue
            cells = corner_cells(a, d, rows, cols)
            corner = f"corner {a},{d} (0,0 is the grid's top left corner)"
            n = number(src, t, f"at {corner}", hint)
            if n > len(cells):
                raise src.at(t, f"the number {n} at {corner} is more than the {len(cells)} "
                             "cells around it", hint)
            b.add("corner-count", cells, count=n)


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


GENRES = {"Kuromasu": kuromasu, "Cave": cave,
          "Creek": creek, "Gappy": gappy}
"""The genres of this module, each with the function that states its rules."""

KINDS: dict[str, tuple[str, ...]] = {
    "Kuromasu": ("seen-cells", "shaded-apart", "unshaded-connected"),
    "Cave": ("seen-cells", "unshaded-connected", "shaded-reach-edge"),
    "Creek": ("corner-count", "unshaded-connected"),
    "Gappy": ("shade-per-line", "shade-gap", "shaded-no-touch"),
}


def read_shade_solution(genre: str, block: list[list[str]]) -> dict[str, list[list[int]]] | None:
    """A solution's first block (lower-cased tokens) as the case's shading; None for a genre
    of another module. A Cave's `x` marks its cave, which the case leaves unshaded."""
    if genre not in GENRES:
        return None
    mark = 0 if genre == "Cave" else 1
    return {"shading": [[mark if t == "x" else 1 - mark for t in row] for row in block]}
