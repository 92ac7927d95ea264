"""Mathrax (janko.at): a Latin square (each row and column holds 1 to N once) with clues on
the grid's inner corners. A clue applies to the two diagonal pairs of the four cells around
its corner: `n+` each pair adds up to n, `n-` differs by n, `n*` multiplies to n, `n/` one is
n times the other; `o` the four digits are odd, `e` even.

The case is `latin-square` with the givens, and per clue either a line on each diagonal pair
(top left with bottom right first): `sum … total n`, `white-dot … difference n`, `product-cage
… product n` or `quotient-cage … quotient n`; or `odd` or `even` on the four cells. The rules
are those of the puzzlekit solver; with them each of the dataset's puzzles has its recorded
answer alone. The answer is the digits.

* puzzlekit (`Mathrax`): the grid, a given digit or `-` per cell; then ROWS−1 lines of COLS−1
  corner clues, `-` for none (the clue on line r, place c is the corner of rows r and r+1,
  columns c and c+1). A solution is every cell's digit.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import (
    Part,
    Source,
    number_grid,
    rc,
    read_lines,
    solution_digits,
    square_side,
)

HINT = "a given is a digit from 1 to the board's side; '-' for an empty cell"
CLUE_HINT = "a corner clue is a number and + - * or / (such as 7+ or 2/), o, e or '-'"
PAIRS = {"+": ("sum", "total"), "-": ("white-dot", "difference"),
         "*": ("product-cage", "product"), "/": ("quotient-cage", "quotient")}
"""A number's operation: the kind stating it on a pair of cells, and that kind's parameter."""


@dataclass(frozen=True)
class Clues:
    """A Mathrax puzzle: the board, its givens and its corner clues."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...] = ()
    """Each row's given digits, None for an empty cell."""
    corners: tuple[tuple[Cell, str, int | None], ...] = ()
    """Each corner clue: the cell above and left of the corner, its operation (+ - * / o
    e) and its number (None for o and e)."""


class Mathrax(Genre[Clues]):
    puzzlekit = "Mathrax"
    kinds = ("latin-square", "sum", "white-dot", "product-cage", "quotient-cage", "odd",
             "even")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        n = clues.rows
        for r, row in enumerate(clues.givens, 1):
            for c, d in enumerate(row, 1):
                if d is not None and not 1 <= d <= n:
                    raise ClueError(f"the given {d} at {rc(r - 1, c - 1)} is not 1-{n}", HINT,
                                    at=(r, c))
        b.add_grid(n, n, None)
        b.add_givens(clues.givens)
        for (r, c), op, number in clues.corners:
            four = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            if op in "oe":
                b.add("odd" if op == "o" else "even", four)
                continue
            if (op == "-" and number == 0) or (op == "/" and number == 0):
                raise ClueError(f"the clue {number}{op} at {corner(r, c)} names no pair of "
                                "digits", CLUE_HINT, at=("corner", r, c))
            kind, param = PAIRS[op]
            for pair in ([four[0], four[3]], [four[1], four[2]]):
                b.add(kind, pair, **{param: number})

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_lines(src, lambda rows, cols: [
            Part("the grid", rows, cols),
            Part("the corner clues", rows - 1, cols - 1, each="line {k} of {name}")])
        n = square_side(src, lay)
        src.places["size"] = lay.head[0]
        corners = []
        for r, row in enumerate(lay.blocks[1], 1):
            for c, tok in enumerate(row, 1):
                src.places[("corner", r, c)] = tok
                text = tok.text.lower()
                if text == "-":
                    continue
                if text in ("o", "e"):
                    corners.append(((r, c), text, None))
                elif text[:-1].isdecimal() and text[-1:] in PAIRS:
                    corners.append(((r, c), text[-1], int(text[:-1])))
                else:
                    raise src.at(tok, f"'{tok.text}' at {corner(r, c)} is not a clue",
                                 CLUE_HINT)
        return Clues(n, n, number_grid(src, lay.blocks[0], HINT), tuple(corners))

    def read_solution(self, src: Source) -> Answer:
        return {"digits": solution_digits(src)}


def corner(r: int, c: int) -> str:
    """A corner clue's place in an error: the cells it touches diagonally."""
    return f"the corner of r{r}c{c} and r{r + 1}c{c + 1}"
