"""`sapphire solve` on programs: the JSON contract, text output and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from seed_fixtures import SEED

from sapphire.cli import main

EXAMPLE = Path(__file__).parents[2] / "examples" / "slitherlink" / "puzzle-5x5.json"


def test_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["solve", str(SEED), "--data", str(EXAMPLE), "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["status"] == "unique" and out["count"] == 1
    assert isinstance(out["seconds"], float)
    values = out["solutions"][0]["values"]
    assert set(values) >= {"vrt", "hrz", "in?", "id", "flo", "x0", "y0", "pim"}
    assert values["x0"] == 0 and values["y0"] == 0
    assert [0, 0, 1] in values["vrt"]  # maps as [index..., value] rows


def test_text_draws_the_loop(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(SEED), "--data", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("status: unique")
    assert "+───+───+───+───+───+" in out


def test_data_of_another_shape_than_the_program_reads_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A clue row that is a number, where the program reads `pim` with two indices."""
    data = tmp_path / "d.json"
    data.write_text('{"n": 2, "m": 2,\n "pim": [5, [null, 3]]}', encoding="utf-8")
    assert main(["solve", str(SEED), "--data", str(data)]) == 1
    assert capsys.readouterr().err.startswith(
        f"{data}:2:2: error: 'pim' is read with 2 indices in the program, and the data nests a "
        "point 1 deep\n")


def test_the_drawing_takes_clue_rows_of_any_shape() -> None:
    """A clue row that is not a list, or a clue that is no digit, is drawn blank."""
    from sapphire.render.text import _clue

    clues = [5, [None, 3, 12, True]]
    assert [_clue(clues, 0, 0), _clue(clues, 1, 0), _clue(clues, 1, 1)] == [" ", " ", "3"]
    assert [_clue(clues, 1, 2), _clue(clues, 1, 3), _clue(clues, 2, 0)] == [" ", " ", " "]


@pytest.mark.parametrize(("data", "where", "message"), [
    ('{"n": 2, "m": 2, "pim": 3}', "1:18", "'pim' is a map of 2 indices in the program, and the "
     "data gives it one number"),
    ('{"n": 2, "m": 2, "pim": [[[1]]]}', "1:18", "'pim' is read with 2 indices in the program, "
     "and the data nests a point 3 deep"),
    ('{"n": 2,\n  "m": 2, "pin": [[1]]}', "2:11", "the program reads no 'pin'"),
    ('{"n": "5", "m": 5}', "1:2", "'n' is '5': expected a number or nested lists"),
    ('{"n": 2, "m": 2, "pim": [[2, null, 3], [null, 1]]}', "1:36", "'pim' at [0, 2] is 3, and "
     "the program never reads that point"),
])
def test_data_errors_point_into_the_data_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              data: str, where: str, message: str) -> None:
    path = tmp_path / "d.json"
    path.write_text(data, encoding="utf-8")
    assert main(["solve", str(SEED), "--data", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:{where}: error: {message}\n")
    assert "did you mean 'pim'?" in err or "pin" not in data


def test_no_solution_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prog = tmp_path / "p.sapphire"
    prog.write_text("x∈{0⋯3}\nx>3\n", encoding="utf-8")
    assert main(["solve", str(prog), "--format", "json"]) == 2
    assert json.loads(capsys.readouterr().out)["status"] == "none"


def test_multiple_and_max_solutions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prog = tmp_path / "p.sapphire"
    prog.write_text("x∈{0⋯3}\n", encoding="utf-8")
    assert main(["solve", str(prog), "--format", "json", "--max-solutions", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["status"] == "multiple" and out["count"] == 3
    xs = [s["values"]["x"] for s in out["solutions"]]
    assert len(set(xs)) == 3 and set(xs) <= {0, 1, 2, 3}


def test_workers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prog = tmp_path / "p.sapphire"
    prog.write_text("x∈{0⋯3}\nx>2\n", encoding="utf-8")
    assert main(["solve", str(prog), "--format", "json", "--workers", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "unique"
    assert main(["solve", str(prog), "--workers", "0"]) == 1
    assert "--workers must be at least 1" in capsys.readouterr().err


@pytest.mark.parametrize("limit", ["0", "-1", "nan"])
def test_a_time_limit_must_be_positive(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       limit: str) -> None:
    prog = tmp_path / "p.sapphire"
    prog.write_text("x∈{0⋯3}\nx>2\n", encoding="utf-8")
    assert main(["solve", str(prog), "--time-limit", limit]) == 1
    assert "--time-limit must be more than 0 seconds" in capsys.readouterr().err
    assert main(["solve", str(prog), "--time-limit", "0.5"]) == 0


def test_time_limit_exits_3(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a pigeonhole instance CP-SAT cannot refute in a millisecond
    n = 12
    prog = tmp_path / "p.sapphire"
    prog.write_text(f"∀k∈{{0⋯{n}}} ⦗p k⦘∈{{0⋯{n - 1}}}\ndistinct k∈{{0⋯{n}}}: ⦗p k⦘\n",
                    encoding="utf-8")
    code = main(["solve", str(prog), "--format", "json", "--time-limit", "0.001"])
    out = json.loads(capsys.readouterr().out)
    assert (code, out["status"]) in ((3, "unknown"), (2, "none"))


def test_bad_program_exits_1_with_position(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    prog = tmp_path / "bad.sapphire"
    prog.write_text("x∈{0⋯3}\n⦗f x = 1\n", encoding="utf-8")
    assert main(["solve", str(prog)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{prog}:2:1: error: '⦗' is never closed")
    assert "^" in err and "hint:" in err


def test_bad_data_json_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "d.json"
    data.write_text('{"n": 5,,}', encoding="utf-8")
    assert main(["solve", str(SEED), "--data", str(data)]) == 1
    assert f"{data}:1:9: error: invalid JSON" in capsys.readouterr().err


def test_check_reports_syntax_and_library_errors_together(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = tmp_path / "bad.case"
    case.write_text("---\nlibrary: std\n---\nsudoku 9x9\ncage r1c1-r1c2 totl 17\n"
                    "renbam r1c5-r1c6\nc1: cage r10c1 total 3\n", encoding="utf-8")
    assert main(["check", str(case)]) == 1
    err = capsys.readouterr().err
    where = [line.split(": error")[0].split(":", 1)[1] for line in err.splitlines()
             if ": error: " in line]
    # a syntax-stage error (line 5, repeated kind), library errors (5:16, 6:1), off-board (7)
    assert where == ["5:1", "5:16", "6:1", "7:10"]
    assert "did you mean 'total'?" in err and "did you mean 'renban'?" in err


def test_slitherlink_case_solves(capsys: pytest.CaptureFixture[str]) -> None:
    case = Path(__file__).parents[2] / "examples" / "cases" / "slitherlink-4x4.case"
    assert main(["solve", str(case), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["status"] == "unique"
    vrt = out["solutions"][0]["values"]["vrt"]
    assert [1, 0, 1] in vrt and [4, 2, 1] in vrt


def test_program_that_is_not_utf8_is_an_error(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    prog = tmp_path / "latin1.sapphire"
    prog.write_bytes("x∈{0 1}\n".encode() + b"\xff\n")
    assert main(["solve", str(prog)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{prog}:2:1: error: cannot read") and "hint: save" in err  # the bad byte


def test_seconds_leave_out_loading_the_solver(tmp_path: Path) -> None:
    """In a fresh process the solver's import (CP-SAT's is about a second) is `timings.load`,
    not part of `seconds`, which a 4×4 latin square keeps far below it."""
    case = tmp_path / "small.case"
    case.write_text("---\nlibrary: std\nboard: 4x4\n---\nlatin-square\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-c", "import sys; from sapphire.cli import main; "
         f"sys.exit(main(['solve', {str(case)!r}, '--format', 'json', '--backend', 'cpsat']))"],
        capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    timings = out["timings"]
    stages = sum(v for k, v in timings.items() if k not in ("load", "enumerate", "solve1"))
    assert timings["load"] > 0.1
    assert out["seconds"] < stages + 0.05


# -- the command line's contracts (docs/cli.md): exit statuses, files, answers -------------


@pytest.mark.parametrize("argv", [
    ["solve", "x.sapphire", "--max-solutions", "abc"], ["solve", "x.sapphire", "--format", "xml"],
    ["solve", "x.sapphire", "--backend", "foo"], ["solve", "x.sapphire", "--frobnicate"],
    ["solve"], ["launch"]])
def test_a_command_line_argparse_refuses_is_bad_input(argv: list[str],
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 1, as for any bad input: argparse's own 2 would read as "no solution"."""
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("usage: sapphire") and "error: " in err


def test_help_still_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["solve", "--help"])
    assert info.value.code == 0 and "--time-limit" in capsys.readouterr().out


def test_an_answer_found_before_the_time_limit_is_solved() -> None:
    """Exit 3 is "time limit reached without an answer"; with one, the puzzle is solved, though
    not shown unique: 0, and the status stays `unknown`."""
    from sapphire.cli.solve import exit_status
    from sapphire.pipeline import Solved

    def result(status: str, answers: int) -> Solved:
        return Solved(status, [{}] * answers, 0.1, {}, None)

    assert [exit_status(result(*r)) for r in [("unknown", 1), ("unknown", 0), ("unique", 1),
                                              ("multiple", 2), ("none", 0)]] == [0, 3, 0, 0, 2]


def test_data_goes_with_a_program_only(capsys: pytest.CaptureFixture[str]) -> None:
    case = Path(__file__).parents[2] / "examples" / "cases" / "killer-sudoku.case"
    assert main(["solve", str(case), "--data", "missing.json"]) == 1
    assert "--data goes with a .sapphire program" in capsys.readouterr().err


def test_a_program_is_known_by_its_suffix_in_any_case(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    prog = tmp_path / "P.SAPPHIRE"
    prog.write_text("x∈{0⋯3}\nx>2\n", encoding="utf-8")
    assert main(["solve", str(prog), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["solutions"] == [{"values": {"x": 3}}]


def test_check_reads_a_program_and_fmt_refuses_one(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(SEED)]) == 0
    assert capsys.readouterr().out == "ok\n"
    bad = tmp_path / "bad.sapphire"
    bad.write_text("x∈{0 1}\n∀a: x\n", encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    assert capsys.readouterr().err.startswith(f"{bad}:2:3: error: expected '∈'")
    assert main(["fmt", str(bad)]) == 1
    assert "fmt writes case files" in capsys.readouterr().err


def test_a_byte_order_mark_starts_a_program_or_data_unseen(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prog, data = tmp_path / "p.sapphire", tmp_path / "d.json"
    prog.write_bytes("\ufeffx∈{0⋯k}\nx>1\n".encode())
    data.write_bytes('\ufeff{"k": 2}'.encode())
    assert main(["solve", str(prog), "--data", str(data), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["solutions"] == [{"values": {"x": 2}}]


@pytest.mark.parametrize(("joiner", "terms"), [("+", 400), ("∧", 2000)])
def test_a_long_chain_on_one_line_solves(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        joiner: str, terms: int) -> None:
    """A formula is as deep as its chain is long; the command's stack holds thousands."""
    prog = tmp_path / "p.sapphire"
    if joiner == "+":
        body = "+".join(f"⦗c {i}⦘" for i in range(terms)) + "=1"
    else:
        body = "∧".join(f"⦗c {i}⦘=0" for i in range(terms))
    prog.write_text(f"∀i∈{{0⋯{terms - 1}}} ⦗c i⦘∈{{0 1}}\n{body}\n", encoding="utf-8")
    code = main(["solve", str(prog), "--format", "json", "--max-solutions", "1"])
    assert code == 0 and json.loads(capsys.readouterr().out)["count"] == 1


def test_an_unexpected_exception_is_an_internal_error(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 70 and a request for a report, not the status of bad input."""
    import sapphire.cli.case_commands as commands

    def broken(args: object) -> int:
        raise ValueError("boom")

    monkeypatch.setattr(commands, "run_check", broken)
    assert main(["check", "x.case"]) == 70
    err = capsys.readouterr().err
    assert err.startswith("internal error: ValueError: boom\nThis is a bug in Sapphire")


def test_a_case_answer_always_holds_digits(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/formats.md: an answer holds `digits`, null where a cell has none (a Slitherlink)."""
    case = Path(__file__).parents[2] / "examples" / "cases" / "slitherlink-4x4.case"
    assert main(["solve", str(case), "--format", "json"]) == 0
    answer = json.loads(capsys.readouterr().out)["solutions"][0]
    assert answer["digits"] == [[None] * 4] * 4


def test_a_slitherlink_case_is_drawn_with_its_clues(capsys: pytest.CaptureFixture[str]) -> None:
    case = Path(__file__).parents[2] / "examples" / "cases" / "slitherlink-4x4.case"
    assert main(["solve", str(case)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[3] == "        0          " and out[7] == "  │ 2 │   │ 3 │    "
    assert "  . . . ." not in out  # no empty grid of digits


def test_input_deeper_than_the_stack_is_bad_input(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A RecursionError means the input nests past the deep stack: exit 1 with a hint."""
    import sapphire.cli.case_commands as commands

    def deep(args: object) -> int:
        raise RecursionError

    monkeypatch.setattr(commands, "run_check", deep)
    assert main(["check", "x.case"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: the input nests too deeply") and "hint: split it" in err


def test_a_platform_without_the_deep_stack_runs_on_its_own(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import threading

    def refuse(size: int = 0) -> int:
        raise ValueError("size not valid")

    monkeypatch.setattr(threading, "stack_size", refuse)
    assert main(["check", str(SEED)]) == 0
    assert capsys.readouterr().out == "ok\n"
