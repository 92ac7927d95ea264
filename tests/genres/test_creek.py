"""Creek (`sapphire.genres.creek`): its fixture puzzles (tests/fixtures/genres/creek.json)
solve to their recorded answers in both formats and come back through their links; the case
text is exact; malformed text and broken links are refused at their place; the answers read;
boards without numbers and boards one cell tall or wide count as a brute force of the rules
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
    refusal,
    rules,
    shadings,
    solves_to_its_answer,
    solves_to_its_solution,
    status_of,
)

from sapphire.case.givens import corner_cells
from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("creek")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Creek", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Creek", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_case_text() -> None:
    assert body(puzzlekit_to_case("Creek", "2 2\n1 - -\n- 4 -\n- - 0\n")) == """\
board: 2x2
---
unshaded-connected
corner-count-1: corner-count r1c1 count 1
corner-count-2: corner-count r1c1-r1c2-r2c1-r2c2 count 4
corner-count-3: corner-count r2c2 count 0
"""


def test_a_link_reads_the_corners() -> None:
    # 2x2 cells, 3x3 corners: 1 at the top left corner, then 7 gaps (m), then 0
    case = puzzlink_to_case("https://puzz.link/p?creek/2/2/1m0")
    assert rules(case) == ["unshaded-connected", "corner-count-1: corner-count r1c1 count 1",
                           "corner-count-2: corner-count r2c2 count 0"]
    # written back as pzprjs writes it: `b` a 1 and two gaps, `k` five gaps, `a` a 0 and two
    # gaps (past the end)
    assert export_puzzlink(case) == "https://puzz.link/p?creek/2/2/bka"


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n- - -\n- - 5\n- - -\n", 3, 5, "the number 5 at corner 1,2 (0,0 is the grid's top "
     "left corner) is more than the 2 cells around it"),
    ("2 2\n- - -\n- - -\n", 3, 6, "expected row 3 of the corner grid, found the end of the text"),
    ("1 1\n- q\n- -\n", 2, 3, "'q' at corner 0,1 (0,0 is the grid's top left corner) is neither "
     "'-' nor a number"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Creek", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Creek problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?creek/2/2/1!", "bad-puzzlink", 32,
     "not a puzz.link link: '!' is not a clue 0-4 or a gap"),
    ("https://puzz.link/p?creek/2/2/1m.", "bad-puzzlink", 33,
     "not a puzz.link link: a corner clue without its number ('?') is not read"),
    # a 4 on the board's top left corner, which one cell meets
    ("https://puzz.link/p?creek/2/2/4", "puzzlink-clues", 31,
     "the creek it holds does not read: the number 4 at corner 0,0 (0,0 is the grid's top "
     "left corner) is more than the 1 cells around it"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


def test_a_count_at_no_corner_is_refused_at_its_rule() -> None:
    case = "---\nlibrary: std\nboard: 3x3\n---\nunshaded-connected\ncorner-count r2c2 count 1\n"
    assert refusal(export_puzzlink, case) == (
        "unsupported", "<case>", 6, 1, "the case cannot be written as a puzz.link link: its "
        "'corner-count' rule: its cells are not those around one grid corner")


def test_the_answers_read() -> None:
    assert read_solution("Creek", "1 3\nx - X\n") == {"shading": [[1, 0, 1]]}
    (entry,) = PUZZLES["puzzlink"]
    shading = read_pzprv3(entry["answer"])["shading"]
    assert (len(shading), len(shading[0])) == (6, 6)
    assert read_pzprv3("pzprv3/creek/1/2/. 1 . /. . . /# . /") == {"shading": [[1, 0]]}


# -- boards without numbers, and one cell tall or wide, against a brute force --------------


def brute(rows: int, cols: int, clues: dict[Cell, int]) -> int:
    """Shadings whose unshaded cells hang together, each clued corner (a, b: 0..rows, 0..cols)
    with that many of its cells shaded."""
    cells = board(rows, cols)
    return sum(connected(set(cells) - shaded)
               and all(len(set(corner_cells(a, b, rows, cols)) & shaded) == n
                       for (a, b), n in clues.items())
               for shaded in shadings(cells))


def text_of(rows: int, cols: int, clues: dict[Cell, int]) -> str:
    grid = [" ".join(str(clues[(a, b)]) if (a, b) in clues else "-" for b in range(cols + 1))
            for a in range(rows + 1)]
    return "\n".join([f"{rows} {cols}", *grid]) + "\n"


@pytest.mark.parametrize("rows, cols, clues", [
    (2, 2, {}),  # no numbers: every shading that leaves the unshaded cells together
    (1, 1, {}),
    (1, 1, {(1, 1): 1}),
    (1, 4, {(0, 1): 2, (1, 3): 0}),
    (1, 4, {(1, 2): 1, (0, 4): 1}),
    (4, 1, {(1, 0): 1, (3, 1): 0}),
    (3, 3, {(1, 1): 3}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       clues: dict[Cell, int]) -> None:
    want = brute(rows, cols, clues)
    case = puzzlekit_to_case("Creek", text_of(rows, cols, clues))
    assert count(tmp_path, case) == (status_of(want), want)
    if clues:  # (a case without `corner-count` is no Creek to export: see below)
        again = puzzlink_to_case(export_puzzlink(case))
        assert count(tmp_path, again) == (status_of(want), want)


def test_a_board_without_numbers_is_not_told_a_creek_for_export() -> None:
    """Its case is `unshaded-connected` alone, which other genres write too: the export
    takes a case as a Creek by its `corner-count` lines."""
    case = puzzlekit_to_case("Creek", text_of(2, 2, {}))
    assert rules(case) == ["unshaded-connected"]
    assert refusal(export_puzzlink, case)[4] == ("the case cannot be written as a puzz.link "
                                                 "link: its rules are none of the genres "
                                                 "written as links")
