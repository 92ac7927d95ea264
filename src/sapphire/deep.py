"""The deep-stack runner every entry point runs a puzzle's stages on.

Formulas are trees that every stage walks recursively, and a long sum or conjunction written
on one line is as deep as it is long: Python's default stack and recursion limit stop at a
few hundred terms. So the command line, the page's workers and a batch's workers each run
their work through `run_deep`, on a thread with a large stack and a recursion limit to match.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import TypeVar

STACK_BYTES = 256 * 1024 * 1024
"""The stack the work runs on."""

RECURSION_LIMIT = 60_000
"""Python frames allowed on that stack: well within it, so that input deeper still is a
`RecursionError`, reported as input too deep, not a crash."""

T = TypeVar("T")

_lock = threading.Lock()
_running = 0
"""Deep runs under way in this process, which share the raised recursion limit."""
_limit_before = 0
"""The recursion limit before the first of them raised it."""


def run_deep(task: Callable[[], T]) -> T:
    """`task()` on a thread with `STACK_BYTES` of stack and `RECURSION_LIMIT` frames: what it
    returns, or the exception it raised, raised here. Where the platform cannot give a thread
    that stack, or the process has no room left for one (a cap on its address space),
    `task()` runs here under Python's own limits. A Ctrl-C while it runs is a
    `KeyboardInterrupt` here; the task's thread (a daemon) then ends with the process."""
    outcome: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(task())
        except BaseException as e:  # noqa: BLE001 - handed to the calling thread as it is
            failure.append(e)

    global _running, _limit_before
    with _lock:
        try:
            old_size = threading.stack_size(STACK_BYTES)
        except (ValueError, RuntimeError):  # a platform without that stack: Python's own
            old_size = None
        if old_size is not None:
            if _running == 0:
                _limit_before = sys.getrecursionlimit()
                sys.setrecursionlimit(max(_limit_before, RECURSION_LIMIT))
            _running += 1
            started = False
            try:
                worker = threading.Thread(target=run, name="sapphire", daemon=True)
                worker.start()
                started = True
            except RuntimeError:  # "can't start new thread": no room for that stack
                pass
            finally:
                threading.stack_size(old_size)
                if not started:
                    _running -= 1
                    if _running == 0:
                        sys.setrecursionlimit(_limit_before)
            if not started:
                old_size = None
    if old_size is None:
        return task()
    try:
        worker.join()
    finally:
        with _lock:
            _running -= 1
            if _running == 0:
                sys.setrecursionlimit(_limit_before)
    if failure:
        raise failure[0]
    return outcome[0]
