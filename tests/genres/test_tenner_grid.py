"""Tenner Grid (`sapphire.genres.tenner_grid`): its fixture puzzles (tests/fixtures/genres/
tenner_grid.json) solve to their recorded answers; the case text is exact; malformed text is
refused at its place; the answers read; boards without clues and one cell tall or wide count
as a brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import board, body, count, fixture, refusal, solves_to_its_solution, status_of

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

PUZZLES = fixture("tenner_grid")


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("TennerGrid", entry, tmp_path)


def test_the_case_text() -> None:
    # the size line counts the totals as a row: a board of 2 rows
    assert body(puzzlekit_to_case("TennerGrid", "3 3\n1 - -\n- - 2\n5 - 6\n")) == """\
board: 2x3
digits: 0-9
givens: |
  1 . .
  . . 2
---
row-1: all-different r1c1-r1c2-r1c3
row-2: all-different r2c1-r2c2-r2c3
anti-king
column-1: sum r1c1-r2c1 total 5
column-2: sum r1c3-r2c3 total 6
"""


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n1 x\n3 4\n", 2, 3, "'x' at r1c2 is neither '-' nor a number"),
    ("2 2\n1 12\n3 4\n", 2, 3, "the given 12 at r1c2 is not 0-9"),
    ("2 2\n1 -\n3 10\n", 3, 3, "the total 10 of column 2 is more than its cells can hold (9)"),
    ("2 11\n" + "- " * 11 + "\n" + "- " * 11 + "\n", 1, 1,
     "a row of 11 cells cannot hold different digits 0-9"),
    ("2 2\n1 -\n", 2, 4, "expected the line of totals, found the end of the text"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "TennerGrid", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit TennerGrid problem: {says}")


def test_the_answers_read() -> None:
    assert read_solution("TennerGrid", "3 2\n1 0\n2 3\n3 3\n") == {"digits": [[1, 0], [2, 3]]}


# -- boards without clues, and one cell tall or wide, against a brute force ------------------


def brute(rows: int, cols: int, totals: list[int | None]) -> int:
    """Grids of 0-9 with no digit twice in a row, none equal to a king's neighbour, and each
    given total the sum of its column."""
    cells = board(rows, cols)
    found = 0
    for values in itertools.product(range(10), repeat=len(cells)):
        v = dict(zip(cells, values, strict=True))
        if any(len({v[(r, c)] for c in range(1, cols + 1)}) < cols for r in range(1, rows + 1)):
            continue
        if any(v[(r, c)] == v.get((r + 1, c + d)) for r, c in cells for d in (-1, 0, 1)):
            continue
        found += all(t is None or sum(v[(r, c)] for r in range(1, rows + 1)) == t
                     for c, t in enumerate(totals, 1))
    return found


@pytest.mark.parametrize(("rows", "cols", "totals"), [
    (1, 1, [None]),  # no clues: any digit
    (1, 4, [1, 2, 3, 4]),
    (1, 3, [1, 1, None]),  # a digit twice in the row: no answer
    (3, 1, [3]),
    (2, 2, [3, 3]),
    (2, 2, [1, 1]),  # four cells that all touch, from 0 and 1: no answer
])
def test_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                  totals: list[int | None]) -> None:
    want = brute(rows, cols, totals)
    text = "\n".join([f"{rows + 1} {cols}", *(" ".join("-" * cols) for _ in range(rows)),
                      " ".join("-" if t is None else str(t) for t in totals)]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("TennerGrid", text)) == (status_of(want), want)
