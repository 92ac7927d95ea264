"""`sapphire export fpuzzles|puzzlink CASE [-o FILE] [--link]`: a case out to another format.

`fpuzzles` writes the f-puzzles JSON of the case, or with `--link` two lines: the f-puzzles
link and the SudokuPad link that opens the same puzzle. `puzzlink` writes the puzz.link link
of a case of a genre puzz.link has, as `sapphire import puzzlink` reads it.

Rule lines f-puzzles cannot show are named on standard error and in the puzzle's rules text;
the export still succeeds (exit 0), since the puzzle shown is the case's, less those lines.
A case that is no sudoku f-puzzles can draw at all (another board, digits or extra cells) is
bad input (exit 1).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sapphire.cli.arguments import command_help, is_program, library_root_options, load_puzzle
from sapphire.diagnostics import error

FORMATS = ("fpuzzles", "puzzlink")
"""The formats a case is written out to."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    e = sub.add_parser("export", **command_help(
        "write a case as an f-puzzles puzzle (or its f-puzzles and SudokuPad links), or as a "
        "puzz.link link",
        "examples:\n  sapphire export fpuzzles puzzle.case --link\n"
        "  sapphire export puzzlink puzzle.case -o link.txt\n\n"
        "exit status: 0 written, 1 bad input or a rule the format cannot hold (named), "
        "70 an internal error"))
    e.add_argument("format", help="fpuzzles or puzzlink")
    e.add_argument("file", metavar="CASE", help="the case file to write out")
    e.add_argument("-o", "--output", metavar="FILE", help="write to FILE (default: standard "
                   "output)")
    e.add_argument("--force", action="store_true",
                   help="with -o, replace FILE when it exists (default: refuse)")
    e.add_argument("--link", action="store_true",
                   help="fpuzzles: the f-puzzles link and the SudokuPad link, one a line, "
                        "instead of JSON")
    library_root_options(e)


def run(args: argparse.Namespace) -> int:
    from sapphire.importers.fpuzzles.export import case_to_fpuzzles

    if args.format not in FORMATS:
        raise error("unknown-format", f"unknown export format '{args.format}'",
                    hint="formats: " + ", ".join(FORMATS))
    if is_program(args.file):
        raise error("usage", "export writes case files, not .sapphire programs", None)
    if args.format == "puzzlink":
        from sapphire.diagnostics import read_text
        from sapphire.importers.puzzlink import export_puzzlink

        _write(args.output, export_puzzlink(read_text(args.file), label=args.file) + "\n",
               args.force)
        return 0
    puzzle = load_puzzle(args)
    puzzle.instantiated()  # the case's own errors first, as solve reports them
    case, lib = puzzle.parsed()
    found = case_to_fpuzzles(case, lib)
    if args.link:
        text = "\n".join(found.links()) + "\n"
    else:
        text = found.json() + "\n"
    for line in found.left_out:
        print(f"{args.file}: not shown in f-puzzles: {line}", file=sys.stderr)
    _write(args.output, text, args.force)
    return 0


def _write(output: str | None, text: str, force: bool = False) -> None:
    """`text` to the file `output` names (never over an existing one unless `force`), or to
    standard output."""
    if output and Path(output).exists() and not force:
        raise error("output-exists", f"{output} exists, and export does not overwrite it",
                    hint="add --force to replace it, or name another file with -o")
    if output:
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as e:
            raise error("io", f"cannot write {output}: {e.strerror}") from None
    else:
        sys.stdout.write(text)
