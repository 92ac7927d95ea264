"""KenKen: every row and column holds 1-N once, and each cage's digits give its result by its
operation (a sum, a product, the difference or the quotient of two cells; where the operation
is hidden, any of them).

The case is a `latin-square` with a rule per clued cage: a `cage` whose digits may repeat (a
sum), a `product-cage`, a `difference-cage`, a `quotient-cage`, or an `operation-cage` for a
hidden operation; a lone digit in a cage of one cell is a given. A cage without a clue says
nothing.

* puzzlekit (`KenKen`): two blocks, the clues and the cages (each cell names its cage). A
  cage's clue stands in one of its cells as its result and operation (`12+`, `2-`, `24*` or
  `24x`, `2/`), or as its result alone when the operation is hidden; `-` and `.` are cells
  without a clue. Its solution holds the digits.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder, digit_symbol
from sapphire.formats.common import Cell
from sapphire.formats.genre import Genre
from sapphire.formats.puzzlekit import (
    Source,
    groups_of,
    rc,
    read_layout,
    solution_digits,
    square_side,
)

CLUE = re.compile(r"(\d+)([-+*x/]?)")
"""A cage's clue: its result, then its operation (none: hidden)."""
OPERATIONS = {"+": "cage", "-": "difference-cage", "*": "product-cage",
              "/": "quotient-cage", "": "operation-cage"}
"""Each operation and the kind that states it (a sum is a `cage` that may repeat)."""
HINT = ("a cage's clue is its result and operation, such as 12+, 2-, 24* or 2/, in one of its "
        "cells ('-' or '.' elsewhere); a cage of one cell may hold its digit alone")


@dataclass(frozen=True)
class Cage:
    """A clued cage: its cells, its result and its operation (`+`, `-`, `*`, `/`, or "" when
    hidden)."""

    cells: tuple[Cell, ...]
    result: int
    operation: str


@dataclass(frozen=True)
class Clues:
    """A KenKen: the side of its square, its clued cages and its given digits."""

    rows: int
    cols: int
    cages: tuple[Cage, ...] = ()
    givens: Mapping[Cell, int] = field(default_factory=dict)
    """A lone digit in a cage of one cell, by cell (row, column) from 1."""


class KenKen(Genre[Clues]):
    puzzlekit = "KenKen"
    kinds = ("latin-square", "cage", "product-cage", "difference-cage", "quotient-cage",
             "operation-cage")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        n = clues.rows
        b.board = (n, n)
        b.add("latin-square")
        for cage in clues.cages:
            kind = OPERATIONS[cage.operation]
            if kind == "cage":
                b.add(kind, cage.cells, sum=cage.result, repeats=True)
            elif kind == "operation-cage":
                b.add(kind, cage.cells, result=cage.result)
            else:
                b.add(kind, cage.cells, **{kind.removesuffix("-cage"): cage.result})
        if clues.givens:
            b.grids["givens"] = [[digit_symbol(clues.givens.get((r, c)))
                                  for c in range(1, n + 1)] for r in range(1, n + 1)]

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the clue block", "the cage block"))
        n = square_side(src, lay)
        marks, groups = lay.blocks
        cages: list[Cage] = []
        givens: dict[Cell, int] = {}
        for cells in groups_of(groups):
            clued = [((r, c), marks[r - 1][c - 1]) for r, c in cells
                     if marks[r - 1][c - 1].text not in ("-", ".")]
            if not clued:
                continue
            (r, c), tok = clued[0]
            if len(clued) > 1:
                (r2, c2), second = clued[1]
                raise src.at(second, f"the cage of r{r}c{c} has a second clue at "
                             f"{rc(r2 - 1, c2 - 1)}", HINT)
            m = CLUE.fullmatch(tok.text)
            if m is None:
                raise src.at(tok, f"'{tok.text}' at r{r}c{c} is not a KenKen clue", HINT)
            result, op = int(m[1]), m[2].replace("x", "*")
            if not op and len(cells) == 1:
                if not 1 <= result <= n:
                    raise src.at(tok, f"the digit {result} at r{r}c{c} is outside 1-{n}", HINT)
                givens[(r, c)] = result
                continue
            if op in ("-", "/") and len(cells) != 2:
                raise src.at(tok, f"the clue {tok.text} at r{r}c{c} takes two cells, not "
                             f"{len(cells)}", "a KenKen's difference and quotient cages have "
                             "two cells")
            if op == "/" and result == 0:
                raise src.at(tok, f"the quotient {tok.text} at r{r}c{c} is 0", HINT)
            cages.append(Cage(tuple(cells), result, op))
        return Clues(n, n, tuple(cages), givens)

    def read_solution(self, src: Source) -> Answer:
        return {"digits": solution_digits(src)}
