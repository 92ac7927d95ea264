"""A rule line the library refuses names the clue it states (issue: a puzzlekit total past the
numbers' range was reported as the generated case line, at no place in the input)."""

from __future__ import annotations

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.formats.builder import CaseBuilder, ClueError
from sapphire.formats.puzzlekit import Source, tokens

TOO_BIG = 2_147_483_648


def builder() -> CaseBuilder:
    b = CaseBuilder()
    b.add("sudoku", positional="4x4", early=True)
    return b


def test_a_refused_line_added_with_a_clue_names_that_clue() -> None:
    b = builder()
    b.add("cage", [(1, 1), (1, 2)], at=("total", 1), total=TOO_BIG)
    with pytest.raises(ClueError) as e:
        b.build(placed=True)
    assert e.value.at == ("total", 1)
    assert "2147483648, larger than 1,000,000,000" in e.value.message


def test_a_refused_line_without_a_clue_names_its_cells_and_quotes_itself() -> None:
    b = builder()
    b.add("cage", [(2, 1), (2, 2)], total=TOO_BIG)
    with pytest.raises(ClueError) as e:
        b.build(placed=True)
    assert e.value.at == ((2, 1), (2, 2))
    assert e.value.message.startswith("the import writes `cage r2c1-r2c2 total 2147483648`")


def test_a_builder_whose_caller_places_nothing_quotes_the_line() -> None:
    b = builder()
    b.add("cage", [(1, 1), (1, 2)], at=("total", 1), total=TOO_BIG)
    with pytest.raises(SapphireError) as e:
        b.build()
    assert e.value.diagnostics[0].span is None
    assert "the import writes `cage r1c1-r1c2 total 2147483648`" in e.value.diagnostics[0].message


def test_the_source_places_an_error_at_the_first_cell_it_read() -> None:
    src = Source("2 2\n1 -\n- 7\n", "p.txt", "Demo")
    rows = tokens(src.text)
    src.places[(2, 2)] = rows[2][1]
    error = src.place(((1, 2), (2, 2)), "too big")
    d = error.diagnostics[0]
    assert (d.span.file, d.span.line, d.span.col) == ("p.txt", 3, 3)
    assert src.place(("nothing", 1), "x").diagnostics[0].span.line == 1


@pytest.mark.parametrize(("genre", "text", "line", "col"), [
    ("Kakuro", "3 3\n- 2147483648, 4,\n,3 0 0\n,5 0 0\n", 2, 3),
    ("KillerSudoku", "4 4\n3 - 2147483648 -\n7 - - -\n3 - 10 -\n7 - - -\n"
                     "1 1 2 2\n3 3 2 2\n4 4 5 5\n6 6 5 5\n", 2, 5),
], ids=["Kakuro", "KillerSudoku"])
def test_a_total_past_the_numbers_range_is_placed_at_it(genre: str, text: str, line: int,
                                                         col: int) -> None:
    from sapphire.importers import puzzlekit_to_case

    with pytest.raises(SapphireError) as e:
        puzzlekit_to_case(genre, text, label="p.txt")
    d = e.value.diagnostics[0]
    assert (d.span.file, d.span.line, d.span.col) == ("p.txt", line, col)
    assert "2147483648, larger than 1,000,000,000" in d.message
