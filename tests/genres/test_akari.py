"""Akari (`sapphire.genres.akari`): its fixture puzzles (tests/fixtures/genres/akari.json)
solve to their recorded answers in both formats and come back through their links; the case
text is exact; malformed text, broken links and cases the link cannot carry are refused at
their place; the answers read; boards without walls and boards one cell tall or wide count as
a brute force of the rules does."""

from __future__ import annotations

from pathlib import Path

import pytest
from genre_checks import (
    board,
    body,
    comes_back_as_itself,
    comes_back_through_its_link,
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

PUZZLES = fixture("akari")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Akari", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Akari", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_walls_numbers_segments_and_light() -> None:
    case = puzzlekit_to_case("Akari", "2 3\n- 1 -\n- - x\n")
    assert body(case) == """\
board: 2x3
---
walls-1: shade-count r1c2-r2c3 count 0
number-1: shade-count r1c1-r1c3-r2c2 count 1
segment-1: shade-at-most r2c1-r2c2 count 1
segment-2: shade-at-most r1c1-r2c1 count 1
lit-1: shade-at-least r1c1-r2c1 count 1
lit-2: shade-at-least r1c3 count 1
lit-3: shade-at-least r2c1-r2c2-r1c1 count 1
lit-4: shade-at-least r2c1-r2c2 count 1
"""
    assert export_puzzlink(case) == "https://puzz.link/p?lightup/3/2/gbg."
    assert body(puzzlink_to_case("p?akari/3/2/gbg.")) == body(case)


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("1 2\n5 -\n", 2, 1, "the wall number 5 at r1c1 is not 0-4"),
    ("1 2\n- o\n", 2, 3, "'o' at r1c2 is neither '-' nor a number"),
    ("1 2\n-\n", 2, 2, "expected 2 tokens on the grid, found 1"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Akari", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Akari problem: {says}")


@pytest.mark.parametrize(("link", "col", "message"), [
    ("https://puzz.link/p?lightup/3/2/gbf", 35, "'f' is not a clue 0-4 or a gap"),
    ("https://puzz.link/p?lightup/3/2/gbg.0", 37, "1 character(s) past the end of the puzzle"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, col: int, message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (
        "bad-puzzlink", "<puzzlink>", 1, col, f"not a puzz.link link: {message}")


@pytest.mark.parametrize(("rule", "why"), [
    ("shade-count r1c2 count 1", "a bulb on a wall"),
    ("shade-count r1c1-r1c2 count 1", "its cells are not the open neighbours of a wall"),
])
def test_a_count_the_link_cannot_carry_is_refused_at_its_line(rule: str, why: str) -> None:
    case = ("---\nlibrary: std\nboard: 1x3\n---\nlit-1: shade-at-least r1c1 count 1\n"
            f"lit-2: shade-at-least r1c3 count 1\nshade-at-most r1c1 count 1\n{rule}\n")
    assert refusal(export_puzzlink, case)[2:] == (
        8, 1, f"the case cannot be written as a puzz.link link: its 'shade-count' rule: {why}")


def test_the_answers_read() -> None:
    # the bulbs are the shading; walls (x or a number) and lit cells are not
    assert read_solution("Akari", "1 4\no x 2 -\n") == {"shading": [[1, 0, 0, 0]]}
    assert read_pzprv3("pzprv3/lightup/1/3/# 1 + /") == {"shading": [[1, 0, 0]]}


# -- boards without walls, and one cell tall or wide, against a brute force ------------------


def brute(rows: int, cols: int, walls: dict[Cell, int | None]) -> int:
    """Bulbs on open cells such that every open cell is lit, no bulb lights another, and each
    numbered wall has that many bulbs beside it."""
    cells = board(rows, cols)
    open_cells = [x for x in cells if x not in walls]

    def sees(x: Cell) -> set[Cell]:
        out = {x}
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            r, c = x[0] + dr, x[1] + dc
            while (r, c) in open_cells:
                out.add((r, c))
                r, c = r + dr, c + dc
        return out

    n = 0
    for bulbs in shadings(open_cells):
        if any(sees(x) & bulbs != {x} for x in bulbs):
            continue
        if any(not sees(x) & bulbs for x in open_cells):
            continue
        n += all(k is None or len({(w[0] + dr, w[1] + dc) for dr, dc in
                                   ((1, 0), (-1, 0), (0, 1), (0, -1))} & bulbs) == k
                 for w, k in walls.items())
    return n


@pytest.mark.parametrize("rows, cols, walls", [
    (1, 1, {}),
    (1, 4, {}),  # no walls: one bulb lights the row
    (2, 2, {}),
    (1, 4, {(1, 2): None}),
    (4, 1, {(2, 1): 1}),
    (1, 3, {(1, 2): 2}),
    (1, 1, {(1, 1): 0}),
    (2, 3, {(1, 2): 0}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       walls: dict[Cell, int | None]) -> None:
    want = brute(rows, cols, walls)
    marks = {x: "x" if k is None else str(k) for x, k in walls.items()}
    case = puzzlekit_to_case("Akari", grid_text(rows, cols, marks))
    assert count(tmp_path, case) == (status_of(want), want)
    if "shade-at-most" in case:  # a board without a segment of two open cells has no line
        # that tells an Akari's case, and is not exported
        link = export_puzzlink(case)
        assert count(tmp_path, puzzlink_to_case(link)) == (status_of(want), want)
