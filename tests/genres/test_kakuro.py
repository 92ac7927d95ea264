"""Kakuro (`sapphire.genres.kakuro`): its fixture puzzles (tests/fixtures/genres/kakuro.json)
solve to their recorded answers in both formats and come back through their links; the case
text is exact; malformed text and broken links are refused at their place; a case the link
cannot hold is refused; the answers read; boards without white cells, one cell tall or wide,
count as a brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import (
    body,
    comes_back_as_itself,
    comes_back_through_its_link,
    count,
    fixture,
    refusal,
    solves_to_its_answer,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("kakuro")
Cell = tuple[int, int]
SMALL = "3 3\n- 4, 3,\n,3 0 0\n,4 0 0\n"


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Kakuro", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Kakuro", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_case_text_of_runs_and_black_cells() -> None:
    case = puzzlekit_to_case("Kakuro", SMALL)
    assert body(case) == """\
board: 3x3
digits: 0-9
givens: |
  0 0 0
  0 . .
  0 . .
---
black-cell r1c1-r1c2-r1c3-r2c1-r3c1
absent-digits r2c2-r2c3-r3c2-r3c3 digits [0]
down-1: cage r2c2-r3c2 total 4
down-2: cage r2c3-r3c3 total 3
across-1: cage r2c2-r2c3 total 3
across-2: cage r3c2-r3c3 total 4
"""
    assert export_puzzlink(case) == "https://puzz.link/p?kakuro/2/2/n4334"


def test_a_black_cell_inside_the_grid_holds_its_totals() -> None:
    text = "3 4\n- 3, - 4,\n,4 0 3,5 0\n,6 0 0 0\n"
    case = puzzlekit_to_case("Kakuro", text)
    assert body(case).split("---\n")[1] == """\
black-cell r1c1-r1c2-r1c3-r1c4-r2c1-r2c3-r3c1
absent-digits r2c2-r2c4-r3c2-r3c3-r3c4 digits [0]
down-1: cage r2c2-r3c2 total 3
down-2: cage r2c4-r3c4 total 4
across-1: cage r2c2 total 4
down-3: cage r3c3 total 3
across-2: cage r2c4 total 5
across-3: cage r3c2-r3c3-r3c4 total 6
"""
    link = export_puzzlink(case)
    assert link == "https://puzz.link/p?kakuro/3/2/k35n3446"
    assert body(puzzlink_to_case(link)) == body(case)


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n- 3\n,3 0\n", 2, 3, "'3' at r1c2 is not 0, '-' or DOWN,ACROSS"),
    ("2 2\n- 3,\n,3 -\n", 2, 3, "the down total 3 at r1c2 has no white cells"),
    ("2 2\n- 3,x\n,3 0\n", 2, 5, "'x' in the across total at r1c2 is not a number"),
    ("3 2\n- -\n,1 0\n- 0\n", 3, 4, "the down run through r2c2 has no total"),
    ("2 3\n- 3, 3,\n- 0 0\n", 3, 3, "the across run through r2c2 has no total"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Kakuro", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Kakuro problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a", "bad-puzzlink", 56,
     "not a puzz.link link: the link ends where the total left of row 3 should be"),
    ("https://puzz.link/p?kakuro/2/2/n4!34", "bad-puzzlink", 34,
     "not a puzz.link link: '!' is not where the total above column 2 should be"),
    ("https://puzz.link/p?kakuro/2/2/n0334", "puzzlink-clues", 32,
     "the kakuro it holds does not read: the down run through r2c2 has no total"),
    ("https://puzz.link/p?kakuro/2/1/50k3", "puzzlink-clues", 32,
     "the kakuro it holds does not read: the down total 5 at r2c2 has no white cells"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


@pytest.mark.parametrize(("change", "says"), [
    (("  0 . .\n  0 . .\n", "  0 . .\n  . . .\n"), "a Kakuro's first row and column are black "
     "cells (digit 0) holding the outside totals"),
    (("down-1: cage r2c2-r3c2 total 4", "down-1: cage r3c2 total 4"),
     "its 'cage' rule: a run's total sits in the black cell before it"),
    (("total 4\ndown-2", "total 50\ndown-2"), "a kakuro link writes numbers 1-45, not 50"),
])
def test_a_case_the_link_cannot_hold_is_refused(change: tuple[str, str], says: str) -> None:
    case = puzzlekit_to_case("Kakuro", SMALL)
    assert change[0] in case
    kind, *_, message = refusal(export_puzzlink, case.replace(*change))
    assert (kind, message) == ("unsupported",
                               f"the case cannot be written as a puzz.link link: {says}")


def test_the_answers_read() -> None:
    (entry,) = PUZZLES["puzzlink"]
    got = read_pzprv3(entry["answer"])["digits"]
    assert (got[0], got[1]) == ([0] * 6, [0, 0, 5, 3, 0, 0])
    assert read_solution("Kakuro", "2 2\n- -\n- 7\n") == {"digits": [[0, 0], [0, 7]]}


# -- edge boards, against a brute force ------------------------------------------------------


def brute(rows: int, cols: int, white: set[Cell], runs: list[tuple[list[Cell], int]]) -> int:
    """White cells hold 1-9 (black ones 0); each run holds different digits summing to its
    total."""
    cells = sorted(white)
    n = 0
    for values in itertools.product(range(1, 10), repeat=len(cells)):
        g = dict(zip(cells, values, strict=True))
        n += all(sum(g[x] for x in run) == total and len({g[x] for x in run}) == len(run)
                 for run, total in runs)
    return n


@pytest.mark.parametrize(("text", "white", "runs"), [
    ("1 1\n-\n", set(), []),
    ("2 3\n- - -\n- - -\n", set(), []),
    ("1 2\n,5 0\n", {(1, 2)}, [([(1, 2)], 5)]),
    ("3 1\n4,\n0\n-\n", {(2, 1)}, [([(2, 1)], 4)]),
    ("1 4\n,6 0 0 0\n", {(1, 2), (1, 3), (1, 4)}, [([(1, 2), (1, 3), (1, 4)], 6)]),
    ("3 1\n3,\n0\n0\n", {(2, 1), (3, 1)}, [([(2, 1), (3, 1)], 3)]),
    ("3 3\n- 4, 3,\n,3 0 0\n,4 0 0\n", {(2, 2), (2, 3), (3, 2), (3, 3)},
     [([(2, 2), (3, 2)], 4), ([(2, 3), (3, 3)], 3), ([(2, 2), (2, 3)], 3),
      ([(3, 2), (3, 3)], 4)]),
])
def test_edge_boards_match_brute_force(tmp_path: Path, text: str, white: set[Cell],
                                       runs: list[tuple[list[Cell], int]]) -> None:
    rows, cols = (int(v) for v in text.split("\n", 1)[0].split())
    want = brute(rows, cols, white, runs)
    assert count(tmp_path, puzzlekit_to_case("Kakuro", text)) == (status_of(want), want)
