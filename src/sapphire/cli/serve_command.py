"""`sapphire serve [--port 8000] [--open]`: the setter's page, served on this machine.

The page re-solves the case a moment after each edit: its problems at their lines, its status,
count, answer, true candidates, the cells where two answers differ, and why it has none. The
server keeps the solver loaded in a pool of workers (`sapphire.serve`), answers on 127.0.0.1
unless told otherwise, and reads no library folder but the one `--library` names.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sapphire.cli.arguments import BackendNames, command_help
from sapphire.diagnostics import error

CASE_NAME = "page.case"
"""The name the page's case is solved under (errors shown on the page give its lines only)."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    """The `serve` command's arguments (registered by `sapphire.cli.build_parser`)."""
    s = sub.add_parser("serve", **command_help(
        "serve a page in the browser where a puzzle is set, re-solved after each edit",
        "examples:\n  sapphire serve --open\n  sapphire serve --port 8080 --library mykinds\n\n"
        "exit status: 130 stopped (Ctrl-C), 1 bad input (an address in use, a --library "
        "that is no folder)"))
    s.add_argument("--port", type=int, default=8000,
                   help="the port to answer on; 0 picks a free one (default: 8000)")
    s.add_argument("--host", default="127.0.0.1",
                   help="the address to answer on; another than 127.0.0.1 lets other machines "
                        "use the page and its solver (default: 127.0.0.1)")
    s.add_argument("--open", action="store_true",
                   help="open the page in the browser once it is served")
    s.add_argument("--library", metavar="DIR",
                   help="a folder of rule definitions the page's cases may name in 'library:' "
                        "(default: none: the bundled std library and https definitions only)")
    s.add_argument("--time-limit", type=float, default=10.0, metavar="S",
                   help="seconds each solve may take; the page shows a solve stopped there as "
                        "unknown (default: 10.0)")
    s.add_argument("--workers", type=int, default=2, metavar="N",
                   help="solves run at once, each in its own process; one running past a "
                        "second lets another start beside it (default: 2)")
    s.add_argument("--memory-limit", type=int, default=None, metavar="MB",
                   help="memory each worker may hold; a puzzle that needs more is answered "
                        "out-of-memory (default: four fifths of the machine's memory shared "
                        "between twice as many processes as workers: heavy solves run beside "
                        "the others)")
    backend = s.add_argument("--backend", default="auto",
                             help="the solver: sat, cpsat or auto (default: auto)")
    backend.choices = BackendNames()


def run(args: argparse.Namespace) -> int:
    from sapphire.batch import default_memory_mb
    from sapphire.memory import MINIMUM_MB
    from sapphire.serve import Config, bind
    from sapphire.serve import run as serve
    from sapphire.serve.app import LOCAL_HOSTS
    from sapphire.serve.work import Settings

    if not 0 <= args.port <= 65535:
        raise error("usage", f"--port {args.port}: a port is a number from 0 to 65535", None)
    if args.time_limit <= 0:
        raise error("usage", "--time-limit must be more than 0 seconds", None)
    if args.workers < 1:
        raise error("usage", "--workers must be at least 1", None)
    if args.memory_limit is not None and args.memory_limit < MINIMUM_MB:
        raise error("usage", f"--memory-limit must be at least {MINIMUM_MB} MB, not "
                    f"{args.memory_limit}", None)
    if args.library is not None:
        folder = Path(args.library).resolve()
        if not folder.is_dir():
            raise error("library-not-found", f"--library {args.library}: no such folder", None)
        library: str | None = str(folder)
        case_path = folder.parent / CASE_NAME  # so that `library: [std, ./NAME]` finds it
    else:
        library = None
        import tempfile  # only when serving: every command builds this parser

        case_path = Path(tempfile.mkdtemp(prefix="sapphire-serve-")) / CASE_NAME
    settings = Settings(str(case_path), library, args.time_limit, args.backend)
    memory = args.memory_limit or default_memory_mb(2 * args.workers)  # see serve.pool
    # on another address the page is reached by this machine's names, which it cannot know
    hosts = LOCAL_HOSTS if args.host in LOCAL_HOSTS else ("*",)
    try:
        sock = bind(args.host, args.port)
    except OSError as e:
        raise error("address-in-use" if e.errno == 98 else "bad-address",
                    f"cannot answer on {args.host}:{args.port}: {e.strerror or e}", None,
                    hint="name another port with --port, or 0 for any free one") from None
    if args.host not in (*LOCAL_HOSTS, "::1"):
        print(f"warning: answering on {args.host}: other machines can reach the page and its "
              "solver", file=sys.stderr)
    serve(Config(settings, args.workers, memory, hosts), sock, open_page=args.open)
    return 0
