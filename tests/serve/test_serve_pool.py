"""The page's worker pool: a newer request of a page cancels its older one, a request past its
hard deadline or whose worker dies answers with what happened, and the pool goes on."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator

import pytest

from sapphire.serve.pool import CANCELLED, SolvePool


@pytest.fixture(scope="module")
def pool() -> Iterator[SolvePool]:
    made = SolvePool(workers=2, memory_mb=None, time_limit=0.5)
    yield made
    made.close()


def test_a_request_past_its_deadline_is_stopped_and_the_pool_goes_on(
        pool: SolvePool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool, "_deadline", 1.0)
    t0 = time.perf_counter()
    r = asyncio.run(pool.run("p", "solve", time.sleep, 30))
    assert r["diagnostics"][0]["kind"] == "killed"
    assert "still running 1 s after it started" in r["diagnostics"][0]["message"]
    assert time.perf_counter() - t0 < 10
    assert asyncio.run(pool.run("p", "solve", abs, -3)) == 3
    assert pool.stats()["killed"] == 1


def test_a_worker_that_dies_is_that_requests_answer(pool: SolvePool) -> None:
    r = asyncio.run(pool.run("p", "solve", os._exit, 3))
    assert r["diagnostics"][0]["kind"] == "worker-died"
    assert "exit status 3" in r["diagnostics"][0]["message"]
    assert asyncio.run(pool.run("p", "solve", abs, -4)) == 4


def test_a_newer_request_of_a_page_cancels_its_older_one_only(pool: SolvePool) -> None:
    async def edits() -> list[object]:
        older = asyncio.create_task(pool.run("a", "solve", time.sleep, 30))
        other = asyncio.create_task(pool.run("b", "why", abs, -1))
        await asyncio.sleep(0.5)
        newer = await pool.run("a", "solve", abs, -2)
        return [await older, await other, newer]

    before = pool.stats()["cancelled"]
    t0 = time.perf_counter()
    assert asyncio.run(edits()) == [CANCELLED, 1, 2]
    assert time.perf_counter() - t0 < 10
    assert pool.stats()["cancelled"] == before + 1


def test_an_edits_solve_cancels_the_explanation_of_the_text_before_it(pool: SolvePool) -> None:
    async def edits() -> list[object]:
        why = asyncio.create_task(pool.run("a", "why", time.sleep, 30))
        await asyncio.sleep(0.5)
        return [await pool.run("a", "solve", abs, -5), await why]

    assert asyncio.run(edits()) == [5, CANCELLED]
