"""The SAT backend: a ground model as clauses (`lowering`, with `layered` graphs for sums and
automata and `connectivity` for connected groups), searched by CaDiCaL (`search`).

This module is the backend's entry in the registry (`SAT`); python-sat is imported only when
the backend loads or runs."""

from __future__ import annotations

from sapphire.backend.base import Backend, BackendResult, Between, Unsupported
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.model import GroundModel


class SatBackend(Backend):
    """CaDiCaL through python-sat (`sapphire.backend.sat.search`)."""

    name = "sat"
    unsupported_hint = "use --backend cpsat, or auto to choose per model"

    def load(self) -> None:
        import sapphire.backend.sat.search  # noqa: F401 - python-sat and the lowering

    def solve(self, gm: GroundModel, answer_vars: list[int], *, max_solutions: int = 2,
              deadline: Deadline = UNBOUNDED, workers: int | None = None,
              between: Between | None = None, reserve: float = 0.0) -> BackendResult:
        from sapphire.backend.sat.search import solve

        return solve(gm, answer_vars, max_solutions=max_solutions, deadline=deadline,
                     workers=workers, between=between, reserve=reserve)

    def candidates(self, gm: GroundModel, answer_vars: list[int], *,
                   deadline: Deadline = UNBOUNDED, workers: int | None = None
                   ) -> BackendResult:
        from sapphire.backend.sat.search import candidates

        return candidates(gm, answer_vars, deadline=deadline, workers=workers)


SAT = SatBackend()

__all__ = ["SAT", "SatBackend", "Unsupported"]
