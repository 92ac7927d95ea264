"""The bridged genres of the puzzlekit dataset (SmilingWayne/puzzlekit-dataset), in their old
family modules: each a function that states the genre's rules on a `CaseBuilder` from the text.

The format
----------
A puzzle's `problem` is plain text: the first line is `ROWS COLS`, then blocks of ROWS lines
of COLS whitespace-separated tokens each. `-` is an empty cell. What the blocks mean depends
on the genre (read from the dataset's problems and solutions); each family module's
docstring gives its genres' layouts and what is imported.
`read_solution` reads a solution in the same layout, for comparing answers.

The package
-----------
The text is read into placed tokens and a genre's layout by `sapphire.formats.puzzlekit`; the
genres live by family, each a function that states the genre's rules on a `CaseBuilder`:
Binairo in `numbers`, Gappy in `shade_genres` and Battleship in `regions`; `shapes` holds
Dominos, whose answer is links, with the reader of its solutions. `solution` reads the
answers.
"""

from __future__ import annotations

from collections.abc import Callable

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.puzzlekit import Source
from sapphire.genres.bridge.puzzlekit.numbers import binairo
from sapphire.genres.bridge.puzzlekit.regions import battleship
from sapphire.genres.bridge.puzzlekit.shade_genres import GENRES as SHADE_GENRES
from sapphire.genres.bridge.puzzlekit.shade_genres import KINDS as SHADE_KINDS
from sapphire.genres.bridge.puzzlekit.shapes import dominos
from sapphire.genres.bridge.puzzlekit.solution import read_solution

GENRES: dict[str, Callable[[CaseBuilder, Source], None]] = {
    "Binairo": binairo,
    **SHADE_GENRES,
    "Battleship": battleship,
    "Dominos": dominos,
}
"""The genres this importer reads, each with the function that states its rules."""


KINDS: dict[str, tuple[str, ...]] = {
    "Binairo": ("no-three-in-a-row", "digit-counts"),
    **SHADE_KINDS,
    "Battleship": ("fleet", "shade-count", "shade-at-least"),
    "Dominos": ("dominoes",),
}


__all__ = ["GENRES", "KINDS", "read_solution"]
