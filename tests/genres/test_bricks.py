"""Bricks (`sapphire.genres.bricks`): its fixture puzzles (tests/fixtures/genres/bricks.json)
solve to their recorded answers, but for the disputed 19_8x8, whose wall starts the other way
round; the case text is exact; malformed text is refused at its place; the answers read;
boards without givens count as a brute force of the rules does."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pytest
from genre_checks import body, count, fixture, refusal, solves_to_its_solution, status_of

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.puzzlekit import Source
from sapphire.genres import read_solution
from sapphire.genres.bricks import Bricks, Clues
from sapphire.importers import puzzlekit_to_case
from sapphire.pipeline import solve_case

PUZZLES = fixture("bricks")
DISPUTED = {"19_8x8"}
"""Records drawn with the wall offset (row 1 starting with half a brick), which their text
cannot say: janko.at's Ziegelmauer 19, 20, 21, 24 and 25 (the fixture holds 19)."""


@pytest.mark.parametrize("entry", [e for e in PUZZLES["puzzlekit"] if e["key"] not in DISPUTED],
                         ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Bricks", entry, tmp_path)


def solutions(case_text: str, tmp_path: Path) -> list[list[list[int]]]:
    path = tmp_path / "p.case"
    path.write_text(case_text, encoding="utf-8")
    res = solve_case(str(path), max_solutions=3, time_limit=60)
    assert res.complete
    return [s["digits"] for s in res.solutions]


def test_a_disputed_record_is_the_answer_of_the_offset_wall(tmp_path: Path) -> None:
    """19_8x8 has no answer with row 1 starting with a whole brick, as the dataset's texts
    are read; with row 1 starting with half a brick it has one, the record."""
    (entry,) = [e for e in PUZZLES["puzzlekit"] if e["key"] == "19_8x8"]
    want = read_solution("Bricks", entry["solution"])["digits"]
    assert solutions(puzzlekit_to_case("Bricks", entry["problem"]), tmp_path) == []
    genre = Bricks()
    clues = genre.read_puzzlekit(Source(entry["problem"], genre="Bricks"))
    b = CaseBuilder()
    genre.build(b, dataclasses.replace(clues, offset=True))
    assert solutions(b.build(), tmp_path) == [want]


def test_the_case_text() -> None:
    assert body(puzzlekit_to_case("Bricks", "4 4\n1 - - -\n- - - -\n- - - -\n- - - 4\n")) == """\
board: 4x4
givens: |
  1 . . .
  . . . .
  . . . .
  . . . 4
---
latin-square
brick-1: modular r1c1-r1c2 modulus 2
brick-2: modular r1c3-r1c4 modulus 2
brick-3: modular r2c2-r2c3 modulus 2
brick-4: modular r3c1-r3c2 modulus 2
brick-5: modular r3c3-r3c4 modulus 2
brick-6: modular r4c2-r4c3 modulus 2
"""


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n1 x\n- -\n", 2, 3, "'x' at r1c2 is neither '-' nor a number"),
    ("2 2\n1 -\n- 3\n", 3, 3, "the given 3 at r2c2 is not 1-2"),
    ("2 2\n1 -\n- 0\n", 3, 3, "the given 0 at r2c2 is not 1-2"),
    ("3 3\n- - -\n- - -\n- - -\n", 1, 1, "a 3x3 board is no brick wall"),
    ("1 1\n-\n", 1, 1, "a 1x1 board is no brick wall"),
    ("2 4\n- - - -\n- - - -\n", 1, 1, "a 2x4 grid is not square"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Bricks", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Bricks problem: {says}")


def test_the_answers_read() -> None:
    assert read_solution("Bricks", "2 2\n1 2\n2 1\n") == {"digits": [[1, 2], [2, 1]]}


# -- boards without givens, against a brute force --------------------------------------------


def brute(n: int, givens: dict[tuple[int, int], int], offset: bool = False) -> int:
    """Latin squares of 1..n whose whole bricks (row 1's from column 1, or from column 2 when
    `offset`, the next row's shifted by one, and so on) hold one odd and one even digit."""
    found = 0
    for rows in itertools.product(itertools.permutations(range(1, n + 1)), repeat=n):
        if any(len(set(col)) < n for col in zip(*rows, strict=True)):
            continue
        if any(rows[r - 1][c - 1] != d for (r, c), d in givens.items()):
            continue
        whole = all((rows[r][c] - rows[r][c + 1]) % 2
                    for r in range(n) for c in range((r % 2 == 1) != offset, n - 1, 2))
        found += whole
    return found


@pytest.mark.parametrize(("n", "givens"), [
    (2, {}),
    (4, {}),
    (4, {(1, 1): 1, (2, 2): 1}),
    (4, {(1, 1): 1, (1, 2): 3}),  # a whole brick of two odd digits: no answer
])
def test_boards_match_brute_force(tmp_path: Path, n: int, givens: dict) -> None:
    want = brute(n, givens)
    text = "\n".join([f"{n} {n}", *(" ".join(str(givens.get((r, c), "-"))
                                             for c in range(1, n + 1))
                                    for r in range(1, n + 1))]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("Bricks", text)) == (status_of(want), want)


def test_the_offset_wall_matches_brute_force(tmp_path: Path) -> None:
    b = CaseBuilder()
    Bricks().build(b, Clues(4, 4, offset=True))
    want = brute(4, {}, offset=True)
    assert count(tmp_path, b.build()) == (status_of(want), want)
