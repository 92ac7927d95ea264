"""Numbers the grounder computes stay within ±MAX_INTEGER like the ones written: a constant
folded past it, or a coefficient or constant term of a linear expression, is `too-large` at
the operation where it first leaves the range, with the bindings in force. Before, such a
number reached CP-SAT and came back as a TypeError traceback from the lowering."""

from __future__ import annotations

import pytest

from sapphire.cli import main
from sapphire.diagnostics import SapphireError
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.lang.parser import parse_program
from sapphire.lang.syntax import MAX_INTEGER
from sapphire.pipeline import solve_grounded

AUDIT = "k=1000000000·1000000000·1000000000\nx∈{0⋯1000000000}\nx·k>=k\n"


def g(text: str, data: dict | None = None):  # noqa: ANN201
    return ground(parse_program(text, "t.sapphire"), data_to_instance(data or {}))


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    # the audit's program: 10⁹·10⁹ is past the range before the third factor
    (AUDIT, 1, 3, "this product is 1000000000000000000, larger than 1,000,000,000"),
    ("x∈{0⋯1000000000}\nx·1000000000·1000000000>=1\n", 2, 1,
     "this product has the coefficient 1000000000000000000, larger than 1,000,000,000"),
    ("k=1000000000+1\nx∈{0⋯k}\n", 1, 3, "this sum is 1000000001, larger than"),
    ("k=⨪1000000000⨫1\nx∈{k⋯0}\n", 1, 3, "this difference is -1000000001, larger than"),
    ("x∈{0 1}\nx+1000000000+1>=1\n", 2, 1, "this sum has the constant term 1000000001"),
    ("x∈{0 1}\n(Σi∈{1⋯3}: 600000000·x)>=1\n", 2, 2,
     "this sum has the coefficient 1800000000, larger than"),
    ("k=(Σi∈{1⋯3}: 600000000)\nx∈{0⋯k}\n", 1, 4, "this sum is 1800000000, larger than"),
    # in a quantifier: the bindings where the value leaves the range
    ("∀i∈{1⋯3} ⦗f i⦘=i·600000000\n", 1, 16,
     "this product is 1200000000, larger than 1,000,000,000 with i=2"),
    ("∀i∈{1⋯3} ⦗f i⦘∈{0⋯n}\n∀i∈{1⋯3} ⦗f i⦘<=n·i\n", 2, 17,
     "this product is 1500000000, larger than 1,000,000,000 with i=3"),
])
def test_a_folded_number_past_the_range(text: str, line: int, col: int, says: str) -> None:
    with pytest.raises(SapphireError) as e:
        g(text, {"n": 500000000})
    d = e.value.diagnostics[0]
    assert (d.kind, d.span.line, d.span.col) == ("too-large", line, col)
    assert says in d.message


def test_numbers_at_the_ends_of_the_range_fold() -> None:
    gm = g("k=500000000+500000000\nj=⨪1000000000\nx∈{j⋯k}\nx·1000000000>=1000000000⨫1\n")
    assert gm.variables[0].domain.lo == -MAX_INTEGER
    assert gm.variables[0].domain.hi == MAX_INTEGER
    # x·10⁹ reaches 10¹⁸, which the solver takes
    res = solve_grounded(parse_program("x∈{0⋯1000000000}\nx·1000000000<=999999999\n", "t"),
                         data_to_instance({}))
    assert res.status == "unique"


def test_the_command_line_reports_it(tmp_path, capsys) -> None:  # noqa: ANN001
    prog = tmp_path / "big.sapphire"
    prog.write_text(AUDIT, encoding="utf-8")
    data = tmp_path / "d.json"
    data.write_text("{}", encoding="utf-8")
    assert main(["solve", str(prog), "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{prog}:1:3: error: this product is 1000000000000000000, larger "
                          "than 1,000,000,000\n")
    assert "Traceback" not in err and "internal error" not in err
