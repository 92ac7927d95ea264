"""Trinairo (`sapphire.genres.trinairo`): its fixture puzzles (tests/fixtures/genres/
trinairo.json) solve to their recorded answers; the case text is exact; malformed text is
refused at its place; the answers read; boards without clues count as a brute force of the
rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import (
    around,
    board,
    body,
    count,
    fixture,
    refusal,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

PUZZLES = fixture("trinairo")


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Trinairo", entry, tmp_path)


def test_the_case_text() -> None:
    # two grey cells side by side (r1c1, r1c2) are kept apart once
    assert body(puzzlekit_to_case("Trinairo", "3 3\nx2 1x -\n- - -\n- - x\n")) == """\
board: 3x3
digits: 1-3
givens: |
  2 1 .
  . . .
  . . .
---
row-1: digit-counts r1c1-r1c2-r1c3 counts [[1,1],[1,2],[1,3]]
row-2: digit-counts r2c1-r2c2-r2c3 counts [[1,1],[1,2],[1,3]]
row-3: digit-counts r3c1-r3c2-r3c3 counts [[1,1],[1,2],[1,3]]
column-1: digit-counts r1c1-r2c1-r3c1 counts [[1,1],[1,2],[1,3]]
column-2: digit-counts r1c2-r2c2-r3c2 counts [[1,1],[1,2],[1,3]]
column-3: digit-counts r1c3-r2c3-r3c3 counts [[1,1],[1,2],[1,3]]
grey-1: all-different r1c1-r1c2
grey-2: all-different r1c1-r2c1
grey-3: all-different r1c2-r1c3
grey-4: all-different r1c2-r2c2
grey-5: all-different r3c3-r2c3
grey-6: all-different r3c3-r3c2
"""


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("3 3\n1 4 -\n- - -\n- - -\n", 2, 3, "'4' at r1c2 is not a cell of a Trinairo"),
    ("3 3\n1 xx -\n- - -\n- - -\n", 2, 3, "'xx' at r1c2 is not a cell of a Trinairo"),
    ("3 3\n1 x- -\n- - -\n- - -\n", 2, 3, "'x-' at r1c2 is not a cell of a Trinairo"),
    ("1 3\n1 - -\n", 1, 1, "a 1x3 board's lines do not split in thirds"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Trinairo", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Trinairo problem: {says}")


def test_the_answers_read() -> None:
    assert read_solution("Trinairo", "3 3\n1 2 3\n2 3 1\n3 1 2\n") == {
        "digits": [[1, 2, 3], [2, 3, 1], [3, 1, 2]]}


# -- boards without clues, against a brute force ---------------------------------------------


def brute(rows: int, cols: int, marks: dict[tuple[int, int], str]) -> int:
    """Grids of 1-3, each digit in a third of every row and column, a given digit in its
    cell, and each grey cell's (marked with x) digit unlike its side neighbours'."""
    cells = board(rows, cols)
    found = 0
    for values in itertools.product((1, 2, 3), repeat=len(cells)):
        v = dict(zip(cells, values, strict=True))
        lines = [[v[(r, c)] for c in range(1, cols + 1)] for r in range(1, rows + 1)]
        lines += [[v[(r, c)] for r in range(1, rows + 1)] for c in range(1, cols + 1)]
        if any(line.count(d) * 3 != len(line) for line in lines for d in (1, 2, 3)):
            continue
        if any(m.strip("x") and v[x] != int(m.strip("x")) for x, m in marks.items()):
            continue
        found += all(v[x] != v[y] for x, m in marks.items() if "x" in m
                     for y in around(x, cells))
    return found


@pytest.mark.parametrize("marks", [
    {},  # no clues: the 12 Latin squares of order 3
    {(2, 2): "x"},
    {(1, 1): "1x", (2, 2): "x"},
    {(1, 1): "1", (1, 2): "x2"},
])
def test_boards_match_brute_force(tmp_path: Path, marks: dict) -> None:
    want = brute(3, 3, marks)
    text = "\n".join(["3 3", *(" ".join(marks.get((r, c), "-") for c in range(1, 4))
                               for r in range(1, 4))]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("Trinairo", text)) == (status_of(want), want)
