"""The SAT backend's search: CaDiCaL through python-sat, one incremental solver per model.

The solver is asked for an answer; an answer that breaks a connectivity checked on answers
gets its cuts and the solver is asked again, keeping everything it learnt. An answer that
keeps every constraint is blocked by a clause over the answer variables' literals only
("some answer variable differs"), so auxiliary literals never make an answer count twice,
and the solver is asked again until `max_solutions` answers are found or none is left.
A model with guides (a rule's ```sapphire guide) whose search finds no answer in
`GUIDE_AFTER` seconds asks a second solver for an answer keeping them, under an assumed
literal; that answer is blocked like any other and the first solver searches on without the
guides, so they choose where the first answer is looked for and never what counts.

A model with wide auxiliary variables (the seed Slitherlink's ordering `id`, a value per
lattice point) that also states the connectivity they prove is searched as its relaxation
without them (`sapphire.ground.witness`); each answer of the relaxation then gets its
witnesses from CP-SAT with the answer fixed, and one without any is blocked. Other variables
with more than `MAX_VALUES` values make the model unsupported.

`candidates` runs the same search for another question: which values some answer gives each
answer variable. After each answer it asks, in one clause, for an answer that gives some
answer variable a value no answer so far has given it, until none is left (every such value
is then known) or the time is up.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from pysat.solvers import Solver

from sapphire.backend.base import BackendResult, Between, Unsupported
from sapphire.backend.sat.cnf import FALSE
from sapphire.backend.sat.lowering import MAX_VALUES, SatLowering, TimeUp
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.ground.witness import relaxation, witnesses
from sapphire.model import GroundModel

SOLVER = "cadical195"
"""python-sat's name of the SAT solver: CaDiCaL 1.9.5."""

FIRST_BUDGET = 1_000
"""Conflicts of the first slice of a search under a time limit. CaDiCaL in python-sat cannot
be interrupted, so a time limit is kept by solving in slices of a conflict budget, each sized
from the conflicts per second the slices so far took to last about `SLICE` seconds (or the
time left, if less)."""

SLICE = 0.25

CHUNK = 100_000
"""Clauses given to the solver between two looks at the clock."""

GUIDE_AFTER = 2.0
"""Seconds of search without an answer after which a model's guides lead a search of their
own to the first answer (see `_Incremental.guided_answer`). Most models find theirs sooner,
and the search that follows is then the same as without guides."""

MAX_BUDGET = 1 << 30
"""A slice's conflicts at most: CaDiCaL takes its budget as a C int."""

FULL_AFTER = 120
"""Rounds of connectivity cuts after which the groups are encoded in full (when they are
small enough to be). Cuts close a loop in tens of rounds; a shading whose pieces keep
changing may need hundreds."""


class _Clock:
    def __init__(self, deadline: Deadline, timings: dict[str, float],
                 between: Between | None = None) -> None:
        self.deadline, self.timings, self.between = deadline, timings, between
        self.timed_out = False
        """Whether the search stopped at the deadline (see `BackendResult.timed_out`)."""

    def left(self) -> float | None:
        return self.deadline.remaining()

    def record(self, key: str, since: float) -> None:
        self.timings[key] = self.timings.get(key, 0.0) + time.perf_counter() - since


class _Incremental:
    """One CaDiCaL instance fed from a lowering's clause queue, solved within the clock."""

    def __init__(self, low: SatLowering, clock: _Clock, guides: bool = False) -> None:
        self.low, self.clock = low, clock
        self.solver = Solver(name=SOLVER)
        if guides:
            self.solver.append_formula(low.guide_clauses)
        self.calls = 0
        self.rounds = 0
        """Rounds of connectivity cuts so far (see `FULL_AFTER`)."""
        self.guided = bool(low.gm.guides) and not guides
        """Whether the guides (`SatLowering.guide`) may still lead to the first answer, in a
        solver of their own (`guided_answer`); this one never holds them."""
        self.given = 0
        """How many of the lowering's clauses this solver holds."""
        self.complete = self.add_pending()
        """Whether the solver holds every clause written (False once time ran out)."""

    def add_pending(self) -> bool:
        """Give the solver the clauses written since; False when the time limit passed
        first (python-sat takes a clause at a time, about a microsecond each: the millions
        of a large group's full encoding take seconds)."""
        clauses = self.low.cnf.clauses[self.given:]
        self.given += len(clauses)
        for i in range(0, len(clauses), CHUNK):
            left = self.clock.left()
            if left is not None and left <= 0:
                return False
            self.solver.append_formula(clauses[i:i + CHUNK])
        return True

    def solve(self, assume: list[int] | None = None, within: float | None = None
              ) -> bool | None:
        """True (a model is ready), False (no answer is left, under the literals `assume`),
        None (time is up, or the call ran `within` seconds)."""
        if not (self.complete and self.add_pending()):
            self.complete = False
            return None
        self.calls += 1
        ts = time.perf_counter()
        clock = self.clock
        if within is not None:
            clock = _Clock(clock.deadline.within(within), clock.timings, clock.between)
        try:
            if not clock.deadline.bounded and clock.between is None:
                return self.solver.solve(assumptions=assume) if assume else self.solver.solve()
            budget = FIRST_BUDGET
            while True:
                left = clock.left()
                if left is not None and left <= 0:
                    return None
                if clock.between is not None:
                    clock.between()
                self.solver.conf_budget(budget)
                t = time.perf_counter()
                got = self.solver.solve_limited(assumptions=assume) if assume else \
                    self.solver.solve_limited()
                if got is not None:
                    return got
                rate = budget / max(time.perf_counter() - t, 1e-4)
                left = clock.left()
                budget = max(100, min(MAX_BUDGET, int(rate * (
                    SLICE if left is None else min(SLICE, max(left, 0.01))))))
        finally:
            self.clock.record("sat", ts)

    def model(self) -> list[int]:
        return self.solver.get_model()

    def guided_answer(self) -> list[int] | None | str:
        """An answer keeping the guides, from a solver of their own (None: no answer keeps
        them, or the clauses cannot state them; `_TIME_UP`). They are written only now, so
        that a model answered within `GUIDE_AFTER` never pays for them. This solver never
        holds them: searched in it, or only held there, they left its choices where the
        guides hold and slowed the proof of uniqueness after (docs/decisions.md, "Guides")."""
        self.guided = False
        if not self.low.post_guides():
            return None
        spare = _Incremental(self.low, self.clock, guides=True)
        try:
            while True:
                got = spare.solve([self.low.guide])
                if got is None:
                    return _TIME_UP
                if not got:
                    return None
                model = spare.model()
                cuts = [cut for lazy in self.low.lazy for cut in lazy.cuts(model)]
                if not cuts:
                    return model
                self.low.cnf.clauses.extend(cuts)
        finally:
            self.calls += spare.calls
            spare.delete()

    def delete(self) -> None:
        self.solver.delete()


def solve(gm: GroundModel, answer_vars: list[int], *, max_solutions: int = 2,
          deadline: Deadline = UNBOUNDED, workers: int | None = None,
          between: Between | None = None, reserve: float = 0.0) -> BackendResult:
    """Up to `max_solutions` answers differing on `answer_vars` (`workers` is CP-SAT's only).
    `between` is called between slices of the search (at least every `SLICE` seconds) and
    may raise to stop it (`sapphire.backend.race`). Each answer found brings the deadline
    `reserve` seconds nearer (see `sapphire.backend.solve`).

    Raises `Unsupported` for a model the lowering cannot write as clauses."""

    def search(sat: _Incremental, low: SatLowering, completer: object | None,
               clock: _Clock) -> tuple[str, list[list[int]]]:
        return _search(sat, low, answer_vars, max_solutions, completer, clock, reserve)

    return _searched(gm, answer_vars, deadline, between, search)


def candidates(gm: GroundModel, answer_vars: list[int], *, deadline: Deadline = UNBOUNDED,
               workers: int | None = None) -> BackendResult:
    """Answers that between them give each answer variable every value some answer gives it
    (see the module docstring); `timed_out` says the time limit stopped the search first, so
    that a value may be missing. Raises `Unsupported` as `solve` does."""

    def search(sat: _Incremental, low: SatLowering, completer: object | None,
               clock: _Clock) -> tuple[str, list[list[int]]]:
        return _candidates(sat, low, answer_vars, completer, clock)

    return _searched(gm, answer_vars, deadline, None, search)


_Searcher = Callable[["_Incremental", SatLowering, "object | None", _Clock],
                     tuple[str, list[list[int]]]]


def _searched(gm: GroundModel, answer_vars: list[int], deadline: Deadline,
              between: Between | None, search: _Searcher) -> BackendResult:
    """Lower `gm` (or its relaxation) and run `search` on one incremental solver."""
    t0 = time.perf_counter()
    timings: dict[str, float] = {}
    clock = _Clock(deadline, timings, between)
    answer = set(answer_vars)
    wide: set[int] = set()
    completer = None
    model = relaxation(gm, answer_vars)
    if model is not None:  # its witnesses are found per answer (`Completer`)
        wide = witnesses(gm, answer_vars)
    else:
        model = gm
        for v, var in enumerate(gm.variables):
            if var.domain.size > MAX_VALUES:
                what = "an answer variable" if v in answer else "an auxiliary variable"
                raise Unsupported(f"{what} has more than {MAX_VALUES} values")
    try:
        low = SatLowering(model, answer_vars, skip=frozenset(wide), implied=model is not gm,
                          deadline=clock.deadline)
        low.post_model(clock.deadline)
    except TimeUp:
        timings["lower"] = time.perf_counter() - t0
        return BackendResult("unknown", [], timings, "sat", True)
    if wide and _reads(low, wide):
        raise Unsupported("the relaxation still reads a wide variable")
    timings["lower"] = time.perf_counter() - t0
    if wide:
        from sapphire.backend.cpsat.search import Completer  # OR-Tools, only for these

        completer = Completer(gm, answer_vars)
    sat = _Incremental(low, clock)
    try:
        status, solutions = search(sat, low, completer, clock)
    finally:
        sat.delete()
    timings["solve"] = time.perf_counter() - t0 - timings["lower"]
    timings["sat calls"] = sat.calls
    return BackendResult(status, solutions, timings, "sat", clock.timed_out)


def _reads(low: SatLowering, wide: set[int]) -> bool:
    """Whether some element of the lowered model reads a wide variable (the relaxation drops
    every constraint that does, so only elements can)."""
    return any(el.result in wide for el, _ in low.gm.elements)


_TIME_UP = "time up"


def _model(sat: _Incremental, clock: _Clock) -> list[int] | None | str:
    """The solver's next model (None: no answer is left; `_TIME_UP`), or, once the search has
    run `GUIDE_AFTER` seconds without an answer, the guides' answer when one keeps them."""
    if sat.guided:
        got = sat.solve(within=max(GUIDE_AFTER - clock.timings.get("sat", 0.0), 0.0))
        left = clock.left()
        if got is None and (left is None or left > 0):
            found = sat.guided_answer()
            if found is not None:
                return found
            got = sat.solve()  # no answer keeps the guides: search on without them
    else:
        got = sat.solve()
    if got is None:
        return _TIME_UP
    return sat.model() if got else None


def _next(sat: _Incremental, low: SatLowering, answer_vars: list[int],
          completer: object | None, clock: _Clock) -> list[int] | None | str:
    """The next answer (every variable's value), blocked for the searches after it; None when
    no answer is left, `_TIME_UP` when the time limit came first."""
    while True:
        model = _model(sat, clock)
        if model == _TIME_UP:
            clock.timed_out = True
            return _TIME_UP
        if model is None:
            return None
        cuts = [cut for lazy in low.lazy for cut in lazy.cuts(model)]
        if cuts:
            sat.rounds += 1
            try:
                encoded = sat.rounds == FULL_AFTER and low.encode_lazy()
            except TimeUp:
                clock.timed_out = True
                return _TIME_UP
            if encoded:
                continue
            low.cnf.clauses.extend(cuts)
            continue
        vals = low.answer_values(model)
        sat.guided = False  # the first answer is found: the guides have no more to do
        block = [-low.var_equals_literal(v, vals[v]) for v in answer_vars]
        low.cnf.add(block)
        if completer is not None:
            ts = time.perf_counter()
            full = completer.find(vals, clock.deadline)  # type: ignore[attr-defined]
            clock.record("witness", ts)
            if full is None:
                if completer.timed_out:  # type: ignore[attr-defined]
                    clock.timed_out = True
                    return _TIME_UP
                continue  # no witnesses: this answer of the relaxation is none of the model's
            vals = full
        return vals


def _search(sat: _Incremental, low: SatLowering, answer_vars: list[int], max_solutions: int,
            completer: object | None, clock: _Clock, reserve: float = 0.0
            ) -> tuple[str, list[list[int]]]:
    solutions: list[list[int]] = []
    while len(solutions) < max_solutions:
        vals = _next(sat, low, answer_vars, completer, clock)
        if vals == _TIME_UP:
            return _verdict(solutions, True), solutions
        if vals is None:
            break
        solutions.append(vals)  # type: ignore[arg-type]
        clock.deadline = clock.deadline.sooner(reserve)  # the time to verify it is kept free
    return _verdict(solutions, False), solutions


def _candidates(sat: _Incremental, low: SatLowering, answer_vars: list[int],
                completer: object | None, clock: _Clock) -> tuple[str, list[list[int]]]:
    """Answers until no answer gives an answer variable a value none so far has given it.
    Each round's clause lists the literals of the values not yet seen; the seen ones only
    grow, so each clause implies the ones before and they can all stay in the solver."""
    seen: dict[int, set[int]] = {v: set() for v in answer_vars}
    solutions: list[list[int]] = []
    while True:
        vals = _next(sat, low, answer_vars, completer, clock)
        if vals == _TIME_UP:
            return _verdict(solutions, True), solutions
        if vals is None:
            break
        solutions.append(vals)  # type: ignore[arg-type]
        for v in answer_vars:
            seen[v].add(vals[v])  # type: ignore[index]
        unseen = [lit for v in answer_vars for x in low.gm.variables[v].domain.values()
                  if x not in seen[v] and (lit := low.var_equals_literal(v, x)) != FALSE]
        if not unseen:
            break
        low.cnf.add(unseen)
    return _verdict(solutions, False), solutions


def _verdict(solutions: list[list[int]], timed_out: bool) -> str:
    if timed_out:
        return "multiple" if len(solutions) > 1 else "unknown"
    return {0: "none", 1: "unique"}.get(len(solutions), "multiple")
