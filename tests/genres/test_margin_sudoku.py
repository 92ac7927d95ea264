"""Margin Sudoku (`sapphire.genres.margin_sudoku`): its fixture puzzle (tests/fixtures/genres/
margin_sudoku.json) solves to its recorded answer; the case text is exact; malformed text is
refused at its place; the answers read; 4x4 boards count as a brute force of the rules
does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import body, count, fixture, refusal, solves_to_its_solution, status_of

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

PUZZLES = fixture("margin_sudoku")


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("MarginSudoku", entry, tmp_path)


def text_of(margins: list[list[str]], grid: list[str] | None = None) -> str:
    return "\n".join(["4 4", *(" ".join(m) for m in margins),
                      *(grid or ["- - - -"] * 4)]) + "\n"


def test_the_case_text() -> None:
    # on a 4x4 board a number sees two cells, from the edge in
    case = puzzlekit_to_case("MarginSudoku", text_of(
        [["3", "-", "-", "-"], ["-", "-", "-", "7"], ["-", "4", "-", "-"], ["-"] * 4],
        ["1 - - -", "- - - -", "- - - -", "- - - -"]))
    assert body(case) == """\
givens: |
  1 . . .
  . . . .
  . . . .
  . . . .
---
sudoku 4x4
top-1: sum r1c1-r2c1 total 3
bottom-1: sum r4c4-r3c4 total 7
left-1: sum r2c1-r2c2 total 4
"""


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("4 4\n3 - x -\n" + "- - - -\n" * 7, 2, 5, "'x' above column 3 is neither '-' nor a "
     "number"),
    ("4 4\n" + "- - - -\n" * 3 + "- - - q\n" + "- - - -\n" * 4, 5, 7,
     "'q' right of row 4 is neither '-' nor a number"),
    ("4 4\n" + "- - - -\n" * 5 + "- 5 - -\n" + "- - - -\n" * 2, 7, 3,
     "the given 5 at r2c2 is not 1-4"),
    ("3 3\n" + "- - -\n" * 7, 1, 1, "a 3x3 board has no sudoku boxes"),
    ("1 1\n" + "-\n" * 5, 1, 1, "a 1x1 board has no sudoku boxes"),
    ("4 4\n" + "- - - -\n" * 6, 7, 8, "expected row 3 of the grid, found the end of the text"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "MarginSudoku", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit MarginSudoku problem: {says}")


def test_the_answers_read() -> None:
    assert read_solution("MarginSudoku", "1 1\n1\n") == {"digits": [[1]]}


# -- 4x4 boards, against a brute force -------------------------------------------------------


def sudokus() -> list[tuple[tuple[int, ...], ...]]:
    rows = list(itertools.permutations(range(1, 5)))
    return [g for g in itertools.product(rows, repeat=4)
            if all(len(set(col)) == 4 for col in zip(*g, strict=True))
            and all(len({g[r + a][c + b] for a in (0, 1) for b in (0, 1)}) == 4
                    for r in (0, 2) for c in (0, 2))]


def brute(margins: list[list[str]]) -> int:
    """4x4 sudokus where each outside number is the sum of the two digits it sees first."""
    top, bottom, left, right = ([None if t == "-" else int(t) for t in m] for m in margins)
    found = 0
    for g in sudokus():
        found += all(
            (top[k] is None or g[0][k] + g[1][k] == top[k])
            and (bottom[k] is None or g[3][k] + g[2][k] == bottom[k])
            and (left[k] is None or g[k][0] + g[k][1] == left[k])
            and (right[k] is None or g[k][3] + g[k][2] == right[k]) for k in range(4))
    return found


@pytest.mark.parametrize("margins", [
    [["3", "-", "-", "-"], ["-"] * 4, ["3", "-", "-", "-"], ["-"] * 4],
    [["3", "7", "-", "-"], ["-"] * 4, ["-"] * 4, ["-", "-", "-", "5"]],
    [["3", "3", "-", "-"], ["-"] * 4, ["-"] * 4, ["-"] * 4],  # the top-left box: no answer
])
def test_boards_match_brute_force(tmp_path: Path, margins: list[list[str]]) -> None:
    want = brute(margins)
    assert count(tmp_path, puzzlekit_to_case("MarginSudoku", text_of(margins))) == (
        status_of(want), want)


def test_a_board_without_clues_has_the_288_sudokus_of_order_4(tmp_path: Path) -> None:
    assert len(sudokus()) == 288
    assert count(tmp_path, puzzlekit_to_case("MarginSudoku", text_of([["-"] * 4] * 4)),
                 most=300) == ("multiple", 288)
