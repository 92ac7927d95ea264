"""Witnesses and the relaxation without them: which variables are witnesses, which
constraints the relaxation drops, and when there is no relaxation at all."""

from __future__ import annotations

from sapphire.builtins.connected import Connected
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.ground.implied import imply
from sapphire.ground.witness import WITNESS_VALUES, formula_variables, relaxation, witnesses
from sapphire.lang.parser import parse_program
from sapphire.model import Cmp, Implies, Lin, Not
from sapphire.pipeline import answer_variables

# the answer is `s`; `w` (101 values) is a witness, `k` (10 values) is not
PROGRAM = """∀i∈{1⋯3} ⦗s i⦘∈{0 1}
w∈{0⋯100}
k∈{0⋯9}
w=40·⦗s 1⦘+30·⦗s 2⦘+20·⦗s 3⦘
w>=50
k<=⦗s 1⦘+⦗s 2⦘
"""
CONNECTED = "connected⟨a b⟩∈{1}×{1⋯3}: ⦗s b⦘=1\n"


def model(text: str):  # noqa: ANN201
    gm = imply(ground(parse_program(text, "t.sapphire"), data_to_instance({})))
    gm.answer = ("s",)
    return gm


def names(gm, i: int) -> str:  # noqa: ANN001
    return gm.variables[i].name


def test_a_wide_auxiliary_variable_is_a_witness() -> None:
    gm = model(PROGRAM + CONNECTED)
    assert WITNESS_VALUES < 101 and WITNESS_VALUES >= 10
    assert {names(gm, i) for i in witnesses(gm, answer_variables(gm))} == {"w"}
    # an answer variable is never a witness, however wide
    gm.answer = ("s", "w")
    assert witnesses(gm, answer_variables(gm)) == set()


def test_the_relaxation_drops_what_reads_a_witness_and_keeps_every_variable() -> None:
    gm = model(PROGRAM + CONNECTED)
    relaxed = relaxation(gm, answer_variables(gm))
    assert relaxed is not None
    assert relaxed.variables == gm.variables and relaxed.answer == gm.answer
    w = next(i for i in range(len(gm.variables)) if names(gm, i) == "w")
    dropped = [c for c in gm.constraints if c not in relaxed.constraints]
    assert dropped and all(w in formula_variables(c.formula, set()) for c in dropped)
    assert all(w not in formula_variables(c.formula, set()) for c in relaxed.constraints)
    assert any(isinstance(c.formula, Connected) for c in relaxed.constraints)
    # the constraint on k stays
    assert any({names(gm, i) for i in formula_variables(c.formula, set())} == {"k", "s"}
               for c in relaxed.constraints)


def test_no_relaxation_without_connectivity_or_without_witnesses() -> None:
    gm = model(PROGRAM)  # the witness proves nothing the model states otherwise
    assert relaxation(gm, answer_variables(gm)) is None
    narrow = model(PROGRAM.replace("w∈{0⋯100}", "w∈{0⋯30}").replace("w>=50", "w>=20")
                   + CONNECTED)
    assert relaxation(narrow, answer_variables(narrow)) is None


def test_formula_variables_reads_through_every_connective() -> None:
    a, b, c = (Cmp("=", Lin(((i, 1),), -1)) for i in range(3))
    f = Implies(Not(a), Connected(((1, 1), (1, 2)), (b, c)))
    assert formula_variables(f, set()) == {0, 1, 2}
