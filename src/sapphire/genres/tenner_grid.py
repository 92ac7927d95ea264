"""Tenner Grid: write a digit 0-9 in every cell so that no digit stands twice in a row, cells
that touch, even at a corner, hold different digits, and each column's digits add up to the
number below it.

The case is `digits: 0-9`, an `all-different` line on each row (`row-1`, …), `anti-king`,
and a `sum … total T` line on each column with a total (`column-1`, …). The rules are those
of the puzzlekit solver; with them each of the dataset's puzzles has its recorded answer
alone. The answer is the digits.

* puzzlekit (`TennerGrid`): the size line counts the line of totals as a row (`6 10` is a
  board of 5 rows); then the board's rows, a given digit or `-` per cell, then the column
  totals (`-` for none). A solution has every cell's digit and the totals again.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import grid_columns, grid_rows
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Part, Source, counts, number_grid, rc, read_lines
from sapphire.formats.puzzlekit import number as read_number

HINT = "a cell is a given digit 0-9 or '-'"
TOTAL_HINT = "the last line holds each column's total, '-' for none"


@dataclass(frozen=True)
class Clues:
    """A Tenner Grid: the board (without the line of totals), its givens and its totals."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...] = ()
    """Each row's given digits, None for an open cell."""
    totals: tuple[int | None, ...] = ()
    """Each column's total, left to right (None: not given)."""


class TennerGrid(Genre[Clues]):
    puzzlekit = "TennerGrid"
    kinds = ("all-different", "anti-king", "sum")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        if cols > 10:
            raise ClueError(f"a row of {cols} cells cannot hold different digits 0-9",
                            "a Tenner Grid is at most 10 cells wide", at="size")
        for r, row in enumerate(clues.givens, 1):
            for c, d in enumerate(row, 1):
                if d is not None and d > 9:
                    raise ClueError(f"the given {d} at {rc(r - 1, c - 1)} is not 0-9", HINT,
                                    at=(r, c))
        for c, total in enumerate(clues.totals, 1):
            if total is not None and total > 9 * rows:
                raise ClueError(f"the total {total} of column {c} is more than its cells can "
                                f"hold ({9 * rows})", TOTAL_HINT, at=("column", c))
        b.board = (rows, cols)
        b.digits = (0, 9)
        b.add_givens(clues.givens)
        for line in grid_rows(rows, cols):
            b.add("all-different", line, id_stem="row")
        b.add("anti-king")
        for line, total in zip(grid_columns(rows, cols), clues.totals, strict=True):
            if total is not None:
                b.add("sum", line, id_stem="column", total=total)

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_lines(src, lambda rows, cols: [Part("the grid", rows - 1, cols),
                                                  Part("the line of totals", 1, cols)])
        src.places["size"] = lay.head[0]
        if lay.rows < 2:
            raise src.at(lay.head[0], "expected at least 2 rows: the board's and the totals'",
                         "the size line counts the line of totals as a row")
        return Clues(lay.rows - 1, lay.cols, number_grid(src, lay.blocks[0], HINT),
                     counts(src, lay.blocks[1][0], "column", TOTAL_HINT))

    def read_solution(self, src: Source) -> Answer:
        lay = read_lines(src, lambda rows, cols: [Part("the answer grid", rows - 1, cols),
                                                  Part("the line of totals", 1, cols)])
        return {"digits": [[read_number(src, t, f"at {rc(r, c)}", "a cell holds its digit",
                                        dash=False) for c, t in enumerate(row)]
                           for r, row in enumerate(lay.blocks[0])]}
