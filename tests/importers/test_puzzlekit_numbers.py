"""The puzzlekit genre answered with numbers here (Binairo):
exact case text for a tiny puzzle, its solution read as an answer, malformed problems
refused at their place, and a fixture puzzle (copied from ../shared/corpus/puzzlekit) that
must solve to its known answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from puzzlekit_fixtures import body, load, solved

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

GENRES = load("puzzlekit_numbers.json")
CASES = [(g, e) for g, entries in GENRES.items() for e in entries]



# -- exact text -------------------------------------------------------------------------------


def test_binairo_writes_zero_and_one() -> None:
    assert body(puzzlekit_to_case("Binairo", "2 2\n1 -\n- 2\n")) == """\
board: 2x2
digits: 0-1
givens: |
  0 .
  . 1
---
no-three-in-a-row
row-1: digit-counts r1c1-r1c2 counts [[1,0],[1,1]]
row-2: digit-counts r2c1-r2c2 counts [[1,0],[1,1]]
column-1: digit-counts r1c1-r2c1 counts [[1,0],[1,1]]
column-2: digit-counts r1c2-r2c2 counts [[1,0],[1,1]]
"""


# -- solutions --------------------------------------------------------------------------------


def test_solutions_as_the_answers_hold_them() -> None:
    assert read_solution("Binairo", "1 2\n2 1\n") == {"digits": [[1, 0]]}


# -- malformed problems -----------------------------------------------------------------------


@pytest.mark.parametrize(("genre", "text", "says", "line", "col"), [
    ("Binairo", "2 3\n- - -\n- - -\n", "even number of columns, not 3", 1, 3),
    ("Binairo", "2 2\n0 -\n- -\n", "'0' at r1c1 is not '1', '2' or '-'", 2, 1),
])
def test_malformed_problems_are_positioned_errors(genre: str, text: str, says: str, line: int,
                                                  col: int) -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlekit_to_case(genre, text)
    assert exc.value.kinds == ["bad-puzzlekit"]
    assert says in str(exc.value)
    span = exc.value.diagnostics[0].span
    assert span is not None and (span.file, span.line, span.col) == ("<puzzlekit>", line, col)


# -- fixture puzzles solve to their known answers ---------------------------------------------


@pytest.mark.parametrize(("genre", "entry"), CASES, ids=[f"{g}-{e['key']}" for g, e in CASES])
def test_fixture_solves_to_its_answer(tmp_path: Path, genre: str, entry: dict) -> None:
    got, want = solved(genre, entry, tmp_path)
    assert want["digits"]
    assert got["digits"] == want["digits"]
