"""Galaxies (`sapphire.genres.galaxies`): its fixture puzzles (tests/fixtures/genres/galaxies.json)
solve to their recorded answers in both formats and come back through their links; the case
text is exact, holes and black stars included; malformed text and broken links are refused
at their place; the answers read; boards without centres and one row tall count as a brute
force of the rules does."""

from __future__ import annotations

from pathlib import Path

import pytest
from genre_checks import (
    body,
    comes_back_as_itself,
    comes_back_through_its_link,
    count,
    fixture,
    grid_text,
    refusal,
    solves_to_its_answer,
    solves_to_its_solution,
)

from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("galaxies")


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Galaxies", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Galaxies", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_case_text() -> None:
    # 0 a centre in its cell, 1 on its right edge, 2 on its bottom edge, 3 on its corner
    assert body(puzzlekit_to_case("Galaxies", "3 3\n0 - 2\n3 - -\n- - -\n")) == """\
board: 3x3
---
numbered-regions r1c1-r1c3-r2c1
galaxy-1: galaxy r1c1
galaxy-2: galaxy r1c3-r2c3
galaxy-3: galaxy r2c1-r2c2-r3c1-r3c2
"""


def test_the_holes_and_the_black_stars_are_read() -> None:
    (entry,) = PUZZLES["puzzlink"]
    case = puzzlink_to_case(entry["url"][0])
    assert "\nhole r1c5\n" in case
    assert "galaxy-2: galaxy r1c3 black true\n" in case
    assert "galaxy-4: galaxy r2c3-r2c4\n" in case


def test_a_link_without_holes_ends_with_its_stars() -> None:
    case = puzzlekit_to_case("Galaxies", "2 3\n2 3 -\n- - -\n")
    assert export_puzzlink(case) == "https://puzz.link/p?tentaisho/3/2/k4e"
    assert "hole" not in puzzlink_to_case("https://puzz.link/p?tentaisho/3/2/k4e")


@pytest.mark.parametrize(("text", "says"), [
    ("2 2\n0 #\n- -\n", None),
    ("2 2\n1 #\n- -\n", "the centre 1 at r1c1 touches a hole"),
    ("2 2\n0c -\n- -\n", "'0c' at r1c1 is not a centre 0-3, '-' or '#'"),
])
def test_the_layout_takes_holes(text: str, says: str | None) -> None:
    if says is None:
        assert "hole r1c2\n" in puzzlekit_to_case("Galaxies", text)
    else:
        assert refusal(puzzlekit_to_case, "Galaxies", text)[4] == \
            f"not a puzzlekit Galaxies problem: {says}"


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n- 1\n- -\n", 2, 3, "the centre 1 at r1c2 lies on the board's edge"),
    ("2 2\n3 -\n- 0\n", 3, 3, "the centre at r2c2 shares a cell with another centre"),
    ("2 2\n- 1b\n- -\n", 2, 3, "the centre 1b at r1c2 lies on the board's edge"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Galaxies", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Galaxies problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?tentaisho/3/3/6!", "bad-puzzlink", 36,
     "not a puzz.link link: '!' is not a centre or a gap"),
    ("https://puzz.link/p?tentaisho/3/3/00", "bad-puzzlink", 36,
     "not a puzz.link link: two centres share r1c1"),
    ("https://puzz.link/p?tentaisho/2/2/g0w!", "bad-puzzlink", 38,
     "not a puzz.link link: '!' is not a base-32 digit where the holes (a bit per cell) "
     "should be"),
    # a centre on r1c1's right edge, and one in r1c2: both take r1c2
    ("https://puzz.link/p?tentaisho/2/1/g00", "puzzlink-clues", 35,
     "the tentaisho it holds does not read: the centre at r1c2 shares a cell with another "
     "centre"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


def test_the_answers_read() -> None:
    (entry,) = PUZZLES["puzzlink"]
    # r1c1 is a galaxy of one cell, r1c2-r1c4 one around r1c3, the hole r1c5 its own region
    assert read_pzprv3(entry["answer"])["regions"][0] == [1, 2, 2, 2, 5]
    assert read_solution("Galaxies", "2 3\nA b b\nA C C\n") == {
        "regions": [[1, 2, 2], [1, 5, 5]]}


# -- boards without centres, and one row tall ------------------------------------------------


@pytest.mark.parametrize("rows, cols", [(2, 2), (1, 3), (1, 1)])
def test_a_board_without_centres_has_no_answer(tmp_path: Path, rows: int, cols: int) -> None:
    """Every cell belongs to a galaxy around a centre: with no centre, no board is cut."""
    assert count(tmp_path, puzzlekit_to_case("Galaxies", grid_text(rows, cols, {}))) == (
        "none", 0)


def test_centres_on_one_row_match_the_cuts(tmp_path: Path) -> None:
    """1×4 with centres in r1c1's middle and on the edge between r1c3 and r1c4: r1c1 alone,
    and r1c3-r1c4 around the other, leave r1c2 to no galaxy symmetric about its centre."""
    case = puzzlekit_to_case("Galaxies", grid_text(1, 4, {(1, 1): "0", (1, 3): "1"}))
    assert count(tmp_path, case) == ("none", 0)
    case = puzzlekit_to_case("Galaxies", grid_text(1, 4, {(1, 1): "1", (1, 3): "1"}))
    assert count(tmp_path, case) == ("unique", 1)
