"""A count under a time limit searches until what is left is the time to verify its answers,
not for a fixed share of the limit: before, every count searched for 60% of it, and a CP-SAT
count, whose answers take a solve each and a moment to verify, stopped at about 55% with a
fraction of the answers it could have found."""

from __future__ import annotations

import pytest

from sapphire.backend import BackendResult, solve
from sapphire.deadline import Deadline
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.lang.parser import parse_program
from sapphire.pipeline import answer_variables, search_model


def model(n: int = 6):  # noqa: ANN201 - x ∈ {1..n}, y ∈ {1..n}, x ≠ y: n(n-1) answers
    program = parse_program(f"x∈{{1⋯{n}}}\ny∈{{1⋯{n}}}\nx≠y\n", "p.sapphire")
    return ground(program, data_to_instance({}))


def test_a_count_gives_the_search_the_whole_limit_less_a_reserve_per_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    given: dict[str, float] = {}

    def fake(gm, answer_vars, *, backend, max_solutions, deadline, workers,  # noqa: ANN001
             reserve=0.0):  # noqa: ANN001
        given.update(left=deadline.remaining(), reserve=reserve)
        return BackendResult("multiple", [[1, 2], [2, 1]], {}, "cpsat", timed_out=True)

    monkeypatch.setattr("sapphire.backend.solve", fake)
    search_model(model(), max_solutions=2, count_limit=1000, deadline=Deadline.after(10.0))
    assert 9.5 < given["left"] <= 10.0  # once 6.0: a fixed 60% share
    assert 0 < given["reserve"] < 0.1  # the time to verify one answer, with a margin
    search_model(model(), max_solutions=2, deadline=Deadline.after(10.0))  # no count
    assert given["reserve"] == 0.0 and given["left"] > 9.5


@pytest.mark.parametrize("backend", ["cpsat", "sat"])
def test_each_answer_found_brings_the_deadline_nearer(backend: str) -> None:
    gm = model()
    every = solve(gm, answer_variables(gm), backend=backend, max_solutions=100,
                  deadline=Deadline.after(60.0))
    assert len(every.solutions) == 30 and not every.timed_out
    # keeping 20 s per answer, a minute's search stops after the third answer
    some = solve(gm, answer_variables(gm), backend=backend, max_solutions=100,
                 deadline=Deadline.after(60.0), reserve=20.0)
    assert len(some.solutions) == 3 and some.timed_out and some.status == "multiple"
