"""The one value a time limit travels as: made once where the limit is given, asked below what
is left and whether it has passed."""

from __future__ import annotations

import math
import time

from sapphire.deadline import UNBOUNDED, Deadline, deadline_of


def test_no_limit_never_passes_and_has_no_seconds_left() -> None:
    for unbounded in (Deadline.after(None), Deadline.none(), deadline_of(None), UNBOUNDED):
        assert unbounded == UNBOUNDED and unbounded.end == math.inf
        assert not unbounded.bounded and not unbounded.expired()
        assert unbounded.remaining() is None
        assert unbounded.within(None) == UNBOUNDED and unbounded.share(0.5) == UNBOUNDED
        assert unbounded.at_least(1.0) == UNBOUNDED


def test_a_limit_counts_down_from_when_it_was_made() -> None:
    start = time.perf_counter()
    deadline = Deadline.after(0.2, start)
    assert deadline.bounded and deadline.end == start + 0.2
    left = deadline.remaining()
    assert left is not None and 0 < left <= 0.2 and not deadline.expired()
    time.sleep(0.25)
    left = deadline.remaining()
    assert left is not None and left < 0 and deadline.expired()
    assert Deadline.after(-1.0).expired()


def test_an_entry_point_passes_a_running_deadline_on_as_it_is() -> None:
    running = Deadline.after(5.0)
    assert deadline_of(running) is running
    fresh = deadline_of(5.0)
    assert running.end <= fresh.end <= running.end + 1.0


def test_a_stage_takes_its_own_budget_within_the_whole_limit() -> None:
    whole = Deadline.after(10.0)
    assert whole.within(1.0).end < whole.end  # the stage's own second comes first
    short = Deadline.after(0.5)
    assert short.within(60.0) == short  # the whole limit comes first
    share = whole.share(0.6).remaining()
    assert share is not None and 5.5 < share <= 6.0


def test_a_last_step_gets_at_least_a_moment() -> None:
    passed = Deadline.after(-1.0)
    moment = passed.at_least(0.01).remaining()
    assert moment is not None and 0 < moment <= 0.01
    later = Deadline.after(5.0)
    assert later.at_least(0.01) == later
