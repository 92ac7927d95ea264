"""Nurikabe (`sapphire.genres.nurikabe`): its fixture puzzles (tests/fixtures/genres/
nurikabe.json) solve to their recorded answers in both formats and come back through their
links; the case text is exact; malformed text, broken links and islands the board cannot hold
are refused at their place; the answers read; boards without numbers and boards one cell tall
or wide count as a brute force of the rules does."""

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
    refusal,
    shadings,
    solves_to_its_answer,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("nurikabe")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Nurikabe", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Nurikabe", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_islands_and_their_numbered_cells() -> None:
    case = puzzlekit_to_case("Nurikabe", "2 3\n2 - -\n- - 1\n")
    assert body(case) == """\
board: 2x3
---
nurikabe
island-1: island r1c1 size 2
island-2: island r2c3 size 1
numbered-islands r1c1-r2c3
"""
    assert export_puzzlink(case) == "https://puzz.link/p?nurikabe/3/2/2j1"


def test_a_board_without_numbers_lists_no_numbered_cells() -> None:
    case = puzzlekit_to_case("Nurikabe", "1 3\n- - -\n")
    assert body(case) == "board: 1x3\n---\nnurikabe\nnumbered-islands\n"
    assert export_puzzlink(case) == "https://puzz.link/p?nurikabe/3/1/i"


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("1 2\n0 -\n", 2, 1, "the island size 0 at r1c1 is not 1 or more"),
    ("1 2\n1 3\n", 2, 3, "the islands have more cells than the board"),  # the one too many
    ("1 2\nx -\n", 2, 1, "'x' at r1c1 is neither '-' nor a number"),
    ("2 2\n- -\n", 2, 4, "expected row 2 of the grid, found the end of the text"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Nurikabe", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Nurikabe problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?nurikabe/5/5/g.", "unsupported", 34,
     "the island at r1c2 has no size ('?')"),
    ("https://puzz.link/p?nurikabe/3/1/g!", "bad-puzzlink", 35,
     "not a puzz.link link: '!' is not a number or a gap"),
    ("https://puzz.link/p?nurikabe/3/1/22", "puzzlink-clues", 34,
     "the nurikabe it holds does not read: the islands have more cells than the board"),
    ("https://puzz.link/p?nurikabe/3/1/0", "puzzlink-clues", 34,
     "the nurikabe it holds does not read: the island size 0 at r1c1 is not 1 or more"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


def test_a_number_the_link_cannot_write_is_refused() -> None:
    case = ("---\nlibrary: std\nboard: 3x3\n---\nnurikabe\n"
            "island-1: island r1c1 size 9000\nnumbered-islands r1c1\n")
    assert refusal(export_puzzlink, case)[4] == (
        "the case cannot be written as a puzz.link link: a nurikabe link writes numbers "
        "1-8191, not 9000")


def test_an_island_of_two_cells_is_refused_at_its_line() -> None:
    case = ("---\nlibrary: std\nboard: 1x3\n---\nnurikabe\n"
            "island r1c1-r1c2 size 2\nnumbered-islands r1c1\n")
    assert refusal(export_puzzlink, case)[2:] == (
        6, 1, "the case cannot be written as a puzz.link link: its 'island' rule: an island "
              "clue is one cell")


def test_the_answers_read() -> None:
    assert read_solution("Nurikabe", "1 3\nx - X\n") == {"shading": [[1, 0, 1]]}
    assert read_pzprv3("pzprv3/nurikabe/1/3/# 2 + /") == {"shading": [[1, 0, 0]]}


# -- boards without numbers, and one cell tall or wide, against a brute force ---------------


def brute(rows: int, cols: int, sizes: dict[Cell, int]) -> int:
    """Shadings whose wall hangs together without a 2×2 block and leaves the numbers out, and
    whose unshaded cells form islands each holding one number, of that many cells."""
    cells = board(rows, cols)
    n = 0
    for wall in shadings(cells):
        if wall & set(sizes) or not connected(wall) or any(
                {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= wall
                for r in range(1, rows) for c in range(1, cols)):
            continue
        white = set(cells) - wall
        islands: list[set[Cell]] = []
        for x in sorted(white):
            if any(x in island for island in islands):
                continue
            island, todo = {x}, [x]
            while todo:
                for nb in around(todo.pop(), white):
                    if nb not in island:
                        island.add(nb)
                        todo.append(nb)
            islands.append(island)
        n += all(len(numbered := [x for x in island if x in sizes]) == 1
                 and sizes[numbered[0]] == len(island) for island in islands)
    return n


@pytest.mark.parametrize("rows, cols, sizes", [
    (1, 1, {}),
    (1, 4, {}),  # no numbers: every cell is wall
    (2, 2, {}),  # ... which is a 2×2 block of wall
    (1, 4, {(1, 1): 1}),
    (4, 1, {(2, 1): 2}),
    (1, 1, {(1, 1): 1}),
    (2, 3, {(1, 1): 2}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       sizes: dict[Cell, int]) -> None:
    want = brute(rows, cols, sizes)
    case = puzzlekit_to_case("Nurikabe", grid_text(rows, cols,
                                                   {x: str(n) for x, n in sizes.items()}))
    assert count(tmp_path, case) == (status_of(want), want)
    assert count(tmp_path, puzzlink_to_case(export_puzzlink(case))) == (status_of(want), want)
