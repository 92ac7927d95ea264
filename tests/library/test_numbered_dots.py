"""Count tests for Kropki dots with their own number: `white-dot … difference N` and
`black-dot … ratio N`, plain and under `not`, against brute force on a 1×3 board."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pytest
from counting import check


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "related"), [
    ("white-dot r1c1-r1c2-r1c3 difference 3", lambda a, b: abs(a - b) == 3),
    ("white-dot r1c1-r1c2", lambda a, b: abs(a - b) == 1),
    ("black-dot r1c3-r1c2 ratio 3", lambda a, b: a == 3 * b or b == 3 * a),
    ("black-dot r1c3-r1c2", lambda a, b: a == 2 * b or b == 2 * a),
], ids=["difference-3", "difference-default", "ratio-3", "ratio-default"])
def test_counts(tmp_path: Path, line: str, related: Callable[[int, int], bool],
                negated: bool) -> None:
    path = [(1, int(x)) for x in line.split()[1].replace("r1c", "").split("-")]
    want = 0
    for vs in itertools.product(range(1, 7), repeat=3):
        g = dict(zip([(1, 1), (1, 2), (1, 3)], vs, strict=True))
        holds = all(related(g[a], g[b]) for a, b in itertools.pairwise(path))
        want += holds != negated
    check(tmp_path, "board: 1x3\ndigits: 1-6\n", ("not " if negated else "") + line, want)
