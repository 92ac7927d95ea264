"""The bridged genres of the puzzlekit dataset (SmilingWayne/puzzlekit-dataset), in their old
family modules: each a function that states the genre's rules on a `CaseBuilder` from the text.

The format
----------
A puzzle's `problem` is plain text: the first line is `ROWS COLS`, then blocks of ROWS lines
of COLS whitespace-separated tokens each. `-` is an empty cell. What the blocks mean depends
on the genre (read from the dataset's problems and solutions):

* `Sudoku`: one block, the givens (numbers 1-N; 16×16 puzzles use 10-16). Standard boxes.
* `KillerSudoku`: two blocks. The first holds each cage's total in one cell of the cage (its
  first cell in reading order), `-` elsewhere; the second names each cell's cage. Standard
  boxes; no givens.
* `Renban`: two blocks, the givens and the groups. Every row and column holds 1-N once (there
  are no boxes); each group holds a run of consecutive digits in any order.
* `JigsawSudoku`: two blocks, the givens and the regions. Rows, columns and regions hold 1-N
  once (a Latin square with a jigsaw piece per region).
* `Slitherlink`: one block, the clues 0-3. The answer is a loop along the cells' edges.
* `ConsecutiveSudoku`: two blocks, the givens and a bar code per cell, the sum of 1 (a bar on
  its right edge), 2 (bottom), 4 (left) and 8 (top). A Latin square (no boxes); a bar joins
  consecutive digits, and every bar is drawn, so neighbours without one are not consecutive.
* `EvenOddSudoku`: one block: a given digit, `E` (even) or `O` (odd) in every cell. Boxes.
* `SkyscraperSudoku`: four lines of outside clues (above the columns, below them, left of the
  rows, right of them; `-` for none), then the givens block. Boxes.
* `Thermometer`: a line of column counts, a line of row counts, then the grid, where `T.K` is
  the K-th cell of thermometer T counted from its bulb. The answer shades (fills) cells.
* `Skyscraper`: first line `N N H`, with `D` when both diagonals hold different digits; four
  lines of outside clues (as in SkyscraperSudoku), then the givens. A Latin square of heights
  1-H; when H = N-1 the remaining cell of each row and column is empty, written 0.
* `Kakuro`: one block: `0` a white cell, `-` a black one, `D,A` a black cell with the total of
  the run below it and of the run to its right (either may be missing).
* `Masyu`: one block: `w` or `1` a white circle, `b` or `2` a black one. The answer is a loop
  through the cell centres.

A `solution` uses the same layout: the digits; for a
Slitherlink, `x` for a cell inside the loop and `-` for one outside; `x` for a filled cell of a
Thermometer; `-` for a black cell
of a Kakuro (read as 0, as the case writes it); for a Masyu, the sides (`n`, `e`, `s`, `w`) by
which the loop leaves each cell. A Skyscraper's solution starts with the problem's first line.

What is imported
----------------
Each genre becomes the rule lines of the `std` library that state its rules (`sudoku NxN`,
`cage` per cage, `latin-square` with `renban` per group or `all-different` per piece,
`slitherlink`, `white-dot` per bar and `nabner` per pair without one, `even` and
`odd`, `skyscraper` per outside clue, `thermometer` per thermometer and `shade-count` per row
and column), with the givens, shading or clues in the front matter.

A Skyscraper is a `latin-square`
(with `digits: 0-H` when there are empty plots) with a `skyscraper` per clue; a Kakuro gives
its black cells the digit 0 (`digits: 0-9`) and states them as `black-cell`s (drawn with the
runs' totals), keeps 0 out of its white cells (`absent-digits`) and states each run as a
`cage`; a Masyu is a `loop` with `white-circle` and `black-circle`.
`read_solution` reads a solution in the same layout, for comparing answers.

Known faults of the dataset
---------------------------
* JigsawSudoku 661_6x6 has four answers as written: its pieces and givens do not fix the
  digits. Its known answer also holds different digits on both diagonals (no other puzzle of
  the sample does, and a random answer would only by rare chance), and with either diagonal
  rule the puzzle has exactly that answer: the janko.at original most likely has diagonal
  constraints that the dataset's text does not carry. The import states what the text says.

The package
-----------
The text is read into placed tokens and a genre's layout by `sapphire.formats.puzzlekit`; the
genres live by family in `sudokus`, `towers` (outside clues and runs), `shading` and `loops`,
each a function that states the genre's rules on a `CaseBuilder`; `solution` reads the
answers.
Creek and Gappy, with their layouts, live in `shade_genres`.
`shapes` holds the genres whose answers are lines (Yajilin, NumberLink, GokigenNaname, Hashi,
Dominos), their layouts, with the readers of their solutions.
"""

from __future__ import annotations

from collections.abc import Callable

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.puzzlekit import Source
from sapphire.genres.bridge.puzzlekit.loops import masyu, slitherlink
from sapphire.genres.bridge.puzzlekit.numbers import (
    abc_end_view,
    binairo,
    hakyuu,
    hidoku,
    kenken,
    str8t,
)
from sapphire.genres.bridge.puzzlekit.regions import battleship
from sapphire.genres.bridge.puzzlekit.shade_genres import GENRES as SHADE_GENRES
from sapphire.genres.bridge.puzzlekit.shade_genres import KINDS as SHADE_KINDS
from sapphire.genres.bridge.puzzlekit.shading import (
    thermometer,
)
from sapphire.genres.bridge.puzzlekit.shapes import (
    dominos,
    gokigen,
    hashi,
    janko_numberlink,
    yajilin,
)
from sapphire.genres.bridge.puzzlekit.solution import read_solution
from sapphire.genres.bridge.puzzlekit.sudokus import (
    consecutive_sudoku,
    even_odd_sudoku,
    killer_sudoku,
    latin_with_groups,
    sudoku,
)
from sapphire.genres.bridge.puzzlekit.towers import kakuro, skyscraper, skyscraper_sudoku

GENRES: dict[str, Callable[[CaseBuilder, Source], None]] = {
    "Sudoku": sudoku,
    "KillerSudoku": killer_sudoku,
    "Renban": latin_with_groups("renban", None, "the group block"),
    "JigsawSudoku": latin_with_groups("all-different", "piece", "the region block"),
    "Slitherlink": slitherlink,
    "ConsecutiveSudoku": consecutive_sudoku,
    "EvenOddSudoku": even_odd_sudoku,
    "SkyscraperSudoku": skyscraper_sudoku,
    "Thermometer": thermometer,
    "Skyscraper": skyscraper,
    "Kakuro": kakuro,
    "Masyu": masyu,
    "KenKen": kenken,
    "Str8t": str8t,
    "Hakyuu": hakyuu,
    "Binairo": binairo,
    "ABCEndView": abc_end_view,
    "Hidoku": hidoku,
    **SHADE_GENRES,
    "Battleship": battleship,
    "Yajilin": yajilin,
    "NumberLink": janko_numberlink,
    "GokigenNaname": gokigen,
    "Hashi": hashi,
    "Dominos": dominos,
}
"""The genres this importer reads, each with the function that states its rules."""


KINDS: dict[str, tuple[str, ...]] = {
    "Sudoku": ("sudoku",),
    "KillerSudoku": ("sudoku", "cage"),
    "Renban": ("latin-square", "renban"),
    "JigsawSudoku": ("latin-square", "all-different"),
    "Slitherlink": ("slitherlink",),
    "ConsecutiveSudoku": ("latin-square", "white-dot", "nabner"),
    "EvenOddSudoku": ("sudoku", "even", "odd"),
    "SkyscraperSudoku": ("sudoku", "skyscraper"),
    "Thermometer": ("thermometer", "shade-count"),
    "Skyscraper": ("latin-square", "skyscraper", "main-diagonal", "anti-diagonal"),
    "Kakuro": ("absent-digits", "cage", "black-cell"),
    "Masyu": ("loop", "white-circle", "black-circle"),
    "KenKen": ("latin-square", "cage", "product-cage", "difference-cage", "quotient-cage",
               "operation-cage"),
    "Str8t": ("absent-digits", "all-different", "renban"),
    "Hakyuu": ("ripple", "one-to-n"),
    "Binairo": ("no-three-in-a-row", "digit-counts"),
    "ABCEndView": ("digit-counts", "first-seen"),
    "Hidoku": ("number-path", "given-number"),
    **SHADE_KINDS,
    "Battleship": ("fleet", "shade-count", "shade-at-least"),
    "Yajilin": ("loop", "shaded-apart", "loop-or-shaded", "blank-cell", "arrow-shade-count"),
    "NumberLink": ("numberlink",),
    "GokigenNaname": ("gokigen", "corner-diagonals"),
    "Hashi": ("hashi", "bridge-count"),
    "Dominos": ("dominoes",),
}


__all__ = ["GENRES", "KINDS", "read_solution"]
