"""Genres on the boards at their edges: no clues at all, and boards one cell tall or wide (the
genres still reached through the bridge; each genre module's own are in its tests/genres file).

An importer that writes a rule line only when clues exist, or that names a corner by the cells
around it, states another puzzle there. Each imported puzzle's count is compared with a brute
force of the genre's rules written here in plain Python, over every answer of the tiny board.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from genre_checks import (
    around,
    board,
    connected,
    count,
    grid_text,
    partitions,
    shadings,
    status_of,
)

from sapphire.importers import puzzlekit_to_case

Cell = tuple[int, int]


# -- Shikaku -------------------------------------------------------------------------


def is_rectangle(group: set[Cell]) -> bool:
    rs, cs = [r for r, _ in group], [c for _, c in group]
    return len(group) == (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1)


def shikaku_brute(rows: int, cols: int, numbers: dict[Cell, int]) -> int:
    return sum(all(is_rectangle(g) and len([x for x in g if x in numbers]) == 1
                   and numbers[next(x for x in g if x in numbers)] == len(g) for g in part)
               for part in partitions(board(rows, cols)))


@pytest.mark.parametrize("rows, cols, numbers", [
    (2, 2, {}),  # no numbers: no rectangle can hold one
    (1, 1, {}),
    (1, 4, {(1, 1): 2, (1, 4): 2}),
    (1, 4, {(1, 2): 3, (1, 4): 1}),
    (3, 1, {(2, 1): 3}),
    (2, 2, {(1, 1): 2, (2, 2): 2}),
])
def test_shikaku_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                               numbers: dict[Cell, int]) -> None:
    want = shikaku_brute(rows, cols, numbers)
    case = puzzlekit_to_case("Shikaku", grid_text(rows, cols,
                                                  {x: str(n) for x, n in numbers.items()}))
    assert count(tmp_path, case) == (status_of(want), want)


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
