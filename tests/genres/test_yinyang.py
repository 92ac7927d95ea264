"""Yin-Yang (`sapphire.genres.yinyang`): its fixture puzzles (tests/fixtures/genres/yinyang.json)
solve to their recorded answers in both formats and come back through their links; the case
text is exact; malformed text and broken links are refused at their place; the answers read;
boards without circles and boards one cell tall or wide count as a brute force of the rules
does."""

from __future__ import annotations

from pathlib import Path

import pytest
from genre_checks import (
    board,
    body,
    comes_back_as_itself,
    comes_back_through_its_link,
    connected,
    count,
    fixture,
    grid_text,
    refusal,
    shadings,
    solves_to_its_answer,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("yinyang")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("YinYang", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("YinYang", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_circles_are_the_shading_grid() -> None:
    case = puzzlekit_to_case("YinYang", "2 3\nb - W\n- - -\n")
    assert body(case) == """\
board: 2x3
shading: |
  b . w
  . . .
---
yin-yang
"""
    assert export_puzzlink(case) == "https://puzz.link/p?yinyang/3/2/j0"


def test_a_board_without_circles_has_no_grid() -> None:
    case = puzzlekit_to_case("YinYang", "1 2\n- -\n")
    assert body(case) == "board: 1x2\n---\nyin-yang\n"
    assert export_puzzlink(case) == "https://puzz.link/p?yinyang/2/1/0"


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 3\nb - w\nw q -\n", 3, 3, "'q' at r2c2 is not 'b', 'w' or '-'"),
    ("2 2\nb x\nw w\n", 2, 3, "'x' at r1c2 is not 'b', 'w' or '-'"),
    ("2 2\nb w\nw\n", 3, 2, "expected 2 tokens on row 2 of the grid, found 1"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "YinYang", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit YinYang problem: {says}")


@pytest.mark.parametrize(("link", "col", "message"), [
    ("https://puzz.link/p?yinyang/3/2/jz", 34, "'z' is not a base-27 digit (0-9, a-q)"),
    ("https://puzz.link/p?yinyang/3/2/j00", 35, "1 character(s) past the end of the puzzle"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, col: int, message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (
        "bad-puzzlink", "<puzzlink>", 1, col, f"not a puzz.link link: {message}")


def test_the_answers_read() -> None:
    assert read_solution("YinYang", "1 3\nb w B\n") == {"shading": [[1, 0, 1]]}
    assert read_pzprv3("pzprv3/yinyang/1/3/2 . 1 /. 2 . /") == {"shading": [[1, 1, 0]]}


# -- boards without circles, and one cell tall or wide, against a brute force ---------------


def brute(rows: int, cols: int, circles: dict[Cell, str]) -> int:
    """Shadings whose shaded cells hang together, as do the unshaded ones, with no 2×2 block
    of one colour, keeping each circle's colour (`b` shaded, `w` unshaded)."""
    cells = board(rows, cols)
    n = 0
    for shaded in shadings(cells):
        white = set(cells) - shaded
        if any((v == "b") != (x in shaded) for x, v in circles.items()):
            continue
        if not (connected(shaded) and connected(white)):
            continue
        blocks = [{(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)}
                  for r in range(1, rows) for c in range(1, cols)]
        n += not any(block <= shaded or block <= white for block in blocks)
    return n


@pytest.mark.parametrize("rows, cols, circles", [
    (1, 1, {}),
    (1, 4, {}),
    (4, 1, {(2, 1): "b", (4, 1): "w"}),
    (1, 3, {(1, 1): "b", (1, 3): "b"}),  # the middle one must join them, so all are shaded
    (2, 2, {}),
    (2, 3, {(1, 1): "w"}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       circles: dict[Cell, str]) -> None:
    want = brute(rows, cols, circles)
    case = puzzlekit_to_case("YinYang", grid_text(rows, cols, circles))
    assert count(tmp_path, case) == (status_of(want), want)
    assert count(tmp_path, puzzlink_to_case(export_puzzlink(case))) == (status_of(want), want)
