"""Count tests for `full-rank-no-ties`: no two of the 4N lines of a square board (rows and
columns, read both ways) read the same number; plain and under `not`, against brute force."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from counting import check


def lines(n: int, g: dict[tuple[int, int], int]) -> list[tuple[int, ...]]:
    rows = [tuple(g[(r, c)] for c in range(1, n + 1)) for r in range(1, n + 1)]
    cols = [tuple(g[(r, c)] for r in range(1, n + 1)) for c in range(1, n + 1)]
    return rows + [x[::-1] for x in rows] + cols + [x[::-1] for x in cols]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("n", "digits", "givens"), [
    (2, 4, {}),
    (3, 3, {(1, 1): 1, (1, 2): 2, (1, 3): 3, (2, 2): 3}),
], ids=["2x2", "3x3"])
def test_counts(tmp_path: Path, n: int, digits: int, givens: dict[tuple[int, int], int],
                negated: bool) -> None:
    cells = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    want = 0
    for vs in itertools.product(range(1, digits + 1), repeat=n * n):
        g = dict(zip(cells, vs, strict=True))
        if all(g[c] == v for c, v in givens.items()):
            ls = lines(n, g)
            want += (len(set(ls)) == len(ls)) != negated
    assert 0 < want < 1000
    grid = "".join("  " + " ".join(str(givens.get((r, c), ".")) for c in range(1, n + 1)) + "\n"
                   for r in range(1, n + 1))
    front = f"board: {n}x{n}\ndigits: 1-{digits}\n" + (f"givens: |\n{grid}" if givens else "")
    check(tmp_path, front, ("not " if negated else "") + "full-rank-no-ties", want)
