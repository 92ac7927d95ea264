"""Numbers past `MAX_INTEGER` are refused where they are written: in a program, on a case's rule
line and in instance data. Before, such a number reached the solver and raised a TypeError
there."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.diagnostics import SapphireError
from sapphire.lang.instance import data_to_instance
from sapphire.lang.parser import parse_program
from sapphire.lang.syntax import MAX_INTEGER


def test_a_program_literal() -> None:
    parse_program(f"x∈{{0⋯{MAX_INTEGER}}}\n", "t.sapphire")
    with pytest.raises(SapphireError) as e:
        parse_program(f"x∈{{0⋯{MAX_INTEGER + 1}}}\n", "t.sapphire")
    d = e.value.diagnostics[0]
    assert (d.kind, d.span.line, d.span.col) == ("too-large", 1, 6)
    assert d.message == "the number 1000000001 is larger than 1,000,000,000"


@pytest.mark.parametrize(("data", "says"), [
    ({"n": -MAX_INTEGER - 1}, "'n' is -1000000001, larger than 1,000,000,000"),
    ({"pim": [[None, 10**20]]}, "'pim' at [0, 1] is 100000000000000000000, larger than"),
])
def test_instance_data(data: dict, says: str) -> None:
    data_to_instance({"n": MAX_INTEGER, "pim": [[-MAX_INTEGER]]})
    with pytest.raises(SapphireError) as e:
        data_to_instance(data)
    assert e.value.kinds == ["bad-data"] and says in e.value.diagnostics[0].message


@pytest.mark.parametrize(("line", "col", "says"), [
    ("cage r1c1-r1c2 total 100000000000000000000000000000", 22,
     "'total' of 'cage' holds 100000000000000000000000000000, larger than 1,000,000,000"),
    ("absent-digits r1c1 digits [1,-5000000000]", 27,
     "'digits' of 'absent-digits' holds -5000000000, larger than 1,000,000,000"),
])
def test_a_rule_line_parameter(tmp_path: Path, capsys: pytest.CaptureFixture, line: str,
                               col: int, says: str) -> None:
    case = tmp_path / "t.case"
    case.write_text(f"---\nlibrary: std\n---\nsudoku 4x4\n{line}\n", encoding="utf-8")
    assert main(["check", str(case)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{case}:5:{col}: error: {says}\n")
    assert main(["solve", str(case)]) == 1
    assert "Traceback" not in capsys.readouterr().err
