"""ISS import of grids beyond the square 1..N sudoku, and of chaos constructions.

`.Shape~9x9~0-8` (other values) becomes the front matter's `digits:`; a grid that is not a
square sudoku becomes `board:`, `latin-square` and `boxes HxW` laid out as ISS lays them out
(`RegionSize` sets how many cells a box has); `.ChaosConstruction` and its clues become
`chaos-construction`, `chaos-arrow` and `chaos-count`. The fixture puzzles
(`tests/fixtures/importers/iss_shapes_chaos.json`, copied from the shared corpus, MIT licence)
solve to their known answers.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from iss_fixtures import assert_solves, load

from sapphire.diagnostics import SapphireError
from sapphire.formats.common import region_box_dims
from sapphire.importers import iss_to_case

PUZZLES = load("iss_shapes_chaos.json")


def body(text: str) -> list[str]:
    return text.split("---\n", 2)[2].splitlines()


def front(text: str) -> str:
    return text.split("---\n", 2)[1]


def test_values_from_zero_become_digits_and_givens_may_be_zero() -> None:
    text = iss_to_case(".Shape~9x9~0-8.~R1C1_0~R1C2_8")
    assert "digits: 0-8" in front(text)
    assert "  0 8 . . . . . . .\n" in front(text)
    assert body(text) == ["sudoku 9x9"]


def test_candidates_are_absent_digits_of_the_declared_values() -> None:
    text = iss_to_case(".Shape~6x6~0-5.~R1C1_0_1_2")
    assert "candidates-1: absent-digits r1c1 digits [3,4,5]" in body(text)


@pytest.mark.parametrize(("shape", "lines", "digits"), [
    ("6x8", ["latin-square", "boxes 2x4"], None),
    ("9x8", ["latin-square"], None),
    ("4x6", ["latin-square", "boxes 2x3"], None),
    ("5x10", ["latin-square", "boxes 5x2"], None),
    ("6x6~9.RegionSize~9", ["latin-square", "boxes 3x3"], "1-9"),
    ("6x6~9.RegionSize~6", ["sudoku 6x6"], "1-9"),
    ("5x5~9", ["latin-square"], "1-9"),
    ("9x9.RegionSize~9", ["sudoku 9x9"], None),
])
def test_grids_and_their_boxes(shape: str, lines: list[str], digits: str | None) -> None:
    text = iss_to_case(f".Shape~{shape}")
    assert body(text) == lines
    if digits is None:
        assert "digits:" not in front(text)
    else:
        assert f"digits: {digits}" in front(text)
    if lines[0] == "latin-square":
        rows, cols = shape.split("~")[0].split(".")[0].split("x")
        assert f"board: {rows}x{cols}" in front(text)


def test_box_shapes_as_iss_chooses_them() -> None:
    assert region_box_dims(9, 9, 9) == (3, 3)
    assert region_box_dims(6, 6, 6) == (2, 3)
    assert region_box_dims(6, 8, 8) == (2, 4)
    assert region_box_dims(5, 10, 10) == (5, 2)
    assert region_box_dims(7, 7, 9) is None
    assert region_box_dims(9, 8, 9) is None


def test_no_boxes_and_jigsaw_pieces_of_the_region_size() -> None:
    assert body(iss_to_case(".Shape~6x8.NoBoxes")) == ["latin-square"]
    # a 7×7 grid of nine values: four 3×3 pieces, and the cross of 13 cells between them, which
    # ISS leaves without a rule
    layout = "0001222000122200012221111111333144433314443331444"
    text = iss_to_case(f".Shape~7x7~9.RegionSize~9.Jigsaw~{layout}")
    assert sum(line.startswith("piece-") for line in body(text)) == 4


@pytest.mark.parametrize(("text", "named"), [
    (".Shape~9x9~3-11", "'9x9~3-11'"),
    (".Shape~9x9~1-8", "'9x9~1-8'"),
    (".ChaosConstruction.ChaosArrow~R1C1~0~CC2~CC3", "does not start"),
    (".ChaosConstruction.ChaosCount~R1C1~0~CC2~CC1", "first cell"),
    (".ChaosConstruction.ChaosCount~R1C1~0~CC1~CC99", "'Var'"),
    (".Shape~9x9~0-8.ChaosConstruction.ChaosCount~R1C1", "do not start at 1"),
])
def test_refusals_name_the_type(text: str, named: str) -> None:
    with pytest.raises(SapphireError) as exc:
        iss_to_case(text)
    assert named in str(exc.value)
    assert exc.value.kinds[0] == "unsupported-import"


@pytest.mark.parametrize(("text", "says"), [
    (".Shape~6x6.~R1C1_7", "in '.~R1C1_7': a value of R1C1_7 is outside 1-6"),
    (".Cage~x~R1C1~R1C2", "in '.Cage~x~R1C1~R1C2': 'x' is not a number"),
    (".LittleKiller~5~R5C5", "in '.LittleKiller~5~R5C5': no diagonal starts at R5C5"),
    (".Or.Cage~x~R1C1.~R1C1_1.End", "in an .Or branch: 'x' is not a number"),
])
def test_what_is_written_wrong_is_malformed_input_not_a_missing_kind(text: str,
                                                                    says: str) -> None:
    """A value ISS would never write is the input's fault, named as written (`bad-iss`); the
    library lacking a kind is another error (`unsupported-import`)."""
    with pytest.raises(SapphireError) as exc:
        iss_to_case(text + ".Foo")
    assert exc.value.kinds == ["bad-iss", "unsupported-import"]
    assert exc.value.diagnostics[0].message == f"not an ISS constraint string: {says}"


def test_chaos_construction_and_its_clues() -> None:
    text = iss_to_case(".Shape~6x6.ChaosConstruction.NoBoxes"
                       ".ChaosArrow~R1C2~0~CC2~CC3~CC4"
                       ".ChaosArrow~R2C2~1"
                       ".ChaosCount~R1C1~~CC1~CC2~CC7"
                       ".ChaosCount~R2C2")
    lines = body(text)
    assert lines[:2] == ["latin-square", "chaos-construction"]
    assert "chaos-arrow-1: chaos-arrow r1c2-r1c3-r1c4" in lines
    # no arms: up, down, left and right to the edges, each from the arrow's cell
    assert ("chaos-arrow-2: chaos-arrow r2c2-r1c2-r2c2-r3c2-r4c2-r5c2-r6c2-r2c2-r2c1-r2c2-r2c3"
            "-r2c4-r2c5-r2c6 offset 1") in lines
    assert "chaos-count-1: chaos-count r1c1-r1c2-r2c1" in lines
    # no cells: the count's cell and its eight neighbours
    assert ("chaos-count-2: chaos-count r2c2-r1c1-r1c2-r1c3-r2c1-r2c3-r3c1-r3c2-r3c3"
            in lines)


def test_region_cells_in_all_different_and_count_distinct() -> None:
    lines = body(iss_to_case(".Shape~4x4.ChaosConstruction.NoBoxes.AllDifferent~CC1~CC2"
                             ".CountDistinct~R1C2~CC1~CC2~CC3~CC4.AllDifferent~R1C1~R2C2"
                             ".CountDistinct~R3C3~R1C1~R1C2"))
    assert lines[2:] == ["different-regions r1c1-r1c2", "count-regions r1c2-r1c1-r1c2-r1c3-r1c4",
                         "all-different r1c1-r2c2", "count-distinct r3c3-r1c1-r1c2"]
    with pytest.raises(SapphireError) as exc:
        iss_to_case(".Shape~4x4.ChaosConstruction.NoBoxes.AllDifferent~CC1~R1C2")
    assert "region cells (CC…) mixed with digit cells" in str(exc.value)


def test_chaos_region_size() -> None:
    assert "chaos-construction size 4" in body(
        iss_to_case(".Shape~4x8.RegionSize~4.NoBoxes.ChaosConstruction"))


@pytest.mark.parametrize("entry", PUZZLES, ids=[e["name"] for e in PUZZLES])
def test_fixture_solves_to_its_answer(tmp_path: Path, entry: dict) -> None:
    assert_solves(tmp_path, entry)
