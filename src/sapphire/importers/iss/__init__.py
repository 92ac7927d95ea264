"""Import the constraint strings of the Interactive Sudoku Solver (ISS).

The format
----------
A puzzle is one string of constraints, each starting with a dot: `.TYPE~ARG~ARG…` (an ISS
link holds it as its `?q=`, which reads too). Cells are
written `R1C1` with the row and column as one base-17 character each (`R9C9`, then `RaCg` for
row 10, column 16 on a 16×16 grid). Some examples:

* `.~R1C1_5~R1C2_3` — givens (the type is empty); `R1C1_1_2_3` restricts a cell to candidates.
* `.Shape~6x6`, `.Shape~6x8`, `.Shape~6x6~9` (values 1-9), `.Shape~9x9~0-8` — the grid (9×9
  when absent) and optionally its values; `.RegionSize~9` — how many cells a box or jigsaw
  piece has (by default the longer side); boxes are the most nearly square shape of that size
  that tiles the grid.
* `.NoBoxes` — rows and columns only; `.Jigsaw~LAYOUT` — irregular regions, one character per
  cell in row-major order naming the cell's region.
* `.Cage~17~R1C1~R1C2` — a killer cage (total 0: different digits only); `.Sum~…` — a sum
  whose digits may repeat; a cell listed twice in either counts twice (a `sum` line);
  `.Sum~7_=_1_1_-1~…` — one coefficient per cell (a `weighted-sum`);
  `.LittleKiller~22~R1C1` — the diagonal starting at a cell.
* `.Thermo~…`, `.Arrow~…` (circle first), `.Whisper~5~…`, `.Renban~…`, `.Palindrome~…`,
  `.Between~…` — lines through the listed cells in order.
* `.PillArrow~2~…` (the pill's cells first), `.Zipper~…`, `.CountingCircles~…`,
  `.Indexing~C~…` / `.Indexing~R~…` (column or row indexing cells).
* `.Skyscraper~C5~3~4`, `.XSum~…`, `.NumberedRoom~…` — outside clues on both ends of a row
  or column (empty when absent);
  `.Sandwich~8~C1` — the sum between the 1 and the 9 of a row or column.
* `.Lunchbox~11~…` — the sum between the smallest and largest digits of a line.
* `.WhiteDot~A~B`, `.BlackDot~A~B`, `.X~A~B`, `.V~A~B`, `.GreaterThan~A~B` — relations
  between adjacent cells.
* `.Quad~R5C3~2~9` — the 2×2 block with that top-left cell holds 2 and 9.
* `.AntiKing`, `.AntiKnight`, `.AntiConsecutive`, `.Windoku`, `.DisjointSets`,
  `.Diagonal~1` (╱) and `.Diagonal~-1` (╲) — global rules.
* `.ChaosConstruction` — unknown regions, with `.ChaosArrow`, `.ChaosCount`, `.SameValues`,
  `.AllDifferent` and `.CountDistinct` clues on their region cells `CC1`, `CC2`, … (one per
  grid cell in reading order).
* `.Pair~KEY~…`/`.PairX~KEY~…` — a relation between consecutive / all cells, given as a bit
  table of allowed value pairs; `.StrictKropki`, `.StrictXV` (no unmarked pair relates; with
  no marks at all, the global `anti-consecutive`/`anti-black-dot` and `anti-xv`);
  `.Modular`, `.Entropic`, `.SumLine`, `.RegionSumLine`, `.EqualSum`, `.DoubleArrow`,
  `.LookAndSay`, `.ContainExact`, `.ContainAtLeast`, `.SameValues`, `.CountDistinct`,
  `.EqualityCage`, `.HiddenSkyscraper`, `.AntiTaxicab`, `.GlobalEntropy`, `.GlobalMod`,
  `.DutchFlatmates`, `.FullRank` (with `.FullRankTies~any` or `~none`), `.Lockout`,
  `.RegionSameValues` (every box holds the same values), `.ValueIndexing~VALUE~INDEX~LIST…`
  (`indexed-value`), `.RellikCage~TOTAL~…` (`rellik-cage`),
  `.ConnectedValues~~VALUES[~SIZE]` over the grid (`connected-values`); `.Windoku` and
  `.DisjointSets` on grids other than 9×9 take the size of the grid's boxes.
* `.NFA` (an automaton in ISS's packed format) and `.Regex` (a pattern in base64url) — each
  line's digits spell a word the automaton accepts or the pattern matches (`automaton` and
  `regex` lines); a chaos construction's region cells (`CC…`) on an automaton's line feed
  their region numbers (`chaos-automaton`).
* `.And … .End` and `.Or … .End` — groups of constraints, all of which / one of which hold.
  An `.Or` is an `any-of` line with one entry per branch (a group inside it an `all-of`);
  an `.Or` only of placements is shorter: of one digit in one of several cells, a
  `quadruple`; of one cell holding one of several digits, that cell's candidates;
  `.Replicate~MASK … .End` — its constraints copied to every cell of a bit mask of the grid.
* `.Var~X~LABEL~27` — a group of extra cells outside the grid, `VX1` … `VX27` (a group of
  one is `VX`), which clues name like grid cells; `.Doppelganger` (a square grid of digits
  0-N whose houses each miss one digit) adds the extra cells `DGR…`, `DGC…`, `DGB…` holding
  the digits the columns, rows and boxes miss.

What is imported
----------------
Each constraint becomes rule lines of the `std` library: the grid `sudoku NxN` where ISS's grid
is a square sudoku with its standard boxes, else `latin-square` with `board: RxC` and a
`boxes HxW` line when the grid has boxes; values other than 1..N (N the longer side) as the
front matter's `digits: LOW-HIGH`; extra cells as `extra-cells:`, the groups one after another
in rows of the grid's width below it; givens in the front matter (those of extra cells in the
rows below the grid's), and one rule line per clue in the order written. `.And` groups are
flattened and `.Replicate` groups expanded. Anything the library cannot say is refused with an
error that names every such constraint type: an `.Or` with a branch that no entry can say (a
global rule), a rule over a group of extra cells as a grid of its own (`Var`), and each type
with no matching kind.

The package
-----------
`reader` reads the constraint string into items, `geometry` holds ISS's grid (cell names, the
shape, groups of extra cells), `converter` walks the items, handing each to the handler of its
type in the table of `handlers`, which `iss_to_case` gives it. The handlers live by family:
`groups` (givens and `.Or`), `sums`, `lines`, `pairs` (dots and pair tables), `sets` (the
digits of a set of cells), `outside` (clues on a row or column), `regions` (global rules,
jigsaw pieces), `chaos` and `automata`.
"""

from __future__ import annotations

from sapphire.diagnostics import SapphireError
from sapphire.formats.common import Where, solution_rows
from sapphire.importers.iss.automata import decode_nfa, unroll_separators
from sapphire.importers.iss.converter import Converter
from sapphire.importers.iss.handlers import HANDLERS
from sapphire.importers.iss.reader import LABEL, parse_iss
from sapphire.library.library import Library


def iss_to_case(text: str, *, source: str | None = None, title: str | None = None,
                library: Library | None = None, label: str = LABEL) -> str:
    """The canonical case text for one ISS constraint string; `label` names the text (its
    file) in an error, each of which is placed in it."""
    where = Where(label, text)
    try:
        cv = Converter(parse_iss(text, where), HANDLERS, library, where)
        b = cv.run()
        b.title = title or None
        b.source = source or "Interactive Sudoku Solver constraint string"
        return b.build()
    except SapphireError as e:
        raise where.placed(e) from None


read_solution = solution_rows
"""An ISS solution string as rows of digits (the format every importer's corpus shares)."""

__all__ = ["LABEL", "decode_nfa", "iss_to_case", "parse_iss", "read_solution",
           "unroll_separators"]
