"""Givens and shading grids: layout characters, separator lines, the alphabet, board size."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.case import Case, FrontMatter, board_size, digit_grid, parse_case, shading_grid
from sapphire.diagnostics import SapphireError
from sapphire.library import load_library

SUDOKU_GIVENS = """\
---
library: std
givens: |
  . . . | . 7 . | . . .
  1 . . | . . . | . . 9
  . . . | . . . | . . .
  ------+-------+------
  . . . | . . . | . . .
  . . . | 5 . . | . . .
  . . . | . . . | . . .
  ------+-------+------
  . . . | . . . | . . .
  . . . | . . . | . . .
  . . . | . . . | . 2 .
---
sudoku 9x9
"""


def test_layout_and_separator_lines_are_ignored() -> None:
    grid = digit_grid(parse_case(SUDOKU_GIVENS))
    assert grid is not None
    assert len(grid) == 9 and all(len(row) == 9 for row in grid)
    assert grid[0][4] == 7
    assert grid[1] == [1, None, None, None, None, None, None, None, 9]
    assert grid[4][3] == 5
    assert grid[8][7] == 2


def test_compact_rows_mean_the_same() -> None:
    compact = "---\nlibrary: std\ngivens: |\n  .7\n  1.\n---\n"
    spaced = "---\nlibrary: std\ngivens: |\n  . | 7\n  --+--\n  1 | .\n---\n"
    assert (
        digit_grid(parse_case(compact))
        == digit_grid(parse_case(spaced))
        == [
            [None, 7],
            [1, None],
        ]
    )


def test_letters_on_wide_boards() -> None:
    row = "123456789ABCDEFG"
    text = "---\nlibrary: std\nboard: 16x16\ngivens: |\n" + f"  {row}\n" * 16 + "---\n"
    grid = digit_grid(parse_case(text))
    assert grid is not None
    assert grid[0] == list(range(1, 17))


def test_letters_beyond_the_board_width() -> None:
    text = "---\nlibrary: std\nboard: 1x10\ngivens: |\n  123456789B\n---\n"
    with pytest.raises(SapphireError) as info:
        parse_case(text)
    assert [(d.kind, d.span.line, d.span.col) for d in info.value.diagnostics] == [
        ("givens-alphabet", 5, 12)
    ]


def test_sudoku_limits_the_digits() -> None:
    text = "---\nlibrary: std\ngivens: |\n  1 . . .\n  . . . .\n  . . 5 .\n  . . . .\n---\n"
    std = load_library("std", Path("."))
    with pytest.raises(SapphireError) as info:
        parse_case(text + "sudoku 4x4\n", "<case>", std.declares_board)
    assert info.value.kinds == ["givens-alphabet"]
    assert digit_grid(parse_case(text))[2][2] == 5  # type: ignore[index]
    # read without the library, which alone says that `sudoku 4x4` declares the board
    case = parse_case(text + "sudoku 4x4\n")
    assert case.board_deferred and digit_grid(case)[2][2] == 5  # type: ignore[index]
    with pytest.raises(SapphireError) as info:
        digit_grid(case, std.declares_board)
    assert info.value.kinds == ["givens-alphabet"]


def test_shading_grid() -> None:
    text = "---\nlibrary: std\nshading: |\n  1 0 .\n  b w .\n---\n"
    assert shading_grid(parse_case(text)) == [[1, 0, None], [1, 0, None]]


def test_no_grids() -> None:
    case = parse_case("---\nlibrary: std\n---\n")
    assert digit_grid(case) is None and shading_grid(case) is None and board_size(case) is None


@pytest.mark.parametrize(
    ("front", "body", "size"),
    [
        ("board: 6x8\n", "", (6, 8)),
        ("", "not sudoku 6x6\n", (6, 6)),
        ("givens: |\n  1 2 3\n  . . .\n", "", (2, 3)),
    ],
)
def test_board_size_sources(front: str, body: str, size: tuple[int, int]) -> None:
    case = parse_case(f"---\nlibrary: std\n{front}---\n{body}")
    assert board_size(case, load_library("std", Path(".")).declares_board) == size


def test_digit_grid_checks_a_case_built_in_code() -> None:
    case = Case(FrontMatter({"library": "std", "board": "2x2", "givens": "1 x\n. .\n"}), ())
    with pytest.raises(SapphireError) as info:
        digit_grid(case)
    assert info.value.kinds == ["givens-alphabet"]
