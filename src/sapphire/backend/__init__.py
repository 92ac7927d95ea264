"""Backends by name: the answers of a ground model, searched by a solver chosen by its name.

Every backend implements one interface (`sapphire.backend.base.Backend`): it loads its
solver, finds up to `max_solutions` answers that differ on the answer variables before a
deadline (`solve`), or the answers that show every candidate value (`candidates`), and says
how long each step took. `REGISTRY` holds them by the names `--backend` takes: `cpsat` is
OR-Tools' CP-SAT, `sat` is CaDiCaL through python-sat, and `auto` picks one of them per model
(`sapphire.backend.auto`). `lookup` finds one by name. Adding a backend is a package beside
`sat/` and `cpsat/` written from `template.py`, and one entry in `REGISTRY` (the function that
imports it).

Importing this package loads no backend, and a backend loads its solver only when it loads
or runs (OR-Tools costs a fresh process about a third of a second).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable

from sapphire.backend.base import Backend, BackendResult, Unsupported, loaded
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.diagnostics import SapphireError, error
from sapphire.model import GroundModel


def _auto() -> Backend:
    from sapphire.backend.auto import AUTO

    return AUTO


def _cpsat() -> Backend:
    from sapphire.backend.cpsat import CPSAT

    return CPSAT


def _sat() -> Backend:
    from sapphire.backend.sat import SAT

    return SAT


REGISTRY: dict[str, Callable[[], Backend]] = {"auto": _auto, "cpsat": _cpsat, "sat": _sat}
"""Every backend by its name, as the function that imports its adapter: `check` and `fmt`,
which import this package, load no backend."""

BACKENDS = tuple(REGISTRY)
"""The names `--backend` takes."""


def lookup(name: str) -> Backend:
    """The backend called `name`; an unknown name is a user error naming the closest one."""
    found = REGISTRY.get(name)
    if found is not None:
        return found()
    close = difflib.get_close_matches(name, BACKENDS, n=1, cutoff=0.5)
    raise error("unknown-backend", f"unknown backend '{name}'", None,
                hint=f"did you mean '{close[0]}'?" if close
                else "backends: " + ", ".join(BACKENDS))


def solve(gm: GroundModel, answer_vars: list[int], *, backend: str = "auto",
          max_solutions: int = 2, deadline: Deadline = UNBOUNDED,
          workers: int | None = None, reserve: float = 0.0) -> BackendResult:
    """Up to `max_solutions` answers of `gm` differing on `answer_vars`, by the named backend.
    `reserve` is time the search leaves free per answer found (a count's caller verifies each
    in it): the search stops when no more than that is left of the time limit.

    `timings["load"]` is the time spent importing the backend's solver, which callers leave
    out of the seconds they report for a puzzle."""
    return _run(lookup(backend), lambda b: b.solve(
        gm, answer_vars, max_solutions=max_solutions, deadline=deadline, workers=workers,
        reserve=reserve))


def candidates(gm: GroundModel, answer_vars: list[int], *, backend: str = "auto",
               deadline: Deadline = UNBOUNDED, workers: int | None = None) -> BackendResult:
    """Answers that between them give each of `answer_vars` every value some answer gives it
    ("true candidates"), by the named backend (`Backend.candidates`)."""
    return _run(lookup(backend), lambda b: b.candidates(
        gm, answer_vars, deadline=deadline, workers=workers))


def _run(backend: Backend, search: Callable[[Backend], BackendResult]) -> BackendResult:
    """`search` on `backend`, loaded first; a model it refuses is the user's error (only a
    backend named on the command line refuses one: `auto` falls back)."""
    try:
        return loaded(backend, search)
    except Unsupported as e:
        raise _refusal(backend, e) from None


def _refusal(backend: Backend, e: Unsupported) -> SapphireError:
    """The user error of a named backend that cannot encode a model."""
    return error(f"{backend.name}-unsupported",
                 f"the {backend.name} backend cannot solve this model: {e}", None,
                 hint=backend.unsupported_hint)


__all__ = ["BACKENDS", "REGISTRY", "Backend", "BackendResult", "Unsupported", "candidates",
           "lookup", "solve"]
