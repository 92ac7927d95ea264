"""The time a command's https fetches may take, together: one `FetchBudget` for all of them
(`one_budget`), which `sapphire.library.fetch` spends. Kept apart from the fetching itself so
that a command sets its budget without loading the module that downloads."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

TIMEOUT_SECONDS = 10.0
"""All the fetches of one command together (`one_budget`), or one fetch outside any:
connecting, redirects and the bodies, however slowly they come."""


@dataclass
class FetchBudget:
    """What the fetches of one command may still take: `left` seconds in all (each fetch is
    given what is left and spends what it took, so that fetches one after another share one
    allowance rather than each having its own), and never past `deadline` (a
    `time.monotonic()` time: the command's time limit), when there is one."""

    left: float = TIMEOUT_SECONDS
    deadline: float | None = None


_BUDGET: ContextVar[FetchBudget | None] = ContextVar("sapphire_fetch_budget", default=None)
"""The budget of the command running, when it has one (`one_budget`)."""


def current_budget() -> FetchBudget | None:
    """The budget of the command running, if it has one."""
    return _BUDGET.get()


@contextmanager
def one_budget(deadline: float | None = None) -> Iterator[FetchBudget]:
    """Within it, every fetch takes from one `FetchBudget`: `TIMEOUT_SECONDS` for all of
    them, and none past `deadline` (a `time.monotonic()` time; None: no limit but that). A
    command runs inside one, so that its time limit covers its fetches too; a fetch outside
    any has `TIMEOUT_SECONDS` of its own."""
    budget = FetchBudget(TIMEOUT_SECONDS, deadline)
    token = _BUDGET.set(budget)
    try:
        yield budget
    finally:
        _BUDGET.reset(token)
