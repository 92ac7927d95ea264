"""Bosanowa (`sapphire.genres.bosanowa`): its fixture puzzles (tests/fixtures/genres/
bosanowa.json) solve to their recorded answers in both formats and come back through their
links; the case text is exact, its digit range bounded by the rule; a link is cropped to its
circles; malformed text and broken links are refused at their place; the answers read; tiny
boards count as a brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import (
    around,
    board,
    body,
    comes_back_as_itself,
    comes_back_through_its_link,
    count,
    fixture,
    refusal,
    solves_to_its_answer,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("bosanowa")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Bosanowa", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Bosanowa", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_case_text() -> None:
    # the circles next to the 3 hold at most 6, the next 12, r2c3 three steps away 24
    assert body(puzzlekit_to_case("Bosanowa", "2 3\n3 - -\n- . -\n")) == """\
board: 2x3
digits: 0-24
givens: |
  3 . .
  . . .
---
black-cell r2c2
absent-digits r1c1-r1c2-r1c3-r2c1-r2c3 digits [0]
difference-sum r1c1-r1c2-r1c3-r2c1-r2c3
"""


def test_large_givens_are_given_numbers_and_a_circle_out_of_reach_may_hold_999() -> None:
    case = puzzlekit_to_case("Bosanowa", "1 4\n20 - . -\n")
    assert body(case) == """\
board: 1x4
digits: 0-999
---
given-1: given-number r1c1 number 20
black-cell r1c3
absent-digits r1c1-r1c2-r1c4 digits [0]
difference-sum r1c1-r1c2-r1c4
"""


def test_a_link_is_cropped_to_the_rows_and_columns_of_its_circles() -> None:
    case = puzzlekit_to_case("Bosanowa", "3 3\n. . .\n. 4 -\n. . .\n")
    assert export_puzzlink(case) == "https://puzz.link/p?bosanowa/2/1/04g"


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("1 2\n4 x\n", 2, 3, "'x' at r1c2 is neither '-' nor a number"),
    ("1 2\n4 0\n", 2, 3, "the number 0 at r1c2 is not 1-999"),
    ("1 2\n. .\n", 1, 1, "the board has no circle"),
    ("1 2\n4 -\n-\n", 3, 1, "expected the end of the text after the grid, found another line"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Bosanowa", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Bosanowa problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?bosanowa/2/1/!", "bad-puzzlink", 34,
     "not a puzz.link link: '!' is not a base-32 digit where the cells without a circle "
     "should be"),
    ("https://puzz.link/p?bosanowa/2/1/04g5", "bad-puzzlink", 37,
     "not a puzz.link link: 1 character(s) past the end of the puzzle"),
    ("https://puzz.link/p?bosanowa/2/1/v", "puzzlink-clues", 34,
     "the bosanowa it holds does not read: the board has no circle"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


def test_the_answers_read() -> None:
    assert read_solution("Bosanowa", "1 3\n2 - 3\n") == {"digits": [[2, 0, 3]]}
    (entry,) = PUZZLES["puzzlink"]
    assert read_pzprv3(entry["answer"]) == {"digits": [
        [0, 2, 3, 0, 0, 0], [0, 3, 5, 4, 2, 0], [6, 3, 0, 3, 2, 1], [3, 3, 5, 4, 2, 0],
        [0, 2, 3, 0, 0, 0]]}


# -- tiny boards, against a brute force --------------------------------------------------------


def brute(rows: int, cols: int, grid: dict[Cell, str], top: int) -> int:
    """Numbers 1..`top` in the circles (cells not `.`) that keep the givens, each the sum of
    its differences with the circles beside it."""
    circles = [x for x in board(rows, cols) if grid.get(x) != "."]
    found = 0
    for values in itertools.product(range(1, top + 1), repeat=len(circles)):
        v = dict(zip(circles, values, strict=True))
        if any(grid.get(x, "-") not in "-." and v[x] != int(grid[x]) for x in circles):
            continue
        found += all(v[x] == sum(abs(v[x] - v[y]) for y in around(x, circles))
                     for x in circles)
    return found


@pytest.mark.parametrize(("rows", "cols", "marks"), [
    (1, 1, {}),  # a lone circle's differences add up to 0: no answer
    (1, 2, {}),  # two circles hold each other's difference: 0 again
    (1, 3, {(1, 2): "4"}),  # 2 4 2
    (3, 1, {(3, 1): "3"}),  # 3 6 3
    (1, 4, {(1, 2): ".", (1, 3): "2"}),  # r1c1 stands alone: no answer
    (2, 2, {(1, 1): "2"}),
])
def test_tiny_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       marks: dict[Cell, str]) -> None:
    want = brute(rows, cols, marks, 24)
    text = "\n".join([f"{rows} {cols}", *(" ".join(marks.get((r, c), "-")
                                                   for c in range(1, cols + 1))
                                          for r in range(1, rows + 1))]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("Bosanowa", text)) == (status_of(want), want)
