"""The shading genres' clues drawn from their kinds' declarations: a Creek's numbers on the grid
corners (on the edge too), a Hitori's numbers in every cell, a Kuromasu's in their cells, a
Gappy's beside its lines, and nothing drawn for the rules that only shade."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from test_puzzle_drawing import draw, legend, of_class, texts


def centres(root: ET.Element, cls: str = "circle") -> list[tuple[str, str]]:
    return [(c.get("cx") or "", c.get("cy") or "") for c in of_class(root, "circle", cls)]


def test_creek_numbers_stand_on_the_grid_corners(tmp_path: Path) -> None:
    root = draw(tmp_path, "board: 2x3\n", "unshaded-connected\n"
                "corner-count r1c1-r1c2-r2c1-r2c2 count 3\n"
                "corner-count r1c2-r1c3 count 1\n"
                "corner-count r2c3 count 0\n"
                "corner-count r1c1 count 2")
    # inside, on the top edge between c2 and c3, the bottom right corner, the top left one
    assert centres(root) == [("40", "40"), ("80", "0"), ("120", "80"), ("0", "0")]
    assert texts(root, "corner-label") == ["3", "1", "0", "2"]
    assert legend(root) == ""


def test_a_quadruple_still_stands_where_its_four_cells_meet(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 4x4\nquadruple r2c2-r2c3-r3c2-r3c3 digits [1]")
    assert centres(root) == [("80", "80")]


def test_hitori_numbers_are_its_clues_past_9_too(tmp_path: Path) -> None:
    root = draw(tmp_path, "clues: |\n  1 H\n  A 1\n",
                "unshaded-distinct\nshaded-apart\nunshaded-connected")
    assert texts(root, "clue") == ["1", "17", "10", "1"]
    assert legend(root) == ""


def test_kuromasu_numbers_and_gappy_gaps(tmp_path: Path) -> None:
    root = draw(tmp_path, "board: 3x3\n", "seen-cells r2c2 count 4\nshaded-apart")
    assert texts(root, "cell-text") == ["4"]
    root = draw(tmp_path, "board: 3x3\n", "shade-per-line count 1\nshaded-no-touch\n"
                "shade-gap r1c1-r1c2-r1c3 gap 1")
    assert texts(root, "outside-clue") == ["1"]
    assert legend(root) == ""


def test_a_heyawake_room_has_its_border_and_its_number(tmp_path: Path) -> None:
    root = draw(tmp_path, "board: 2x3\n", "shaded-apart\nunshaded-connected\n"
                "room r1c2-r1c3-r2c2-r2c3 count 2\nroom r1c1-r2c1")
    assert texts(root, "region-label") == ["2"]  # the room without a number has none
    label = of_class(root, "text", "region-label")[0]
    assert (label.get("x"), label.get("y")) == ("44", "9")  # in r1c2's top-left corner
    assert len(of_class(root, "line", "region")) == 8 + 6  # unit sides around each room
    assert legend(root) == ""
