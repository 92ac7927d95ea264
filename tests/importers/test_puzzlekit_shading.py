"""The puzzlekit genres Heyawake, Kuromasu, Cave and Creek: exact case text for
tiny puzzles, a placed error for malformed input of each, and a fixture puzzle of each (copied
from ../shared/corpus/puzzlekit) that must solve uniquely to its known answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from puzzlekit_fixtures import body, load, solved

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_solution
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


def test_heyawake_rooms_and_the_stretches_across_two_borders() -> None:
    text = "1 4\n- 1 - -\na b b c\n"
    assert body(puzzlekit_to_case("Heyawake", text)) == """\
board: 1x4
---
shaded-apart
unshaded-connected
room-1: room r1c1
room-2: room r1c2-r1c3 count 1
room-3: room r1c4
span-1: shade-at-least r1c1-r1c2-r1c3-r1c4 count 1
"""


def test_a_heyawake_room_name_given_to_two_pieces_is_two_rooms() -> None:
    # the number belongs to the piece it stands in, as the dataset's 216_10x18 needs
    text = "1 3\n1 - -\na b a\n"
    lines = body(puzzlekit_to_case("Heyawake", text)).splitlines()
    assert [x for x in lines if x.startswith("room")] == [
        "room-1: room r1c1 count 1", "room-2: room r1c3", "room-3: room r1c2"]


def test_kuromasu_and_cave_numbers_see_cells() -> None:
    text = "2 2\n3 -\n- 2\n"
    rules = ["seen-cells-1: seen-cells r1c1 count 3", "seen-cells-2: seen-cells r2c2 count 2"]
    assert body(puzzlekit_to_case("Kuromasu", text)).split("---\n")[1].splitlines() == [
        "shaded-apart", "unshaded-connected", *rules]
    assert body(puzzlekit_to_case("Cave", text)).split("---\n")[1].splitlines() == [
        "unshaded-connected", "shaded-reach-edge", *rules]


def test_creek_corners_list_the_cells_around_them() -> None:
    text = "2 2\n1 - -\n- 4 -\n- - 0\n"
    assert body(puzzlekit_to_case("Creek", text)).split("---\n")[1].splitlines() == [
        "unshaded-connected",
        "corner-count-1: corner-count r1c1 count 1",
        "corner-count-2: corner-count r1c1-r1c2-r2c1-r2c2 count 4",
        "corner-count-3: corner-count r2c2 count 0"]


def test_a_cave_solution_marks_the_cave_which_the_case_leaves_unshaded() -> None:
    assert read_solution("Cave", "1 3\nx - x\n") == {"shading": [[0, 1, 0]]}
    assert read_solution("Kuromasu", "1 3\nx - x\n") == {"shading": [[1, 0, 1]]}


# -- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("genre", "text", "line", "col", "says"), [
    ("Heyawake", "2 3\n5 - -\n- - -\na a b\na a b\n", 2, 1,
     "room 'a' has 4 cells, fewer than its number 5"),
    ("Heyawake", "1 3\n1 2 -\na a b\n", 2, 3, "room 'a' has two numbers, 1 and 2"),
    ("Kuromasu", "2 2\n0 -\n- -\n", 2, 1, "the number 0 at r1c1 is not 1 or more"),
    ("Cave", "2 2\n3 q\n- -\n", 2, 3, "'q' at r1c2 is neither '-' nor a number"),
    ("Creek", "2 2\n- - -\n- - 5\n- - -\n", 3, 5, "the number 5 at corner 1,2 (0,0 is the "
     "grid's top left corner) is more than the 2 cells around it"),
    ("Creek", "2 2\n- - -\n- - -\n", 3, 6,
     "expected row 3 of the corner grid, found the end of the text"),
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
