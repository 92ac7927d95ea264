"""Count tests for `same-box-digits`: every box holds the same set of digits as the top-left
one; plain and under `not`, against brute force on a 2×4 board of 1×2 boxes."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from counting import case_error, check

CELLS = [(r, c) for r in range(1, 3) for c in range(1, 5)]
BOXES = [[(r, c), (r, c + 1)] for r in (1, 2) for c in (1, 3)]
GIVENS = {(1, 1): 1, (2, 4): 2}


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
def test_counts(tmp_path: Path, negated: bool) -> None:
    want = 0
    for vs in itertools.product(range(1, 4), repeat=len(CELLS)):
        g = dict(zip(CELLS, vs, strict=True))
        if all(g[c] == v for c, v in GIVENS.items()):
            sets = [{g[c] for c in box} for box in BOXES]
            want += all(s == sets[0] for s in sets) != negated
    assert 0 < want < 1000
    front = "board: 2x4\ndigits: 1-3\ngivens: |\n  1 . . .\n  . . . 2\n"
    check(tmp_path, front, ("not " if negated else "") + "same-box-digits 1x2", want)


def test_boxes_must_tile_the_board(tmp_path: Path) -> None:
    e = case_error(tmp_path, "board: 2x4\n", "same-box-digits 2x3")
    assert [d.kind for d in e.diagnostics] == ["bad-positional"]
    assert e.diagnostics[0].message == "boxes 2x3 do not tile the 2×4 board"
