"""Hitori (`sapphire.genres.hitori`): its fixture puzzles (tests/fixtures/genres/hitori.json)
solve to their recorded answers in both formats and come back through their links; the case
text is exact; malformed text and broken links are refused at their place; the answers read;
boards one cell tall or wide count as a brute force of the rules does."""

from __future__ import annotations

from pathlib import Path

import pytest
from genre_checks import (
    around,
    board,
    body,
    comes_back_as_itself,
    comes_back_through_its_link,
    connected,
    count,
    fixture,
    refusal,
    shadings,
    solves_to_its_answer,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("hitori")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Hitori", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Hitori", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_numbers_are_the_clues_with_letters_past_9() -> None:
    case = puzzlekit_to_case("Hitori", "2 3\n12 1 12\n3 17 3\n")
    assert body(case) == """\
board: 2x3
clues: |
  C 1 C
  3 H 3
---
unshaded-distinct
shaded-apart
unshaded-connected
"""
    assert export_puzzlink(case) == "https://puzz.link/p?hitori/3/2/c1c3h3"


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("3 3\n1 2 3\n2 - 1\n3 1 2\n", 3, 3, "'-' at r2c2 is not a number"),
    ("1 2\n1 36\n", 2, 3, "the number 36 at r1c2 is not 1-35"),
    ("1 2\n0 1\n", 2, 1, "the number 0 at r1c1 is not 1-35"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Hitori", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Hitori problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?hitori/2/2/12.1", "bad-puzzlink", 34,
     "not a puzz.link link: every cell of a Hitori needs its number"),
    ("https://puzz.link/p?hitori/2/2/121", "bad-puzzlink", 35,
     "not a puzz.link link: every cell of a Hitori needs its number"),
    ("https://puzz.link/p?hitori/2/2/12!1", "bad-puzzlink", 34,
     "not a puzz.link link: '!' is not a Hitori number"),
    ("https://puzz.link/p?hitori/2/1/1-11", "puzzlink-clues", 32,
     "the hitori it holds does not read: the number 37 at r1c2 is not 1-35"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


def test_a_case_without_a_number_in_every_cell_is_refused() -> None:
    case = ("---\nlibrary: std\nboard: 1x2\nclues: |\n  1 .\n---\nunshaded-distinct\n"
            "shaded-apart\nunshaded-connected\n")
    assert refusal(export_puzzlink, case)[4] == ("the case cannot be written as a puzz.link "
                                                 "link: a Hitori's link needs a number in every "
                                                 "cell of its clues")


def test_the_answers_read() -> None:
    assert read_solution("Hitori", "1 3\nx - x\n") == {"shading": [[1, 0, 1]]}
    assert read_pzprv3("pzprv3/hitori/1/2/1 1 /# . /") == {"shading": [[1, 0]]}


# -- boards one cell tall or wide, against a brute force -----------------------------------


def brute(rows: int, cols: int, numbers: dict[Cell, int]) -> int:
    """Shadings where no number stands twice unshaded in a row or column, no two shaded cells
    touch side by side and the unshaded cells hang together."""
    cells = board(rows, cols)
    n = 0
    for shaded in shadings(cells):
        white = {x for x in cells if x not in shaded}
        if any(around(x, shaded) for x in shaded) or not connected(white):
            continue
        lines = [[x for x in white if x[0] == r] for r in range(1, rows + 1)]
        lines += [[x for x in white if x[1] == c] for c in range(1, cols + 1)]
        n += all(len({numbers[x] for x in line}) == len(line) for line in lines)
    return n


@pytest.mark.parametrize("rows, cols, grid", [
    (1, 1, [[1]]),
    (1, 4, [[1, 1, 2, 1]]),
    (4, 1, [[2], [2], [1], [2]]),
    (1, 3, [[1, 1, 1]]),  # the middle one alone stays: its two neighbours would part it
    (2, 2, [[1, 1], [1, 1]]),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       grid: list[list[int]]) -> None:
    numbers = {(r, c): v for r, row in enumerate(grid, 1) for c, v in enumerate(row, 1)}
    want = brute(rows, cols, numbers)
    text = "\n".join([f"{rows} {cols}", *(" ".join(map(str, row)) for row in grid)]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("Hitori", text)) == (status_of(want), want)
