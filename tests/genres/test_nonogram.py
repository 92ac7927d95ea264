"""Nonogram (`sapphire.genres.nonogram`): its fixture puzzles (tests/fixtures/genres/
nonogram.json) solve to their recorded answers and come back through their links; the case
text is exact; malformed text, broken links and clues that do not fit are refused at their
place; the answers read; lines without runs and boards one cell tall or wide count as a brute
force of the rules does.

pzprjs's nonogram test records an answer of another puzzle than its link (a 3x10 grid, where
the link is 6x6): its link is checked against the runs it states, and the answer against a
link made from the answer file's own clues."""

from __future__ import annotations

from pathlib import Path

import pytest
from genre_checks import (
    answer,
    body,
    comes_back_as_itself,
    comes_back_through_its_link,
    count,
    fixture,
    refusal,
    shadings,
    solves_to_its_solution,
    status_of,
)

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_pzprv3, read_solution
from sapphire.genres.nonogram import Clues, Nonogram, runs_pattern
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("nonogram")
NONOGRAM = PUZZLES["puzzlink"][0]
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Nonogram", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Nonogram", entry["problem"])


def runs(line: list[int]) -> list[int]:
    """The lengths of the runs of 1s in a line."""
    out, n = [], 0
    for v in [*line, 0]:
        if v:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return out


def test_the_link_solves_to_the_runs_it_states_and_comes_back(tmp_path: Path) -> None:
    (url,) = NONOGRAM["url"]
    got = answer(puzzlink_to_case(url), tmp_path, {"shading": None})["shading"]
    columns = [[row[c] for row in got] for c in range(6)]
    # the link's clues, each column's nearest the grid first, read by hand
    assert [runs(c) for c in columns] == [[2, 1], [1, 1, 1], [1], [1, 1, 1], [2, 1], []]
    assert [runs(r) for r in got] == [[2, 1], [1, 1], [1, 2], [], [1, 1], [3]]
    comes_back_as_itself(NONOGRAM)


def test_the_recorded_answer_is_of_its_own_clues(tmp_path: Path) -> None:
    # the answer file holds a 3x10 puzzle's clues (two columns left, five rows above): the link
    # made of them solves to the answer
    lines = [line.split() for line in NONOGRAM["answer"].split("/")[4:]]
    assert NONOGRAM["answer"].startswith("pzprv3/nonogram/10/3/")
    above = [tuple(int(lines[k][2 + c]) for k in range(5) if lines[k][2 + c] != ".")
             for c in range(3)]
    left = [tuple(int(t) for t in lines[5 + r][:2] if t != ".") for r in range(10)]
    link = f"p?nonogram/3/10/{Nonogram().encode(Clues(10, 3, tuple(above), tuple(left)))}"
    want = read_pzprv3(NONOGRAM["answer"])
    assert answer(puzzlink_to_case(link), tmp_path, want) == want


def test_columns_then_rows() -> None:
    case = puzzlekit_to_case("Nonogram", "2 3\n1\n0\n2\n1 1\n1\n")
    assert body(case) == """\
board: 2x3
---
column-1: shade-pattern r1c1-r2c1 pattern "0*1{1}0*"
column-2: shade-pattern r1c2-r2c2 pattern "0*"
column-3: shade-pattern r1c3-r2c3 pattern "0*1{2}0*"
row-1: shade-pattern r1c1-r1c2-r1c3 pattern "0*1{1}0+1{1}0*"
row-2: shade-pattern r2c1-r2c2-r2c3 pattern "0*1{1}0*"
"""
    # one clue above each column, two left of each row, nearest the grid first
    assert export_puzzlink(case) == "https://puzz.link/p?nonogram/3/2/1g2111g"
    assert body(puzzlink_to_case("p?nonogram/3/2/102111g")) == body(case)  # a lone 0: none


def test_runs_pattern() -> None:
    assert runs_pattern([2, 1]) == "0*1{2}0+1{1}0*"
    assert runs_pattern([]) == "0*"


@pytest.mark.parametrize(("text", "line", "col", "end", "says"), [
    ("1 2\n1\n1\n", 3, 2, 0, "expected the row clues, found the end of the text"),
    ("1 2\n1\n1\n1  1\n", 4, 1, 5, "the runs 1 1 of row 1 do not fit a row of 2 cells"),
    ("1 2\n1\nx\n1\n", 3, 1, 2, "'x' in the clues of column 2 is not the length of a run "
                                "(1 or more)"),
    ("1 2\n1\n1\n1 0\n", 4, 3, 4, "'0' in the clues of row 1 is not the length of a run "
                                  "(1 or more)"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int, end: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Nonogram", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Nonogram problem: {says}")
    with pytest.raises(SapphireError) as exc:
        puzzlekit_to_case("Nonogram", text)
    span = exc.value.diagnostics[0].span
    assert span is not None and span.end_col == end  # a clue that does not fit: all of it


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?nonogram/3/2/.g2111g", "bad-puzzlink", 34,
     "not a puzz.link link: a '?' clue (a run of unknown length) is not read"),
    ("https://puzz.link/p?nonogram/3/2/1g2!", "bad-puzzlink", 37,
     "not a puzz.link link: '!' is not a number or a gap"),
    ("https://puzz.link/p?nonogram/3/2/1g2221g", "puzzlink-clues", 34,
     "the nonogram it holds does not read: the runs 2 2 of row 1 do not fit a row of 3 cells"),
    ("https://puzz.link/p?nonogram/3/2/1g2201g", "puzzlink-clues", 34,
     "the nonogram it holds does not read: '0' in the clues of row 1 is not the length of a "
     "run (1 or more)"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


@pytest.mark.parametrize(("rule", "why"), [
    ('shade-pattern r1c1-r1c2 pattern "0*1{1}0*"', "a clue's cells are a whole column top down "
                                                  "or a whole row left to right"),
    ('shade-pattern r1c1-r1c2-r1c3 pattern "0*1+0*"', "a clue is one pattern of runs per line, "
                                                      "as 0*1{2}0+1{1}0*"),
])
def test_a_pattern_the_link_cannot_carry_is_refused_at_its_line(rule: str, why: str) -> None:
    case = f"---\nlibrary: std\nboard: 1x3\n---\n{rule}\n"
    assert refusal(export_puzzlink, case)[2:] == (
        5, 1, f"the case cannot be written as a puzz.link link: its 'shade-pattern' rule: {why}")


def test_the_answers_read() -> None:
    assert read_solution("Nonogram", "1 3\nx - X\n") == {"shading": [[1, 0, 1]]}
    # one clue row above the one row, two clue columns left of the three cells
    assert read_pzprv3("pzprv3/nonogram/1/3/. . . 1 . /. 2 # . # /") == {
        "shading": [[1, 0, 1]]}


# -- lines without runs, and boards one cell tall or wide, against a brute force -------------


def brute(rows: int, cols: int, column_runs: list[list[int]], row_runs: list[list[int]]) -> int:
    """Shadings whose every column and row has the runs its clue lists."""
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    return sum(all(runs([int((r, c) in shaded) for r in range(1, rows + 1)]) == column_runs[c - 1]
                   for c in range(1, cols + 1))
               and all(runs([int((r, c) in shaded) for c in range(1, cols + 1)]) == row_runs[r - 1]
                       for r in range(1, rows + 1))
               for shaded in shadings(cells))


@pytest.mark.parametrize("rows, cols, column_runs, row_runs", [
    (1, 1, [[]], [[]]),
    (1, 1, [[1]], [[1]]),
    (1, 4, [[], [1], [1], []], [[2]]),
    (4, 1, [[1, 2]], [[1], [], [1], [1]]),
    (2, 2, [[], []], [[], []]),  # no runs at all: the one empty answer
    (2, 2, [[1], [1]], [[1], [1]]),  # two answers
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       column_runs: list[list[int]],
                                       row_runs: list[list[int]]) -> None:
    want = brute(rows, cols, column_runs, row_runs)
    text = "\n".join([f"{rows} {cols}", *(" ".join(map(str, r)) or "0"
                                          for r in [*column_runs, *row_runs])]) + "\n"
    case = puzzlekit_to_case("Nonogram", text)
    assert count(tmp_path, case) == (status_of(want), want)
    assert count(tmp_path, puzzlink_to_case(export_puzzlink(case))) == (status_of(want), want)
