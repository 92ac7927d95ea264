"""Trinairo (janko.at): write 1, 2 or 3 in every cell, each as often as the others in every
row and every column (a third of its cells each); a grey cell's digit differs from those of
the cells beside it (up, down, left and right).

The case is `digits: 1-3`, a `digit-counts` line on each row and column (`row-1`,
`column-1`, …) and an `all-different` line on each grey cell and each of its side neighbours
(`grey-1`, …). The rules are those of the puzzlekit solver; with them each of the dataset's
puzzles has its recorded answer alone. The answer is the digits.

* puzzlekit (`Trinairo`): the grid: a given digit, `-`, or a grey cell written with an `x`
  after or before its digit (`2x`, `x2`), or alone (`x`) when its digit is not given. A
  solution is every cell's digit.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import ORTHOGONAL, Cell, grid_columns, grid_rows, neighbours
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, rc, read_layout, solution_digits

HINT = "a cell is 1, 2, 3 or '-', with an x before or after it (or x alone) when it is grey"


@dataclass(frozen=True)
class Clues:
    """A Trinairo puzzle: the board, its given digits and its grey cells."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...] = ()
    """Each row's given digits, None for an open cell."""
    grey: frozenset[Cell] = frozenset()
    """The grey cells, (row, column) from 1."""


class Trinairo(Genre[Clues]):
    puzzlekit = "Trinairo"
    kinds = ("digit-counts", "all-different")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        if rows % 3 or cols % 3:
            raise ClueError(f"a {rows}x{cols} board's lines do not split in thirds",
                            "a Trinairo's rows and columns are a multiple of 3 long", at="size")
        b.board = (rows, cols)
        b.digits = (1, 3)
        b.add_givens(clues.givens)
        for what, lines in (("row", grid_rows(rows, cols)), ("column", grid_columns(rows, cols))):
            for line in lines:
                third = len(line) // 3
                b.add("digit-counts", line, id_stem=what, counts=[[third, d] for d in (1, 2, 3)])
        for cell in sorted(clues.grey):
            for nb in neighbours(cell, ORTHOGONAL, rows, cols):
                if nb not in clues.grey or cell < nb:  # two grey cells side by side: once
                    b.add("all-different", [cell, nb], id_stem="grey")

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        src.places["size"] = lay.head[0]
        givens, grey = [], set()
        for r, row in enumerate(lay.blocks[0], 1):
            line: list[int | None] = []
            for c, tok in enumerate(row, 1):
                text = tok.text.lower()
                is_grey = text == "x" or (len(text) == 2 and text.count("x") == 1)
                digit = text.replace("x", "") if is_grey else text
                if digit not in (("", "1", "2", "3") if is_grey else ("-", "1", "2", "3")):
                    raise src.at(tok, f"'{tok.text}' at {rc(r - 1, c - 1)} is not a cell of a "
                                 "Trinairo", HINT)
                src.places[(r, c)] = tok
                if is_grey:
                    grey.add((r, c))
                line.append(int(digit) if digit.isdecimal() else None)
            givens.append(tuple(line))
        return Clues(lay.rows, lay.cols, tuple(givens), frozenset(grey))

    def read_solution(self, src: Source) -> Answer:
        return {"digits": solution_digits(src)}
