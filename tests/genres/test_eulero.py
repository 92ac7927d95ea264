"""Eulero (`sapphire.genres.eulero`): its fixture puzzles (tests/fixtures/genres/eulero.json)
solve to their recorded answers; the case text is exact, half-given pairs included;
malformed text is refused at its place; the answers read; boards without clues and of one
cell count as a brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import body, count, fixture, refusal, solves_to_its_solution, status_of

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

PUZZLES = fixture("eulero")


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Eulero", entry, tmp_path)


def test_the_case_text() -> None:
    # A2 is the digit 2; B alone keeps r2c2 to 4-6, the number 3 alone keeps r3c3 to 3, 6, 9
    assert body(puzzlekit_to_case("Eulero", "3 3\n12 00 00\n00 20 00\n00 00 03\n")) == """\
board: 3x3
digits: 1-9
givens: |
  2 . .
  . . .
  . . .
---
all-different r1c1-r1c2-r1c3-r2c1-r2c2-r2c3-r3c1-r3c2-r3c3
row-1: pair-parts r1c1-r1c2-r1c3 base 3
row-2: pair-parts r2c1-r2c2-r2c3 base 3
row-3: pair-parts r3c1-r3c2-r3c3 base 3
column-1: pair-parts r1c1-r2c1-r3c1 base 3
column-2: pair-parts r1c2-r2c2-r3c2 base 3
column-3: pair-parts r1c3-r2c3-r3c3 base 3
letter-1: absent-digits r2c2 digits [1,2,3,7,8,9]
number-1: absent-digits r3c3 digits [1,2,4,5,7,8]
"""


def test_a_5x5_board_gives_its_pairs_as_numbers() -> None:
    case = puzzlekit_to_case("Eulero", "5 5\n55 00 00 00 00\n" + "00 00 00 00 00\n" * 4)
    assert "given-1: given-number r1c1 number 25\n" in case


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n12 3\n00 00\n", 2, 4, "'3' at r1c2 is not two digits"),
    ("2 2\n12 x1\n00 00\n", 2, 4, "'x1' at r1c2 is not two digits"),
    ("2 2\n12 13\n00 00\n", 2, 4, "the pair 13 at r1c2 has a part outside 1-2"),
    ("2 3\n12 00 00\n00 00 00\n", 1, 1, "a 2x3 grid is not square"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Eulero", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Eulero problem: {says}")


def test_the_answers_read() -> None:
    assert read_solution("Eulero", "2 2\n11 22\n21 12\n") == {"digits": [[1, 4], [3, 2]]}
    kind, _, line, col, says = refusal(read_solution, "Eulero", "2 2\n11 20\n21 12\n")
    assert (kind, line, col) == ("bad-puzzlekit", 2, 4)
    assert says.endswith("'20' at r1c2 is no whole pair of 1-2")


# -- boards without clues, and of one cell, against a brute force --------------------------


def latin_squares(n: int) -> list[tuple[tuple[int, ...], ...]]:
    rows = list(itertools.permutations(range(1, n + 1)))
    return [sq for sq in itertools.product(rows, repeat=n)
            if all(len(set(col)) == n for col in zip(*sq, strict=True))]


def brute(n: int, given: dict[tuple[int, int], tuple[int, int]]) -> int:
    """Pairs of Latin squares (the letters, the numbers) whose pairs all differ and agree
    with the given parts (0: not given)."""
    squares = latin_squares(n)
    found = 0
    for letters, numbers in itertools.product(squares, repeat=2):
        pairs = {(letters[r][c], numbers[r][c]) for r in range(n) for c in range(n)}
        if len(pairs) < n * n:
            continue
        found += all((not a or letters[r - 1][c - 1] == a) and (not x or numbers[r - 1][c - 1] == x)
                     for (r, c), (a, x) in given.items())
    return found


@pytest.mark.parametrize(("n", "given"), [
    (1, {}),
    (2, {}),  # no Graeco-Latin square of order 2
    (3, {}),  # 72 of order 3
    (3, {(1, 1): (1, 2), (2, 2): (2, 0), (3, 3): (0, 3)}),
    (3, {(1, 1): (1, 0), (1, 2): (1, 0)}),  # one letter twice in a row: no answer
])
def test_boards_match_brute_force(tmp_path: Path, n: int, given: dict) -> None:
    want = brute(n, given)
    text = "\n".join([f"{n} {n}", *(" ".join("{}{}".format(*given.get((r, c), (0, 0)))
                                             for c in range(1, n + 1))
                                    for r in range(1, n + 1))]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("Eulero", text)) == (status_of(want), want)
