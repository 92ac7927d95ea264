"""ABC End View (`sapphire.genres.abc_end_view`, puz.link's `easyasabc`): its fixture puzzles
(tests/fixtures/genres/abc_end_view.json) solve to their recorded answers in both formats and
come back through their links; the case text is exact; malformed text and broken links are
refused at their place; a case the link cannot hold is refused; the answers read; boards
without clues, one cell tall or wide, count as a brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import (
    board,
    body,
    comes_back_as_itself,
    comes_back_through_its_link,
    count,
    fixture,
    refusal,
    rules,
    solves_to_its_answer,
    solves_to_its_solution,
    status_of,
)

from sapphire.formats.common import sightlines
from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("abc_end_view")
Cell = tuple[int, int]
LINK = "https://puzz.link/p?easyasabc/4/4/3/1m2h3g3h"


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("ABCEndView", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_without_givens_comes_back_through_its_link(entry: dict) -> None:
    problem = entry["problem"].splitlines()
    rows = int(problem[0].split()[0])
    blank = " ".join("-" * int(problem[0].split()[1]))
    comes_back_through_its_link("ABCEndView", "\n".join([*problem[:5], *[blank] * rows]))


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_case_text_of_letters_and_clues() -> None:
    text = "3 3 b\n- a -\n- - b\nb - -\n- - a\n- - -\n- b -\n- - -\n"
    assert body(puzzlekit_to_case("ABCEndView", text)) == """\
board: 3x3
digits: 0-2
givens: |
  . . .
  . 2 .
  . . .
---
row-1: digit-counts r1c1-r1c2-r1c3 counts [[1,1],[1,2]]
row-2: digit-counts r2c1-r2c2-r2c3 counts [[1,1],[1,2]]
row-3: digit-counts r3c1-r3c2-r3c3 counts [[1,1],[1,2]]
column-1: digit-counts r1c1-r2c1-r3c1 counts [[1,1],[1,2]]
column-2: digit-counts r1c2-r2c2-r3c2 counts [[1,1],[1,2]]
column-3: digit-counts r1c3-r2c3-r3c3 counts [[1,1],[1,2]]
first-seen-1: first-seen r1c2-r2c2-r3c2 digit 1
first-seen-2: first-seen r3c3-r2c3-r1c3 digit 2
first-seen-3: first-seen r1c1-r1c2-r1c3 digit 2
first-seen-4: first-seen r3c3-r3c2-r3c1 digit 1
"""


def test_the_letters_of_a_link_stand_around_the_grid() -> None:
    case = puzzlink_to_case(LINK)
    assert "digits: 0-3\n" in case
    assert rules(case)[-4:] == ["first-seen-1: first-seen r1c1-r2c1-r3c1-r4c1 digit 1",
                                "first-seen-2: first-seen r1c1-r1c2-r1c3-r1c4 digit 2",
                                "first-seen-3: first-seen r4c1-r4c2-r4c3-r4c4 digit 3",
                                "first-seen-4: first-seen r2c4-r2c3-r2c2-r2c1 digit 3"]


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2 c\n" + "- -\n" * 6, 1, 5, "3 letters do not fit in a 2x2 grid"),
    ("2 2 b\n- c\n" + "- -\n" * 5, 2, 3, "'c' above column 2 is not a letter a-b"),
    ("2 2 b\n" + "- -\n" * 3 + "- 3\n" + "- -\n" * 2, 5, 3,
     "'3' right of row 2 is not a letter a-b"),
    ("2 2 b\n" + "- -\n" * 5 + "- q\n", 7, 3, "'q' at r2c2 is not a letter a-b"),
    ("2 2\n" + "- -\n" * 6, 1, 4, "expected the last letter after the size"),
    ("2 2 b x\n" + "- -\n" * 6, 1, 7, "expected the end of the first line"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "ABCEndView", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit ABCEndView problem: {says}")


@pytest.mark.parametrize(("link", "col", "message"), [
    ("p?easyasabc/3/3/x1g", 17, "expected the number of letters and '/'"),
    ("p?easyasabc/3/3/4/1", 17, "4 letters do not fit a 3x3 grid"),
    ("p?easyasabc/3/3/2/3", 17, "the outside clue 3 is not a letter 1-2"),
    ("p?easyasabc/3/3/2/1!", 20, "'!' is not a number or a gap"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, col: int, message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (
        "bad-puzzlink", "<puzzlink>", 1, col, f"not a puzz.link link: {message}")


GIVEN = ("digits: 0-3\n", "digits: 0-3\ngivens: |\n  1 . . .\n  . . . .\n  . . . .\n  . . . .\n")


@pytest.mark.parametrize(("change", "says"), [
    (GIVEN, "an easyasabc link holds no givens in the grid"),
    (("row-4: digit-counts r4c1-r4c2-r4c3-r4c4 counts [[1,1],[1,2],[1,3]]\n", ""),
     "every row and column of an easyasabc holds each letter once ('digit-counts')"),
    (("counts [[1,1],[1,2],[1,3]]\nrow-2", "counts [[1,1],[1,2]]\nrow-2"),
     "its 'digit-counts' rule: each row and column holds the letters 1-L once"),
    (("r4c1-r4c2-r4c3-r4c4 digit 3", "r4c1-r4c4 digit 3"),  # two cells, not the row
     "its 'first-seen' rule: a clue sees a whole row or column from its end"),
])
def test_a_case_the_link_cannot_hold_is_refused(change: tuple[str, str], says: str) -> None:
    case = puzzlink_to_case(LINK)
    assert change[0] in case
    kind, *_, message = refusal(export_puzzlink, case.replace(*change))
    assert (kind, message) == ("unsupported",
                               f"the case cannot be written as a puzz.link link: {says}")


def test_the_answers_read() -> None:
    assert read_pzprv3("pzprv3/easyasabc/2/2/1/. . . . /. 1 - . /. + 1 . /. . . . /") == {
        "digits": [[1, 0], [0, 1]]}
    assert read_solution("ABCEndView", "1 3 b\n- b a\n") == {"digits": [[0, 2, 1]]}


# -- edge boards, against a brute force ------------------------------------------------------


def brute(rows: int, cols: int, letters: int, outside: list[int | None]) -> int:
    """Every row and column holds each letter 1..L once and 0 elsewhere; each clue is the
    first letter along its line."""
    cells = board(rows, cols)
    lines = [[(r, c) for c in range(1, cols + 1)] for r in range(1, rows + 1)]
    lines += [[(r, c) for r in range(1, rows + 1)] for c in range(1, cols + 1)]
    n = 0
    for values in itertools.product(range(letters + 1), repeat=len(cells)):
        g = dict(zip(cells, values, strict=True))
        if any(sorted(d for x in line if (d := g[x])) != list(range(1, letters + 1))
               for line in lines):
            continue
        n += all(seen is None or next((g[x] for x in cells_ if g[x]), None) == seen
                 for seen, cells_ in zip(outside, sightlines(rows, cols), strict=True))
    return n


@pytest.mark.parametrize(("rows", "cols", "letters", "outside"), [
    (1, 1, 1, {}), (1, 3, 1, {}), (3, 1, 1, {}), (2, 2, 1, {}), (3, 3, 2, {}),
    (3, 3, 2, {0: 1, 7: 2}), (2, 3, 1, {4: 1}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int, letters: int,
                                       outside: dict[int, int]) -> None:
    clues = [outside.get(k) for k in range(2 * cols + 2 * rows)]
    want = brute(rows, cols, letters, clues)
    marks = ["-" if v is None else "abc"[v - 1] for v in clues]
    cut = (0, cols, 2 * cols, 2 * cols + rows, 2 * cols + 2 * rows)
    text = "\n".join([f"{rows} {cols} {'abc'[letters - 1]}",
                      *(" ".join(marks[a:b]) for a, b in itertools.pairwise(cut)),
                      *[" ".join("-" * cols)] * rows]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("ABCEndView", text)) == (status_of(want), want)
