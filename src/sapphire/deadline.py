"""The one value a time limit travels as: the moment it ends.

A limit is given in seconds where a user gives it (`--time-limit`, an API call's
`time_limit=`); there it becomes a `Deadline` once, and every stage below asks that value what
is left (`remaining`) or whether it has passed (`expired`). So a stage never receives seconds
measured from a moment other than the one the user's limit started at, and the time one
stage spends comes off the next one's without anyone subtracting it. The clock is
`time.perf_counter()`, the monotonic clock every timing in Sapphire is taken with.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Deadline:
    """When a time limit ends (a `time.perf_counter()` reading), or never (`UNBOUNDED`)."""

    end: float
    """The clock reading past which the work stops; `math.inf` when there is no limit."""

    @classmethod
    def after(cls, seconds: float | None, start: float | None = None) -> Deadline:
        """The deadline `seconds` after `start` (default: now); `UNBOUNDED` for None."""
        if seconds is None:
            return UNBOUNDED
        return cls((time.perf_counter() if start is None else start) + seconds)

    @classmethod
    def none(cls) -> Deadline:
        """No limit at all: `UNBOUNDED`."""
        return UNBOUNDED

    @property
    def bounded(self) -> bool:
        """Whether there is a limit at all."""
        return self.end != math.inf

    def remaining(self) -> float | None:
        """Seconds left (0 or less once it has passed); None when there is no limit."""
        if self.end == math.inf:
            return None
        return self.end - time.perf_counter()

    def expired(self) -> bool:
        """Whether the deadline has passed."""
        return self.end != math.inf and time.perf_counter() >= self.end

    def within(self, seconds: float | None) -> Deadline:
        """The earlier of this deadline and `seconds` from now (a stage's own budget inside
        the whole limit)."""
        if seconds is None:
            return self
        return Deadline(min(self.end, time.perf_counter() + seconds))

    def share(self, part: float) -> Deadline:
        """`part` (between 0 and 1) of the time left, from now; unbounded stays unbounded."""
        left = self.remaining()
        if left is None:
            return self
        return Deadline(time.perf_counter() + left * part)

    def sooner(self, seconds: float) -> Deadline:
        """This deadline `seconds` earlier (time kept free for work after the stage, such as
        verifying an answer just found); unbounded stays unbounded."""
        return self if self.end == math.inf else Deadline(self.end - seconds)

    def at_least(self, seconds: float) -> Deadline:
        """This deadline, or `seconds` from now when that is later: a last step that must
        run, however little time is left."""
        if self.end == math.inf:
            return self
        return Deadline(max(self.end, time.perf_counter() + seconds))


UNBOUNDED = Deadline(math.inf)
"""The deadline of work without a time limit."""


def deadline_of(limit: float | Deadline | None) -> Deadline:
    """What an entry point was given as its time limit, as a deadline starting now: seconds,
    a deadline already running (passed on as it is), or None for no limit."""
    if isinstance(limit, Deadline):
        return limit
    return Deadline.after(limit)
