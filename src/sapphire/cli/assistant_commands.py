"""The setter's assistant on the command line: `sapphire grade`, `minimize`, `suggest` and
`generate` (`sapphire.assistant`)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from sapphire.cli.arguments import command_help, library_root_options, load_puzzle
from sapphire.diagnostics import error

COMMANDS = ("grade", "minimize", "suggest", "generate")

GRADE_EXIT = ("exit status: 0 graded (solved by logic, or stuck at the level asked), 1 bad "
              "input, 2 no answer (logic reaches a contradiction), 3 stopped by the time limit")


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """The assistant's commands (registered by `sapphire.cli.build_parser`)."""
    g = sub.add_parser("grade", **command_help(
        "a logical path through a case, step by step, and its grade: the deepest level of "
        "reasoning it needs",
        "examples:\n  sapphire grade puzzle.case\n"
        "  sapphire grade puzzle.case --max-level 1 --format json\n"
        "  sapphire grade puzzle.case --format svg -o path.svg\n\n" + GRADE_EXIT))
    g.add_argument("file", help="the case file")
    g.add_argument("--max-level", type=int, default=1, metavar="K",
                   help="the deepest level tried: 0 is each rule line's statements on their "
                        "own, k assumes one value and refutes it at level k-1 (default: 1)")
    g.add_argument("--format", choices=["text", "json", "svg"], default="text",
                   help="text (a line per step), json (one object) or svg (the path drawn "
                        "step by step) (default: text)")
    g.add_argument("-o", "--output", metavar="FILE",
                   help="with --format svg, write FILE.svg (default: standard output)")
    g.add_argument("--force", action="store_true",
                   help="with -o, replace FILE when it exists (default: refuse)")
    g.add_argument("--time-limit", type=float, default=None, metavar="S",
                   help="seconds for the reasoning; the path found so far is shown "
                        "(default: none)")
    library_root_options(g)


    for name, what in (("minimize", "which givens and clues of a unique case are redundant, "
                                    "and a minimal set of them, each proved needed by a solve"),
                       ("suggest", "givens, taken from one answer, that make a case with "
                                   "several answers unique, proved by a solve")):
        m = sub.add_parser(name, **command_help(
            what,
            f"examples:\n  sapphire {name} puzzle.case\n"
            f"  sapphire {name} puzzle.case -o {name}d.case --format json\n\n"
            "exit status: 0 done, 1 bad input (" + (
                "a case with several answers or none" if name == "minimize" else
                "a case with no answer") + "), 3 stopped by the time limit"))
        m.add_argument("file", help="the case file")
        m.add_argument("-o", "--output", metavar="CASE",
                       help="write the " + ("minimal case" if name == "minimize" else
                                            "case with the givens added") +
                       " to CASE (default: none written)")
        m.add_argument("--force", action="store_true",
                       help="with -o, replace CASE when it exists (default: refuse)")
        m.add_argument("--format", choices=["text", "json"], default="text",
                       help="text or json (one object) (default: text)")
        m.add_argument("--time-limit", type=float, default=None, metavar="S",
                       help="seconds for each solve (default: none)")
        library_root_options(m)


def _check_level(level: int) -> None:
    if level < 0:
        raise error("usage", f"--max-level {level}: a level is 0 or more", None,
                    hint="--max-level 0 uses each rule line's statements alone")


def _write(text: str, output: str | None, force: bool, command: str) -> None:
    if output is None:
        print(text)
        return
    path = Path(output)
    if path.exists() and not force:
        raise error("output-exists", f"{output} exists, and {command} does not overwrite it",
                    hint="add --force to replace it, or name another file with -o")
    path.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")


def run(args: argparse.Namespace) -> int:
    if args.command == "grade":
        return run_grade(args)
    if args.command in ("minimize", "suggest"):
        return run_clues(args)
    raise error("usage", f"unknown command {args.command}", None)


def run_grade(args: argparse.Namespace) -> int:
    from sapphire.assistant.grade import grade
    from sapphire.deadline import deadline_of

    _check_level(args.max_level)
    if args.format == "svg" and args.output is not None \
            and not args.output.lower().endswith(".svg"):
        raise error("usage", f"cannot tell the picture's format from {args.output!r}", None,
                    hint="name the file FILE.svg")
    puzzle = load_puzzle(args)
    found = grade(puzzle, args.max_level, deadline_of(args.time_limit))
    if args.format == "json":
        _write(json.dumps(found.to_json(), ensure_ascii=False, indent=1), args.output,
               args.force, "grade")
    elif args.format == "svg":
        from sapphire.assistant.picture import path_picture

        _write(path_picture(puzzle, found), args.output, args.force, "grade")
    else:
        _write(found.text(), args.output, args.force, "grade")
    return {"none": 2, "stopped": 3}.get(found.status, 0)


def run_clues(args: argparse.Namespace) -> int:
    from sapphire.assistant.cases import case_text
    from sapphire.deadline import Deadline

    if args.output is not None and Path(args.output).exists() and not args.force:
        raise error("output-exists", f"{args.output} exists, and {args.command} does not "
                    "overwrite it", hint="add --force to replace it, or name another file")
    case, lib = load_puzzle(args).parsed()
    deadline = Deadline.after(args.time_limit)
    if args.command == "minimize":
        from sapphire.assistant.minimize import minimize

        found = minimize(case, lib, deadline)
        written, complete = found.minimal_case, not found.unknown
    else:
        from sapphire.assistant.suggest import suggest

        got = suggest(case, lib, deadline)
        found, written, complete = got, got.case, got.proved  # type: ignore[assignment]
    if args.format == "json":
        print(json.dumps(found.to_json(), ensure_ascii=False, indent=1))
    else:
        print(found.text())
    if args.output is not None:
        Path(args.output).write_text(case_text(written), encoding="utf-8")
    return 0 if complete else 3
