"""Count tests for `indexed-value`: the first cell holds the digit of the list cell that the
second cell points at (counting from 1); plain and under `not`, against brute force."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from counting import cells_of, check

CELLS = [(1, c) for c in range(1, 5)]


def holds(g: dict[tuple[int, int], int], path: list[tuple[int, int]]) -> bool:
    value, index, items = path[0], path[1], path[2:]
    return 1 <= g[index] <= len(items) and g[value] == g[items[g[index] - 1]]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize("path", [
    "r1c1-r1c2-r1c3-r1c4",            # a list of two: the digits 3 and 4 point past it
    "r1c4-r1c1-r1c1-r1c2-r1c3",       # the index cell is the list's first cell
    "r1c2-r1c3-r1c4-r1c1-r1c2-r1c3",  # the value cell is in the list
])
def test_counts(tmp_path: Path, path: str, negated: bool) -> None:
    cells = cells_of(path)
    want = 0
    for vs in itertools.product(range(1, 5), repeat=len(CELLS)):
        g = dict(zip(CELLS, vs, strict=True))
        want += holds(g, cells) != negated
    assert 0 < want < 256
    check(tmp_path, "board: 1x4\ndigits: 1-4\n", ("not " if negated else "") +
          f"indexed-value {path}", want)
