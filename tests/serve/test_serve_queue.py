"""The page's queue, on a stand-in for the worker processes whose requests finish when the test
says: a bounded queue answers busy, pages take turns, a long request lets others start beside
it, and a request whose page left is dropped or stopped."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import pytest

from sapphire.serve import pool as pool_module
from sapphire.serve.pool import CANCELLED, RETRY_AFTER, Busy, SolvePool


class Workers:
    """Runs nothing: each scheduled request is a future the test finishes or that is
    cancelled, listed in the order it started."""

    def __init__(self) -> None:
        self.started: list[tuple[Any, ...]] = []
        self.futures: dict[tuple[Any, ...], Future[Any]] = {}

    def schedule(self, function: Callable[..., Any], args: Any = (),
                 timeout: float | None = None) -> Future[Any]:
        future: Future[Any] = Future()
        self.started.append(tuple(args))
        self.futures[tuple(args)] = future
        return future

    def finish(self, *args: Any) -> None:
        self.futures[args].set_result({"status": "done", "args": list(args)})

    def stop(self) -> None:
        pass

    def join(self, timeout: float | None = None) -> None:
        pass


async def settle() -> None:
    """Let the event loop run what is ready (answers handed over, timers due now)."""
    for _ in range(10):
        await asyncio.sleep(0)


@pytest.fixture(autouse=True)
def no_long_requests(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool_module, "LONG_AFTER", 1e9)  # a test says when one is long


def make(workers: int = 1, queue: int = 10) -> tuple[SolvePool, Workers]:
    stand_in = Workers()
    return SolvePool(workers, None, 10.0, queue=queue, executor=lambda n: stand_in), stand_in


def test_past_a_full_queue_a_request_is_answered_busy() -> None:
    pool, workers = make(workers=1, queue=2)

    async def pages() -> None:
        first = asyncio.create_task(pool.run("a", "solve", print, "a"))
        waiting = [asyncio.create_task(pool.run(p, "solve", print, p)) for p in "bc"]
        await settle()
        assert workers.started == [("a",)]
        with pytest.raises(Busy) as refused:
            await pool.run("d", "solve", print, "d")
        assert refused.value.retry_after == RETRY_AFTER
        assert pool.stats()["refused"] == 1 and pool.stats()["waiting"] == 2
        for page in "abc":
            workers.finish(page)
            await settle()
        assert [(await t)["status"] for t in (first, *waiting)] == ["done"] * 3
        assert await asyncio.wait_for(_finished_after(pool, workers, "d"), 5) == "done"

    asyncio.run(pages())


async def _finished_after(pool: SolvePool, workers: Workers, page: str) -> str:
    task = asyncio.create_task(pool.run(page, "solve", print, page))
    await settle()
    workers.finish(page)
    return str((await task)["status"])


def test_pages_take_turns_and_one_page_never_takes_every_worker() -> None:
    pool, workers = make(workers=2)

    async def pages() -> None:
        tasks = [asyncio.create_task(pool.run(p, kind, print, p, kind))
                 for p, kind in [("a", "solve"), ("a", "why"), ("a", "draw"),
                                 ("a", "import"), ("b", "solve"), ("c", "solve")]]
        await settle()
        # two workers: page a's first request, and b's (a already holds one)
        assert workers.started == [("a", "solve"), ("b", "solve")]
        workers.finish("a", "solve")
        await settle()
        assert workers.started[2:] == [("c", "solve")]  # c has not had a turn yet
        workers.finish("b", "solve")
        await settle()
        assert workers.started[3:] == [("a", "why")]
        workers.finish("c", "solve")
        await settle()
        assert len(workers.started) == 4  # a holds one of the two workers: its draw waits
        workers.finish("a", "why")
        await settle()
        assert workers.started[4:] == [("a", "draw")]
        workers.finish("a", "draw")
        await settle()
        assert workers.started[5:] == [("a", "import")]
        workers.finish("a", "import")
        assert [(await t)["status"] for t in tasks] == ["done"] * 6

    asyncio.run(pages())


def test_a_long_request_lets_the_next_start_beside_it(monkeypatch: pytest.MonkeyPatch) -> None:
    pool, workers = make(workers=1)

    async def pages() -> None:
        heavy = asyncio.create_task(pool.run("heavy", "solve", print, "heavy"))
        await settle()
        light = asyncio.create_task(pool.run("light", "solve", print, "light"))
        other = asyncio.create_task(pool.run("other", "solve", print, "other"))
        await settle()
        assert workers.started == [("heavy",)]  # one worker, held
        pool.long_running(pool._running[0])  # the heavy solve has run LONG_AFTER seconds
        await settle()
        assert workers.started == [("heavy",), ("light",)]  # beside it, on a second process
        pool.long_running(pool._running[1])
        await settle()
        assert len(workers.started) == 2  # twice `workers` processes at most
        for page in ("light", "other", "heavy"):
            workers.finish(page)
            await settle()
        assert [(await t)["status"] for t in (heavy, light, other)] == ["done"] * 3

    asyncio.run(pages())


def test_a_request_whose_page_left_is_dropped_or_stopped() -> None:
    pool, workers = make(workers=1)

    async def pages() -> None:
        a_left, b_left = asyncio.Event(), asyncio.Event()
        running = asyncio.create_task(pool.run("a", "solve", print, "a", gone=a_left.wait))
        waiting = asyncio.create_task(pool.run("b", "solve", print, "b", gone=b_left.wait))
        stays = asyncio.create_task(pool.run("c", "solve", print, "c"))
        await settle()
        assert workers.started == [("a",)]
        b_left.set()  # page b closes its connection while its request waits
        assert await waiting == CANCELLED
        a_left.set()  # and page a while its request runs
        assert await running == CANCELLED
        assert workers.futures[("a",)].cancelled()  # its worker is stopped
        await settle()
        assert workers.started == [("a",), ("c",)]  # b never started
        workers.finish("c")
        assert (await stays)["status"] == "done"
        stats = pool.stats()
        assert (stats["abandoned"], stats["cancelled"], stats["running"]) == (2, 0, 0)

    asyncio.run(pages())


def test_a_new_edit_drops_the_older_request_still_waiting() -> None:
    pool, workers = make(workers=1)

    async def pages() -> None:
        other = asyncio.create_task(pool.run("x", "solve", print, "x"))
        await settle()
        older = asyncio.create_task(pool.run("a", "solve", print, "a1"))
        await settle()
        newer = asyncio.create_task(pool.run("a", "solve", print, "a2"))
        await settle()
        assert await older == CANCELLED
        workers.finish("x")
        await settle()
        assert workers.started == [("x",), ("a2",)]
        workers.finish("a2")
        assert (await newer)["args"] == ["a2"] and (await other)["status"] == "done"

    asyncio.run(pages())


def test_a_request_cancelled_with_the_server_stops_its_worker() -> None:
    pool, workers = make(workers=1)

    async def stopping() -> None:
        running = asyncio.create_task(pool.run("a", "solve", print, "a"))
        waiting = asyncio.create_task(pool.run("b", "solve", print, "b"))
        await settle()
        waiting.cancel()
        running.cancel()
        for task in (running, waiting):
            with pytest.raises(asyncio.CancelledError):
                await task
        assert workers.futures[("a",)].cancelled() and workers.started == [("a",)]
        assert (pool.stats()["running"], pool.stats()["waiting"]) == (0, 0)

    asyncio.run(stopping())
