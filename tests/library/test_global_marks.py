"""Count tests for the global negative marks `anti-xv` and `anti-black-dot`, plain and under
`not`, against brute force on a 2×3 board with digits 1-4."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pytest
from counting import check

BOARD = [(r, c) for r in range(1, 3) for c in range(1, 4)]
PAIRS = [(a, b) for a, b in itertools.combinations(BOARD, 2)
         if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1]


CASES = [
    ("anti-xv", lambda a, b: a + b in (5, 10)),
    ("anti-black-dot", lambda a, b: a == 2 * b or b == 2 * a),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "related"), CASES, ids=[c[0] for c in CASES])
def test_counts(tmp_path: Path, line: str, related: Callable[[int, int], bool],
                negated: bool) -> None:
    # r1c1 = 1 and r2c3 = 4 are given, to keep the count small enough to compare exactly
    front = "board: 2x3\ndigits: 1-4\ngivens: |\n  1 . .\n  . . 4\n"
    n = 0
    for vs in itertools.product(range(1, 5), repeat=len(BOARD)):
        g = dict(zip(BOARD, vs, strict=True))
        if g[(1, 1)] == 1 and g[(2, 3)] == 4:
            n += (not any(related(g[a], g[b]) for a, b in PAIRS)) != negated
    assert 0 < n < 256
    check(tmp_path, front, ("not " if negated else "") + line, n, cap=256)
