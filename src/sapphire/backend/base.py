"""What every backend is: the interface the registry (`sapphire.backend`) calls by name.

A backend takes a ground model and the indices of its answer variables and returns a
`BackendResult`: the answers it found (each a value per ground variable), its verdict,
whether the deadline stopped it, and how long each step took. The pipeline verifies every
answer with the independent evaluator, so a backend only has to find them. `template.py`
is a backend to copy when adding one.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.model import GroundModel


@dataclass
class BackendResult:
    status: str
    """'unique' | 'multiple' | 'none' | 'unknown'"""
    solutions: list[list[int]] = field(default_factory=list)
    """Each solution: the value of every ground variable, by index."""
    timings: dict[str, float] = field(default_factory=dict)
    """Seconds per step (`lower`, `solve`, `load`, …), and counts such as `sat calls`."""
    backend: str = ""
    """The backend that answered (`cpsat` or `sat`)."""
    timed_out: bool = False
    """Whether the time limit stopped the search, so that `solutions` need not be every
    answer (a `multiple` may have more; an `unknown` has no verdict)."""


class Unsupported(Exception):
    """The model has something this backend does not encode; the message says what. `auto`
    then gives the model to another backend; a backend named on the command line reports it
    as the user error `<name>-unsupported`."""


Between = Callable[[], None]
"""Called between slices of a search; may raise to stop it (`sapphire.backend.race`)."""


class Backend(ABC):
    """One solver behind the registry's names. Only its own package imports the solver, and
    only in `load`, `solve` and `candidates`: importing the adapter costs nothing."""

    name: ClassVar[str]
    """The name `--backend` takes."""

    unsupported_hint: ClassVar[str] = "use --backend auto to choose per model"
    """What a user whose model this backend refuses (`Unsupported`) may do instead."""

    def load(self) -> None:  # noqa: B027 - a backend with nothing to load leaves it
        """Import the solver (timed as `load`, which the seconds reported leave out: loading
        OR-Tools costs a fresh process about a third of a second)."""

    @abstractmethod
    def solve(self, gm: GroundModel, answer_vars: list[int], *, max_solutions: int = 2,
              deadline: Deadline = UNBOUNDED, workers: int | None = None,
              between: Between | None = None, reserve: float = 0.0) -> BackendResult:
        """Up to `max_solutions` answers of `gm` that differ on `answer_vars`, with the
        verdict (`unique` once the search is exhausted with one). `workers` is a number of
        parallel searches where the solver has them; `between`, when the search runs in
        slices, is called between them (a backend that cannot stop between slices leaves it);
        each answer found brings the deadline `reserve` seconds nearer (time its caller keeps
        for verifying it). Raises `Unsupported` for a model it cannot encode."""

    @abstractmethod
    def candidates(self, gm: GroundModel, answer_vars: list[int], *,
                   deadline: Deadline = UNBOUNDED, workers: int | None = None
                   ) -> BackendResult:
        """Answers that between them give each of `answer_vars` every value some answer
        gives it ("true candidates"): after each answer, ask for one giving some variable a
        value not seen yet, until none is left or the deadline passes (`timed_out`)."""


def loaded(backend: Backend, search: Callable[[Backend], BackendResult]) -> BackendResult:
    """`search(backend)` once its solver is loaded, with the seconds loading took added to
    the result's `load` (which a backend that runs another, as `auto` does, has set)."""
    t0 = time.perf_counter()
    backend.load()
    load = time.perf_counter() - t0
    res = search(backend)
    res.timings["load"] = load + res.timings.get("load", 0.0)
    return res
