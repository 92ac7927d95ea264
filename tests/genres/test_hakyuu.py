"""Hakyuu (`sapphire.genres.hakyuu`, puz.link's `ripple`): its fixture puzzles
(tests/fixtures/genres/hakyuu.json) solve to their recorded answers in both formats and come
back through their links; the case text is exact, the rooms read from a link's borders;
malformed text and broken links are refused at their place; a case the link cannot hold is
refused; the answers read; boards without givens, one cell tall or wide, count as a brute
force of the rules does."""

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

from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("hakyuu")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Hakyuu", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Hakyuu", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_case_text_of_regions_and_the_ripple() -> None:
    case = puzzlekit_to_case("Hakyuu", "2 3\n- - 1\n- - -\na a b\nc c c\n")
    assert body(case) == """\
board: 2x3
givens: |
  . . 1
  . . .
---
ripple
region-1: one-to-n r1c1-r1c2
region-2: one-to-n r1c3
region-3: one-to-n r2c1-r2c2-r2c3
"""
    assert export_puzzlink(case) == "https://puzz.link/p?ripple/3/2/8sh1i"


def test_the_rooms_of_a_link_come_from_its_borders() -> None:
    assert rules(puzzlink_to_case("p?ripple/4/4/9n8rigk14h32k")) == [
        "ripple",
        "region-1: one-to-n r1c1-r1c2",
        "region-2: one-to-n r1c3-r1c4-r2c3-r3c3",
        "region-3: one-to-n r2c1-r2c2",
        "region-4: one-to-n r2c4-r3c4-r4c4",
        "region-5: one-to-n r3c1-r3c2-r4c2-r4c3",
        "region-6: one-to-n r4c1"]


def test_a_link_that_ends_early_has_no_more_borders() -> None:
    assert rules(puzzlink_to_case("p?ripple/2/2/")) == [
        "ripple", "region-1: one-to-n r1c1-r1c2-r2c1-r2c2"]


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("1 3\n- 3 -\na a b\n", 2, 3, "the given 3 at r1c2 is larger than its region of 2 cells"),
    ("1 3\n- q -\na a b\n", 2, 3, "'q' at r1c2 is neither '-' nor a number"),
    ("1 3\n- - -\na a\n", 3, 4, "expected 3 tokens on the region block, found 2"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Hakyuu", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Hakyuu problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("p?ripple/2/2/!g", "bad-puzzlink", 14,
     "not a puzz.link link: '!' is not a border character"),
    ("p?ripple/2/1/g2g", "puzzlink-clues", 14, "the ripple it holds does not read: the given "
     "2 at r1c1 is larger than its region of 1 cells"),
    ("p?hakyuu/2/1/g1g9", "bad-puzzlink", 17,
     "not a puzz.link link: 1 character(s) past the end of the puzzle"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


@pytest.mark.parametrize(("change", "says"), [
    (("region-6: one-to-n r4c1\n", ""), "r4c1 is in no room ('one-to-n' rule)"),
    (("region-6: one-to-n r4c1\n", "region-6: one-to-n r4c1-r1c1\n"),
     "its 'one-to-n' rule: r1c1 is in two rooms"),
    (("ripple\n", "ripple\ngiven: given-number r1c1 number 1\n"),
     "a ripple link cannot hold its 'given-number' rule(s)"),
])
def test_a_case_the_link_cannot_hold_is_refused(change: tuple[str, str], says: str) -> None:
    case = puzzlink_to_case("p?ripple/4/4/9n8rigk14h32k").replace(*change)
    kind, *_, message = refusal(export_puzzlink, case)
    assert (kind, message) == ("unsupported",
                               f"the case cannot be written as a puzz.link link: {says}")


def test_the_answers_read() -> None:
    assert read_pzprv3("pzprv3/ripple/1/2/1 /. 1 /1 . /") == {"digits": [[1, 1]]}
    (entry,) = PUZZLES["puzzlink"]
    assert read_pzprv3(entry["answer"])["digits"][0] == [1, 2, 3, 1]
    assert read_solution("Hakyuu", "1 3\n1 2 1\n") == {"digits": [[1, 2, 1]]}


# -- edge boards, against a brute force ------------------------------------------------------


def brute(rows: int, cols: int, regions: list[list[Cell]], givens: dict[Cell, int]) -> int:
    """Each region of n cells holds 1..n once; two equal numbers k in a row or column stand
    more than k cells apart."""
    cells = board(rows, cols)
    n = 0
    for orders in itertools.product(*(itertools.permutations(range(1, len(g) + 1))
                                      for g in regions)):
        g = {x: d for cells_, order in zip(regions, orders, strict=True)
             for x, d in zip(cells_, order, strict=True)}
        if any(g[x] != d for x, d in givens.items()):
            continue
        n += not any(g[a] == g[b] and (abs(a[0] - b[0]) + abs(a[1] - b[1])) <= g[a]
                     for a, b in itertools.combinations(cells, 2)
                     if a[0] == b[0] or a[1] == b[1])
    return n


@pytest.mark.parametrize(("layout", "givens"), [
    (["a"], {}), (["a b c d"], {}), (["a", "a", "b"], {}), (["a a", "b b"], {}),
    (["a b b c c c"], {}), (["a", "b", "b", "c"], {(2, 1): 1}), (["a a b", "a c b"], {}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, layout: list[str],
                                       givens: dict[Cell, int]) -> None:
    rows, cols = len(layout), len(layout[0].split())
    groups: dict[str, list[Cell]] = {}
    for r, line in enumerate(layout, 1):
        for c, name in enumerate(line.split(), 1):
            groups.setdefault(name, []).append((r, c))
    want = brute(rows, cols, list(groups.values()), givens)
    grid = [" ".join(str(givens.get((r, c), "-")) for c in range(1, cols + 1))
            for r in range(1, rows + 1)]
    text = "\n".join([f"{rows} {cols}", *grid, *layout]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("Hakyuu", text)) == (status_of(want), want)
