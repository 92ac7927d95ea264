"""The `diagonals` answer (a diagonal per cell): its JSON, text and picture, `sapphire verify`
reading it back, and corner clues drawn on their corners."""

from __future__ import annotations

import json
from pathlib import Path

from sapphire.case.givens import shared_corner
from sapphire.cli import main
from sapphire.meaning import bundled_form
from sapphire.pipeline import solve_case
from sapphire.render.diagonals import diagonal_lines
from sapphire.render.svg import panel_of, svg
from sapphire.render.text import answer_lines

CASE = ("---\nlibrary: std\nboard: 2x2\n---\ngokigen\n"
        "corner-diagonals r1c1-r1c2-r2c1-r2c2 count 4\n")
"""Its one answer: an X in the middle of the board."""


def write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_the_answer_holds_the_diagonals(tmp_path: Path) -> None:
    res = solve_case(write(tmp_path, "t.case", CASE))
    assert res.status == "unique"
    assert res.solutions[0]["diagonals"] == [[1, 2], [2, 1]]


def test_text_and_lines() -> None:
    assert answer_lines(bundled_form(), {"diagonals": [[1, 2], [0, 1]]}) == [
        "  diagonals:", "  \\ /", "  . \\"]
    (line,) = diagonal_lines([[0, 2]])
    assert 'x1="80" y1="0" x2="40" y2="40"' in line  # `/` from the top right of cell r1c2


def test_the_picture_draws_the_diagonals(tmp_path: Path) -> None:
    panel = panel_of(solve_case(write(tmp_path, "t.case", CASE)).solutions[0])
    assert panel is not None and (panel.rows, panel.cols) == (2, 2)
    assert svg([panel]).count('class="diagonal"') == 4


def test_verify_reads_diagonals_back(tmp_path: Path) -> None:
    case = write(tmp_path, "t.case", CASE)
    assert main(["verify", case, write(tmp_path, "a.json",
                                       json.dumps({"diagonals": [[1, 2], [2, 1]]}))]) == 0
    assert main(["verify", case, write(tmp_path, "b.json",
                                       json.dumps({"diagonals": [[2, 1], [1, 2]]}))]) == 2


def test_a_corner_is_where_the_cells_and_no_others_meet() -> None:
    assert shared_corner([(1, 1), (1, 2), (2, 1), (2, 2)], 3, 3) == (1, 1)
    assert shared_corner([(1, 2), (1, 3)], 3, 3) == (0, 2)  # on the top edge
    assert shared_corner([(3, 3)], 3, 3) == (3, 3)  # the board's bottom-right corner
    assert shared_corner([(2, 2)], 3, 3) is None
