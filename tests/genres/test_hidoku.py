"""Hidoku (`sapphire.genres.hidoku`): its fixture puzzle (tests/fixtures/genres/hidoku.json)
solves to its recorded answer; the case text is exact, givens past 16 included; malformed text
is refused at its place; the solution reads; boards without givens, one cell tall or wide,
count as a brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import (
    board,
    body,
    count,
    fixture,
    grid_text,
    refusal,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

PUZZLES = fixture("hidoku")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Hidoku", entry, tmp_path)


def test_the_case_text_gives_numbers_past_sixteen_as_rules() -> None:
    assert body(puzzlekit_to_case("Hidoku", "3 6\n1 - - - - 18\n- - - - - -\n- - - 9 - -\n")) \
        == """\
board: 3x6
digits: 1-18
---
number-path
given-1: given-number r1c1 number 1
given-2: given-number r1c6 number 18
given-3: given-number r3c4 number 9
"""


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n1 5\n- -\n", 2, 3, "the given 5 at r1c2 is outside 1-4"),
    ("2 2\n1 0\n- -\n", 2, 3, "the given 0 at r1c2 is outside 1-4"),
    ("2 2\n1 -\n- x\n", 3, 3, "'x' at r2c2 is neither '-' nor a number"),
    ("2 2\n1 -\n-\n", 3, 2, "expected 2 tokens on row 2 of the grid, found 1"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Hidoku", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Hidoku problem: {says}")


def test_the_solution_reads() -> None:
    assert read_solution("Hidoku", "1 2\n2 1\n") == {"digits": [[2, 1]]}
    assert refusal(read_solution, "Hidoku", "1 2\n2 -\n", label="s.txt") == (
        "bad-puzzlekit", "s.txt", 2, 3,
        "not a puzzlekit Hidoku solution: '-' at r1c2 is not a number")


# -- edge boards, against a brute force ------------------------------------------------------


def brute(rows: int, cols: int, givens: dict[Cell, int]) -> int:
    """Every placing of 1..N on the cells, each number's successor around it (sideways or at
    a corner), keeping the givens."""
    cells = board(rows, cols)
    n = 0
    for order in itertools.permutations(cells):
        if any(order[d - 1] != x for x, d in givens.items()):
            continue
        n += all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
                 for a, b in itertools.pairwise(order))
    return n


@pytest.mark.parametrize(("rows", "cols", "givens"), [
    (1, 1, {}), (1, 4, {}), (4, 1, {}), (2, 2, {}), (1, 4, {(1, 2): 1}),
    (3, 1, {(1, 1): 2}), (2, 2, {(1, 1): 1, (2, 2): 4}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       givens: dict[Cell, int]) -> None:
    want = brute(rows, cols, givens)
    text = grid_text(rows, cols, {x: str(d) for x, d in givens.items()})
    assert count(tmp_path, puzzlekit_to_case("Hidoku", text)) == (status_of(want), want)
