"""Shikaku (`sapphire.genres.shikaku`): its fixture puzzles (tests/fixtures/genres/shikaku.json)
solve to their recorded answers in both formats and come back through their links; the
dataset's 128_20x20 has three answers; the case text is exact; malformed text, broken links
and cases the link cannot carry are refused at their place; the answers read; boards without
numbers and boards one cell tall or wide count as a brute force of the rules does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from genre_checks import (
    FIXTURES,
    board,
    body,
    comes_back_as_itself,
    comes_back_through_its_link,
    count,
    fixture,
    grid_text,
    partitions,
    refusal,
    solves_to_its_answer,
    solves_to_its_solution,
    status_of,
)

from sapphire.formats.answer import canonical_regions
from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink
from sapphire.pipeline import solve_case

PUZZLES = fixture("shikaku")
DISPUTED = json.loads((FIXTURES / "shikaku.json").read_text(encoding="utf-8"))["puzzlekit"][
    "disputed"]["Shikaku"]
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Shikaku", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Shikaku", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_128_has_three_answers(tmp_path: Path) -> None:
    # rows 5-6, columns 10-20 hold the clues 8 (r5c13), 2 (r5c19), 2 (r6c10), 4 (r6c13),
    # 4 (r6c17) and 2 (r6c20): the record cuts them as 8+2 over 2+4+4; standing the 2 of r6c10
    # upright and sliding the others by a column fits as well, in two ways
    (entry,) = DISPUTED
    case = tmp_path / "p.case"
    case.write_text(puzzlekit_to_case("Shikaku", entry["problem"]), encoding="utf-8")
    res = solve_case(str(case), max_solutions=4)
    assert (res.status, res.count) == ("multiple", 3)
    answers = [canonical_regions(s["regions"]) for s in res.solutions]
    recorded = read_solution("Shikaku", entry["solution"])["regions"]
    assert recorded in answers
    for other in answers:
        differ = {(r, c) for r in range(20) for c in range(20) if other[r][c] != recorded[r][c]}
        assert {r for r, _ in differ} <= {4, 5} and {c for _, c in differ} <= set(range(9, 20))


def test_numbered_regions_and_their_rectangles() -> None:
    case = puzzlekit_to_case("Shikaku", "2 3\n2 - -\n- - 4\n")
    assert body(case) == """\
board: 2x3
---
numbered-regions r1c1-r2c3
rectangle-1: rectangle r1c1 size 2
rectangle-2: rectangle r2c3 size 4
"""
    assert export_puzzlink(case) == "https://puzz.link/p?shikaku/3/2/2j4"


def test_a_board_without_numbers_lists_no_numbered_cells() -> None:
    assert body(puzzlekit_to_case("Shikaku", "1 2\n- -\n")) == (
        "board: 1x2\n---\nnumbered-regions\n")


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n2 -\n- 3\n", 3, 3, "the rectangles have more cells than the board"),
    ("1 2\n0 -\n", 2, 1, "the size 0 at r1c1 is not 1 or more"),
    ("1 2\n- a\n", 2, 3, "'a' at r1c2 is neither '-' nor a number"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Shikaku", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Shikaku problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?shikaku/3/3/.h", "bad-puzzlink", 33,
     "not a puzz.link link: a '?' rectangle (a number without its size) is not read"),
    ("https://puzz.link/p?shikaku/3/3/0h", "bad-puzzlink", 33,
     "not a puzz.link link: a '?' rectangle (a number without its size) is not read"),
    ("https://puzz.link/p?shikaku/2/1/23", "puzzlink-clues", 33,
     "the shikaku it holds does not read: the rectangles have more cells than the board"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


@pytest.mark.parametrize(("rules", "line", "message"), [
    ("numbered-regions r1c1\nrectangle r1c1-r1c2 size 2\n", 6,
     "its 'rectangle' rule: a rectangle's number is one cell"),
    ("numbered-regions r1c1\nrectangle r1c2 size 2\n", 6,
     "its 'rectangle' rule: its number is missing from the numbered-regions line"),
])
def test_a_case_the_link_cannot_carry_is_refused_at_its_line(rules: str, line: int,
                                                             message: str) -> None:
    case = f"---\nlibrary: std\nboard: 1x2\n---\n{rules}"
    assert refusal(export_puzzlink, case)[2:] == (
        line, 1, f"the case cannot be written as a puzz.link link: {message}")


def test_the_answers_read() -> None:
    # a region map, named by the place of each region's first cell
    assert read_solution("Shikaku", "2 3\n1 2 2\n1 3 3\n") == {"regions": [[1, 2, 2], [1, 5, 5]]}
    assert read_pzprv3("pzprv3/shikaku/2/2/2 . /. 2 /1 /1 /0 0 /") == {
        "regions": [[1, 2], [1, 2]]}


# -- boards without numbers, and one cell tall or wide, against a brute force ---------------


def is_rectangle(group: set[Cell]) -> bool:
    rs, cs = [r for r, _ in group], [c for _, c in group]
    return len(group) == (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1)


def brute(rows: int, cols: int, numbers: dict[Cell, int]) -> int:
    """Cuttings of the board into rectangles, each holding one number, its size."""
    return sum(all(is_rectangle(g) and len([x for x in g if x in numbers]) == 1
                   and numbers[next(x for x in g if x in numbers)] == len(g) for g in part)
               for part in partitions(board(rows, cols)))


@pytest.mark.parametrize("rows, cols, numbers", [
    (2, 2, {}),  # no numbers: no rectangle can hold one
    (1, 1, {}),
    (1, 1, {(1, 1): 1}),
    (1, 4, {(1, 1): 2, (1, 4): 2}),
    (1, 4, {(1, 2): 3, (1, 4): 1}),
    (3, 1, {(2, 1): 3}),
    (2, 2, {(1, 1): 2, (2, 2): 2}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       numbers: dict[Cell, int]) -> None:
    want = brute(rows, cols, numbers)
    case = puzzlekit_to_case("Shikaku", grid_text(rows, cols,
                                                  {x: str(n) for x, n in numbers.items()}))
    assert count(tmp_path, case) == (status_of(want), want)
    if numbers:  # a Shikaku's case is told by its rectangle lines
        link = export_puzzlink(case)
        assert count(tmp_path, puzzlink_to_case(link)) == (status_of(want), want)
