"""Mathrax (`sapphire.genres.mathrax`): its fixture puzzles (tests/fixtures/genres/
mathrax.json) solve to their recorded answers; the case text is exact, every kind of clue
included; malformed text is refused at its place; the answers read; boards without clues and
of one cell count as a brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import body, count, fixture, refusal, solves_to_its_solution, status_of

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

PUZZLES = fixture("mathrax")


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Mathrax", entry, tmp_path)


def test_the_case_text() -> None:
    text = "3 3\n1 - -\n- - -\n- - -\n3+ o\n2/ 1-\n"
    assert body(puzzlekit_to_case("Mathrax", text)) == """\
board: 3x3
givens: |
  1 . .
  . . .
  . . .
---
latin-square
sum-1: sum r1c1-r2c2 total 3
sum-2: sum r1c2-r2c1 total 3
odd r1c2-r1c3-r2c2-r2c3
quotient-cage-1: quotient-cage r2c1-r3c2 quotient 2
quotient-cage-2: quotient-cage r2c2-r3c1 quotient 2
white-dot-1: white-dot r2c2-r3c3
white-dot-2: white-dot r2c3-r3c2
"""
    assert "product-cage-1: product-cage r1c1-r2c2 product 6\n" in puzzlekit_to_case(
        "Mathrax", "2 2\n- -\n- -\n6*\n")
    assert "\neven r1c1-r1c2-r2c1-r2c2\n" in puzzlekit_to_case("Mathrax", "2 2\n- -\n- -\ne\n")


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n- -\n- -\n3%\n", 4, 1, "'3%' at the corner of r1c1 and r2c2 is not a clue"),
    ("2 2\n- -\n- -\n+\n", 4, 1, "'+' at the corner of r1c1 and r2c2 is not a clue"),
    ("2 2\n- -\n- -\n0-\n", 4, 1, "the clue 0- at the corner of r1c1 and r2c2 names no pair "
     "of digits"),
    ("2 2\n- 3\n- -\n-\n", 2, 3, "the given 3 at r1c2 is not 1-2"),
    ("2 2\n- -\n- -\n", 3, 4, "expected the corner clues, found the end of the text"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Mathrax", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Mathrax problem: {says}")


def test_the_answers_read() -> None:
    assert read_solution("Mathrax", "2 2\n1 2\n2 1\n") == {"digits": [[1, 2], [2, 1]]}


# -- boards without clues, and of one cell, against a brute force --------------------------


def holds(op: str, a: int, b: int) -> bool:
    return {"+": a + b, "-": abs(a - b), "*": a * b, "/": max(a, b) / min(a, b)}[op[-1]] \
        == int(op[:-1])


def brute(n: int, corners: dict[tuple[int, int], str]) -> int:
    """Latin squares of order n meeting each corner clue on both its diagonal pairs (o and e:
    the four digits odd or even)."""
    rows = list(itertools.permutations(range(1, n + 1)))
    found = 0
    for g in itertools.product(rows, repeat=n):
        if any(len(set(col)) < n for col in zip(*g, strict=True)):
            continue
        ok = True
        for (r, c), clue in corners.items():
            tl, tr, bl, br = g[r - 1][c - 1], g[r - 1][c], g[r][c - 1], g[r][c]
            if clue in ("o", "e"):
                ok &= all(v % 2 == (clue == "o") for v in (tl, tr, bl, br))
            else:
                ok &= holds(clue, tl, br) and holds(clue, tr, bl)
        found += ok
    return found


@pytest.mark.parametrize(("n", "corners"), [
    (1, {}),
    (3, {}),
    (4, {(1, 1): "5+", (3, 3): "o"}),
    (4, {(2, 2): "3-", (1, 3): "2/"}),
    (4, {(1, 2): "12*", (3, 1): "e"}),
])
def test_boards_match_brute_force(tmp_path: Path, n: int, corners: dict) -> None:
    want = brute(n, corners)
    text = "\n".join([f"{n} {n}", *(" ".join("-" * n) for _ in range(n)),
                      *(" ".join(corners.get((r, c), "-") for c in range(1, n))
                        for r in range(1, n))]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("Mathrax", text)) == (status_of(want), want)
