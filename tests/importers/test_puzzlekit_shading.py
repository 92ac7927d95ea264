"""The puzzlekit genre Gappy: exact case text for a tiny puzzle, placed errors for malformed
input, and a fixture puzzle (copied from ../shared/corpus/puzzlekit) that must solve uniquely
to its known answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from puzzlekit_fixtures import body, load, solved

from sapphire.diagnostics import SapphireError
from sapphire.importers import puzzlekit_to_case

GENRES = load("puzzlekit_shading.json")
CASES = [(g, e) for g, entries in GENRES.items() for e in entries]


@pytest.mark.parametrize(("genre", "entry"), CASES, ids=[f"{g} {e['key']}" for g, e in CASES])
def test_fixture_puzzles_solve_to_their_known_answer(tmp_path: Path, genre: str,
                                                     entry: dict[str, str]) -> None:
    got, want = solved(genre, entry, tmp_path)
    assert list(want) == ["shading"]
    assert got["shading"] == want["shading"]


# -- exact text -------------------------------------------------------------------------------


def test_gappy_two_per_line_and_the_gaps() -> None:
    text = "3 4\n- 1 - -\n2 - -\n- - - -\n- x - -\n- - - -\n"
    got = body(puzzlekit_to_case("Gappy", text))
    assert got.startswith("board: 3x4\nshading: |\n  . . . .\n  . 1 . .\n  . . . .\n---\n")
    assert got.split("---\n")[1].splitlines() == [
        "shade-per-line count 2", "shaded-no-touch",
        "column-gap-1: shade-gap r1c2-r2c2-r3c2 gap 1",
        "row-gap-1: shade-gap r1c1-r1c2-r1c3-r1c4 gap 2"]


# -- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("genre", "text", "line", "col", "says"), [
    ("Gappy", "3 3\n- 2 -\n- - -\n- - -\n- - -\n- - -\n", 2, 3,
     "the gap 2 of column 2 does not fit its 3 cells"),
    ("Gappy", "3 3\n- - -\n- - -\n- - -\n- o -\n- - -\n", 5, 3,
     "'o' at r2c2 is neither 'x' nor '-'"),
])
def test_malformed_input_is_placed(genre: str, text: str, line: int, col: int,
                                   says: str) -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlekit_to_case(genre, text, label="p.txt")
    [d] = exc.value.diagnostics
    assert d.span is not None
    assert (d.kind, d.span.file, d.span.line, d.span.col) == ("bad-puzzlekit", "p.txt", line, col)
    assert d.message == f"not a puzzlekit {genre} problem: {says}"
    assert d.hint
