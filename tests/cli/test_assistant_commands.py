"""`sapphire grade`, `minimize`, `suggest` and `generate` on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sapphire.cli import main

KILLER = Path(__file__).resolve().parents[2] / "examples" / "first-killer.case"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_grade_prints_the_summary_then_each_step(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "grade", str(KILLER))
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == "grade: solved at level 0; 21 steps (level 0: 21)"
    assert "4. level 0, line 12 (cage-1): r1c1=2 r1c2=1; r1c1≠1,3,4 r1c2≠3,4" in lines


def test_grade_json_and_svg(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "grade", str(KILLER), "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["solved"] is True and data["level"] == 0
    assert data["steps"][3]["rules"] == [{"line": 12, "id": "cage-1"}]
    picture = tmp_path / "path.svg"
    status, _, _ = run(capsys, "grade", str(KILLER), "--format", "svg", "-o", str(picture))
    svg = picture.read_text(encoding="utf-8")
    assert status == 0 and svg.startswith("<svg") and 'id="step-21"' in svg
    status, _, err = run(capsys, "grade", str(KILLER), "--format", "svg", "-o", str(picture))
    assert status == 1 and "exists" in err


def test_grade_of_a_case_with_no_answer_exits_2(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    case = tmp_path / "none.case"
    case.write_text("---\nlibrary: std\ngivens: |\n  1 1 . .\n  . . . .\n  . . . .\n"
                    "  . . . .\n---\nsudoku 4x4\n", encoding="utf-8")
    status, out, _ = run(capsys, "grade", str(case))
    assert status == 2 and out.startswith("grade: no answer")


def test_a_negative_level_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "grade", str(KILLER), "--max-level", "-1")
    assert status == 1 and "a level is 0 or more" in err


def test_minimize_names_the_redundant_cages_and_writes_the_minimal_case(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_case = tmp_path / "minimal.case"
    status, out, _ = run(capsys, "minimize", str(KILLER), "--format", "json", "-o",
                         str(out_case))
    data = json.loads(out)
    assert status == 0 and data["minimal"] is False and data["proved"] is True
    assert [r["id"] for r in data["redundant"]] == ["cage-4", "cage-5"]
    assert "cage-4" not in out_case.read_text(encoding="utf-8")
    status, out, _ = run(capsys, "solve", str(out_case))
    assert status == 0 and out.startswith("status: unique")


def test_suggest_writes_a_unique_case(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    case = tmp_path / "two.case"
    case.write_text("---\nlibrary: std\ngivens: |\n  . 3 . .\n  . . . 1\n  . . . .\n"
                    "  . . . .\n---\nsudoku 4x4\n", encoding="utf-8")
    out_case = tmp_path / "unique.case"
    status, out, _ = run(capsys, "suggest", str(case), "-o", str(out_case))
    assert status == 0 and out.startswith("add ")
    status, out, _ = run(capsys, "solve", str(out_case))
    assert out.startswith("status: unique")


def test_generate_writes_a_case_that_solves_uniquely(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    out_case = tmp_path / "new.case"
    status, out, _ = run(capsys, "generate", "slitherlink", "--size", "4x4", "--seed", "1",
                         "-o", str(out_case))
    assert status == 0 and "Slitherlink 4x4, seed 1:" in out and "puzz.link/p?slither/" in out
    status, out, _ = run(capsys, "solve", str(out_case))
    assert status == 0 and out.startswith("status: unique")
    status, _, err = run(capsys, "generate", "sudoku", "--size", "nine")
    assert status == 1 and "--size nine" in err
