"""Kinds that read a digit as a position or a count, on boards whose digits start at 0: a 0
points at no cell (`numbered-room`, `row-indexer`, `column-indexer`: the rule fails) or counts
no cells (`x-sum`: the total must be 0; no circle of `counting-circles` may hold it); a
`lunchbox` between the 0 and the largest digit takes any number of cells that add up to its
total (two cells for a total of 3 on digits 0-3). Counts against brute force, plain and under
`not`."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pytest
from counting import Cell, Grid, cells_of, check, counting_circles, lunchbox, x_sum


def numbered_room(S: list[Cell], digit: int) -> Callable[[Grid], bool]:
    return lambda g: 1 <= g[S[0]] <= len(S) and g[S[g[S[0]] - 1]] == digit


def column_indexer(S: list[Cell], cols: int) -> Callable[[Grid], bool]:
    return lambda g: all(1 <= g[(r, c)] <= cols and g[(r, g[(r, c)])] == c for r, c in S)


def row_indexer(S: list[Cell], rows: int) -> Callable[[Grid], bool]:
    return lambda g: all(1 <= g[(r, c)] <= rows and g[(g[(r, c)], c)] == r for r, c in S)


CASES = [
    ("x-sum r1c1-r1c2-r1c3-r1c4 total 0", 1, 4, x_sum(cells_of("r1c1-r1c2-r1c3-r1c4"), 0)),
    ("x-sum r1c4-r1c3-r1c2-r1c1 total 3", 1, 4, x_sum(cells_of("r1c4-r1c3-r1c2-r1c1"), 3)),
    ("numbered-room r1c1-r1c2-r1c3-r1c4 digit 0", 1, 4,
     numbered_room(cells_of("r1c1-r1c2-r1c3-r1c4"), 0)),
    ("numbered-room r1c4-r1c3-r1c2 digit 2", 1, 4, numbered_room(cells_of("r1c4-r1c3-r1c2"), 2)),
    ("column-indexer r1c2", 1, 3, column_indexer(cells_of("r1c2"), 3)),
    ("row-indexer r2c1", 3, 1, row_indexer(cells_of("r2c1"), 3)),
    ("lunchbox r1c1-r1c2-r1c3-r1c4 total 3", 1, 4,
     lunchbox(cells_of("r1c1-r1c2-r1c3-r1c4"), 3)),
    ("counting-circles r1c1-r1c2-r1c3-r1c4", 1, 4,
     counting_circles(cells_of("r1c1-r1c2-r1c3-r1c4"))),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rows", "cols", "rule"), CASES, ids=[c[0] for c in CASES])
def test_counts_with_digits_from_zero(tmp_path: Path, line: str, rows: int, cols: int,
                                      rule: Callable[[Grid], bool], negated: bool) -> None:
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    want = 0
    for vs in itertools.product(range(0, 4), repeat=len(cells)):
        g = dict(zip(cells, vs, strict=True))
        want += rule(g) != negated
    assert 0 < want < 1000
    check(tmp_path, f"board: {rows}x{cols}\ndigits: 0-3\n", ("not " if negated else "") + line,
          want)
