"""The web application: the page, its static files, and the JSON requests it makes.

Every request that reads the setter's text runs in the worker pool (`sapphire.serve.pool`),
and is stopped there when its page closes the connection; a full queue answers 503.
The application answers only requests addressed to this machine by name (`TrustedHostMiddleware`,
against a web page elsewhere that points its own name at 127.0.0.1), takes JSON bodies only
(which another site's page cannot send without asking first) from its own page, and refuses
a body over `MAX_BODY` bytes before reading it whole.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import partial
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from sapphire.diagnostics import NumberTooLong, integer, json_number_error
from sapphire.importers import FORMATS
from sapphire.serve import editor, work
from sapphire.serve.pool import Busy, SolvePool

MAX_BODY = 1_000_000
"""Bytes a request body may hold: a case file or a pasted link is a few kilobytes, the
largest puzzle of the corpus some hundreds."""

LOCAL_HOSTS = ("127.0.0.1", "localhost")
"""The names this machine is reached by from itself, which the page answers to by default
(Starlette's host check cannot read an IPv6 address: on `--host ::1` it answers any name)."""


@dataclass(frozen=True)
class Config:
    """How `sapphire serve` was started."""

    settings: work.Settings
    workers: int = 2
    memory_mb: int | None = None
    hosts: tuple[str, ...] = LOCAL_HOSTS
    """The names the page may be reached by (the Host header)."""


class BadRequest(Exception):
    """A request the page would never make: answered with `status` and a message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read no further than `MAX_BODY` bytes."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise BadRequest(415, "send JSON (Content-Type: application/json)")
    origin = request.headers.get("origin")
    if origin is not None and origin != f"{request.url.scheme}://{request.headers.get('host')}":
        raise BadRequest(403, "requests come from the page itself only")
    length = request.headers.get("content-length")
    if length is not None and (not length.isdecimal() or len(length) > len(str(MAX_BODY))
                               or int(length) > MAX_BODY):
        raise BadRequest(413, f"a request may hold at most {MAX_BODY:,} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise BadRequest(413, f"a request may hold at most {MAX_BODY:,} bytes")
        chunks.append(chunk)
    try:
        text = b"".join(chunks).decode("utf-8")
        data = json.loads(text, parse_int=integer)
    except NumberTooLong:
        d = json_number_error(text, "the body").diagnostics[0]
        raise BadRequest(400, f"{d.span}: {d.message}") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise BadRequest(400, "the body is not JSON") from None
    except RecursionError:
        raise BadRequest(400, "the body nests too deeply: the page sends an object of "
                         "strings") from None
    if not isinstance(data, dict):
        raise BadRequest(400, "the body is not a JSON object")
    return data


async def _gone(request: Request) -> None:
    """Returns once the page has closed the request's connection (its body already read):
    the answer would reach no one, and its solve is stopped."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def _text(data: dict[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise BadRequest(400, f"'{name}' must be a string")
    return value


def _client(data: dict[str, Any]) -> str:
    """The page's id (each open page makes its own): a new request cancels that page's
    older ones only."""
    client = data.get("client", "")
    if not isinstance(client, str) or len(client) > 100:
        raise BadRequest(400, "'client' must be a short string")
    return client


def create_app(config: Config) -> Starlette:
    """The application `sapphire serve` runs (and tests call directly)."""
    static = resources.files("sapphire.serve") / "static"
    state: dict[str, Any] = {}
    kinds = work.library_kinds(config.settings.library)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        state["pool"] = SolvePool(config.workers, config.memory_mb,
                                  config.settings.time_limit)
        try:
            yield
        finally:
            state.pop("pool").close()

    def pool() -> SolvePool:
        return state["pool"]  # type: ignore[no-any-return]

    async def index(request: Request) -> Response:
        return FileResponse(str(static / "index.html"), headers={"Cache-Control": "no-cache"})

    async def api_kinds(request: Request) -> Response:
        return JSONResponse({"kinds": kinds, "formats": list(FORMATS),
                             "time_limit": config.settings.time_limit,
                             "library": config.settings.library})

    async def api_stats(request: Request) -> Response:
        return JSONResponse(pool().stats())

    def on_case(kind: str, job: Callable[..., dict[str, Any]]
                ) -> Callable[[Request], Awaitable[Response]]:
        """A route that runs `job` on the posted case in the worker pool, as the page's
        request `kind` (a newer one of that kind from the same page cancels it)."""
        async def route(request: Request) -> Response:
            data = await _body(request)
            return JSONResponse(await pool().run(_client(data), kind, job,
                                                 _text(data, "case"), config.settings,
                                                 gone=partial(_gone, request)))
        return route

    async def api_import(request: Request) -> Response:
        data = await _body(request)
        fmt = data.get("format", "auto")
        if not isinstance(fmt, str):
            raise BadRequest(400, "'format' must be a string")
        ignore = data.get("ignore_cosmetic", False)
        if not isinstance(ignore, bool):
            raise BadRequest(400, "'ignore_cosmetic' must be true or false")
        return JSONResponse(await pool().run(_client(data), "import", work.import_text, fmt,
                                             _text(data, "text"), ignore,
                                             gone=partial(_gone, request)))

    share_routes = _share_routes(pool)

    async def bad_request(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, BadRequest)
        return JSONResponse({"error": str(exc)}, status_code=exc.status)

    async def busy(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Busy)
        return JSONResponse({"error": str(exc)}, status_code=503,
                            headers={"Retry-After": str(exc.retry_after)})

    routes = [
        Route("/", index),
        Route("/api/kinds", api_kinds),
        Route("/api/stats", api_stats),
        Route("/api/solve", on_case("solve", work.solve), methods=["POST"]),
        Route("/api/draw", on_case("draw", work.draw), methods=["POST"]),
        Route("/api/why", on_case("why", work.explain), methods=["POST"]),
        Route("/api/import", api_import, methods=["POST"]),
        *share_routes,
        Mount("/static", StaticFiles(directory=str(static)), name="static"),
    ]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=list(config.hosts))]
    return Starlette(routes=routes, middleware=middleware, lifespan=lifespan,
                     exception_handlers={BadRequest: bad_request, Busy: busy})


def _share_routes(pool: Callable[[], SolvePool]) -> list[Route]:
    """`/api/share`, the fragment of a link that carries the posted case, and `/api/open`,
    the case a posted fragment carries; both run in the pool (a crafted fragment may
    decompress to far more than it holds)."""
    async def share(request: Request) -> Response:
        data = await _body(request)
        return JSONResponse(await pool().run(_client(data), "share", editor.share_fragment,
                                             _text(data, "case"), gone=partial(_gone, request)))

    async def open_(request: Request) -> Response:
        data = await _body(request)
        return JSONResponse(await pool().run(_client(data), "open", editor.open_shared,
                                             _text(data, "fragment"), gone=partial(_gone, request)))

    return [Route("/api/share", share, methods=["POST"]),
            Route("/api/open", open_, methods=["POST"])]
