"""Count tests for `doppelganger`: every row, column and box of an N×N board with digits 0..N
holds 0 and all of 1..N but the one its listed cell names; houses of a kind miss different
digits; at a 0 its three houses miss three different digits. Plain and under `not`, against
brute force on a 4×4 board with 2×2 boxes and its twelve extra cells, most of them given."""

from __future__ import annotations

from pathlib import Path

import pytest
from counting import Cell, Grid, brute, check, givens_front

N, H, W = 4, 2, 2
EXTRA = [(r, c) for r in (5, 6, 7) for c in range(1, 5)]
"""The missing digits: rows 1-4 (row 5), columns 1-4 (row 6), boxes 1-4 (row 7)."""
SOLVED = ["3204", "4031", "2410", "0123", "1234", "1342", "1234"]
"""A board that keeps the rule, with its missing digits below it."""


def houses() -> list[list[Cell]]:
    rows = [[(r, c) for c in range(1, N + 1)] for r in range(1, N + 1)]
    cols = [[(r, c) for r in range(1, N + 1)] for c in range(1, N + 1)]
    per_row = N // W
    boxes = [[((k // per_row) * H + u, (k % per_row) * W + v)
              for u in range(1, H + 1) for v in range(1, W + 1)] for k in range(N)]
    return rows + cols + boxes


def holds(g: Grid) -> bool:
    hs = houses()
    miss = [g[c] for c in EXTRA]
    if any(not 1 <= m <= N for m in miss):
        return False
    if any(len(set(miss[t * N:(t + 1) * N])) < N for t in range(3)):
        return False
    if any(sorted(g[c] for c in h) != sorted(set(range(N + 1)) - {m})
           for h, m in zip(hs, miss, strict=True)):
        return False
    return all(len({m for h, m in zip(hs, miss, strict=True) if (r, c) in h}) == 3
               for r in range(1, N + 1) for c in range(1, N + 1) if g[(r, c)] == 0)


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize("open_cells", [
    [(1, 3), (2, 2), (4, 1), (5, 1), (7, 4)],  # three 0s, and missing digits
    [(2, 1), (2, 2), (2, 3), (5, 2), (6, 3)],  # most of a row
], ids=["zeros", "row"])
def test_counts(tmp_path: Path, open_cells: list[Cell], negated: bool) -> None:
    givens = {(r, c): int(SOLVED[r - 1][c - 1]) for r in range(1, 8) for c in range(1, 5)
              if (r, c) not in open_cells}
    want = brute(7, 4, range(0, 5), [lambda g: holds(g) != negated], givens)
    assert (want >= 1) if not negated else want < 5 ** 5
    cells = "-".join(f"r{r}c{c}" for r, c in EXTRA)
    front = "board: 4x4\ndigits: 0-4\nextra-cells: 12\n" + givens_front(7, 4, givens)
    check(tmp_path, front, ("not " if negated else "")
          + f"doppelganger {cells} height {H} width {W}", want, cap=4000)


def all_boards(first_row: str) -> int:
    """Every 4×4 board with this first row whose rows, columns and boxes hold different digits
    of 0-4 and that keeps the rule with some missing digits (which the board then fixes), by
    backtracking."""
    count = 0
    g: Grid = {(1, c): int(d) for c, d in enumerate(first_row, 1)}

    def place(i: int) -> None:
        nonlocal count
        if i == N * N:
            miss = [(set(range(N + 1)) - {g[c] for c in h}).pop() for h in houses()]
            count += holds({**g, **dict(zip(EXTRA, miss, strict=True))})
            return
        r, c = divmod(i, N)
        r, c = r + 1, c + 1
        seen = {v for (a, b), v in g.items()
                if a == r or b == c or ((a - 1) // H, (b - 1) // W) == ((r - 1) // H, (c - 1) // W)}
        for d in range(N + 1):
            if d not in seen:
                g[(r, c)] = d
                place(i + 1)
                del g[(r, c)]

    place(N)
    return count


def test_every_answer_of_a_4x4_doppelganger_sudoku(tmp_path: Path) -> None:
    want = all_boards(SOLVED[0])
    assert want > 1
    cells = "-".join(f"r{r}c{c}" for r, c in EXTRA)
    front = "board: 4x4\ndigits: 0-4\nextra-cells: 12\ngivens: |\n  3 2 0 4\n"
    check(tmp_path, front + "  . . . .\n" * 3,
          f"sudoku 4x4\ndoppelganger {cells} height {H} width {W}", want)
