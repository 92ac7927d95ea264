"""`sapphire verify CASE ANSWER`: does an answer satisfy a case, and if not, what does it break?

The answer (a file, or `-` for standard input) is read by `sapphire.answers`; the check
is `sapphire.verify.verify_answer`, which evaluates the case's ground model with the
independent evaluator and names each broken constraint by the rule line that states it.
Exit status: 0 valid, 2 broken, 1 bad input, 3 the time limit stopped the search for the
auxiliary variables' values (only a case with some needs one).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from sapphire.cli.arguments import command_help, library_root_options, load_puzzle
from sapphire.diagnostics import error, read_text


def add_parser(sub: Any) -> None:
    """Register `verify` (from `sapphire.cli.build_parser`)."""
    v = sub.add_parser("verify", **command_help(
        "check an answer against a case file, each broken rule line named",
        "examples:\n  sapphire verify puzzle.case answer.txt\n"
        "  sapphire solve puzzle.case --format json | sapphire verify puzzle.case -\n\n"
        "exit status: 0 valid, 2 broken (each broken rule line named), 1 bad input, "
        "70 an internal error"))
    v.add_argument("file", help="the case file")
    v.add_argument("answer", help="the answer: a text grid or the JSON solve prints; - reads "
                   "standard input")
    v.add_argument("--format", choices=["text", "json"], default="text",
                   help="the report as text or one JSON object (default: text)")
    v.add_argument("--time-limit", type=float, default=None, metavar="S",
                   help="for the search of auxiliary variables' values, when the case has any "
                        "(default: none)")
    library_root_options(v)


def run(args: argparse.Namespace) -> int:
    if args.time_limit is not None and not args.time_limit > 0:
        raise error("usage", "--time-limit must be more than 0 seconds", None)
    puzzle = load_puzzle(args)
    puzzle.parsed()  # the case's own errors first
    label = "<stdin>" if args.answer == "-" else args.answer
    text = sys.stdin.read() if args.answer == "-" else read_text(args.answer)
    verdict = puzzle.verify(text, time_limit=args.time_limit, label=label)
    if args.format == "json":
        json.dump(verdict.to_json(), sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
    else:
        print(verdict.text())
    return verdict.exit_status()
