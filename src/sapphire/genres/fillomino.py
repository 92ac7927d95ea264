"""Fillomino: the board divided into regions, each holding its own size in every cell, no two
regions of one size side by side; a given number stands in a region of that size.

The case is `fillomino` with the givens. Its `digits:` bound the numbers, so they must reach
the largest region an answer can have: a region holds a given number (at most the largest
one), or lies among the cells without one, in one of the areas the givens fence off (at most
that area's size). No smaller bound is safe: the dataset's 91_10x10 has 6 as its largest given
and a region of 14 in its answer. Where that bound passes `EXACT_SIZES` (two giant boards of
the dataset, whose open areas hold 446 and 506 cells), the case is `fillomino above N` with N
twice the largest given and two more: a region of more than N cells is written N+1, and the
answer found is the Fillomino's exactly when it has no N+1 (see the kind). The case's `notes:`
say so, since its puzzle is then not the Fillomino word for word. A given past G (16), which a
`givens:` grid cannot write, makes every given a `given-number` line.

* puzzlekit (`Fillomino`): one block, a given number (1 or more) or `-` per cell; a solution
  is the number of every cell.
* puz.link (`fillomino`, pzprjs's `fillomino.js`): the givens in number16, then, only when the
  setter drew some, the borders given between cells: a variant whose regions must keep to
  lines drawn in the grid, which these clues cannot hold, so a link with them is refused at
  their start. A `?` given (a number left unknown) says nothing and reads as an empty cell. A
  pzprv3 answer holds ROWS lines of givens, ROWS lines of entered numbers (`.` on a given or
  an empty cell, a number possibly followed by pencil marks), then the borders, which are not
  read: a cell's answer is its entered number, else its given.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder, digit_symbol
from sapphire.formats.common import Cell
from sapphire.formats.encodings import UNKNOWN, Body, encode_number16, number16
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, number, rc, read_layout, solution_digits
from sapphire.formats.pzprv3 import Pzprv3, short
from sapphire.formats.readback import Readback

EXACT_SIZES = 128
"""The most numbers a cell may take before the case writes large regions as one number (the
SAT backend writes a cell of up to 128 values as clauses)."""

GIVEN_SYMBOLS = 16
"""The largest number a `givens:` grid writes (as G); a puzzle with a larger given names its
givens with `given-number` lines instead."""

HINT = "a given is the size of its cell's region, 1 or more; '-' for an empty cell"


@dataclass(frozen=True)
class Clues:
    """A Fillomino puzzle: the board and its givens."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...] = ()
    """Each row's given numbers, None for a cell without one."""

    def given(self) -> dict[Cell, int]:
        """The given numbers by cell, (row, column) from 1, in reading order."""
        return {(r, c): n for r, row in enumerate(self.givens, 1)
                for c, n in enumerate(row, 1) if n is not None}


class Fillomino(Genre[Clues]):
    puzzlekit = "Fillomino"
    puzzlink = "fillomino"
    kinds = ("fillomino", "given-number")
    tells = ("fillomino",)

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        b.board = (rows, cols)
        given = clues.given()
        for (r, c), n in given.items():
            if not 1 <= n <= rows * cols:
                raise ClueError(f"the number {n} at {rc(r - 1, c - 1)} is not 1-{rows * cols}: "
                                f"the board has {rows * cols} cells", HINT, at=(r, c))
        largest = max(given.values(), default=0)
        bound = max(largest, largest_open_area(rows, cols, set(given)))
        above = 2 * largest + 2
        if bound > EXACT_SIZES and above + 1 < bound:
            b.digits = (1, above + 1)
            b.add("fillomino", above=above)
            b.notes = (f"Regions of more than {above} cells are written {above + 1} (fillomino "
                       f"above {above}): an answer without a {above + 1} is the answer of the "
                       f"Fillomino; one with a {above + 1} only says that those regions are "
                       f"larger than {above}.")
        else:
            b.digits = (1, bound)
            b.add("fillomino")
        if largest <= GIVEN_SYMBOLS:
            b.grids["givens"] = [[digit_symbol(n) for n in row] for row in clues.givens]
        else:
            for cell, n in sorted(given.items()):
                b.add("given-number", [cell], id_stem="given", number=n)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        givens = []
        for r, row in enumerate(lay.blocks[0], 1):
            line: list[int | None] = []
            for c, tok in enumerate(row, 1):
                src.places[(r, c)] = tok
                line.append(None if tok.text == "-" else
                            number(src, tok, f"at {rc(r - 1, c - 1)}", HINT))
            givens.append(tuple(line))
        return Clues(lay.rows, lay.cols, tuple(givens))

    def read_solution(self, src: Source) -> Answer:
        return {"digits": solution_digits(src)}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        cells = number16(body, cols * rows)
        if not body.done() and body.text[body.pos:] != "/":
            raise body.error("borders given between cells are not read", body.pos,
                             hint="a Fillomino whose regions keep to drawn lines is another "
                                  "puzzle than the one the givens state")
        return Clues(rows, cols, tuple(tuple(None if v == UNKNOWN else v
                                             for v in cells[r * cols:(r + 1) * cols])
                                       for r in range(rows)))

    def encode(self, clues: Clues) -> str:
        return encode_number16([n for row in clues.givens for n in row])

    def from_case(self, case: Readback) -> Clues:
        """The givens of the front matter's grid and of `given-number` lines."""
        grid = case.digits() or [[None] * case.cols for _ in range(case.rows)]
        givens = [list(row) for row in grid]
        for rule in case.rules("given-number"):
            n = case.param(rule, "number")
            if len(rule.cells) != 1 or not isinstance(n, int):
                raise case.refuse("a 'given-number' rule gives one cell its number", at=rule)
            (r, c), = case.cells(rule)
            givens[r - 1][c - 1] = n
        case.within((n for row in givens for n in row), 1, 8191)
        return Clues(case.rows, case.cols, tuple(tuple(row) for row in givens))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        rows, cols = file.rows, file.cols
        lines = file.body[:2 * rows]
        if len(lines) < 2 * rows or any(len(row) < cols for row in lines):
            raise short(f"givens and numbers are short of {2 * rows} lines of {cols}")

        def number(token: str) -> int:
            digits = token.split("[", 1)[0]
            return int(digits) if digits.isdecimal() else 0

        return {"digits": [[number(a) or number(g)
                            for g, a in zip(lines[r][:cols], lines[rows + r][:cols], strict=True)]
                           for r in range(rows)]}


def largest_open_area(rows: int, cols: int, given: set[Cell]) -> int:
    """The most cells without a given number that are joined through side neighbours
    without one (0 when every cell has one); cells (row, column) from 1."""
    seen: set[Cell] = set(given)
    best = 0
    for start in ((r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)):
        if start in seen:
            continue
        seen.add(start)
        todo, size = [start], 0
        while todo:
            r, c = todo.pop()
            size += 1
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 1 <= nb[0] <= rows and 1 <= nb[1] <= cols and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        best = max(best, size)
    return best
