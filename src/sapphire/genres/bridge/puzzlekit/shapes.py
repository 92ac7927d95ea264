"""puzzlekit genres whose answers are lines: Yajilin (a loop beside shaded cells), NumberLink
(lines joining pairs of numbers), GokigenNaname (a diagonal in every cell) and Hashi
(bridges).

* `Yajilin`: one block. `NE`, `NS`, `NW` or `NN` (a number and a direction: east, south, west,
  north; the direction may also come first) is a clue cell whose arrow counts the shaded
  cells from it to the edge of the board; `-` is an open cell. Its solution marks a shaded
  cell `x`, a clue cell `-`, and names for each cell on the loop the sides by which the loop
  leaves it (`n`, `e`, `s`, `w`), as a Masyu's does.

* `NumberLink`: one block. A number marks an end of its line: each number stands in exactly
  two cells; `-` is an open cell. Its solution names for each cell the sides by which a line
  leaves it (`n`, `e`, `s`, `w`; every cell is on a line).

* `GokigenNaname`: ROWS+1 lines of COLS+1 tokens, one per corner of the grid: `0`-`4` the
  number of diagonals meeting there, `-` no clue. Its solution holds `\\` or `/` per cell.

* `Hashi`: one block, an island's number of bridges (1-8) or `-` for water. Its solution
  marks each water cell a bridge runs through: `1` or `2` bridges across, `a` or `b` (one or
  two) down, `-` none (and every island `-`). No two islands of the dataset are neighbours, so
  every bridge shows in some cell.

A Yajilin becomes the `loop`, `loop-or-shaded` on every cell without a clue, `blank-cell` on
the clue cells, `shaded-apart` and an `arrow-shade-count` per clue, listing the clue's cell
and then the cells its arrow points at. A NumberLink becomes one `numberlink` line listing the
numbered cells in pairs, number by number, with `fill true`, and a note saying why: the
dataset's puzzles are janko.at's Arukone, whose rules ask no such thing (its rules page says so)
but whose puzzles are made to leave no cell empty, as every solution of the dataset shows. With
it the answer is proved the only one that fills the board; without it the proof is the stronger
claim and far slower (docs/decisions.md, "Guides"). A GokigenNaname becomes `gokigen`
and a `corner-diagonals` per number, listing the cells around its corner. A Hashi becomes `hashi`
listing the islands and a `bridge-count` per island number.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sapphire.case.givens import corner_cells, corner_number
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell
from sapphire.formats.puzzlekit import (
    Part,
    Source,
    Token,
    number,
    rc,
    read_layout,
    read_lines,
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


def numberlink(b: CaseBuilder, src: Source) -> None:
    lay = read_layout(src, ("the grid",))
    b.board = (lay.rows, lay.cols)
    ends: dict[int, list[tuple[Cell, Token]]] = {}
    for r, row in enumerate(lay.blocks[0]):
        for c, t in enumerate(row):
            if t.text != "-":
                n = number(src, t, f"at {rc(r, c)}", "a number marks an end of its line; '-' is "
                           "an open cell")
                ends.setdefault(n, []).append(((r + 1, c + 1), t))
    for n in sorted(ends):
        if len(ends[n]) != 2:
            tok = ends[n][2][1] if len(ends[n]) > 2 else ends[n][0][1]
            raise src.at(tok, f"number {n} stands in {len(ends[n])} cell"
                         f"{'s' if len(ends[n]) > 1 else ''}, not two",
                         "each number marks the two ends of its line, so it stands in two cells")
    b.add("numberlink", [cell for n in sorted(ends) for cell, _ in ends[n]], fill=True)


def janko_numberlink(b: CaseBuilder, src: Source) -> None:
    """The dataset's NumberLink, janko.at's Arukone: `numberlink`, with a note that `fill true`
    is no rule of janko.at's (puz.link's links, whose rules are their own, use `numberlink`)."""
    numberlink(b, src)
    b.notes = ("janko.at's Arukone has no rule that every cell be on a line, though its puzzles "
               "leave none empty; `fill true` asks it, so a unique answer here is the only one "
               "that fills the board.")


def links_solution(block: list[list[str]]) -> dict[str, Any]:
    """A solution naming each cell's sides a line leaves it by, as the answer's `links`."""
    block = [[t.lower() for t in row] for row in block]
    return {"links": {"across": [[1 if "e" in t else 0 for t in row] for row in block],
                      "down": [[1 if "s" in t else 0 for t in row] for row in block]}}


def gokigen(b: CaseBuilder, src: Source) -> None:
    lay = read_lines(src, lambda rows, cols: [Part("the corner grid", rows + 1, cols + 1)])
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    b.add("gokigen")
    hint = "a corner holds the number of diagonals meeting there, 0-4, or '-' for none"
    for a, row in enumerate(lay.blocks[0]):
        for c, t in enumerate(row):
            if t.text == "-":
                continue
            if t.text not in ("0", "1", "2", "3", "4"):
                raise src.at(t, f"'{t.text}' at corner {a},{c} is not 0-4 or '-'", hint)
            around = corner_cells(a, c, rows, cols)
            b.add("corner-diagonals", around, corner=corner_number(a, c, rows, cols),
                  count=int(t.text))


def diagonals_solution(block: list[list[str]]) -> dict[str, Any]:
    """A solution's `\\` and `/` per cell as the answer's `diagonals` (1 and 2)."""
    return {"diagonals": [[{"\\": 1, "/": 2}.get(t, 0) for t in row] for row in block]}


def hashi(b: CaseBuilder, src: Source) -> None:
    lay = read_layout(src, ("the grid",))
    b.board = (lay.rows, lay.cols)
    islands: dict[int, list[Cell]] = {}
    for r, row in enumerate(lay.blocks[0]):
        for c, t in enumerate(row):
            if t.text != "-":
                n = number(src, t, f"at {rc(r, c)}", "an island holds its number of bridges; "
                           "'-' is water")
                islands.setdefault(n, []).append((r + 1, c + 1))
    b.add("hashi", sorted(cell for cells in islands.values() for cell in cells))
    for n in sorted(islands):
        b.add("bridge-count", islands[n], id_stem="bridges", count=n)


def bridges_solution(block: list[list[str]]) -> dict[str, Any]:
    """A Hashi solution's bridge cells (`1`, `2` across, `a`, `b` down) as the answer's links:
    a bridge across cell r,c joins it to both its left and right neighbours."""
    block = [[t.lower() for t in row] for row in block]
    rows, cols = len(block), len(block[0]) if block else 0
    across = [[0] * cols for _ in range(rows)]
    down = [[0] * cols for _ in range(rows)]
    for r, row in enumerate(block):
        for c, t in enumerate(row):
            if t in ("1", "2"):
                across[r][c] = int(t)
                if c:
                    across[r][c - 1] = int(t)
            elif t in ("a", "b"):
                down[r][c] = " ab".index(t)
                if r:
                    down[r - 1][c] = " ab".index(t)
    return {"links": {"across": across, "down": down}}


SOLUTIONS: dict[str, Callable[[list[list[str]]], dict[str, Any]]] = {
    "Yajilin": yajilin_solution,
    "NumberLink": links_solution,
    "GokigenNaname": diagonals_solution,
    "Hashi": bridges_solution,
}
"""How this module's genres read a solution's first block (its tokens as written)."""
