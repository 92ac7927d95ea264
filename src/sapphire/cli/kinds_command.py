"""`sapphire kinds [QUERY]`: the library's rule kinds found by the words setters use (name,
title, other names, prose; `sapphire.library.search`), one line each, or every kind when no
query is given: the command-line face of the docs' kind catalogue."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

from sapphire.cli.arguments import command_help
from sapphire.diagnostics import error

HOW = {4: "name", 3: "words of a name", 2: "spelling", 1: "description", 0: "all"}
"""How a kind matched, in words, by `sapphire.library.search` tier."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    """The `kinds` command's arguments (registered by `sapphire.cli.build_parser`)."""
    k = sub.add_parser("kinds", **command_help(
        "find the library's rule kinds by name, title, the names setters use, or words of "
        "their description",
        "examples:\n  sapphire kinds                  (every kind)\n"
        "  sapphire kinds killer           (the killer cage first)\n"
        "  sapphire kinds german whispers\n"
        "  sapphire kinds kropki --format json\n"
        "  sapphire kinds --library mykinds arrow\n\n"
        "exit status: 0 listed (nothing found is said on standard error), 1 bad input (a "
        "--library that cannot be read)"))
    k.add_argument("query", nargs="*", metavar="QUERY",
                   help="words to search for (default: none, listing every kind)")
    k.add_argument("--format", choices=["text", "json"], default="text",
                   help="text, a line per kind, or json, one object (default: text)")
    k.add_argument("--library", metavar="DIR",
                   help="a folder of rule definitions searched with the bundled std library, "
                        "as 'library: [std, DIR]' reads it (default: std only)")


def run(args: argparse.Namespace) -> int:
    from sapphire.library import load_layers
    from sapphire.library.search import search

    layers = ["std"]
    roots: list[Path] = []
    if args.library is not None:
        folder = Path(args.library).resolve()
        if not folder.is_dir():
            raise error("library-not-found", f"--library {args.library}: no such folder", None)
        layers.append(str(folder))
        roots.append(folder)
    lib = load_layers(layers, Path.cwd(), roots=roots, fetch="offline")
    query = " ".join(args.query)
    found = search(lib.definitions(), query)
    if args.format == "json":
        print(json.dumps({"query": query, "count": len(found), "kinds": [{
            "kind": f.kind, "title": f.title, "also": list(f.definition.also),
            "summary": f.summary(), "matched": HOW[f.tier], "on": f.matched,
        } for f in found]}, ensure_ascii=False, indent=1))
    else:
        width = max((len(f.kind) for f in found), default=0)
        columns = shutil.get_terminal_size((100, 24)).columns
        for f in found:
            head = f"{f.kind:<{width}}  {f.title}"
            room = columns - len(head) - 3
            tail = f" — {f.summary(room)}" if room > 20 else ""
            print(head + tail)
    if not found:
        print(f"no kind matches {query!r}; 'sapphire kinds' lists all "
              f"{len(lib.kinds())}", file=sys.stderr)
    return 0
