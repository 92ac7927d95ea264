"""The answer search: enumeration first on small models, blocking clauses otherwise.

Both strategies must report the same answers and status; enumeration hands over to the
blocking search when auxiliary variables make it meet one answer again and again.
"""

from __future__ import annotations

import time

import pytest
from ortools.sat.python import cp_model

from sapphire.backend import solve as backend_solve
from sapphire.backend.cpsat import search as cpsat
from sapphire.backend.cpsat.lowering import Lowering
from sapphire.deadline import Deadline
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.ground.implied import imply
from sapphire.lang.parser import parse_program
from sapphire.pipeline import answer_variables


def g(text: str):  # noqa: ANN201
    return imply(ground(parse_program(text, "t.sapphire"), data_to_instance({})))


# x ∨ (y ∧ z): 4 answers with x=1, one with x=0; the conjunction gets a one-sided literal,
# free whenever x, y and z are all 1
FIVE = "x∈{0 1}\ny∈{0 1}\nz∈{0 1}\nx=1 ∨ (y=1 ∧ z=1)\n"
ONE = "∀i∈{1⋯3} ⦗f i⦘∈{1⋯3}\ndistinct i∈{1⋯3}: ⦗f i⦘\n⦗f 1⦘=2\n⦗f 2⦘<⦗f 3⦘\n"
NONE = "x∈{0 1}\ny∈{0 1}\nx+y=3\n"


def answers(text: str, n: int) -> tuple[str, set[tuple[int, ...]], dict[str, float]]:
    gm = g(text)
    av = answer_variables(gm)
    res = cpsat.solve(gm, av, max_solutions=n)
    return res.status, {tuple(s[v] for v in av) for s in res.solutions}, res.timings


@pytest.mark.parametrize("strategy", ["enumerate", "block"])
def test_both_strategies_find_the_same_answers(strategy: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    if strategy == "block":
        monkeypatch.setattr(cpsat, "ENUMERATION_BUDGETS", ())
    status, sols, timings = answers(FIVE, 10)
    # the enumerating search alone, or the blocking search alone
    assert ("enumerate" in timings) == (strategy == "enumerate")
    assert ("solve1" in timings) == (strategy == "block")
    assert len(sols) == 5
    assert sols == {(1, 0, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1), (0, 1, 1)}
    assert status == "multiple"
    assert answers(FIVE, 3)[:2][0] == "multiple" and len(answers(FIVE, 3)[1]) == 3
    status, sols, _ = answers(ONE, 2)
    assert status == "unique" and sols == {(1, 3)}  # f(1)=2 is a constant, not a variable
    assert answers(NONE, 2)[:2] == ("none", set())


@pytest.mark.parametrize("cores", [1, 2])
def test_raced_and_single_enumeration_agree(cores: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # one core: only the first parameter set runs; two: both race and the first to finish wins
    monkeypatch.setattr(cpsat.os, "cpu_count", lambda: cores)
    status, sols, timings = answers(FIVE, 10)
    assert status == "multiple" and len(sols) == 5 and "solve1" not in timings
    assert answers(ONE, 2)[:2] == ("unique", {(1, 3)})
    assert answers(NONE, 2)[:2] == ("none", set())


def test_an_unfinished_racer_does_not_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    # the first racer may not search at all and ends unknown; the answer is the finisher's
    monkeypatch.setattr(cpsat.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(cpsat, "ENUMERATION_VARIANTS",
                        ({"max_number_of_conflicts": 0, "stop_after_presolve": True}, {}))
    status, sols, timings = answers(FIVE, 10)
    assert status == "multiple" and len(sols) == 5 and "solve1" not in timings
    assert answers(NONE, 2)[:2] == ("none", set())


def test_enumeration_is_used_on_small_models() -> None:
    _, _, timings = answers(ONE, 2)
    assert "enumerate" in timings and "solve1" not in timings


def test_repeated_answers_hand_over_to_the_blocking_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cpsat, "MAX_REPEATS", 0)
    # z is no part of the answer: two assignments share each answer
    gm = g(FIVE)
    gm.answer = ("x", "y")
    av = answer_variables(gm)
    res = cpsat.solve(gm, av, max_solutions=10)
    assert res.status == "multiple"
    assert {tuple(s[v] for v in av) for s in res.solutions} == {(0, 1), (1, 0), (1, 1)}
    assert "solve1" in res.timings


def test_auxiliary_literals_are_exact_where_enumeration_runs() -> None:
    # the literal of y ∧ z is reified in full, so no answer is met twice
    gm = g(FIVE)
    low = Lowering(gm, exact=True)
    for con in gm.constraints:
        low.post(con.formula, [])
    cb_model = low.m
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    seen: list[int] = []

    class Count(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            seen.append(1)

    solver.solve(cb_model, Count())
    assert len(seen) == 5


def test_a_used_up_enumeration_budget_hands_over(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cpsat, "ENUMERATION_BUDGETS", ((10**9, 1e-9),))
    status, sols, timings = answers(ONE, 2)
    assert status == "unique" and sols == {(1, 3)}
    assert "enumerate" in timings and "solve1" in timings  # f(1)=2 is a constant, not a variable


def test_connectivity_witnesses_skip_enumeration() -> None:
    # the connected subsets of a 2×2 board: none, 4 single cells, 4 dominoes, 4 L-trominoes,
    # the whole board; connectivity is checked on each answer (cuts) or encoded with distance
    # labellings (many per answer), and either way only the blocking search can run
    text = ("∀⟨r c⟩∈{1⋯2}×{1⋯2} ⦗s r c⦘∈{0 1}\n"
            "connected⟨r c⟩∈{1⋯2}×{1⋯2}: ⦗s r c⦘=1\n")
    status, sols, timings = answers(text, 20)
    assert status == "multiple" and len(sols) == 14
    assert "enumerate" not in timings


class _LateSolver:
    """A search that ignores stops until it has started (as CP-SAT's do), then runs until
    stopped, or for 5 s."""

    def __init__(self) -> None:
        self.started = False
        self.stopped = False

    def solve(self, model: object, cb: object) -> int:
        time.sleep(0.05)
        self.started = True
        end = time.perf_counter() + 5
        while not self.stopped and time.perf_counter() < end:
            time.sleep(0.001)
        return cp_model.UNKNOWN

    def stop_search(self) -> None:
        if self.started:
            self.stopped = True


class _QuickSolver:
    def solve(self, model: object, cb: object) -> int:
        return cp_model.OPTIMAL

    def stop_search(self) -> None:
        pass


def test_a_race_stops_a_search_that_started_late() -> None:
    # the quick search settles before the late one has started; the stop must still reach it
    low = Lowering(g(ONE), exact=True)
    runs = [cpsat._EnumerationRun(solver, cpsat._Answers(low, [], 2), False)  # type: ignore[arg-type]
            for solver in (_QuickSolver(), _LateSolver())]
    t0 = time.perf_counter()
    cpsat._race(low, runs)
    assert time.perf_counter() - t0 < 2
    assert runs[0].complete and runs[1].status == cp_model.UNKNOWN


# one 0/1 answer variable and two integers: b=1 with x=y∈{0⋯3}, and b=0 with x=y=0, so two
# answers differ only on b and the others only on the integers
MOSTLY_INTEGERS = "b∈{0 1} ∧ x∈{0⋯3} ∧ y∈{0⋯3}\nb=0 ⇒ x=0\nx=y\n"
# two 0/1 answer variables and one integer: a=0 with any b and x (8), a=1 with x=0 (2)
MOSTLY_BOOLEANS = "a∈{0 1} ∧ b∈{0 1} ∧ x∈{0⋯3}\na=1 ⇒ x=0\n"


@pytest.mark.parametrize(("text", "models", "count"),
                         [(MOSTLY_INTEGERS, 1, 5), (MOSTLY_BOOLEANS, 2, 10)])
def test_the_blocking_search_splits_into_phases_only_for_mostly_boolean_answers(
        text: str, models: int, count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    gm = g(text)
    av = answer_variables(gm)
    low = Lowering(gm)
    low.post_model()
    search = cpsat._Search(low, av)
    first = [0] * len(gm.variables)  # every variable at 0 is an answer of both
    assert len(search.phases([first])) == models
    monkeypatch.setattr(cpsat, "ENUMERATION_BUDGETS", ())
    status, sols, timings = answers(text, 20)
    assert status == "multiple" and len(sols) == count and "solve1" in timings
    status, sols, _ = answers(text, count + 1)
    assert status == "multiple" and len(sols) == count


@pytest.mark.parametrize("strategy", ["enumerate", "block"])
def test_every_search_leaves_symmetry_detection_off(strategy: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """`SOLVER_PARAMETERS` reach each CP-SAT search, raced enumerations and blocking solves
    alike (symmetry detection costs seconds per presolve on some puzzle models)."""
    if strategy == "block":
        monkeypatch.setattr(cpsat, "ENUMERATION_BUDGETS", ())
    seen: list[int] = []
    solve = cp_model.CpSolver.solve

    def spy(self: cp_model.CpSolver, *args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        seen.append(self.parameters.symmetry_level)
        return solve(self, *args, **kwargs)

    monkeypatch.setattr(cp_model.CpSolver, "solve", spy)
    monkeypatch.setattr(cpsat.os, "cpu_count", lambda: 2)
    assert answers(FIVE, 10)[0] == "multiple"
    assert len(seen) >= (2 if strategy == "enumerate" else 5) and set(seen) == {0}


LATIN = ("∀r∈{1⋯4} ∀c∈{1⋯4} ⦗f r c⦘∈{1⋯4}\n∀r∈{1⋯4}: distinct c∈{1⋯4}: ⦗f r c⦘\n"
         "∀c∈{1⋯4}: distinct r∈{1⋯4}: ⦗f r c⦘\n⦗f 1 1⦘ = 1\n")
"""A 4×4 latin square with one given: 144 answers."""


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_a_result_says_whether_the_clock_stopped_it(backend: str) -> None:
    # 4^12 answers cannot be listed in a second; 144 can, and that is all of them
    free = imply(ground(parse_program("∀i∈{1⋯12} ⦗x i⦘∈{1⋯4}\n", "t.sapphire"),
                        data_to_instance({})))
    cut = backend_solve(free, list(range(len(free.variables))), backend=backend,
                        max_solutions=10**7, deadline=Deadline.after(1.0))
    assert cut.timed_out and cut.status == "multiple" and 0 < len(cut.solutions) < 4**12
    gm = g(LATIN)
    whole = backend_solve(gm, list(range(len(gm.variables))), backend=backend,
                          max_solutions=1000, deadline=Deadline.after(60))
    assert not whole.timed_out and len(whole.solutions) == 144


def test_a_model_the_sat_backend_refuses_late_leaves_cpsat_the_rest_of_the_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # auto's SAT attempt is no part of loading CP-SAT, and its time comes off CP-SAT's limit
    from sapphire.backend.base import Unsupported
    from sapphire.backend.cpsat import CpsatBackend
    from sapphire.backend.sat import SatBackend

    def refuse(*args: object, **kwargs: object) -> None:
        time.sleep(0.3)
        raise Unsupported("a sum too large")

    seen: dict[str, float | None] = {}
    real = CpsatBackend.solve

    def spy(self: object, *args: object, deadline: Deadline, **kwargs: object) -> object:
        seen["limit"] = deadline.remaining()
        return real(self, *args, deadline=deadline, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(SatBackend, "solve", refuse)
    monkeypatch.setattr(CpsatBackend, "solve", spy)
    gm = g(LATIN)
    res = backend_solve(gm, list(range(len(gm.variables))), max_solutions=1000,
                        deadline=Deadline.after(10))
    assert res.backend == "cpsat" and len(res.solutions) == 144
    assert res.timings["sat refused"] >= 0.3 and res.timings["load"] < 0.3
    assert seen["limit"] is not None and seen["limit"] <= 9.7
