"""`sapphire solve CASE --candidates`: every value some answer gives each cell, as text and
JSON, with whether the search was complete; usage errors for what it cannot go with."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sapphire.cli import main

ROOT = Path(__file__).resolve().parents[2]

FEW_GIVENS = """---
library: std
givens: |
  1 . . .
  . . 3 .
  . . . .
  . . . .
---
sudoku 4x4
"""


def run(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str], *args: str
        ) -> tuple[int, str, str]:
    path = tmp_path / "p.case"
    path.write_text(text, encoding="utf-8")
    code = main(["solve", str(path), "--candidates", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_text_shows_each_cells_candidates(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(tmp_path, FEW_GIVENS, capsys)
    lines = out.splitlines()
    assert code == 0
    assert lines[0].startswith("status: multiple — more than one solution; candidates "
                               "complete, from ")
    assert lines[1:] == [
        "digits (4 of 16 decided):",
        "  1     3     {24}  {24}",
        "  {24}  {24}  3     1",
        "  {234} {124} {124} {234}",
        "  {234} {124} {124} {234}",
    ]


def test_json_lists_candidates_and_what_is_decided(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(tmp_path, FEW_GIVENS, capsys, "--format", "json")
    got = json.loads(out)
    assert code == 0
    assert (got["status"], got["complete"], got["decided"]) == ("multiple", True, {"digits": 4})
    assert "stopped" not in got
    assert got["candidates"]["digits"][0] == [[1], [3], [2, 4], [2, 4]]
    assert got["candidates"]["digits"][2] == [[2, 3, 4], [1, 2, 4], [1, 2, 4], [2, 3, 4]]
    assert 2 <= got["solutions_seen"] <= 12


def test_shading_candidates_show_as_question_marks(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    text = "---\nlibrary: std\nboard: 3x3\nshading: |\n  1 . .\n  . . .\n  . . 0\n---\nyin-yang\n"
    code, out, _ = run(tmp_path, text, capsys)
    assert code == 0
    assert out.splitlines()[1:] == ["shading (2 of 9 decided):", "  # ? ?", "  ? ? ?", "  ? ? ."]
    _, out, _ = run(tmp_path, text, capsys, "--format", "json")
    got = json.loads(out)
    assert got["candidates"]["shading"][0] == [[1], [0, 1], [0, 1]]
    assert got["candidates"]["digits"] == [[None] * 3] * 3  # no rule reads digits


@pytest.mark.parametrize("name", ["classic-sudoku", "killer-sudoku", "yin-yang-sudoku"])
def test_a_unique_example_has_one_candidate_per_cell(name: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["solve", str(ROOT / "examples" / "cases" / f"{name}.case"), "--candidates",
                 "--format", "json"])
    got = json.loads(capsys.readouterr().out)
    assert code == 0
    assert (got["status"], got["complete"], got["solutions_seen"]) == ("unique", True, 1)
    golden = json.loads((ROOT / "tests" / "examples" / "golden" / f"{name}.json").read_text())
    answer = golden["solutions"][0]
    for key in ("digits", "shading"):
        if key in answer:
            assert got["candidates"][key] == [[[x] for x in row] for row in answer[key]]
            assert got["decided"][key] == sum(len(row) for row in answer[key])


def test_no_answer_is_exit_2_with_empty_candidates(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    text = FEW_GIVENS.replace("  1 . . .", "  1 1 . .")
    code, out, _ = run(tmp_path, text, capsys, "--format", "json")
    got = json.loads(out)
    assert code == 2
    assert (got["status"], got["complete"], got["solutions_seen"]) == ("none", True, 0)
    assert got["candidates"]["digits"][1] == [[], [], [3], []]


def test_the_time_limit_makes_candidates_incomplete(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    text = "---\nlibrary: std\n---\nsudoku 9x9\n"
    code, out, _ = run(tmp_path, text, capsys, "--format", "json", "--time-limit", "0.001")
    got = json.loads(out)
    assert code == 3
    assert (got["status"], got["complete"], got["stopped"]) == ("unknown", False, "time")
    code, out, _ = run(tmp_path, text, capsys, "--time-limit", "0.001")
    assert "candidates incomplete (the time limit stopped the search)" in out.splitlines()[0]


def test_the_picture_draws_candidates_small_in_their_cells(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import xml.etree.ElementTree as ET

    from sapphire.render.svg import CELL

    code, out, _ = run(tmp_path, FEW_GIVENS, capsys, "--format", "svg")
    assert code == 0
    small: dict[tuple[int, int], list[str]] = {}
    for e in ET.fromstring(out).iter():
        if e.get("class") == "candidate":
            cell = (int(float(e.get("y")) // CELL) + 1, int(float(e.get("x")) // CELL) + 1)
            small.setdefault(cell, []).append(e.text or "")
    assert sorted(small[(1, 3)]) == ["2", "4"] and sorted(small[(3, 1)]) == ["2", "3", "4"]
    assert (1, 1) not in small and len(small) == 12  # four cells are decided


@pytest.mark.parametrize("args,message", [
    (("--count",), "--candidates and --count ask different questions"),
    (("--why",), "--why does not explain candidates"),
])
def test_what_candidates_cannot_go_with_is_a_usage_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
        message: str) -> None:
    code, out, err = run(tmp_path, FEW_GIVENS, capsys, *args)
    assert (code, out) == (1, "")
    assert message in err


def test_a_program_has_no_candidates(capsys: pytest.CaptureFixture[str]) -> None:
    seed = ROOT / "examples" / "slitherlink"
    code = main(["solve", str(seed / "slitherlink-rules.sapphire"), "--data",
                 str(seed / "puzzle-5x5.json"), "--candidates"])
    assert code == 1
    assert "--candidates reads case files, not .sapphire programs" in capsys.readouterr().err
