"""Kakkuru (`sapphire.genres.kakkuru`): its fixture puzzles (tests/fixtures/genres/
kakkuru.json) solve to their recorded answers (62_7x7's solution writes `-` in its black
cells, the others repeat their numbers); the case text is exact; malformed text is refused at
its place; the answers read with their problems; boards without black cells and one cell tall
or wide count as a brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import board, body, count, fixture, refusal, solves_to_its_solution, status_of

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

PUZZLES = fixture("kakkuru")


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Kakkuru", entry, tmp_path)


def test_the_case_text() -> None:
    # a row or column holds 1 to k in its k white cells, across its black ones
    assert body(puzzlekit_to_case("Kakkuru", "3 3\n- 5 -\n- - -\n3 - -\n")) == """\
board: 3x3
digits: 0-3
---
black-cell r1c2-r3c1
absent-digits r1c1-r1c3-r2c1-r2c2-r2c3-r3c2-r3c3 digits [0]
row-1: one-to-n r1c1-r1c3
row-2: one-to-n r2c1-r2c2-r2c3
row-3: one-to-n r3c2-r3c3
column-1: one-to-n r1c1-r2c1
column-2: one-to-n r2c2-r3c2
column-3: one-to-n r1c3-r2c3-r3c3
clue-1: sum r1c1-r1c3-r2c1-r2c2-r2c3 total 5
clue-2: sum r2c1-r2c2-r3c2 total 3
"""


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n- x\n- -\n", 2, 3, "'x' at r1c2 is neither '-' nor a number"),
    ("2 2\n1 2\n3 4\n", 2, 1, "the black cell 1 at r1c1 has no white cell around it"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Kakkuru", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Kakkuru problem: {says}")


def test_the_answers_read_with_their_problems() -> None:
    problem = "2 2\n- 3\n- -\n"
    assert read_solution("Kakkuru", "2 2\n1 3\n2 1\n", problem=problem) == {
        "digits": [[1, 0], [2, 1]]}
    assert read_solution("Kakkuru", "2 2\n1 -\n2 1\n", problem=problem) == {
        "digits": [[1, 0], [2, 1]]}
    kind, _, line, col, says = refusal(read_solution, "Kakkuru", "2 2\n1 3\n2 1\n")
    assert (kind, line, col) == ("bad-puzzlekit", 1, 1)
    assert says.endswith("a Kakkuru solution is read with its problem, which says which cells "
                         "are black")


# -- boards without black cells, and one cell tall or wide, against a brute force ----------


def brute(rows: int, cols: int, black: dict[tuple[int, int], int]) -> int:
    """Digits in the white cells, each row's and column's k white cells holding 1 to k, each
    black cell's number the sum of the white cells around it (by a side or a corner)."""
    white = [x for x in board(rows, cols) if x not in black]
    found = 0
    for values in itertools.product(range(1, max(rows, cols) + 1), repeat=len(white)):
        v = dict(zip(white, values, strict=True))
        lines = [[v[(r, c)] for c in range(1, cols + 1) if (r, c) in v] for r in range(1, rows + 1)]
        lines += [[v[(r, c)] for r in range(1, rows + 1) if (r, c) in v]
                  for c in range(1, cols + 1)]
        if any(sorted(line) != list(range(1, len(line) + 1)) for line in lines):
            continue
        found += all(n == sum(v.get((r + a, c + b), 0) for a in (-1, 0, 1) for b in (-1, 0, 1))
                     for (r, c), n in black.items())
    return found


@pytest.mark.parametrize(("rows", "cols", "black"), [
    (1, 1, {}),
    (2, 2, {}),
    (1, 3, {(1, 2): 2}),  # the row's two white cells hold 1 and 2, each column's one 1
    (3, 1, {(2, 1): 2}),
    (3, 3, {(1, 2): 5, (3, 1): 3}),
    (3, 3, {(2, 2): 8}),
])
def test_boards_match_brute_force(tmp_path: Path, rows: int, cols: int, black: dict) -> None:
    want = brute(rows, cols, black)
    text = "\n".join([f"{rows} {cols}", *(" ".join(str(black.get((r, c), "-"))
                                                   for c in range(1, cols + 1))
                                          for r in range(1, rows + 1))]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("Kakkuru", text)) == (status_of(want), want)
