"""Importers: puzzles written in other formats, turned into canonical case files.

Each format has its own package with a docstring describing it:

* `iss` — the constraint strings of the Interactive Sudoku Solver (`.~R1C1_5.Cage~17~R1C1~R1C2`);
* `puzzlekit` — the text layout of the puzzlekit dataset, read by each genre's module
  (`sapphire.genres`);
* `fpuzzles` — f-puzzles links and their JSON, as setters share variant sudokus (with
  `sudokupad`, SudokuPad's links and JSON in f-puzzles' terms);
* `puzzlink` — puzz.link links of the grid genres we read, decoded by each genre's module
  (written back by its `export_puzzlink`).

What they share lives below them, in `sapphire.formats` (where an error points, what an
importer refuses, grid geometry, cell names, solution strings, the converter base, and the
case, written canonically and checked), and beside them in `input` (an INPUT argument read
into the puzzle's text).

An importer builds a `Case` with the rule kinds of the bundled `std` library, writes it with the
library's preferred parameter names, parses the text back and checks it against the library,
so what it returns is exactly what `sapphire fmt` would print and what `sapphire check`
accepts. A puzzle that needs something the library lacks is a `SapphireError` naming what is
missing; no partial case is written.

`import_puzzle(format, text)` is the entry point; `read_input(spec)` reads an INPUT argument,
which is either a file holding one puzzle or a corpus JSON file with a selector after `#`
(`iss.json#12`, `iss.json#Classic sudoku`, `KillerSudoku.json#583_6x6`, `Sudoku.json#0`).
"""

from __future__ import annotations

from sapphire.importers.fpuzzles import fpuzzles_to_case
from sapphire.importers.input import ImportedPuzzle, guess_format, guess_input, read_input
from sapphire.importers.iss import iss_to_case
from sapphire.importers.puzzlekit import GENRES, LABEL, puzzlekit_to_case
from sapphire.importers.puzzlink import puzzlink_to_case

FORMATS = ("iss", "fpuzzles", "puzzlink", *(f"puzzlekit:{g}" for g in GENRES))

FORMAT_ALIASES = {"sudokupad": "fpuzzles"}
"""Other names of a format: the f-puzzles importer reads SudokuPad's links and JSON too."""


def import_puzzle(fmt: str, text: str, *, source: str | None = None,
                  title: str | None = None, ignore_cosmetic: bool = False,
                  label: str | None = None) -> str:
    """The canonical case text for one puzzle given in format `fmt` (`iss`, `fpuzzles`,
    `puzzlink` or `puzzlekit:GENRE`). `ignore_cosmetic` lets an f-puzzles import leave out
    drawings whose meaning only the rules text gives (listing them in the case's notes).
    `label` names the text (its file) in an error, every one of which is placed in it."""
    from sapphire.diagnostics import error

    if fmt == "iss":
        return iss_to_case(text, source=source, title=title, label=label or "<iss>")
    if fmt == "fpuzzles":
        return fpuzzles_to_case(text, source=source, title=title,
                                ignore_cosmetic=ignore_cosmetic, label=label or "<fpuzzles>")
    if fmt == "puzzlink":
        return puzzlink_to_case(text, source=source, title=title, label=label or "<puzzlink>")
    if fmt.startswith("puzzlekit:"):
        return puzzlekit_to_case(fmt.split(":", 1)[1], text, source=source, title=title,
                                 label=label or LABEL)
    raise error("unknown-format", f"unknown import format '{fmt}'",
                hint="formats: iss, fpuzzles, puzzlink, puzzlekit:GENRE with GENRE one of "
                     + ", ".join(GENRES))


__all__ = ["FORMATS", "FORMAT_ALIASES", "GENRES", "ImportedPuzzle", "fpuzzles_to_case",
           "guess_format", "guess_input", "import_puzzle", "iss_to_case", "puzzlekit_to_case",
           "puzzlink_to_case", "read_input"]
