"""Puzzlekit errors are placed as the case reader places its own: FILE:LINE:COL, the line, a
caret and a hint. Each family of error (a bad token, a short or long row, a missing block, a
line too many, a bad size line) is pinned to its kind, line and column in several genres,
including the ones with extra blocks (a Killer Sudoku's cages, a Skyscraper's outside clues)."""

from __future__ import annotations

import pytest

from sapphire.diagnostics import Diagnostic, SapphireError
from sapphire.genres import read_solution
from sapphire.importers import import_puzzle, puzzlekit_to_case

SUDOKU = "4 4\n1 - - -\n- - 3 -\n- 4 - -\n- - - 2\n"
KILLER = "4 4\n3 - 7 -\n5 4 6 3\n- - - -\n6 - 4 -\n" + "a a b b\nc d e f\nc d e f\ng g h h\n"
SKYSCRAPER = "4 4 4\n- 2 - -\n- - - 1\n3 - - -\n- - 2 -\n" + "- - - -\n" * 4


def failure(genre: str, text: str, label: str = "p.txt") -> Diagnostic:
    with pytest.raises(SapphireError) as exc:
        puzzlekit_to_case(genre, text, label=label)
    assert len(exc.value.diagnostics) == 1
    return exc.value.diagnostics[0]


def place(d: Diagnostic) -> tuple[str, str, int, int]:
    assert d.span is not None
    return d.kind, d.span.file, d.span.line, d.span.col


def test_the_samples_import() -> None:
    for genre, text in (("Sudoku", SUDOKU), ("KillerSudoku", KILLER), ("Skyscraper", SKYSCRAPER)):
        assert puzzlekit_to_case(genre, text).startswith("---\n")


# -- a bad token, at that token ---------------------------------------------------------------

@pytest.mark.parametrize(("genre", "text", "line", "col", "says"), [
    ("Sudoku", SUDOKU.replace("- - 3 -", "- - 3 x"), 3, 7,
     "'x' at r2c4 is neither '-' nor a number"),
    ("Sudoku", SUDOKU.replace("- 4 - -", "- 4 - 9"), 4, 7, "the given 9 at r3c4 is outside 1-4"),
    ("KillerSudoku", KILLER.replace("6 - 4 -", "6 - 4x -"), 5, 5,
     "'4x' at r4c3 is neither '-' nor a number"),
    ("Skyscraper", SKYSCRAPER.replace("3 - - -", "3 - q -"), 4, 5,
     "'q' left of row 3 is neither '-' nor a number"),
])
def test_a_bad_token_is_placed_at_the_token(genre: str, text: str, line: int, col: int,
                                            says: str) -> None:
    d = failure(genre, text)
    assert place(d) == ("bad-puzzlekit", "p.txt", line, col)
    assert d.message == f"not a puzzlekit {genre} problem: {says}"
    assert d.hint


def test_a_cage_with_two_totals_points_at_the_second() -> None:
    d = failure("KillerSudoku", KILLER.replace("3 - 7 -", "3 2 7 -"))
    assert place(d) == ("bad-puzzlekit", "p.txt", 2, 3)
    assert "the cage at r1c1 has 2 totals, not one" in d.message


def test_a_cage_without_a_total_points_at_its_first_cell_in_the_cage_block() -> None:
    d = failure("KillerSudoku", KILLER.replace("5 4 6 3", "5 4 6 -"))
    assert place(d) == ("bad-puzzlekit", "p.txt", 7, 7)  # r2c4 of the cage block, line 7
    assert "the cage at r2c4 has 0 totals, not one" in d.message


# -- a short row at its end, a long one at its first extra token ------------------------------

@pytest.mark.parametrize(("genre", "text", "line", "col", "says"), [
    ("Sudoku", SUDOKU.replace("- 4 - -", "- 4 -"), 4, 6,
     "expected 4 tokens on row 3 of the givens block, found 3"),
    ("KillerSudoku", KILLER.replace("c d e f\ng", "c d e\ng"), 8, 6,
     "expected 4 tokens on row 3 of the cage block, found 3"),
    ("Skyscraper", SKYSCRAPER.replace("- - - 1", "- -"), 3, 4,
     "expected 4 tokens on the line of clues below the columns, found 2"),
    ("Sudoku", SUDOKU.replace("- - 3 -", "- - 3 - 1 2"), 3, 9,
     "expected 4 tokens on row 2 of the givens block, found 6"),
    ("Skyscraper", SKYSCRAPER.replace("- - 2 -", "- - 2 - 4"), 5, 9,
     "expected 4 tokens on the line of clues right of the rows, found 5"),
])
def test_a_row_of_the_wrong_width_says_how_many_tokens(genre: str, text: str, line: int,
                                                       col: int, says: str) -> None:
    d = failure(genre, text)
    assert place(d) == ("bad-puzzlekit", "p.txt", line, col)
    assert d.message == f"not a puzzlekit {genre} problem: {says}"
    assert d.hint is not None and "the size line gives 4" in d.hint


# -- a missing block or row at the end of the text, naming what comes next --------------------

@pytest.mark.parametrize(("genre", "text", "line", "col", "says"), [
    ("Sudoku", "4 4\n", 1, 4, "expected the givens block"),
    ("Sudoku", "4 4\n1 - - -\n- - 3 -\n", 3, 8, "expected row 3 of the givens block"),
    ("KillerSudoku", KILLER.split("a a b b")[0], 5, 8, "expected the cage block"),
    ("KillerSudoku", KILLER.rsplit("g g h h", 1)[0], 8, 8, "expected row 4 of the cage block"),
    ("Skyscraper", "4 4 4\n- 2 - -\n- - - 1\n", 3, 8,
     "expected the line of clues left of the rows"),
    ("Skyscraper", "4 4 4\n- 2 - -\n- - - 1\n3 - - -\n- - 2 -\n", 5, 8,
     "expected the givens block"),
])
def test_a_missing_part_is_placed_at_the_end_of_the_text(genre: str, text: str, line: int,
                                                         col: int, says: str) -> None:
    d = failure(genre, text + "\n\n")  # blank lines after the text are no part of it
    assert place(d) == ("bad-puzzlekit", "p.txt", line, col)
    assert d.message == f"not a puzzlekit {genre} problem: {says}, found the end of the text"
    assert d.hint is not None and d.hint.startswith(f"a puzzlekit {genre} problem is the size")


def test_a_line_past_the_layout_is_placed_at_its_start() -> None:
    d = failure("KillerSudoku", KILLER + "  x y\n")
    assert place(d) == ("bad-puzzlekit", "p.txt", 10, 3)
    assert d.message.endswith("expected the end of the text after the cage block, found "
                              "another line")


# -- a bad size line, at line 1 ---------------------------------------------------------------

@pytest.mark.parametrize(("genre", "text", "col", "says"), [
    ("Sudoku", "4 x\n", 3, "expected the number of columns, found 'x'"),
    ("Sudoku", "four 4\n", 1, "expected the number of rows, found 'four'"),
    ("Sudoku", "4\n", 2, "expected the number of columns after the number of rows"),
    ("Sudoku", "4 4 4\n", 5, "expected the end of the first line after the size, found '4'"),
    ("KillerSudoku", "4 0\n", 3, "expected at least one column, found 0"),
    ("KillerSudoku", "2 3\n- - -\n- - -\na a b\nc c b\n", 1, "a 2x3 grid is not square"),
    ("Skyscraper", "4 4 2\n", 5, "the first line '4 4 2' is not 'N N H'"),
    ("Skyscraper", "4 4 4 Q\n", 7, "the first line '4 4 4 Q' is not 'N N H'"),
    ("YinYang", "", 1, "expected the board's size 'ROWS COLS', found no text"),
])
def test_a_bad_size_line_is_placed_on_line_1(genre: str, text: str, col: int, says: str) -> None:
    d = failure(genre, text)
    assert place(d) == ("bad-puzzlekit", "p.txt", 1, col)
    assert says in d.message


def test_a_size_without_a_sudoku_is_placed_on_the_size_line() -> None:
    d = failure("Sudoku", "3 3\n1 2 3\n2 3 1\n3 1 2\n")
    assert place(d) == ("unsupported-import", "p.txt", 1, 1)
    assert "no sudoku with boxes on a 3x3 board" in d.message


# -- rendering, labels and solutions ----------------------------------------------------------

def test_the_error_renders_the_line_and_a_caret_under_the_token() -> None:
    d = failure("KillerSudoku", KILLER.replace("6 - 4 -", "6 - 4x -"), label="k.txt")
    assert d.render() == (
        "k.txt:5:5: error: not a puzzlekit KillerSudoku problem: '4x' at r4c3 is neither '-' "
        "nor a number\n"
        "  6 - 4x -\n"
        "      ^^\n"
        "  hint: each cage's total stands in one of its cells in the totals block, '-' in its "
        "other cells")


def test_lines_count_from_the_top_of_the_text_as_written() -> None:
    d = failure("Sudoku", "\n\n  " + SUDOKU.replace("3", "z"))
    assert place(d) == ("bad-puzzlekit", "p.txt", 5, 5)


def test_without_a_file_the_text_is_named_puzzlekit() -> None:
    with pytest.raises(SapphireError) as exc:
        import_puzzle("puzzlekit:Sudoku", "4 4\n")
    assert exc.value.diagnostics[0].span is not None
    assert exc.value.diagnostics[0].span.file == "<puzzlekit>"
    with pytest.raises(SapphireError) as exc:
        import_puzzle("puzzlekit:Sudoku", "4 4\n", label="mine.txt")
    assert str(exc.value).startswith("mine.txt:1:4: error:")


def test_solution_errors_are_placed_too() -> None:
    with pytest.raises(SapphireError) as exc:
        read_solution("Sudoku", "2 2\n1 2\n- 1\n", label="s.txt")
    d = exc.value.diagnostics[0]
    assert place(d) == ("bad-puzzlekit", "s.txt", 3, 1)
    assert d.message == "not a puzzlekit Sudoku solution: '-' at r2c1 is not a number"
    with pytest.raises(SapphireError) as exc:
        read_solution("Skyscraper", "2 2 1 D\n1 0\n", label="s.txt")
    assert place(exc.value.diagnostics[0]) == ("bad-puzzlekit", "s.txt", 2, 4)
