"""A backend to copy when adding one: the interface (`sapphire.backend.base.Backend`) with
what each method must do.

To add a solver `NAME`:
1. Copy this file to `src/sapphire/backend/NAME/__init__.py` and the lowering and search into
   modules beside it (`sat/` and `cpsat/` show the split: `lowering.py` writes the ground
   model in the solver's terms, `search.py` finds answers). Only that package imports the
   solver, and only inside `load`, `solve` and `candidates`, so that importing the registry
   stays free. Pin the solver's package in pyproject.toml and add it to the import contract
   "Only the backends load a solver".
2. Add its name to `REGISTRY` in `sapphire/backend/__init__.py`, with a function that
   imports the package and returns its one instance (as `_sat` does); `lookup`, `--backend`
   and the API then know the name. Name it in `--backend`'s help (`sapphire/cli/__init__.py`).
3. Test it as `tests/backend/test_search.py` tests the others: the answers of small models
   against brute force, `unique`/`multiple`/`none`, a deadline that stops a long search
   (`timed_out`), and the candidates of a model against the union of all its answers.

A backend is given a ground model (`sapphire.model.GroundModel`: variables with finite
domains, constraints as formulas and builtins, element tables) and the indices of the answer
variables; the pipeline verifies every answer it returns with the independent evaluator, so
a wrong answer is caught, never shown.
"""

from __future__ import annotations

from sapphire.backend.base import Backend, BackendResult, Between, Unsupported
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.model import GroundModel


class TemplateBackend(Backend):
    """A solver behind the registry's interface (rename it, and `name`)."""

    name = "template"
    unsupported_hint = "use --backend auto to choose per model"

    def load(self) -> None:
        """Import the solver here (and only here, in `solve` and in `candidates`): the
        registry times it as `load`, which the seconds reported for a puzzle leave out."""

    def solve(self, gm: GroundModel, answer_vars: list[int], *, max_solutions: int = 2,
              deadline: Deadline = UNBOUNDED, workers: int | None = None,
              between: Between | None = None, reserve: float = 0.0) -> BackendResult:
        """Lower `gm`, then find answers one at a time, each blocked on `answer_vars` (two
        answers may differ only there), until `max_solutions` are found, none is left or
        `deadline.expired()`. Give the solver `deadline.remaining()` seconds (None: no limit)
        for each call. Return `BackendResult(status, solutions, timings, self.name,
        timed_out)`: `solutions` hold every variable's value, `status` is `none`, `unique`
        or `multiple` once the search is exhausted, `multiple` when two were found before
        the deadline, else `unknown`. Call `between()` between slices of a long search, when
        the solver runs in slices. Raise `Unsupported` for what the lowering cannot write."""
        raise Unsupported(f"the {self.name} backend is a template")

    def candidates(self, gm: GroundModel, answer_vars: list[int], *,
                   deadline: Deadline = UNBOUNDED, workers: int | None = None
                   ) -> BackendResult:
        """As `solve`, but after each answer ask for one giving some answer variable a value
        no answer so far has given it; stop when none is left (`timed_out` False) or at the
        deadline (`timed_out` True)."""
        raise Unsupported(f"the {self.name} backend is a template")
