"""DoppelBlock (`sapphire.genres.doppelblock`): its fixture puzzles (tests/fixtures/genres/
doppelblock.json) solve to their recorded answers in both formats and come back through their
links; the case text is exact; malformed text and broken links are refused at their place; a
case its link cannot carry is refused at its rule; the answers read; small boards count as a
brute force of the rules does."""

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

PUZZLES = fixture("doppelblock")


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("DoppelBlock", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("DoppelBlock", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_case_text() -> None:
    case = puzzlekit_to_case("DoppelBlock", "4 4 2\n3 - 0 -\n- 1 - -\n")
    assert body(case) == """\
board: 4x4
digits: 0-2
---
row-1: digit-counts r1c1-r1c2-r1c3-r1c4 counts [[2,0],[1,1],[1,2]]
row-2: digit-counts r2c1-r2c2-r2c3-r2c4 counts [[2,0],[1,1],[1,2]]
row-3: digit-counts r3c1-r3c2-r3c3-r3c4 counts [[2,0],[1,1],[1,2]]
row-4: digit-counts r4c1-r4c2-r4c3-r4c4 counts [[2,0],[1,1],[1,2]]
column-1: digit-counts r1c1-r2c1-r3c1-r4c1 counts [[2,0],[1,1],[1,2]]
column-2: digit-counts r1c2-r2c2-r3c2-r4c2 counts [[2,0],[1,1],[1,2]]
column-3: digit-counts r1c3-r2c3-r3c3-r4c3 counts [[2,0],[1,1],[1,2]]
column-4: digit-counts r1c4-r2c4-r3c4-r4c4 counts [[2,0],[1,1],[1,2]]
between-sum-1: between-sum r2c1-r2c2-r2c3-r2c4 total 1
between-sum-2: between-sum r1c1-r2c1-r3c1-r4c1 total 3
between-sum-3: between-sum r1c3-r2c3-r3c3-r4c3 total 0
"""
    # outside16: the column sums 3, -, 0, then three empty ones (`h`) before the second
    # row's 1, then the last two (`h`)
    assert export_puzzlink(case) == "https://puzz.link/p?doppelblock/4/4/3g0h1h"


def test_a_link_may_give_numbers_in_cells(tmp_path: Path) -> None:
    # no outside numbers (`n`: 8 skipped), then a 1 in r1c1, four empty cells (`j`), a
    # 2 in r2c2 and the other ten empty (`p`)
    case = puzzlink_to_case("p?doppelblock/4/4/n1j2p")
    assert "givens: |\n  1 . . .\n  . 2 . .\n  . . . .\n  . . . .\n" in case
    assert export_puzzlink(case) == "https://puzz.link/p?doppelblock/4/4/n1j2p"


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("4 4 2\n3 - x -\n- - - -\n", 2, 5, "'x' in the count of column 3 is neither '-' nor a "
     "number"),
    ("4 4 2\n4 - - -\n- - - -\n", 2, 1, "the sum 4 of column 1 is not 0-3, the sums that 1-2 "
     "make"),
    ("4 4 3\n- - - -\n- - - -\n", 1, 5, "the largest number of a board 4 wide is 2, not 3"),
    ("4 4\n- - - -\n- - - -\n", 1, 4, "expected K, the largest number, after the size"),
    ("4 4 2\n- - - -\n", 2, 8, "expected the line of row sums, found the end of the text"),
    ("3 4 2\n- - - -\n- - -\n", 1, 1, "a 3x4 board is no DoppelBlock"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "DoppelBlock", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit DoppelBlock problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?doppelblock/4/4/3g!", "bad-puzzlink", 39,
     "not a puzz.link link: '!' is not a number or a gap"),
    ("https://puzz.link/p?doppelblock/4/4/.o", "bad-puzzlink", 37,
     "not a puzz.link link: an outside number without its value ('?') is not read"),
    ("https://puzz.link/p?doppelblock/4/4/9o", "puzzlink-clues", 37,
     "the doppelblock it holds does not read: the sum 9 of column 1 is not 0-3, the sums that "
     "1-2 make"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


def test_a_sum_outside_a_whole_line_is_refused_at_its_rule() -> None:
    case = puzzlekit_to_case("DoppelBlock", "4 4 2\n- - - -\n- - - -\n")
    case += "between-sum r1c1-r1c2-r1c3 total 1\n"
    kind, _, line, _, message = refusal(export_puzzlink, case)
    assert (kind, line) == ("unsupported", len(case.splitlines()))
    assert message == ("the case cannot be written as a puzz.link link: its 'between-sum' rule: "
                       "a doppelblock link sums whole rows and columns between their shaded "
                       "cells")


def test_the_answers_read() -> None:
    assert read_solution("DoppelBlock", "2 2 0\nx x\nx x\n") == {"digits": [[0, 0], [0, 0]]}
    assert read_solution("DoppelBlock", "3 3 1\n1 x x\nx 1 x\nx x 1\n") == {
        "digits": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}
    (entry,) = PUZZLES["puzzlink"]
    assert read_pzprv3(entry["answer"]) == {"digits": [
        [3, 0, 2, 1, 0], [0, 1, 0, 2, 3], [2, 3, 0, 0, 1], [0, 2, 1, 3, 0], [1, 0, 3, 0, 2]]}


# -- small boards, against a brute force -----------------------------------------------------


def brute(n: int, column_sums: list[int | None], row_sums: list[int | None]) -> int:
    """Grids whose every row and column holds two 0s (shaded) and 1..n-2 once each, and whose
    given sums are those of the numbers between each line's two 0s."""
    lines = set(itertools.permutations([0, 0, *range(1, n - 1)]))

    def between(line: tuple[int, ...]) -> int:
        a, b = (k for k, v in enumerate(line) if v == 0)
        return sum(line[a + 1:b])

    found = 0
    for rows in itertools.product(sorted(lines), repeat=n):
        cols = list(zip(*rows, strict=True))
        if any(col not in lines for col in cols):
            continue
        found += all(s is None or between(line) == s
                     for sums, ls in ((row_sums, rows), (column_sums, cols))
                     for s, line in zip(sums, ls, strict=True))
    return found


@pytest.mark.parametrize(("n", "column_sums", "row_sums"), [
    (2, [None, None], [None, None]),  # every cell shaded
    (3, [None] * 3, [None] * 3),  # a 1 in each row and column: six ways
    (3, [1, None, None], [None] * 3),
    (4, [None] * 4, [0, None, None, None]),  # 108 of the 216 clueless grids
    (4, [3, None, 0, None], [None, 1, None, None]),
    (4, [2, 2, 2, 2], [None] * 4),
])
def test_small_boards_match_brute_force(tmp_path: Path, n: int, column_sums: list[int | None],
                                        row_sums: list[int | None]) -> None:
    want = brute(n, column_sums, row_sums)

    def line(sums: list[int | None]) -> str:
        return " ".join("-" if s is None else str(s) for s in sums)

    text = f"{n} {n} {n - 2}\n{line(column_sums)}\n{line(row_sums)}\n"
    assert count(tmp_path, puzzlekit_to_case("DoppelBlock", text)) == (status_of(want), want)
