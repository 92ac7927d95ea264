"""A sum that CP-SAT's 64-bit arithmetic cannot hold is `too-large` at the constraint it comes
from, with its bindings. Each number stays within ±10⁹, so each term within ±10¹⁸, but a
few of them summed pass the ±(2⁶³-1)/2 that CP-SAT allows a linear expression: before, it
returned MODEL_INVALID (an internal error, exit 70), and with two-valued variables, whose
offsets the lowering adds up, the sum wrapped around and the answer was wrong ("none")."""

from __future__ import annotations

import time

import pytest

from sapphire.backend.cpsat.lowering import SOLVER_RANGE
from sapphire.cli import main
from sapphire.diagnostics import SapphireError
from sapphire.ground.grounder import data_to_instance
from sapphire.lang.parser import parse_program
from sapphire.pipeline import solve_grounded


def solve(text: str) -> str:
    """The status CP-SAT gives, whose 64-bit range this file is about."""
    res = solve_grounded(parse_program(text, "t.sapphire"), data_to_instance({}),
                         backend="cpsat")
    return res.status


def wide_sum(terms: int, values: str = "0⋯1000000000", guard: str = "") -> str:
    return (f"∀i∈{{1⋯{terms}}} ⦗x i⦘∈{{{values}}}\n"
            f"{guard}(Σi∈{{1⋯{terms}}}: 1000000000·⦗x i⦘) >= 1\n")


def test_a_sum_within_the_range_solves() -> None:
    assert SOLVER_RANGE == 4_611_686_018_427_387_903
    assert solve(wide_sum(4)) == "multiple"  # up to 4·10¹⁸


@pytest.mark.parametrize(("text", "col", "says"), [
    (wide_sum(5), 2,
     "a sum here can reach 5,000,000,000,000,000,001, past the ±4,611,686,018,427,387,903"),
    # two values each: a Boolean b with x = 999999999 + b, whose offsets add up
    (wide_sum(10, "999999999 1000000000"), 2, "can reach 10,000,000,000,000,000,001"),
    # bindings of the constraint's own quantifier
    (wide_sum(5, guard="∀j∈{1 2} "), 11, "a sum here with j=1 can reach 5,000,000,000,000,000,001"),
])
def test_a_sum_past_the_range(text: str, col: int, says: str) -> None:
    with pytest.raises(SapphireError) as e:
        solve(text)
    d = e.value.diagnostics[0]
    assert (d.kind, d.span.line, d.span.col) == ("too-large", 2, col)
    assert says in d.message
    assert d.source_line is not None and "Σi∈{1⋯" in d.source_line


def test_the_command_line_reports_it(tmp_path, capsys) -> None:  # noqa: ANN001
    prog = tmp_path / "t.sapphire"
    # the audit's example, then five such terms over different variables
    prog.write_text("x∈{0⋯1000000000}\nx·1000000000·1000000000>=1\n", encoding="utf-8")
    data = tmp_path / "d.json"
    data.write_text("{}", encoding="utf-8")
    assert main(["solve", str(prog), "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{prog}:2:1: error: this product has the coefficient "
                          "1000000000000000000, larger than 1,000,000,000\n")
    names = "abcde"
    prog.write_text("".join(f"{v}∈{{0⋯1000000000}}\n" for v in names)
                    + "+".join(f"{v}·1000000000" for v in names) + ">=1\n", encoding="utf-8")
    assert main(["solve", str(prog), "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{prog}:6:1: error: a sum here can reach 5,000,000,000,000,000,001, "
                          "past the ±4,611,686,018,427,387,903 the solver computes in\n")
    assert "Traceback" not in err and "internal error" not in err


def test_a_word_over_wide_domains_is_lowered_at_once() -> None:
    """An automaton reads the symbols its moves name: before, the lowering listed every value
    each position can take (13 GB in 30 s for three positions of 0 to 10⁹)."""
    moves = "{⟨0 1 1⟩ ⟨1 2 1⟩ ⟨1 3 2⟩}, {0}, {2}"
    text = f"∀i∈{{0⋯2}} ⦗x i⦘∈{{0⋯1000000000}}\n¬accepted({moves}) i∈{{0⋯2}}: ⦗x i⦘\n"
    t0 = time.perf_counter()
    assert solve(text) == "multiple"
    assert solve(text.replace("¬", "")) == "unique"  # 1 2 3
    assert time.perf_counter() - t0 < 10


def test_a_conditional_distinct_is_written_out_within_a_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """CP-SAT's all-different takes no condition: under one, or negated, a distinct is a
    constraint per pair of its values. 2000 values are 1,999,000 pairs: before, over 10 GB
    and still lowering after a minute; now an error at the distinct, at once."""
    text = "∀i∈{1⋯n} ⦗x i⦘∈{1⋯n}\np∈{0 1}\np=1 ⇒ distinct i∈{1⋯n}: ⦗x i⦘\n"
    t0 = time.perf_counter()
    with pytest.raises(SapphireError) as e:
        solve_grounded(parse_program(text, "t.sapphire"), data_to_instance({"n": 2000}))
    d = e.value.diagnostics[0]
    assert (d.kind, d.span.line, d.span.col) == ("too-large", 3, 1)
    assert d.message == ("a distinct here under a condition or negated is 1,999,000 pairs of "
                         "2,000 values, past the 100,000 the lowering writes out")
    assert time.perf_counter() - t0 < 10
    # counted over the model: 45 pairs for each of these two
    from sapphire.backend.cpsat import lowering
    two = ("∀i∈{1⋯10} ⦗x i⦘∈{1⋯10}\np∈{0 1}\np=1 ⇒ distinct i∈{1⋯10}: ⦗x i⦘\n"
           "∀j∈{1} ¬distinct i∈{1⋯10}: ⦗x i⦘\n")
    monkeypatch.setattr(lowering, "MAX_PAIRS", 90)
    assert solve(two) == "multiple"
    monkeypatch.setattr(lowering, "MAX_PAIRS", 89)
    with pytest.raises(SapphireError) as e:
        solve(two)
    d = e.value.diagnostics[0]
    assert (d.kind, d.span.line, d.span.col) == ("too-large", 4, 8)
    assert d.message.startswith("a distinct here with j=1 under a condition or negated is 45 ")
