"""The puzzlekit genre with outside clues: SkyscraperSudoku."""

from __future__ import annotations

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import grid_columns, grid_rows
from sapphire.formats.puzzlekit import (
    Layout,
    Part,
    Row,
    Source,
    number,
    read_parts,
    read_size,
    square_side,
    tokens,
)
from sapphire.genres.bridge.puzzlekit.sudokus import givens, sudoku_line

SIDES = ("above the columns", "below the columns", "left of the rows", "right of the rows")


def clue_parts(rows: int, cols: int) -> list[Part]:
    """The four lines of outside clues of a SkyscraperSudoku."""
    return [Part(f"the line of clues {side}", 1, cols if k < 2 else rows,
                 "column" if k < 2 else "row") for k, side in enumerate(SIDES)]


def outside_clues(b: CaseBuilder, src: Source, clue_rows: list[Row], rows: int,
                   cols: int) -> None:
    """Four lines of skyscraper clues: above the columns, below them, left of the rows and
    right of them; each clue's cells are listed nearest first."""
    top, bottom, left, right = clue_rows
    downs, acrosses = grid_columns(rows, cols), grid_rows(rows, cols)
    sides = ((top, downs, "column"), (bottom, [d[::-1] for d in downs], "column"),
             (left, acrosses, "row"), (right, [a[::-1] for a in acrosses], "row"))
    for (clues, paths, line), side in zip(sides, SIDES, strict=True):
        for k, (tok, cells) in enumerate(zip(clues, paths, strict=True), 1):
            if tok.text != "-":
                where = side.replace(f"the {line}s", f"{line} {k}")  # `left of row 3`
                b.add("skyscraper", cells, visible=number(
                    src, tok, where, "a clue is how many skyscrapers are seen, '-' for none"))


def skyscraper_sudoku(b: CaseBuilder, src: Source) -> None:
    """Four lines of outside clues (see `outside_clues`), then the givens."""
    lines = tokens(src.text)
    rows, cols = read_size(src, lines, extra=True)
    lay = Layout(rows, cols, lines[0], [])
    square_side(src, lay)
    lay.blocks = read_parts(src, lines, [*clue_parts(rows, cols),
                                     Part("the givens block", rows, cols)])
    sudoku_line(b, src, lay, rows)
    givens(b, src, lay.blocks[4], rows)
    outside_clues(b, src, [block[0] for block in lay.blocks[:4]], rows, cols)
