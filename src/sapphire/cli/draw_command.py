"""`sapphire draw`: a case drawn as its setter publishes it (givens, clues, regions; no answer),
as SVG on standard output or in a file, or as PNG in a file whose name ends in `.png`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from sapphire.cli import fetch_mode, is_program
from sapphire.diagnostics import error


def add_parser(sub: argparse._SubParsersAction) -> None:
    """The `draw` command's arguments (registered by `sapphire.cli.build_parser`)."""
    from sapphire.cli import _help

    d = sub.add_parser("draw", **_help(
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
    from sapphire.cli import _library_root

    _library_root(d)


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


def case_picture(args: argparse.Namespace, answers: list[dict[str, Any]],
                 shapes: dict[str, str], why: dict[str, Any] | None = None) -> str:
    """`solve --format svg` of a case: each answer over its puzzle, the cells where the first
    two answers differ marked; with no answer and `--why`, the puzzle with the cells of the
    clashing lines and givens tinted."""
    from sapphire.meaning import load_case
    from sapphire.render import picture

    case, lib = load_case(args.file, list(getattr(args, "library_root", None) or ()),
                          fetch_mode(args), text=getattr(args, "text", None))
    highlight: set[tuple[int, int]] = set()
    if why is not None and "conflict" in why:
        lines = {x["line"] for x in why["conflict"]}
        for rule in case.rules:
            if rule.span is not None and rule.span.line in lines:
                highlight.update((ref.cell.row, ref.cell.col) for ref in rule.cells)
        for given in why["givens"]:
            row, _, col = given["cell"][1:].partition("c")
            highlight.add((int(row), int(col)))
    return picture(case, lib, answers, shapes=shapes, highlight=highlight)


def run(args: argparse.Namespace) -> int:
    from sapphire.meaning import load_case
    from sapphire.render import picture

    if is_program(args.file):
        raise error("usage", f"{args.file} is a .sapphire program; draw takes a case file",
                    None, hint="solve a program with --format svg to draw its answers")
    check_output(args.output, args.force, "draw")
    case, lib = load_case(args.file, list(args.library_root or ()), fetch_mode(args))
    write_picture(picture(case, lib), args.output)
    return 0
