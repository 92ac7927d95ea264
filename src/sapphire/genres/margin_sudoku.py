"""Margin Sudoku (janko.at's Randsummen-Sudoku): a sudoku whose numbers outside the grid are
each the sum of the first three digits seen from there, looking into its row or column.

The case is `sudoku 9x9` (or `board:`, `latin-square` and `boxes` for another size) with the
givens, and a `sum … total T` line per outside number over the cells it sees, listed from the
edge inwards (`top-1`, `bottom-1`, `left-1`, `right-1`, …). On other boards than 9×9 a number
sums as far in as a box reaches (the box's height from the top or bottom, its width from the
left or right). The answer is the digits.

* puzzlekit (`MarginSudoku`): after the size line, four lines of outside numbers (`-` for
  none): above the columns, below them, left of the rows, right of them; then the grid, a
  given digit or `-` per cell. A solution is every cell's digit.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell, region_box_dims
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import (
    Part,
    Source,
    number,
    number_grid,
    rc,
    read_lines,
    solution_digits,
    square_side,
)

HINT = "a given is a digit from 1 to the board's side; '-' for an empty cell"
SUM_HINT = "an outside number is the sum of the first digits it sees, '-' for none"
SIDES = ("top", "bottom", "left", "right")
WHERE = ("above column {k}", "below column {k}", "left of row {k}", "right of row {k}")
"""Where an outside number stands, by side, in an error."""


@dataclass(frozen=True)
class Clues:
    """A Margin Sudoku: the board, its givens and its outside numbers."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...] = ()
    """Each row's given digits, None for an empty cell."""
    margins: tuple[tuple[int | None, ...], ...] = ((), (), (), ())
    """The outside numbers (None: none) above the columns, below them, left of the rows and
    right of them, each line left to right or top down."""


def seen(side: str, k: int, n: int, depth: int) -> list[Cell]:
    """The `depth` cells the `k`th number on `side` of an n×n grid sees, from the edge in."""
    steps = range(1, depth + 1)
    return {"top": [(d, k) for d in steps], "bottom": [(n + 1 - d, k) for d in steps],
            "left": [(k, d) for d in steps], "right": [(k, n + 1 - d) for d in steps]}[side]


class MarginSudoku(Genre[Clues]):
    puzzlekit = "MarginSudoku"
    kinds = ("sudoku", "latin-square", "boxes", "sum")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        n = clues.rows
        boxes = region_box_dims(n, n, n)
        if clues.cols != n or boxes is None:
            raise ClueError(f"a {clues.rows}x{clues.cols} board has no sudoku boxes",
                            "a Margin Sudoku is a sudoku: 4x4, 6x6, 9x9, …", at="size")
        for r, row in enumerate(clues.givens, 1):
            for c, d in enumerate(row, 1):
                if d is not None and not 1 <= d <= n:
                    raise ClueError(f"the given {d} at {rc(r - 1, c - 1)} is not 1-{n}", HINT,
                                    at=(r, c))
        b.add_grid(n, n, boxes)
        b.add_givens(clues.givens)
        for side, numbers in zip(SIDES, clues.margins, strict=True):
            depth = boxes[0] if side in ("top", "bottom") else boxes[1]
            for k, total in enumerate(numbers, 1):
                if total is not None:
                    b.add("sum", seen(side, k, n, depth), id_stem=side, total=total)

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_lines(src, lambda rows, cols: [
            Part("the line of numbers above the columns", 1, cols),
            Part("the line of numbers below the columns", 1, cols),
            Part("the line of numbers left of the rows", 1, rows, "row"),
            Part("the line of numbers right of the rows", 1, rows, "row"),
            Part("the grid", rows, cols)])
        n = square_side(src, lay)
        src.places["size"] = lay.head[0]
        margins = []
        for side, where, block in zip(SIDES, WHERE, lay.blocks, strict=False):
            line: list[int | None] = []
            for k, tok in enumerate(block[0], 1):
                src.places[(side, k)] = tok
                line.append(None if tok.text == "-" else
                            number(src, tok, where.format(k=k), SUM_HINT))
            margins.append(tuple(line))
        return Clues(n, n, number_grid(src, lay.blocks[4], HINT), tuple(margins))

    def read_solution(self, src: Source) -> Answer:
        return {"digits": solution_digits(src)}
