"""The public API (`sapphire.load`, `sapphire.import_puzzle`, `Puzzle.solve/why/check`): the
same answers, JSON and explanations as the command line, which prints the API's objects."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import sapphire
from sapphire.cli import main
from sapphire.diagnostics import SapphireError

ROOT = Path(__file__).resolve().parents[1]
KILLER = ROOT / "examples" / "cases" / "killer-sudoku.case"
CLASH = ("---\nlibrary: std\ngivens: |\n  1 1 . .\n  . . . .\n  . . . .\n  . . . .\n---\n"
         "sudoku 4x4\n")


def _cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    main(["solve", *argv, "--format", "json"])
    return json.loads(capsys.readouterr().out)


def _timeless(out: dict) -> dict:
    return {k: v for k, v in out.items() if k not in ("seconds", "timings")}


def test_a_case_from_a_path_or_its_text_solves_as_the_command_line_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    from_path = sapphire.load(KILLER).solve()
    from_text = sapphire.load(KILLER.read_text(encoding="utf-8")).solve()
    assert (from_path.status, from_path.count, from_path.complete) == ("unique", 1, True)
    assert from_text.solutions == from_path.solutions
    assert from_path.backend in ("sat", "cpsat") and from_path.seconds > 0
    cli = _cli_json(capsys, str(KILLER))
    assert _timeless(from_path.to_json()) == _timeless(cli)
    assert set(from_path.to_json()) == set(cli)


def test_counting_and_a_limit_say_the_count_is_incomplete(
        capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = sapphire.load("---\nlibrary: std\nboard: 4x4\n---\nlatin-square\n")
    shown = puzzle.solve(max_solutions=1)
    assert (shown.status, shown.count, shown.complete, shown.stopped) == (
        "multiple", 1, False, "limit")
    counted = puzzle.solve(max_solutions=1, count=1000)
    assert (counted.count, counted.complete, len(counted.solutions)) == (576, True, 1)
    assert "stopped" not in counted.to_json() and shown.to_json()["stopped"] == "limit"


def test_import_puzzle_takes_any_case_of_a_format_name() -> None:
    puzzle = sapphire.import_puzzle("ISS", ".~R1C1_5.~R1C2_3.AntiKing")
    assert puzzle.text.startswith("---\n") and "anti-king" in puzzle.text
    first = puzzle.solve(max_solutions=1).solutions[0]
    assert first["digits"][0][:2] == [5, 3]
    with pytest.raises(SapphireError) as e:
        sapphire.import_puzzle("puzzlekit:Sudok", "4 4\n")
    assert "did you mean 'puzzlekit:Sudoku'?" in str(e.value)


def test_why_is_the_command_lines_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    why = sapphire.load(CLASH).why()
    assert why is not None
    assert why.to_json() == {
        "conflict": [], "givens": [{"cell": "r1c1", "digit": 1}, {"cell": "r1c2", "digit": 1}],
        "frame": [{"line": 9, "text": "sudoku 4x4"}], "minimal": True,
        "fixes": [{"cell": "r1c1", "digit": 1}, {"cell": "r1c2", "digit": 1}]}
    path = tmp_path / "clash.case"
    path.write_text(CLASH, encoding="utf-8")
    assert _cli_json(capsys, str(path), "--why")["why"] == why.to_json()
    several = sapphire.load("---\nlibrary: std\nboard: 2x2\n---\nlatin-square\n").why()
    assert several is not None and several.to_json() == {"differ": ["r1c1", "r1c2", "r2c1",
                                                                    "r2c2"]}
    assert sapphire.load(KILLER).why() is None


def test_check_lists_every_problem_and_nothing_for_a_good_case() -> None:
    assert sapphire.load(KILLER).check() == []
    problems = sapphire.load("---\nlibrary: std\n---\nsudoku 4x4\nfoo\ncage r1c1 sum\n").check()
    assert [(d.kind, d.span.line if d.span else 0) for d in problems] == [
        ("missing-definition", 5), ("missing-value", 6)]
    assert all(str(d.span).startswith("<case>:") for d in problems)


def test_a_solve_result_draws_itself_for_jupyter() -> None:
    picture = sapphire.load(KILLER).solve()._repr_svg_()
    assert picture is not None and picture.startswith("<svg")
    assert picture == subprocess.run(
        [sys.executable, "-c", "import sys; from sapphire.cli import main; "
         f"sys.exit(main(['solve', {str(KILLER)!r}, '--format', 'svg']))"],
        capture_output=True, text=True, check=True).stdout
    assert sapphire.load(CLASH).solve()._repr_svg_() is None


def test_importing_sapphire_loads_no_solver() -> None:
    run = subprocess.run([sys.executable, "-c", "import sys, sapphire; sapphire.load; "
                          "print(sorted(m for m in sys.modules if m.startswith('sapphire')))"],
                         capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "['sapphire', 'sapphire.api', 'sapphire.version']"


def cli_output(*args: str) -> tuple[int, str]:
    run = subprocess.run([sys.executable, "-c", "import sys; from sapphire.cli import main; "
                          f"sys.exit(main({list(args)!r}))"], capture_output=True, text=True)
    return run.returncode, run.stdout


def test_candidates_are_what_solve_candidates_prints() -> None:
    few = ("---\nlibrary: std\ngivens: |\n  1 . . .\n  . . 3 .\n  . . . .\n  . . . .\n---\n"
           "sudoku 4x4\n")
    found = sapphire.load(few).candidates()
    assert found.complete and found.candidates["digits"][0] == [[1], [3], [2, 4], [2, 4]]
    assert found.to_json()["decided"] == {"digits": 4}
    code, out = cli_output("solve", str(KILLER), "--candidates", "--format", "json")
    mine = sapphire.load(KILLER).candidates().to_json()
    theirs = json.loads(out)
    assert code == 0
    for got in (mine, theirs):
        got.pop("seconds"), got.pop("timings")
    assert mine == theirs


def test_verify_says_what_sapphire_verify_says(tmp_path: Path) -> None:
    puzzle = sapphire.load(KILLER)
    answer = puzzle.solve().solutions[0]
    good = json.dumps(answer)
    assert puzzle.verify(good).valid and puzzle.verify(good).broken == []
    wrong = json.loads(good)
    first = wrong["digits"][0]
    first[0], first[1] = first[1], first[0]
    verdict = puzzle.verify(json.dumps(wrong))
    (tmp_path / "a.json").write_text(json.dumps(wrong), encoding="utf-8")
    code, out = cli_output("verify", str(KILLER), str(tmp_path / "a.json"), "--format", "json")
    assert (code, verdict.valid) == (2, False)
    assert verdict.to_json() == json.loads(out)


def test_a_puzzle_draws_as_sapphire_draw_draws_it() -> None:
    code, out = cli_output("draw", str(KILLER))
    assert code == 0 and sapphire.load(KILLER).draw() == out
    assert sapphire.load(KILLER)._repr_svg_() == out
