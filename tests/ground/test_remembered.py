"""Sums and counts are evaluated once per value of the names they read.

The memo must never return a total built for other bindings: the tests ground programs
where a total reads a quantifier's name directly, through a rule's cell list, or through a
term that sees its caller's bindings, and count the answers.
"""

from __future__ import annotations

import pytest

from sapphire.ground import grounder as grounder_module
from sapphire.ground.closures import free_names
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.lang.parser import parse_expression, parse_program
from sapphire.pipeline import solve_grounded

X = "∀i∈{1⋯3} ⦗x i⦘∈{0 1}\n"


def count(text: str) -> tuple[str, int]:
    res = solve_grounded(parse_program(text, "t.sapphire"), data_to_instance({}),
                         max_solutions=20)
    return res.status, len(res.solutions)


def test_a_total_inside_a_quantifier_it_does_not_read_is_built_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []
    interp = grounder_module.Grounder.interp

    def spy(self, e):  # noqa: ANN001, ANN202
        if type(e).__name__ == "Quant" and e.kind == "Σ":
            built.append(e.kind)
        return interp(self, e)

    monkeypatch.setattr(grounder_module.Grounder, "interp", spy)
    text = X + "∀u∈{1⋯50}: (Σi∈{1⋯3}: ⦗x i⦘)¬=u+3\n"
    ground(parse_program(text, "t.sapphire"), data_to_instance({}))
    assert len(built) == 1


def test_a_total_that_reads_a_binding_is_built_per_value() -> None:
    # prefix sums x1, x1+x2, x1+x2+x3 all 1: only x = 1 0 0 (one shared total would allow 4)
    text = X + "∀j∈{1⋯3}: ∀u∈{0⋯4}: u=j ⇒ (Σi∈{1⋯j}: ⦗x i⦘)=1\n"
    assert count(text) == ("unique", 1)


def test_a_term_reading_its_callers_binding_is_part_of_the_key() -> None:
    # the term reads j, which only its caller binds: per j the count of x i = j differs
    text = ("term hit(i:integer):boolean = ⦗x i⦘=j;\n"
            "∀i∈{1⋯3} ⦗x i⦘∈{0⋯2}\n"
            "∀j∈{0⋯2}: (#i∈{1⋯3}: hit(i))=1\n")
    # each of 0, 1, 2 once among three cells: the 6 orders
    assert count(text) == ("multiple", 6)


def test_free_names() -> None:
    prog = parse_program("term f(a:integer):integer = a+j;\nx∈{0 1}\n"
                         "(Σi∈{1⋯n}: f(i)·k)=x\n", "t.sapphire")
    terms = {t.name: t for t in prog.terms}
    total = prog.constraints[-1].left  # type: ignore[union-attr]
    assert free_names(total, terms) == {"n", "j", "k"}
    loop = parse_program("term f(a:integer):integer = f(a);\nx∈{0 1}\n(Σi∈{1⋯3}: f(i))=x\n",
                         "t.sapphire")
    assert free_names(loop.constraints[-1].left,  # type: ignore[union-attr]
                      {t.name: t for t in loop.terms}) is None


def test_a_total_reading_a_set_of_sets_is_evaluated_every_time() -> None:
    # T holds sets, which cannot key the memo: exactly one of x1 and x2 ∧ x3 holds
    text = X + "∀T∈{{{1} {2 3}}}: ∀u∈{0⋯2}: u=1 ⇒ (#S∈T: ∀i∈S: ⦗x i⦘=1)=u\n"
    assert count(text) == ("multiple", 4)
    # t is a tuple holding a set: x1 ∧ x2, and x3 free
    text = X + "∀t∈{⟨{1 2} 3⟩}: (#⟨A b⟩∈{t}: ∀i∈A: ⦗x i⦘=1)=1\n"
    assert count(text) == ("multiple", 2)


def test_an_automaton_binder_reads_the_names_of_its_automaton() -> None:
    e = parse_expression("accepted(moves, s, a)⟨i r c⟩∈P: ⦗face r c⦘+k")
    assert free_names(e, {}) == frozenset({"moves", "s", "a", "P", "k"})
