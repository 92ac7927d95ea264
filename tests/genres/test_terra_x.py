"""Terra-X (`sapphire.genres.terra_x`): its fixture puzzles (tests/fixtures/genres/
terra_x.json) solve to their recorded answers; the case text is exact; malformed text is
refused at its place; the answers read; boards without givens and one cell tall or wide count
as a brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import body, count, fixture, refusal, solves_to_its_solution, status_of

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

PUZZLES = fixture("terra_x")


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("TerraX", entry, tmp_path)


def test_the_case_text() -> None:
    # four regions meet at the point between r1c2, r1c3, r2c2 and r2c3
    text = "2 3\n1 - -\n- - 2\n1 1 2\n3 4 5\n"
    assert body(puzzlekit_to_case("TerraX", text)) == """\
board: 2x3
digits: 0-9
givens: |
  1 . .
  . . 2
---
region-1: same-values r1c1-r1c2
touch-1: all-different r1c1-r2c1
touch-2: all-different r1c2-r1c3
touch-3: all-different r1c2-r2c2
touch-4: all-different r1c3-r2c3
touch-5: all-different r2c1-r2c2
touch-6: all-different r2c2-r2c3
point-1: sum r1c2-r1c3-r2c2-r2c3 total 10
"""


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("1 2\n1 x\n1 2\n", 2, 3, "'x' at r1c2 is neither '-' nor a number"),
    ("1 2\n1 10\n1 2\n", 2, 3, "the given 10 at r1c2 is not 0-9"),
    ("1 2\n1 -\n", 2, 4, "expected the regions, found the end of the text"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "TerraX", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit TerraX problem: {says}")


def test_the_answers_read() -> None:
    assert read_solution("TerraX", "1 3\n0 9 0\n") == {"digits": [[0, 9, 0]]}


# -- boards without givens, and one cell tall or wide, against a brute force ---------------


def brute(regions: list[list[int]], givens: dict[tuple[int, int], int]) -> int:
    """Digits 0-9 a region, regions sharing a side different, and the four digits around a
    point where four regions meet adding up to 10."""
    rows, cols = len(regions), len(regions[0])
    cell_of = {(r, c): k for r, row in enumerate(regions, 1) for c, k in enumerate(row, 1)}
    names = sorted(set(cell_of.values()))
    touch = {(cell_of[a], cell_of[b]) for a in cell_of for b in cell_of
             if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 and cell_of[a] != cell_of[b]}
    points = [[cell_of[(r + a, c + b)] for a in (0, 1) for b in (0, 1)]
              for r in range(1, rows) for c in range(1, cols)]
    points = [p for p in points if len(set(p)) == 4]
    found = 0
    for values in itertools.product(range(10), repeat=len(names)):
        v = dict(zip(names, values, strict=True))
        found += (all(v[a] != v[b] for a, b in touch)
                  and all(sum(v[k] for k in p) == 10 for p in points)
                  and all(v[cell_of[x]] == d for x, d in givens.items()))
    return found


@pytest.mark.parametrize(("regions", "givens"), [
    ([[1]], {}),  # any digit
    ([[1, 2, 2, 3]], {(1, 1): 4, (1, 4): 4}),
    ([[1], [2], [1]], {(1, 1): 0}),
    ([[1, 2], [3, 4]], {(1, 1): 1, (1, 2): 2, (2, 1): 3}),  # the fourth is 4
    ([[1, 2], [3, 3]], {(1, 1): 5, (2, 1): 5}),  # two sides alike: no answer
    ([[1, 2, 2], [3, 4, 5], [3, 6, 5]], {(1, 1): 1, (2, 2): 2, (3, 3): 3, (1, 2): 4}),
])
def test_boards_match_brute_force(tmp_path: Path, regions: list[list[int]],
                                  givens: dict) -> None:
    want = brute(regions, givens)
    rows, cols = len(regions), len(regions[0])
    text = "\n".join([f"{rows} {cols}", *(" ".join(str(givens.get((r, c), "-"))
                                                   for c in range(1, cols + 1))
                                          for r in range(1, rows + 1)),
                      *(" ".join(map(str, row)) for row in regions)]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("TerraX", text)) == (status_of(want), want)
