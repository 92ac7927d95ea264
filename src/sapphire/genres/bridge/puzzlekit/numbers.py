"""puzzlekit genres answered with numbers: Binairo.

Layouts (read from the dataset's problems and solutions):

* `Binairo`: one block, `1` or `2` a given, `-` an empty cell; the case writes them as the
  digits 0 and 1 (`digits: 0-1`), and so does its answer. Each row and column holds as many
  of each; no three side by side are equal. (The dataset's puzzles need no rule that rows or
  columns differ, and the text states none.)
"""

from __future__ import annotations

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import grid_columns, grid_rows
from sapphire.formats.puzzlekit import (
    Block,
    Source,
    number,
    rc,
    read_layout,
)


def binairo(b: CaseBuilder, src: Source) -> None:
    lay = read_layout(src, ("the grid",))
    rows, cols = lay.rows, lay.cols
    for tok, many, n in ((lay.head[0], "rows", rows), (lay.head[1], "columns", cols)):
        if n % 2:
            raise src.at(tok, f"a Binairo has an even number of {many}, not {n}",
                         "each row and column holds as many 1s as 2s")
    b.board = (rows, cols)
    b.digits = (0, 1)
    symbols = {"-": ".", "1": "0", "2": "1"}
    grid = []
    for r, row in enumerate(lay.blocks[0]):
        bad = next((c for c, t in enumerate(row) if t.text not in symbols), None)
        if bad is not None:
            raise src.at(row[bad], f"'{row[bad].text}' at {rc(r, bad)} is not '1', '2' or '-'",
                         "a given is 1 or 2 (the case writes 0 and 1); '-' is an empty cell")
        grid.append([symbols[t.text] for t in row])
    if any(s != "." for row in grid for s in row):
        b.grids["givens"] = grid
    b.add("no-three-in-a-row")
    for stem, lines in (("row", grid_rows(rows, cols)), ("column", grid_columns(rows, cols))):
        for line in lines:
            half = len(line) // 2
            b.add("digit-counts", line, id_stem=stem, counts=[[half, 0], [half, 1]])


def read_number_solution(genre: str, src: Source, block: Block) -> list[list[int]]:
    """The digits of a Binairo's solution block, as the case's answer holds them: its 1 and 2
    as 0 and 1."""
    return [[number(src, t, f"at {rc(r, c)}", "a cell is 1 or 2", dash=False) - 1
             for c, t in enumerate(row)] for r, row in enumerate(block)]


NUMBER_SOLUTIONS = ("Binairo",)
"""Genres whose solution `read_number_solution` reads (the others are plain digits)."""
