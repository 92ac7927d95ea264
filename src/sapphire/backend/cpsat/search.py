"""The OR-Tools CP-SAT backend: the search for answers.

`solve` lowers a ground model (`sapphire.backend.cpsat.lowering`), then finds up to `max_solutions`
answers: by enumeration on small models, else by blocking each answer found, with rounds of
connectivity cuts (`sapphire.backend.cpsat.connectivity`) and, for large models with witnesses, a
relaxation searched beside the model. Only the modules of this package import `ortools`.
`candidates` asks the blocking search another question: after each answer, one giving some
answer variable a value no answer so far has given it, until none is left.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ortools.sat.python import cp_model

from sapphire.backend.base import BackendResult
from sapphire.backend.cpsat.lowering import Lowering, LoweringStopped
from sapphire.builtins.connected import region_groups
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.diagnostics import InternalError
from sapphire.ground.witness import formula_variables, relaxation
from sapphire.model import GroundModel
from sapphire.nogc import no_gc

LARGE_MODEL = 1000
"""Ground variables from which a model gets the full 8-worker portfolio by default."""

ENUMERATION_BUDGETS = ((1000, None), (3000, 5.0))
"""(variables below, seconds) for the enumerating first search: unbounded on small models,
a few seconds on medium ones (a hard medium loop puzzle then gets the portfolio), none on
large ones, where the portfolio does as well (`docs/decisions.md`, "Enumeration budgets")."""


REGION_ENUMERATION_BUDGETS = ((20_000, None),)
"""`ENUMERATION_BUDGETS` for a model with a region map (a partition into more than two
connected groups, `region_groups`): though a 9×9 chaos construction has thousands of ground
variables, enumeration still solves it sooner than blocking (`docs/decisions.md`)."""

REGION_ENUMERATION_VARIANTS: tuple[dict[str, int], ...] = ({}, {"linearization_level": 0})
"""`ENUMERATION_VARIANTS` for a model with a region map: the linear relaxation of its
region-by-digit table costs more than it prunes (see `REGION_MAP_SUBSOLVERS`), so the search
without it races the default one."""


RELAX_WITNESSES = True
"""Whether a large model (`LARGE_MODEL` variables or more) with witnesses that its blocking
search has not settled within `RELAX_AFTER` seconds is searched again without them (see
`sapphire.ground.witness`), with witnesses found per answer. Its rounds of connectivity cuts
are each a solve, so neither search wins everywhere (`docs/decisions.md`, "Relaxing
witnesses"). Small models are solved at once by enumeration, which a relaxation's cuts would
rule out."""

RELAX_AFTER = 8.0
"""Seconds the blocking search of a model with a relaxation gets before the relaxation's."""


LAZY_CONNECTIVITY = True
"""Whether connectivity starts out checked on answers (see `LazyConnected`) rather than
encoded in full."""

LAZY_ROUNDS = (3, 40)
"""Rounds of connectivity cuts after which the search encodes connectivity in full: the
first when an answer still has more than `LAZY_PIECES` pieces too many, the second always."""

LAZY_STALL = 4
"""For connectivities of cells the answer does not name (a loop's inside, worked out from its
edges), rounds without a new fewest number of pieces after which `LAZY_PIECES` ends the cuts.
Their pieces are subtours, which cuts close one by one though unevenly. A shading's pieces
come and go as the shading changes, and there `LAZY_PIECES` ends the cuts at once
(`docs/decisions.md`, "Ending connectivity cuts")."""

LAZY_PIECES = 4
"""Pieces too many (over all connectivities, beyond one each) that show cuts converging.
Measured on puzzlekit and ISS: a Masyu's loop falls into 2–5 pieces per answer after its
first few rounds and closes within 25 rounds, while a Yin-Yang colour or a Nurikabe wall
keeps falling into 10–20 pieces for hundreds of rounds, and a chaos construction's nine
regions into 1–4 pieces each, where the full encoding solves sooner."""


class _Search:
    """Further answers, in one or two phases, on copies of the lowered model.

    An answer differs from the earlier ones on some answer variable. When most answer
    variables are 0/1 (the edges of a loop, a shading), phase A asks for one that differs from
    each earlier answer on a Boolean answer variable (the clause a careful modeller writes
    over the edges of a loop); only if there is none, phase B asks, per pattern of Boolean
    values already seen, for one that keeps that pattern and differs on an integer answer
    variable. Together they are exactly "differs from every earlier answer", but each phase
    gives the solver a clause over 0/1 literals instead of reified disequalities of wide
    integers. When most are integers, the few 0/1 ones are incidental (a region number with
    two possible values) and two phases would make two proofs of one fact, so one model asks
    for a difference anywhere: on ISS's chaos constructions, 0.85× the time in all."""

    def __init__(self, low: Lowering, answer_vars: list[int]) -> None:
        self.low = low
        self.bools = [v for v in answer_vars if low.bool_of[v] is not None]
        self.ints = [v for v in answer_vars if low.bool_of[v] is None]

    def _literal(self, m: cp_model.CpModel, v: int, value: int, differ: bool):  # noqa: ANN202
        b = m.get_bool_var_from_proto_index(self.low.bool_of[v].index)
        lo, _step = self.low.affine[v]
        same = b.Not() if value == lo else b
        return same.Not() if differ else same

    def differs(self, m: cp_model.CpModel, vals: list[int]) -> list:
        """Literals of which one holds exactly when an answer differs from `vals`."""
        return [*(self._literal(m, v, vals[v], True) for v in self.bools),
                *self._int_differs(m, vals)]

    def fix(self, m: cp_model.CpModel, vals: list[int]) -> None:
        """Fix every answer variable of `m` to its value in `vals`."""
        m.add_bool_and([self._literal(m, v, vals[v], False) for v in self.bools])
        for v in self.ints:
            m.add(m.get_int_var_from_proto_index(self.low.vars[v].index) == vals[v])

    def _int_differs(self, m: cp_model.CpModel, vals: list[int]) -> list:
        """Per integer answer variable, a literal that implies it differs from `vals`."""
        lits = []
        for v in self.ints:
            x = m.get_int_var_from_proto_index(self.low.vars[v].index)
            d = m.new_bool_var("")
            m.add(x != vals[v]).only_enforce_if(d)
            lits.append(d)
        return lits

    def unseen(self, found: list[list[int]]) -> list[cp_model.CpModel]:
        """A copy of the model asking for an answer that gives some answer variable a value
        no answer in `found` gives it; none when every value has been seen."""
        m = self.low.m.clone()
        lits = []
        for v in (*self.bools, *self.ints):
            seen = {vals[v] for vals in found}
            for x in self.low.gm.variables[v].domain.values():
                if x in seen:
                    continue
                if self.low.bool_of[v] is not None:
                    lits.append(self._literal(m, v, x, False))
                else:
                    d = m.new_bool_var("")
                    m.add(m.get_int_var_from_proto_index(self.low.vars[v].index) == x
                          ).only_enforce_if(d)
                    lits.append(d)
        if not lits:
            return []
        m.add_bool_or(lits)
        return [m]

    def phases(self, found: list[list[int]]) -> list[cp_model.CpModel]:
        if len(self.bools) < len(self.ints):
            m = self.low.m.clone()
            for vals in found:
                m.add_bool_or(self.differs(m, vals))
            return [m]
        out = []
        if self.bools:
            m = self.low.m.clone()
            for vals in found:
                m.add_bool_or([self._literal(m, v, vals[v], True) for v in self.bools])
            out.append(m)
        if self.ints:
            patterns: dict[tuple[int, ...], list[list[int]]] = {}
            for vals in found:
                patterns.setdefault(tuple(vals[v] for v in self.bools), []).append(vals)
            for pattern, same in patterns.items():
                m = self.low.m.clone()
                m.add_bool_and([self._literal(m, v, x, False)
                                for v, x in zip(self.bools, pattern, strict=True)])
                for vals in same:
                    m.add_bool_or(self._int_differs(m, vals))
                out.append(m)
        return out


def solve(gm: GroundModel, answer_vars: list[int], *, max_solutions: int = 2,
          deadline: Deadline = UNBOUNDED, workers: int | None = None,
          reserve: float = 0.0) -> BackendResult:
    """Find up to `max_solutions` answers differing on `answer_vars`; each answer found brings
    the deadline `reserve` seconds nearer (see `sapphire.backend.solve`).

    A small model, or a medium one with a region map (`REGION_ENUMERATION_BUDGETS`), is
    first searched once with solution enumeration (one worker): CP-SAT's presolve, which on
    most puzzles is the whole cost of a solve, then runs once instead of once per answer.
    Enumeration lists assignments of every variable, so when it keeps meeting the same
    answer (auxiliary variables left free) it gives up and the blocking search below takes
    over.

    `workers` (for the blocking search) defaults by size: on a small model extra portfolio
    workers only share the machine's cores, while large loop models need the portfolio's
    diversity (`docs/decisions.md`, "Workers by size"). A model with a region map gets
    `REGION_MAP_SUBSOLVERS`.
    """
    size = len(gm.variables)
    chosen = workers is not None
    if workers is None:
        workers = 2 if size < LARGE_MODEL else 8
    t0 = time.perf_counter()
    regions = region_groups(gm) > 2
    budgets = REGION_ENUMERATION_BUDGETS if regions else ENUMERATION_BUDGETS
    try:
        with no_gc():
            low = Lowering(gm, exact=any(size < below for below, _ in budgets),
                           lazy_connectivity=LAZY_CONNECTIVITY, native_automata=not regions,
                           deadline=deadline)
            low.post_model()
    except LoweringStopped:
        return _stopped_lowering(t0)
    timings = {"lower": time.perf_counter() - t0}
    # the deadline covers the lowering too: a large model takes seconds to write out
    clock = _Clock(deadline, timings, reserve=reserve)
    t1 = time.perf_counter()
    found = None
    own = clock
    for below, budget in budgets:
        if size < below and not low.free_aux and not low.lazy:
            found = _enumerate(low, answer_vars, max_solutions, clock, budget,
                               REGION_ENUMERATION_VARIANTS if regions else ENUMERATION_VARIANTS)
            break
    relax = found is None and RELAX_WITNESSES and size >= LARGE_MODEL
    relaxed = relaxation(gm, answer_vars) if relax else None
    if relaxed is not None:
        # the model itself first, for a while: most large puzzles are solved sooner so
        turn = time.perf_counter() + RELAX_AFTER
        own = clock if clock.deadline.end <= turn \
            else _Clock(Deadline(turn), clock.timings, reserve=reserve)
        found = _block(low, answer_vars, max_solutions, own, workers, _subsolvers(low, chosen))
        if own is not clock and found is not None and found[0] == "unknown":
            found = None
    if relaxed is not None and found is None:
        t2 = time.perf_counter()
        try:
            with no_gc():
                low_r = Lowering(relaxed, lazy_connectivity=LAZY_CONNECTIVITY, implied=True,
                                 deadline=clock.deadline)
                low_r.post_model()
        except LoweringStopped:
            clock.record("lower relaxed", t2)
            return BackendResult("unknown", [], timings, "cpsat", True)
        clock.record("lower relaxed", t2)
        found = _block(low_r, answer_vars, max_solutions, clock, workers,
                       _subsolvers(low_r, chosen), _Witnesses(low, answer_vars, clock, workers))
    if found is None:
        found = _block(low, answer_vars, max_solutions, clock, workers, _subsolvers(low, chosen))
    status, solutions = found
    timings["solve"] = time.perf_counter() - t1
    return BackendResult(status, solutions, timings, "cpsat", clock.timed_out
                         or (own.timed_out and found[0] != "unknown"))


def candidates(gm: GroundModel, answer_vars: list[int], *, deadline: Deadline = UNBOUNDED,
               workers: int | None = None) -> BackendResult:
    """Answers that between them give each answer variable every value some answer gives it:
    the blocking search (`_block`), each further model asking for a value not yet seen
    (`_Search.unseen`), on the full model (no enumeration, no relaxation). `timed_out` says
    the time limit stopped it first."""
    chosen = workers is not None
    if workers is None:
        workers = 2 if len(gm.variables) < LARGE_MODEL else 8
    t0 = time.perf_counter()
    try:
        with no_gc():
            low = Lowering(gm, lazy_connectivity=LAZY_CONNECTIVITY,
                           native_automata=region_groups(gm) <= 2, deadline=deadline)
            low.post_model()
    except LoweringStopped:
        return _stopped_lowering(t0)
    timings = {"lower": time.perf_counter() - t0}
    clock = _Clock(deadline, timings)
    t1 = time.perf_counter()
    search = _Search(low, answer_vars)
    values = sum(gm.variables[v].domain.size for v in answer_vars)  # answers it can take
    found = _block(low, answer_vars, values + 1, clock, workers, _subsolvers(low, chosen),
                   further=search.unseen)
    assert found is not None  # only a relaxation's search gives up
    timings["solve"] = time.perf_counter() - t1
    return BackendResult(found[0], found[1], timings, "cpsat", clock.timed_out)


def _stopped_lowering(t0: float) -> BackendResult:
    """What a search says whose time limit passed while its model was written out."""
    return BackendResult("unknown", [], {"lower": time.perf_counter() - t0}, "cpsat", True)


def _subsolvers(low: Lowering, chosen: bool) -> tuple[str, ...]:
    """The blocking search's own portfolio, when the model calls for one."""
    return REGION_MAP_SUBSOLVERS if not chosen and low.most_groups > 2 else ()


@dataclass
class _Clock:
    """The deadline shared by every solver call, and where their times are recorded."""

    deadline: Deadline
    timings: dict[str, float]
    timed_out: bool = False
    """Whether a search stopped at the deadline (see `BackendResult.timed_out`)."""
    reserve: float = 0.0
    """Seconds each answer found brings the deadline nearer (see `found`)."""

    def found(self) -> bool:
        """Keep `reserve` free for an answer just found; False when that leaves no time."""
        self.deadline = self.deadline.sooner(self.reserve)
        return not self.deadline.expired()

    def late(self, answers: int) -> bool:
        """Whether the time left is no more than `reserve` for each of `answers` (those of
        one enumerating search, which does not move the deadline: the searches it races
        find the same answers)."""
        return self.deadline.sooner(self.reserve * answers).expired()

    def limit(self, solver: cp_model.CpSolver) -> bool:
        """Give `solver` the time left; False when none is."""
        left = self.deadline.remaining()
        if left is None:
            return True
        if left <= 0:
            return False
        solver.parameters.max_time_in_seconds = left
        return True

    def record(self, key: str, since: float) -> None:
        self.timings[key] = self.timings.get(key, 0.0) + time.perf_counter() - since


def _verdict(solutions: list[list[int]], timed_out: bool) -> str:
    if timed_out:
        return "multiple" if len(solutions) > 1 else "unknown"
    return {0: "none", 1: "unique"}.get(len(solutions), "multiple")


REGION_MAP_SUBSOLVERS = ("default_lp", "no_lp")
"""The blocking search's portfolio for a model whose connectivity is a partition into more
than two groups (a chaos construction's region map), one thread each, in place of the
default portfolio. The linear relaxation of the region-by-digit table costs more than it
prunes, so the search without it mostly wins; loops and two-colour shadings keep the default,
which they need (`docs/decisions.md`, "Region-map portfolio")."""


SOLVER_PARAMETERS: dict[str, int] = {"symmetry_level": 0}
"""CP-SAT parameters of every search. Symmetry detection is off: CP-SAT looks for symmetries of
the model in every presolve, and on some puzzle models runs into its fixed work limit each
solve, while givens break the symmetries a puzzle has (`docs/decisions.md`)."""


def _solver() -> cp_model.CpSolver:
    """A CP-SAT solver with `SOLVER_PARAMETERS`; every search of the backend starts from one."""
    solver = cp_model.CpSolver()
    for key, value in SOLVER_PARAMETERS.items():
        setattr(solver.parameters, key, value)
    return solver


MAX_REPEATS = 32
"""Enumerated assignments with an already seen answer before enumeration gives up."""


class _Answers(cp_model.CpSolverSolutionCallback):
    """Collects distinct answers during enumeration; stops at `want` or at too many repeats."""

    def __init__(self, low: Lowering, answer_vars: list[int], want: int,
                 clock: _Clock | None = None) -> None:
        super().__init__()
        self.low, self.answer_vars, self.want = low, answer_vars, want
        self.clock = clock
        self.answers: dict[tuple[int, ...], list[int]] = {}
        self.repeats = 0
        self.gave_up = False
        self.late = False
        """Whether the search stopped because the answers' reserve used up the time left."""

    def on_solution_callback(self) -> None:
        vals = self.low.values(list(self.response_proto.solution))
        key = tuple(vals[v] for v in self.answer_vars)
        if key in self.answers:
            self.repeats += 1
            if self.repeats > MAX_REPEATS:
                self.gave_up = True
                self.stop_search()
            return
        self.answers[key] = vals
        if len(self.answers) >= self.want:
            self.stop_search()
        elif self.clock is not None and self.clock.late(len(self.answers)):
            self.late = True
            self.stop_search()


ENUMERATION_VARIANTS: tuple[dict[str, int], ...] = ({}, {"linearization_level": 2})
"""CP-SAT parameters of the enumerating searches raced against each other, one thread each
when the machine has a core for each. Sums over many cells (little killers, cages, full-rank
clues) are often refuted only by the LP relaxation of level 2, which slows placement puzzles
down several times; racing keeps the faster of the two (`docs/decisions.md`)."""


@dataclass
class _EnumerationRun:
    """One enumerating search: its solver, its answers and how it ended."""

    solver: cp_model.CpSolver
    answers: _Answers
    own_limit: bool
    status: int | None = None

    @property
    def complete(self) -> bool:
        return self.status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) or (
            len(self.answers.answers) >= self.answers.want)

    @property
    def decisive(self) -> bool:
        """Whether this run settles the question for every run (so the others may stop)."""
        return self.complete or self.answers.gave_up or self.answers.late


def _race(low: Lowering, runs: list[_EnumerationRun]) -> None:
    """Run the first search here and each other one in a thread; the first to settle the
    question stops the others.

    A stop reaches a CP-SAT search only while it runs (one asked for before it starts is
    lost), so the winner repeats it until every other search has ended."""

    def search(run: _EnumerationRun) -> None:
        run.status = run.solver.solve(low.m, run.answers)
        if run.decisive:
            while any(other.status is None for other in runs):
                for other in runs:
                    if other.status is None:
                        other.solver.stop_search()
                time.sleep(0.001)

    threads = [threading.Thread(target=search, args=(run,)) for run in runs[1:]]
    for t in threads:
        t.start()
    search(runs[0])
    for t in threads:
        t.join()


def _enumerate(low: Lowering, answer_vars: list[int], max_solutions: int, clock: _Clock,
               budget: float | None, variants: tuple[dict[str, int], ...]
               ) -> tuple[str, list[list[int]]] | None:
    """Enumerating searches raced under `variants`; None when they met the same answer too
    often or used up their own `budget` (not the caller's time limit) unfinished."""
    variants = variants if (os.cpu_count() or 1) > 1 else variants[:1]
    runs: list[_EnumerationRun] = []
    for params in variants:
        solver = _solver()
        solver.parameters.num_workers = 1
        solver.parameters.enumerate_all_solutions = True
        for key, value in params.items():
            setattr(solver.parameters, key, value)
        if not clock.limit(solver):
            return "unknown", []
        own_limit = budget is not None and (
            not clock.deadline.bounded or budget < solver.parameters.max_time_in_seconds)
        if own_limit:
            solver.parameters.max_time_in_seconds = budget
        runs.append(_EnumerationRun(solver, _Answers(low, answer_vars, max_solutions, clock),
                                    own_limit))
    ts = time.perf_counter()
    if len(runs) == 1:
        runs[0].status = runs[0].solver.solve(low.m, runs[0].answers)
    else:
        _race(low, runs)
    clock.record("enumerate", ts)
    if any(run.status == cp_model.MODEL_INVALID for run in runs):
        raise InternalError("CP-SAT rejected the model: " + low.m.validate())
    finished = [run for run in runs if run.complete]
    if finished:
        solutions = list(finished[0].answers.answers.values())
        return _verdict(solutions, False), solutions
    if any(run.answers.gave_up for run in runs):
        return None
    if any(run.own_limit for run in runs) and not any(run.answers.late for run in runs):
        return None
    solutions = list(max(runs, key=lambda run: len(run.answers.answers)).answers.answers.values())
    clock.timed_out = True
    return _verdict(solutions, True), solutions


_RETRY = "retry"
_GIVE_UP = "give up"

RELAXED_MISSES = 2
"""Answers of a relaxation without witnesses after which the search gives the relaxation up:
each one is ruled out alone, so a relaxation that keeps finding them is too loose to pay."""


class _Witnesses:
    """Witnesses for a relaxation's answers: the full model with the answer fixed, solved
    (with its own connectivity cuts) by propagation more than by search."""

    def __init__(self, low: Lowering, answer_vars: list[int], clock: _Clock,
                 workers: int) -> None:
        self.low, self.clock, self.workers = low, clock, workers
        self.search = _Search(low, answer_vars)
        self.timed_out = False

    def find(self, vals: list[int]) -> list[int] | None:
        """Every variable's value in an assignment of the full model with `vals`'s answer;
        None when it has none, or when the time ran out (then `timed_out` is set)."""
        m = self.low.m.clone()
        self.search.fix(m, vals)
        solver = _solver()
        solver.parameters.num_workers = self.workers
        for _ in range(LAZY_ROUNDS[1] + 1):
            if not self.clock.limit(solver):
                break
            ts = time.perf_counter()
            st = solver.solve(m)
            self.clock.record("witness", ts)
            if st == cp_model.INFEASIBLE:
                return None
            if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                break
            solution = list(solver.response_proto.solution)
            cuts = [cut for lazy in self.low.lazy for cut in lazy.cuts(solution)]
            if not cuts:
                return self.low.values(solution)
            for cut in cuts:  # they hold for every answer: the full model keeps them
                _add_clause(m, cut)
                _add_clause(self.low.m, cut)
        self.timed_out = True
        return None


class Completer:
    """Witnesses for answers another search found (the SAT backend's relaxation of a model
    with wide auxiliary variables): the full model, lowered once, solved with the answer
    fixed (see `_Witnesses`)."""

    def __init__(self, gm: GroundModel, answer_vars: list[int], workers: int = 8) -> None:
        with no_gc():
            self.low = Lowering(gm, lazy_connectivity=LAZY_CONNECTIVITY)
            self.low.post_model()
        self.answer_vars, self.workers = answer_vars, workers
        self.timed_out = False

    def find(self, vals: list[int], deadline: Deadline) -> list[int] | None:
        """Every variable's value with `vals`'s answer; None when there is none or the time
        ran out (then `timed_out` is set)."""
        found = _Witnesses(self.low, self.answer_vars, _Clock(deadline, {}), self.workers)
        full = found.find(vals)
        self.timed_out = found.timed_out
        return full


def _add_clause(model: cp_model.CpModel, lits: list) -> None:
    """Add a clause over literals of the lowered model to `model` (it or a copy)."""
    get = model.get_bool_var_from_proto_index
    model.add_bool_or([get(lit.index) if lit.index >= 0 else get(-lit.index - 1).Not()
                       for lit in lits])


def _block(low: Lowering, answer_vars: list[int], max_solutions: int, clock: _Clock,
           workers: int, subsolvers: tuple[str, ...] = (),
           witness: _Witnesses | None = None,
           further: Callable[[list[list[int]]], list[cp_model.CpModel]] | None = None
           ) -> tuple[str, list[list[int]]] | None:
    """Solve, then ask for an answer differing from every earlier one, until none is left
    (`further` asks another question of the answers so far: the models to try in turn).

    Each solve that breaks a lazily checked connectivity is repeated with its cuts; after
    `LAZY_ROUNDS` such repeats connectivity is encoded in full and the solve starts again.
    `subsolvers`, when given, name the full-problem searches in place of `workers` ones.

    With `witness`, `low` is a relaxation (see `sapphire.ground.witness`): each answer it finds
    becomes a solution only with the witnesses `witness` finds for it, and one without any is
    ruled out; after `RELAXED_MISSES` of those, None gives the search back to the full model."""
    solver = _solver()
    solver.parameters.num_workers = workers
    if subsolvers:
        # one full-problem search each, none that only looks for a first solution, and one
        # more worker, which CP-SAT keeps for its helpers
        solver.parameters.num_workers = len(subsolvers) + 1
        solver.parameters.subsolvers.extend(subsolvers)
        solver.parameters.use_feasibility_jump = False
    solutions: list[list[int]] = []
    search = _Search(low, answer_vars)
    rounds = misses = 0
    fewest = [1 << 30, 0]  # the fewest pieces too many an answer had, and in which round
    answer = set(answer_vars)
    inside_only = all(answer.isdisjoint(formula_variables(lazy.formula, set()))
                      for lazy in low.lazy)

    def run(model: cp_model.CpModel) -> list[int] | None | str:
        """Values of a solution, None when there is none, 'unknown' on time out, `_RETRY`
        when connectivity has just been encoded in full (`model` lacks it), `_GIVE_UP` when
        a relaxation's answers keep lacking witnesses."""
        nonlocal rounds, misses
        while True:
            if not clock.limit(solver):
                return "unknown"
            ts = time.perf_counter()
            st = solver.solve(model)
            clock.record(f"solve{len(solutions) + 1}", ts)
            if st == cp_model.INFEASIBLE:
                return None
            if st == cp_model.MODEL_INVALID:
                raise InternalError("CP-SAT rejected the model: " + model.validate())
            if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                return "unknown"
            solution = list(solver.response_proto.solution)
            cuts = [cut for lazy in low.lazy for cut in lazy.cuts(solution)]
            if not cuts:
                vals = low.values(solution)
                if witness is None:
                    return vals
                full = witness.find(vals)
                if full is not None:
                    return full
                if witness.timed_out:
                    return "unknown"
                misses += 1
                if misses > RELAXED_MISSES:
                    return _GIVE_UP
                low.m.add_bool_or(search.differs(low.m, vals))
                if model is not low.m:
                    model.add_bool_or(search.differs(model, vals))
                continue
            rounds += 1
            settling, most = LAZY_ROUNDS
            apart = sum(max(lazy.pieces - 1, 0) for lazy in low.lazy)
            if apart < fewest[0]:
                fewest[:] = [apart, rounds]
            stalled = not inside_only or rounds - fewest[1] >= LAZY_STALL
            if (rounds > most or (rounds > settling and apart > LAZY_PIECES and stalled)) \
                    and low.encode_lazy():
                if model is not low.m:
                    return _RETRY
                continue
            for cut in cuts:
                _add_clause(low.m, cut)
                if model is not low.m:
                    _add_clause(model, cut)

    first = run(low.m)
    if first == _GIVE_UP:
        return None
    if first == "unknown":
        clock.timed_out = True
        return "unknown", []
    if first is None:
        return "none", []
    solutions.append(first)  # type: ignore[arg-type]
    while len(solutions) < max_solutions:
        if not clock.found():
            clock.timed_out = True
            return _verdict(solutions, True), solutions
        nxt = None
        ask = further or search.phases
        models = ask(solutions)
        i = 0
        while i < len(models):
            got = run(models[i])
            if got == _RETRY:
                models = ask(solutions)
                continue
            if got == _GIVE_UP:
                return None
            if got == "unknown":
                clock.timed_out = True
                return _verdict(solutions, True), solutions
            if got is not None:
                nxt = got
                break
            i += 1
        if nxt is None:
            break
        solutions.append(nxt)  # type: ignore[arg-type]
    return _verdict(solutions, False), solutions
