"""Burokku (`sapphire.genres.burokku`): its fixture puzzles (tests/fixtures/genres/
burokku.json) solve to their recorded answers, but for the disputed 96_8x8, which has that
answer and one more; the case text is exact, with and without blanks; malformed text is
refused at its place; the answers read; tiny boards count as a brute force of the rules
does."""

from __future__ import annotations

from pathlib import Path

import pytest
from genre_checks import (
    board,
    body,
    connected,
    count,
    fixture,
    partitions,
    refusal,
    solves_to_its_solution,
    status_of,
)

from sapphire.formats.answer import canonical_regions
from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case
from sapphire.pipeline import solve_case

PUZZLES = fixture("burokku")
DISPUTED = {"96_8x8"}
"""Records that are one of two answers (janko.at's Burokku 96 and 139; the fixture holds 96)."""


@pytest.mark.parametrize("entry", [e for e in PUZZLES["puzzlekit"] if e["key"] not in DISPUTED],
                         ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Burokku", entry, tmp_path)


SECOND_96 = """\
1 1 1 1 1 2 2 3
1 2 2 2 2 2 3 3
1 1 4 2 3 3 3 5
4 4 4 4 3 3 5 5
4 4 5 5 5 5 5 6
4 7 7 7 6 6 6 6
7 7 8 8 6 8 8 6
7 7 7 8 8 8 8 6
"""
"""96_8x8's other answer: the two regions at the top left cut the other way (each holds A-H
once, as the record's do)."""


def test_a_disputed_record_is_one_of_two_answers(tmp_path: Path) -> None:
    (entry,) = [e for e in PUZZLES["puzzlekit"] if e["key"] == "96_8x8"]
    record = read_solution("Burokku", entry["solution"])["regions"]
    second = canonical_regions([row.split() for row in SECOND_96.splitlines()])
    path = tmp_path / "p.case"
    path.write_text(puzzlekit_to_case("Burokku", entry["problem"]), encoding="utf-8")
    res = solve_case(str(path), max_solutions=3, time_limit=60)
    assert res.complete and res.count == 2
    found = [canonical_regions(s["regions"]) for s in res.solutions]
    assert sorted(found) == sorted([record, second]) and record != second


def test_the_case_text() -> None:
    assert body(puzzlekit_to_case("Burokku", "2 2\nA B\nb a\n")) == """\
board: 2x2
digits: 1-2
givens: |
  1 2
  2 1
---
chaos-construction size 2
"""


def test_blanks_repeat_and_the_regions_are_as_long_as_the_board() -> None:
    assert body(puzzlekit_to_case("Burokku", "2 2\n- c\n- -\n")) == """\
board: 2x2
digits: 0-3
givens: |
  0 3
  0 0
---
chaos-construction repeats [0]
"""


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n1 2\n2 ?\n", 3, 3, "'?' at r2c2 is not a symbol"),
    ("2 2\n1 2\n2 0\n", 3, 3, "'0' at r2c2 is not a symbol"),
    ("3 3\n1 2 1\n2 1 2\n1 2 1\n", 1, 1, "the board's 9 cells do not cut into regions of 2 "
     "cells (the number of symbols)"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Burokku", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Burokku problem: {says}")


def test_the_answers_read() -> None:
    assert read_solution("Burokku", "2 2\n7 7\n3 3\n") == {"regions": [[1, 1], [3, 3]]}


# -- tiny boards, against a brute force --------------------------------------------------------


def brute(rows: int, cols: int, symbols: dict[tuple[int, int], int]) -> int:
    """Cuttings into connected regions, each as large as the number of symbols (as the board's
    longer side where some cell is blank, 0), none holding a symbol other than 0 twice."""
    found = set(symbols.values())
    size = max(rows, cols) if 0 in found else len(found)
    n = 0
    for parts in partitions(board(rows, cols)):
        if all(len(p) == size and connected(p) for p in parts):
            n += all(len([symbols[x] for x in p if symbols[x]])
                     == len({symbols[x] for x in p if symbols[x]}) for p in parts)
    return n


@pytest.mark.parametrize("grid", [
    ["- -", "- -"],  # no symbols at all: two ways to cut it in dominoes
    ["- - - -"],
    ["-", "-", "-"],
    ["1 2", "2 1"],
    ["1 2 1 2"],
    ["1 1 2 2"],  # no answer
    ["A", "B", "C", "B", "C", "A"],
    ["- a -", "a - -", "- - a"],
])
def test_tiny_boards_match_brute_force(tmp_path: Path, grid: list[str]) -> None:
    rows, cols = len(grid), len(grid[0].split())
    symbols = {(r, c): 0 if t == "-" else int(t) if t.isdigit() else ord(t.upper()) - 64
               for r, line in enumerate(grid, 1) for c, t in enumerate(line.split(), 1)}
    want = brute(rows, cols, symbols)
    text = "\n".join([f"{rows} {cols}", *grid]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("Burokku", text)) == (status_of(want), want)
