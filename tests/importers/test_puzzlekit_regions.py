"""The puzzlekit genres of regions: a small puzzle of each genre (copied from
../shared/corpus/puzzlekit into fixtures/importers/puzzlekit_regions.json) imports, solves
uniquely and equals its known answer; the case text of a tiny puzzle is exact; one malformed
input per genre is refused at its place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from puzzlekit_fixtures import FIXTURES, body, load, solved

from sapphire.diagnostics import SapphireError
from sapphire.formats.answer import canonical_regions
from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case
from sapphire.pipeline import solve_case

GENRES = load("puzzlekit_regions.json")
CASES = [(g, e) for g, entries in GENRES.items() for e in entries]



@pytest.mark.parametrize(("genre", "entry"), CASES, ids=[f"{g} {e['key']}" for g, e in CASES])
def test_fixture_puzzles_solve_to_their_answers(tmp_path: Path, genre: str,
                                                entry: dict[str, str]) -> None:
    got, want = solved(genre, entry, tmp_path)
    assert got == want


@pytest.mark.parametrize(("genre", "text", "line", "col", "says"), [
    ("Shikaku", "2 2\n2 -\n- 3\n", 3, 3, "the rectangles have more cells than the board"),
    ("LITS", "2 4\na a a b\na a a c\n", 2, 7, "the region 'b' has 1 cell, too few for a "
     "tetromino"),
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


def test_shikaku_case_text() -> None:
    assert body(puzzlekit_to_case("Shikaku", "2 3\n2 - -\n- - 4\n")) == """\
board: 2x3
---
numbered-regions r1c1-r2c3
rectangle-1: rectangle r1c1 size 2
rectangle-2: rectangle r2c3 size 4
"""


def test_region_maps_compare_up_to_their_names() -> None:
    assert canonical_regions([["b", "a", "a"], ["b", "c", "c"]]) == [[1, 2, 2], [1, 5, 5]]
    assert canonical_regions([[7, 3, 3], [7, 9, 9]]) == canonical_regions([[1, 2, 2], [1, 3, 3]])
    assert read_solution("Shikaku", "2 3\n1 2 2\n1 3 3\n") == {"regions": [[1, 2, 2], [1, 5, 5]]}


DISPUTED = json.loads((FIXTURES / "puzzlekit_regions.json").read_text(encoding="utf-8"))[
    "disputed"]


def test_shikaku_128_has_three_answers(tmp_path: Path) -> None:
    # rows 5-6, columns 10-20 hold the clues 8 (r5c13), 2 (r5c19), 2 (r6c10), 4 (r6c13),
    # 4 (r6c17) and 2 (r6c20): the record cuts them as 8+2 over 2+4+4; standing the 2 of r6c10
    # upright and sliding the others by a column fits as well, in two ways
    (entry,) = DISPUTED["Shikaku"]
    case = tmp_path / "p.case"
    case.write_text(puzzlekit_to_case("Shikaku", entry["problem"]), encoding="utf-8")
    res = solve_case(str(case), max_solutions=4)
    assert (res.status, res.count) == ("multiple", 3)
    answers = [canonical_regions(s["regions"]) for s in res.solutions]
    recorded = read_solution("Shikaku", entry["solution"])["regions"]
    assert recorded in answers
    for other in answers:
        differ = {(r, c) for r in range(20) for c in range(20) if other[r][c] != recorded[r][c]}
        assert {r for r, _ in differ} <= {4, 5} and {c for _, c in differ} <= set(range(9, 20))


def test_lits_case_text_and_solution() -> None:
    assert body(puzzlekit_to_case("LITS", "2 4\n1 1 2 2\n1 1 2 2\n")) == """\
board: 2x4
digits: 0-5
---
connected-wall
region-1: tetromino r1c1-r1c2-r2c1-r2c2
region-2: tetromino r1c3-r1c4-r2c3-r2c4
border-1: different-shapes r1c2-r1c3
border-2: different-shapes r2c2-r2c3
"""
    assert read_solution("LITS", "2 4\nL - T T\nL L I -\n") == {
        "digits": [[1, 0, 3, 3], [1, 1, 2, 0]], "shading": [[1, 0, 1, 1], [1, 1, 1, 0]]}
