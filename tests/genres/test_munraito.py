"""Munraito (`sapphire.genres.munraito`): its fixture puzzles (tests/fixtures/genres/
munraito.json) solve to their recorded answers; the case text is exact; malformed text is
refused at its place; the answers read; boards without planets and one cell tall or wide
count as a brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import board, body, count, fixture, refusal, solves_to_its_solution, status_of

from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

PUZZLES = fixture("munraito")


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Munraito", entry, tmp_path)


def test_the_case_text() -> None:
    # the planet 9 is lit from above (8) and from the right (1); its left is at the edge
    assert body(puzzlekit_to_case("Munraito", "2 3\n- - -\n9 - -\n")) == """\
board: 2x3
digits: 0-3
givens: |
  . . .
  3 . .
---
row-1: digit-counts r1c1-r1c2-r1c3 counts [[1,1],[1,2]]
row-2: digit-counts r2c1-r2c2-r2c3 counts [[1,1],[1,2]]
column-1: digit-counts r1c1-r2c1 counts [[1,1],[1,2]]
column-2: digit-counts r1c2-r2c2 counts [[1,1],[1,2]]
column-3: digit-counts r1c3-r2c3 counts [[1,1],[1,2]]
absent-digits r1c1-r1c2-r1c3-r2c2-r2c3 digits [3]
side-1: first-seen r1c1 digit 1
side-2: first-seen r2c2-r2c3 digit 1
"""


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n- s\n- -\n", 2, 3, "'s' at r1c2 is neither '-' nor a number"),
    ("2 2\n- 16\n- -\n", 2, 3, "the planet 16 at r1c2 is not 0-15"),
    ("2 2\n- 1\n- -\n", 2, 3, "the planet 1 at r1c2 is lit from beyond the edge"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Munraito", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Munraito problem: {says}")


def test_the_answers_read() -> None:
    assert read_solution("Munraito", "2 3\ns x 5\nx s -\n") == {
        "digits": [[1, 2, 3], [2, 1, 0]]}
    kind, _, line, col, says = refusal(read_solution, "Munraito", "1 2\ns o\n")
    assert (kind, line, col) == ("bad-puzzlekit", 2, 3)
    assert says.endswith("'o' at r1c2 is not a cell of a Munraito")


# -- boards without planets, and one cell tall or wide, against a brute force --------------


def brute(rows: int, cols: int, planets: dict[tuple[int, int], int]) -> int:
    """Boards of empty cells (0), stars (1) and clouds (2) around the planets, one star and one
    cloud a row and a column, each planet's number the sum of its lit sides (8 up, 4 left,
    2 down, 1 right): a side is lit when the first non-empty cell beyond it is a star."""
    cells = [x for x in board(rows, cols) if x not in planets]
    found = 0
    for values in itertools.product((0, 1, 2), repeat=len(cells)):
        v = {**dict(zip(cells, values, strict=True)), **dict.fromkeys(planets, 3)}
        lines = [[v[(r, c)] for c in range(1, cols + 1)] for r in range(1, rows + 1)]
        lines += [[v[(r, c)] for r in range(1, rows + 1)] for c in range(1, cols + 1)]
        if any(line.count(1) != 1 or line.count(2) != 1 for line in lines):
            continue
        found += all(n == sum(bit for bit, (dr, dc) in ((8, (-1, 0)), (4, (0, -1)), (2, (1, 0)),
                                                       (1, (0, 1))) if lit(v, x, dr, dc))
                     for x, n in planets.items())
    return found


def lit(v: dict[tuple[int, int], int], cell: tuple[int, int], dr: int, dc: int) -> bool:
    """Whether the first non-empty cell from `cell` one way is a star."""
    r, c = cell[0] + dr, cell[1] + dc
    while (r, c) in v and v[(r, c)] == 0:
        r, c = r + dr, c + dc
    return v.get((r, c)) == 1


@pytest.mark.parametrize(("rows", "cols", "planets"), [
    (1, 1, {}),
    (1, 3, {}),  # a column of one cell cannot hold a star and a cloud
    (2, 2, {}),
    (3, 3, {}),
    (3, 3, {(2, 2): 0}),
    (3, 3, {(2, 2): 9}),
    (3, 4, {(1, 1): 3, (3, 4): 12}),
])
def test_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                  planets: dict) -> None:
    want = brute(rows, cols, planets)
    text = "\n".join([f"{rows} {cols}", *(" ".join(str(planets.get((r, c), "-"))
                                                   for c in range(1, cols + 1))
                                          for r in range(1, rows + 1))]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("Munraito", text)) == (status_of(want), want)
