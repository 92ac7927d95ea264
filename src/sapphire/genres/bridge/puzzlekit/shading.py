"""A puzzlekit genre that shades cells: Thermometer."""

from __future__ import annotations

import itertools

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell, grid_columns, grid_rows
from sapphire.formats.puzzlekit import (
    Part,
    Source,
    Token,
    number,
    read_lines,
)


def thermometer(b: CaseBuilder, src: Source) -> None:
    """A line of column counts, a line of row counts, then the grid: `T.K` is the K-th cell of
    thermometer T, counted from its bulb (`-` is a cell on no thermometer)."""
    lay = read_lines(src, lambda rows, cols: [
        Part("the line of column counts", 1, cols), Part("the line of row counts", 1, rows, "row"),
        Part("the grid", rows, cols)], extra=True)
    rows, cols = lay.rows, lay.cols
    col_counts, row_counts, grid = lay.blocks[0][0], lay.blocks[1][0], lay.blocks[2]
    b.board = (rows, cols)
    hint = "T.K is the K-th cell of thermometer T, from its bulb; '-' is a cell on none"
    thermos: dict[int, dict[int, tuple[Cell, Token]]] = {}
    for r, row in enumerate(grid, 1):
        for c, tok in enumerate(row, 1):
            if tok.text == "-":
                continue
            t, _, k = tok.text.partition(".")
            if not (t.isdecimal() and k.isdecimal()):
                raise src.at(tok, f"'{tok.text}' at r{r}c{c} is not THERMOMETER.CELL such as 3.1",
                             hint)
            cells = thermos.setdefault(int(t), {})
            if int(k) in cells:
                raise src.at(tok, f"thermometer {t} has two cells numbered {k}", hint)
            cells[int(k)] = ((r, c), tok)
    for t in sorted(thermos):
        cells = thermos[t]
        order = sorted(cells)
        if order != list(range(1, len(cells) + 1)):
            gap = next(k for i, k in enumerate(order, 1) if k != i)  # the first out of turn
            raise src.at(cells[gap][1], f"the cells of thermometer {t} are not numbered "
                         f"1-{len(cells)}", hint)
        for ((r0, c0), _), ((r1, c1), tok) in itertools.pairwise(cells[k] for k in order):
            if abs(r0 - r1) + abs(c0 - c1) != 1:
                raise src.at(tok, f"thermometer {t} jumps from r{r0}c{c0} to r{r1}c{c1}",
                             "each cell of a thermometer shares an edge with the one before")
        b.add("thermometer", [cells[k][0] for k in order])
    hint = "a count is the number of filled cells of its line, '-' for none given"
    for c, (tok, column) in enumerate(zip(col_counts, grid_columns(rows, cols), strict=True), 1):
        if tok.text != "-":
            b.add("shade-count", column, id_stem="column",
                  count=number(src, tok, f"in the count of column {c}", hint))
    for r, (tok, row) in enumerate(zip(row_counts, grid_rows(rows, cols), strict=True), 1):
        if tok.text != "-":
            b.add("shade-count", row, id_stem="row",
                  count=number(src, tok, f"in the count of row {r}", hint))

