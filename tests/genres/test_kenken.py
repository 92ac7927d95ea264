"""KenKen (`sapphire.genres.kenken`): its fixture puzzles (tests/fixtures/genres/kenken.json,
one with hidden operations) solve to their recorded answers; the case text is exact for every
operation, a hidden one and a lone digit; malformed text is refused at its place; the solution
reads; boards without clues, and cages of each operation on small boards, count as a brute
force of the rules does."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from pathlib import Path

import pytest
from genre_checks import (
    body,
    count,
    fixture,
    refusal,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

PUZZLES = fixture("kenken")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("KenKen", entry, tmp_path)


def test_the_case_text_of_operations_hidden_operations_and_lone_digits() -> None:
    text = "3 3\n6* . 2\n1- 3 .\n. 2/ .\na a b\nc d b\nc e e\n"
    assert body(puzzlekit_to_case("KenKen", text)) == """\
board: 3x3
givens: |
  . . .
  . 3 .
  . . .
---
latin-square
product-cage r1c1-r1c2 product 6
operation-cage r1c3-r2c3 result 2
difference-cage r2c1-r3c1 difference 1
quotient-cage r3c2-r3c3 quotient 2
"""


def test_sums_may_repeat_digits_and_x_is_a_product() -> None:
    assert body(puzzlekit_to_case("KenKen", "2 2\n3+ .\n3x .\na a\nb b\n")).endswith(
        "cage r1c1-r1c2 total 3 repeats true\nproduct-cage r2c1-r2c2 product 3\n")


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n3% .\n3x .\na a\nb b\n", 2, 1, "'3%' at r1c1 is not a KenKen clue"),
    ("2 2\n3+ 1+\n3x .\na a\nb b\n", 2, 4, "the cage of r1c1 has a second clue at r1c2"),
    ("3 3\n5- . .\n. . .\n. . .\na a a\nb b b\nc c c\n", 2, 1,
     "the clue 5- at r1c1 takes two cells, not 3"),
    ("2 2\n0/ .\n. .\na a\nb c\n", 2, 1, "the quotient 0/ at r1c1 is 0"),
    ("2 2\n3 .\n. .\na b\nc d\n", 2, 1, "the digit 3 at r1c1 is outside 1-2"),
    ("2 3\n. . .\n. . .\na a a\nb b b\n", 1, 1, "a 2x3 grid is not square"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "KenKen", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit KenKen problem: {says}")


def test_the_solution_reads() -> None:
    assert read_solution("KenKen", "2 2\n1 2\n2 1\n") == {"digits": [[1, 2], [2, 1]]}


# -- small boards, against a brute force -----------------------------------------------------

OPS: dict[str, Callable[[list[int], int], bool]] = {
    "+": lambda ds, n: sum(ds) == n,
    "*": lambda ds, n: math.prod(ds) == n,
    "-": lambda ds, n: max(ds) - min(ds) == n,
    "/": lambda ds, n: max(ds) == n * min(ds),
}


def brute(n: int, cages: list[tuple[list[Cell], int, str]]) -> int:
    """Latin squares of 1..n whose cages give their results (a hidden operation: any of
    them; a lone digit: that digit)."""
    found = 0
    for rows in itertools.product(itertools.permutations(range(1, n + 1)), repeat=n):
        if any(len({row[c] for row in rows}) < n for c in range(n)):
            continue
        for cells, result, op in cages:
            ds = [rows[r - 1][c - 1] for r, c in cells]
            if op == "=":
                ok = ds == [result]
            else:
                ok = any(OPS[o](ds, result) for o in (op or "+*-/"))
            if not ok:
                break
        else:
            found += 1
    return found


@pytest.mark.parametrize(("n", "clues", "groups", "cages"), [
    (1, ["."], ["a"], []),
    (2, [". .", ". ."], ["a b", "c d"], []),
    (3, [". . .", ". . .", ". . ."], ["a a a", "b b b", "c c c"], []),
    (3, ["2/ . 3", ". . .", "4 . ."], ["a a b", "c d e", "f f e"],
     [([(1, 1), (1, 2)], 2, "/"), ([(1, 3)], 3, "="), ([(3, 1), (3, 2)], 4, "")]),
    (3, ["5+ . 1-", ". . .", ". . ."], ["a a b", "c c b", "d d d"],
     [([(1, 1), (1, 2)], 5, "+"), ([(1, 3), (2, 3)], 1, "-")]),
])
def test_small_boards_match_brute_force(tmp_path: Path, n: int, clues: list[str],
                                        groups: list[str],
                                        cages: list[tuple[list[Cell], int, str]]) -> None:
    want = brute(n, cages)
    text = "\n".join([f"{n} {n}", *clues, *groups]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("KenKen", text)) == (status_of(want), want)
