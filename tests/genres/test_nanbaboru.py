"""Nanbaboru (`sapphire.genres.nanbaboru`): its fixture puzzles (tests/fixtures/genres/
nanbaboru.json) solve to their recorded answers; the case text is exact; malformed text is
refused at its place; the answers read; boards without clues and one cell tall or wide count
as a brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import board, body, count, fixture, refusal, solves_to_its_solution, status_of

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

PUZZLES = fixture("nanbaboru")


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Nanbaboru", entry, tmp_path)


def test_the_case_text() -> None:
    assert body(puzzlekit_to_case("Nanbaboru", "2 3 2\n1 0 x\n- 0 -\n")) == """\
board: 2x3
digits: 0-2
givens: |
  1 . 0
  . . .
---
row-1: digit-counts r1c1-r1c2-r1c3 counts [[1,1],[1,2]]
row-2: digit-counts r2c1-r2c2-r2c3 counts [[1,1],[1,2]]
column-1: digit-counts r1c1-r2c1 counts [[1,1],[1,2]]
column-2: digit-counts r1c2-r2c2 counts [[1,1],[1,2]]
column-3: digit-counts r1c3-r2c3 counts [[1,1],[1,2]]
absent-digits r1c2-r2c2 digits [0]
"""


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2 1\n1 y\n- -\n", 2, 3, "'y' at r1c2 is neither '-' nor a number"),
    ("2 2 1\n1 -\n- 2\n", 3, 3, "the given 2 at r2c2 is not 1-1"),
    ("2 2 1\n1 -\n- 00\n", 3, 3, "the given 0 at r2c2 is not 1-1"),
    ("2 2 3\n- -\n- -\n", 1, 5, "K = 3 digits do not fit in a line of 2 cells"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Nanbaboru", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Nanbaboru problem: {says}")


def test_the_answers_read() -> None:
    assert read_solution("Nanbaboru", "1 3 1\n- 1 -\n") == {"digits": [[0, 1, 0]]}


# -- boards without clues, and one cell tall or wide, against a brute force ------------------


def brute(rows: int, cols: int, k: int, marks: dict[tuple[int, int], str]) -> int:
    """Grids of 0..k where each row and column holds 1..k once; a digit mark is that digit,
    `0` a cell holding a digit, `x` an empty one."""
    cells = board(rows, cols)
    found = 0
    for values in itertools.product(range(k + 1), repeat=len(cells)):
        v = dict(zip(cells, values, strict=True))
        if any((m == "0" and v[x] == 0) or (m == "x" and v[x] != 0)
               or (m not in "0x" and v[x] != int(m)) for x, m in marks.items()):
            continue
        lines = [[v[(r, c)] for c in range(1, cols + 1)] for r in range(1, rows + 1)]
        lines += [[v[(r, c)] for r in range(1, rows + 1)] for c in range(1, cols + 1)]
        found += all(sorted(d for d in line if d) == list(range(1, k + 1)) for line in lines)
    return found


@pytest.mark.parametrize(("rows", "cols", "k", "marks"), [
    (1, 1, 1, {}),
    (1, 4, 1, {(1, 2): "x"}),
    (4, 1, 1, {(3, 1): "0"}),
    (3, 3, 2, {}),
    (3, 3, 2, {(1, 1): "0", (2, 2): "x", (3, 3): "2"}),
])
def test_boards_match_brute_force(tmp_path: Path, rows: int, cols: int, k: int,
                                  marks: dict) -> None:
    want = brute(rows, cols, k, marks)
    text = "\n".join([f"{rows} {cols} {k}", *(" ".join(marks.get((r, c), "-")
                                                       for c in range(1, cols + 1))
                                              for r in range(1, rows + 1))]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("Nanbaboru", text)) == (status_of(want), want)
