"""Dominos: a set of dominoes was laid out to cover the board and the lines between them were
erased; draw them back, so that every cell is half of one domino and no two dominoes show the
same pair of numbers.

The case writes the numbers as its `clues:` grid (0-9) with `dominoes`; the answer is the
links, one between the two cells of each domino.

* puzzlekit (`Dominos`): one block, the number 0-9 in each cell. The solution names each
  cell's domino, the two cells of a domino sharing a name; names differ in case (`a` and `A`
  are two dominoes).
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.genre import Genre
from sapphire.formats.puzzlekit import Source, rc, read_layout, solution_grid

DIGITS = tuple("0123456789")
"""The numbers a cell may hold."""


@dataclass(frozen=True)
class Clues:
    """A Dominos puzzle: the number of every cell, row by row."""

    rows: int
    cols: int
    numbers: tuple[tuple[int, ...], ...] = ()


class Dominos(Genre[Clues]):
    puzzlekit = "Dominos"
    kinds = ("dominoes",)

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        b.board = (clues.rows, clues.cols)
        b.add("dominoes")
        b.grids["clues"] = [[str(n) for n in row] for row in clues.numbers]

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        for r, row in enumerate(lay.blocks[0]):
            for c, t in enumerate(row):
                if t.text not in DIGITS:
                    raise src.at(t, f"'{t.text}' at {rc(r, c)} is not a number 0-9",
                                 "each cell holds the number on its half of a domino, 0-9")
        return Clues(lay.rows, lay.cols,
                     tuple(tuple(int(t.text) for t in row) for row in lay.blocks[0]))

    def read_solution(self, src: Source) -> Answer:
        """Neighbours of one name are one domino: a link across or down between them."""
        block = [[t.text for t in row] for row in solution_grid(src)]
        across = [[int(c + 1 < len(row) and row[c] == row[c + 1]) for c in range(len(row))]
                  for row in block]
        down = [[int(r + 1 < len(block) and block[r][c] == block[r + 1][c])
                 for c in range(len(row))] for r, row in enumerate(block)]
        return {"links": {"across": across, "down": down}}
