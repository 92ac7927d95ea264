"""The bridged genres of the puzzlekit dataset (SmilingWayne/puzzlekit-dataset), in their old
family modules: each a function that states the genre's rules on a `CaseBuilder` from the text.

The format
----------
A puzzle's `problem` is plain text: the first line is `ROWS COLS`, then blocks of ROWS lines
of COLS whitespace-separated tokens each. `-` is an empty cell. What the blocks mean depends
on the genre (read from the dataset's problems and solutions):

* `YinYang`: one block, `b` (shaded) or `w` (unshaded) clues; the answer shades every cell.
* `Nonogram`: COLS lines of column clues, then ROWS lines of row clues (run lengths, top to
  bottom and left to right). The answer shades cells.
* `Akari`: one block: `x` a wall, `0`-`4` a wall with its number of neighbouring bulbs, `-` an
  open cell. The answer's shading marks the bulbs.
* `Nurikabe`: one block: a number is the size of the island of its cell. The answer shades the
  wall (`x` in the solution).

A `solution` uses the same layout: the digits; `b`/`w` for every cell of a Yin-Yang; `x` for a
shaded cell of a Nonogram; `o` for a bulb of an Akari.

What is imported
----------------
Each genre becomes the rule lines of the `std` library that state its rules (`yin-yang`,
`skyscraper` per outside clue), with the givens, shading or clues in the front matter.

A Nonogram clue is a `shade-pattern` on its line: `2 1` is `0*1{2}0+1{1}0*`. An Akari is
stated on its bulbs as counts of shaded cells: none on the walls (`shade-count … count 0`), a
wall's number as the count of its open neighbours, at most one bulb per row or column segment
between walls (`shade-at-most`), and at least one bulb among the cells each open cell sees
(`shade-at-least`). A Nurikabe is `nurikabe` (the wall, and the region map naming the
islands), an `island` per number, and `numbered-islands` listing the numbered cells, so no
island is without a number.
`read_solution` reads a solution in the same layout, for comparing answers.

Known faults of the dataset
---------------------------
* Nurikabe 1136_22x12 says `22 12` but its grid has 12 rows of 12, and its solution breaks
  off after 12 rows; the import refuses it.

The package
-----------
The text is read into placed tokens and a genre's layout by `sapphire.formats.puzzlekit`; the
genres live by family in `shading`, each a function that states the genre's rules on a
`CaseBuilder`; `solution` reads the answers.
Hitori, Heyawake, Kuromasu, Cave and Gappy, with their layouts, live in `shade_genres`.
`shapes` holds Dominos, whose answer is links, with the reader of its solutions.
"""

from __future__ import annotations

from collections.abc import Callable

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.puzzlekit import Source
from sapphire.genres.bridge.puzzlekit.numbers import (
    binairo,
)
from sapphire.genres.bridge.puzzlekit.regions import battleship, lits, shikaku
from sapphire.genres.bridge.puzzlekit.shade_genres import GENRES as SHADE_GENRES
from sapphire.genres.bridge.puzzlekit.shade_genres import KINDS as SHADE_KINDS
from sapphire.genres.bridge.puzzlekit.shading import (
    akari,
    nonogram,
    nonogram_pattern,
    nurikabe,
    yin_yang,
)
from sapphire.genres.bridge.puzzlekit.shapes import dominos
from sapphire.genres.bridge.puzzlekit.solution import read_solution

GENRES: dict[str, Callable[[CaseBuilder, Source], None]] = {
    "YinYang": yin_yang,
    "Nonogram": nonogram,
    "Akari": akari,
    "Nurikabe": nurikabe,
    "Binairo": binairo,
    **SHADE_GENRES,
    "Shikaku": shikaku,
    "Battleship": battleship,
    "LITS": lits,
    "Dominos": dominos,
}
"""The genres this importer reads, each with the function that states its rules."""


KINDS: dict[str, tuple[str, ...]] = {
    "YinYang": ("yin-yang",),
    "Nonogram": ("shade-pattern",),
    "Akari": ("shade-count", "shade-at-most", "shade-at-least"),
    "Nurikabe": ("nurikabe", "island", "numbered-islands"),
    "Binairo": ("no-three-in-a-row", "digit-counts"),
    **SHADE_KINDS,
    "Shikaku": ("numbered-regions", "rectangle"),
    "Battleship": ("fleet", "shade-count", "shade-at-least"),
    "LITS": ("connected-wall", "tetromino", "different-shapes", "shade-count"),
    "Dominos": ("dominoes",),
}


__all__ = ["GENRES", "KINDS", "nonogram_pattern", "read_solution"]
