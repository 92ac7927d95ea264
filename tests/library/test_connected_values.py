"""Count tests for `connected-values`: the cells holding one of the listed digits form one
non-empty, orthogonally connected group (of `size` cells when given); plain and under `not`,
against brute force on a 2×3 board."""

from __future__ import annotations

from pathlib import Path

import pytest
from counting import Grid, brute, check, givens_front, one_group

ROWS, COLS = 2, 3


def joined(g: Grid, digits: set[int], size: int) -> bool:
    cells = {c for c, v in g.items() if v in digits}
    return bool(cells) and (not size or len(cells) == size) and one_group(cells)


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


PART = [(1, 1), (1, 2), (2, 2), (2, 3)]
"""The cells of the `connected-group` tests: a part of the board, whose other cells neither
count nor join."""


def joined_in(g: Grid, digits: set[int], size: int) -> bool:
    return joined({c: g[c] for c in PART}, digits, size)


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("digits", "size"), [([1], 0), ([1, 3], 0), ([2], 2)],
                         ids=["one-digit", "two-digits", "sized"])
def test_connected_group_counts(tmp_path: Path, negated: bool, digits: list[int],
                                size: int) -> None:
    givens = {(1, 3): 1}  # a 1 outside the part, which would join r1c2's 1 on the board
    want = brute(ROWS, COLS, range(1, 4),
                 [lambda g: joined_in(g, set(digits), size) != negated], givens)
    assert 0 < want < 1000
    line = (f"connected-group r1c1-r1c2-r2c2-r2c3 digits [{','.join(map(str, digits))}]"
            + (f" size {size}" if size else ""))
    front = f"board: {ROWS}x{COLS}\ndigits: 1-3\n" + givens_front(ROWS, COLS, givens)
    check(tmp_path, front, ("not " if negated else "") + line, want)
