"""The page's solves run in a pool of worker processes, each with a memory cap and a deadline.

A worker keeps the library and the SAT solver loaded (`sapphire.batch.work.warm`), so a solve
pays only for its puzzle. Each page (a `client` id) has one slot per kind of request: a new
edit's solve cancels the one still running for that page, and pebble stops the worker it ran
on and starts another, so a hard puzzle typed half way never holds up the next edit. A worker
still busy `GRACE` seconds past the time limit, or one that dies, is replaced the same way and
the request answers with what happened.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

GRACE = 10.0
"""Seconds past the time limit a request may take before its worker is stopped: the solver
stops itself at the limit, and verifying and drawing what it found take a little longer."""

CANCELLED: dict[str, Any] = {"status": "cancelled"}
"""What a request answers when a newer one of the same page took its place."""

SUPERSEDES = {"solve": ("solve", "why"), "why": ("why",), "draw": ("draw",),
              "import": ("import",)}
"""The requests of a page that a new one of each kind cancels: an edit makes the solve and
the explanation of the text before it stale."""


@dataclass
class Counts:
    """What the pool has done since it started (`GET /api/stats`)."""

    started: int = 0
    finished: int = 0
    cancelled: int = 0
    killed: int = 0
    """Requests still running `GRACE` seconds past the time limit, or whose worker died."""
    running: set[int] = field(default_factory=set)


class SolvePool:
    """Worker processes that run `sapphire.serve.work`'s functions, one slot per page and
    kind of request."""

    def __init__(self, workers: int, memory_mb: int | None, time_limit: float) -> None:
        from pebble import ProcessPool

        from sapphire.batch.work import warm

        # forkserver: workers start from a clean process, not a copy of the server's threads
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["sapphire.serve.work"])
        self._pool = ProcessPool(max_workers=workers, initializer=warm, initargs=(memory_mb,),
                                 context=context)
        self._deadline = time_limit + GRACE
        self._slots: dict[tuple[str, str], Future[Any]] = {}
        self._lock = threading.Lock()
        self.counts = Counts()

    async def run(self, client: str, kind: str, function: Callable[..., dict[str, Any]],
                  *args: Any) -> dict[str, Any]:
        """`function(*args)` on a worker, in page `client`'s slot for `kind`: the requests of
        that page it supersedes are cancelled first. Its JSON object, or `CANCELLED`."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[Future[Any]] = loop.create_future()
        with self._lock:
            for old_kind in SUPERSEDES.get(kind, (kind,)):
                old = self._slots.pop((client, old_kind), None)
                if old is not None and old.cancel():
                    self.counts.cancelled += 1
            future = self._pool.schedule(function, args=args, timeout=self._deadline)
            self._slots[(client, kind)] = future
            self.counts.started += 1
            self.counts.running.add(id(future))

        def finished(f: Future[Any]) -> None:
            loop.call_soon_threadsafe(lambda: done.done() or done.set_result(f))

        future.add_done_callback(finished)
        await done
        with self._lock:
            if self._slots.get((client, kind)) is future:
                del self._slots[(client, kind)]
            self.counts.running.discard(id(future))
        return self._outcome(future)

    def _outcome(self, future: Future[Any]) -> dict[str, Any]:
        from pebble import ProcessExpired

        if future.cancelled():
            return CANCELLED
        try:
            result: dict[str, Any] = future.result()
        except TimeoutError:
            self.counts.killed += 1
            return _stopped("killed", f"still running {self._deadline:g} s after it started: "
                            "its worker was stopped")
        except ProcessExpired as e:
            self.counts.killed += 1
            return _stopped("worker-died", f"its worker died (exit status {e.exitcode}); "
                            "out of memory?")
        self.counts.finished += 1
        return result

    def stats(self) -> dict[str, int]:
        c = self.counts
        return {"started": c.started, "finished": c.finished, "cancelled": c.cancelled,
                "killed": c.killed, "running": len(c.running)}

    def close(self) -> None:
        """Stop every worker, running or not."""
        self._pool.stop()
        self._pool.join(timeout=5)


def _stopped(kind: str, message: str) -> dict[str, Any]:
    return {"status": "error", "diagnostics": [{"kind": kind, "message": message}]}
