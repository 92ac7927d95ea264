"""Solution counts of the kinds for numbers in regions and regions drawn around numbers,
against brute force on tiny boards.

As in test_regions_kinds.py, each kind's reference semantics is written here from its prose,
independently of the Sapphire meaning in its .md file, and the solver's count must equal brute
force, for the rule and for its negation.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from counting import NOT, Grid, Rule, brute, check, givens_front

# --- apart: equal numbers never side by side --------------------------------------------------


def apart(digits: list[int], diagonal: bool) -> Rule:
    """No two neighbouring cells (by a side, or with `diagonal` by a corner too) hold the same
    digit of `digits`, every digit but 0 when none is listed."""
    steps = [(0, 1), (1, 0)] + ([(1, 1), (1, -1)] if diagonal else [])

    def f(g: Grid) -> bool:
        for (r, c), v in g.items():
            if (v in digits) if digits else v != 0:
                if any(g.get((r + dr, c + dc)) == v for dr, dc in steps):
                    return False
        return True
    return f


APART_CASES = [
    # (board, digits, line, givens)
    ("2x3", "0-2", "apart", {}),
    ("2x3", "0-2", "apart digits [1]", {}),
    ("2x3", "0-2", "apart digits [0,2]", {}),
    ("2x3", "0-2", "apart diagonal true", {}),
    ("3x3", "1-3", "apart diagonal true", {(2, 2): 1, (1, 1): 2, (3, 3): 3, (1, 3): 3}),
    ("1x5", "0-3", "apart", {}),  # one row: only the right neighbour
    ("4x1", "1-4", "apart diagonal true", {}),  # one column: no corner neighbours at all
    ("3x3", "1-2", "apart", {}),  # two digits and no 0: only the two checkerboards
]


@pytest.mark.parametrize("negated", [False, True])
@pytest.mark.parametrize(("board", "digits", "line", "given"), APART_CASES,
                         ids=[f"{c[0]} {c[1]} {c[2]}" for c in APART_CASES])
def test_apart_counts(tmp_path: Path, board: str, digits: str, line: str, given: Grid,
                      negated: bool) -> None:
    rows, cols = map(int, board.split("x"))
    low, high = map(int, digits.split("-"))
    words = line.split()
    listed = [int(x) for x in words[words.index("digits") + 1].strip("[]").split(",")] \
        if "digits" in words else []
    rule = apart(listed, "diagonal" in words)
    want = brute(rows, cols, range(low, high + 1), [NOT(rule) if negated else rule], given)
    front = f"board: {board}\ndigits: {digits}\n" + givens_front(rows, cols, given)
    check(tmp_path, front, ("not " if negated else "") + line, want)


def test_apart_two_digits_are_the_checkerboards(tmp_path: Path) -> None:
    check(tmp_path, "board: 3x3\ndigits: 1-2\n", "apart", 2)


# --- neighbour-count: a number counts its numbered neighbours --------------------------------


def neighbour_count(g: Grid) -> bool:
    """Each cell holding a number (not 0) holds how many of its side neighbours hold one."""
    return all(v == sum(g.get(nb, 0) != 0 for nb in ((r + 1, c), (r - 1, c), (r, c + 1),
                                                     (r, c - 1)))
               for (r, c), v in g.items() if v)


NEIGHBOUR_CASES = [
    # (board, digits, givens)
    ("2x3", "0-2", {}),
    ("2x3", "0-3", {(1, 2): 3, (2, 1): 0}),
    ("3x3", "0-4", {(2, 2): 4, (1, 1): 0, (3, 3): 0, (1, 3): 0, (3, 1): 2}),
    ("3x3", "0-1", {}),  # a 1 has exactly one numbered neighbour: dominoes apart
    ("1x5", "0-2", {}),  # one row: at most two neighbours
    ("4x1", "0-2", {(2, 1): 2}),  # one column
    ("2x2", "1-2", {}),  # no 0 allowed: every cell has two numbered neighbours
]


@pytest.mark.parametrize("negated", [False, True])
@pytest.mark.parametrize(("board", "digits", "given"), NEIGHBOUR_CASES,
                         ids=[f"{c[0]} {c[1]} {sorted(c[2])}" for c in NEIGHBOUR_CASES])
def test_neighbour_count_counts(tmp_path: Path, board: str, digits: str, given: Grid,
                                negated: bool) -> None:
    rows, cols = map(int, board.split("x"))
    low, high = map(int, digits.split("-"))
    rule = NOT(neighbour_count) if negated else neighbour_count
    want = brute(rows, cols, range(low, high + 1), [rule], given)
    front = f"board: {board}\ndigits: {digits}\n" + givens_front(rows, cols, given)
    check(tmp_path, front, ("not " if negated else "") + "neighbour-count", want)


def test_neighbour_count_with_two_digits_fills_a_square(tmp_path: Path) -> None:
    check(tmp_path, "board: 2x2\ndigits: 1-2\n", "neighbour-count", 1)
