"""puzzlekit genres whose answers are lines: Yajilin (a loop beside shaded cells) and Dominos
(dominoes, each a link).

* `Yajilin`: one block. `NE`, `NS`, `NW` or `NN` (a number and a direction: east, south, west,
  north; the direction may also come first) is a clue cell whose arrow counts the shaded
  cells from it to the edge of the board; `-` is an open cell. Its solution marks a shaded
  cell `x`, a clue cell `-`, and names for each cell on the loop the sides by which the loop
  leaves it (`n`, `e`, `s`, `w`).

* `Dominos`: one block, the number 0-9 in each cell. Its solution names each cell's domino
  (the two cells of a domino share a name).

A Yajilin becomes the `loop`, `loop-or-shaded` on every cell without a clue, `blank-cell` on
the clue cells, `shaded-apart` and an `arrow-shade-count` per clue, listing the clue's cell
and then the cells its arrow points at. A Dominos becomes `dominoes` over
the numbers as the case's `clues`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell
from sapphire.formats.puzzlekit import (
    Source,
    rc,
    read_layout,
)

DIRECTIONS: dict[str, tuple[int, int]] = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
"""The steps an arrow points along: north (up), east (right), south and west."""


def _arrow(text: str) -> tuple[int, str] | None:
    """A Yajilin clue `2e` (or `e2`) as its count and direction, or None."""
    t = text.lower()
    for count, way in ((t[:-1], t[-1:]), (t[1:], t[:1])):
        if way in DIRECTIONS and count.isdecimal():
            return int(count), way
    return None


def yajilin(b: CaseBuilder, src: Source) -> None:
    lay = read_layout(src, ("the grid",))
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    clues: list[tuple[Cell, int, str]] = []
    for r, row in enumerate(lay.blocks[0]):
        for c, t in enumerate(row):
            if t.text == "-":
                continue
            arrow = _arrow(t.text)
            if arrow is None:
                raise src.at(t, f"'{t.text}' at {rc(r, c)} is not a clue such as 2e or '-'",
                             "a clue is a number and the way its arrow points: n, e, s or w "
                             "(2e counts the shaded cells right of it); '-' is an open cell")
            clues.append(((r + 1, c + 1), *arrow))
    clued = {cell for cell, _, _ in clues}
    b.add("loop")
    b.add("shaded-apart")
    b.add("loop-or-shaded", [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
                             if (r, c) not in clued])
    if clued:
        b.add("blank-cell", [cell for cell, _, _ in clues])
    for (r, c), count, way in clues:
        dr, dc = DIRECTIONS[way]
        ray = [(r, c)]
        while 1 <= ray[-1][0] + dr <= rows and 1 <= ray[-1][1] + dc <= cols:
            ray.append((ray[-1][0] + dr, ray[-1][1] + dc))
        b.add("arrow-shade-count", ray, count=count)


def yajilin_solution(block: list[list[str]]) -> dict[str, Any]:
    """A Yajilin solution's cells as the answer's `shading` and `loop`."""
    block = [[t.lower() for t in row] for row in block]
    return {"shading": [[1 if t == "x" else 0 for t in row] for row in block],
            "loop": {"across": [[1 if "e" in t else 0 for t in row] for row in block],
                     "down": [[1 if "s" in t else 0 for t in row] for row in block]}}


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
    "Yajilin": yajilin_solution,
    "Dominos": dominos_solution,
}
"""How this module's genres read a solution's first block (its tokens as written)."""
