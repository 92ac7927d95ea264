"""`sapphire verify` with an answer whose parts are not in the shape `solve` prints them: the
maps a case's kinds report (`values`) as an object of `[a, b, value]` rows. A wrong shape is
one `bad-answer` error placed at the value in the answer file, saying what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.cli import main

ROOT = Path(__file__).resolve().parents[2]
SLITHERLINK = ROOT / "examples" / "cases" / "slitherlink-4x4.case"
EXPECTED = ('  hint: `values` is as `solve --format json` prints it: {"vrt": [[a, b, value], …], '
            '"hrz": [[a, b, value], …]}')


@pytest.mark.parametrize(("values", "col", "message"), [
    ("[1]", 12, "`values` is a list, expected an object of the maps the case's kinds report: "
                "`vrt`, `hrz`"),
    ('{"vrt": [[[0],0,1]]}', 22, "row 1 of `vrt` holds a list where a whole number belongs "
                                 "([a, b, value])"),
    ('{"vrt": [[]]}', 21, "row 1 of `vrt` holds 0 items, expected 3: [a, b, value]"),
    ('{"vrt": [[0,0,1], 5]}', 30, "row 2 of `vrt` is the number 5, expected a list "
                                  "[a, b, value]"),
    ('{"vrt": [[0,"0",1]]}', 24, "row 1 of `vrt` holds a string where a whole number belongs "
                                 "([a, b, value])"),
])
def test_values_of_the_wrong_shape_are_placed_in_the_answer(
        values: str, col: int, message: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    answer = tmp_path / "answer.json"
    answer.write_text('{"digits": null,\n "values": ' + values + "}\n", encoding="utf-8")
    assert main(["verify", str(SLITHERLINK), str(answer)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"{answer}:2:{col}: error: {message}"
    assert err[-1] == EXPECTED


def test_values_inside_a_solve_s_output_are_placed_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    answer = tmp_path / "answer.json"
    answer.write_text('{"status": "unique",\n "solutions": [{"digits": null,\n'
                      '   "values": {"hrz": [[0, 0]]}}]}\n', encoding="utf-8")
    assert main(["verify", str(SLITHERLINK), str(answer), "--format", "json"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == (f"{answer}:3:23: error: row 1 of `hrz` holds 2 items, expected 3: "
                      "[a, b, value]")
