"""`sapphire import [FORMAT] INPUT [-o CASE]`: a puzzle from another format as a case file.

FORMAT is `iss` (an Interactive Sudoku Solver constraint string or link), `fpuzzles` (an
f-puzzles or SudokuPad link, its payload, or the puzzle's JSON; `sudokupad` names it too) or
`puzzlekit:GENRE` (a puzzlekit-dataset problem; GENRE is one of the genres the importer reads).
Left out, it is guessed from INPUT as the page guesses a pasted puzzle
(`sapphire.importers.guess_input`); puzzlekit text, which many genres share, needs its name.
INPUT is a link (an ISS, f-puzzles or SudokuPad link, as it is), a file holding one puzzle (the
constraint string, the link or JSON, or the problem text), a corpus JSON file with a selector
after `#`: an entry's 0-based index or its name (`iss.json#0`, `iss.json#Classic sudoku`,
`fpuzzles.json#Blitz`, `GENRE.json#KEY`), `-` for standard input, or the puzzle itself where no
file has that name: an ISS constraint string (`.~R1C1_5.AntiKing`), an f-puzzles payload
(`N4Ig…`) or JSON. For `puzzlink`, INPUT is a puzz.link link or its part after `?`
(`p?slither/5/5/cbcbcddad`), and the link is the case's source. The case is written in
canonical form to CASE, or to standard output.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sapphire.api import format_named
from sapphire.diagnostics import SapphireError, error


def _refuse_overwrite(path: Path) -> None:
    """`-o` never replaces a file (a hand-written case, perhaps) unless `--force` says so."""
    if path.exists():
        raise error("output-exists", f"{path} exists, and import does not overwrite it",
                    hint="add --force to replace it, or name another file with -o")


def run(args: argparse.Namespace) -> int:
    from sapphire.importers import guess_input, import_puzzle, read_input
    from sapphire.importers.input import ImportedPuzzle

    if args.output and not getattr(args, "force", False):
        _refuse_overwrite(Path(args.output))
    puzzle: ImportedPuzzle | None = None
    if args.input is None:  # one argument: the input, whose format is guessed
        if _names_format(args.format):
            raise error("usage", f"import {args.format} needs the puzzle after the format",
                        None, hint=f"sapphire import {args.format} INPUT")
        fmt, puzzle = guess_input(args.format)
        args.input = args.format
    else:
        fmt = format_named(args.format)
    if fmt == "puzzlink" and args.input != "-" and not _is_file(args.input):
        puzzle = ImportedPuzzle(args.input.strip())  # a link: the case's source is the link
    elif puzzle is None:
        puzzle = read_input(fmt, args.input)
    source = puzzle.source
    if fmt == "puzzlink":
        source = None  # the link itself
    elif source is None:
        source = f"{Path(args.input).name}, imported as {fmt}"
    text = import_puzzle(fmt, puzzle.text, source=source, title=puzzle.title,
                         ignore_cosmetic=args.ignore_cosmetic, label=puzzle.label)
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as e:
            raise error("io", f"cannot write {args.output}: {e.strerror}") from None
    else:
        sys.stdout.write(text)
    return 0


def _names_format(word: str) -> bool:
    """Whether a lone argument is a format's name (an INPUT is missing after it)."""
    try:
        format_named(word)
    except SapphireError:
        return False
    return not _is_file(word)


def _is_file(name: str) -> bool:
    try:
        return Path(name).is_file()
    except OSError:  # a name too long for the file system: a link, no file
        return False
