"""Hidoku: the cells hold the numbers 1 to ROWS·COLS once each, and each number's successor is
in a cell around it, sideways or at a corner.

The case is `number-path` over the board (`digits: 1-N` for N = ROWS·COLS) with a
`given-number` per given: a front-matter grid writes numbers up to 16 only, and a Hidoku's run
far past that.

* puzzlekit (`Hidoku`): one block of givens, a number 1-N or `-` for an empty cell. Its
  solution holds every cell's number.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, number, rc, read_layout, solution_digits


@dataclass(frozen=True)
class Clues:
    """A Hidoku puzzle: the board and the numbers given."""

    rows: int
    cols: int
    givens: Mapping[Cell, int] = field(default_factory=dict)
    """The numbers given, by cell (row, column) from 1."""


def _hint(clues: Clues) -> str:
    return f"a given is a number 1-{clues.rows * clues.cols}, '-' for an empty cell"


class Hidoku(Genre[Clues]):
    puzzlekit = "Hidoku"
    kinds = ("number-path", "given-number")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        top = clues.rows * clues.cols
        b.board = (clues.rows, clues.cols)
        b.digits = (1, top)
        b.add("number-path")
        for (r, c), d in sorted(clues.givens.items()):
            if not 1 <= d <= top:
                raise ClueError(f"the given {d} at r{r}c{c} is outside 1-{top}", _hint(clues),
                                at=(r, c))
            b.add("given-number", [(r, c)], id_stem="given", number=d)

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        hint = _hint(Clues(lay.rows, lay.cols))
        givens: dict[Cell, int] = {}
        for r, row in enumerate(lay.blocks[0]):
            for c, tok in enumerate(row):
                if tok.text != "-":
                    givens[(r + 1, c + 1)] = number(src, tok, f"at {rc(r, c)}", hint)
                    src.places[(r + 1, c + 1)] = tok
        return Clues(lay.rows, lay.cols, givens)

    def read_solution(self, src: Source) -> Answer:
        return {"digits": solution_digits(src)}
