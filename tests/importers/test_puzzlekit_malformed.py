"""A malformed puzzlekit record: Nurikabe 1136_22x12 says `22 12` on its first line, but its
problem and its solution each have 12 rows of 12. The import refuses the record where the
text runs out; with the size line mended to `12 12` (the source, janko.at Nurikabe 1136, is a
12×12 board), the puzzle imports and has one answer, the recorded one, so the fault is the
record's size line and not our reading of the genre."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case
from sapphire.pipeline import solve_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
DATA = json.loads((FIXTURES / "puzzlekit_malformed.json").read_text(encoding="utf-8"))
(RECORD,) = DATA["puzzles"]


def mended(text: str) -> str:
    first, rest = text.split("\n", 1)
    assert first.split() == ["22", "12"]
    return "12 12\n" + rest


def test_the_record_as_given_is_refused_where_its_grid_ends() -> None:
    with pytest.raises(SapphireError) as caught:
        puzzlekit_to_case(DATA["genre"], RECORD["problem"])
    (d,) = caught.value.diagnostics
    assert d.kind == "bad-puzzlekit"
    assert "expected row 13 of the grid, found the end of the text" in d.message
    assert d.span is not None and d.span.line == 13


def test_with_its_size_line_mended_it_has_the_recorded_answer_alone(tmp_path: Path) -> None:
    path = tmp_path / "puzzle.case"
    path.write_text(puzzlekit_to_case(DATA["genre"], mended(RECORD["problem"])),
                    encoding="utf-8")
    result = solve_case(str(path), max_solutions=2, time_limit=60)
    assert result.status == "unique"
    # the solution's grid is followed by the source's list of moves, which no other record has
    grid = mended(RECORD["solution"]).split("[moves]")[0]
    expected = read_solution(DATA["genre"], grid)["shading"]
    assert result.solutions[0]["shading"] == expected
