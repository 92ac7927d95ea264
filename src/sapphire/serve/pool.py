"""The page's solves run in a pool of worker processes, each with a memory cap and a deadline.

A worker keeps the library and the SAT solver loaded (`sapphire.batch.work.warm`), so a solve
pays only for its puzzle. Requests wait in one queue of at most `queue` (past it a request is
answered busy, 503 with Retry-After) and start in a fair order: the page with the fewest
requests running first, then pages in turn. A page runs at most `workers` at once, and of
those that count against `workers` (see below) one fewer, so that it never holds them all.

`workers` requests run at once, but one that has run `LONG_AFTER` seconds (a hard puzzle,
whose solve goes on to the time limit) no longer counts: up to `workers` more processes let
the next pages' requests start beside it, the cores shared by the operating system, so that
a few heavy solves do not hold every light one up to the time limit. Those processes start
when a request first runs long.

Each page (a `client` id) has one slot per kind of request: a new edit's solve cancels the
one still waiting or running for that page, and so does the page's connection closing; pebble
stops the worker it ran on and starts another, so a hard puzzle typed half way or left behind
never holds up the next edit. A worker still busy `GRACE` seconds past the time limit, or one
that dies or passes its memory cap, is replaced the same way and the request answers with
what happened.
"""

from __future__ import annotations

import asyncio
import itertools
import multiprocessing
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from sapphire.batch.work import ended

GRACE = 10.0
"""Seconds past the time limit a request may take before its worker is stopped: the solver
stops itself at the limit, and verifying and drawing what it found take a little longer."""

LONG_AFTER = 1.0
"""Seconds after which a running request stops counting against `workers`: a light solve
(a 9×9 of any kind) takes well under a second, a heavy one runs to the time limit."""

QUEUE_PER_WORKER = 16
"""Requests that may wait per worker before the pool answers busy: with one request of each
kind per page, some sixteen pages at once for each worker."""

RETRY_AFTER = 2
"""Seconds a request answered busy is told to wait before it asks again."""

TURNS_KEPT = 1000
"""Pages whose last turn the pool remembers before it forgets those with nothing queued."""

CANCELLED: dict[str, Any] = {"status": "cancelled"}
"""What a request answers when a newer one of the same page took its place, or its page left."""

SUPERSEDES = {"solve": ("solve", "why"), "why": ("why",), "draw": ("draw",),
              "import": ("import",)}
"""The requests of a page that a new one of each kind cancels: an edit makes the solve and
the explanation of the text before it stale."""


class Busy(Exception):
    """The queue is full: the request is answered 503, to be sent again `retry_after`
    seconds later."""

    def __init__(self, retry_after: int) -> None:
        super().__init__("the solver is busy: ask again in a moment")
        self.retry_after = retry_after


class Executor(Protocol):
    """What runs the requests: pebble's `ProcessPool`, or a stand-in in the tests."""

    def schedule(self, function: Callable[..., Any], args: Any = ...,
                 timeout: float | None = ...) -> Future[Any]: ...

    def stop(self) -> None: ...

    def join(self, timeout: float | None = ...) -> None: ...


@dataclass
class Counts:
    """What the pool has done since it started (`GET /api/stats`)."""

    started: int = 0
    finished: int = 0
    cancelled: int = 0
    """Requests a newer one of the same page took the place of."""
    abandoned: int = 0
    """Requests whose page closed the connection before the answer."""
    refused: int = 0
    """Requests answered busy: the queue was full."""
    killed: int = 0
    """Requests still running `GRACE` seconds past the time limit, or whose worker died."""


@dataclass(eq=False)
class _Request:
    client: str
    kind: str
    function: Callable[..., dict[str, Any]]
    args: tuple[Any, ...]
    answer: asyncio.Future[dict[str, Any]]
    order: int
    future: Future[Any] | None = None
    long: bool = False
    """Running for `LONG_AFTER` seconds: it no longer counts against `workers`."""
    executor: int = 0
    """Which processes it runs on: the first `workers`, or the ones beside long requests."""
    timer: asyncio.TimerHandle | None = field(default=None, repr=False)


class SolvePool:
    """Worker processes that run `sapphire.serve.work`'s functions, one slot per page and
    kind of request, `workers` at once (with as many more beside long ones)."""

    def __init__(self, workers: int, memory_mb: int | None, time_limit: float, *,
                 queue: int | None = None,
                 executor: Callable[[int], Executor] | None = None) -> None:
        self.workers = workers
        self.processes = 2 * workers
        self.per_page = max(1, workers - 1)
        """Requests a page may run at once that count against `workers`: one page alone
        never holds every worker."""
        self.queue = QUEUE_PER_WORKER * workers if queue is None else queue
        self._memory_mb = memory_mb
        self._deadline = time_limit + GRACE
        self._make = executor if executor is not None else partial(_processes,
                                                                    memory_mb=memory_mb)
        self._executors = [self._make(workers)]
        """`workers` processes, then as many more, started when a request first runs long."""
        self._waiting: list[_Request] = []
        self._running: list[_Request] = []
        self._order = itertools.count()
        self._turns: dict[str, int] = {}
        """Each page's latest request to start (its `order`): pages take turns."""
        self.counts = Counts()

    async def run(self, client: str, kind: str, function: Callable[..., dict[str, Any]],
                  *args: Any, gone: Callable[[], Awaitable[Any]] | None = None
                  ) -> dict[str, Any]:
        """`function(*args)` on a worker, in page `client`'s slot for `kind`: the requests of
        that page it supersedes are cancelled first. Its JSON object, or `CANCELLED` when a
        newer request takes its place or `gone()` (the page leaving) finishes first. Raises
        `Busy` when the queue is full."""
        self._supersede(client, kind)
        if len(self._waiting) >= self.queue:
            self.counts.refused += 1
            raise Busy(RETRY_AFTER)
        loop = asyncio.get_running_loop()
        request = _Request(client, kind, function, args, loop.create_future(),
                           next(self._order))
        self._waiting.append(request)
        self.counts.started += 1
        self._dispatch()
        watch = asyncio.ensure_future(gone()) if gone is not None else None
        try:
            await asyncio.wait({request.answer, *([watch] if watch else [])},
                               return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:  # the server is stopping: so is the request
            self._cancel(request)
            raise
        finally:
            if watch is not None:
                watch.cancel()
        if not request.answer.done():
            self.counts.abandoned += 1
            self._cancel(request)
        return request.answer.result()

    def _supersede(self, client: str, kind: str) -> None:
        stale = SUPERSEDES.get(kind, (kind,))
        for old in [r for r in (*self._waiting, *self._running)
                    if r.client == client and r.kind in stale]:
            self.counts.cancelled += 1
            self._cancel(old)

    def _cancel(self, request: _Request) -> None:
        """Drop `request` from the queue, or stop the worker running it."""
        if request in self._waiting:
            self._waiting.remove(request)
        elif request in self._running:
            self._stopped(request)
            assert request.future is not None
            request.future.cancel()
        if not request.answer.done():
            request.answer.set_result(CANCELLED)
        self._dispatch()

    def _dispatch(self) -> None:
        """Start waiting requests while there is room: the page with the fewest running
        first, then the page whose last request started longest ago (or never), then the
        oldest request."""
        while self._waiting:
            counted = sum(not r.long for r in self._running)
            if counted >= self.workers or len(self._running) >= self.processes:
                return
            held = {r.client: [0, 0] for r in self._waiting}  # running: all, counted
            for r in self._running:
                if r.client in held:
                    held[r.client][0] += 1
                    held[r.client][1] += not r.long
            ready = [r for r in self._waiting
                     if held[r.client][0] < self.workers and held[r.client][1] < self.per_page]
            if not ready:
                return
            request = min(ready, key=lambda r: (held[r.client][0], self._turns.get(r.client, -1),
                                                r.order))
            self._waiting.remove(request)
            self._turns[request.client] = request.order
            if len(self._turns) > TURNS_KEPT:  # forget the pages that have nothing here
                present = {r.client for r in (*self._waiting, *self._running, request)}
                self._turns = {c: t for c, t in self._turns.items() if c in present}
            self._start(request)

    def _start(self, request: _Request) -> None:
        loop = request.answer.get_loop()
        on_first = sum(r.executor == 0 for r in self._running) < self.workers
        request.executor = 0 if on_first else 1
        if not on_first and len(self._executors) == 1:
            self._executors.append(self._make(self.processes - self.workers))
        future = self._executors[request.executor].schedule(request.function,
                                                            args=request.args,
                                                            timeout=self._deadline)
        request.future = future
        self._running.append(request)
        request.timer = loop.call_later(LONG_AFTER, self.long_running, request)

        def finished(f: Future[Any]) -> None:
            try:
                loop.call_soon_threadsafe(self._finished, request)
            except RuntimeError:  # the loop has closed: no one waits for the answer
                pass

        future.add_done_callback(finished)

    def long_running(self, request: _Request) -> None:
        """`request` has run `LONG_AFTER` seconds: it stops counting against `workers`."""
        if request in self._running:
            request.long = True
            self._dispatch()

    def _finished(self, request: _Request) -> None:
        if request not in self._running:
            return  # cancelled: already answered
        self._stopped(request)
        assert request.future is not None
        if not request.answer.done():
            request.answer.set_result(self._outcome(request.future))
        self._dispatch()

    def _stopped(self, request: _Request) -> None:
        self._running.remove(request)
        if request.timer is not None:
            request.timer.cancel()

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
            found = ended(e.exitcode, self._memory_mb)
            return _stopped(found["kind"], found["message"])
        except MemoryError:
            return _stopped("out-of-memory", "the request needs more memory than a worker "
                            "may hold")
        except Exception as e:  # noqa: BLE001 - the worker could not run it: a bug, said so
            return _stopped("internal", f"{type(e).__name__}: {e} (the request did not reach "
                            "its worker, or its answer did not come back: a bug)")
        self.counts.finished += 1
        return result

    def stats(self) -> dict[str, int]:
        c = self.counts
        return {"started": c.started, "finished": c.finished, "cancelled": c.cancelled,
                "abandoned": c.abandoned, "refused": c.refused, "killed": c.killed,
                "running": len(self._running), "waiting": len(self._waiting)}

    def close(self) -> None:
        """Stop every worker, running or not."""
        for executor in self._executors:
            executor.stop()
        for executor in self._executors:
            executor.join(timeout=5)


def _processes(processes: int, memory_mb: int | None) -> Executor:
    """`processes` workers, each warm and capped at `memory_mb`."""
    from pebble import ProcessPool

    from sapphire.batch.work import warm

    # forkserver: workers start from a clean process, not a copy of the server's threads
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["sapphire.serve.work"])
    pool: Executor = ProcessPool(max_workers=processes, initializer=warm,
                                 initargs=(memory_mb,), context=context)
    return pool


def _stopped(kind: str, message: str) -> dict[str, Any]:
    return {"status": "error", "diagnostics": [{"kind": kind, "message": message}]}
