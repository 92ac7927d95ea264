"""Binairo (`sapphire.genres.binairo`): its fixture puzzle (tests/fixtures/genres/binairo.json)
solves to its recorded answer; the case text is exact, with and without givens; malformed text
and odd boards are refused at their place; the solution reads; boards without givens, two
cells tall or wide, count as a brute force of the rules does, and boards one cell tall or wide
are refused."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import (
    board,
    body,
    count,
    fixture,
    grid_text,
    refusal,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

PUZZLES = fixture("binairo")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Binairo", entry, tmp_path)


def test_the_givens_are_written_as_zero_and_one() -> None:
    assert body(puzzlekit_to_case("Binairo", "2 2\n1 -\n- 2\n")) == """\
board: 2x2
digits: 0-1
givens: |
  0 .
  . 1
---
no-three-in-a-row
row-1: digit-counts r1c1-r1c2 counts [[1,0],[1,1]]
row-2: digit-counts r2c1-r2c2 counts [[1,0],[1,1]]
column-1: digit-counts r1c1-r2c1 counts [[1,0],[1,1]]
column-2: digit-counts r1c2-r2c2 counts [[1,0],[1,1]]
"""


def test_a_board_without_givens_has_every_rule_and_no_grid() -> None:
    assert body(puzzlekit_to_case("Binairo", "2 4\n- - - -\n- - - -\n")) == """\
board: 2x4
digits: 0-1
---
no-three-in-a-row
row-1: digit-counts r1c1-r1c2-r1c3-r1c4 counts [[2,0],[2,1]]
row-2: digit-counts r2c1-r2c2-r2c3-r2c4 counts [[2,0],[2,1]]
column-1: digit-counts r1c1-r2c1 counts [[1,0],[1,1]]
column-2: digit-counts r1c2-r2c2 counts [[1,0],[1,1]]
column-3: digit-counts r1c3-r2c3 counts [[1,0],[1,1]]
column-4: digit-counts r1c4-r2c4 counts [[1,0],[1,1]]
"""


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 3\n- - -\n- - -\n", 1, 3, "a Binairo has an even number of columns, not 3"),
    ("3 2\n- -\n- -\n- -\n", 1, 1, "a Binairo has an even number of rows, not 3"),
    ("1 1\n-\n", 1, 1, "a Binairo has an even number of rows, not 1"),
    ("2 1\n1\n-\n", 1, 3, "a Binairo has an even number of columns, not 1"),
    ("2 2\n0 -\n- -\n", 2, 1, "'0' at r1c1 is not '1', '2' or '-'"),
    ("2 2\n1 -\n- 1 2\n", 3, 5, "expected 2 tokens on row 2 of the grid, found 3"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Binairo", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Binairo problem: {says}")


def test_the_solution_reads_as_zero_and_one() -> None:
    assert read_solution("Binairo", "1 2\n2 1\n") == {"digits": [[1, 0]]}
    assert refusal(read_solution, "Binairo", "1 2\n2 x\n", label="s.txt") == (
        "bad-puzzlekit", "s.txt", 2, 3,
        "not a puzzlekit Binairo solution: 'x' at r1c2 is not a number")


# -- edge boards, against a brute force ------------------------------------------------------


def brute(rows: int, cols: int, givens: dict[Cell, int]) -> int:
    """Fillings with 0 and 1 keeping the givens, each row and column half 0s, half 1s, and no
    three side by side in a row or column equal."""
    cells = board(rows, cols)
    lines = [[(r, c) for c in range(1, cols + 1)] for r in range(1, rows + 1)]
    lines += [[(r, c) for r in range(1, rows + 1)] for c in range(1, cols + 1)]
    n = 0
    for bits in itertools.product((0, 1), repeat=len(cells)):
        value = dict(zip(cells, bits, strict=True))
        if any(value[x] != d for x, d in givens.items()):
            continue
        n += all(2 * sum(value[x] for x in line) == len(line)
                 and not any(value[a] == value[b] == value[c]
                             for a, b, c in zip(line, line[1:], line[2:], strict=False))
                 for line in lines)
    return n


@pytest.mark.parametrize(("rows", "cols", "givens"), [
    (2, 2, {}), (2, 4, {}), (4, 2, {}), (2, 6, {}), (6, 2, {}), (4, 4, {}),
    (2, 6, {(1, 1): 0, (1, 2): 0}), (4, 4, {(1, 1): 1, (2, 2): 1, (3, 3): 1}),
    (2, 2, {(1, 1): 0, (1, 2): 0}),  # a row of two equal givens: no answer
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       givens: dict[Cell, int]) -> None:
    want = brute(rows, cols, givens)
    text = grid_text(rows, cols, {x: str(d + 1) for x, d in givens.items()})
    assert count(tmp_path, puzzlekit_to_case("Binairo", text)) == (status_of(want), want)
