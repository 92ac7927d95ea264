"""Rule lines of one kind share their meaning's nodes, each under a let of its own; the type
and name checks say of a shared meaning exactly what they say of separate copies of it."""

from __future__ import annotations

import pytest

from sapphire.diagnostics import SapphireError, Span
from sapphire.lang.parser import parse_program
from sapphire.lang.syntax import Conj, Expr, Let, Program
from sapphire.lang.types import name_arities, typecheck_program

MEANING = """\
∀⟨r c⟩∈S: ⦗face r c⦘ + (⦗face r c⦘=1) ¬= k
(Σ⟨r c⟩∈S: ⦗face r c⦘) = total ∧ ⦗face 1⦘ = x
"""
SOURCE = "sudoku 9x9\ncage r1c1-r1c2 total 3\ncage r2c1 total 4\n"


def lines(shared: bool, block: bool) -> tuple[Expr, ...]:
    """Three rule lines' lets over the meaning: one parse shared by all, or one per line."""
    first = parse_program(MEANING, "meaning.md").constraints
    out = []
    for n, total in enumerate((3, 4, 5)):
        body = first if shared else parse_program(MEANING, "meaning.md").constraints
        span = Span("case.case", n + 2, 1)
        formula = Conj(span, body) if block else body[0]
        out.append(Let(span, (("S", [(1, 1), (1, 2)]), ("k", 2), ("total", total)), formula))
    return tuple(out)


def problems(constraints: tuple[Expr, ...]) -> list[tuple[str, str, str]]:
    program = Program(constraints, (), "case.case", SOURCE)
    with pytest.raises(SapphireError) as exc:
        typecheck_program(program, {"rows": 9, "cols": 9})
    return [(d.kind, d.message, str(d.span)) for d in exc.value.diagnostics]


@pytest.mark.parametrize("block", [True, False])
def test_a_shared_meaning_reports_what_copies_report(block: bool) -> None:
    copies = problems(lines(shared=False, block=block))
    assert copies == problems(lines(shared=True, block=block))
    kinds = [k for k, _, _ in copies]
    assert kinds.count("type") == 3  # the boolean used as a number, once per line
    if block:
        assert kinds.count("name-use") == 1  # face read with two and with one argument


def test_shared_lets_with_other_bindings_are_checked_again() -> None:
    """A line whose parameters type differently is checked on its own."""
    (first,) = parse_program("⦗face 1 1⦘ = k\n", "meaning.md").constraints
    span = Span("case.case", 2, 1)
    ok = Let(span, (("k", 3),), first)
    bad = Let(span, (("k", True),), first)
    typecheck_program(Program((ok, ok), (), "case.case", SOURCE))
    with pytest.raises(SapphireError) as exc:
        typecheck_program(Program((ok, bad, ok), (), "case.case", SOURCE))
    assert [d.kind for d in exc.value.diagnostics] == ["type"]


def test_name_arities_of_shared_meanings() -> None:
    shared = Program(lines(shared=True, block=True), (), "case.case", SOURCE)
    copies = Program(lines(shared=False, block=True), (), "case.case", SOURCE)
    assert name_arities(shared) == name_arities(copies) == {"face": 2, "x": 0}
