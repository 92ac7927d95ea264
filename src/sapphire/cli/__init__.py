"""The `sapphire` command: solve, check, fmt, import, export, draw, verify, batch, serve, kinds,
grade, minimize, suggest, generate.

Each subcommand lives in its own module and is imported only when used, so `sapphire fmt`
never pays for loading the solver.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from sapphire.cli.arguments import (
    BackendNames,
    command_help,
    fetch_mode,
    file_argument,
    is_program,
    library_root_options,
    reads_program,
    take_stdin,
)
from sapphire.deep import run_deep
from sapphire.diagnostics import InternalError, SapphireError

COUNT_LIMIT = 100_000
"""Answers `solve --count` counts at most when no limit is given: each is kept until it is
verified, so a count takes some 150 MB and half a minute on a 4×4 (a million, 1.5 GB)."""


class _UsageError(Exception):
    """A command line argparse cannot read."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad command line is bad input (exit 1, as for every command): argparse's
    own status 2 means "no solution" here."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        raise _UsageError(f"{self.prog}: error: {message}")


EXIT_STATUSES = """exit status:
  0   solved (unique or not; also a time limit reached after an answer), or ok
  1   bad input: a file, a case, a command line (FILE:LINE:COL: error: ... on stderr)
  2   no solution
  3   time limit reached without an answer
  70  an internal error (a bug: the traceback is printed, to report)"""

EXAMPLES = """examples:
  sapphire solve examples/cases/killer-sudoku.case
  sapphire solve examples/slitherlink/slitherlink-rules.sapphire \\
      --data examples/slitherlink/puzzle-5x5.json --format json
  sapphire import iss '.~R1C1_5.AntiKing' | sapphire solve -
  sapphire check - < puzzle.case
  sapphire import puzzlekit:sudoku PUZZLE.txt -o puzzle.case"""


def build_parser() -> argparse.ArgumentParser:
    from sapphire.version import __version__

    p = _Parser(prog="sapphire", description=__doc__.splitlines()[0],
                epilog=f"{EXAMPLES}\n\n{EXIT_STATUSES}",
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"sapphire {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("solve", **command_help(
        "solve a case file or a .sapphire program",
        "examples:\n  sapphire solve puzzle.case --format json\n"
        "  sapphire solve puzzle.case --count --max-solutions 1\n"
        "  sapphire import fpuzzles LINK | sapphire solve - --why\n"
        "  sapphire solve --program - --data puzzle.json < rules.sapphire\n\n"
        + EXIT_STATUSES))
    file_argument(s, "a case file, or a .sapphire program (a name ending in .sapphire)")
    s.add_argument("--program", action="store_true",
                   help="read FILE as a .sapphire program whatever its name (standard input "
                        "is read as a case file without it)")
    s.add_argument("--data", metavar="JSON",
                   help="instance data (a JSON object) for a .sapphire program "
                        "(default: none)")
    s.add_argument("--format", choices=["text", "json", "svg"], default="text",
                   help="text, json (one object), or svg (a picture of each answer, side by "
                        "side) (default: text)")
    s.add_argument("-o", "--output", metavar="FILE",
                   help="with --format svg (or --candidates --format svg), write the picture "
                        "to FILE.svg, or FILE.png as PNG (default: SVG on standard output)")
    s.add_argument("--force", action="store_true",
                   help="with -o, replace FILE when it exists (default: refuse)")
    s.add_argument("--max-solutions", type=int, default=2, metavar="N",
                   help="answers to show; the count is at least N when N are found "
                        "(default: 2)")
    s.add_argument("--count", type=int, nargs="?", const=COUNT_LIMIT, default=None,
                   metavar="LIMIT",
                   help="count every answer, up to LIMIT (default when given alone: "
                        f"{COUNT_LIMIT:,}); --max-solutions of them are shown "
                        "(default: no count beyond the answers shown)")
    s.add_argument("--time-limit", type=float, default=None, metavar="S",
                   help="seconds from reading the input to verified answers; at the limit "
                        "the status is unknown (default: none)")
    s.add_argument("--workers", type=int, default=None, metavar="N",
                   help="CP-SAT search workers (default: 2 for small models, 8 for large, "
                        "two chosen searches for a region map)")
    backend = s.add_argument(
        "--backend", default="auto",
        help="the solver: sat (CaDiCaL), cpsat (OR-Tools CP-SAT), or auto, which picks one per "
             "model from its variables and constraints (default: auto)")
    backend.choices = BackendNames()  # after add_argument, which would list them at once
    library_root_options(s)
    s.add_argument("--why", action="store_true",
                   help="case files: with no solution, name rule lines and givens that "
                   "already have none (each of them needed) and those whose removal alone "
                   "mends the case; with several, the cells where the first two differ")
    s.add_argument("--candidates", action="store_true",
                   help="case files: every value some answer gives each cell (and shading, "
                   "regions, loop edges), without listing every answer; says whether the "
                   "time limit left it incomplete")

    c = sub.add_parser("check", **command_help(
        "report every problem that solving would report before it searches, in a "
        "case file or a .sapphire program",
        "examples:\n  sapphire check puzzle.case\n  sapphire check - < puzzle.case\n\n"
        "exit status: 0 ok, 1 problems found (each as FILE:LINE:COL: error: ...)"))
    file_argument(c, "a case file, or a .sapphire program (a name ending in .sapphire)")
    c.add_argument("--program", action="store_true",
                   help="read FILE as a .sapphire program whatever its name")
    c.add_argument("--data", metavar="JSON",
                   help="instance data (JSON) for a .sapphire program (default: none; the "
                        "grounding that needs it is then left out)")
    c.add_argument("--time-limit", type=float, default=None, metavar="S",
                   help="stop grounding after S seconds and report what was found "
                        "(default: 20)")
    library_root_options(c)

    f = sub.add_parser("fmt", **command_help(
        "print the canonical form of a case file",
        "examples:\n  sapphire fmt puzzle.case --write\n  sapphire fmt - < puzzle.case\n"
        "  sapphire fmt puzzle.case --add-ids --write\n\n"
        "exit status: 0 written, 1 the case does not parse (nothing is written)"))
    file_argument(f, "a case file")
    f.add_argument("--write", action="store_true",
                   help="rewrite the file in place (not with -)")
    f.add_argument("--add-ids", action="store_true",
                   help="give each line of a kind used more than once an id (cage-1:, "
                        "cage-2:, …) when it has none")
    library_root_options(f)

    i = sub.add_parser("import", **command_help(
        "convert a puzzle from another format to a case file",
        "examples:\n  sapphire import 'https://puzz.link/p?slither/5/5/cbcbcddad'\n"
        "  sapphire import iss '.~R1C1_5.AntiKing'\n"
        "  sapphire import fpuzzles 'https://f-puzzles.com/?load=N4Ig...' -o p.case\n"
        "  sapphire import puzzlekit:KillerSudoku PUZZLE.txt -o p.case\n"
        "  sapphire import puzzlink 'https://puzz.link/p?slither/5/5/cbcbcddad'\n\n"
        "exit status: 0 written, 1 bad input, an unknown format or an output file that "
        "exists (see --force)"))
    i.add_argument("format", metavar="[FORMAT]",
                   help="iss, fpuzzles (or sudokupad), puzzlink or puzzlekit:GENRE (any case "
                        "of letters); left out, it is guessed from INPUT (puzzlekit text "
                        "needs it)")
    i.add_argument("input", metavar="INPUT", nargs="?",
                   help="a link, a file with one puzzle, CORPUS.json#NAME, - for standard "
                        "input, or the puzzle itself")
    i.add_argument("-o", "--output", metavar="CASE",
                   help="write the case to CASE (default: standard output)")
    i.add_argument("--force", action="store_true",
                   help="with -o, replace CASE when it exists (default: refuse)")
    i.add_argument("--ignore-cosmetic", action="store_true",
                   help="fpuzzles: leave out drawings whose meaning only the rules text gives "
                        "(they are listed in the case's notes)")

    from sapphire.cli.batch_command import add_parser

    add_parser(sub, BackendNames())

    from sapphire.cli.export_command import add_parser as add_export

    add_export(sub)

    from sapphire.cli import draw_command  # `sapphire draw`

    draw_command.add_parser(sub)

    from sapphire.cli.verify_command import add_parser as add_verify

    add_verify(sub)

    from sapphire.cli import serve_command  # `sapphire serve`

    serve_command.add_parser(sub)

    from sapphire.cli import kinds_command  # `sapphire kinds`

    kinds_command.add_parser(sub)

    from sapphire.cli import assistant_commands  # grade, minimize, suggest, generate

    assistant_commands.add_parsers(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    """Run one command on a thread with a deep stack (`sapphire.deep`); its exit status."""
    try:
        return run_deep(lambda: _run(argv))
    except KeyboardInterrupt:  # the search goes on in its daemon thread until exit
        return 130


def _run(argv: list[str] | None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except _UsageError as e:
        print(str(e), file=sys.stderr)
        return 1
    try:
        if args.command == "solve":
            from sapphire.cli.solve import run
        elif args.command == "check":
            from sapphire.cli.case_commands import run_check as run
        elif args.command == "fmt":
            from sapphire.cli.case_commands import run_fmt as run
        elif args.command == "batch":
            from sapphire.cli.batch_command import run
        elif args.command == "export":
            from sapphire.cli.export_command import run
        elif args.command == "draw":
            from sapphire.cli.draw_command import run
        elif args.command == "verify":
            from sapphire.cli.verify_command import run
        elif args.command == "serve":
            from sapphire.cli.serve_command import run
        elif args.command == "kinds":
            from sapphire.cli.kinds_command import run
        elif args.command in ("grade", "minimize", "suggest", "generate"):
            from sapphire.cli.assistant_commands import run
        else:
            from sapphire.cli.import_command import run
        from sapphire.library.budget import one_budget  # all its fetches share one budget

        limit = getattr(args, "time_limit", None)
        deadline = None
        if args.command in ("solve", "check") and limit is not None and limit > 0:
            import time

            deadline = time.monotonic() + limit  # and keep within its time limit
        with one_budget(deadline):
            return run(args)
    except SapphireError as e:
        print(str(e), file=sys.stderr)
        return 1
    except InternalError as e:
        print(str(e), file=sys.stderr)
        return 70
    except RecursionError:
        print("error: the input nests too deeply for Sapphire to read (a formula, a value or "
              "a chain of operators thousands of levels deep)\n"
              "  hint: split it: a long sum or conjunction over a quantifier, deep data into "
              "flatter lists", file=sys.stderr)
        return 1
    except MemoryError:  # a cap on memory (ulimit -v), or an input far past any puzzle's
        print("error: out of memory: Sapphire needed more memory than the process may have\n"
              "  hint: raise the cap on memory (ulimit -v), or split the input", file=sys.stderr)
        return 1
    except BrokenPipeError:  # output piped into a reader that stopped early
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # noqa: BLE001 - a bug: say so, with what a report needs
        import traceback  # only a bug's report needs it

        print(str(InternalError(f"{type(e).__name__}: {e}")), file=sys.stderr)
        traceback.print_exc(file=sys.stderr)
        return 70


if __name__ == "__main__":
    sys.exit(main())

__all__ = ["build_parser", "fetch_mode", "is_program", "main", "reads_program",
           "take_stdin"]
