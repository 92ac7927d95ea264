"""The page's server at its limits, with real workers: a solve whose page closed the connection
is stopped, a full queue answers 503 with Retry-After, and a worker's memory cap counts what
it holds, so that a small cap still solves and a request past it is out-of-memory."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from page_cases import KILLER, SLOW
from starlette.applications import Starlette
from starlette.testclient import TestClient

from sapphire.serve import Config, create_app
from sapphire.serve import pool as pool_module
from sapphire.serve.app import LOCAL_HOSTS
from sapphire.serve.pool import SolvePool
from sapphire.serve.work import Settings, solve

HOSTS = (*LOCAL_HOSTS, "testserver")


async def call(app: Starlette, method: str, path: str, body: dict[str, Any] | None = None,
               left: asyncio.Event | None = None) -> tuple[int, Any]:
    """One request straight to the application; the connection closes once `left` is set
    (never, without it). Its status and JSON body."""
    data = json.dumps(body).encode() if body is not None else b""
    sent: list[dict[str, Any]] = []
    delivered = False

    async def receive() -> dict[str, Any]:
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": data, "more_body": False}
        await (left or asyncio.Event()).wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "client": ("127.0.0.1", 50000),
             "server": ("127.0.0.1", 8000),
             "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json")]}
    await app(scope, receive, send)
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    payload = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, json.loads(payload)


def test_a_solve_whose_page_left_is_stopped_and_the_next_is_answered(tmp_path: Path) -> None:
    settings = Settings(str(tmp_path / "page.case"), None, 60.0)
    app = create_app(Config(settings, 1, None, HOSTS))

    async def scenario() -> dict[str, int]:
        async with app.router.lifespan_context(app):
            left = asyncio.Event()
            slow = asyncio.create_task(call(app, "POST", "/api/solve",
                                            {"client": "left", "case": SLOW}, left))
            while (await call(app, "GET", "/api/stats"))[1]["running"] == 0:
                await asyncio.sleep(0.05)  # until the slow solve runs on the one worker
            left.set()  # the page is closed
            await asyncio.wait_for(slow, 30)  # far sooner than its 60 s time limit
            stats = (await call(app, "GET", "/api/stats"))[1]
            status, answer = await asyncio.wait_for(
                call(app, "POST", "/api/solve", {"client": "next", "case": KILLER}), 60)
            assert (status, answer["status"]) == (200, "unique")
            return stats  # type: ignore[no-any-return]

    stats = asyncio.run(scenario())
    assert (stats["abandoned"], stats["running"], stats["finished"]) == (1, 0, 0)


def test_a_full_queue_answers_503_with_retry_after(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool_module, "QUEUE_PER_WORKER", 0)  # every request finds it full
    settings = Settings(str(tmp_path / "page.case"), None, 5.0)
    with TestClient(create_app(Config(settings, 1, None, HOSTS))) as client:
        reply = client.post("/api/solve", json={"client": "p", "case": KILLER})
        assert reply.status_code == 503
        assert reply.headers["retry-after"] == str(pool_module.RETRY_AFTER)
        assert "busy" in reply.json()["error"]
        assert client.get("/api/stats").json()["refused"] == 1


@pytest.fixture(scope="module")
def small_pool() -> Iterator[SolvePool]:
    made = SolvePool(workers=1, memory_mb=300, time_limit=10.0)
    yield made
    made.close()


def test_a_small_memory_cap_still_solves(small_pool: SolvePool, tmp_path: Path) -> None:
    settings = Settings(str(tmp_path / "page.case"), None, 10.0)
    r = asyncio.run(small_pool.run("p", "solve", solve, KILLER, settings))
    assert (r["status"], r["diagnostics"]) == ("unique", [])


def hog(mb: int) -> dict[str, Any]:
    """Takes `mb` megabytes, one at a time (run on a worker)."""
    held = [b"x" * (1 << 20) for _ in range(mb)]
    return {"status": "held", "mb": len(held)}


def test_a_request_past_the_memory_cap_is_out_of_memory(small_pool: SolvePool) -> None:
    r = asyncio.run(small_pool.run("p", "solve", hog, 2000))
    (d,) = r["diagnostics"]
    assert d["kind"] == "out-of-memory" and "300 MB" in d["message"]
    assert asyncio.run(small_pool.run("p", "solve", abs, -6)) == 6  # a new worker took over
