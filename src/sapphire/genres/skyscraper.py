"""Skyscraper: every row and column holds the heights 1-H once, and a number outside the grid
is how many skyscrapers are seen from there (a taller one hides those behind it). When H is
N-1 the other cell of each row and column is an empty plot, height 0; some puzzles also ask
for different heights on both diagonals.

The case is a `latin-square` (with `digits: 0-H` when there are empty plots), a `skyscraper`
per clue (its cells listed from the clue inward), `main-diagonal` and `anti-diagonal` when the
diagonals count, and the givens in the front matter.

* puzzlekit (`Skyscraper`): first line `N N H`, with `D` after it when the diagonals count;
  four lines of outside clues (above the columns, below them, left of the rows, right of
  them; `-` for none), then the givens block (`-` an empty cell). Its solution starts with
  the same first line.
* puz.link (`skyscrapers`, pzprjs's `skyscrapers.js`): a square board of heights 1-N with no
  diagonals; the outside clues in outside16, in the puzzlekit order, then the givens in
  number16 when there are any (a `?` is none). A pzprv3 answer is one grid of ROWS+2 lines of
  COLS+2, the outside clues around the heights.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder, digit_symbol
from sapphire.formats.common import Cell, sightline_name, sightlines
from sapphire.formats.encodings import (
    Body,
    encode_number16,
    encode_outside16,
    number16,
    outside16,
)
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import (
    Layout,
    Part,
    Source,
    number,
    outside_parts,
    read_parts,
    read_size,
    solution_digits,
    square_side,
    tokens,
)
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

Outside = tuple[int | None, ...]


@dataclass(frozen=True)
class Clues:
    """A Skyscraper: the board, the tallest height, whether the diagonals count, the clues
    outside and the heights given."""

    rows: int
    cols: int
    top: int
    """The tallest height H: N, or N-1 when each row and column has an empty plot."""
    diagonals: bool = False
    """Whether both diagonals hold different heights too."""
    outside: Outside = ()
    """The clues outside the grid (None: no clue), 2·COLS + 2·ROWS of them in the order of
    `common.sightlines`."""
    givens: Mapping[Cell, int] = field(default_factory=dict)
    """The heights given, by cell (row, column) from 1."""


class Skyscraper(Genre[Clues]):
    puzzlekit = "Skyscraper"
    puzzlink = "skyscrapers"
    aliases = ("skyscraper", "building")
    kinds = ("latin-square", "skyscraper", "main-diagonal", "anti-diagonal")
    tells = ("latin-square", "skyscraper")

    @property
    def carries(self) -> frozenset[str]:
        """A link has no diagonals."""
        return frozenset(("latin-square", "skyscraper"))

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols, top = clues.rows, clues.cols, clues.top
        low = 0 if top < rows else 1
        b.board = (rows, cols)
        if low == 0:
            b.digits = (0, top)
        b.add("latin-square")
        if clues.diagonals:
            b.add("main-diagonal")
            b.add("anti-diagonal")
        for (r, c), d in sorted(clues.givens.items()):
            if not low <= d <= top:
                raise ClueError(f"the given {d} at r{r}c{c} is outside {low}-{top}",
                                f"a given is a height {low}-{top}, '-' for an empty cell",
                                at=(r, c))
        if clues.givens:
            b.grids["givens"] = [[digit_symbol(clues.givens.get((r, c)))
                                  for c in range(1, cols + 1)] for r in range(1, rows + 1)]
        for seen, cells in zip(clues.outside, sightlines(rows, cols), strict=True):
            if seen is not None:
                b.add("skyscraper", cells, visible=seen)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lines = tokens(src.text)
        rows, cols = read_size(src, lines, extra=True)
        head = lines[0]
        square_side(src, Layout(rows, cols, head, []))
        has_top = len(head) > 2 and head[2].text.isdecimal()
        top = int(head[2].text) if has_top else rows
        flags = head[3:] if has_top else head[2:]
        message = (f"the first line '{' '.join(t.text for t in head)}' is not 'N N H' with "
                   "H = N or N-1, and an optional D")
        hint = ("H is the tallest height: N, or N-1 when each row and column has an empty plot "
                "(0); D asks for different heights on both diagonals")
        if not 1 <= top <= rows or rows - top > 1:
            raise src.at(head[2], message, hint)
        flag = next((f for f in flags if f.text != "D"), None)
        if flag is not None:
            raise src.at(flag, message, hint)
        blocks = read_parts(src, lines, [*outside_parts(rows, cols),
                                         Part("the givens block", rows, cols)])
        low = 0 if top < rows else 1
        given_hint = f"a given is a height {low}-{top}, '-' for an empty cell"
        givens: dict[Cell, int] = {}
        for r, row in enumerate(blocks[4], 1):
            for c, tok in enumerate(row, 1):
                if tok.text != "-":
                    givens[(r, c)] = number(src, tok, f"at r{r}c{c}", given_hint)
                    src.places[(r, c)] = tok
        clue_hint = "a clue is how many skyscrapers are seen, '-' for none"
        toks = [t for block in blocks[:4] for t in block[0]]
        outside = tuple(None if t.text == "-" else
                        number(src, t, sightline_name(k, rows, cols), clue_hint)
                        for k, t in enumerate(toks))
        return Clues(rows, cols, top, bool(flags), outside, givens)

    def read_solution(self, src: Source) -> Answer:
        return {"digits": solution_digits(src, extra=True)}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        link = body.link
        cols, rows = link.cols, link.rows
        if cols != rows:
            size = f"{cols}/{rows}"
            size_at = link.text.rfind(size, 0, link.body_at)
            raise link.error(f"a skyscrapers is square, but the size is {cols}x{rows}",
                             size_at, size_at + len(size), hint="COLS and ROWS are equal")
        outside = [v if v is None or v >= 0 else None
                   for v in outside16(body, 2 * cols + 2 * rows)]
        cells = number16(body, cols * rows)
        givens = {(k // cols + 1, k % cols + 1): v for k, v in enumerate(cells)
                  if v is not None and v >= 0}
        return Clues(rows, cols, rows, False, tuple(outside), givens)

    def encode(self, clues: Clues) -> str:
        cols, rows = clues.cols, clues.rows
        head = encode_outside16(list(clues.outside))
        if not clues.givens:
            return head
        return head + encode_number16([clues.givens.get((r, c)) for r in range(1, rows + 1)
                                       for c in range(1, cols + 1)])

    def from_case(self, case: Readback) -> Clues:
        """Each `skyscraper` sees a whole row or column from its end; the givens are the front
        matter's, heights 1-N (a case with empty plots declares its `digits:`)."""
        rows, cols = case.rows, case.cols
        if "digits" in case.case.front.fields:
            raise case.refuse("a puzz.link Skyscrapers holds the heights 1-N, with no empty "
                              "plot")
        outside: list[int | None] = [None] * (2 * cols + 2 * rows)
        for rule in case.rules("skyscraper"):
            k = case.sightline(case.cells(rule))
            if k is None:
                raise case.refuse_rule(rule, "a clue sees a whole row or column from its end")
            outside[k] = case.number(rule, "visible")
        grid = case.digits() or []
        givens = {(r, c): v for r, row in enumerate(grid, 1) for c, v in enumerate(row, 1)
                  if v is not None}
        case.within([*givens.values(), *outside], 1, 255)
        return Clues(rows, cols, rows, False, tuple(outside), givens)

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        rows, cols = file.rows, file.cols
        grid = file.block(0, rows + 2, cols + 2, "grid")
        return {"digits": [[_digit(t) for t in row[1:cols + 1]] for row in grid[1:rows + 1]]}


def _digit(t: str) -> int:
    """The number in a pzprv3 cell (0 for none)."""
    digits = "".join(ch for ch in t if ch.isdigit())
    return int(digits) if digits else 0
