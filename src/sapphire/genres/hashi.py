"""Hashi (Hashiwokakero, Bridges): join the islands with bridges, straight across the water
between two islands, at most two between a pair, none crossing another, so that each island
has as many bridges as its number says and all islands hang together.

The case is `hashi` listing the islands (with none too) and a `bridge-count` per number
listing the islands of that number. The answer's `links` are the bridges: a bridge between
two islands links every cell it crosses to the next, 1 or 2.

* puzzlekit (`Hashi`): one block, an island's number of bridges (1-8) or `-` for water. The
  solution marks each water cell a bridge runs through: `1` or `2` bridges across, `a` or `b`
  (one or two) down, `-` none (and every island `-`). No two islands of the dataset are
  neighbours, so every bridge shows in some cell.
* puz.link (`hashikake`, pzprjs's `hashikake.js`; also `hashi` and `bridges`): the islands'
  numbers in `number16`. An island without its number (`.`, a `?`) has no place in the rules
  here, so such a link is refused at it. A pzprv3 answer holds, after the clue rows, ROWS
  lines of COLS-1 borders across and ROWS-1 lines of COLS down: the number of bridges over
  each (bridges run through the cells between islands, so every border a bridge crosses
  counts it, as the case's links do).
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.encodings import UNKNOWN, Body, encode_number16, number16
from sapphire.formats.genre import Genre
from sapphire.formats.puzzlekit import Source, number, read_layout, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

HINT = "an island holds its number of bridges; '-' is water"


@dataclass(frozen=True)
class Clues:
    """A Hashi: each cell's island number, row by row (None: water; `UNKNOWN`: an island
    without a number, which only a case read back can hold)."""

    rows: int
    cols: int
    islands: tuple[tuple[int | None, ...], ...] = ()


class Hashi(Genre[Clues]):
    puzzlekit = "Hashi"
    puzzlink = "hashikake"
    aliases = ("hashi", "bridges")
    kinds = ("hashi", "bridge-count")
    tells = ("hashi",)

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        b.board = (clues.rows, clues.cols)
        by_number: dict[int, list[tuple[int, int]]] = {}
        for r, row in enumerate(clues.islands, 1):
            for c, n in enumerate(row, 1):
                if n is not None:
                    by_number.setdefault(n, []).append((r, c))
        b.add("hashi", sorted(cell for cells in by_number.values() for cell in cells))
        for n in sorted(k for k in by_number if k != UNKNOWN):
            b.add("bridge-count", by_number[n], id_stem="bridges", count=n)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        return Clues(lay.rows, lay.cols, tuple(
            tuple(None if t.text == "-" else number(src, t, f"at r{r}c{c}", HINT)
                  for c, t in enumerate(row, 1))
            for r, row in enumerate(lay.blocks[0], 1)))

    def read_solution(self, src: Source) -> Answer:
        """The bridge cells (`1`, `2` across, `a`, `b` down) as links: a bridge across cell
        r,c joins it to both its left and right neighbours."""
        block = [[t.text.lower() for t in row] for row in solution_grid(src)]
        rows, cols = len(block), len(block[0]) if block else 0
        across = [[0] * cols for _ in range(rows)]
        down = [[0] * cols for _ in range(rows)]
        for r, row in enumerate(block):
            for c, t in enumerate(row):
                if t in ("1", "2"):
                    across[r][c] = int(t)
                    if c:
                        across[r][c - 1] = int(t)
                elif t in ("a", "b"):
                    down[r][c] = " ab".index(t)
                    if r:
                        down[r - 1][c] = " ab".index(t)
        return {"links": {"across": across, "down": down}}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, start = body.cols, body.pos
        cells = number16(body, cols * body.rows)
        if UNKNOWN in cells:  # refused once the link reads to its end
            body.finish()
            k = cells.index(UNKNOWN)
            raise body.link.error(f"the island at r{k // cols + 1}c{k % cols + 1} has no "
                                  "number, which the Hashi rules here need",
                                  body.link.body_at + body.text.index(".", start),
                                  hint="every island needs its number", kind="unsupported")
        return Clues(body.rows, cols, tuple(tuple(cells[r * cols:(r + 1) * cols])
                                            for r in range(body.rows)))

    def encode(self, clues: Clues) -> str:
        return encode_number16([n for row in clues.islands for n in row])

    def from_case(self, case: Readback) -> Clues:
        """The islands of the `hashi` line, each numbered by the `bridge-count` line that
        lists it (`?` for one that none does)."""
        grid: list[list[int | None]] = [[None] * case.cols for _ in range(case.rows)]
        for rule in case.rules("hashi"):
            for r, c in case.cells(rule):
                grid[r - 1][c - 1] = UNKNOWN
        for rule in case.rules("bridge-count"):
            count = case.param(rule, "count")
            for r, c in case.cells(rule):
                if grid[r - 1][c - 1] is None or not isinstance(count, int):
                    raise case.refuse_rule(rule, "a count is a number on an island of the "
                                                 "'hashi' line")
                grid[r - 1][c - 1] = count
        case.within((n for row in grid for n in row if n != UNKNOWN), 1, 8)
        return Clues(case.rows, case.cols, tuple(tuple(row) for row in grid))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        return {"links": file.borders(file.rows)}
