"""puzzlekit's Fillomino: exact case text, the digits that reach the largest possible region,
malformed problems refused at their place, and fixture puzzles (copied from
../shared/corpus/puzzlekit) that must solve to their known answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from puzzlekit_fixtures import body, load, solved

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

ENTRIES = load("puzzlekit_fillomino.json")["Fillomino"]



def test_givens_and_digits_up_to_the_largest_open_area() -> None:
    # the cells without a given: r1c1-r2c1-r3c1-r4c1-r4c2-r4c3 (6) and r1c4 with r2c3, r2c4,
    # r3c4 (4): a region there may have 6 cells, more than any given
    assert body(puzzlekit_to_case("Fillomino", "4 4\n- 3 1 -\n- 4 - -\n- 2 1 -\n- - - 5\n")) \
        == """\
board: 4x4
digits: 1-6
givens: |
  . 3 1 .
  . 4 . .
  . 2 1 .
  . . . 5
---
fillomino
"""


def test_a_given_past_g_is_a_given_number_line() -> None:
    text = "3 6\n17 - - - - -\n- - - - - -\n- - - - - 1\n"
    assert body(puzzlekit_to_case("Fillomino", text)) == """\
board: 3x6
digits: 1-17
---
fillomino
given-1: given-number r1c1 number 17
given-2: given-number r3c6 number 1
"""


def test_past_128_possible_sizes_large_regions_are_written_as_one_number() -> None:
    # 156 open cells on a 13x13 board with 1s along the bottom: regions past 2·1+2 = 4 cells
    # are written 5
    text = "13 13\n" + "\n".join(" ".join("-" * 13) for _ in range(12)) + "\n" + \
        " ".join(["1", "-"] * 6 + ["1"]) + "\n"
    full = puzzlekit_to_case("Fillomino", text)
    assert ("notes: 'Regions of more than 4 cells are written 5 (fillomino above 4): an answer "
            "without a 5 is the answer of the Fillomino; one with a 5 only says that those "
            "regions are larger than 4.'\n") in full
    case = body(full)
    assert case.startswith("board: 13x13\ndigits: 1-5\n")
    assert case.endswith("---\nfillomino above 4\n")


def test_the_solution_is_the_numbers() -> None:
    assert read_solution("Fillomino", "2 2\n2 2\n1 3\n") == {"digits": [[2, 2], [1, 3]]}


@pytest.mark.parametrize(("text", "says", "line", "col"), [
    ("2 2\n0 -\n- 1\n", "the number 0 at r1c1 is not 1-4: the board has 4 cells", 2, 1),
    ("2 2\n- 5\n- 1\n", "the number 5 at r1c2 is not 1-4", 2, 3),
    ("2 2\n- -\nx 1\n", "'x' at r2c1 is neither '-' nor a number", 3, 1),
    ("2 3\n1 -\n- 1 -\n", "expected 3 tokens on row 1 of the grid, found 2", 2, 4),
])
def test_malformed_problems_are_positioned_errors(text: str, says: str, line: int,
                                                  col: int) -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlekit_to_case("Fillomino", text)
    assert exc.value.kinds == ["bad-puzzlekit"]
    assert "not a puzzlekit Fillomino problem: " + says in str(exc.value)
    span = exc.value.diagnostics[0].span
    assert span is not None and (span.file, span.line, span.col) == ("<puzzlekit>", line, col)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["key"] for e in ENTRIES])
def test_fixture_solves_to_its_answer(tmp_path: Path, entry: dict) -> None:
    got, want = solved("Fillomino", entry, tmp_path)
    assert got["digits"] == want["digits"]
