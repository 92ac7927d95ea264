"""Hakyuu (Ripple Effect): a region of n cells holds the numbers 1 to n, and two equal numbers
k in a row or column have at least k cells between them.

The case is `ripple` over the board with a `one-to-n` per region (`digits: 1-M` when the
largest region, M cells, is smaller than the board's longer side) and the givens in the front
matter.

* puzzlekit (`Hakyuu`): two blocks, the givens (`-` none) and the regions (each cell names
  its region). Its solution holds every cell's number.
* puz.link (`ripple`, pzprjs's `ripple.js`): the regions' borders (a bit per border, five to
  a base-32 character, first bit highest: those between cells side by side row by row, then
  those between cells one above the other; a body that ends early leaves the rest without
  borders, as pzprjs reads it), then the givens in number16 (a 0 or a `?` is no given). A
  pzprv3 answer holds the borders, the givens, then the numbers entered (`.` on a given).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder, digit_symbol
from sapphire.formats.common import Cell
from sapphire.formats.encodings import (
    B36,
    Body,
    encode_border_bits,
    encode_number16,
    number16,
    rooms,
)
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import (
    Source,
    groups_of,
    number,
    rc,
    read_layout,
    solution_digits,
)
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

B32 = B36[:32]


@dataclass(frozen=True)
class Clues:
    """A Hakyuu: the board, its regions and the numbers given."""

    rows: int
    cols: int
    regions: tuple[tuple[Cell, ...], ...] = ()
    """Each region's cells, in reading order; the regions cover the board."""
    givens: Mapping[Cell, int] = field(default_factory=dict)
    """The numbers given, by cell (row, column) from 1."""


class Hakyuu(Genre[Clues]):
    puzzlekit = "Hakyuu"
    puzzlink = "ripple"
    aliases = ("hakyuu",)
    kinds = ("ripple", "one-to-n")
    tells = ("one-to-n", "ripple")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        top = max(len(g) for g in clues.regions)
        b.board = (rows, cols)
        if top != max(rows, cols):
            b.digits = (1, top)
        b.add("ripple")
        for cells in clues.regions:
            b.add("one-to-n", cells, id_stem="region")
        size = {x: len(g) for g in clues.regions for x in g}
        for (r, c), d in sorted(clues.givens.items()):
            if not 1 <= d <= size[(r, c)]:
                raise ClueError(f"the given {d} at r{r}c{c} is larger than its region of "
                                f"{size[(r, c)]} cells", "a region of n cells holds the "
                                "numbers 1 to n", at=(r, c))
        if clues.givens:
            b.grids["givens"] = [[digit_symbol(clues.givens.get((r, c)))
                                  for c in range(1, cols + 1)] for r in range(1, rows + 1)]

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the givens block", "the region block"))
        givens: dict[Cell, int] = {}
        for r, row in enumerate(lay.blocks[0]):
            for c, tok in enumerate(row):
                if tok.text != "-":
                    givens[(r + 1, c + 1)] = number(src, tok, f"at {rc(r, c)}")
                    src.places[(r + 1, c + 1)] = tok
        regions = tuple(tuple(g) for g in groups_of(lay.blocks[1]))
        return Clues(lay.rows, lay.cols, regions, givens)

    def read_solution(self, src: Source) -> Answer:
        return {"digits": solution_digits(src)}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        across = _borders(body, (cols - 1) * rows)
        room = rooms(cols, rows, across, _borders(body, cols * (rows - 1)))
        regions: dict[int, list[Cell]] = {}
        for k, n in enumerate(room):
            regions.setdefault(n, []).append((k // cols + 1, k % cols + 1))
        givens = {(k // cols + 1, k % cols + 1): v
                  for k, v in enumerate(number16(body, cols * rows)) if v is not None and v >= 1}
        return Clues(rows, cols, tuple(tuple(g) for g in regions.values()), givens)

    def encode(self, clues: Clues) -> str:
        cols, rows = clues.cols, clues.rows
        region = {x: n for n, g in enumerate(clues.regions) for x in g}
        across = [int(region[(r, c)] != region[(r, c + 1)])
                  for r in range(1, rows + 1) for c in range(1, cols)]
        down = [int(region[(r, c)] != region[(r + 1, c)])
                for r in range(1, rows) for c in range(1, cols + 1)]
        return (encode_border_bits(across) + encode_border_bits(down)
                + encode_number16([clues.givens.get((r, c)) for r in range(1, rows + 1)
                                   for c in range(1, cols + 1)]))

    def from_case(self, case: Readback) -> Clues:
        """Each `one-to-n` is a region, and they must cover the board; the givens are the
        front matter's."""
        rows, cols = case.rows, case.cols
        owner: dict[Cell, int] = {}
        regions: list[tuple[Cell, ...]] = []
        for rule in case.rules("one-to-n"):
            for r, c in case.cells(rule):
                if (r, c) in owner:
                    raise case.refuse_rule(rule, f"r{r}c{c} is in two rooms")
                owner[(r, c)] = len(regions)
            regions.append(tuple(case.cells(rule)))
        missing = next(((r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
                        if (r, c) not in owner), None)
        if missing is not None:
            raise case.refuse(f"r{missing[0]}c{missing[1]} is in no room ('one-to-n' rule)",
                              hint="a ripple's rooms cover the board")
        grid = case.digits() or []
        givens = {(r, c): v for r, row in enumerate(grid, 1) for c, v in enumerate(row, 1)
                  if v is not None}
        case.within(givens.values(), 1, 255)
        return Clues(rows, cols, tuple(regions), givens)

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        rows, cols = file.rows, file.cols
        givens = file.block(2 * rows - 1, rows, cols, "givens")
        entered = file.block(3 * rows - 1, rows, cols, "numbers")
        return {"digits": [[_number(a if a != "." else g) for g, a in zip(gr, ar, strict=True)]
                           for gr, ar in zip(givens, entered, strict=True)]}


def _borders(body: Body, count: int) -> list[bool]:
    """`count` borders, five to a base-32 character, as pzprjs's `decodeBorder` reads them: a
    body that ends early leaves the rest without borders."""
    bits: list[bool] = []
    for _ in range((count + 4) // 5):
        if body.done():
            break
        ch = body.peek()
        if ch not in B32:
            raise body.error(f"'{ch}' is not a border character", hint="the rooms' borders "
                             "are written five to a character, 0-9 and a-v")
        n = B32.index(ch)
        bits += [bool(n >> (4 - k) & 1) for k in range(5)]
        body.pos += 1
    return (bits + [False] * count)[:count]


def _number(t: str) -> int:
    """A pzprv3 cell's number (0 for none)."""
    return int(t) if t.isdecimal() else 0
