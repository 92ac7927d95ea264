"""Bosanowa: write a positive number in every circle so that each number is the sum of its
differences with the numbers in the circles beside it (up, down, left and right).

The board's cells without a circle (holes) are `black-cell`s holding 0, kept out of the
circles by `absent-digits … digits [0]`; one `difference-sum` line lists the circles. The
numbers' range comes from the rule: a difference is at most the number it is taken from, so a
circle's neighbour holds at most twice its number, and a circle d steps (through circles) from
a given g at most g·2^d. `digits:` goes up to the largest such bound over the circles, and to
999 (puz.link's largest number) where a circle has no given to bound it, or the bound passes
999. A puzzle without givens has no one answer: each answer doubled is another. The answer is
the digits, 0 in the holes.

* puzzlekit (`Bosanowa`): the grid, `.` a hole, `-` an empty circle, or a circle's given
  number. A solution has every circle's number and `-` in the holes.
* puz.link (`bosanowa`, alias `bossanova`; pzprjs's `bosanowa.js`): first the holes, a bit a
  cell (1 a hole) in reading order, five to a base-32 character, the first cell the most
  significant bit; then the givens of every cell in number16. pzprjs writes the link cropped
  to the circles' rows and columns, and so does the export; the flag `h` or `t` before the
  size picks a style of drawing and is let be. A pzprv3 answer holds ROWS lines of the
  puzzle (`.` a hole, `0` an empty circle, else its given), ROWS lines of entered numbers
  (`.` or `0` for none), then the player's notes between cells, which are not read.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import ORTHOGONAL, Cell, moved
from sapphire.formats.encodings import (
    UNKNOWN,
    Body,
    border_bits,
    encode_border_bits,
    encode_number16,
    number16,
)
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, number, rc, read_layout, solution_grid
from sapphire.formats.pzprv3 import Pzprv3, short
from sapphire.formats.readback import Readback

LARGEST = 999
"""The largest number a circle may hold where nothing smaller bounds it: puz.link's."""

HINT = "a cell is '.' (no circle), '-' (an empty circle) or the circle's number, 1 or more"


@dataclass(frozen=True)
class Clues:
    """A Bosanowa puzzle: the board, its holes and its circles' given numbers."""

    rows: int
    cols: int
    holes: frozenset[Cell] = frozenset()
    """The cells without a circle, (row, column) from 1."""
    givens: tuple[tuple[int | None, ...], ...] = ()
    """Each row's given numbers, None for an empty circle or a hole."""

    def circles(self) -> list[Cell]:
        """The cells with a circle, in reading order."""
        return [(r, c) for r in range(1, self.rows + 1) for c in range(1, self.cols + 1)
                if (r, c) not in self.holes]


def largest_number(clues: Clues) -> int:
    """The most any circle may hold: g·2^d from each given g, d steps away through circles,
    the least of these for a circle, `LARGEST` where none is less; the most over the
    circles."""
    circles = set(clues.circles())
    bound = dict.fromkeys(circles, LARGEST)
    for r, row in enumerate(clues.givens, 1):
        for c, g in enumerate(row, 1):
            if g is None:
                continue
            seen, ring, top = {(r, c)}, [(r, c)], g
            while ring and top < LARGEST:  # ring by ring, while the bound still bites
                after = []
                for cell in ring:
                    bound[cell] = min(bound[cell], top)
                    for nb in (moved(cell, step) for step in ORTHOGONAL):
                        if nb in circles and nb not in seen:
                            seen.add(nb)
                            after.append(nb)
                ring, top = after, top * 2
    return max(bound.values())


class Bosanowa(Genre[Clues]):
    puzzlekit = "Bosanowa"
    puzzlink = "bosanowa"
    aliases = ("bossanova",)
    kinds = ("difference-sum", "black-cell", "absent-digits", "given-number")
    tells = ("difference-sum",)

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        circles = clues.circles()
        if not circles:
            raise ClueError("the board has no circle", HINT, at="size")
        for r, row in enumerate(clues.givens, 1):
            for c, g in enumerate(row, 1):
                if g is not None and (r, c) in clues.holes:
                    raise ClueError(f"the number {g} at {rc(r - 1, c - 1)} stands in no "
                                    "circle", HINT, at=(r, c))
                if g is not None and not 1 <= g <= LARGEST:
                    raise ClueError(f"the number {g} at {rc(r - 1, c - 1)} is not "
                                    f"1-{LARGEST}", HINT, at=(r, c))
        b.board = (clues.rows, clues.cols)
        b.digits = (0 if clues.holes else 1, largest_number(clues))
        b.add_givens(clues.givens)
        if clues.holes:
            b.add("black-cell", sorted(clues.holes))
            b.add("absent-digits", circles, digits=[0])
        b.add("difference-sum", circles)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        src.places["size"] = lay.head[0]
        holes, givens = set(), []
        for r, row in enumerate(lay.blocks[0], 1):
            line: list[int | None] = []
            for c, tok in enumerate(row, 1):
                src.places[(r, c)] = tok
                if tok.text == ".":
                    holes.add((r, c))
                line.append(None if tok.text in ".-" else
                            number(src, tok, f"at {rc(r - 1, c - 1)}", HINT))
            givens.append(tuple(line))
        return Clues(lay.rows, lay.cols, frozenset(holes), tuple(givens))

    def read_solution(self, src: Source) -> Answer:
        return {"digits": [[0 if t.text in "-." else
                            number(src, t, f"at {rc(r, c)}", "a circle holds its number, a "
                                   "hole '-'") for c, t in enumerate(row)]
                           for r, row in enumerate(solution_grid(src))]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        bits = border_bits(body, cols * rows, "the cells without a circle")
        cells = number16(body, cols * rows)
        holes = {(k // cols + 1, k % cols + 1) for k, bit in enumerate(bits) if bit}
        return Clues(rows, cols, frozenset(holes),
                     tuple(tuple(None if v in (None, UNKNOWN) else v
                                 for v in cells[r * cols:(r + 1) * cols]) for r in range(rows)))

    def encode(self, clues: Clues) -> str:
        cells = [(r, c) for r in range(1, clues.rows + 1) for c in range(1, clues.cols + 1)]
        return (encode_border_bits([int(x in clues.holes) for x in cells])
                + encode_number16([n for row in clues.givens for n in row]))

    def from_case(self, case: Readback) -> Clues:
        """The holes of the `black-cell` lines (every cell that `difference-sum` leaves out),
        the givens of the front matter's grid and of `given-number` lines; cropped to the rows
        and columns that hold circles, as pzprjs writes the link."""
        circles: set[Cell] = set()
        for rule in case.rules("difference-sum"):
            circles.update(case.cells(rule))
        grid = case.digits() or [[None] * case.cols for _ in range(case.rows)]
        givens = {(r, c): d for r, row in enumerate(grid, 1) for c, d in enumerate(row, 1)
                  if d is not None and (r, c) in circles}
        for rule in case.rules("given-number"):
            n = case.param(rule, "number")
            if len(rule.cells) != 1 or not isinstance(n, int):
                raise case.refuse("a 'given-number' rule gives one cell its number", at=rule)
            givens[case.cells(rule)[0]] = n
        case.within(givens.values(), 1, 255)
        if not circles:
            raise case.refuse("a Bosanowa's 'difference-sum' lists its circles")
        top, bottom = min(r for r, _ in circles), max(r for r, _ in circles)
        left, right = min(c for _, c in circles), max(c for _, c in circles)
        rows, cols = bottom - top + 1, right - left + 1
        return Clues(rows, cols,
                     frozenset((r - top + 1, c - left + 1) for r in range(top, bottom + 1)
                               for c in range(left, right + 1) if (r, c) not in circles),
                     tuple(tuple(givens.get((r, c)) for c in range(left, right + 1))
                           for r in range(top, bottom + 1)))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        rows, cols = file.rows, file.cols
        lines = file.body[:2 * rows]
        if len(lines) < 2 * rows or any(len(row) < cols for row in lines):
            raise short(f"puzzle and numbers are short of {2 * rows} lines of {cols}")

        def number(token: str) -> int:
            return int(token) if token.isdecimal() else 0

        return {"digits": [[number(q) or number(a)
                            for q, a in zip(lines[r][:cols], lines[rows + r][:cols], strict=True)]
                           for r in range(rows)]}
