"""The OR-Tools CP-SAT backend: `lowering` posts a ground model, `connectivity` its connected
groups, `search` finds answers. The only package that imports `ortools`.

This module is the backend's entry in the registry (`CPSAT`); OR-Tools is imported only when
the backend loads or runs (about a third of a second in a fresh process)."""

from __future__ import annotations

from sapphire.backend.base import Backend, BackendResult, Between
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.model import GroundModel


class CpsatBackend(Backend):
    """OR-Tools' CP-SAT (`sapphire.backend.cpsat.search`)."""

    name = "cpsat"

    def load(self) -> None:
        import sapphire.backend.cpsat.search  # noqa: F401 - OR-Tools and the lowering

    def solve(self, gm: GroundModel, answer_vars: list[int], *, max_solutions: int = 2,
              deadline: Deadline = UNBOUNDED, workers: int | None = None,
              between: Between | None = None, reserve: float = 0.0) -> BackendResult:
        """CP-SAT's search runs in one call, so `between` is never called."""
        from sapphire.backend.cpsat.search import solve

        return solve(gm, answer_vars, max_solutions=max_solutions, deadline=deadline,
                     workers=workers, reserve=reserve)

    def candidates(self, gm: GroundModel, answer_vars: list[int], *,
                   deadline: Deadline = UNBOUNDED, workers: int | None = None
                   ) -> BackendResult:
        from sapphire.backend.cpsat.search import candidates

        return candidates(gm, answer_vars, deadline=deadline, workers=workers)


CPSAT = CpsatBackend()

__all__ = ["CPSAT", "CpsatBackend"]
