"""Backends: the answers of a ground model, searched by a solver chosen by name.

One protocol for every solver (`solve` below): lower a ground model, find up to
`max_solutions` answers that differ on the answer variables, within a time limit, and say
how long each step took. `cpsat` is OR-Tools' CP-SAT; `sat` is CaDiCaL through python-sat;
`auto` picks one per model (`sapphire.backend.choose`), and lets CP-SAT race a SAT search
that takes long (`sapphire.backend.race`). Each backend's package is imported
only when it runs: loading OR-Tools costs a fresh process about a third of a second.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from sapphire.diagnostics import error
from sapphire.model import GroundModel

BACKENDS = ("auto", "cpsat", "sat")
"""The names `--backend` takes."""


@dataclass
class BackendResult:
    status: str
    """'unique' | 'multiple' | 'none' | 'unknown'"""
    solutions: list[list[int]] = field(default_factory=list)
    """Each solution: the value of every ground variable, by index."""
    timings: dict[str, float] = field(default_factory=dict)
    backend: str = ""
    """The backend that answered (`cpsat` or `sat`)."""
    timed_out: bool = False
    """Whether the time limit stopped the search, so that `solutions` need not be every
    answer (a `multiple` may have more; an `unknown` has no verdict)."""


def solve(gm: GroundModel, answer_vars: list[int], *, backend: str = "auto",
          max_solutions: int = 2, time_limit: float | None = None,
          workers: int | None = None, reserve: float = 0.0) -> BackendResult:
    """Up to `max_solutions` answers of `gm` differing on `answer_vars`, by the named backend.
    `reserve` is time the search leaves free per answer found (a count's caller verifies each
    in it): the search stops when no more than that is left of the time limit.

    `timings["load"]` is the time spent importing the backend's solver, which callers leave
    out of the seconds they report for a puzzle."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}")
    chosen = backend
    if backend == "auto":
        from sapphire.backend.choose import choose

        chosen = choose(gm, answer_vars)
    t0 = time.perf_counter()
    if chosen == "sat":
        from sapphire.backend.race import Overtaken, Race, can_race
        from sapphire.backend.sat import Unsupported
        from sapphire.backend.sat import solve as run_sat

        load = time.perf_counter() - t0
        left = _left(time_limit, load)
        race = Race(gm, answer_vars, max_solutions, left, workers) \
            if backend == "auto" and can_race() else None
        try:
            res = run_sat(gm, answer_vars, max_solutions=max_solutions, time_limit=left,
                          workers=workers, between=race, reserve=reserve)
        except Overtaken as o:  # auto: CP-SAT, started beside a long SAT search, answered
            res = o.result
            res.timings["load"] = load  # OR-Tools' import in the child is part of the wait
            return res
        except Unsupported as e:
            refused = time.perf_counter() - t0  # the search time CP-SAT no longer has
            if backend == "sat":
                raise error("sat-unsupported", f"the sat backend cannot solve this model: {e}",
                            None, hint="use --backend cpsat, or auto to choose per model") \
                    from None
            chosen = "cpsat"  # auto: CP-SAT takes what the SAT lowering refuses
        else:
            res.timings["load"] = load
            return res
        finally:
            if race is not None:
                race.close()
    else:
        refused = 0.0
    t1 = time.perf_counter()
    from sapphire.backend.cpsat import solve as run_cpsat

    load = time.perf_counter() - t1
    res = run_cpsat(gm, answer_vars, max_solutions=max_solutions,
                    time_limit=_left(time_limit, load + refused), workers=workers,
                    reserve=reserve)
    res.timings["load"] = load
    if refused:
        res.timings["sat refused"] = refused
    return res


def _left(time_limit: float | None, spent: float) -> float | None:
    return None if time_limit is None else time_limit - spent


def candidates(gm: GroundModel, answer_vars: list[int], *, backend: str = "auto",
               time_limit: float | None = None, workers: int | None = None) -> BackendResult:
    """Answers that between them give each of `answer_vars` every value some answer gives it
    ("true candidates"), by the named backend: after each answer, the search asks for one
    giving some variable a value not seen yet, until none is left or the time is up
    (`timed_out`). `auto` chooses as `solve` does, without a race; a model the SAT lowering
    refuses goes to CP-SAT."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}")
    chosen = backend
    if backend == "auto":
        from sapphire.backend.choose import choose

        chosen = choose(gm, answer_vars)
    refused = 0.0
    t0 = time.perf_counter()
    if chosen == "sat":
        from sapphire.backend.sat import Unsupported
        from sapphire.backend.sat import candidates as run_sat

        load = time.perf_counter() - t0
        try:
            res = run_sat(gm, answer_vars, time_limit=_left(time_limit, load), workers=workers)
        except Unsupported as e:
            if backend == "sat":
                raise error("sat-unsupported", f"the sat backend cannot solve this model: {e}",
                            None, hint="use --backend cpsat, or auto to choose per model") \
                    from None
            refused = time.perf_counter() - t0
        else:
            res.timings["load"] = load
            return res
    t1 = time.perf_counter()
    from sapphire.backend.cpsat import candidates as run_cpsat

    load = time.perf_counter() - t1
    res = run_cpsat(gm, answer_vars, time_limit=_left(time_limit, load + refused),
                    workers=workers)
    res.timings["load"] = load
    return res
