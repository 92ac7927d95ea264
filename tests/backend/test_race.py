"""`auto`'s race: CP-SAT in a child process answers for a SAT search that does not finish, a
SAT search that finishes first answers itself, a failing child leaves the SAT search to
answer, and no child outlives the call."""

from __future__ import annotations

import itertools
import multiprocessing
import time
from typing import Any

import pytest

import sapphire.backend.race as race
import sapphire.backend.sat.search as sat_search
from sapphire.backend import solve
from sapphire.deadline import Deadline
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.ground.implied import imply
from sapphire.lang.parser import parse_program
from sapphire.model import GroundModel

pytestmark = pytest.mark.skipif(not race.can_race(), reason="needs two cores and fork")

LATIN = ("∀r∈{1⋯4} ∀c∈{1⋯4} ⦗f r c⦘∈{1⋯4}\n∀r∈{1⋯4}: distinct c∈{1⋯4}: ⦗f r c⦘\n"
         "∀c∈{1⋯4}: distinct r∈{1⋯4}: ⦗f r c⦘\n⦗f 1 1⦘ = 1\n")
"""A 4×4 latin square with one given: 576 / 4 = 144 answers."""


def latin() -> GroundModel:
    return imply(ground(parse_program(LATIN, "t.sapphire"), data_to_instance({})))


def brute_force() -> set[tuple[int, ...]]:
    out = set()
    for rows in itertools.product(itertools.permutations(range(1, 5)), repeat=4):
        if rows[0][0] == 1 and all(len({row[c] for row in rows}) == 4 for c in range(4)):
            out.add(tuple(v for row in rows for v in row))
    return out


def answers(gm: GroundModel, solutions: list[list[int]]) -> set[tuple[int, ...]]:
    """Each solution as its 16 digits row by row (r1c1, a given, is no variable)."""
    out = set()
    for s in solutions:
        grid = {"f(1, 1)": 1} | {v.label(): x for v, x in zip(gm.variables, s, strict=True)}
        out.add(tuple(grid[f"f({r}, {c})"] for r in range(1, 5) for c in range(1, 5)))
    return out


class StuckSolver:
    """A SAT solver whose every slice runs out of budget: the search never finishes."""

    def __init__(self, name: str, bootstrap_with: Any = ()) -> None:
        pass

    def append_formula(self, clauses: Any) -> None:
        pass

    def conf_budget(self, budget: int) -> None:
        pass

    def solve_limited(self) -> None:
        time.sleep(0.02)

    def delete(self) -> None:
        pass


def test_cpsat_answers_for_a_sat_search_that_does_not_finish(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sat_search, "Solver", StuckSolver)
    monkeypatch.setattr(race, "RACE_AFTER", 0.0)
    gm = latin()
    res = solve(gm, list(range(len(gm.variables))), max_solutions=1000, deadline=Deadline.after(60))
    assert res.backend == "cpsat" and res.status == "multiple"
    assert answers(gm, res.solutions) == brute_force() and len(res.solutions) == 144
    assert "race from" in res.timings
    assert multiprocessing.active_children() == []


def test_a_sat_search_that_finishes_first_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    # the race starts at once, but CP-SAT's child must first import OR-Tools
    monkeypatch.setattr(race, "RACE_AFTER", 0.0)
    gm = latin()
    res = solve(gm, list(range(len(gm.variables))), max_solutions=1000)
    assert res.backend == "sat" and len(res.solutions) == 144
    assert answers(gm, res.solutions) == brute_force()
    assert multiprocessing.active_children() == []


def test_a_failing_child_leaves_the_answer_to_sat(monkeypatch: pytest.MonkeyPatch) -> None:
    from sapphire.backend.cpsat import CpsatBackend

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("no CP-SAT here")

    slices = {"n": 0}
    real = sat_search.Solver

    class SlowSolver(real):  # type: ignore[misc, valid-type]
        """Out of budget for its first slices, then the real solver."""

        def solve_limited(self, *args: Any, **kwargs: Any) -> bool | None:
            slices["n"] += 1
            if slices["n"] < 30:
                time.sleep(0.02)
                return None
            return super().solve_limited(*args, **kwargs)

    monkeypatch.setattr(CpsatBackend, "solve", broken)
    monkeypatch.setattr(sat_search, "Solver", SlowSolver)
    monkeypatch.setattr(race, "RACE_AFTER", 0.0)
    gm = latin()
    res = solve(gm, list(range(len(gm.variables))), max_solutions=1000, deadline=Deadline.after(60))
    assert res.backend == "sat" and len(res.solutions) == 144
    assert multiprocessing.active_children() == []


def test_explicit_backends_never_race(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sat_search, "Solver", StuckSolver)
    monkeypatch.setattr(race, "RACE_AFTER", 0.0)
    gm = latin()
    t = time.perf_counter()
    res = solve(gm, list(range(len(gm.variables))), backend="sat", deadline=Deadline.after(1.0))
    assert res.status == "unknown" and res.backend == "sat"
    assert time.perf_counter() - t < 5

