"""`auto`: the backend that picks one per model, and falls back when it refuses.

It runs the backend `choose` names for the model first. When that is the SAT backend, a
search that takes long is raced by CP-SAT in a child process (`sapphire.backend.race`);
when the first backend refuses the model (`Unsupported`), CP-SAT, which encodes every model,
takes it in the time left. This module is the one place that fallback is written.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from sapphire.backend.base import Backend, BackendResult, Between, Unsupported, loaded
from sapphire.backend.choose import choose
from sapphire.backend.cpsat import CPSAT
from sapphire.backend.race import Overtaken, Race, can_race
from sapphire.backend.sat import SAT
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.model import GroundModel

CHOICES: dict[str, Backend] = {SAT.name: SAT, CPSAT.name: CPSAT}
"""The backends `choose` names."""

FALLBACK: Backend = CPSAT
"""The backend that takes what the chosen one refuses, and races it."""


class AutoBackend(Backend):
    """The chosen backend per model (`choose`), raced and backed by `FALLBACK`."""

    name = "auto"

    def solve(self, gm: GroundModel, answer_vars: list[int], *, max_solutions: int = 2,
              deadline: Deadline = UNBOUNDED, workers: int | None = None,
              between: Between | None = None, reserve: float = 0.0) -> BackendResult:
        """The chosen backend's answers, or CP-SAT's when it answers first (a race: the
        result then comes from the child, its `race from` saying when it started)."""

        def search(backend: Backend) -> BackendResult:
            race = Race(gm, answer_vars, max_solutions, deadline, workers) \
                if backend is not FALLBACK and can_race() else None
            try:
                return backend.solve(gm, answer_vars, max_solutions=max_solutions,
                                     deadline=deadline, workers=workers, between=race,
                                     reserve=reserve)
            except Overtaken as o:  # CP-SAT, started beside a long search, answered
                return o.result
            finally:
                if race is not None:
                    race.close()

        return _with_fallback(CHOICES[choose(gm, answer_vars)], search)

    def candidates(self, gm: GroundModel, answer_vars: list[int], *,
                   deadline: Deadline = UNBOUNDED, workers: int | None = None
                   ) -> BackendResult:
        """The chosen backend's candidates search, without a race."""
        return _with_fallback(
            CHOICES[choose(gm, answer_vars)],
            lambda backend: backend.candidates(gm, answer_vars, deadline=deadline,
                                               workers=workers))


def _with_fallback(first: Backend, search: Callable[[Backend], BackendResult]
                   ) -> BackendResult:
    """`search` on `first` (its loading timed as `load`); on `FALLBACK` when `first` refuses
    the model, the time the refusal took recorded as `<first> refused` (it comes off the
    fallback's time, which the deadline counts)."""
    t0 = time.perf_counter()
    refused = 0.0
    if first is not FALLBACK:
        try:
            return loaded(first, search)
        except Unsupported:
            refused = time.perf_counter() - t0
    res = loaded(FALLBACK, search)
    if refused:
        res.timings[f"{first.name} refused"] = refused
    return res


AUTO = AutoBackend()
