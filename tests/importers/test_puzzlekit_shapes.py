"""The puzzlekit genres whose answers are lines (Yajilin, NumberLink, GokigenNaname, Hashi):
exact case text for a tiny puzzle, the exact refusal of a malformed one, and fixture
puzzles (copied from ../shared/corpus/puzzlekit) that must solve uniquely to their known
answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from puzzlekit_fixtures import body, load, solved

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

GENRES = load("puzzlekit_shapes.json")
CASES = [(g, e) for g, entries in GENRES.items() for e in entries]



def test_a_yajilin_is_its_loop_its_shading_and_its_arrows() -> None:
    assert body(puzzlekit_to_case("Yajilin", "3 3\n- - -\n- 1w s0\n- - -\n")) == """\
board: 3x3
---
loop
shaded-apart
loop-or-shaded r1c1-r1c2-r1c3-r2c1-r3c1-r3c2-r3c3
blank-cell r2c2-r2c3
arrow-shade-count-1: arrow-shade-count r2c2-r2c1 count 1
arrow-shade-count-2: arrow-shade-count r2c3-r3c3 count 0
"""


def test_a_yajilin_solution_reads_as_shading_and_loop() -> None:
    got = read_solution("Yajilin", "2 3\nx se sw\n- ne nw\n")
    assert got == {"shading": [[1, 0, 0], [0, 0, 0]],
                   "loop": {"across": [[0, 1, 0], [0, 1, 0]], "down": [[0, 1, 1], [0, 0, 0]]}}


def test_a_numberlink_lists_its_numbers_in_pairs_and_fills_the_board() -> None:
    assert body(puzzlekit_to_case("NumberLink", "2 3\n2 1 -\n1 - 2\n")) == """\
board: 2x3
---
numberlink r1c2-r2c1-r1c1-r2c3 fill true
"""


def test_a_numberlink_says_that_filling_the_board_is_no_rule_of_janko_at() -> None:
    # janko.at's Arukone rules let cells stay empty; `fill true` is added, and said so
    front = puzzlekit_to_case("NumberLink", "2 3\n2 1 -\n1 - 2\n").split("---\n")[1]
    assert ("notes: janko.at's Arukone has no rule that every cell be on a line, though its "
            "puzzles leave none empty; `fill true` asks it, so a unique answer here is the only "
            "one that fills the board.\n") in front


def test_a_numberlink_solution_reads_as_links() -> None:
    got = read_solution("NumberLink", "2 3\ne w s\ne ew nw\n")
    assert got == {"links": {"across": [[1, 0, 0], [1, 1, 0]], "down": [[0, 0, 1], [0, 0, 0]]}}


def test_a_gokigen_numbers_each_corner_by_the_cells_around_it() -> None:
    assert body(puzzlekit_to_case("GokigenNaname", "2 2\n1 - -\n- 4 -\n- - 0\n")) == """\
board: 2x2
---
gokigen
corner-diagonals-1: corner-diagonals r1c1 count 1
corner-diagonals-2: corner-diagonals r1c1-r1c2-r2c1-r2c2 count 4
corner-diagonals-3: corner-diagonals r2c2 count 0
"""


def test_a_gokigen_solution_reads_as_diagonals() -> None:
    assert read_solution("GokigenNaname", "2 2\n\\ /\n/ \\\n") == {
        "diagonals": [[1, 2], [2, 1]]}


def test_a_hashi_lists_its_islands_and_their_numbers() -> None:
    assert body(puzzlekit_to_case("Hashi", "3 3\n2 - 3\n- - -\n- - 1\n")) == """\
board: 3x3
---
hashi r1c1-r1c3-r3c3
bridges-1: bridge-count r3c3 count 1
bridges-2: bridge-count r1c1 count 2
bridges-3: bridge-count r1c3 count 3
"""


def test_a_hashi_solution_reads_bridge_cells_as_links() -> None:
    assert read_solution("Hashi", "3 3\n- 2 -\n- - a\n- - -\n") == {
        "links": {"across": [[2, 2, 0], [0, 0, 0], [0, 0, 0]],
                  "down": [[0, 0, 1], [0, 0, 1], [0, 0, 0]]}}


@pytest.mark.parametrize(("genre", "text", "line", "col", "says"), [
    ("Yajilin", "2 3\n- 2e -\n- - 2q\n", 3, 5, "'2q' at r2c3 is not a clue such as 2e or '-'"),
    ("NumberLink", "2 3\n1 - x\n1 - -\n", 2, 5, "'x' at r1c3 is neither '-' nor a number"),
    ("NumberLink", "2 3\n1 2 1\n1 - 2\n", 3, 1, "number 1 stands in 3 cells, not two"),
    ("NumberLink", "2 3\n1 2 -\n1 - -\n", 2, 3, "number 2 stands in 1 cell, not two"),
    ("GokigenNaname", "1 1\n- 5\n- -\n", 2, 3, "'5' at corner 0,1 is not 0-4 or '-'"),
    ("Hashi", "2 2\n1 -\n- x\n", 3, 3, "'x' at r2c2 is neither '-' nor a number"),
])
def test_a_malformed_problem_is_refused_at_its_place(genre: str, text: str, line: int, col: int,
                                                     says: str) -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlekit_to_case(genre, text, label="p.txt")
    (d,) = exc.value.diagnostics
    assert d.span is not None
    assert (d.kind, d.span.file, d.span.line, d.span.col) == ("bad-puzzlekit", "p.txt", line, col)
    assert d.message == f"not a puzzlekit {genre} problem: {says}"
    assert d.hint


@pytest.mark.parametrize(("genre", "entry"), CASES, ids=[f"{g} {e['key']}" for g, e in CASES])
def test_fixture_puzzles_solve_to_their_answers(tmp_path: Path, genre: str,
                                                entry: dict[str, str]) -> None:
    got, want = solved(genre, entry, tmp_path)
    assert got == want
