"""Different Neighbors (`sapphire.genres.diff_neighbors`): its fixture puzzles
(tests/fixtures/genres/diff_neighbors.json) solve to their recorded answers; the case text is
exact; malformed text is refused at its place; the answers read with their problems; boards
without givens and one cell tall or wide count as a brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import body, count, fixture, refusal, solves_to_its_solution, status_of

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

PUZZLES = fixture("diff_neighbors")


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("DiffNeighbors", entry, tmp_path)


def test_the_case_text() -> None:
    # regions 2 (r1c3-r2c3) and 4 (r2c2) touch by a side and at a corner: one line says it
    text = "2 3\n1 - -\n- - 2\n1 1 2\n3 4 2\n"
    assert body(puzzlekit_to_case("DiffNeighbors", text)) == """\
board: 2x3
digits: 1-4
givens: |
  1 . .
  . . 2
---
region-1: same-values r1c1-r1c2
region-2: same-values r1c3-r2c3
touch-1: all-different r1c1-r2c1
touch-2: all-different r1c1-r2c2
touch-3: all-different r1c2-r1c3
touch-4: all-different r1c3-r2c2
touch-5: all-different r2c1-r2c2
"""


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("1 2\n1 x\n1 2\n", 2, 3, "'x' at r1c2 is neither '-' nor a number"),
    ("1 2\n1 5\n1 2\n", 2, 3, "the given 5 at r1c2 is not 1-4"),
    ("1 2\n1 -\n1\n", 3, 2, "expected 2 tokens on the regions, found 1"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "DiffNeighbors", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit DiffNeighbors problem: {says}")


def test_the_answers_read_with_their_problems() -> None:
    problem = "2 2\n- -\n- -\n1 1\n2 3\n"
    assert read_solution("DiffNeighbors", "2 2\n4 -\n1 2\n", problem=problem) == {
        "digits": [[4, 4], [1, 2]]}
    kind, _, line, col, says = refusal(read_solution, "DiffNeighbors", "2 2\n4 -\n1 2\n")
    assert (kind, line, col) == ("bad-puzzlekit", 1, 1)
    assert says.endswith("is read with its problem, whose regions it numbers in their first "
                         "cells only")
    kind, _, line, col, says = refusal(read_solution, "DiffNeighbors", "2 2\n- 4\n1 2\n",
                                       problem=problem)
    assert (kind, line, col) == ("bad-puzzlekit", 2, 1)


# -- boards without givens, and one cell tall or wide, against a brute force ---------------


def brute(regions: list[list[int]], givens: dict[tuple[int, int], int]) -> int:
    """Numbers 1-4 a region, regions touching by a side or a corner different."""
    cell_of = {(r, c): k for r, row in enumerate(regions, 1) for c, k in enumerate(row, 1)}
    names = sorted(set(cell_of.values()))
    touch = {(cell_of[a], cell_of[b]) for a in cell_of for b in cell_of
             if max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 and cell_of[a] != cell_of[b]}
    found = 0
    for values in itertools.product(range(1, 5), repeat=len(names)):
        v = dict(zip(names, values, strict=True))
        found += (all(v[a] != v[b] for a, b in touch)
                  and all(v[cell_of[x]] == d for x, d in givens.items()))
    return found


@pytest.mark.parametrize(("regions", "givens"), [
    ([[1]], {}),
    ([[1, 2, 3, 4]], {}),
    ([[1], [1], [2], [3]], {(3, 1): 2}),
    ([[1, 2], [3, 4]], {}),  # four regions all touching: 24 ways
    ([[1, 2, 3], [4, 5, 6], [7, 8, 9]], {(2, 2): 1}),  # the middle touches all eight
    ([[1, 1, 2], [3, 1, 2], [3, 3, 2]], {(1, 1): 3, (3, 3): 3}),
])
def test_boards_match_brute_force(tmp_path: Path, regions: list[list[int]],
                                  givens: dict) -> None:
    want = brute(regions, givens)
    rows, cols = len(regions), len(regions[0])
    text = "\n".join([f"{rows} {cols}", *(" ".join(str(givens.get((r, c), "-"))
                                                   for c in range(1, cols + 1))
                                          for r in range(1, rows + 1)),
                      *(" ".join(map(str, row)) for row in regions)]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("DiffNeighbors", text)) == (status_of(want), want)
