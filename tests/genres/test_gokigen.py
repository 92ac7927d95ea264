"""Gokigen Naname (`sapphire.genres.gokigen`): its fixture puzzles
(tests/fixtures/genres/gokigen.json) solve to their recorded answers in both formats and come
back through their links; the case text is exact; malformed text and broken links are refused
at their place; the answers read; boards without numbers and boards one cell tall or wide
(where two corners have the same cells) count as a brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import (
    board,
    body,
    comes_back_as_itself,
    comes_back_through_its_link,
    count,
    fixture,
    refusal,
    rules,
    solves_to_its_answer,
    solves_to_its_solution,
    status_of,
)

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("gokigen")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("GokigenNaname", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("GokigenNaname", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_case_text() -> None:
    assert body(puzzlekit_to_case("GokigenNaname", "2 2\n1 - -\n- 4 -\n- - 0\n")) == """\
board: 2x2
---
gokigen
corner-diagonals-1: corner-diagonals r1c1 count 1
corner-diagonals-2: corner-diagonals r1c1-r1c2-r2c1-r2c2 count 4
corner-diagonals-3: corner-diagonals r2c2 count 0
"""


def test_a_link_is_its_corner_numbers() -> None:
    link = "https://puzz.link/p?gokigen/4/4/iaegcgcj6a"
    assert rules(puzzlink_to_case(link)) == [
        "gokigen",
        "corner-diagonals-1: corner-diagonals r1c3-r1c4 count 0",
        "corner-diagonals-2: corner-diagonals r1c1-r1c2-r2c1-r2c2 count 4",
        "corner-diagonals-3: corner-diagonals r2c1-r3c1 count 2",
        "corner-diagonals-4: corner-diagonals r2c4-r3c4 count 2",
        "corner-diagonals-5: corner-diagonals r4c1-r4c2 count 1",
        "corner-diagonals-6: corner-diagonals r4c3-r4c4 count 0"]


def test_slant_reads_as_gokigen_and_is_written_so() -> None:
    case = puzzlink_to_case("https://puzz.link/p?slant/3/2/a0ck")
    assert export_puzzlink(case) == "https://puzz.link/p?gokigen/3/2/a0ck"


def test_a_corner_of_a_one_row_board_keeps_its_place_through_the_link() -> None:
    # the corners above and below r1c2 and r1c3 have the same cells: `corner` tells them apart
    below = puzzlekit_to_case("GokigenNaname", "1 4\n- - - - -\n- - 0 - -\n")
    assert "corner-diagonals r1c2-r1c3 corner 3 count 0" in below
    assert body(puzzlink_to_case(export_puzzlink(below))) == body(below)


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("1 1\n- 5\n- -\n", 2, 3, "'5' at corner 0,1 is not 0-4 or '-'"),
    ("1 1\n- -\n", 2, 4, "expected row 2 of the corner grid, found the end of the text"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "GokigenNaname", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit GokigenNaname problem: {says}")


def test_a_broken_link_is_refused_where_it_breaks() -> None:
    assert refusal(puzzlink_to_case, "https://puzz.link/p?gokigen/2/2/a!") == (
        "bad-puzzlink", "<puzzlink>", 1, 34, "not a puzz.link link: '!' is not a clue 0-4 or a "
        "gap")


def test_a_corner_count_at_no_corner_is_not_written() -> None:
    case = "---\nlibrary: std\nboard: 3x3\n---\ngokigen\ncorner-diagonals r2c2 count 1\n"
    assert refusal(export_puzzlink, case) == (
        "unsupported", "<case>", 6, 1, "the case cannot be written as a puzz.link link: its "
        "'corner-diagonals' rule: its cells meet at no one corner")


def test_the_answers_read() -> None:
    assert read_solution("GokigenNaname", "2 2\n\\ /\n/ \\\n") == {
        "diagonals": [[1, 2], [2, 1]]}
    assert read_pzprv3("pzprv3/gokigen/1/2/. . . /. . . /1 2 /") == {"diagonals": [[1, 2]]}
    with pytest.raises(SapphireError) as exc:
        read_pzprv3("pzprv3/gokigen/1/2/. . . /. . . /1 /")
    assert exc.value.diagnostics[0].message == "the pzprv3 answer's cells are short of 1 lines of 2"


# -- boards without numbers, and one cell tall or wide, against a brute force --------------


def brute(rows: int, cols: int, clues: dict[Cell, int]) -> int:
    """Diagonals in every cell (1 `\\`, 2 `/`) with no loop among them, and each clued grid
    corner (a, b: 0..rows, 0..cols) met by that many diagonals."""
    cells = board(rows, cols)
    n = 0

    def root(parent: dict[Cell, Cell], p: Cell) -> Cell:
        while parent.get(p, p) != p:
            p = parent[p]
        return p

    for slants in itertools.product((1, 2), repeat=len(cells)):
        parent: dict[Cell, Cell] = {}
        meets: dict[Cell, int] = {}
        loop = False
        for (r, c), s in zip(cells, slants, strict=True):
            ends = [(r - 1, c - 1), (r, c)] if s == 1 else [(r - 1, c), (r, c - 1)]
            for e in ends:
                meets[e] = meets.get(e, 0) + 1
            a, b = root(parent, ends[0]), root(parent, ends[1])
            loop |= a == b
            parent[a] = b
        n += not loop and all(meets.get(k, 0) == v for k, v in clues.items())
    return n


def text_of(rows: int, cols: int, clues: dict[Cell, int]) -> str:
    grid = [" ".join(str(clues[(a, b)]) if (a, b) in clues else "-" for b in range(cols + 1))
            for a in range(rows + 1)]
    return "\n".join([f"{rows} {cols}", *grid]) + "\n"


@pytest.mark.parametrize("rows, cols, clues", [
    (1, 4, {(1, 2): 0}),  # the corner below r1c2 and r1c3, not the one above them
    (1, 4, {(0, 2): 0}),
    (1, 4, {(0, 2): 2, (1, 2): 0}),
    (1, 1, {(0, 0): 1}),  # a 1×1 board's four corners, each its own
    (1, 1, {(0, 1): 1}),
    (1, 1, {(1, 1): 0, (0, 1): 0}),
    (1, 1, {}),
    (3, 1, {(1, 1): 1, (2, 0): 2}),
    (2, 2, {}),  # no numbers: every slant without a loop
    (2, 2, {(1, 1): 4}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       clues: dict[Cell, int]) -> None:
    want = brute(rows, cols, clues)
    case = puzzlekit_to_case("GokigenNaname", text_of(rows, cols, clues))
    assert count(tmp_path, case) == (status_of(want), want)
    assert count(tmp_path, puzzlink_to_case(export_puzzlink(case))) == (status_of(want), want)
