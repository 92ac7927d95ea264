"""The puzzlekit genre Dominos, whose answer is dominoes, each a link.

* `Dominos`: one block, the number 0-9 in each cell. Its solution names each cell's domino
  (the two cells of a domino share a name).

A Dominos becomes `dominoes` over
the numbers as the case's `clues`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.puzzlekit import (
    Source,
    rc,
    read_layout,
)


def dominos(b: CaseBuilder, src: Source) -> None:
    lay = read_layout(src, ("the grid",))
    b.board = (lay.rows, lay.cols)
    grid = []
    for r, row in enumerate(lay.blocks[0]):
        for c, t in enumerate(row):
            if len(t.text) != 1 or not t.text.isdecimal():
                raise src.at(t, f"'{t.text}' at {rc(r, c)} is not a number 0-9",
                             "each cell holds the number on its half of a domino, 0-9")
        grid.append([t.text for t in row])
    b.add("dominoes")
    b.grids["clues"] = grid


def dominos_solution(block: list[list[str]]) -> dict[str, Any]:
    """A Dominos solution (each cell named by its domino) as the answer's links: neighbours
    of one name are one domino. Names differ in case (`a` and `A` are two dominoes)."""
    across = [[int(c + 1 < len(row) and row[c] == row[c + 1]) for c in range(len(row))]
              for row in block]
    down = [[int(r + 1 < len(block) and block[r][c] == block[r + 1][c])
             for c in range(len(row))] for r, row in enumerate(block)]
    return {"links": {"across": across, "down": down}}


SOLUTIONS: dict[str, Callable[[list[list[str]]], dict[str, Any]]] = {
    "Dominos": dominos_solution,
}
"""How this module's genres read a solution's first block (its tokens as written)."""
