"""ISS import of the types the later std kinds express: pairwise relations, strict dots and
marks, anti-taxicab, global entropy and mod, modular, entropic and sum lines, equality cages,
hidden skyscrapers, double arrows, look-and-say and contain clues, same values, equal sums and
region sum lines. The fixture puzzles (`tests/fixtures/importers/iss_more_kinds.json`, copied
from the shared corpus, MIT licence) solve to their known answers.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from iss_fixtures import assert_solves, load

from sapphire.diagnostics import SapphireError
from sapphire.importers import iss_to_case
from sapphire.importers.iss import parse_iss
from sapphire.importers.iss.converter import Converter
from sapphire.importers.iss.handlers import HANDLERS
from sapphire.importers.iss.pairs import pair_table
from sapphire.pipeline import solve_case

PUZZLES = load("iss_more_kinds.json")


def refusal(iss: str) -> str:
    """The error message of an import that must be refused."""
    with pytest.raises(SapphireError) as exc:
        iss_to_case(iss)
    return str(exc.value)


def body(text: str) -> list[str]:
    return text.split("---\n", 2)[2].splitlines()


def test_pair_keys_decode_to_digit_pairs() -> None:
    cv = Converter(parse_iss(".Shape~4x4"), HANDLERS)
    cv.run()
    # bits, lowest first: pair n = (1 + n // 4, 1 + n % 4); 'C' = 2 sets bit 1, (1,2); 'E' = 4
    # sets bit 2, (1,3); 'g' = 32 sets bit 5, (2,2)
    assert pair_table(cv, "C") == {(1, 2)}
    assert pair_table(cv, "E") == {(1, 3)}
    assert pair_table(cv, "Ag") == {(3, 4)}  # bit 11 = pair n 11
    message = refusal(".Pair~*~R1C1~R1C2")
    assert "base64url" in message


def test_pair_groups_and_names() -> None:
    lines = body(iss_to_case(".Shape~4x4.Pair~C~_one-two~R1C1~R1C2~~r2c1~r2c2~r2c3"))
    assert lines[1:] == ["pairs-1: pairs r1c1-r1c2 allowed [[1,2]]",
                         "pairs-2: pairs r2c1-r2c2-r2c3 allowed [[1,2]]"]
    # PairX keeps a pair only when its reverse is allowed too
    assert body(iss_to_case(".Shape~4x4.PairX~S~R1C1~R2C2"))[1] == \
        "all-pairs r1c1-r2c2 allowed [[1,2],[2,1]]"  # 'S' = 18: bits 1 and 4


def test_strict_marks_list_the_marked_pairs() -> None:
    lines = body(iss_to_case(".StrictKropki.WhiteDot~R1C1~R1C2.And.BlackDot~R3C3~R4C3.End"))
    assert "strict-kropki r1c1-r1c2-r3c3-r4c3" in lines
    lines = body(iss_to_case(".StrictXV.X~R1C1~R1C2.V~R2C2~R2C3"))
    assert "strict-xv r1c1-r1c2-r2c2-r2c3" in lines
    # with no marks at all, no pair may have a mark's relation
    assert body(iss_to_case(".StrictXV")) == ["sudoku 9x9", "anti-xv"]
    assert body(iss_to_case(".StrictKropki")) == ["sudoku 9x9", "anti-consecutive",
                                                  "anti-black-dot"]


def test_region_same_values_names_the_boxes() -> None:
    lines = body(iss_to_case(".Shape~6x6~9.RegionSize~6.RegionSameValues"))
    assert lines == ["sudoku 6x6", "same-box-digits 2x3"]
    message = refusal(".Shape~6x6.NoBoxes.RegionSameValues")
    assert "'RegionSameValues'" in message and "not the grid's boxes" in message


def test_value_indexing_is_an_indexed_value_line() -> None:
    lines = body(iss_to_case(".ValueIndexing~R1C4~R2C4~R2C3~R2C2~R2C1"))
    assert lines == ["sudoku 9x9", "indexed-value r1c4-r2c4-r2c3-r2c2-r2c1"]


def test_rellik_cage() -> None:
    lines = body(iss_to_case(".RellikCage~5~R1C3~R2C3~R2C2"))
    assert lines == ["sudoku 9x9", "rellik-cage r1c3-r2c3-r2c2 total 5"]
    message = refusal(".Shape~16x16.RellikCage~5~R1C3~R2C3")
    assert "'RellikCage'" in message and "written for digits within 0-9" in message


def test_a_raw_grid_has_no_row_or_column_rule(tmp_path: Path) -> None:
    # three open cells of a 2×2 board, each 1 or 2: all 8 fillings
    path = tmp_path / "raw.case"
    path.write_text(iss_to_case(".Shape~2x2~1-2~Raw.~R1C1_1"), encoding="utf-8")
    res = solve_case(str(path), max_solutions=20)
    assert res.status == "multiple" and len(res.solutions) == 8


def test_connected_values_and_raw_grids() -> None:
    lines = body(iss_to_case(".Shape~4x4~0-3~Raw.ConnectedValues~~1_3.ConnectedValues~~0~4"))
    assert lines == ["connected-values-1: connected-values digits [1,3]",
                     "connected-values-2: connected-values digits [0] size 4"]
    front = iss_to_case(".Shape~4x4~0-3~Raw.ConnectedValues~~1").split("---\n")[1]
    assert "board: 4x4\ndigits: 0-3\n" in front  # no latin-square, no boxes
    message = refusal(".ConnectedValues~VL~1")
    assert "'Var'" in message and "the extra cells of group 'VL'" in message
    assert "values 0_1 outside the grid's 1-9" in refusal(".ConnectedValues~~0_1")
    assert "'ConnectedValues'" in refusal(".ConnectedValues~~") and "no values" in refusal(
        ".ConnectedValues~~")


def test_global_kinds() -> None:
    lines = body(iss_to_case(".AntiTaxicab.GlobalEntropy.GlobalMod.DutchFlatmates"))
    assert lines == ["sudoku 9x9", "anti-taxicab", "global-entropy", "global-mod",
                     "dutch-flatmates"]
    message = refusal(".Shape~6x6.GlobalEntropy")
    assert "1-9" in message
    message = refusal(".Shape~9x9~0-8.AntiTaxicab")
    assert "'AntiTaxicab'" in message


def test_lines() -> None:
    lines = body(iss_to_case(".Modular~3~R1C1~R1C2~R1C3.Modular~2~R2C1~R2C2"
                             ".Entropic~R3C1~R3C2.SumLine~10~R4C1~R4C2~R4C3"
                             ".SumLine~7~R5C1~R5C2~R6C2~R6C1~LOOP.DoubleArrow~R7C1~R7C2~R7C3"))
    assert "modular-1: modular r1c1-r1c2-r1c3" in lines
    assert "modular-2: modular r2c1-r2c2 modulus 2" in lines
    assert "entropic-line r3c1-r3c2" in lines
    assert "sum-line-1: sum-line r4c1-r4c2-r4c3" in lines
    assert "sum-line-2: sum-line r5c1-r5c2-r6c2-r6c1 sum 7 loop true" in lines
    assert "double-arrow r7c1-r7c2-r7c3" in lines


def test_counts_and_sets() -> None:
    lines = body(iss_to_case(".LookAndSay~1617~R1C1~R1C2~R1C3.ContainExact~2_5_5~R2C1~R2C2"
                             ".ContainAtLeast~3_3~R3C1~R3C2.SameValues~2~R4C1~R4C2~R5C5~R5C6"
                             ".SameValues~3~R6C1~R6C2~R6C3~R7C1~R7C2~R7C3~R8C1~R8C2~R8C3"))
    assert "digit-counts-1: digit-counts r1c1-r1c2-r1c3 counts [[1,6],[1,7]]" in lines
    assert "digit-counts-2: digit-counts r2c1-r2c2 counts [[1,2],[2,5]]" in lines
    assert "quadruple r3c1-r3c2 digits [3,3]" in lines
    assert "same-values-1: same-values r4c1-r4c2-r5c5-r5c6" in lines
    assert "same-values-2: same-values r6c1-r6c2-r6c3-r7c1-r7c2-r7c3-r8c1-r8c2-r8c3 sets 3" \
        in lines
    chaos = body(iss_to_case(".NoBoxes.ChaosConstruction.SameValues~3~CC1~CC2~CC10"))
    assert "same-region r1c1-r1c2-r2c1" in chaos
    message = refusal(".LookAndSay~161~R1C1~R1C2")
    assert "count-digit pairs" in message


def test_equal_sums_and_region_sum_lines() -> None:
    lines = body(iss_to_case(".EqualSum~R1C1~R1C2~-~R2C1~R2C2~R2C3~-~R3C1"))
    assert "equal-sums r1c1-r1c2-r2c1-r2c2-r2c3-r3c1 cuts [2,5]" in lines
    # the line leaves box 1 after r3c3, and box 5 after r6c6
    lines = body(iss_to_case(".RegionSumLine~R2C2~R3C3~R4C4~R5C5~R6C6~R7C7"))
    assert "equal-sums r2c2-r3c3-r4c4-r5c5-r6c6-r7c7 cuts [2,5]" in lines
    # no boxes: the jigsaw pieces cut it
    layout = "0001111000011122223332223333445556644555664445666"  # Septa's pieces
    lines = body(iss_to_case(f".Shape~7x7.Jigsaw~{layout}.RegionSumLine~R1C3~R1C4~R1C5"))
    assert lines[-1] == "equal-sums r1c3-r1c4-r1c5 cuts [1]"


def test_hidden_skyscraper_and_equality_cage() -> None:
    lines = body(iss_to_case(".HiddenSkyscraper~R8~7~4.EqualityCage~R1C1~R1C2"))
    assert "hidden-skyscraper-1: hidden-skyscraper r8c1-r8c2-r8c3-r8c4-r8c5-r8c6-r8c7-r8c8-r8c9 "\
        "digit 7" in lines
    assert "hidden-skyscraper-2: hidden-skyscraper r8c9-r8c8-r8c7-r8c6-r8c5-r8c4-r8c3-r8c2-r8c1 "\
        "digit 4" in lines
    assert "equality-cage r1c1-r1c2" in lines


@pytest.mark.parametrize("entry", PUZZLES, ids=[e["name"] for e in PUZZLES])
def test_fixture_solves_to_its_answer(tmp_path: Path, entry: dict) -> None:
    assert_solves(tmp_path, entry)


def test_replicate_copies_its_members_to_every_cell_of_the_mask() -> None:
    # mask 'F' = bits 0, 2: cells 1 and 3 of row 1 (offsets 0 and 2 columns)
    lines = body(iss_to_case(".Replicate~F.SameValues~2~R1C1~R3C3.End"))
    assert "same-values-1: same-values r1c1-r3c3" in lines
    assert "same-values-2: same-values r1c3-r3c5" in lines
    # a copy that would leave the grid is dropped; candidates are moved too
    text = iss_to_case(".Shape~4x4.Replicate~__P.~R1C1_1_2.End")  # every cell of 4x4
    assert sum(line.startswith("candidates-") for line in body(text)) == 16
    # '_P': the nine cells of row 1 and r2c1; only the copies from c1 keep the line on the grid
    text = iss_to_case(".Replicate~_P.Thermo~R1C1~R1C9.End")
    assert [line for line in body(text) if "thermo" in line] == [
        "thermo-1: thermo r1c1-r1c9", "thermo-2: thermo r2c1-r2c9"]
    # over a group of extra cells: the mask's bits are the group's cells (anchor VL1)
    text = iss_to_case(".Var~L~x~5.Replicate~F~VL1.~VL1_1.End")
    assert "givens: |" in text and "  -----------------\n  1 . 1 . . . . . ." in text
    message = refusal(".Replicate~F~VQ1.~R1C1_1.End")
    assert "'Replicate'" in message and "the anchor 'VQ1'" in message


def test_count_distinct_and_disjoint_boxes() -> None:
    lines = body(iss_to_case(".CountDistinct~R2C2~R1C1~R1C2"))
    assert "count-distinct r2c2-r1c1-r1c2" in lines
    assert body(iss_to_case(".Shape~6x6~9.RegionSize~9.DisjointSets")) == [
        "latin-square", "boxes 3x3", "disjoint-boxes 3x3"]
    assert body(iss_to_case(".DisjointSets")) == ["sudoku 9x9", "disjoint-sets"]


def test_full_rank_and_its_tie_modes() -> None:
    lines = body(iss_to_case(".Shape~4x4.FullRank~C1~10~3"))
    assert "full-rank-1: full-rank r1c1-r2c1-r3c1-r4c1 rank 10" in lines
    assert "full-rank-2: full-rank r4c1-r3c1-r2c1-r1c1 rank 3" in lines
    lines = body(iss_to_case(".Shape~4x4.FullRank~R2~~5.FullRankTies~any"))
    assert "full-rank r2c4-r2c3-r2c2-r2c1 rank 5 ties true" in lines
    lines = body(iss_to_case(".Shape~4x4.FullRank~R2~~5.FullRankTies~none"))
    assert lines == ["sudoku 4x4", "full-rank-no-ties", "full-rank r2c4-r2c3-r2c2-r2c1 rank 5"]
    message = refusal(".Shape~4x4.FullRank~R2~~5.FullRankTies~some")
    assert "'FullRankTies'" in message and "'some'" in message
    message = refusal(".Shape~4x6.FullRank~R2~~5")
    assert "not square" in message


def test_lockout() -> None:
    lines = body(iss_to_case(".Lockout~4~R1C1~R1C2~R1C3.Lockout~5~R2C1~R2C2~R2C3"))
    assert "lockout-1: lockout r1c1-r1c2-r1c3" in lines
    assert "lockout-2: lockout r2c1-r2c2-r2c3 difference 5" in lines


def test_windoku_on_other_grids() -> None:
    assert body(iss_to_case(".Shape~16x16.Windoku")) == ["sudoku 16x16", "windows 4x4"]
    assert body(iss_to_case(".Windoku")) == ["sudoku 9x9", "windoku"]
