"""Gappy (`sapphire.genres.gappy`): its fixture puzzle (tests/fixtures/genres/gappy.json)
solves to its recorded answer; the case text is exact, with and without clues; malformed text
and gaps too wide for their line are refused at their place; the solution reads; boards
without clues, one cell tall or wide, count as a brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import (
    body,
    count,
    fixture,
    refusal,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

PUZZLES = fixture("gappy")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Gappy", entry, tmp_path)


def test_two_per_line_and_the_gaps_from_the_clue_inward() -> None:
    text = "3 4\n- 1 - -\n2 - -\n- - - -\n- x - -\n- - - -\n"
    assert body(puzzlekit_to_case("Gappy", text)) == """\
board: 3x4
shading: |
  . . . .
  . 1 . .
  . . . .
---
shade-per-line count 2
shaded-no-touch
column-gap-1: shade-gap r1c2-r2c2-r3c2 gap 1
row-gap-1: shade-gap r1c1-r1c2-r1c3-r1c4 gap 2
"""


def test_a_board_without_clues_has_the_rules_of_every_line() -> None:
    assert body(puzzlekit_to_case("Gappy", "1 1\n-\n-\n-\n")) == """\
board: 1x1
---
shade-per-line count 2
shaded-no-touch
"""


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("3 3\n- 2 -\n- - -\n- - -\n- - -\n- - -\n", 2, 3,
     "the gap 2 of column 2 does not fit its 3 cells"),
    ("2 3\n- - -\n- 2\n- - -\n- - -\n", 3, 3, "the gap 2 of row 2 does not fit its 3 cells"),
    ("3 3\n- - -\n- - -\n- - -\n- o -\n- - -\n", 5, 3, "'o' at r2c2 is neither 'x' nor '-'"),
    ("2 2\n- q\n- -\n- -\n- -\n", 2, 3, "'q' in the clue of column 2 is neither '-' nor a "
     "number"),
    ("2 2\n- -\n- - -\n- -\n- -\n", 3, 5, "expected 2 tokens on the line of row clues, "
     "found 3"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Gappy", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Gappy problem: {says}")


def test_the_solution_reads() -> None:
    assert read_solution("Gappy", "1 3\nx - X\n") == {"shading": [[1, 0, 1]]}


# -- edge boards, against a brute force ------------------------------------------------------


def brute(rows: int, cols: int, gaps: dict[tuple[str, int], int], given: set[Cell]) -> int:
    """Shadings keeping the given cells, two shaded cells in every row and column, none
    touching another even at a corner, and each gap the cells between its line's two. Built a
    row at a time (any shading of the row), dropping a partial shading once it breaks a rule,
    so that boards of 8x8, the smallest with answers, stay quick."""
    found: list[list[tuple[int, ...]]] = []

    def extend(done: list[tuple[int, ...]]) -> None:
        r = len(done) + 1
        if r > rows:
            found.append(done)
            return
        for bits in itertools.product((0, 1), repeat=cols):
            row = tuple(c for c, b in enumerate(bits, 1) if b)
            if len(row) != 2 or not {c for rr, c in given if rr == r} <= set(row):
                continue
            near = [*done[-1:], row]  # this row and the one above
            if any(abs(a - b) <= 1 and (i, a) != (j, b) for i, one in enumerate(near)
                   for j, two in enumerate(near) for a in one for b in two):
                continue
            if any(sum(c in line for line in [*done, row]) > 2 for c in range(1, cols + 1)):
                continue
            extend([*done, row])

    extend([])
    n = 0
    for shading in found:
        shaded = {(r, c) for r, row in enumerate(shading, 1) for c in row}
        marks = {("row", r): [c for c in range(1, cols + 1) if (r, c) in shaded]
                 for r in range(1, rows + 1)}
        marks |= {("column", c): [r for r in range(1, rows + 1) if (r, c) in shaded]
                  for c in range(1, cols + 1)}
        n += (all(len(m) == 2 for m in marks.values())
              and all(marks[key][1] - marks[key][0] - 1 == gap for key, gap in gaps.items()))
    return n


@pytest.mark.parametrize(("rows", "cols", "gaps", "given"), [
    (1, 1, {}, set()), (1, 4, {}, set()), (4, 1, {}, set()), (2, 2, {}, set()),
    (3, 3, {}, set()), (4, 4, {}, set()), (1, 4, {("row", 1): 1}, set()),
    (4, 1, {("column", 1): 0}, set()), (8, 8, {}, set()), (8, 8, {("row", 1): 1}, set()),
    (8, 8, {("column", 2): 2}, set()), (8, 8, {}, {(1, 2)}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       gaps: dict[tuple[str, int], int],
                                       given: set[Cell]) -> None:
    want = brute(rows, cols, gaps, given)
    column = " ".join(str(gaps.get(("column", c), "-")) for c in range(1, cols + 1))
    row = " ".join(str(gaps.get(("row", r), "-")) for r in range(1, rows + 1))
    grid = [" ".join("x" if (r, c) in given else "-" for c in range(1, cols + 1))
            for r in range(1, rows + 1)]
    text = "\n".join([f"{rows} {cols}", column, row, *grid]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("Gappy", text)) == (status_of(want), want)
