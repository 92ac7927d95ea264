"""The importers' shared vocabulary: steps and rays on a grid, box shapes and numbers, cell
names in both formats, solution strings, bit masks, and parameters left at their defaults."""

from __future__ import annotations

import pytest

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import (
    DOWN_LEFT,
    KING,
    ORTHOGONAL,
    UP,
    box_index,
    grid_columns,
    grid_rows,
    neighbours,
    ray,
    read_cell,
    region_box_dims,
    sightline_name,
    sightlines,
    solution_rows,
)
from sapphire.importers.fpuzzles import default_box
from sapphire.importers.iss.reader import mask_bits


def test_steps_are_in_reading_order_of_the_cells_they_reach() -> None:
    assert neighbours((2, 2), ORTHOGONAL, 3, 3) == [(1, 2), (2, 1), (2, 3), (3, 2)]
    assert neighbours((2, 2), KING, 3, 3) == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 3),
                                              (3, 1), (3, 2), (3, 3)]
    assert neighbours((1, 1), KING, 3, 3) == [(1, 2), (2, 1), (2, 2)]


def test_a_ray_runs_from_its_start_to_the_edge() -> None:
    assert ray((3, 2), UP, 4, 4) == [(3, 2), (2, 2), (1, 2)]
    assert ray((1, 3), DOWN_LEFT, 4, 4) == [(1, 3), (2, 2), (3, 1)]
    assert ray((0, 3), UP, 4, 4) == []


def test_rows_and_columns() -> None:
    assert grid_rows(2, 3) == [[(1, 1), (1, 2), (1, 3)], [(2, 1), (2, 2), (2, 3)]]
    assert grid_columns(2, 3) == [[(1, 1), (2, 1)], [(1, 2), (2, 2)], [(1, 3), (2, 3)]]


@pytest.mark.parametrize(("size", "box"), [(4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (9, (3, 3)),
                                           (12, (3, 4)), (16, (4, 4)), (7, (1, 7)), (5, (1, 5))])
def test_f_puzzles_boxes_are_the_shared_box_shapes_or_rows(size: int, box: tuple[int, int]
                                                           ) -> None:
    assert default_box(size) == box
    assert region_box_dims(size, size, size) == (None if box[0] == 1 else box)


def test_box_numbers_count_boxes_in_reading_order() -> None:
    numbers = [box_index((r, c), (2, 3), 6) for r in range(1, 7) for c in range(1, 7)]
    assert sorted(set(numbers)) == list(range(6))
    assert box_index((1, 4), (2, 3), 6) == 1
    assert box_index((3, 1), (2, 3), 6) == 2
    assert box_index((6, 6), (2, 3), 6) == 5


def test_cell_names_of_both_formats() -> None:
    assert read_cell("R10C3") == (10, 3)
    assert read_cell("r2c12") == (2, 12)
    assert read_cell("R1C") is None
    assert read_cell("RaCg", one_character=True) == (10, 16)
    assert read_cell("R10C3", one_character=True) is None
    assert read_cell("RzC1", one_character=True) is None


def test_solution_strings_of_digits_and_letters() -> None:
    assert solution_rows("1234", 2) == [[1, 2], [3, 4]]
    assert solution_rows("AB0C", 2) == [[1, 2], [0, 3]]
    assert solution_rows("123456", 2, 3) == [[1, 2, 3], [4, 5, 6]]


def test_a_bit_mask_numbers_its_bits_six_to_a_character() -> None:
    assert mask_bits("B") == {0}
    assert mask_bits("AB") == {6}
    assert mask_bits("_") == set(range(6))
    assert mask_bits("!") is None


def test_a_parameter_at_its_declared_default_is_left_out() -> None:
    b = CaseBuilder()
    b.add("whisper", [(1, 1), (1, 2)], difference=5)
    b.add("whisper", [(2, 1), (2, 2)], difference=4)
    b.add("pill-arrow", [(3, 1), (3, 2), (3, 3)], pill=2)
    assert [r.params for r in b.rules] == [(), (("difference", 4),), ()]


def test_outside_clues_look_along_their_lines_nearest_first() -> None:
    # 2 rows, 3 columns: above the columns, below them, left of the rows, right of them
    lines = sightlines(2, 3)
    assert len(lines) == 10
    assert lines[0] == [(1, 1), (2, 1)] and lines[3] == [(2, 1), (1, 1)]
    assert lines[6] == [(1, 1), (1, 2), (1, 3)] and lines[9] == [(2, 3), (2, 2), (2, 1)]
    assert [sightline_name(k, 2, 3) for k in (0, 5, 6, 9)] == [
        "above column 1", "below column 3", "left of row 1", "right of row 2"]
