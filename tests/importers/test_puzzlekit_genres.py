"""The puzzlekit genres beyond the first six: exact case text for a tiny puzzle of each genre,
refusals of malformed input, and fixture puzzles (copied from ../shared/corpus/puzzlekit) that
must solve to their known answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from puzzlekit_fixtures import body, load, solved

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

GENRES = load("puzzlekit_genres.json")
CASES = [(g, e) for g, entries in GENRES.items() for e in entries]



# -- exact text -------------------------------------------------------------------------------

def test_nonogram_columns_then_rows() -> None:
    text = "2 3\n1\n0\n2\n1 1\n1\n"
    assert body(puzzlekit_to_case("Nonogram", text)) == """\
board: 2x3
---
column-1: shade-pattern r1c1-r2c1 pattern "0*1{1}0*"
column-2: shade-pattern r1c2-r2c2 pattern "0*"
column-3: shade-pattern r1c3-r2c3 pattern "0*1{2}0*"
row-1: shade-pattern r1c1-r1c2-r1c3 pattern "0*1{1}0+1{1}0*"
row-2: shade-pattern r2c1-r2c2-r2c3 pattern "0*1{1}0*"
"""


def test_akari_walls_numbers_segments_and_light() -> None:
    text = "2 3\n- 1 -\n- - x\n"
    assert body(puzzlekit_to_case("Akari", text)) == """\
board: 2x3
---
walls-1: shade-count r1c2-r2c3 count 0
number-1: shade-count r1c1-r1c3-r2c2 count 1
segment-1: shade-at-most r2c1-r2c2 count 1
segment-2: shade-at-most r1c1-r2c1 count 1
lit-1: shade-at-least r1c1-r2c1 count 1
lit-2: shade-at-least r1c3 count 1
lit-3: shade-at-least r2c1-r2c2-r1c1 count 1
lit-4: shade-at-least r2c1-r2c2 count 1
"""


def test_nurikabe_islands_and_their_numbered_cells() -> None:
    text = "2 3\n2 - -\n- - 1\n"
    assert body(puzzlekit_to_case("Nurikabe", text)) == """\
board: 2x3
---
nurikabe
island-1: island r1c1 size 2
island-2: island r2c3 size 1
numbered-islands r1c1-r2c3
"""


@pytest.mark.parametrize(("genre", "text", "says", "line", "col"), [
    ("Nonogram", "1 2\n1\n1\n", "expected the row clues, found the end", 3, 2),
    ("Nonogram", "1 2\n1\n1\n1 1\n", "do not fit a row of 2 cells", 4, 1),
    ("Nonogram", "1 2\n1\nx\n1\n", "'x' in the clues of column 2", 3, 1),
    ("Nonogram", "1 2\n1\n1\n1 0\n", "'0' in the clues of row 1", 4, 3),
    ("Akari", "1 2\n5 -\n", "not 0-4", 2, 1),
    ("Nurikabe", "1 2\n0 -\n", "not 1 or more", 2, 1),
    ("Nurikabe", "1 2\n1 3\n", "more cells than the board", 2, 3),  # the island too many
    ("Nurikabe", "1 2\nx -\n", "'x' at r1c1 is neither", 2, 1),
    ("Akari", "1 2\n- o\n", "'o' at r1c2 is neither", 2, 3),
])
def test_malformed_problems_are_positioned_errors(genre: str, text: str, says: str, line: int,
                                                  col: int) -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlekit_to_case(genre, text)
    assert exc.value.kinds == ["bad-puzzlekit"]
    assert says in str(exc.value)
    span = exc.value.diagnostics[0].span
    assert span is not None and (span.file, span.line, span.col) == ("<puzzlekit>", line, col)


def test_solutions_of_shading_genres() -> None:
    assert read_solution("Nonogram", "1 3\nx - x\n") == {"shading": [[1, 0, 1]]}
    assert read_solution("Nurikabe", "1 3\nx - x\n") == {"shading": [[1, 0, 1]]}
    # Akari: the bulbs are the shading; walls (x or a number) and lit cells are not
    assert read_solution("Akari", "1 4\no x 2 -\n") == {"shading": [[1, 0, 0, 0]]}




# -- fixture puzzles solve to their known answers ---------------------------------------------


@pytest.mark.parametrize(("genre", "entry"), CASES, ids=[f"{g}-{e['key']}" for g, e in CASES])
def test_fixture_solves_to_its_answer(tmp_path: Path, genre: str, entry: dict) -> None:
    got, want = solved(genre, entry, tmp_path)
    assert want  # the comparison below must compare something
    for part, rows in want.items():
        assert got[part] == rows
