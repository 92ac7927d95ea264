"""`sapphire draw`: a case drawn as its setter publishes it (givens, clues, regions; no answer),
as SVG on standard output or in a file, or as PNG in a file whose name ends in `.png`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sapphire.cli.arguments import command_help, is_program, library_root_options, load_puzzle
from sapphire.diagnostics import error


def add_parser(sub: argparse._SubParsersAction) -> None:
    """The `draw` command's arguments (registered by `sapphire.cli.build_parser`)."""
    d = sub.add_parser("draw", **command_help(
        "draw a case's puzzle (givens and clues, no answer) as SVG or PNG",
        "examples:\n  sapphire draw puzzle.case > puzzle.svg\n"
        "  sapphire draw puzzle.case -o puzzle.png\n"
        "  sapphire solve puzzle.case --format svg -o answer.png   (the answer drawn)\n\n"
        "exit status: 0 drawn, 1 bad input, 70 an internal error"))
    d.add_argument("file", help="the case file")
    d.add_argument("-o", "--output", metavar="FILE",
                   help="write FILE.svg, or FILE.png as PNG (default: SVG on standard output)")
    d.add_argument("--force", action="store_true",
                   help="with -o, replace FILE when it exists (default: refuse)")
    library_root_options(d)


def write_picture(svg_text: str, output: str | None) -> None:
    """The picture on standard output (SVG), or in `output`: PNG when its name ends in .png."""
    if output is None:
        sys.stdout.write(svg_text)
        return
    if output.lower().endswith(".png"):
        from sapphire.render import png

        data = png(svg_text)
        Path(output).write_bytes(data)
    elif output.lower().endswith(".svg"):
        Path(output).write_text(svg_text, encoding="utf-8")
    else:
        raise error("usage", f"cannot tell the picture's format from {output!r}", None,
                    hint="name the file FILE.svg or FILE.png")


def check_output(output: str | None, force: bool, command: str) -> None:
    """Refuse, before any work, a picture file whose format its name does not tell, or one
    that exists without `--force`."""
    if output is None:
        return
    if not output.lower().endswith((".svg", ".png")):
        raise error("usage", f"cannot tell the picture's format from {output!r}", None,
                    hint="name the file FILE.svg or FILE.png")
    if Path(output).exists() and not force:
        raise error("output-exists", f"{output} exists, and {command} does not overwrite it",
                    hint="add --force to replace it, or name another file with -o")


def run(args: argparse.Namespace) -> int:
    if is_program(args.file):
        raise error("usage", f"{args.file} is a .sapphire program; draw takes a case file",
                    None, hint="solve a program with --format svg to draw its answers")
    check_output(args.output, args.force, "draw")
    write_picture(load_puzzle(args).draw(), args.output)
    return 0
