"""`sapphire serve`: a setter's page in the browser, the puzzle re-solved as it is typed.

`app` is the web application (Starlette), `pool` the worker processes its solves run in,
`work` what a worker does with one request, `editor` what the page's grid editor reads (the
kinds with their drawing, the board, share links), and `static/` the page itself (plain HTML,
CSS and JavaScript modules, shipped as they are). `run` binds the address and serves until stopped.
"""

from __future__ import annotations

import socket
import sys
import threading
import webbrowser
from collections.abc import Callable

from sapphire.serve.app import Config, create_app


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on `host`:`port` (0 picks a free port), so that the address is
    known, and printed, before the server starts."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def run(config: Config, sock: socket.socket, *, open_page: bool = False,
        announce: Callable[[str], None] | None = None) -> None:
    """Serve the page on `sock` until the process is stopped; `announce` is told the address
    once the server is ready to answer (and the browser is opened there with `open_page`)."""
    import uvicorn

    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    app = create_app(config)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on",
                                           limit_concurrency=64, timeout_keep_alive=30))

    def ready() -> None:
        while not server.started and not server.should_exit:
            threading.Event().wait(0.05)
        if server.started:
            (announce or _print)(url)
            if open_page:
                webbrowser.open(url)

    threading.Thread(target=ready, name="announce", daemon=True).start()
    server.run(sockets=[sock])


def _print(url: str) -> None:
    print(f"Sapphire's page is at {url} (Ctrl-C stops it)", flush=True)
    sys.stdout.flush()


__all__ = ["Config", "bind", "create_app", "run"]
