"""The `sapphire` command: solve, check, fmt, import.

Each subcommand lives in its own module and is imported only when used, so `sapphire fmt`
never pays for loading the solver.
"""

from __future__ import annotations

import argparse
import sys

from sapphire.diagnostics import InternalError, SapphireError


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="sapphire", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("solve", help="solve a case file or a .sapphire program")
    s.add_argument("file")
    s.add_argument("--data", help="instance data (JSON) for a .sapphire program")
    s.add_argument("--format", choices=["text", "json", "svg"], default="text",
                   help="svg: a picture of each answer, side by side")
    s.add_argument("--max-solutions", type=int, default=2, metavar="N")
    s.add_argument("--time-limit", type=float, default=None, metavar="S")
    s.add_argument("--workers", type=int, default=None, metavar="N",
                   help="CP-SAT search workers (default: 2 for small models, 8 for large, "
                        "two chosen searches for a region map)")
    s.add_argument("--backend", choices=["cpsat"], default="cpsat")
    s.add_argument("--why", action="store_true",
                   help="case files: with no solution, name rule lines and givens that "
                   "already have none (each of them needed) and those whose removal alone "
                   "mends the case; with several, the cells where the first two differ")

    c = sub.add_parser("check", help="parse and resolve a case file, report every problem")
    c.add_argument("file")

    f = sub.add_parser("fmt", help="print the canonical form of a case file")
    f.add_argument("file")
    f.add_argument("--write", action="store_true", help="rewrite the file in place")

    i = sub.add_parser("import", help="convert a puzzle from another format to a case file")
    i.add_argument("format", help="iss, fpuzzles or puzzlekit:GENRE")
    i.add_argument("input", help="a link, a file with one puzzle, or CORPUS.json#NAME")
    i.add_argument("-o", "--output")
    i.add_argument("--ignore-cosmetic", action="store_true",
                   help="fpuzzles: leave out drawings whose meaning only the rules text gives "
                        "(they are listed in the case's notes)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "solve":
            from sapphire.cli.solve import run
        elif args.command == "check":
            from sapphire.cli.case_commands import run_check as run
        elif args.command == "fmt":
            from sapphire.cli.case_commands import run_fmt as run
        else:
            from sapphire.cli.import_command import run
        return run(args)
    except SapphireError as e:
        print(str(e), file=sys.stderr)
        return 1
    except InternalError as e:
        print(str(e), file=sys.stderr)
        return 70
    except BrokenPipeError:  # output piped into a reader that stopped early
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
