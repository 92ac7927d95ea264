"""Tripletts (`sapphire.genres.tripletts`): its fixture puzzles (tests/fixtures/genres/
tripletts.json) solve to their recorded answers; the case text is exact; malformed text is
refused at its place; the answers read; boards without givens and one cell tall or wide
count as a brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import body, count, fixture, refusal, solves_to_its_solution, status_of

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

PUZZLES = fixture("tripletts")


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Tripletts", entry, tmp_path)


def test_the_case_text() -> None:
    text = "2 3\nc - -\n- - 3\n1 1 2\n1 2 2\n"
    assert body(puzzlekit_to_case("Tripletts", text)) == """\
board: 2x3
digits: 1-3
givens: |
  1 . .
  . . 3
---
region-1: any-of rules ["same-values r1c1-r1c2-r2c1 sets 3","all-different r1c1-r1c2-r2c1"]
region-2: any-of rules ["same-values r1c3-r2c2-r2c3 sets 3","all-different r1c3-r2c2-r2c3"]
border-1: all-different r1c2-r1c3
border-2: all-different r1c2-r2c2
border-3: all-different r2c1-r2c2
"""


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("1 3\nc x -\n1 1 1\n", 2, 3, "'x' at r1c2 is not a symbol"),
    ("1 3\nc - 4\n1 1 1\n", 2, 5, "'4' at r1c3 is not a symbol"),
    ("1 4\nc - - -\n1 1 2 2\n", 3, 1, "the region of r1c1 has 2 cells, not 3"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Tripletts", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Tripletts problem: {says}")


def test_the_answers_read() -> None:
    assert read_solution("Tripletts", "1 3\nc s T\n") == {"digits": [[1, 2, 3]]}
    kind, _, line, col, says = refusal(read_solution, "Tripletts", "1 3\nc s 3x\n")
    assert (kind, line, col) == ("bad-puzzlekit", 2, 5)
    assert says.endswith("'3x' at r1c3 is not a symbol")


# -- boards without givens, and one cell tall or wide, against a brute force ---------------


def brute(regions: list[list[int]], givens: dict[tuple[int, int], int]) -> int:
    """Symbols 1-3, each region three alike or three different, side neighbours in different
    regions different."""
    cell_of = {(r, c): k for r, row in enumerate(regions, 1) for c, k in enumerate(row, 1)}
    cells = sorted(cell_of)
    found = 0
    for values in itertools.product((1, 2, 3), repeat=len(cells)):
        v = dict(zip(cells, values, strict=True))
        if any(v[x] != d for x, d in givens.items()):
            continue
        if any(cell_of[a] != cell_of[b] and v[a] == v[b] for a in cells for b in cells
               if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1):
            continue
        found += all(len({v[x] for x in cells if cell_of[x] == k}) in (1, 3)
                     for k in set(cell_of.values()))
    return found


@pytest.mark.parametrize(("regions", "givens"), [
    ([[1, 1, 1]], {}),  # three alike or three different: 9 ways
    ([[1], [1], [1]], {(2, 1): 2}),
    ([[1, 1, 1, 2, 2, 2]], {}),
    ([[1, 1, 2], [1, 2, 2]], {(1, 1): 1, (2, 3): 3}),
    ([[1, 1, 1], [2, 2, 2], [3, 3, 3]], {(2, 2): 2}),
    ([[1, 2, 3], [1, 2, 3], [1, 2, 3]], {(1, 1): 1, (1, 2): 2}),
])
def test_boards_match_brute_force(tmp_path: Path, regions: list[list[int]],
                                  givens: dict) -> None:
    want = brute(regions, givens)
    rows, cols = len(regions), len(regions[0])
    text = "\n".join([f"{rows} {cols}", *(" ".join(str(givens.get((r, c), "-"))
                                                   for c in range(1, cols + 1))
                                          for r in range(1, rows + 1)),
                      *(" ".join(map(str, row)) for row in regions)]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("Tripletts", text)) == (status_of(want), want)
