"""Count tests for `weighted-sum` (each listed cell's value times its weight adds up to the
total; weights may be negative, a cell listed twice counts with both weights), plain and under
`not`, against brute force; and the checks of its `weights` parameter."""

from __future__ import annotations

from pathlib import Path

import pytest
from counting import brute, cells_of, check, error_kinds


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("path", "weights", "total"), [
    ("r1c1-r1c2-r1c3", [1, 1, -1], 2),        # a + b = c + 2
    ("r1c1-r1c2-r1c3", [10, 1, -1], 13),      # the two-digit number ab is c + 13
    ("r1c1-r1c2", [2, -3], 0),                # 2a = 3b
    ("r1c1-r1c2-r1c1", [1, 1, 2], 7),         # r1c1 listed twice: 3a + b = 7
    ("r1c1-r1c2-r1c3", [0, 0, 1], 2),         # zero weights leave a cell out
])
def test_counts(tmp_path: Path, path: str, weights: list[int], total: int,
                negated: bool) -> None:
    cells = cells_of(path)

    def rule(g: dict) -> bool:
        holds = sum(w * g[c] for w, c in zip(weights, cells, strict=True)) == total
        return holds != negated

    want = brute(1, 3, range(1, 5), [rule])
    w = ",".join(str(x) for x in weights)
    check(tmp_path, "board: 1x3\ndigits: 1-4\n",
          ("not " if negated else "") + f"weighted-sum {path} weights [{w}] total {total}", want)


@pytest.mark.parametrize(("line", "kinds"), [
    ("weighted-sum r1c1-r1c2 weights [1] total 3", ["bad-parameter-value"]),
    ("weighted-sum r1c1-r1c2 weights [1,2,3] total 3", ["bad-parameter-value"]),
    ("weighted-sum r1c1-r1c2 weights [1,true] total 3", ["bad-parameter-type"]),
    ("weighted-sum r1c1-r1c2 weights 2 total 3", ["bad-parameter-type"]),
    ("weighted-sum r1c1-r1c2 total 3", ["missing-parameter"]),
])
def test_weights_are_one_integer_per_cell(tmp_path: Path, line: str, kinds: list[str]) -> None:
    assert error_kinds(tmp_path, line) == kinds
