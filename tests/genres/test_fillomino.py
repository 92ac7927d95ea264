"""Fillomino (`sapphire.genres.fillomino`): its fixture puzzles
(tests/fixtures/genres/fillomino.json) solve to their recorded answers in both formats and
come back through their links; the case text is exact, with digits up to the largest region an
answer can have, `given-number` lines past G and one number for regions past 128 sizes;
malformed text and broken links are refused at their place; the answers read; boards without
givens and one cell tall or wide count as a brute force of the rules does."""

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
    grid_text,
    partitions,
    refusal,
    solves_to_its_answer,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("fillomino")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Fillomino", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Fillomino", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_givens_and_digits_up_to_the_largest_open_area() -> None:
    # the cells without a given: r1c1-r2c1-r3c1-r4c1-r4c2-r4c3 (6) and r1c4 with r2c3, r2c4,
    # r3c4 (4): a region there may have 6 cells, more than any given
    assert body(puzzlekit_to_case("Fillomino", "4 4\n- 3 1 -\n- 4 - -\n- 2 1 -\n- - - 5\n")) \
        == """\
board: 4x4
digits: 1-6
givens: |
  . 3 1 .
  . 4 . .
  . 2 1 .
  . . . 5
---
fillomino
"""


def test_a_given_past_g_is_a_given_number_line() -> None:
    text = "3 6\n17 - - - - -\n- - - - - -\n- - - - - 1\n"
    case = puzzlekit_to_case("Fillomino", text)
    assert body(case) == """\
board: 3x6
digits: 1-17
---
fillomino
given-1: given-number r1c1 number 17
given-2: given-number r3c6 number 1
"""
    assert export_puzzlink(case) == "https://puzz.link/p?fillomino/6/3/-11v1"


def test_past_128_possible_sizes_large_regions_are_written_as_one_number() -> None:
    # 156 open cells on a 13x13 board with 1s along the bottom: regions past 2·1+2 = 4 cells
    # are written 5
    text = "13 13\n" + "\n".join(" ".join("-" * 13) for _ in range(12)) + "\n" + \
        " ".join(["1", "-"] * 6 + ["1"]) + "\n"
    full = puzzlekit_to_case("Fillomino", text)
    assert ("notes: 'Regions of more than 4 cells are written 5 (fillomino above 4): an answer "
            "without a 5 is the answer of the Fillomino; one with a 5 only says that those "
            "regions are larger than 4.'\n") in full
    case = body(full)
    assert case.startswith("board: 13x13\ndigits: 1-5\n")
    assert case.endswith("---\nfillomino above 4\n")


def test_a_link_reads_as_the_puzzlekit_givens() -> None:
    # number16: `h` skips two cells, `4` a given; a `.` is a given left unknown: no given
    assert body(puzzlink_to_case("p?fillomino/3/2/h4.h")) == """\
board: 2x3
digits: 1-5
givens: |
  . . 4
  . . .
---
fillomino
"""


@pytest.mark.parametrize(("text", "says", "line", "col"), [
    ("2 2\n0 -\n- 1\n", "the number 0 at r1c1 is not 1-4: the board has 4 cells", 2, 1),
    ("2 2\n- 5\n- 1\n", "the number 5 at r1c2 is not 1-4: the board has 4 cells", 2, 3),
    ("2 2\n- -\nx 1\n", "'x' at r2c1 is neither '-' nor a number", 3, 1),
    ("2 3\n1 -\n- 1 -\n", "expected 3 tokens on row 1 of the grid, found 2", 2, 4),
])
def test_malformed_text_is_refused_at_its_place(text: str, says: str, line: int,
                                                col: int) -> None:
    assert refusal(puzzlekit_to_case, "Fillomino", text) == (
        "bad-puzzlekit", "<puzzlekit>", line, col, f"not a puzzlekit Fillomino problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("p?fillomino/2/2/h2g1000", "bad-puzzlink", 20,  # at the borders, `1000`
     "not a puzz.link link: borders given between cells are not read"),
    ("p?fillomino/2/2/0", "puzzlink-clues", 17, "the fillomino it holds does not read: the "
     "number 0 at r1c1 is not 1-4: the board has 4 cells"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


def test_a_given_number_line_of_two_cells_is_refused_at_its_line() -> None:
    text = "3 6\n17 - - - - -\n- - - - - -\n- - - - - 1\n"
    case = puzzlekit_to_case("Fillomino", text) + "given-3: given-number r1c2-r1c3 number 2\n"
    kind, _, line, _, message = refusal(export_puzzlink, case)
    assert (kind, line) == ("unsupported", len(case.splitlines()))
    assert message == ("the case cannot be written as a puzz.link link: a 'given-number' rule "
                       "gives one cell its number")


def test_the_answers_read() -> None:
    assert read_solution("Fillomino", "2 2\n2 2\n1 3\n") == {"digits": [[2, 2], [1, 3]]}
    assert read_pzprv3("pzprv3/fillomino/2/2/2 . /. 1 /. 2 /3 . /0 /1 /1 0 /") == {
        "digits": [[2, 2], [3, 1]]}


# -- boards without givens, and one cell tall or wide, against a brute force ---------------


def brute(rows: int, cols: int, given: dict[Cell, int]) -> int:
    """Cuts of the board into regions where no two regions of one size touch side by side and
    each given stands in a region of its size."""
    n = 0
    for part in partitions(board(rows, cols)):
        if not all(connected(g) for g in part):
            continue
        size = {x: len(g) for g in part for x in g}
        whose = {x: k for k, g in enumerate(part) for x in g}
        if any(size[x] == size[y] and whose[x] != whose[y] for x in size for y in around(x, size)):
            continue
        n += all(size[x] == v for x, v in given.items())
    return n


@pytest.mark.parametrize("rows, cols, given", [
    (1, 1, {}),
    (2, 2, {}),  # no givens: every cut without two regions of one size side by side
    (1, 4, {}),
    (1, 4, {(1, 1): 1}),
    (3, 1, {(2, 1): 2}),
    (2, 2, {(1, 1): 3}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       given: dict[Cell, int]) -> None:
    want = brute(rows, cols, given)
    case = puzzlekit_to_case("Fillomino", grid_text(rows, cols, {x: str(v)
                                                                 for x, v in given.items()}))
    assert count(tmp_path, case) == (status_of(want), want)
