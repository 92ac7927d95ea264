"""Every 4×4 sudoku, by brute force: the answers a test counts without any solver."""

from __future__ import annotations

import itertools


def all_grids() -> list[tuple[tuple[int, ...], ...]]:
    """Every 4×4 sudoku, by brute force over rows of permutations."""
    perms = list(itertools.permutations(range(1, 5)))
    found = []
    for rows in itertools.product(perms, repeat=4):
        cols_ok = all(len({r[c] for r in rows}) == 4 for c in range(4))
        boxes_ok = all(len({rows[r][c] for r in (a, a + 1) for c in (b, b + 1)}) == 4
                       for a in (0, 2) for b in (0, 2))
        if cols_ok and boxes_ok:
            found.append(rows)
    return found


GRIDS = all_grids()


def matching(givens: dict[tuple[int, int], int]) -> list[tuple[tuple[int, ...], ...]]:
    return [g for g in GRIDS if all(g[r - 1][c - 1] == x for (r, c), x in givens.items())]
