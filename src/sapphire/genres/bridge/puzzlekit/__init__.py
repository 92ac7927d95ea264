"""The bridged genres of the puzzlekit dataset (SmilingWayne/puzzlekit-dataset), in their old
family modules: each a function that states the genre's rules on a `CaseBuilder` from the text.

The format
----------
A puzzle's `problem` is plain text: the first line is `ROWS COLS`, then blocks of ROWS lines
of COLS whitespace-separated tokens each. `-` is an empty cell. What the blocks mean depends
on the genre (read from the dataset's problems and solutions):

* `YinYang`: one block, `b` (shaded) or `w` (unshaded) clues; the answer shades every cell.
* `Slitherlink`: one block, the clues 0-3. The answer is a loop along the cells' edges.
* `Nonogram`: COLS lines of column clues, then ROWS lines of row clues (run lengths, top to
  bottom and left to right). The answer shades cells.
* `Akari`: one block: `x` a wall, `0`-`4` a wall with its number of neighbouring bulbs, `-` an
  open cell. The answer's shading marks the bulbs.
* `Masyu`: one block: `w` or `1` a white circle, `b` or `2` a black one. The answer is a loop
  through the cell centres.
* `Nurikabe`: one block: a number is the size of the island of its cell. The answer shades the
  wall (`x` in the solution).

A `solution` uses the same layout: the digits; `b`/`w` for every cell of a Yin-Yang; for a
Slitherlink, `x` for a cell inside the loop and `-` for one outside; `x` for a shaded cell of a
Nonogram; `o` for a bulb of an Akari; for a Masyu, the sides (`n`, `e`, `s`, `w`) by which the
loop leaves each cell.

What is imported
----------------
Each genre becomes the rule lines of the `std` library that state its rules (`yin-yang`,
`slitherlink`, `skyscraper` per outside clue), with the givens, shading or clues in the front
matter.

A Nonogram clue is a `shade-pattern` on its line: `2 1` is `0*1{2}0+1{1}0*`. An Akari is
stated on its bulbs as counts of shaded cells: none on the walls (`shade-count … count 0`), a
wall's number as the count of its open neighbours, at most one bulb per row or column segment
between walls (`shade-at-most`), and at least one bulb among the cells each open cell sees
(`shade-at-least`). A Masyu is a `loop` with `white-circle` and `black-circle`;
a Nurikabe is `nurikabe` (the wall, and the region map naming the islands), an `island` per
number, and `numbered-islands` listing the numbered cells, so no island is without a number.
`read_solution` reads a solution in the same layout, for comparing answers.

Known faults of the dataset
---------------------------
* Nurikabe 1136_22x12 says `22 12` but its grid has 12 rows of 12, and its solution breaks
  off after 12 rows; the import refuses it.

The package
-----------
The text is read into placed tokens and a genre's layout by `sapphire.formats.puzzlekit`; the
genres live by family in `shading` and `loops`,
each a function that states the genre's rules on a `CaseBuilder`; `solution` reads the
answers.
Hitori, Heyawake, Kuromasu, Cave and Creek, with their layouts, live in `shade_genres`.
`shapes` holds the genres whose answers are lines (Yajilin, NumberLink, GokigenNaname,
Hashi), their layouts, with the readers of their solutions.
"""

from __future__ import annotations

from collections.abc import Callable

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.puzzlekit import Source
from sapphire.genres.bridge.puzzlekit.loops import masyu, slitherlink
from sapphire.genres.bridge.puzzlekit.regions import lits, shikaku
from sapphire.genres.bridge.puzzlekit.shade_genres import GENRES as SHADE_GENRES
from sapphire.genres.bridge.puzzlekit.shade_genres import KINDS as SHADE_KINDS
from sapphire.genres.bridge.puzzlekit.shading import (
    akari,
    nonogram,
    nonogram_pattern,
    nurikabe,
    yin_yang,
)
from sapphire.genres.bridge.puzzlekit.shapes import (
    gokigen,
    hashi,
    janko_numberlink,
    yajilin,
)
from sapphire.genres.bridge.puzzlekit.solution import read_solution

GENRES: dict[str, Callable[[CaseBuilder, Source], None]] = {
    "YinYang": yin_yang,
    "Slitherlink": slitherlink,
    "Nonogram": nonogram,
    "Akari": akari,
    "Masyu": masyu,
    "Nurikabe": nurikabe,
    **SHADE_GENRES,
    "Shikaku": shikaku,
    "LITS": lits,
    "Yajilin": yajilin,
    "NumberLink": janko_numberlink,
    "GokigenNaname": gokigen,
    "Hashi": hashi,
}
"""The genres this importer reads, each with the function that states its rules."""


KINDS: dict[str, tuple[str, ...]] = {
    "YinYang": ("yin-yang",),
    "Slitherlink": ("slitherlink",),
    "Nonogram": ("shade-pattern",),
    "Akari": ("shade-count", "shade-at-most", "shade-at-least"),
    "Masyu": ("loop", "white-circle", "black-circle"),
    "Nurikabe": ("nurikabe", "island", "numbered-islands"),
    **SHADE_KINDS,
    "Shikaku": ("numbered-regions", "rectangle"),
    "LITS": ("connected-wall", "tetromino", "different-shapes", "shade-count"),
    "Yajilin": ("loop", "shaded-apart", "loop-or-shaded", "blank-cell", "arrow-shade-count"),
    "NumberLink": ("numberlink",),
    "GokigenNaname": ("gokigen", "corner-diagonals"),
    "Hashi": ("hashi", "bridge-count"),
}


__all__ = ["GENRES", "KINDS", "nonogram_pattern", "read_solution"]
