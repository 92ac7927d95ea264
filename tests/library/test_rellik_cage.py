"""Count tests for `rellik-cage`: the cage's digits differ and no group of them adds up to the
total; plain and under `not`, against brute force over every subset of the cage."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from counting import cells_of, check


def holds(digits: list[int], total: int) -> bool:
    if len(set(digits)) != len(digits):
        return False
    return not any(sum(group) == total for n in range(1, len(digits) + 1)
                   for group in itertools.combinations(digits, n))


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("cage", "total", "digits"), [
    ("r1c1-r1c2-r1c3", 5, (1, 6)),     # no answer: {1,2,3,4,5} always holds 5 or a pair to 5
    ("r1c1-r1c2-r1c3", 8, (1, 6)),
    ("r1c1-r1c3", 4, (0, 5)),          # a 0 adds nothing: {0, 4} holds the group {4}
    ("r1c2-r1c3-r1c1", 12, (1, 6)),
])
def test_counts(tmp_path: Path, cage: str, total: int, digits: tuple[int, int],
                negated: bool) -> None:
    board = [(1, c) for c in range(1, 4)]
    cells = cells_of(cage)
    want = 0
    for vs in itertools.product(range(*digits), repeat=3):
        g = dict(zip(board, vs, strict=True))
        want += holds([g[c] for c in cells], total) != negated
    check(tmp_path, f"board: 1x3\ndigits: {digits[0]}-{digits[1] - 1}\n",
          ("not " if negated else "") + f"rellik-cage {cage} total {total}", want)
