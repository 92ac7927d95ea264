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


    n = sub.add_parser("generate", **command_help(
        "a new puzzle of a genre: clues added at random until it is unique, then taken out "
        "while it stays unique",
        "examples:\n  sapphire generate sudoku --size 9x9 --seed 3\n"
        "  sapphire generate slitherlink --size 6x6 --minimal -o new.case\n"
        "  sapphire generate sudoku --size 9x9 --max-level 0   (level 0 logic solves it)\n\n"
        "genres: sudoku, slitherlink, yinyang, masyu\n\n"
        "exit status: 0 written, 1 bad input (an unknown genre, a size the genre does not "
        "take, an output file that exists), 3 no puzzle within the time limit"))
    n.add_argument("genre", help="the genre (sudoku, slitherlink, yinyang, masyu)")
    n.add_argument("--size", required=True, metavar="RxC", help="the board, rows x columns")
    n.add_argument("--seed", type=int, default=0, metavar="N",
                   help="the random seed; the same seed gives the same puzzle (default: 0)")
    n.add_argument("--minimal", action="store_true",
                   help="take out every clue the puzzle stays unique without, not only "
                        "pairs under a half turn (default: pairs only)")
    n.add_argument("--max-level", type=int, default=None, metavar="K",
                   help="keep clues so that logic up to level K solves it (default: any)")
    n.add_argument("-o", "--output", metavar="CASE",
                   help="write the case to CASE (default: standard output)")
    n.add_argument("--force", action="store_true",
                   help="with -o, replace CASE when it exists (default: refuse)")
    n.add_argument("--format", choices=["text", "json"], default="text",
                   help="text (the case, then a summary and the link on standard error) or "
                        "json (one object with the case) (default: text)")
    n.add_argument("--time-limit", type=float, default=None, metavar="S",
                   help="seconds for the whole generation (default: none)")


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
    if args.command == "generate":
        return run_generate(args)
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


def run_generate(args: argparse.Namespace) -> int:
    import sys

    from sapphire.assistant.generate import generate
    from sapphire.case.givens import parse_board
    from sapphire.deadline import Deadline

    size = parse_board(args.size)
    if size is None:
        raise error("usage", f"--size {args.size}: expected rows x columns, as 9x9", None)
    if args.max_level is not None:
        _check_level(args.max_level)
    if args.output is not None and Path(args.output).exists() and not args.force:
        raise error("output-exists", f"{args.output} exists, and generate does not overwrite "
                    "it", hint="add --force to replace it, or name another file")
    made = generate(args.genre, size[0], size[1], seed=args.seed, minimal=args.minimal,
                    max_level=args.max_level, deadline=Deadline.after(args.time_limit))
    if args.output is not None:
        Path(args.output).write_text(made.case_text, encoding="utf-8")
    if args.format == "json":
        print(json.dumps(made.to_json(), ensure_ascii=False, indent=1))
    elif args.output is None:
        sys.stdout.write(made.case_text)
        print(made.summary(), file=sys.stderr)
    else:
        print(made.summary())
    return 0
