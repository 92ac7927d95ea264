"""Bricks (janko.at's Ziegelmauer): a Latin square laid as a brick wall. Every row and every
column holds the digits 1 to N once each (N, the board's side, is even); each row is a row of
bricks two cells wide, every other row shifted by one cell, and every whole brick holds one
odd and one even digit.

Where the bricks lie: row 1 starts with a whole brick (its bricks are columns 1-2, 3-4, …),
row 2 with half a brick (columns 2-3, 4-5, …, and a half at either end), and so on down. A
dataset text does not say it; this is how the puzzlekit solver lays the wall, and 35 of the
dataset's 40 puzzles have their recorded answer alone that way. The other five (janko.at's
19, 20, 21, 24 and 25) are drawn the other way round, row 1 starting with half a brick: with
that wall each has its recorded answer alone, and with the first none or two (their records
are listed as disputed, and their test solves them both ways). A puzzle whose wall starts
with half a brick sets `offset`. The two halves at a shifted row's ends make one brick
between them, which the row's Latin digits already keep odd and even (the row holds N/2 of
each, and its whole bricks N/2-1 of each), so no line states it.

The case is `latin-square` with the givens and a `modular … modulus 2` line on each whole
brick (its two cells have different remainders when divided by 2: one odd, one even), named
`brick-1`, `brick-2`, … The answer is the digits.

* puzzlekit (`Bricks`): the grid, a digit or `-` per cell; a solution is the digit of every
  cell.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import (
    Source,
    number_grid,
    rc,
    read_layout,
    solution_digits,
    square_side,
)

HINT = "a given is a digit from 1 to the board's side; '-' for an empty cell"


@dataclass(frozen=True)
class Clues:
    """A Bricks puzzle: the board, its given digits and where its bricks lie."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...] = ()
    """Each row's given digits, None for an empty cell."""
    offset: bool = False
    """Whether row 1 starts with half a brick (by default it starts with a whole one)."""


def bricks(size: int, offset: bool = False) -> list[tuple[Cell, Cell]]:
    """The whole bricks of a wall `size` cells wide and tall, row by row, left to right."""
    out = []
    for r in range(1, size + 1):
        first = 2 if (r % 2 == 1) == offset else 1
        out.extend(((r, c), (r, c + 1)) for c in range(first, size, 2))
    return out


class Bricks(Genre[Clues]):
    puzzlekit = "Bricks"
    kinds = ("latin-square", "modular", "given-number")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        n = clues.rows
        if clues.rows != clues.cols or n % 2:
            raise ClueError(f"a {clues.rows}x{clues.cols} board is no brick wall",
                            "a Bricks board is square, its side even (two cells a brick)",
                            at="size")
        for r, row in enumerate(clues.givens, 1):
            for c, d in enumerate(row, 1):
                if d is not None and not 1 <= d <= n:
                    raise ClueError(f"the given {d} at {rc(r - 1, c - 1)} is not 1-{n}", HINT,
                                    at=(r, c))
        b.add_grid(n, n, None)
        b.add_givens(clues.givens)
        for brick in bricks(n, clues.offset):
            b.add("modular", brick, id_stem="brick", modulus=2)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        n = square_side(src, lay)
        src.places["size"] = lay.head[0]
        return Clues(n, n, number_grid(src, lay.blocks[0], HINT))

    def read_solution(self, src: Source) -> Answer:
        return {"digits": solution_digits(src)}
