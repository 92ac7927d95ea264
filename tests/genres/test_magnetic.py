"""Magnetic (`sapphire.genres.magnetic`): its fixture puzzles (tests/fixtures/genres/magnetic.json)
solve to their recorded answers in both formats and come back through their links; the case
text is exact, holes and plates of three cells included; malformed text and broken links are
refused at their place; the answers read; cells in no plate count as a brute force of the
rules does."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pytest
from genre_checks import (
    answer,
    around,
    board,
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

PUZZLES = fixture("magnetic")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Magnetic", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Magnetic", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_case_text() -> None:
    text = "2 2\n1 -\n- 1\n1 1\n- -\n. x\n. .\na b\na b\n"
    assert body(puzzlekit_to_case("Magnetic", text)) == """\
board: 2x2
digits: 0-2
givens: |
  . 0
  . .
---
poles-apart
plate-1: magnet r1c1-r2c1
plate-2: magnet r1c2-r2c2
column-1: digit-counts r1c1-r2c1 counts [[1,1]]
column-2: digit-counts r1c2-r2c2 counts [[1,2]]
row-1: digit-counts r1c1-r1c2 counts [[1,1]]
row-2: digit-counts r2c1-r2c2 counts [[1,1]]
"""


def test_a_hole_of_the_link_is_a_cell_holding_no_pole() -> None:
    (entry,) = PUZZLES["puzzlink"]
    case = puzzlink_to_case(entry["url"][0])
    assert "givens: |\n  . . . . .\n  . . . . .\n  . . 0 . .\n" in case
    assert "r3c3" not in case.split("---", 2)[2].split("digit-counts")[0]
    assert "  0 . .\n" in puzzlekit_to_case("Magnetic", "1 3\n- - -\n- - -\n-\n-\n# a a\n")


def test_a_plate_of_three_cells_comes_through_its_link(tmp_path: Path) -> None:
    # one plate r1c1-r1c3 with a plus in column 1 and a minus in the row: + - 0
    case = puzzlekit_to_case("Magnetic", "1 3\n1 - -\n- - -\n1\n1\na a a\n")
    link = export_puzzlink(case)
    assert link == "https://puzz.link/p?magnets/3/1/g1j110"
    again = puzzlink_to_case(link)
    assert "plate-1: magnet r1c1-r1c2-r1c3\n" in again
    assert answer(again, tmp_path, {"digits": None}) == {"digits": [[1, 2, 0]]}


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("1 2\n- -\n- -\n1\n1\n1 .\na a\n", 6, 1, "'1' at r1c1 is not +, -, x or '.'"),
    ("1 2\n- -\n- -\n1\n1\na b\n", 6, 1, "plate 'a' is not two or more cells side by side"),
    ("1 3\n- -\n- -\n1\n1\na b a\n", 2, 4, "expected 3 tokens on the line of the columns' "
     "plus counts, found 2"),
    ("1 2\n- q\n- -\n1\n1\na a\n", 2, 3, "'q' in the counts of column 2 is neither '-' nor a "
     "number"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Magnetic", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Magnetic problem: {says}")


@pytest.mark.parametrize(("link", "col", "message"), [
    ("https://puzz.link/p?magnets/a/2/2/zz", 35,
     "the 'a' flag (like poles attract) is another puzzle than Magnetic"),
    ("https://puzz.link/p?magnets/3/1/g1j11g", 38, "the plate of one cell r1c1 is not read: "
     "pzprjs lets it hold a lone pole, where a plate holds two poles or none"),
    ("https://puzz.link/p?magnets/2/2/k", 34,
     "the link ends where the borders between cells side by side should be"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, col: int, message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (
        "bad-puzzlink", "<puzzlink>", 1, col, f"not a puzz.link link: {message}")


@pytest.mark.parametrize(("extra", "says"), [
    ("", None),
    ("row-3: digit-counts r1c1 counts [[1,1]]\n", "its 'digit-counts' rule: a magnets link "
     "counts the poles of whole columns top down and whole rows left to right"),
    ("row-3: digit-counts r1c1-r1c2 counts [[1,3]]\n", "its 'digit-counts' rule: a count is of "
     "plus (1) or minus (2) poles"),
    ("row-3: digit-counts r1c1-r1c2 counts [[300,1]]\n",
     "a magnets link writes numbers 0-255, not 300"),
])
def test_a_case_the_link_cannot_hold_is_refused(extra: str, says: str | None) -> None:
    case = puzzlekit_to_case("Magnetic", "2 2\n1 -\n- 1\n1 1\n- -\na b\na b\n")
    if says is None:  # as it is, it can
        assert export_puzzlink(case) == "https://puzz.link/p?magnets/2/2/g11h1g1o0"
        return
    kind, *_, message = refusal(export_puzzlink, case + extra)
    assert (kind, message) == ("unsupported", f"the case cannot be written as a puzz.link "
                               f"link: {says}")


def test_the_answers_read() -> None:
    (entry,) = PUZZLES["puzzlink"]
    got = read_pzprv3(entry["answer"])["digits"]
    assert (got[0], got[2]) == ([1, 2, 1, 2, 0], [1, 2, 0, 0, 2])  # r3c3 is the hole
    assert read_solution("Magnetic", "2 2\n+ x\n- x\n") == {"digits": [[1, 0], [2, 0]]}


# -- cells in no plate, against a brute force ----------------------------------------------


def brute(rows: int, cols: int, plates: dict[Cell, str],
          counts: Callable[[dict[Cell, int]], bool]) -> int:
    """Poles (1 plus, 2 minus, 0 neutral): a plate is neutral or one plus and one minus, a cell
    in no plate (`@`) is neutral, like poles never touch, and the counts hold."""
    cells = board(rows, cols)
    n = 0
    for values in itertools.product((0, 1, 2), repeat=len(cells)):
        g = dict(zip(cells, values, strict=True))
        if any(g[x] and plates[x] == "@" for x in cells):
            continue
        groups: dict[str, list[int]] = {}
        for x in cells:
            if plates[x] != "@":
                groups.setdefault(plates[x], []).append(g[x])
        if any(sorted(v) not in ([0, 0], [1, 2]) for v in groups.values()):
            continue
        if any(g[x] and g[x] == g[y] for x in cells for y in around(x, cells)):
            continue
        n += counts(g)
    return n


def test_cells_in_no_plate_match_brute_force(tmp_path: Path) -> None:
    """2×3: plates r1c1-r1c2 and r2c2-r2c3, r1c3 and r2c1 in none; one plus in column 1."""
    plates = {(1, 1): "1", (1, 2): "1", (1, 3): "@", (2, 1): "@", (2, 2): "2", (2, 3): "2"}
    want = brute(2, 3, plates, lambda g: sum(g[(r, 1)] == 1 for r in (1, 2)) == 1)
    text = "2 3\n1 - -\n- - -\n- -\n- -\n1 1 @\n@ 2 2\n"
    assert count(tmp_path, puzzlekit_to_case("Magnetic", text)) == (status_of(want), want)
