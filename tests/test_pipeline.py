"""The pipeline's own work: every answer the solver returns is checked by the independent
evaluator before anyone sees it, and `has_answer` says yes, no or unknown."""

from __future__ import annotations

import pytest

import sapphire.backend.cpsat as cpsat
from sapphire.diagnostics import InternalError
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.lang.parser import parse_program
from sapphire.pipeline import has_answer, solve_model


def model(text: str):  # noqa: ANN201 - a GroundModel
    return ground(parse_program(text, "t.sapphire"), data_to_instance({}))


def test_has_answer_says_yes_no_or_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    assert has_answer(model("x∈{0⋯3}\nx>2\n")) is True
    assert has_answer(model("x∈{0⋯3}\nx>3\n")) is False
    monkeypatch.setattr(cpsat, "solve", lambda *a, **k: cpsat.BackendResult("unknown"))
    assert has_answer(model("x∈{0⋯3}\nx>2\n")) is None


def test_a_wrong_answer_from_the_solver_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    gm = model("x∈{0⋯3}\nx>2\n")
    wrong = [0] * len(gm.variables)  # x = 0 breaks x>2
    monkeypatch.setattr(cpsat, "solve", lambda *a, **k: cpsat.BackendResult("unique", [wrong]))
    with pytest.raises(InternalError, match="fails verification"):
        has_answer(gm)
    with pytest.raises(InternalError, match="fails verification"):
        solve_model(gm)
