"""Str8ts (`sapphire.genres.str8t`): its fixture puzzle (tests/fixtures/genres/str8t.json)
solves to its recorded answer; the case text is exact, black cells with and without numbers
included; malformed text is refused at its place; the solution reads; boards without clues,
one cell tall or wide, count as a brute force of the rules does."""

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

PUZZLES = fixture("str8t")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Str8t", entry, tmp_path)


def test_the_case_text_of_black_cells_rows_and_straights() -> None:
    assert body(puzzlekit_to_case("Str8t", "2 3\nx 2 -\n- 3x -\n")) == """\
board: 2x3
digits: 0-3
givens: |
  0 2 .
  . 3 .
---
absent-digits r1c2-r1c3-r2c1-r2c3 digits [0]
all-different-1: all-different r1c2-r1c3
all-different-2: all-different r2c1-r2c2-r2c3
all-different-3: all-different r1c2-r2c2
all-different-4: all-different r1c3-r2c3
straight-1: renban r1c2-r1c3
straight-2: renban r1c3-r2c3
"""


def test_a_board_of_black_cells_only_holds_zeros() -> None:
    assert body(puzzlekit_to_case("Str8t", "1 2\nx x2\n")) == """\
board: 1x2
digits: 0-2
givens: |
  0 2
---
"""


def test_a_black_cell_written_with_a_dash_holds_0_too() -> None:
    # `-x` is a black cell without a number, as `x` is (the old reader left such a cell open)
    assert body(puzzlekit_to_case("Str8t", "1 2\n-x -\n")) == body(
        puzzlekit_to_case("Str8t", "1 2\nx -\n"))


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("1 3\nx 4 -\n", 2, 3, "'4' at r1c2 is not a Str8ts cell"),
    ("1 3\nx 0 -\n", 2, 3, "'0' at r1c2 is not a Str8ts cell"),
    ("1 3\nx q -\n", 2, 3, "'q' at r1c2 is not a Str8ts cell"),
    ("1 3\nxx - -\n", 2, 1, "'xx' at r1c1 is not a Str8ts cell"),
    ("1 3\nx - -\n- - -\n", 3, 1, "expected the end of the text after the grid, found another "
     "line"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Str8t", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Str8t problem: {says}")


def test_the_solution_writes_a_black_cell_without_a_number_as_0() -> None:
    assert read_solution("Str8t", "1 3\n- 2 1\n") == {"digits": [[0, 2, 1]]}


# -- edge boards, against a brute force ------------------------------------------------------


def compartments(rows: int, cols: int, black: set[Cell]) -> list[list[Cell]]:
    """The runs of white cells of each row and column."""
    out = []
    lines = [[(r, c) for c in range(1, cols + 1)] for r in range(1, rows + 1)]
    lines += [[(r, c) for r in range(1, rows + 1)] for c in range(1, cols + 1)]
    for line in lines:
        run: list[Cell] = []
        for x in [*line, None]:
            if x is not None and x not in black:
                run.append(x)
            else:
                if run:
                    out.append(run)
                run = []
    return out


def brute(rows: int, cols: int, black: dict[Cell, int], givens: dict[Cell, int]) -> int:
    """White cells take 1..N (N the longer side), black ones their number or 0; no row or
    column repeats a digit other than a black 0, and each compartment is a straight."""
    top = max(rows, cols)
    white = [x for x in board(rows, cols) if x not in black]
    n = 0
    for values in itertools.product(range(1, top + 1), repeat=len(white)):
        g = {**black, **dict(zip(white, values, strict=True))}
        if any(g[x] != d for x, d in givens.items()):
            continue
        lines = [[g[(r, c)] for c in range(1, cols + 1)] for r in range(1, rows + 1)]
        lines += [[g[(r, c)] for r in range(1, rows + 1)] for c in range(1, cols + 1)]
        if any(len(ds := [d for d in line if d]) != len(set(ds)) for line in lines):
            continue
        runs = [sorted(g[x] for x in run) for run in compartments(rows, cols, set(black))]
        n += all(run == list(range(run[0], run[0] + len(run))) for run in runs)
    return n


@pytest.mark.parametrize(("rows", "cols", "marks"), [
    (1, 1, {}), (1, 3, {}), (3, 1, {}), (2, 2, {}), (1, 4, {(1, 2): "x"}),
    (4, 1, {(2, 1): "x3"}), (2, 3, {(1, 2): "2x", (2, 1): "1"}), (1, 3, {(1, 1): "x", (1, 3): "x"}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       marks: dict[Cell, str]) -> None:
    black = {x: int(m.strip("x") or 0) for x, m in marks.items() if "x" in m}
    givens = {x: int(m) for x, m in marks.items() if "x" not in m}
    want = brute(rows, cols, black, givens)
    text = grid_text(rows, cols, marks)
    assert count(tmp_path, puzzlekit_to_case("Str8t", text)) == (status_of(want), want)
