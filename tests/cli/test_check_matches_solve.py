"""`sapphire check` runs every test `solve` runs before it searches: for each user error a
program or a case can hold, both commands exit 1 with the same diagnostics at the same place,
and a clean `check` is followed by a `solve` that reports none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sapphire.cli import main

PROGRAMS = {
    "divisor-that-can-be-zero": ("x∈{1⋯9}\ny∈{0⋯9}\nx÷y = 2\n", 3, 3,
                                 "the divisor of '÷' can be 0: y∈{0⋯9}"),
    "remainder-by-a-sum-that-can-be-zero": ("x∈{1⋯9}\ny∈{1⋯9}\nx mod (y⨫1) = 1\n", 3, 8,
                                            "the divisor of 'mod' can be 0"),
    "product-past-the-range": ("x∈{0⋯100000}\ny∈{0⋯100000}\nx·y = 12\n", 3, 1,
                               "this product can reach 10,000,000,000"),
    "scalar-without-domain": ("x∈{1⋯9}\nx+z=10\n", 2, 3, "variable 'z' has no domain"),
    "map-point-without-domain": ("∀i∈{0⋯2} ⦗f i⦘∈{0 1}\n⦗f 0⦘+⦗f 3⦘=1\n", 2, 7,
                                 "f(3) has no domain"),
    "variable-range-bound": ("x∈{0⋯3}\n∀i∈{0⋯x} i≥0\n", 2, 7, "range bound must be a constant"),
    "variable-set-condition": ("x∈{0⋯3}\n∀i∈{j | j∈{0⋯3}: x>j} i≥0\n", 2, 18,
                               "condition must not depend on the answer"),
    "too-many-bindings": ("∀i∈{0⋯100000000} ⦗f i⦘∈{0 1}\n", 1, 1, "bindings of quantifiers"),
    "boolean-as-number": ("x∈{0 1}\n(x=1)+1=2\n", 2, 2, "boolean is used as a number"),
    "sum-past-the-solver-range": ("∀i∈{1⋯5} ⦗x i⦘∈{0⋯1000000000}\n"
                                  "(Σi∈{1⋯5}: 1000000000·⦗x i⦘) >= 1\n", 2, 2,
                                  "a sum here can reach 5,000,000,000,000,000,001"),
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def same_errors(capsys: pytest.CaptureFixture[str], path: Path, *extra: str) -> str:
    """Run `check` and `solve` on `path`: both exit 1 with the same stderr, which is returned."""
    checked = run(capsys, "check", str(path), *extra)
    solved = run(capsys, "solve", str(path), *extra)
    assert checked[0] == 1, checked
    assert solved[0] == 1, solved
    assert checked[2] == solved[2]
    return checked[2]


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_check_reports_what_solve_reports_for_a_program(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text, line, col, message = PROGRAMS[name]
    path = tmp_path / f"{name}.sapphire"
    path.write_text(text, encoding="utf-8")
    err = same_errors(capsys, path)
    assert err.startswith(f"{path}:{line}:{col}: error: "), err
    assert message in err.splitlines()[0]


def test_check_reports_what_solve_reports_for_a_library_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A kind whose meaning takes `mod` by a digit less one, which can be 0: the error is in
    its definition."""
    (tmp_path / "lib").mkdir()
    definition = tmp_path / "lib" / "modpair.md"
    definition.write_text(
        "---\nkind: modpair\nscope: cells\ncells: path\n---\n\n# Modpair\n\n```sapphire\n"
        "∀⟨i r c⟩∈P: ⦗face r c⦘ mod (⦗face 1 1⦘⨫1) = 1\n```\n", encoding="utf-8")
    case = tmp_path / "t.case"
    case.write_text("---\nlibrary: lib\nboard: 1x3\n---\nmodpair r1c2-r1c3\n", encoding="utf-8")
    err = same_errors(capsys, case)
    assert err.startswith(f"{definition}:10:29: error: the divisor of 'mod' can be 0"), err
    definition.write_text(definition.read_text(encoding="utf-8").replace("⨫1", "+1"),
                          encoding="utf-8")
    assert run(capsys, "check", str(case)) == (0, "ok\n", "")


@pytest.mark.parametrize("backend", ["auto", "sat", "cpsat"])
def test_products_and_divisions_of_variables_check_clean_and_solve(
        backend: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.sapphire"
    path.write_text("x∈{1⋯9}\ny∈{1⋯9}\nx·y = 12\nx mod y = 0\nx÷y = 3\n", encoding="utf-8")
    assert run(capsys, "check", str(path)) == (0, "ok\n", "")
    code, out, _ = run(capsys, "solve", str(path), "--format", "json", "--backend", backend)
    assert code == 0 and json.loads(out)["solutions"] == [{"values": {"x": 6, "y": 2}}]


def test_check_reports_a_bad_pattern_that_only_grounding_reads(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "loose.md").write_text(
        "---\nkind: loose\nscope: cells\ncells: path\nparameters:\n  pattern:\n"
        "    type: json\n    required: true\n---\n\n# Loose\n\n```sapphire\n"
        "accepted(pattern)⟨i r c⟩∈P: ⦗face r c⦘\n```\n", encoding="utf-8")
    case = tmp_path / "t.case"
    case.write_text(f"---\nlibrary: {tmp_path}\nboard: 1x3\n---\n"
                    'loose r1c1-r1c2 pattern "(12"\n', encoding="utf-8")
    err = same_errors(capsys, case)
    assert "cannot read the regular expression '(12'" in err


@pytest.mark.parametrize(("data", "message"), [
    ({"k": 2, "extra": 1}, "the program reads no 'extra'"),
    ({"k": 2, "f": [1, 0, 1, 1]}, "'f' at [3]"),
])
def test_check_reads_the_data_as_solve_does(
        data: dict, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The data's own errors, one found before grounding and one only grounding finds (a
    point the program never reads)."""
    program = tmp_path / "p.sapphire"
    program.write_text("∀i∈{0⋯k} ⦗f i⦘∈{0 1}\n", encoding="utf-8")
    path = tmp_path / "d.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    err = same_errors(capsys, program, "--data", str(path))
    assert err.startswith(f"{path}:1:"), err
    assert message in err


def test_check_reports_a_conditional_distinct_too_large_to_lower(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The CP-SAT lowering writes a distinct under a condition pair by pair, within a budget:
    `check` lowers the model (without solving it) when the pairs may pass it."""
    program = tmp_path / "p.sapphire"
    program.write_text("∀i∈{1⋯n} ⦗x i⦘∈{1⋯n}\np∈{0 1}\np=1 ⇒ distinct i∈{1⋯n}: ⦗x i⦘\n",
                       encoding="utf-8")
    data = tmp_path / "d.json"
    data.write_text('{"n": 2000}', encoding="utf-8")
    err = same_errors(capsys, program, "--data", str(data))
    assert err.startswith(f"{program}:3:1: error: a distinct here under a condition or negated "
                          "is 1,999,000 pairs"), err
    data.write_text('{"n": 30}', encoding="utf-8")
    assert run(capsys, "check", str(program), "--data", str(data)) == (0, "ok\n", "")


def test_a_clean_check_then_a_clean_solve(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.sapphire"
    path.write_text("x∈{1⋯9}\ny∈{1⋯9}\nx+y=17\nx>y\n", encoding="utf-8")
    assert run(capsys, "check", str(path)) == (0, "ok\n", "")
    code, out, _ = run(capsys, "solve", str(path), "--format", "json")
    assert code == 0 and json.loads(out)["solutions"] == [{"values": {"x": 9, "y": 8}}]


def test_a_program_that_needs_its_data_is_grounded_with_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without data, a name read where only a constant will do is the data's to give: `check`
    says so and stops before grounding; with the data, it grounds and finds the error."""
    program = tmp_path / "p.sapphire"
    program.write_text("∀i∈{0⋯k} ⦗f i⦘∈{0 1}\n⦗f 0⦘+z=1\n", encoding="utf-8")
    code, out, err = run(capsys, "check", str(program))
    assert (code, out) == (0, "ok\n")
    assert err.startswith("note: grounding") and "--data" in err
    data = tmp_path / "d.json"
    data.write_text('{"k": 3}', encoding="utf-8")
    err = same_errors(capsys, program, "--data", str(data))
    assert err.startswith(f"{program}:2:7: error: variable 'z' has no domain"), err


def test_check_stops_grounding_at_its_time_limit(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.sapphire"
    path.write_text("∀i∈{0⋯3000000} ⦗f i⦘∈{0 1}\n", encoding="utf-8")
    code, out, err = run(capsys, "check", str(path), "--time-limit", "0.001")
    assert (code, out) == (0, "ok\n")
    assert err.startswith("note: grounding stopped at the time limit")


def test_data_goes_with_a_program_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = tmp_path / "t.case"
    case.write_text("---\nlibrary: std\n---\nsudoku 4x4\n", encoding="utf-8")
    code, _, err = run(capsys, "check", str(case), "--data", str(tmp_path / "d.json"))
    assert code == 1 and "--data goes with a .sapphire program" in err
