"""Thermometer (`sapphire.genres.thermometer`): its fixture puzzles
(tests/fixtures/genres/thermometer.json) solve to their recorded answers; the case text is
exact; malformed text is refused at its place; a case has no link to be written as; the
answers read; boards without thermometers or counts and one cell tall or wide count as a
brute force of the rules does."""

from __future__ import annotations

from pathlib import Path

import pytest
from genre_checks import (
    board,
    body,
    count,
    fixture,
    grid_text,
    refusal,
    shadings,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("thermometer")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Thermometer", entry, tmp_path)


def test_thermometer_counts_and_paths() -> None:
    text = "2 3\n1 - 2\n2 1\n1.1 1.2 2.2\n- 3.1 2.1\n"
    assert body(puzzlekit_to_case("Thermometer", text)) == """\
board: 2x3
---
thermometer-1: thermometer r1c1-r1c2
thermometer-2: thermometer r2c3-r1c3
thermometer-3: thermometer r2c2
column-1: shade-count r1c1-r2c1 count 1
column-2: shade-count r1c3-r2c3 count 2
row-1: shade-count r1c1-r1c2-r1c3 count 2
row-2: shade-count r2c1-r2c2-r2c3 count 1
"""


def test_a_board_without_thermometers_is_still_shaded() -> None:
    # a thermometer of no cells states nothing but the shading: every cell is free
    assert body(puzzlekit_to_case("Thermometer", "1 2\n- -\n-\n- -\n")) == \
        "board: 1x2\n---\nthermometer\n"


@pytest.mark.parametrize(("text", "says", "line", "col"), [
    ("1 2\n1 1\n1\n1.1 1.1\n", "thermometer 1 has two cells numbered 1", 4, 5),
    ("1 3\n1 1 1\n1\n1.1 - 1.2\n", "thermometer 1 jumps from r1c1 to r1c3", 4, 7),
    ("1 2\n1 1\n1\n1.1 x\n", "'x' at r1c2 is not THERMOMETER.CELL such as 3.1", 4, 5),
    ("1 2\n1 1\n1.1 1.2\n", "expected 1 token on the line of row counts, found 2", 3, 5),
    ("1 2\n1 1\n1\n1.1 1.3\n", "the cells of thermometer 1 are not numbered 1-2", 4, 5),
    ("1 2\n1 q\n1\n1.1 1.2\n", "'q' in the count of column 2 is neither '-' nor a number", 2, 3),
    ("1 2\n1 1\nq\n1.1 1.2\n", "'q' in the count of row 1 is neither '-' nor a number", 3, 1),
])
def test_malformed_text_is_refused_at_its_place(text: str, says: str, line: int,
                                                col: int) -> None:
    assert refusal(puzzlekit_to_case, "Thermometer", text) == (
        "bad-puzzlekit", "<puzzlekit>", line, col, f"not a puzzlekit Thermometer problem: {says}")


def test_a_case_has_no_link() -> None:
    kind, _, _, _, message = refusal(export_puzzlink, puzzlekit_to_case(
        "Thermometer", PUZZLES["puzzlekit"][0]["problem"]))
    assert (kind, message) == ("unsupported", "the case cannot be written as a puzz.link link: "
                               "its rules are none of the genres written as links")


def test_the_answers_read() -> None:
    assert read_solution("Thermometer", "2 2\nx -\n- X\n") == {"shading": [[1, 0], [0, 1]]}


# -- boards without clues, and one cell tall or wide, against a brute force ------------------


def brute(rows: int, cols: int, thermos: list[list[Cell]], column_counts: list[int | None],
          row_counts: list[int | None]) -> int:
    """Shadings where each thermometer is filled from its bulb without a gap and each count
    given is its line's number of shaded cells."""
    n = 0
    for shaded in shadings(board(rows, cols)):
        full = all(not (t[k] in shaded and t[k - 1] not in shaded)
                   for t in thermos for k in range(1, len(t)))
        columns = all(v is None or sum((r, c) in shaded for r in range(1, rows + 1)) == v
                      for c, v in enumerate(column_counts, 1))
        lines = all(v is None or sum((r, c) in shaded for c in range(1, cols + 1)) == v
                    for r, v in enumerate(row_counts, 1))
        n += full and columns and lines
    return n


@pytest.mark.parametrize("rows, cols, thermos, column_counts, row_counts", [
    (1, 1, [], [None], [None]),
    (2, 2, [], [None, None], [None, None]),  # nothing given: every shading
    (1, 4, [], [None, None, None, None], [2]),
    (1, 4, [[(1, 3), (1, 2), (1, 1)]], [None, None, None, None], [2]),
    (4, 1, [[(1, 1), (2, 1)], [(4, 1), (3, 1)]], [3], [None, None, None, None]),
    (2, 2, [[(1, 1), (2, 1), (2, 2)]], [1, None], [None, 1]),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       thermos: list[list[Cell]],
                                       column_counts: list[int | None],
                                       row_counts: list[int | None]) -> None:
    want = brute(rows, cols, thermos, column_counts, row_counts)
    marks = {cell: f"{t}.{k}" for t, cells in enumerate(thermos, 1)
             for k, cell in enumerate(cells, 1)}
    head = "\n".join(" ".join("-" if v is None else str(v) for v in line)
                     for line in (column_counts, row_counts))
    case = puzzlekit_to_case("Thermometer", grid_text(rows, cols, marks, head))
    assert count(tmp_path, case) == (status_of(want), want)
