"""The search of a relaxation without witnesses: every answer it reports has witnesses in the
full model, the answers are those of the full model, and a relaxation whose answers keep
lacking witnesses hands the search back."""

from __future__ import annotations

import pytest

from sapphire.backend.cpsat import search as cpsat
from sapphire.evaluator import violations
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.ground.implied import imply
from sapphire.lang.parser import parse_program
from sapphire.pipeline import answer_variables

# `s` is the answer, `w` (101 values) a witness. Connected answers with w ≥ 50: s = 110, 011,
# 111 (101 is not connected; 100 has w = 40). The relaxation alone has every connected s.
PROGRAM = """∀i∈{1⋯3} ⦗s i⦘∈{0 1}
w∈{0⋯100}
w=40·⦗s 1⦘+30·⦗s 2⦘+20·⦗s 3⦘
w>=50
connected⟨a b⟩∈{1}×{1⋯3}: ⦗s b⦘=1
"""
ANSWERS = {(1, 1, 0), (0, 1, 1), (1, 1, 1)}


@pytest.fixture(autouse=True)
def large(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only large models that neither enumeration nor the blocking search settle soon are
    relaxed; these small ones count as such."""
    monkeypatch.setattr(cpsat, "LARGE_MODEL", 0)
    monkeypatch.setattr(cpsat, "ENUMERATION_BUDGETS", ())
    monkeypatch.setattr(cpsat, "RELAX_AFTER", 0.0)


def solve(text: str = PROGRAM, n: int = 10):  # noqa: ANN201
    gm = imply(ground(parse_program(text, "t.sapphire"), data_to_instance({})))
    gm.answer = ("s",)
    av = answer_variables(gm)
    res = cpsat.solve(gm, av, max_solutions=n)
    for sol in res.solutions:
        assert violations(gm, sol) == []
    return res.status, {tuple(sol[v] for v in av) for sol in res.solutions}, res.timings


def test_the_relaxation_finds_the_answers_of_the_full_model(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cpsat, "RELAXED_MISSES", 100)
    status, got, timings = solve()
    assert (status, got) == ("multiple", ANSWERS)
    assert "witness" in timings and "lower relaxed" in timings
    monkeypatch.setattr(cpsat, "RELAX_WITNESSES", False)
    status, got, timings = solve()
    assert (status, got) == ("multiple", ANSWERS)
    assert "witness" not in timings


def test_answers_without_witnesses_hand_the_search_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, ...]] = []

    def never(self, vals: list[int]) -> None:  # noqa: ANN001
        asked.append(tuple(vals))

    monkeypatch.setattr(cpsat._Witnesses, "find", never)
    status, got, _ = solve()
    # RELAXED_MISSES answers are ruled out, the next one gives up, and the full model answers
    assert len(asked) == cpsat.RELAXED_MISSES + 1 == len(set(asked))
    assert (status, got) == ("multiple", ANSWERS)


def test_a_witness_search_out_of_time_leaves_the_status_unknown(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def out_of_time(self, vals: list[int]) -> None:  # noqa: ANN001
        self.timed_out = True

    monkeypatch.setattr(cpsat._Witnesses, "find", out_of_time)
    status, got, _ = solve()
    assert (status, got) == ("unknown", set())


def test_small_models_are_not_relaxed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cpsat, "LARGE_MODEL", 1000)  # enumeration stays off
    status, got, timings = solve()
    assert (status, got) == ("multiple", ANSWERS)
    assert "lower relaxed" not in timings


def test_the_model_itself_has_the_first_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cpsat, "RELAX_AFTER", 8.0)
    status, got, timings = solve()
    assert (status, got) == ("multiple", ANSWERS)
    assert "lower relaxed" not in timings  # settled well within its turn


def test_no_answer_in_the_relaxation_is_none() -> None:
    # s = 101 only, which is not connected
    status, got, timings = solve(PROGRAM + "⦗s 1⦘+⦗s 3⦘>=2\n⦗s 2⦘+⦗s 3⦘<=1\n")
    assert (status, got) == ("none", set())
    assert "lower relaxed" in timings
