"""`sapphire batch INPUTS… [--jobs N] [-o results.jsonl]`: many puzzles solved in parallel.

One JSON line per puzzle goes to the output as it finishes (see `sapphire.batch`); a summary
of the statuses goes to standard error. With `-o`, a run that stopped resumes: puzzles
already in the file are skipped.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from sapphire.cli.arguments import command_help
from sapphire.diagnostics import error


def add_parser(sub: argparse._SubParsersAction, backends: object) -> None:
    b = sub.add_parser("batch", **command_help(
        "solve many puzzles in parallel, one JSON line each",
        "examples:\n  sapphire batch puzzles/ -o results.jsonl\n"
        "  sapphire batch examples/cases --jobs 2 --time-limit 30\n"
        "  sapphire batch puzzles/ --cluster tcp://scheduler:8786 -o results.jsonl\n\n"
        "Case files, folders of them (*.case) and corpus JSON files (iss.json, fpuzzles.json, "
        "puzzlekit genre files) are solved in worker processes, one JSON line per puzzle: id, "
        "status, count, answer, seconds, backend, error. A puzzle that fails is that puzzle's "
        "line; the run goes on.\n\n"
        "exit status: 0 every puzzle has its line, 1 bad input (a command line, an unreadable "
        "input, an unreachable cluster), 70 an internal error"))
    b.add_argument("inputs", nargs="+", metavar="INPUT",
                   help="a case file, a folder, or a corpus JSON file")
    b.add_argument("-o", "--output", metavar="FILE",
                   help="append the JSON lines to FILE, skipping puzzles it already holds "
                        "(default: standard output)")
    b.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1, metavar="N",
                   help=f"worker processes (default: {os.cpu_count() or 1}, the number of "
                        "cores here)")
    b.add_argument("--time-limit", type=float, default=60.0, metavar="S",
                   help="seconds per puzzle, 0 for none (default: 60.0)")
    b.add_argument("--memory-limit", type=int, default=None, metavar="MB",
                   help="memory each worker may hold, local pool only; a puzzle that needs more "
                        "is recorded as out-of-memory (default: four fifths of the machine's "
                        "memory shared between the workers)")
    backend = b.add_argument("--backend", default="auto",
                             help="the solver, as for solve (default: auto)")
    backend.choices = backends
    b.add_argument("--cluster", metavar="ADDRESS",
                   help="run on the Dask distributed scheduler at ADDRESS (tcp://HOST:8786) "
                        "instead of local processes (default: none, local processes)")
    b.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="a progress bar on standard error (default: when it is a terminal)")


def run(args: argparse.Namespace) -> int:
    from sapphire.batch import Options, default_memory_mb, run_batch
    from sapphire.memory import MINIMUM_MB

    if args.jobs < 1:
        raise error("usage", f"--jobs must be at least 1, not {args.jobs}", None)
    limit = None if args.time_limit == 0 else args.time_limit
    if limit is not None and limit < 0:
        raise error("usage", "--time-limit must not be negative", None)
    if args.memory_limit is not None and args.memory_limit < MINIMUM_MB:
        raise error("usage", f"--memory-limit must be at least {MINIMUM_MB} MB, not "
                    f"{args.memory_limit}", None)
    memory = args.memory_limit if args.memory_limit else default_memory_mb(args.jobs)
    progress = sys.stderr.isatty() if args.progress is None else args.progress
    output = Path(args.output) if args.output else None
    summary = run_batch(args.inputs, output, Options(limit, args.backend), workers=args.jobs,
                        memory_mb=memory, cluster=args.cluster, progress=progress)
    done = sum(summary.statuses.values())
    parts = [f"{n} {status}" for status, n in sorted(summary.statuses.items())]
    skipped = f", {summary.skipped} already done" if summary.skipped else ""
    print(f"{done} of {summary.total} puzzles done{skipped}"
          + (f": {', '.join(parts)}" if parts else ""), file=sys.stderr)
    return 0
