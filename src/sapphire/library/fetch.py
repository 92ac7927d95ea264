"""Fetching rule definitions named by https URLs, once, into an on-disk cache.

A definition is stored as `<sha256 of URL>.md` beside a `.sha256` file holding the hash of its
content and a `.json` file saying when it was fetched and with which validators (ETag,
Last-Modified), and read from there as long as the text and its hash agree: for
`CACHE_LIFETIME` as it is, then after asking the server whether it changed (offline, as it
is). Downloads are limited in size and in time (one deadline for the whole fetch); only https
is ever fetched, a redirect to anything else is refused before it is followed, and the text is
only ever parsed, never run.

The fetches of one command share one allowance, `TIMEOUT_SECONDS` in all, and its time limit
bounds them too (`sapphire.library.budget`): a server that accepts connections and never
answers holds a command that names four of its files for ten seconds, not forty, and never
past `--time-limit`.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sapphire.diagnostics import SapphireError, error
from sapphire.library.budget import TIMEOUT_SECONDS, FetchBudget, current_budget

MAX_BYTES = 256 * 1024
CACHE_LIFETIME = 24 * 3600
"""Seconds a fetched definition is used without asking its server again; after that it is
revalidated (`fetch_text`)."""
MODES = ("auto", "offline", "refresh")
"""How `fetch_text` uses the cache: `--offline` and `--refresh` on the command line."""


class NotFound(Exception):
    """The server answered that nothing is at the URL (HTTP 404 or 410)."""


def _allowance(url: str, budget: FetchBudget) -> tuple[float, str]:
    """The seconds a fetch of `url` may take now, and what bounds them (for the error when
    they run out); an error when nothing is left."""
    until = budget.deadline - time.monotonic() if budget.deadline is not None else None
    if until is not None and until < budget.left:
        if until <= 0:
            raise error("fetch-timeout", f"{url} was not fetched: the time limit ran out first",
                        hint="raise --time-limit; a fetched definition is cached for later runs")
        return until, "the time limit"
    if budget.left <= 0:
        raise error("fetch-timeout", f"{url} was not fetched: the fetches before it took the "
                    f"{TIMEOUT_SECONDS:g} s all of a command's fetches share",
                    hint="a server that sends slowly is given up on; try again later")
    return budget.left, f"{TIMEOUT_SECONDS:g} s, the time all of a command's fetches share"


def default_cache_dir() -> Path:
    """`$SAPPHIRE_CACHE_DIR`, else `$XDG_CACHE_HOME/sapphire/library`, else ~/.cache/…"""
    explicit = os.environ.get("SAPPHIRE_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "sapphire" / "library"


def _sha256(data: bytes) -> str:
    """The hex SHA-256 of `data`; hashlib is imported here, since only a library fetched over
    https needs it and a process that reads none should not load it."""
    import hashlib

    return hashlib.sha256(data).hexdigest()


def cache_paths(url: str, cache_dir: Path) -> tuple[Path, Path]:
    """Where `url`'s text and its content hash are kept."""
    key = _sha256(url.encode("utf-8"))
    return cache_dir / f"{key}.md", cache_dir / f"{key}.md.sha256"


def _read_cache(url: str, cache_dir: Path) -> bytes | None:
    text_path, hash_path = cache_paths(url, cache_dir)
    try:
        data = text_path.read_bytes()
        recorded = hash_path.read_text(encoding="ascii").strip()
    except OSError:
        return None
    return data if _sha256(data) == recorded else None


def _write_cache(url: str, cache_dir: Path, data: bytes) -> None:
    """Store the text and its hash, each atomically."""
    text_path, hash_path = cache_paths(url, cache_dir)
    for path, payload in (
        (text_path, data),
        (hash_path, _sha256(data).encode("ascii") + b"\n"),
    ):
        _write_file(cache_dir, path, payload)


def _write_file(cache_dir: Path, path: Path, payload: bytes) -> None:
    """Write `payload` to `path` atomically; a cache that cannot be written only costs a
    later download."""
    import tempfile  # here, as only a remote definition writes to this cache

    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=cache_dir, prefix=".tmp-")
        with os.fdopen(fd, "wb") as out:
            out.write(payload)
        os.replace(tmp, path)
    except OSError:
        pass


class _HttpsOnlyRedirects:
    """Made into a `urllib.request.HTTPRedirectHandler` subclass on first use (urllib loads
    only when a download runs): a redirect away from https is refused before it is followed,
    so no plain request is ever sent."""

    handler: Any = None

    @classmethod
    def get(cls) -> Any:
        if cls.handler is None:
            import urllib.request

            class Handler(urllib.request.HTTPRedirectHandler):
                def redirect_request(self, req: Any, fp: Any, code: int, msg: str,
                                     headers: Any, newurl: str) -> Any:
                    if not newurl.startswith("https://"):
                        raise error("insecure-url", f"{req.full_url} redirects away from "
                                    f"https, to {newurl}; the redirect is not followed",
                                    hint="name the definition by an https URL that serves it")
                    return super().redirect_request(req, fp, code, msg, headers, newurl)

            cls.handler = Handler
        return cls.handler


def _open(request: Any, timeout: float) -> Any:
    """Open `request` with https-only redirects (the one place a connection is made)."""
    import urllib.request

    return urllib.request.build_opener(_HttpsOnlyRedirects.get()).open(request, timeout=timeout)


@dataclass
class Fetched:
    """What a download got: the body (None when the server said the cached copy is still
    current, HTTP 304) and the validators to ask with next time."""

    data: bytes | None
    etag: str | None = None
    last_modified: str | None = None


def download(url: str, *, max_bytes: int = MAX_BYTES, timeout: float = TIMEOUT_SECONDS,
             etag: str | None = None, last_modified: str | None = None,
             limit: str | None = None) -> Fetched:
    """GET an https URL, refusing more than `max_bytes` or more than `timeout` seconds in all:
    connecting, redirects and the whole body share one deadline, however slowly the server
    sends (it is read as it arrives, and the download is abandoned at the deadline). With
    `etag` or `last_modified` the request is conditional. `limit` says what the timeout is,
    for its error (default: so many seconds)."""
    if not url.startswith("https://"):
        raise error("insecure-url", f"only https URLs are fetched, not {url}")
    import threading

    deadline = time.monotonic() + timeout
    outcome: list[Fetched | BaseException] = []
    limit = limit or f"{timeout:g} s"

    def run() -> None:
        try:
            outcome.append(_download(url, max_bytes, limit, deadline, etag, last_modified))
        except BaseException as e:  # noqa: BLE001 - handed to the waiting thread
            outcome.append(e)

    worker = threading.Thread(target=run, name="sapphire-fetch", daemon=True)
    worker.start()
    worker.join(max(0.0, deadline - time.monotonic()) + 0.5)
    if not outcome:  # still waiting on the server: it is left to time out on its own
        raise _too_slow(url, limit)
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0]


def _too_slow(url: str, limit: str) -> SapphireError:
    return error("fetch-timeout", f"fetching {url} took more than {limit}",
                 hint="a server that sends slowly is given up on; try again later")


def _download(url: str, max_bytes: int, limit: str, deadline: float, etag: str | None,
              last_modified: str | None) -> Fetched:
    import urllib.error  # here: HTTP, SSL and e-mail parsing load only when a download runs
    import urllib.request

    headers = {"User-Agent": "sapphire-puzzles"}
    if etag:
        headers["If-None-Match"] = etag
    if last_modified:
        headers["If-Modified-Since"] = last_modified
    request = urllib.request.Request(url, headers=headers)

    try:
        with _open(request, max(0.1, deadline - time.monotonic())) as response:
            final = response.geturl() if hasattr(response, "geturl") else url
            if final and not str(final).startswith("https://"):
                raise error("insecure-url", f"{url} redirected away from https to {final}")
            read = getattr(response, "read1", response.read)  # what has arrived, not n bytes
            chunks: list[bytes] = []
            size = 0
            while True:
                if time.monotonic() > deadline:
                    raise _too_slow(url, limit)
                chunk = read(min(65536, max_bytes + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
                if size > max_bytes:
                    raise error("definition-too-large",
                                f"{url} is larger than {max_bytes // 1024} KiB",
                                hint="a rule definition is a short Markdown file")
            got = getattr(response, "headers", None)
            return Fetched(b"".join(chunks), got.get("ETag") if got else None,
                           got.get("Last-Modified") if got else None)
    except urllib.error.HTTPError as exc:
        if exc.code == 304 and (etag or last_modified):
            return Fetched(None, etag, last_modified)
        if exc.code in (404, 410):
            raise NotFound(url) from exc
        raise error("fetch-failed", f"fetching {url} failed: HTTP {exc.code}") from exc
    except (urllib.error.URLError, OSError) as exc:
        if isinstance(exc, TimeoutError) or isinstance(getattr(exc, "reason", None), TimeoutError):
            raise _too_slow(url, limit) from exc
        reason = getattr(exc, "reason", exc)
        raise error("fetch-failed", f"fetching {url} failed: {reason}",
                    hint="once fetched, a definition is cached and works offline") from exc


def fetch_text(url: str, cache_dir: Path | None = None, mode: str = "auto") -> str:
    """The text at `url`, through the cache; a download takes what is left of the command's
    `FetchBudget` (`sapphire.library.budget.one_budget`), or `TIMEOUT_SECONDS` outside any.

    `auto`: a cached copy younger than `CACHE_LIFETIME` is used as it is; an older one is
    revalidated (a conditional request: the server's ETag or Last-Modified), replaced when the
    server has a new text, and used as it is when the server cannot be reached. `refresh`
    revalidates whatever the copy's age, and a failure is an error. `offline` never asks a
    server: the cached copy, whatever its age, or an error."""
    cache_dir = cache_dir if cache_dir is not None else default_cache_dir()
    cached = _read_cache(url, cache_dir)
    meta = _read_meta(url, cache_dir) if cached is not None else {}
    if mode == "offline":
        if cached is None:
            raise error("not-cached", f"{url} is not in the cache, and --offline fetches nothing",
                        hint="run once without --offline to fetch it")
        return _decoded(url, cached)
    fetched_at = meta.get("fetched")
    fresh = isinstance(fetched_at, int | float) and 0 <= time.time() - fetched_at < CACHE_LIFETIME
    if cached is not None and mode == "auto" and fresh:
        return _decoded(url, cached)
    etag = meta.get("etag") if cached is not None else None
    modified = meta.get("last_modified") if cached is not None else None
    budget = current_budget() or FetchBudget(TIMEOUT_SECONDS)
    start = time.monotonic()
    try:
        seconds, limit = _allowance(url, budget)
        got = download(url, etag=etag if isinstance(etag, str) else None,
                       last_modified=modified if isinstance(modified, str) else None,
                       timeout=seconds, limit=limit)
    except SapphireError:
        if cached is not None and mode == "auto":  # unreachable: the copy works offline
            return _decoded(url, cached)
        raise
    finally:
        budget.left -= time.monotonic() - start
    if got.data is None:  # not modified: the copy is current again
        assert cached is not None
        _write_meta(url, cache_dir, got)
        return _decoded(url, cached)
    _write_cache(url, cache_dir, got.data)
    _write_meta(url, cache_dir, got)
    return _decoded(url, got.data)


def _decoded(url: str, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error("bad-encoding", f"{url} is not UTF-8 text") from exc


def _meta_path(url: str, cache_dir: Path) -> Path:
    text_path, _ = cache_paths(url, cache_dir)
    return text_path.with_name(text_path.name + ".json")


def _read_meta(url: str, cache_dir: Path) -> dict[str, Any]:
    """When the cached copy was fetched or last found current, and its validators; empty for
    a copy cached before they were kept (it is then revalidated)."""
    import json

    try:
        meta = json.loads(_meta_path(url, cache_dir).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return meta if isinstance(meta, dict) and meta.get("url") == url else {}


def _write_meta(url: str, cache_dir: Path, got: Fetched) -> None:
    import json

    meta = {"url": url, "fetched": time.time(), "etag": got.etag,
            "last_modified": got.last_modified}
    _write_file(cache_dir, _meta_path(url, cache_dir), json.dumps(meta).encode("utf-8"))
