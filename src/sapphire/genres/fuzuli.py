"""Fuzuli (janko.at): write the digits 1 to K once each in every row and every column; the
other cells stay empty; every 2×2 block of cells has an empty cell.

An empty cell is the digit 0 (`digits: 0-K`): each row and column has a `digit-counts` line
(each of 1 to K once; named `row-1`, `column-1`, …), and each 2×2 block a `quadruple … digits
[0]` (it holds a 0). The answer is the digits, 0 for an empty cell. The rules are those of
the puzzlekit solver; with them each of the dataset's puzzles has its recorded answer alone.

* puzzlekit (`Fuzuli`): the size line `ROWS COLS K`, then the grid, a given digit or `-` per
  cell. A solution has the size line too, then every cell's digit, `-` for an empty one.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import grid_columns, grid_rows
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import (
    Part,
    Source,
    head_number,
    number,
    number_grid,
    rc,
    read_lines,
    solution_grid,
)

HINT = "a cell is a given digit 1-K or '-'; the first line is 'ROWS COLS K'"


@dataclass(frozen=True)
class Clues:
    """A Fuzuli puzzle: the board, K (each line's digits are 1 to K) and the givens."""

    rows: int
    cols: int
    largest: int = 1
    givens: tuple[tuple[int | None, ...], ...] = ()
    """Each row's given digits, None for an open cell."""


def each_once(k: int) -> list[list[int]]:
    """A line's digit counts: each of 1 to `k` once (0, an empty cell, as it may)."""
    return [[1, d] for d in range(1, k + 1)]


def check_givens(clues: Clues) -> None:
    """Refuse a K that a line cannot hold, or a given outside 1-K."""
    k = clues.largest
    if not 1 <= k <= min(clues.rows, clues.cols):
        raise ClueError(f"K = {k} digits do not fit in a line of {min(clues.rows, clues.cols)} "
                        "cells", HINT, at="largest")
    for r, row in enumerate(clues.givens, 1):
        for c, d in enumerate(row, 1):
            if d is not None and not 1 <= d <= k:
                raise ClueError(f"the given {d} at {rc(r - 1, c - 1)} is not 1-{k}", HINT,
                                at=(r, c))


def add_lines(b: CaseBuilder, clues: Clues) -> None:
    """Board, digits 0-K, and each row's and column's digits 1-K once."""
    rows, cols = clues.rows, clues.cols
    b.board = (rows, cols)
    b.digits = (0, clues.largest)
    for what, lines in (("row", grid_rows(rows, cols)), ("column", grid_columns(rows, cols))):
        for line in lines:
            b.add("digit-counts", line, id_stem=what, counts=each_once(clues.largest))


def read_grid(src: Source) -> tuple[int, int, int, list[list]]:
    """Rows, columns, K and the grid's tokens of a layout `ROWS COLS K` and one grid."""
    lay = read_lines(src, lambda rows, cols: [Part("the grid", rows, cols)], extra=True)
    src.places["size"] = lay.head[0]
    k = head_number(src, lay, "K (the largest digit)", HINT)
    src.places["largest"] = lay.head[2]
    return lay.rows, lay.cols, k, lay.blocks[0]


def read_digits_or_empty(src: Source) -> Answer:
    """A solution of digits and `-` (an empty cell, 0) after a size line `ROWS COLS K`."""
    return {"digits": [[0 if t.text == "-" else
                        number(src, t, f"at {rc(r, c)}", "a cell holds its digit, or '-'")
                        for c, t in enumerate(row)]
                       for r, row in enumerate(solution_grid(src, extra=True))]}


class Fuzuli(Genre[Clues]):
    puzzlekit = "Fuzuli"
    kinds = ("digit-counts", "quadruple")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        check_givens(clues)
        add_lines(b, clues)
        b.add_givens(clues.givens)
        for r in range(1, clues.rows):
            for c in range(1, clues.cols):
                b.add("quadruple", [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)],
                      id_stem="block", digits=[0])

    def read_puzzlekit(self, src: Source) -> Clues:
        rows, cols, k, grid = read_grid(src)
        return Clues(rows, cols, k, number_grid(src, grid, HINT))

    def read_solution(self, src: Source) -> Answer:
        return read_digits_or_empty(src)
