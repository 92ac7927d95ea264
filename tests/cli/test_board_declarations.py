"""A line declares the board when its kind's Markdown says so (`declares: [board]`): the case
reader leaves those checks to the library, and `check` and `solve` report them as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.cli import main

GIVENS = "givens: |\n" + "".join("  " + " ".join(row) + "\n" for row in (
    ["7", ".", ".", ".", ".", "."], *[["."] * 6] * 5))


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, text: str
        ) -> tuple[int, str]:
    path = tmp_path / "t.case"
    path.write_text(text, encoding="utf-8")
    code = main([command, str(path)])
    return code, capsys.readouterr().err.replace(str(path), "t.case")


def test_a_board_conflict_is_reported_by_check_and_solve(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "---\nlibrary: std\nboard: 9x9\n---\nsudoku 6x6\n"
    code, err = run(tmp_path, capsys, "check", text)
    assert code == 1
    assert [ln for ln in err.splitlines() if "error" in ln] == [
        "t.case:5:1: error: 'sudoku 6x6' declares a 6×6 board, but the front matter ('board') "
        "made it 9×9",
        "t.case:5:8: error: 'sudoku 6x6' disagrees with the board 9×9 declared by the front "
        "matter's 'board'"]
    code, err = run(tmp_path, capsys, "solve", text)
    assert code == 1 and [ln for ln in err.splitlines() if "error" in ln] == [
        "t.case:5:8: error: 'sudoku 6x6' disagrees with the board 9×9 declared by the front "
        "matter's 'board'"]


@pytest.mark.parametrize("command", ["check", "solve"])
def test_a_declared_board_limits_the_given_digits(
        command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run(tmp_path, capsys, command, f"---\nlibrary: std\n{GIVENS}---\nsudoku 6x6\n")
    assert code == 1 and err.startswith("t.case:4:3: error: '7' is not a symbol of the givens")
    assert "digits 1-6" in err


def test_extra_cells_stand_below_a_declared_board(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "---\nlibrary: std\nextra-cells: 2\n---\nsudoku 4x4\ncage r5c1-r5c2 total 3\n"
    assert run(tmp_path, capsys, "check", text)[0] == 0
    code, err = run(tmp_path, capsys, "check", text.replace("sudoku 4x4", "boxes 2x2"))
    assert code == 1 and "extra cells stand below the board" in err
