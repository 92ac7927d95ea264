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

CONSECUTIVE = """\
3 3
1 - -
- - -
- - 3
1 4 0
2 0 0
8 0 0
"""


def test_consecutive_sudoku_bars_and_their_absence() -> None:
    # bar codes: 1 right, 2 below, 4 left, 8 above; every bar is drawn, so a pair without one
    # is not consecutive
    assert body(puzzlekit_to_case("ConsecutiveSudoku", CONSECUTIVE)) == """\
board: 3x3
givens: |
  1 . .
  . . .
  . . 3
---
latin-square
bar-1: white-dot r1c1-r1c2
no-bar-1: nabner r1c1-r2c1
no-bar-2: nabner r1c2-r1c3
no-bar-3: nabner r1c2-r2c2
no-bar-4: nabner r1c3-r2c3
no-bar-5: nabner r2c1-r2c2
bar-2: white-dot r2c1-r3c1
no-bar-6: nabner r2c2-r2c3
no-bar-7: nabner r2c2-r3c2
no-bar-8: nabner r2c3-r3c3
no-bar-9: nabner r3c1-r3c2
no-bar-10: nabner r3c2-r3c3
"""


def test_even_odd_sudoku() -> None:
    text = "4 4\n1 E O E\nO E 1 O\nE O E O\nO 1 O E\n"
    assert body(puzzlekit_to_case("EvenOddSudoku", text)) == """\
givens: |
  1 . . .
  . . 1 .
  . . . .
  . 1 . .
---
sudoku 4x4
even r1c2-r1c4-r2c2-r3c1-r3c3-r4c4
odd r1c3-r2c1-r2c4-r3c2-r3c4-r4c1-r4c3
"""


def test_skyscraper_sudoku_clues_top_bottom_left_right() -> None:
    text = "4 4\n2 - - -\n- - 1 -\n- 3 - -\n- - - 4\n- - - -\n- - 2 -\n- - - -\n- - - -\n"
    assert body(puzzlekit_to_case("SkyscraperSudoku", text)) == """\
givens: |
  . . . .
  . . 2 .
  . . . .
  . . . .
---
sudoku 4x4
skyscraper-1: skyscraper r1c1-r2c1-r3c1-r4c1 visible 2
skyscraper-2: skyscraper r4c3-r3c3-r2c3-r1c3 visible 1
skyscraper-3: skyscraper r2c1-r2c2-r2c3-r2c4 visible 3
skyscraper-4: skyscraper r4c4-r4c3-r4c2-r4c1 visible 4
"""


def test_thermometer_counts_and_paths() -> None:
    text = "2 3\n1 - 2\n2 1\n1.1 1.2 2.2\n- 3.1 2.1\n"
    assert body(puzzlekit_to_case("Thermometer", text)) == """\
board: 2x3
---
thermometer-1: thermometer r1c1-r1c2
thermometer-2: thermometer r2c3-r1c3
thermometer-3: thermometer r2c2
column-1: shade-count r1c1-r2c1 count 1
column-2: shade-count r1c3-r2c3 count 2
row-1: shade-count r1c1-r1c2-r1c3 count 2
row-2: shade-count r2c1-r2c2-r2c3 count 1
"""


def test_skyscraper_with_empty_plots_and_diagonals() -> None:
    text = "3 3 2 D\n2 - -\n- - -\n- - 1\n- - -\n- 0 -\n- - -\n- - -\n"
    assert body(puzzlekit_to_case("Skyscraper", text)) == """\
board: 3x3
digits: 0-2
givens: |
  . 0 .
  . . .
  . . .
---
latin-square
main-diagonal
anti-diagonal
skyscraper-1: skyscraper r1c1-r2c1-r3c1 visible 2
skyscraper-2: skyscraper r3c1-r3c2-r3c3 visible 1
"""
    plain = body(puzzlekit_to_case("Skyscraper", "2 2 2\n1 - \n- -\n- -\n- -\n- -\n- -\n"))
    assert plain == "board: 2x2\n---\nlatin-square\nskyscraper r1c1-r2c1 visible 1\n"


def test_kakuro_runs_and_black_cells() -> None:
    text = "3 3\n- 4, 3,\n,3 0 0\n,4 0 0\n"
    assert body(puzzlekit_to_case("Kakuro", text)) == """\
board: 3x3
digits: 0-9
givens: |
  0 0 0
  0 . .
  0 . .
---
black-cell r1c1-r1c2-r1c3-r2c1-r3c1
absent-digits r2c2-r2c3-r3c2-r3c3 digits [0]
down-1: cage r2c2-r3c2 total 4
down-2: cage r2c3-r3c3 total 3
across-1: cage r2c2-r2c3 total 3
across-2: cage r3c2-r3c3 total 4
"""


def test_masyu_circles() -> None:
    text = "3 3\nb - 1\n- w -\n2 - -\n"
    assert body(puzzlekit_to_case("Masyu", text)) == """\
board: 3x3
---
loop
white-circle r1c3-r2c2
black-circle r1c1-r3c1
"""


@pytest.mark.parametrize(("genre", "text", "says", "line", "col"), [
    ("ConsecutiveSudoku", "2 2\n1 -\n- -\n0 16\n0 0\n", "not 0-15", 4, 3),
    ("ConsecutiveSudoku", "2 2\n1 -\n- -\n", "expected the bar block, found the end", 3, 4),
    ("ConsecutiveSudoku", "2 2\n1 -\n- -\n1 0\n0 0\n", "r1c1 and r1c2 disagree", 4, 1),
    ("EvenOddSudoku", "4 4\n1 E O X\nO E 1 O\nE O E O\nO 1 O E\n", "'X' at r1c4", 2, 7),
    ("SkyscraperSudoku", "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n",
     "expected the givens block", 5, 8),
    ("SkyscraperSudoku", "4 4\n- - -\n- - - -\n- - - -\n- - - -\n" + "- - - -\n" * 4,
     "expected 4 tokens on the line of clues above the columns, found 3", 2, 6),
    ("Thermometer", "1 2\n1 1\n1\n1.1 1.1\n", "two cells numbered 1", 4, 5),
    ("Thermometer", "1 3\n1 1 1\n1\n1.1 - 1.2\n", "jumps", 4, 7),
    ("Thermometer", "1 2\n1 1\n1\n1.1 x\n", "'x' at r1c2", 4, 5),
    ("Thermometer", "1 2\n1 1\n1.1 1.2\n", "expected 1 token on the line of row counts", 3, 5),
    ("Thermometer", "1 2\n1 1\n1\n1.1 1.3\n", "not numbered 1-2", 4, 5),
    ("Masyu", "1 2\nb g\n", "'g' at r1c2", 2, 3),
    ("Skyscraper", "2 2 5\n" + "- -\n" * 6, "is not 'N N H'", 1, 5),
    ("Skyscraper", "2 2 1 X\n" + "- -\n" * 6, "is not 'N N H'", 1, 7),
    ("Skyscraper", "2 2 1\n" + "- -\n" * 4 + "2 -\n- -\n", "outside 0-1", 6, 1),
    ("Kakuro", "2 2\n- 3\n,3 0\n", "'3' at r1c2", 2, 3),
    ("Kakuro", "2 2\n- 3,\n,3 -\n", "has no white cells", 2, 3),
    ("Kakuro", "2 2\n- 3,x\n,3 0\n", "'x' in the across total at r1c2", 2, 5),
    ("Kakuro", "3 2\n- -\n,1 0\n- 0\n", "the down run through r2c2 has no total", 3, 4),
    ("Masyu", "2 2\nb -\n", "expected row 2 of the grid, found the end of the text", 2, 4),
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
    assert read_solution("Thermometer", "2 2\nx -\n- x\n") == {"shading": [[1, 0], [0, 1]]}


def test_digit_solutions_of_skyscraper_and_kakuro() -> None:
    assert read_solution("Skyscraper", "2 2 1\n1 0\n0 1\n") == {"digits": [[1, 0], [0, 1]]}
    assert read_solution("Kakuro", "2 2\n- -\n- 7\n") == {"digits": [[0, 0], [0, 7]]}


def test_masyu_solution_reads_the_loop() -> None:
    assert read_solution("Masyu", "2 2\nse sw\nne nw\n") == {
        "loop": {"across": [[1, 0], [1, 0]], "down": [[1, 1], [0, 0]]}}


# -- fixture puzzles solve to their known answers ---------------------------------------------


@pytest.mark.parametrize(("genre", "entry"), CASES, ids=[f"{g}-{e['key']}" for g, e in CASES])
def test_fixture_solves_to_its_answer(tmp_path: Path, genre: str, entry: dict) -> None:
    got, want = solved(genre, entry, tmp_path)
    assert want  # the comparison below must compare something
    for part, rows in want.items():
        assert got[part] == rows
