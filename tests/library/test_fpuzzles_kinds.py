"""Count tests for the kinds added for f-puzzles: `minimum`, `maximum`, `strict-white-dot` and
`strict-black-dot`, each plain and under `not`, against brute force on a tiny board."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from counting import Cell, Grid, Rule, check

BOARD = [(r, c) for r in range(1, 3) for c in range(1, 4)]  # 2 rows, 3 columns
DIGITS = range(1, 5)


def neighbours(cell: Cell) -> list[Cell]:
    r, c = cell
    return [x for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if x in BOARD]


def extreme(cells: list[Cell], better: int) -> Rule:
    """Each cell beats every side neighbour: greater for +1, smaller for -1."""
    return lambda g: all(better * (g[x] - g[y]) > 0 for x in cells for y in neighbours(x))


def strict(exempt: list[tuple[Cell, Cell]], related: Rule | None = None) -> Rule:
    pairs = [(a, b) for a, b in itertools.combinations(BOARD, 2) if b in neighbours(a)
             and (a, b) not in exempt and (b, a) not in exempt]

    def rule(g: Grid, rel: object = related) -> bool:
        return not any(rel(g[a], g[b]) for a, b in pairs)  # type: ignore[operator]
    return rule


def consecutive(a: int, b: int) -> bool:
    return abs(a - b) == 1


def ratio(a: int, b: int) -> bool:
    return a == 2 * b or b == 2 * a


CASES = [
    ("maximum", "maximum r1c2", extreme([(1, 2)], 1)),
    ("maximum two cells", "maximum r1c1-r2c3", extreme([(1, 1), (2, 3)], 1)),
    ("minimum", "minimum r2c2", extreme([(2, 2)], -1)),
    ("strict-white-dot", "strict-white-dot r1c1-r1c2-r2c3-r1c3",
     strict([((1, 1), (1, 2)), ((2, 3), (1, 3))], consecutive)),
    ("strict-black-dot", "strict-black-dot r1c2-r2c2",
     strict([((1, 2), (2, 2))], ratio)),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("name", "line", "rule"), CASES, ids=[c[0] for c in CASES])
def test_counts(tmp_path: Path, name: str, line: str, rule: Rule, negated: bool) -> None:
    want = 0
    for vs in itertools.product(DIGITS, repeat=len(BOARD)):
        g = dict(zip(BOARD, vs, strict=True))
        want += (not rule(g)) if negated else rule(g)
    assert want < 4096  # the exact count, not a cap, is compared
    check(tmp_path, "board: 2x3\ndigits: 1-4\n", ("not " if negated else "") + line, want,
          cap=4096)
