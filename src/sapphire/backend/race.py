"""`auto`'s second opinion: CP-SAT in a child process beside a SAT search that takes long.

`choose` reads a model's features, but no feature tells in advance which search settles a
given puzzle soon: most are settled by the SAT backend in milliseconds, while some shadings
(a hard yin-yang, a large Nurikabe) keep its connectivity cuts going for minutes where
CP-SAT's search answers in seconds, and the other way round for many killers. So once the
SAT search has run `RACE_AFTER` seconds, the same model goes to CP-SAT in a forked child
process (pysat keeps the interpreter's lock while CaDiCaL runs, so a thread would not run
beside it); whichever search finishes first answers, and the other is stopped.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING, Any

from sapphire.backend.base import BackendResult
from sapphire.backend.cpsat import CPSAT
from sapphire.deadline import Deadline
from sapphire.model import GroundModel

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

RACE_AFTER = 2.0
"""Seconds of SAT search before CP-SAT joins in: past the time nearly every puzzle takes, so
that the few that take longer alone pay for a second search."""

NICENESS = 10
"""The child's scheduling niceness: on a machine busy with other work the SAT search, which
most often answers first, keeps its share of a core."""


class Overtaken(Exception):
    """CP-SAT answered first; raised out of the SAT search, which stops there."""

    def __init__(self, result: BackendResult) -> None:
        super().__init__("CP-SAT answered first")
        self.result = result


def can_race() -> bool:
    """Whether a second search has a core of its own and a child can share the model
    without copying it (`fork`; not on Windows, nor on macOS, where forking a process that
    has loaded system frameworks is unsafe). `multiprocessing` loads only for a race."""
    return (os.cpu_count() or 1) >= 2 and hasattr(os, "fork") and sys.platform != "darwin"


class Race:
    """Called between slices of the SAT search: starts CP-SAT once the search has run
    `RACE_AFTER` seconds, and raises `Overtaken` with its result when it has one."""

    def __init__(self, gm: GroundModel, answer_vars: list[int], max_solutions: int,
                 deadline: Deadline, workers: int | None) -> None:
        self.args = (gm, answer_vars, max_solutions, workers)
        self.t0 = time.perf_counter()
        self.deadline = deadline
        self.started = 0.0
        """When CP-SAT's child started (a `perf_counter` time)."""
        self.process: Any = None
        self.conn: Connection | None = None
        self.done = False
        """No (more) racing: CP-SAT has given up or failed, or the race was closed."""

    def __call__(self) -> None:
        if self.done:
            return
        now = time.perf_counter()
        if self.process is None:
            if now - self.t0 >= RACE_AFTER:
                self._start(now)
            return
        assert self.conn is not None
        if not self.conn.poll():
            return
        try:
            result = self.conn.recv()
        except (EOFError, OSError):
            result = None  # the child died (killed for memory, say): SAT goes on alone
        self.close()
        if isinstance(result, BackendResult) and result.status != "unknown":
            result.timings["race from"] = round(self.started - self.t0, 4)
            raise Overtaken(result)

    def _start(self, now: float) -> None:
        left = self.deadline.remaining()
        if left is not None and left < 0.5:
            self.done = True  # too little time left to pay for loading OR-Tools
            return
        import multiprocessing

        ctx = multiprocessing.get_context("fork")
        self.conn, child = ctx.Pipe(duplex=False)
        self.process = ctx.Process(target=_run_cpsat, args=(child, *self.args, self.deadline),
                                   daemon=True)
        self.process.start()
        child.close()
        self.started = now

    def close(self) -> None:
        """Stop the child, if it runs."""
        self.done = True
        if self.process is not None:
            if self.process.is_alive():
                self.process.kill()
            self.process.join()
            self.process = None
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def _run_cpsat(conn: Connection, gm: GroundModel, answer_vars: list[int], max_solutions: int,
               workers: int | None, deadline: Deadline) -> None:
    """The child: CP-SAT on the model, its result (None on any error) sent back. The
    deadline is the parent's: a forked child reads the same monotonic clock."""
    result: BackendResult | None = None
    try:
        os.nice(NICENESS)
        t0 = time.perf_counter()
        CPSAT.load()
        load = time.perf_counter() - t0
        result = CPSAT.solve(gm, answer_vars, max_solutions=max_solutions, deadline=deadline,
                             workers=workers)
        result.timings["cpsat load"] = load
    except Exception:  # noqa: BLE001 - the SAT search answers instead
        result = None
    try:
        conn.send(result)
    finally:
        conn.close()
