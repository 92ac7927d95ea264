"""Dominos (`sapphire.genres.dominos`): its fixture puzzle (tests/fixtures/genres/dominos.json)
solves to its recorded answer; the case text is exact; malformed text is refused at its place;
the solution reads, names differing in case; boards one cell tall or wide, and small ones,
count as a brute force of the rules does."""

from __future__ import annotations

from pathlib import Path

import pytest
from genre_checks import (
    around,
    body,
    count,
    fixture,
    partitions,
    refusal,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

PUZZLES = fixture("dominos")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Dominos", entry, tmp_path)


def test_the_numbers_are_the_clues() -> None:
    assert body(puzzlekit_to_case("Dominos", "2 3\n0 0 1\n1 1 0\n")) == """\
board: 2x3
clues: |
  0 0 1
  1 1 0
---
dominoes
"""


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("1 2\n0 12\n", 2, 3, "'12' at r1c2 is not a number 0-9"),
    ("1 2\n0 -\n", 2, 3, "'-' at r1c2 is not a number 0-9"),
    ("1 2\n0 \u0663\n", 2, 3, "'\u0663' at r1c2 is not a number 0-9"),
    ("2 2\n0 1\n", 2, 4, "expected row 2 of the grid, found the end of the text"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Dominos", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Dominos problem: {says}")


def test_the_solution_tells_names_apart_by_case() -> None:
    assert read_solution("Dominos", "2 2\na A\na A\n") == {
        "links": {"across": [[0, 0], [0, 0]], "down": [[1, 1], [0, 0]]}}
    assert read_solution("Dominos", "1 4\na a b b\n") == {
        "links": {"across": [[1, 0, 1, 0]], "down": [[0, 0, 0, 0]]}}


# -- edge boards, against a brute force ------------------------------------------------------


def brute(numbers: dict[Cell, int]) -> int:
    """Cuttings of the board into dominoes (two cells side by side) no two of which show the
    same pair of numbers."""
    cells = sorted(numbers)
    n = 0
    for groups in partitions(cells):
        if any(len(g) != 2 or not around(min(g), g) for g in groups):
            continue
        pairs = [tuple(sorted(numbers[x] for x in g)) for g in groups]
        n += len(set(pairs)) == len(pairs)
    return n


@pytest.mark.parametrize("grid", [
    [[5]], [[0, 1]], [[0, 0, 1, 1]], [[0, 1, 0, 1]], [[0, 1, 1, 0]], [[0], [1], [1], [1]],
    [[0], [1], [0], [1]], [[0, 0], [1, 1]], [[0, 0], [0, 0]], [[0, 1], [2, 3]],
    [[0, 0, 1], [1, 1, 0]], [[0, 1, 2, 3], [3, 2, 1, 0]], [[0, 1, 2], [3, 4, 5], [6, 7, 8]],
])
def test_edge_boards_match_brute_force(tmp_path: Path, grid: list[list[int]]) -> None:
    numbers = {(r, c): v for r, row in enumerate(grid, 1) for c, v in enumerate(row, 1)}
    want = brute(numbers)
    text = "\n".join([f"{len(grid)} {len(grid[0])}", *(" ".join(map(str, row))
                                                       for row in grid)]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("Dominos", text)) == (status_of(want), want)
