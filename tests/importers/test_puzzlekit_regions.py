"""The puzzlekit genres of ships and regions: a small puzzle of each genre (copied from
../shared/corpus/puzzlekit into fixtures/importers/puzzlekit_regions.json) imports, solves
uniquely and equals its known answer; the case text of a tiny puzzle is exact; one malformed
input per genre is refused at its place."""

from __future__ import annotations

from pathlib import Path

import pytest
from puzzlekit_fixtures import body, load, solved

from sapphire.diagnostics import SapphireError
from sapphire.formats.answer import canonical_regions
from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

GENRES = load("puzzlekit_regions.json")
CASES = [(g, e) for g, entries in GENRES.items() for e in entries]



@pytest.mark.parametrize(("genre", "entry"), CASES, ids=[f"{g} {e['key']}" for g, e in CASES])
def test_fixture_puzzles_solve_to_their_answers(tmp_path: Path, genre: str,
                                                entry: dict[str, str]) -> None:
    got, want = solved(genre, entry, tmp_path)
    assert got == want


@pytest.mark.parametrize(("genre", "text", "line", "col", "says"), [
    ("Battleship", "2 2 1\n- -\n- -\n- -\n- q\n", 5, 3,
     "'q' at r2c2 is not a ship part or water"),
    ("Battleship", "2 2 1\n- -\n- -\n- -\nn -\n", 5, 1,
     "the ship's end 'n' at r2c1 points off the board"),
    ("Battleship", "2 2 0\n- -\n- -\n- -\n- -\n", 1, 6,
     "expected the fleet after the size, found no ships"),
])
def test_malformed_input_is_refused_at_its_place(genre: str, text: str, line: int, col: int,
                                                 says: str) -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlekit_to_case(genre, text, label="p.txt")
    (d,) = exc.value.diagnostics
    assert d.span is not None
    assert (d.kind, d.span.file, d.span.line, d.span.col) == ("bad-puzzlekit", "p.txt", line, col)
    assert d.message == f"not a puzzlekit {genre} problem: {says}"
    assert d.hint


def test_region_maps_compare_up_to_their_names() -> None:
    assert canonical_regions([["b", "a", "a"], ["b", "c", "c"]]) == [[1, 2, 2], [1, 5, 5]]
    assert canonical_regions([[7, 3, 3], [7, 9, 9]]) == canonical_regions([[1, 2, 2], [1, 3, 3]])


def test_battleship_case_text() -> None:
    text = "3 3 1 1\n2 - 0\n2 0 -\nn - -\n- - x\n- - -\n"
    assert body(puzzlekit_to_case("Battleship", text)) == """\
board: 3x3
---
fleet ships [[1,1],[2,1]]
column-1: shade-count r1c1-r2c1-r3c1 count 2
column-2: shade-count r1c3-r2c3-r3c3 count 0
row-1: shade-count r1c1-r1c2-r1c3 count 2
row-2: shade-count r2c1-r2c2-r2c3 count 0
ship-1: shade-count r1c1-r2c1 count 2
water-1: shade-count r2c3 count 0
"""


def test_battleship_solution_reads_every_ship_part_as_shading() -> None:
    assert read_solution("Battleship", "2 3 1 1\nn - o\ns - -\n") == {
        "shading": [[1, 0, 1], [1, 0, 0]]}

