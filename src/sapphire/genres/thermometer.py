"""Thermometer: fill cells so that each thermometer is filled from its bulb up without a gap,
and each row and column given a count holds that many filled cells.

The case writes a `thermometer` per thermometer (its cells from the bulb) and a `shade-count`
per count given, ids `column-K` and `row-K`; the answer is the shading (filled cells shaded).
A board without thermometers has one `thermometer` line of no cells (the board is still
shaded, every cell free), and a line without a count no `shade-count`: its cells may be filled
or not.

* puzzlekit (`Thermometer`): the size line, a line of column counts, a line of row counts
  (`-` for none given), then the grid, where `T.K` is the K-th cell of thermometer T counted
  from its bulb and `-` a cell on none. A thermometer's cells are numbered 1 up without a gap,
  each beside the one before. A solution marks the filled cells `x`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell, grid_columns, grid_rows
from sapphire.formats.genre import Genre
from sapphire.formats.puzzlekit import Part, Source, Token, counts, read_lines, solution_grid

COUNT_HINT = "a count is the number of filled cells of its line, '-' for none given"

CELL_HINT = "T.K is the K-th cell of thermometer T, from its bulb; '-' is a cell on none"


@dataclass(frozen=True)
class Clues:
    """A Thermometer puzzle: the board, its thermometers and the counts given outside it."""

    rows: int
    cols: int
    thermometers: tuple[tuple[Cell, ...], ...] = ()
    """Each thermometer's cells from its bulb, (row, column) from 1, in the order of their
    numbers."""
    column_counts: tuple[int | None, ...] = ()
    """Each column's number of filled cells, left to right (None: not given)."""
    row_counts: tuple[int | None, ...] = ()
    """Each row's number of filled cells, top to bottom (None: not given)."""


class Thermometer(Genre[Clues]):
    puzzlekit = "Thermometer"
    kinds = ("thermometer", "shade-count")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        b.board = (rows, cols)
        for cells in clues.thermometers or ((),):  # none: the board is shaded all the same
            b.add("thermometer", cells)
        for what, given, lines in (("column", clues.column_counts, grid_columns(rows, cols)),
                                   ("row", clues.row_counts, grid_rows(rows, cols))):
            for count, line in zip(given, lines, strict=True):
                if count is not None:
                    b.add("shade-count", line, id_stem=what, count=count)

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_lines(src, lambda rows, cols: [
            Part("the line of column counts", 1, cols),
            Part("the line of row counts", 1, rows, "row"),
            Part("the grid", rows, cols)], extra=True)
        thermos: dict[int, dict[int, tuple[Cell, Token]]] = {}
        for r, row in enumerate(lay.blocks[2], 1):
            for c, tok in enumerate(row, 1):
                if tok.text == "-":
                    continue
                t, _, k = tok.text.partition(".")
                if not (t.isdecimal() and k.isdecimal()):
                    raise src.at(tok, f"'{tok.text}' at r{r}c{c} is not THERMOMETER.CELL such "
                                 "as 3.1", CELL_HINT)
                cells = thermos.setdefault(int(t), {})
                if int(k) in cells:
                    raise src.at(tok, f"thermometer {t} has two cells numbered {k}", CELL_HINT)
                cells[int(k)] = ((r, c), tok)
        out = []
        for t in sorted(thermos):
            cells = thermos[t]
            order = sorted(cells)
            if order != list(range(1, len(cells) + 1)):
                gap = next(k for i, k in enumerate(order, 1) if k != i)  # the first out of turn
                raise src.at(cells[gap][1], f"the cells of thermometer {t} are not numbered "
                             f"1-{len(cells)}", CELL_HINT)
            for ((r0, c0), _), ((r1, c1), tok) in itertools.pairwise(cells[k] for k in order):
                if abs(r0 - r1) + abs(c0 - c1) != 1:
                    raise src.at(tok, f"thermometer {t} jumps from r{r0}c{c0} to r{r1}c{c1}",
                                 "each cell of a thermometer shares an edge with the one before")
            out.append(tuple(cells[k][0] for k in order))
        return Clues(lay.rows, lay.cols, tuple(out),
                     counts(src, lay.blocks[0][0], "column", COUNT_HINT),
                     counts(src, lay.blocks[1][0], "row", COUNT_HINT))

    def read_solution(self, src: Source) -> Answer:
        return {"shading": [[int(t.text.lower() == "x") for t in row]
                            for row in solution_grid(src)]}
