"""`sapphire check`'s warnings: a case it passes that most likely says something the setter
did not mean. A shading declared by one kind and read by no other rule (`thermometer` for
`thermo`), and cells that do not join as their kind's `adjacent` field says (`-` joins cells
and does not make a range). Each is placed at its line, after which `ok` still stands."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.cli import main

RANGE_NOTE = ("  note: the case-file syntax: '-' joins cells and does not make a range; "
              "r1c1-r1c3 names two cells, not three")


def _check(tmp_path: Path, capsys: pytest.CaptureFixture[str], *lines: str) -> list[str]:
    path = tmp_path / "t.case"
    path.write_text("---\nlibrary: std\n---\n" + "".join(f"{x}\n" for x in lines),
                    encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr()
    assert out.out == "ok\n"
    return [x.replace(str(path), "t.case") for x in out.err.splitlines()]


def test_a_thermometer_beside_a_sudoku_suggests_thermo(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _check(tmp_path, capsys, "sudoku 9x9", "thermometer r9c1-r9c2-r9c3") == [
        "t.case:5:1: warning: 'thermometer' declares the shading, and no other rule of the case "
        "reads it: the answers may differ in it alone",
        "  thermometer r9c1-r9c2-r9c3",
        "  ^^^^^^^^^^^",
        "  hint: did you mean 'thermo'? 'thermometer' is Thermometer (shading); a clue that reads "
        "the shading makes it part of the puzzle"]


@pytest.mark.parametrize("lines", [
    ("sudoku 4x4", "thermo r1c1-r1c2-r1c3"),
    ("board: 4x4",),
])
def test_no_warning_where_nothing_is_amiss(lines: tuple[str, ...], tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    if lines == ("board: 4x4",):  # a shading puzzle: every rule reads the shading
        path = tmp_path / "t.case"
        path.write_text("---\nlibrary: std\nboard: 2x2\n---\nthermometer-1: thermometer "
                        "r1c1-r2c1\nthermometer-2: thermometer r1c2-r2c2\n"
                        "shade-count-1: shade-count r1c1-r1c2 count 1\n"
                        "shade-count-2: shade-count r2c1-r2c2 count 0\n", encoding="utf-8")
        assert main(["check", str(path)]) == 0
        assert capsys.readouterr().err == ""
        return
    assert _check(tmp_path, capsys, *lines) == []


def test_a_yin_yang_read_by_a_condition_is_no_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _check(tmp_path, capsys, "sudoku 4x4", "yin-yang",
                  "cage r1c1-r1c2 total 3 if uniform") == []


def test_a_cage_of_cells_apart_quotes_the_range_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _check(tmp_path, capsys, "sudoku 4x4", "cage r1c1-r1c3 total 6") == [
        "t.case:5:11: warning: r1c3 is apart from the cells before it on this 'cage': the cells "
        "are not one group, each touching another by a side or a corner",
        "  cage r1c1-r1c3 total 6",
        "            ^^^^",
        RANGE_NOTE,
        "  hint: list every cell of the group: r1c1-r1c2-r1c3"]


def test_a_cage_written_in_reading_order_is_one_group(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _check(tmp_path, capsys, "sudoku 4x4", "cage r1c1-r1c2-r2c1-r2c2 total 10") == []


def test_a_thermo_may_step_diagonally_and_not_jump(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _check(tmp_path, capsys, "sudoku 9x9", "thermo r1c1-r2c2-r2c4")
    assert err == [
        "t.case:5:18: warning: r2c4 is not beside or diagonal to r2c2, the cell before it on "
        "this 'thermo'",
        "  thermo r1c1-r2c2-r2c4",
        "                   ^^^^",
        RANGE_NOTE,
        "  hint: to list the cells between them, write r2c2-r2c3-r2c4"]


def test_a_shading_thermometer_steps_by_sides_only(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.case"
    path.write_text("---\nlibrary: std\nboard: 3x3\n---\nthermometer r1c1-r2c2\n"
                    "shade-count r3c1-r3c2 count 1\n", encoding="utf-8")
    assert main(["check", str(path)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].endswith(":5:18: warning: r2c2 is not beside r1c1, the cell before it on "
                           "this 'thermometer'")
    assert err[-1] == "  hint: each cell of a 'thermometer' is beside the one before it"


def test_warnings_wait_for_the_errors(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.case"
    path.write_text("---\nlibrary: std\n---\nsudoku 4x4\ncage r1c1-r1c3 total 6 if unifrom\n",
                    encoding="utf-8")
    assert main(["check", str(path)]) == 1
    assert ": warning:" not in capsys.readouterr().err


def test_a_kind_s_adjacent_field_takes_the_named_values(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "dash.md").write_text(
        "---\nkind: dash\ntitle: Dash\nscope: cells\ncells: path\nadjacent: diagonal\n---\n\n"
        "# Dash\n\nDigits differ.\n\n```sapphire\ndistinct⟨r c⟩∈S: ⦗face r c⦘\n```\n",
        encoding="utf-8")
    path = tmp_path / "t.case"
    path.write_text("---\nlibrary: ./\n---\nsudoku 4x4\ndash r1c1-r1c2\n", encoding="utf-8")
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].endswith("dash.md:6:11: error: 'adjacent' must be one of side, "
                           "side-or-corner, group, not 'diagonal'")
