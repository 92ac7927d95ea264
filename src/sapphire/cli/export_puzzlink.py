"""`sapphire export puzzlink CASE [-o FILE]`: a case written back as a puzz.link link.

The case is one of the genres `sapphire import puzzlink` reads (Slitherlink, Yin-Yang, Sudoku,
Masyu, Nurikabe, Akari, Kakuro, Skyscrapers), as the importer writes it; the link goes to FILE
or standard output, one line, so that a setter can open the puzzle in puzz.link.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from sapphire.diagnostics import error, read_text


def add_parser(sub: Any) -> None:
    """The `export` command and its one format."""
    e = sub.add_parser("export", help="write a case file in another format (a puzz.link link)")
    e.add_argument("format", choices=["puzzlink"], help="puzzlink")
    e.add_argument("case", help="the case file")
    e.add_argument("-o", "--output")


def run(args: argparse.Namespace) -> int:
    from sapphire.importers.puzzlink import export_puzzlink

    link = export_puzzlink(read_text(args.case), label=args.case) + "\n"
    if args.output:
        try:
            Path(args.output).write_text(link, encoding="utf-8")
        except OSError as e:
            raise error("io", f"cannot write {args.output}: {e.strerror}") from None
    else:
        sys.stdout.write(link)
    return 0
