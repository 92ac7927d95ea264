"""`sapphire verify CASE ANSWER`: the independent evaluator's verdict on an answer, each broken
rule line named with its cells; exit 0 valid, 2 broken, 1 bad input with its position."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from sapphire.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "examples" / "cases"
GOLDEN = ROOT / "tests" / "examples" / "golden"
KILLER = CASES / "killer-sudoku.case"
KILLER_ANSWER = ["4 3 6 1 5 2", "2 5 1 6 3 4", "5 6 2 4 1 3", "3 1 4 2 6 5", "6 4 5 3 2 1",
                 "1 2 3 5 4 6"]


def verify(case: Path, answer: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
           *args: str) -> tuple[int, str, str]:
    path = tmp_path / "answer.txt"
    path.write_text(answer, encoding="utf-8")
    code = main(["verify", str(case), str(path), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def unique_examples() -> list[str]:
    return sorted(p.stem for p in CASES.glob("*.case")
                  if json.loads((GOLDEN / f"{p.stem}.json").read_text())["status"] == "unique")


@pytest.mark.parametrize("name", unique_examples())
def test_every_examples_recorded_answer_verifies(name: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    golden = (GOLDEN / f"{name}.json").read_text()
    code, out, err = verify(CASES / f"{name}.case", golden, tmp_path, capsys)
    assert (code, err) == (0, "")
    assert out.startswith("valid: the answer satisfies every rule line")
    code, out, _ = verify(CASES / f"{name}.case", golden, tmp_path, capsys, "--format", "json")
    assert code == 0 and json.loads(out)["valid"] is True and json.loads(out)["broken"] == []


@pytest.mark.parametrize("name", ["killer-sudoku", "yin-yang-sudoku", "negate-all"])
def test_solves_text_output_verifies_as_it_is(name: str, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(CASES / f"{name}.case")]) == 0
    printed = capsys.readouterr().out
    code, out, _ = verify(CASES / f"{name}.case", printed, tmp_path, capsys)
    assert code == 0 and out.startswith("valid")


@pytest.mark.parametrize("name", ["classic-sudoku", "slitherlink-4x4", "yin-yang-sudoku"])
def test_solves_json_round_trips_through_standard_input(
        name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["solve", str(CASES / f"{name}.case"), "--format", "json"]) == 0
    printed = capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO(printed))
    assert main(["verify", str(CASES / f"{name}.case"), "-"]) == 0
    assert capsys.readouterr().out.startswith("valid")


def test_one_wrong_digit_names_the_rule_lines_and_cells(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wrong = [*KILLER_ANSWER]
    wrong[0] = "4 3 5 1 5 2"  # r1c3: 6 → 5, which row 1 and column 3 already hold
    code, out, err = verify(KILLER, "\n".join(wrong) + "\n", tmp_path, capsys)
    assert (code, err) == (2, "")
    assert out.splitlines() == [
        "broken: the answer breaks 2 rule lines",
        "  line 13: sudoku 6x6",
        "    cells r1c3 r1c5 — each holds 5",
        "    cells r1c3 r5c3 — each holds 5",
        "    cells r1c3 r2c2 — each holds 5",
        "  line 14: cage-1: cage r1c2-r1c3-r2c3 total 10",
        "    cells r1c2 r1c3 r2c3",
    ]
    code, out, _ = verify(KILLER, "\n".join(wrong), tmp_path, capsys, "--format", "json")
    got = json.loads(out)
    assert code == 2 and got["valid"] is False
    assert [(b["line"], b["id"]) for b in got["broken"]] == [(13, None), (14, "cage-1")]
    assert got["broken"][1]["breaks"] == [{"cells": ["r1c2", "r1c3", "r2c3"]}]


def test_a_digit_repeating_a_given_names_the_pair_and_the_digit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    answer = json.loads((GOLDEN / "classic-sudoku.json").read_text())["solutions"][0]
    answer["digits"][8][:2] = [4, 3]  # r9c1 4 (as the given r5c1), r9c2 3 (as the given r1c2)
    code, out, _ = verify(CASES / "classic-sudoku.case", json.dumps(answer), tmp_path, capsys)
    assert code == 2
    assert out.splitlines() == [
        "broken: the answer breaks 1 rule line",
        "  line 16: sudoku 9x9",
        "    cells r5c1 r9c1 — each holds 4",
        "    cells r1c2 r9c2 — each holds 3",
    ]
    code, out, _ = verify(CASES / "classic-sudoku.case", json.dumps(answer), tmp_path, capsys,
                          "--format", "json")
    assert json.loads(out)["broken"][0]["breaks"] == [
        {"cells": ["r5c1", "r9c1"], "what": "each holds 4", "value": 4},
        {"cells": ["r1c2", "r9c2"], "what": "each holds 3", "value": 3}]


def test_a_cage_s_sum_and_its_repeat_are_told_apart(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    wrong = [*KILLER_ANSWER]
    wrong[1] = "2 5 1 6 3 3"  # cage-3 r2c5-r2c6 total 7: 3 and 3
    code, out, _ = verify(KILLER, "\n".join(wrong) + "\n", tmp_path, capsys)
    assert code == 2
    assert out.splitlines()[-3:] == ["  line 16: cage-3: cage r2c5-r2c6 total 7",
                                     "    cells r2c5 r2c6",
                                     "    cells r2c5 r2c6 — each holds 3"]


def test_a_flipped_shading_names_the_yin_yang_line(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    golden = json.loads((GOLDEN / "yin-yang-sudoku.json").read_text())
    answer = golden["solutions"][0]
    answer["shading"][0] = [1, 1, 0, 0, 0, 0]  # r1c1, r1c2, r2c1, r2c2: a 2×2 of one shade
    answer["shading"][1][1] = 1
    code, out, _ = verify(CASES / "yin-yang-sudoku.case", json.dumps(answer), tmp_path, capsys,
                          "--format", "json")
    got = json.loads(out)
    assert code == 2
    assert 25 in [b["line"] for b in got["broken"]]  # line 25: yin-yang
    assert any("r2c2 shading" in br["cells"] for b in got["broken"] if b["line"] == 25
               for br in b["breaks"])


def test_a_digit_against_a_given_breaks_the_givens(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    answer = json.loads((GOLDEN / "classic-sudoku.json").read_text())["solutions"][0]
    answer["digits"][0][:2] = [3, 5]  # the givens 5 3 swapped
    code, out, _ = verify(CASES / "classic-sudoku.case", json.dumps(answer), tmp_path, capsys)
    assert code == 2
    assert out.splitlines() == [
        "broken: the answer breaks 1 rule line",
        "  line 5: givens: |",
        "    cells r1c1 — face(1, 1) is 5 (given), the answer has 3",
        "    cells r1c2 — face(1, 2) is 3 (given), the answer has 5",
    ]


@pytest.mark.parametrize("answer,where,message", [
    ("\n".join(KILLER_ANSWER[:5]) + "\n", ":6:1:", "5 rows of digits, expected 6"),
    ("\n".join([*KILLER_ANSWER[:2], "5 6 2 x 1 3", *KILLER_ANSWER[3:]]),
     ":3:7:", "`x` is not a digit"),
    ("\n".join([*KILLER_ANSWER[:2], "5 6 2 4 1", *KILLER_ANSWER[3:]]),
     ":3:1:", "5 cells in a row of the digits, expected 6"),
    ("\n".join([*KILLER_ANSWER[:3], "3 1 . 2 6 5", *KILLER_ANSWER[4:]]),
     ":4:5:", "face(4, 3) has no value in the digits"),
    ("\n".join([*KILLER_ANSWER, "1 2 3 4 5 6"]), ":7:1:", "more than 6 rows of digits"),
    ('{"solutions": [', ":1:16:", "invalid JSON"),
    ("", ":1:1:", "the answer file holds no grid"),
])
def test_a_malformed_answer_is_a_positioned_error(
        answer: str, where: str, message: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = verify(KILLER, answer, tmp_path, capsys)
    assert (code, out) == (1, "")
    assert err.startswith(str(tmp_path / "answer.txt") + where), err
    assert message in err


def test_shading_rows_after_the_digits(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    answer = json.loads((GOLDEN / "yin-yang-sudoku.json").read_text())["solutions"][0]
    text = "\n".join(" ".join(map(str, row)) for row in answer["digits"]) + "\nshading:\n" + \
        "\n".join("".join("#" if s else "." for s in row) for row in answer["shading"])
    code, out, _ = verify(CASES / "yin-yang-sudoku.case", text, tmp_path, capsys)
    assert code == 0 and out.startswith("valid")
    code, _, err = verify(CASES / "yin-yang-sudoku.case", text.replace("shading:", ""),
                          tmp_path, capsys)
    assert code == 1 and "more than 6 rows of digits" in err


def test_without_witnesses_the_constraints_no_values_satisfy_are_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A Slitherlink's vertex degrees (and blank clues' counts) are auxiliary variables: with
    one edge flipped no values satisfy the line, and searched alone, the degree constraints of
    that edge's two vertices are the ones that fail."""
    answer = json.loads((GOLDEN / "slitherlink-4x4.json").read_text())["solutions"][0]
    for row in answer["values"]["vrt"]:
        if row[:2] == [1, 0]:
            row[2] = 1 - row[2]
    code, out, _ = verify(CASES / "slitherlink-4x4.case", json.dumps(answer), tmp_path, capsys)
    assert code == 2
    assert out.splitlines() == [
        "broken: the answer breaks 1 rule line",
        "  line 11: slitherlink",
        "    edges r2c1 top, r1c1 left, r2c1 left — no values of its auxiliary variables "
        "satisfy it",
        "    edges r2c1 top, r2c2 top, r1c2 left, r2c2 left — no values of its auxiliary "
        "variables satisfy it",
    ]


def test_a_digit_the_board_does_not_have_is_named(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    wrong = [*KILLER_ANSWER]
    wrong[0] = "4 3 7 1 5 2"  # r1c3: 7 on a 6×6 board; row 1 stays all different
    code, out, _ = verify(KILLER, "\n".join(wrong), tmp_path, capsys)
    assert code == 2
    assert out.splitlines()[1:] == [
        "  line 14: cage-1: cage r1c2-r1c3-r2c3 total 10",
        "    cells r1c2 r1c3 r2c3",
        "  the board's declarations (digits, shading)",
        "    cells r1c3 — face(1, 3) = 7, not one of {1⋯6}",
    ]


def test_a_json_answer_larger_than_the_board_is_bad_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    answer = json.loads((GOLDEN / "killer-sudoku.json").read_text())["solutions"][0]
    answer["digits"].append([1, 2, 3, 4, 5, 6])
    code, out, err = verify(KILLER, json.dumps(answer), tmp_path, capsys)
    assert (code, out) == (1, "")
    assert "error: the answer gives face(7, 1), which the case does not have" in err
