"""Genres on the boards at their edges: no clues at all, and boards one cell tall or wide (the
genres still reached through the bridge; each genre module's own are in its tests/genres file).

An importer that writes a rule line only when clues exist, or that names a corner by the cells
around it, states another puzzle there. Each imported puzzle's count is compared with a brute
force of the genre's rules written here in plain Python, over every answer of the tiny board.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import (
    board,
    count,
    grid_text,
    status_of,
)

from sapphire.importers import puzzlekit_to_case, puzzlink_to_case

Cell = tuple[int, int]


# -- Gokigen Naname -------------------------------------------------------------------------------


def gokigen_brute(rows: int, cols: int, clues: dict[Cell, int]) -> int:
    """Diagonals in every cell (1 `\\`, 2 `/`) with no loop among them, and each clued grid
    corner (a, b: 0..rows, 0..cols) met by that many diagonals."""
    cells = board(rows, cols)
    n = 0
    def root(parent: dict[Cell, Cell], p: Cell) -> Cell:
        while parent.get(p, p) != p:
            p = parent[p]
        return p

    for slants in itertools.product((1, 2), repeat=len(cells)):
        parent: dict[Cell, Cell] = {}
        meets: dict[Cell, int] = {}
        loop = False
        for (r, c), s in zip(cells, slants, strict=True):
            ends = [(r - 1, c - 1), (r, c)] if s == 1 else [(r - 1, c), (r, c - 1)]
            for e in ends:
                meets[e] = meets.get(e, 0) + 1
            a, b = root(parent, ends[0]), root(parent, ends[1])
            loop |= a == b
            parent[a] = b
        n += not loop and all(meets.get(k, 0) == v for k, v in clues.items())
    return n


def gokigen_text(rows: int, cols: int, clues: dict[Cell, int]) -> str:
    grid = [" ".join(str(clues[(a, b)]) if (a, b) in clues else "-" for b in range(cols + 1))
            for a in range(rows + 1)]
    return "\n".join([f"{rows} {cols}", *grid]) + "\n"


@pytest.mark.parametrize("rows, cols, clues", [
    (1, 4, {(1, 2): 0}),  # the corner below r1c2 and r1c3, not the one above them
    (1, 4, {(0, 2): 0}),
    (1, 4, {(0, 2): 2, (1, 2): 0}),
    (1, 1, {(0, 0): 1}),  # a 1×1 board's four corners, each its own
    (1, 1, {(0, 1): 1}),
    (1, 1, {(1, 1): 0, (0, 1): 0}),
    (3, 1, {(1, 1): 1, (2, 0): 2}),
    (2, 2, {}),  # no clues: every slant without a loop
    (2, 2, {(1, 1): 4}),
])
def test_gokigen_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                               clues: dict[Cell, int]) -> None:
    want = gokigen_brute(rows, cols, clues)
    case = puzzlekit_to_case("GokigenNaname", gokigen_text(rows, cols, clues))
    assert count(tmp_path, case) == (status_of(want), want)


# -- NumberLink and Hashi without numbers ---------------------------------------------------


@pytest.mark.parametrize("rows, cols", [(2, 2), (1, 3), (1, 1)])
def test_numberlink_without_numbers(tmp_path: Path, rows: int, cols: int) -> None:
    """janko.at's (every cell on a line): no line to put them on, no answer. puz.link's numlin
    (cells may stay empty): the one answer draws nothing."""
    empty = grid_text(rows, cols, {})
    assert count(tmp_path, puzzlekit_to_case("NumberLink", empty)) == ("none", 0)
    link = f"p?numlin/{cols}/{rows}/{chr(ord('f') + rows * cols)}"
    assert count(tmp_path, puzzlink_to_case(link)) == ("unique", 1)


@pytest.mark.parametrize("rows, cols", [(2, 2), (1, 3), (1, 1)])
def test_hashi_without_islands_has_the_empty_answer(tmp_path: Path, rows: int,
                                                    cols: int) -> None:
    empty = grid_text(rows, cols, {})
    assert count(tmp_path, puzzlekit_to_case("Hashi", empty)) == ("unique", 1)

