"""The time limit and a size guard cover the writing out of the CP-SAT model too. Before, a
300×300 latin square spent 40 s of a 10 s limit writing 27 million literals of its implied
facts, and ended in `std::bad_alloc` under a 3 GB cap."""

from __future__ import annotations

import pytest
from ortools.sat.python import cp_model

from sapphire.backend import solve
from sapphire.backend.cpsat import lowering
from sapphire.deadline import Deadline
from sapphire.diagnostics import SapphireError
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.ground.implied import imply
from sapphire.lang.parser import parse_program
from sapphire.pipeline import answer_variables

ATOMS = "∀i∈{1⋯3000} ⦗x i⦘∈{1⋯9}\n∀i∈{1⋯2999} ⦗x i⦘=3 ∨ ⦗x i+1⦘=4\n"
"""Some 6,000 literals to write, each of one atom."""

LATIN = ("∀⟨r c⟩∈{1⋯6}×{1⋯6} ⦗v r c⦘∈{1⋯6}\n∀r∈{1⋯6} distinct c∈{1⋯6}: ⦗v r c⦘\n"
         "∀c∈{1⋯6} distinct r∈{1⋯6}: ⦗v r c⦘\n")


def model(text: str):  # noqa: ANN201
    return imply(ground(parse_program(text, "t.sapphire"), data_to_instance({})))


def test_the_time_limit_stops_the_lowering(monkeypatch: pytest.MonkeyPatch) -> None:
    made = [0]
    real = cp_model.CpModel.new_bool_var

    def counted(self: cp_model.CpModel, name: str):  # noqa: ANN202
        made[0] += 1
        return real(self, name)

    monkeypatch.setattr(cp_model.CpModel, "new_bool_var", counted)
    gm = model(ATOMS)
    res = solve(gm, answer_variables(gm), backend="cpsat", deadline=Deadline.after(1e-9))
    assert (res.status, res.timed_out, res.solutions) == ("unknown", True, [])
    assert made[0] <= 2 * lowering.CHECK_EVERY  # once every one of the 6,000


def test_a_model_past_the_size_guard_is_refused_at_its_constraint(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lowering, "MAX_MODEL_SIZE", 5000)
    gm = model(ATOMS)
    with pytest.raises(SapphireError) as e:
        solve(gm, answer_variables(gm), backend="cpsat", deadline=Deadline.after(60))
    d = e.value.diagnostics[0]
    assert (d.kind, d.span.file, d.span.line) == ("too-large", "t.sapphire", 2)
    assert "grows past 5,000 variables and constraints" in d.message


def test_implied_facts_past_their_budget_are_left_out(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    gm = model(LATIN)
    assert gm.facts is not None and gm.facts.permutations  # rows and columns: 12 of them
    asked: list[int] = []
    real = lowering.all_different.post_cpsat_permutations
    monkeypatch.setattr(lowering.all_different, "post_cpsat_permutations",
                        lambda low, perms: (asked.append(len(perms)), real(low, perms)))
    full = solve(gm, answer_variables(gm), backend="cpsat", max_solutions=3,
                 deadline=Deadline.after(60))
    monkeypatch.setattr(lowering, "MAX_IMPLIED_LITERALS", 100)
    bare = solve(gm, answer_variables(gm), backend="cpsat", max_solutions=3,
                 deadline=Deadline.after(60))
    assert asked == [12, 0]
    assert (bare.status, len(bare.solutions)) == (full.status, 3) == ("multiple", 3)
