"""puzzlekit's Fillomino: one block, a given number (1 or more) or `-` per cell; a solution
is the number of every cell (read as plain digits by `solution`).

The case is `fillomino` with the givens. Its `digits:` bound the numbers, so they must reach
the largest region an answer can have: a region holds a given number (at most the largest
one), or lies among the cells without one, in one of the areas the givens fence off (at most
that area's size). No smaller bound is safe: 91_10x10's largest given is 6 and its answer has a
region of 14.

Where that bound passes `EXACT_SIZES` (two giant boards of the dataset, whose open areas hold
446 and 506 cells), the case is `fillomino above N` with N twice the largest given and two
more: a region of more than N cells is written N+1, and the answer found is the Fillomino's
exactly when it has no N+1 (see the kind). The case's `notes:` say so, since its puzzle is
then not the Fillomino word for word.
"""

from __future__ import annotations

from sapphire.formats.builder import CaseBuilder, digit_symbol
from sapphire.formats.common import Cell
from sapphire.formats.puzzlekit import Source, number, rc, read_layout

EXACT_SIZES = 128
"""The most numbers a cell may take before the case writes large regions as one number (the
SAT backend writes a cell of up to 128 values as clauses)."""

GIVEN_SYMBOLS = 16
"""The largest number a `givens:` grid writes (as G); a puzzle with a larger given names its
givens with `given-number` lines instead."""


def fillomino(b: CaseBuilder, src: Source) -> None:
    lay = read_layout(src, ("the grid",))
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    hint = "a given is the size of its cell's region, 1 or more; '-' for an empty cell"
    given: dict[Cell, int] = {}
    for r, row in enumerate(lay.blocks[0]):
        for c, tok in enumerate(row):
            if tok.text == "-":
                continue
            n = number(src, tok, f"at {rc(r, c)}", hint)
            if not 1 <= n <= rows * cols:
                raise src.at(tok, f"the number {n} at {rc(r, c)} is not 1-{rows * cols}: the "
                             f"board has {rows * cols} cells", hint)
            given[(r, c)] = n
    largest = max(given.values(), default=0)
    bound = max(largest, largest_open_area(rows, cols, set(given)))
    above = 2 * largest + 2
    if bound > EXACT_SIZES and above + 1 < bound:
        b.digits = (1, above + 1)
        b.add("fillomino", above=above)
        b.notes = (f"Regions of more than {above} cells are written {above + 1} (fillomino "
                   f"above {above}): an answer without a {above + 1} is the answer of the "
                   f"Fillomino; one with a {above + 1} only says that those regions are larger "
                   f"than {above}.")
    else:
        b.digits = (1, bound)
        b.add("fillomino")
    if largest <= GIVEN_SYMBOLS:
        b.grids["givens"] = [[digit_symbol(given.get((r, c))) for c in range(cols)]
                             for r in range(rows)]
    else:
        for (r, c), n in sorted(given.items()):
            b.add("given-number", [(r + 1, c + 1)], id_stem="given", number=n)


def largest_open_area(rows: int, cols: int, given: set[Cell]) -> int:
    """The most cells without a given number that are joined through side neighbours
    without one (0 when every cell has one)."""
    seen: set[Cell] = set(given)
    best = 0
    for start in ((r, c) for r in range(rows) for c in range(cols)):
        if start in seen:
            continue
        seen.add(start)
        todo, size = [start], 0
        while todo:
            r, c = todo.pop()
            size += 1
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= nb[0] < rows and 0 <= nb[1] < cols and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        best = max(best, size)
    return best
