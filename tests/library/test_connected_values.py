"""Count tests for `connected-values`: the cells holding one of the listed digits form one
non-empty, orthogonally connected group (of `size` cells when given); plain and under `not`,
against brute force on a 2×3 board."""

from __future__ import annotations

from pathlib import Path

import pytest
from counting import Grid, brute, check, givens_front

ROWS, COLS = 2, 3


def joined(g: Grid, digits: set[int], size: int) -> bool:
    cells = {c for c, v in g.items() if v in digits}
    if not cells or (size and len(cells) != size):
        return False
    seen, todo = set(), [next(iter(cells))]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        todo += [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in cells]
    return seen == cells


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("digits", "size"), [([1], 0), ([3], 0), ([1, 3], 0), ([2], 3)],
                         ids=["one-digit", "maybe-absent", "two-digits", "sized"])
def test_counts(tmp_path: Path, negated: bool, digits: list[int], size: int) -> None:
    # two givens keep the counts small
    givens = {(1, 2): 1, (2, 3): 2}
    want = brute(ROWS, COLS, range(1, 4),
                 [lambda g: joined(g, set(digits), size) != negated], givens)
    assert 0 < want < 1000
    line = f"connected-values digits [{','.join(map(str, digits))}]" + (
        f" size {size}" if size else "")
    front = f"board: {ROWS}x{COLS}\ndigits: 1-3\n" + givens_front(ROWS, COLS, givens)
    check(tmp_path, front, ("not " if negated else "") + line, want)
