"""Str8ts: white cells take digits 1-N (N the board's longer side), no row or column holds a
digit twice (a black cell's given number counts), and each compartment (white cells side by
side between black cells or the edge) holds a straight: digits that follow on, in any order.

A black cell holds no digit: the case gives it 0 (`digits: 0-N`, with 0 kept out of the white
cells by `absent-digits`), or its given number. Each row and column is an `all-different` of
its cells that hold digits, and each compartment of two or more cells a `renban` (a
`straight`).

* puzzlekit (`Str8t`): one block: `-` a white cell, a number a white cell's given, `x` a black
  cell, and `Nx` (or `xN`) a black cell holding N. Its solution writes `-` for a black cell
  without a number (the case's 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder, digit_symbol
from sapphire.formats.common import Cell, grid_columns, grid_rows
from sapphire.formats.genre import Genre
from sapphire.formats.puzzlekit import Source, number, rc, read_layout, solution_grid


@dataclass(frozen=True)
class Clues:
    """A Str8ts puzzle: the board, its black cells and the digits given (in white or black
    cells)."""

    rows: int
    cols: int
    black: frozenset[Cell] = frozenset()
    givens: Mapping[Cell, int] = field(default_factory=dict)
    """The digits given, by cell (row, column) from 1."""


class Str8t(Genre[Clues]):
    puzzlekit = "Str8t"
    kinds = ("absent-digits", "all-different", "renban")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols, black = clues.rows, clues.cols, clues.black
        b.board = (rows, cols)
        b.digits = (0, max(rows, cols))
        b.grids["givens"] = [["0" if (r, c) in black and (r, c) not in clues.givens
                              else digit_symbol(clues.givens.get((r, c)))
                              for c in range(1, cols + 1)] for r in range(1, rows + 1)]
        white = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
                 if (r, c) not in black]
        if white:
            b.add("absent-digits", white, digits=[0])
        lines = grid_rows(rows, cols) + grid_columns(rows, cols)
        for line in lines:  # the digits of a row or column, a black cell's number among them
            valued = [x for x in line if x not in black or x in clues.givens]
            if len(valued) > 1:
                b.add("all-different", valued)
        for line in lines:
            run: list[Cell] = []
            for x in [*line, None]:
                if x is not None and x not in black:
                    run.append(x)
                    continue
                if len(run) > 1:
                    b.add("renban", run, id_stem="straight")
                run = []

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        top = max(lay.rows, lay.cols)
        hint = (f"a cell is '-' (white), a digit 1-{top} (white, given), 'x' (black) or a digit "
                "with x, such as 5x (black, holding 5)")
        black: set[Cell] = set()
        givens: dict[Cell, int] = {}
        for r, row in enumerate(lay.blocks[0], 1):
            for c, tok in enumerate(row, 1):
                text = tok.text
                if text.startswith("x") or text.endswith("x"):
                    black.add((r, c))
                    text = text[1:] if text.startswith("x") else text[:-1]
                    if not text:
                        continue
                if text == "-":
                    continue
                if not text.isdecimal() or not 1 <= int(text) <= top:
                    raise src.at(tok, f"'{tok.text}' at r{r}c{c} is not a Str8ts cell", hint)
                givens[(r, c)] = int(text)
        return Clues(lay.rows, lay.cols, frozenset(black), givens)

    def read_solution(self, src: Source) -> Answer:
        return {"digits": [[0 if t.text == "-" else number(src, t, f"at {rc(r, c)}")
                            for c, t in enumerate(row)]
                           for r, row in enumerate(solution_grid(src))]}
