"""ISS extra cells (`.Var` groups) as the case's `extra-cells:` below the grid. The fixture
puzzles (`tests/fixtures/importers/iss_extra_cells.json`, copied from the shared corpus, MIT
licence) solve to their known answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from iss_fixtures import assert_solves, load

from sapphire.diagnostics import SapphireError
from sapphire.importers import iss_to_case

PUZZLES = load("iss_extra_cells.json")


def front_and_body(text: str) -> tuple[str, list[str]]:
    front, body = text.split("\n---\n", 1)  # a givens rule '-------' is no delimiter
    return front, body.splitlines()


def test_a_group_fills_rows_of_the_grid_width_below_it() -> None:
    front, body = front_and_body(iss_to_case(
        ".Shape~4x4.Var~X~X~6.Thermo~VX1~VX2~VX6~R4C2.~VX3_2~R1C1_1"))
    assert "extra-cells: 6\n" in front
    # VX1-VX4 are row 5, VX5-VX6 row 6; the givens go on below the grid after a rule
    assert "givens: |\n  1 . . .\n  . . . .\n  . . . .\n  . . . .\n  -------\n" \
        "  . . 2 .\n  . . . ." in front
    assert body[-1] == "thermo r5c1-r5c2-r6c2-r4c2"


def test_groups_follow_each_other_in_the_order_of_their_names() -> None:
    # one cell is named by its group alone (VA); a group of 2 numbers its cells (VB1, VB2)
    _, body = front_and_body(iss_to_case(
        ".Shape~4x4.Var~B~~2.Var~A.Cage~7~VB1~VB2~VA.Var~C~grid~2x2.AllDifferent~VC4~R1C1"))
    assert body[-2:] == ["cage r5c2-r5c3-r5c1 total 7", "all-different r6c3-r1c1"]


def test_candidates_of_an_extra_cell_are_an_absent_digits_line() -> None:
    _, body = front_and_body(iss_to_case(".Shape~4x4.Var~A.~VA_1_3"))
    assert body[-1] == "candidates-1: absent-digits r5c1 digits [2,4]"


@pytest.mark.parametrize(("iss", "said"), [
    (".Shape~4x4.~VA_1", "extra cell VA"),  # no .Var declares it
    (".Shape~4x4.Var~X~~3.~VX4_1", "extra cell VX4"),  # the group has three
    (".Shape~4x4.Var~x", "the group name 'x'"),
    (".Shape~4x4.Var~X~~0", "a group of 0 cells"),
])
def test_refusals(iss: str, said: str) -> None:
    with pytest.raises(SapphireError) as exc:
        iss_to_case(iss)
    assert "'Var'" in str(exc.value) and said in str(exc.value)


@pytest.mark.parametrize("entry", PUZZLES, ids=[e["name"] for e in PUZZLES])
def test_fixture_solves_to_its_answer(tmp_path: Path, entry: dict) -> None:
    assert_solves(tmp_path, entry)


def test_a_sum_with_coefficients_is_a_weighted_sum() -> None:
    # the digits of a diagonal add up to the two-digit number written in two extra cells
    _, body = front_and_body(iss_to_case(
        ".Shape~4x4.Var~A~~2.Sum~0_=_1_1_-10_-1~R1C1~R2C2~VA1~VA2.Sum~5_1_-1~R1C1~R1C2"))
    assert body[-2:] == [
        "weighted-sum-1: weighted-sum r1c1-r2c2-r5c1-r5c2 weights [1,1,-10,-1] total 0",
        "weighted-sum-2: weighted-sum r1c1-r1c2 weights [1,-1] total 5"]
    with pytest.raises(SapphireError) as exc:
        iss_to_case(".Shape~4x4.Sum~5_1~R1C1~R1C2")
    assert "1 coefficients for 2 cells" in str(exc.value)


def test_a_group_keeps_iss_geometry_in_replicas_and_neighbours() -> None:
    # a 2×2 group: ISS has VS1 VS2 over VS3 VS4, while here the four stand in one row
    _, body = front_and_body(iss_to_case(
        ".Shape~4x4.Var~S~s~2x2.Replicate~P~VS1.AllDifferent~VS1~VS2.End"
        ".WhiteDot~VS1~VS2~VS3~VS4.Quad~VS1~1"))
    assert [ln for ln in body if "all-different" in ln] == [
        "all-different-1: all-different r5c1-r5c2", "all-different-2: all-different r5c3-r5c4"]
    assert [ln for ln in body if "white-dot" in ln] == [
        "white-dot-1: white-dot r5c1-r5c2", "white-dot-2: white-dot r5c1-r5c3",
        "white-dot-3: white-dot r5c2-r5c4", "white-dot-4: white-dot r5c3-r5c4"]
    assert body[-1] == "quadruple r5c1-r5c2-r5c3-r5c4 digits [1]"


def test_connected_values_over_a_group_laid_out_as_the_grid() -> None:
    _, body = front_and_body(iss_to_case(".Shape~2x2.Var~L~loop~2x2.ConnectedValues~VL~1"))
    assert body[-1] == "connected-group r3c1-r3c2-r4c1-r4c2 digits [1]"
    with pytest.raises(SapphireError) as exc:  # two columns under a grid of four
        iss_to_case(".Shape~4x4.Var~L~loop~2x2.ConnectedValues~VL~1")
    assert "connected values on the group VL, whose rows are not the grid's" in str(exc.value)


def test_doppelganger_adds_the_missing_digits_as_extra_cells() -> None:
    front, body = front_and_body(iss_to_case(".Shape~4x4~0-4.Doppelganger.Whisper~2~DGR1~DGR2"))
    assert front.endswith("extra-cells: 12")
    # groups by name: DGB1-4 (boxes) r5, DGC1-4 (rows) r6, DGR1-4 (columns) r7
    assert body[1] == ("doppelganger r6c1-r6c2-r6c3-r6c4-r7c1-r7c2-r7c3-r7c4-r5c1-r5c2-r5c3-r5c4"
                       " height 2 width 2")
    assert body[-1] == "whisper r7c1-r7c2 difference 2"
    with pytest.raises(SapphireError) as exc:
        iss_to_case(".Doppelganger")
    assert "'Doppelganger'" in str(exc.value) and "digits 0-N" in str(exc.value)
