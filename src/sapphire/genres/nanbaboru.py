"""Nanbaboru (janko.at): write the digits 1 to K once each in every row and every column; the
other cells stay empty. A cell marked `0` holds a digit, one marked `x` stays empty.

An empty cell is the digit 0 (`digits: 0-K`), each row and column has a `digit-counts` line
as in Fuzuli (`sapphire.genres.fuzuli`); an `x` is a given 0, and the cells marked `0` keep 0
out (`absent-digits … digits [0]`). The answer is the digits, 0 for an empty cell.

* puzzlekit (`Nanbaboru`): the size line `ROWS COLS K`, then the grid: a given digit, `0` (a
  digit, not given), `x` (empty) or `-` per cell. A solution has the size line too, then
  every cell's digit, `-` for an empty one.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell
from sapphire.formats.genre import Genre
from sapphire.formats.puzzlekit import Source, number, rc
from sapphire.genres.fuzuli import Clues as Digits
from sapphire.genres.fuzuli import add_lines, check_givens, read_digits_or_empty, read_grid

HINT = ("a cell is a given digit 1-K, 0 (it holds a digit), x (it stays empty) or '-'; the "
        "first line is 'ROWS COLS K'")


@dataclass(frozen=True)
class Clues(Digits):
    """A Nanbaboru puzzle: Fuzuli's clues, and the cells marked to hold a digit or none."""

    filled: frozenset[Cell] = frozenset()
    """The cells marked `0`: each holds a digit."""
    empty: frozenset[Cell] = frozenset()
    """The cells marked `x`: each stays empty."""


class Nanbaboru(Genre[Clues]):
    puzzlekit = "Nanbaboru"
    kinds = ("digit-counts", "absent-digits")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        check_givens(clues)
        add_lines(b, clues)
        givens = [list(row) for row in clues.givens]
        for r, c in clues.empty:
            givens[r - 1][c - 1] = 0
        b.add_givens(givens)
        if clues.filled:
            b.add("absent-digits", sorted(clues.filled), digits=[0])

    def read_puzzlekit(self, src: Source) -> Clues:
        rows, cols, k, grid = read_grid(src)
        givens, filled, empty = [], set(), set()
        for r, row in enumerate(grid, 1):
            line: list[int | None] = []
            for c, tok in enumerate(row, 1):
                src.places[(r, c)] = tok
                text = tok.text.lower()
                line.append(None if text in ("-", "x", "0") else
                            number(src, tok, f"at {rc(r - 1, c - 1)}", HINT))
                if text == "x":
                    empty.add((r, c))
                elif text == "0":
                    filled.add((r, c))
            givens.append(tuple(line))
        return Clues(rows, cols, k, tuple(givens), frozenset(filled), frozenset(empty))

    def read_solution(self, src: Source) -> Answer:
        return read_digits_or_empty(src)
