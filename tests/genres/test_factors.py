"""Factors (`sapphire.genres.factors`): its fixture puzzles (tests/fixtures/genres/
factors.json; 62_9x9 has a product outside its room's first cell) solve to their recorded
answers in both formats and come back through their links; the case text is exact; malformed
text and broken links are refused at their place; a case its link cannot carry is refused at
its rule; the answers read; boards without products and of one cell count as a brute force
of the rules does."""

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

PUZZLES = fixture("factors")


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Factors", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Factors", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_case_text() -> None:
    # the product of the room r1c2-r2c2 stands in r2c2; the room r2c1 has none
    case = puzzlekit_to_case("Factors", "2 2\n1 -\n- 2\n1 2\n3 2\n")
    assert body(case) == """\
board: 2x2
---
latin-square
room-1: product-cage r1c1 product 1
room-2: product-cage r1c2-r2c2 product 2
"""
    # the borders between r1c1|r1c2 and r2c1|r2c2 (`o`, 11000), between r1c1 and r2c1 (`g`,
    # 10000), then the rooms' numbers in the reading order of their first cells: 1, 2, none
    link = export_puzzlink(case)
    assert link == "https://puzz.link/p?factors/2/2/og12g"
    assert body(puzzlink_to_case(link)) == body(case)


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n1 x\n- 2\n1 2\n3 2\n", 2, 3, "'x' at r1c2 is neither '-' nor a number"),
    ("2 2\n1 3\n- 2\n1 2\n3 2\n", 3, 3, "the room of r2c2 has a second product, 2 (the first "
     "is 3)"),
    ("2 3\n1 - -\n- - -\n1 1 1\n1 1 1\n", 1, 1, "a 2x3 grid is not square"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Factors", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Factors problem: {says}")


@pytest.mark.parametrize(("link", "col", "message"), [
    ("https://puzz.link/p?factors/2/2/!", 33, "'!' is not a base-32 digit where the borders "
     "between cells side by side should be"),
    ("https://puzz.link/p?factors/2/2/og1.g", 36, "a room's number without its value ('?') is "
     "not read"),
    ("https://puzz.link/p?factors/2/2/og!", 35, "'!' is not a number or a gap"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, col: int, message: str) -> None:
    assert refusal(puzzlink_to_case, link) == ("bad-puzzlink", "<puzzlink>", 1, col,
                                               f"not a puzz.link link: {message}")


def test_overlapping_rooms_are_refused_at_their_rule() -> None:
    case = puzzlekit_to_case("Factors", "2 2\n1 -\n- 2\n1 2\n3 2\n")
    case += "room-3: product-cage r1c1-r2c1 product 2\n"
    kind, _, line, _, message = refusal(export_puzzlink, case)
    assert (kind, line) == ("unsupported", len(case.splitlines()))
    assert message == ("the case cannot be written as a puzz.link link: its 'product-cage' "
                       "rule: a factors link's rooms are pieces of the board that do not "
                       "overlap")


def test_the_answers_read() -> None:
    assert read_solution("Factors", "2 2\n1 2\n2 1\n") == {"digits": [[1, 2], [2, 1]]}
    (entry,) = PUZZLES["puzzlink"]
    assert read_pzprv3(entry["answer"]) == {"digits": [
        [5, 4, 3, 2, 1], [3, 1, 2, 4, 5], [1, 5, 4, 3, 2], [4, 2, 5, 1, 3], [2, 3, 1, 5, 4]]}


# -- boards without products, and of one cell, against a brute force -----------------------


def brute(n: int, rooms: list[list[int]], products: dict[int, int]) -> int:
    """Latin squares of order n whose rooms' digits multiply to their products."""
    rows = list(itertools.permutations(range(1, n + 1)))
    found = 0
    for g in itertools.product(rows, repeat=n):
        if any(len(set(col)) < n for col in zip(*g, strict=True)):
            continue
        made: dict[int, int] = {}
        for r in range(n):
            for c in range(n):
                made[rooms[r][c]] = made.get(rooms[r][c], 1) * g[r][c]
        found += all(made[k] == p for k, p in products.items())
    return found


@pytest.mark.parametrize(("rooms", "products"), [
    ([[1]], {}),
    ([[1, 2, 3], [4, 5, 6], [7, 8, 9]], {}),  # no products: the 12 Latin squares
    ([[1, 1, 2], [3, 4, 2], [3, 4, 4]], {1: 2, 4: 6}),
    ([[1, 1, 1, 2], [3, 3, 2, 2], [4, 5, 5, 6], [4, 4, 6, 6]], {1: 6, 3: 12, 4: 8, 6: 6}),
    ([[1, 1], [2, 2]], {1: 3}),  # 1 and 2 multiply to 2: no answer
])
def test_boards_match_brute_force(tmp_path: Path, rooms: list[list[int]],
                                  products: dict[int, int]) -> None:
    n = len(rooms)
    want = brute(n, rooms, products)
    first = {}
    for r in range(n):
        for c in range(n):
            first.setdefault(rooms[r][c], (r, c))
    at = {first[k]: p for k, p in products.items()}
    text = "\n".join([f"{n} {n}", *(" ".join(str(at.get((r, c), "-")) for c in range(n))
                                    for r in range(n)),
                      *(" ".join(map(str, row)) for row in rooms)]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("Factors", text)) == (status_of(want), want)
