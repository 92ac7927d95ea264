"""Fetching rule definitions named by https URLs, once, into an on-disk cache.

A definition is downloaded at most once: it is stored as `<sha256 of URL>.md` beside a
`.sha256` file holding the hash of its content, and read from there (offline too) as long as
the two agree. Downloads are limited in size and time; only https is ever fetched, and the
text is only ever parsed, never run.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from sapphire.diagnostics import error

MAX_BYTES = 256 * 1024
TIMEOUT_SECONDS = 10.0


class NotFound(Exception):
    """The server answered that nothing is at the URL (HTTP 404 or 410)."""


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
    """Store atomically; a cache that cannot be written only costs a later download."""
    import tempfile  # here, as only a remote definition writes to this cache

    text_path, hash_path = cache_paths(url, cache_dir)
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        for path, payload in (
            (text_path, data),
            (hash_path, _sha256(data).encode("ascii") + b"\n"),
        ):
            fd, tmp = tempfile.mkstemp(dir=cache_dir, prefix=".tmp-")
            with os.fdopen(fd, "wb") as out:
                out.write(payload)
            os.replace(tmp, path)
    except OSError:
        pass


def download(url: str, *, max_bytes: int = MAX_BYTES, timeout: float = TIMEOUT_SECONDS) -> bytes:
    """GET an https URL, refusing more than `max_bytes` or more than `timeout` seconds in all."""
    import urllib.error  # here: HTTP, SSL and e-mail parsing load only when a download runs
    import urllib.request

    if not url.startswith("https://"):
        raise error("insecure-url", f"only https URLs are fetched, not {url}")
    deadline = time.monotonic() + timeout
    request = urllib.request.Request(url, headers={"User-Agent": "sapphire-puzzles"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            final = response.geturl() if hasattr(response, "geturl") else url
            if final and not str(final).startswith("https://"):
                raise error("insecure-url", f"{url} redirected away from https to {final}")
            chunks: list[bytes] = []
            size = 0
            while True:
                if time.monotonic() > deadline:
                    raise error("fetch-timeout", f"fetching {url} took more than {timeout:g} s")
                chunk = response.read(min(65536, max_bytes + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
                if size > max_bytes:
                    raise error("definition-too-large",
                                f"{url} is larger than {max_bytes // 1024} KiB",
                                hint="a rule definition is a short Markdown file")
            return b"".join(chunks)
    except urllib.error.HTTPError as exc:
        if exc.code in (404, 410):
            raise NotFound(url) from exc
        raise error("fetch-failed", f"fetching {url} failed: HTTP {exc.code}") from exc
    except (urllib.error.URLError, OSError) as exc:
        if isinstance(exc, TimeoutError) or isinstance(getattr(exc, "reason", None), TimeoutError):
            raise error("fetch-timeout", f"fetching {url} took more than {timeout:g} s") from exc
        reason = getattr(exc, "reason", exc)
        raise error("fetch-failed", f"fetching {url} failed: {reason}",
                    hint="once fetched, a definition is cached and works offline") from exc


def fetch_text(url: str, cache_dir: Path | None = None) -> str:
    """The text at `url`: from the cache when it is there and intact, else downloaded once."""
    cache_dir = cache_dir if cache_dir is not None else default_cache_dir()
    data = _read_cache(url, cache_dir)
    if data is None:
        data = download(url)
        _write_cache(url, cache_dir, data)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error("bad-encoding", f"{url} is not UTF-8 text") from exc
