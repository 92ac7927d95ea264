"""Fetching from a real local https server: one deadline for the whole fetch however slowly
the body comes, a redirect away from https refused before it is followed, and a cache that
revalidates (ETag), works offline, and is refreshed on demand."""

from __future__ import annotations

import http.server
import shutil
import ssl
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.library import fetch

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")


class Site:
    """What the server serves, and what it was asked."""

    def __init__(self) -> None:
        self.body = b"---\nkind: one\n---\n"
        self.etag = '"1"'
        self.requests: list[tuple[str, str | None]] = []
        """(path, If-None-Match) of every request."""
        self.plain_requests: list[str] = []
        """Requests the plain http server got: none may ever come."""
        self.plain_port = 0


def _handler(site: Site) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
            site.requests.append((self.path, self.headers.get("If-None-Match")))
            if self.path == "/slow.md":  # a byte every 0.3 s, for a minute
                self.send_response(200)
                self.send_header("Content-Length", "200")
                self.end_headers()
                try:
                    for _ in range(200):
                        self.wfile.write(b"x")
                        self.wfile.flush()
                        time.sleep(0.3)
                except OSError:
                    pass
                return
            if self.path == "/redirect.md":
                self.send_response(302)
                self.send_header("Location", f"http://127.0.0.1:{site.plain_port}/x.md")
                self.end_headers()
                return
            if self.headers.get("If-None-Match") == site.etag:
                self.send_response(304)
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("ETag", site.etag)
            self.send_header("Content-Length", str(len(site.body)))
            self.end_headers()
            self.wfile.write(site.body)

    return Handler


def _plain_handler(site: Site) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_GET(self) -> None:  # noqa: N802
            site.plain_requests.append(self.path)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"---\nkind: plain\n---\n")

    return Handler


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Site, str]]:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=localhost", "-addext",
                    "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))  # the client trusts this server alone
    s = Site()
    plain = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _plain_handler(s))
    s.plain_port = plain.server_address[1]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _handler(s))
    server.daemon_threads = True
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threads = [threading.Thread(target=x.serve_forever, daemon=True) for x in (server, plain)]
    for t in threads:
        t.start()
    yield s, f"https://localhost:{server.server_address[1]}"
    for x in (server, plain):
        x.shutdown()
        x.server_close()


def test_a_slow_body_is_given_up_at_the_deadline(site: tuple[Site, str],
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    _, base = site
    monkeypatch.setattr(fetch, "TIMEOUT_SECONDS", 2.0)
    t0 = time.monotonic()
    with pytest.raises(SapphireError) as exc:
        fetch.download(f"{base}/slow.md", timeout=2.0)
    took = time.monotonic() - t0
    assert exc.value.kinds == ["fetch-timeout"]
    assert took < 4, took  # a byte every 0.3 s once kept a per-read timeout waiting a minute


def test_a_redirect_to_http_is_refused_before_it_is_followed(site: tuple[Site, str],
                                                             tmp_path: Path) -> None:
    s, base = site
    with pytest.raises(SapphireError) as exc:
        fetch.fetch_text(f"{base}/redirect.md", tmp_path / "cache")
    assert exc.value.kinds == ["insecure-url"]
    assert "the redirect is not followed" in str(exc.value)
    assert s.plain_requests == []  # the plain request was never sent


def test_the_cache_revalidates_and_takes_changed_content(site: tuple[Site, str],
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    s, base = site
    url, cache = f"{base}/one.md", tmp_path / "cache"
    assert "kind: one" in fetch.fetch_text(url, cache)
    assert s.requests == [("/one.md", None)]
    s.body, s.etag = b"---\nkind: two\n---\n", '"2"'
    assert "kind: one" in fetch.fetch_text(url, cache)  # fresh: the server is not asked
    assert len(s.requests) == 1
    assert "kind: two" in fetch.fetch_text(url, cache, "refresh")  # asked, and it changed
    assert s.requests[-1] == ("/one.md", '"1"')
    monkeypatch.setattr(fetch, "CACHE_LIFETIME", 0)  # stale: asked, and it did not change
    assert "kind: two" in fetch.fetch_text(url, cache)
    assert s.requests[-1] == ("/one.md", '"2"') and len(s.requests) == 3


def test_offline_reads_the_cache_alone(site: tuple[Site, str], monkeypatch: pytest.MonkeyPatch,
                                       tmp_path: Path) -> None:
    s, base = site
    url, cache = f"{base}/one.md", tmp_path / "cache"
    with pytest.raises(SapphireError) as exc:
        fetch.fetch_text(url, cache, "offline")
    assert exc.value.kinds == ["not-cached"] and s.requests == []
    fetch.fetch_text(url, cache)
    monkeypatch.setattr(fetch, "CACHE_LIFETIME", 0)
    s.body = b"---\nkind: two\n---\n"
    assert "kind: one" in fetch.fetch_text(url, cache, "offline")
    assert len(s.requests) == 1


def test_a_stale_copy_serves_when_the_server_is_gone(site: tuple[Site, str],
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    s, base = site
    url, cache = f"{base}/one.md", tmp_path / "cache"
    fetch.fetch_text(url, cache)
    monkeypatch.setattr(fetch, "CACHE_LIFETIME", 0)
    monkeypatch.setattr(fetch, "_open", _unreachable)
    assert "kind: one" in fetch.fetch_text(url, cache)
    with pytest.raises(SapphireError) as exc:  # but --refresh says so
        fetch.fetch_text(url, cache, "refresh")
    assert exc.value.kinds == ["fetch-failed"]


def _unreachable(request: object, timeout: float) -> None:
    import urllib.error

    raise urllib.error.URLError("network is unreachable")


def test_the_command_line_switches(capsys: pytest.CaptureFixture[str]) -> None:
    from sapphire.cli import build_parser, fetch_mode, main

    for command in ("check", "fmt", "solve"):
        for flags, mode in (([], "auto"), (["--offline"], "offline"), (["--refresh"], "refresh")):
            assert fetch_mode(build_parser().parse_args([command, "p.case", *flags])) == mode
    assert main(["check", "p.case", "--offline", "--refresh"]) == 1
    assert "not allowed with argument" in capsys.readouterr().err
