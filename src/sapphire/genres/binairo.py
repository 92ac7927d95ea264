"""Binairo: fill every cell with one of two digits so that each row and each column holds as
many of one as of the other, and no three cells side by side in a row or column are equal.

The case writes the two digits as 0 and 1 (`digits: 0-1`), the givens in its `givens:` grid
(left out when there are none), with `no-three-in-a-row` and a `digit-counts` per row and per
column (half of its cells 0, half 1); the answer is the digits. A board of an odd number of
rows or columns is no Binairo and is refused. The dataset's puzzles need no rule that rows or
columns differ, and the case states none.

* puzzlekit (`Binairo`): one block, `1` or `2` a given (the case's 0 and 1), `-` an empty
  cell. The solution holds every cell's 1 or 2.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell, grid_columns, grid_rows
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, number, rc, read_layout, solution_grid

SYMBOLS = {"1": 0, "2": 1}
"""A puzzlekit given and the digit the case writes for it."""


@dataclass(frozen=True)
class Clues:
    """A Binairo puzzle: the board and its givens."""

    rows: int
    cols: int
    givens: Mapping[Cell, int] = field(default_factory=dict)
    """The digits given, 0 or 1, by cell (row, column) from 1."""


class Binairo(Genre[Clues]):
    puzzlekit = "Binairo"
    kinds = ("no-three-in-a-row", "digit-counts")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        for many, n in (("rows", rows), ("columns", cols)):
            if n % 2:
                raise ClueError(f"a Binairo has an even number of {many}, not {n}",
                                "each row and column holds as many 1s as 2s", at=many)
        b.board = (rows, cols)
        b.digits = (0, 1)
        if clues.givens:
            b.grids["givens"] = [[str(clues.givens[(r, c)]) if (r, c) in clues.givens else "."
                                  for c in range(1, cols + 1)] for r in range(1, rows + 1)]
        b.add("no-three-in-a-row")
        for stem, lines in (("row", grid_rows(rows, cols)), ("column", grid_columns(rows, cols))):
            for line in lines:
                half = len(line) // 2
                b.add("digit-counts", line, id_stem=stem, counts=[[half, 0], [half, 1]])

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        src.places["rows"], src.places["columns"] = lay.head[0], lay.head[1]
        givens: dict[Cell, int] = {}
        for r, row in enumerate(lay.blocks[0]):
            for c, tok in enumerate(row):
                if tok.text in SYMBOLS:
                    givens[(r + 1, c + 1)] = SYMBOLS[tok.text]
                elif tok.text != "-":
                    raise src.at(tok, f"'{tok.text}' at {rc(r, c)} is not '1', '2' or '-'",
                                 "a given is 1 or 2 (the case writes 0 and 1); '-' is an empty "
                                 "cell")
        return Clues(lay.rows, lay.cols, givens)

    def read_solution(self, src: Source) -> Answer:
        """Every cell's 1 or 2, as the case's 0 or 1."""
        return {"digits": [[number(src, t, f"at {rc(r, c)}", "a cell is 1 or 2", dash=False) - 1
                            for c, t in enumerate(row)]
                           for r, row in enumerate(solution_grid(src))]}
