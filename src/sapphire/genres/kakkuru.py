"""Kakkuru (janko.at's Lateinische Summen; not puz.link's Kakuru): write digits in the white
cells so that a row with k white cells holds 1 to k once each, and so does every column; a
black cell's number is the sum of the digits in the white cells around it (up to eight, by a
side or a corner).

Black cells are `black-cell`s holding 0 and the white cells keep 0 out (`absent-digits …
digits [0]`); each row's and column's white cells have a `one-to-n` line (`row-1`,
`column-1`, …), whether or not black cells part them; each black cell's number is a `sum …
total T` over its white neighbours (`clue-1`, …). `digits:` goes up to the most white cells in
a line. The rules are those of the puzzlekit solver; with them each of the dataset's puzzles
has its recorded answer alone. The answer is the digits, 0 in the black cells.

* puzzlekit (`Kakkuru`): the grid, `-` a white cell and a number a black one (its sum). A
  solution has every white cell's digit; its black cells repeat their number (or are `-`),
  so it is read with its problem.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import KING, Cell, grid_columns, grid_rows, neighbours
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, number, number_grid, rc, read_layout, solution_grid

HINT = "a cell is '-' (white) or a number (a black cell, the sum of the digits around it)"


@dataclass(frozen=True)
class Clues:
    """A Kakkuru puzzle: the board and its black cells' numbers."""

    rows: int
    cols: int
    black: tuple[tuple[Cell, int], ...] = ()
    """Each black cell and its number, in reading order."""


class Kakkuru(Genre[Clues]):
    puzzlekit = "Kakkuru"
    kinds = ("black-cell", "absent-digits", "one-to-n", "sum")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        black = dict(clues.black)
        lines = [[x for x in line if x not in black]
                 for line in (*grid_rows(rows, cols), *grid_columns(rows, cols))]
        b.board = (rows, cols)
        b.digits = (0 if black else 1, max(1, *(len(line) for line in lines)))
        white = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
                 if (r, c) not in black]
        if black:
            b.add("black-cell", sorted(black))
            if white:
                b.add("absent-digits", white, digits=[0])
        for what, found in (("row", lines[:rows]), ("column", lines[rows:])):
            for line in found:
                if line:
                    b.add("one-to-n", line, id_stem=what)
        for cell, total in clues.black:
            around = [x for x in neighbours(cell, KING, rows, cols) if x not in black]
            if not around and total:
                raise ClueError(f"the black cell {total} at {rc(cell[0] - 1, cell[1] - 1)} has "
                                "no white cell around it", HINT, at=cell)
            if around:
                b.add("sum", around, id_stem="clue", total=total)

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        grid = number_grid(src, lay.blocks[0], HINT)
        return Clues(lay.rows, lay.cols, tuple(((r, c), n) for r, row in enumerate(grid, 1)
                                               for c, n in enumerate(row, 1) if n is not None))

    def read_solution(self, src: Source) -> Answer:
        if src.problem is None:
            raise src.error("a Kakkuru solution is read with its problem, which says which "
                            "cells are black", 1, 1)
        problem = self.read_puzzlekit(Source(src.problem, src.label, src.genre))
        black = {cell for cell, _ in problem.black}
        return {"digits": [[0 if (r + 1, c + 1) in black else
                            number(src, t, f"at {rc(r, c)}", "a white cell holds its digit",
                                   dash=False) for c, t in enumerate(row)]
                           for r, row in enumerate(solution_grid(src))]}
