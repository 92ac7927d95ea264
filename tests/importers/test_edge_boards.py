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
    around,
    board,
    connected,
    count,
    grid_text,
    shadings,
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


# -- cells in no region: LITS --------------------------------------------------

SHAPES = {"L": 1, "I": 2, "T": 3, "S": 4, "O": 5}


def shape(cells: set[Cell]) -> str:
    """The tetromino's letter, whichever way it is turned or mirrored."""
    forms = set()
    pts = list(cells)
    for _ in range(4):
        pts = [(c, -r) for r, c in pts]
        for mirror in (pts, [(r, -c) for r, c in pts]):
            r0, c0 = min(r for r, _ in mirror), min(c for _, c in mirror)
            forms.add(tuple(sorted((r - r0, c - c0) for r, c in mirror)))
    if ((0, 0), (0, 1), (1, 0), (1, 1)) in forms:
        return "O"
    if ((0, 0), (0, 1), (0, 2), (0, 3)) in forms:
        return "I"
    if ((0, 0), (0, 1), (0, 2), (1, 1)) in forms:
        return "T"
    if ((0, 0), (0, 1), (1, 1), (1, 2)) in forms:
        return "S"
    return "L"


def lits_brute(rows: int, cols: int, rooms: dict[Cell, str]) -> int:
    """Shadings where each room (cells named alike, `@` none) holds one tetromino, cells in no
    room stay unshaded, the shaded cells hang together without a 2×2 block, and tetrominoes of
    one shape never touch across a room's border."""
    names = sorted({n for n in rooms.values() if n != "@"})
    n = 0
    for shaded in shadings(board(rows, cols)):
        if any(rooms[x] == "@" for x in shaded) or not connected(shaded):
            continue
        if any({(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= shaded
               for r, c in board(rows, cols)):
            continue
        pieces = {name: {x for x in shaded if rooms[x] == name} for name in names}
        if any(len(p) != 4 or not connected(p) for p in pieces.values()):
            continue
        letter = {x: shape(pieces[rooms[x]]) for x in shaded}
        n += all(rooms[x] == rooms[y] or letter[x] != letter[y]
                 for x in shaded for y in around(x, shaded))
    return n


@pytest.mark.parametrize("layout", [
    ["A A A A", "@ @ @ @"],
    ["A A A A", "A @ @ B", "@ B B B"],
    ["A A @", "A A @", "@ @ @"],
])
def test_lits_cells_in_no_room_match_brute_force(tmp_path: Path, layout: list[str]) -> None:
    rooms = {(r, c): t for r, line in enumerate(layout, 1)
             for c, t in enumerate(line.split(), 1)}
    rows, cols = len(layout), len(layout[0].split())
    want = lits_brute(rows, cols, rooms)
    case = puzzlekit_to_case("LITS", "\n".join([f"{rows} {cols}", *layout]) + "\n")
    assert count(tmp_path, case) == (status_of(want), want)
