"""Hitori: shade cells so that no number stands twice in a row or column among the unshaded
cells, no two shaded cells touch side by side, and the unshaded cells hang together.

The case writes the numbers as its `clues:` grid (0-9, then A-Z for 10-35) with
`unshaded-distinct`, `shaded-apart` and `unshaded-connected`; the answer is the shading.

* puzzlekit (`Hitori`): one block, a number in every cell. The solution marks the shaded
  cells `x`.
* puz.link (`hitori`, pzprjs's `hitori.js`): a character per cell, `0`-`9` and `a`-`z` the
  numbers 0-35 (base 36), `-` and two base-36 digits a larger one, `.` an empty cell, `%` or
  `@` a `?`. A cell without its number has no place in a Hitori here, so such a link is
  refused. A pzprv3 answer holds ROWS lines of numbers, then ROWS lines of the answer, `#` a
  shaded cell.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.encodings import B36, Body
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, number, read_layout, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

CLUE_SYMBOLS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""A number in a case's `clues:` grid: 0-9, then A-Z for 10-35."""

HINT = "every cell of a Hitori holds a number, 1-35"


@dataclass(frozen=True)
class Clues:
    """A Hitori puzzle: the number of every cell, row by row."""

    rows: int
    cols: int
    numbers: tuple[tuple[int, ...], ...] = ()


class Hitori(Genre[Clues]):
    puzzlekit = "Hitori"
    puzzlink = "hitori"
    kinds = ("unshaded-distinct", "shaded-apart", "unshaded-connected")
    tells = kinds

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        b.board = (clues.rows, clues.cols)
        for r, row in enumerate(clues.numbers, 1):
            for c, n in enumerate(row, 1):
                if not 1 <= n < len(CLUE_SYMBOLS):
                    raise ClueError(f"the number {n} at r{r}c{c} is not 1-35", HINT, at=(r, c))
        b.grids["clues"] = [[CLUE_SYMBOLS[n] for n in row] for row in clues.numbers]
        b.add("unshaded-distinct")
        b.add("shaded-apart")
        b.add("unshaded-connected")

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        numbers = []
        for r, row in enumerate(lay.blocks[0], 1):
            for c, t in enumerate(row, 1):
                src.places[(r, c)] = t
            numbers.append(tuple(number(src, t, f"at r{r}c{c}", HINT, dash=False)
                                 for c, t in enumerate(row, 1)))
        return Clues(lay.rows, lay.cols, tuple(numbers))

    def read_solution(self, src: Source) -> Answer:
        return {"shading": [[int(t.text.lower() == "x") for t in row]
                            for row in solution_grid(src)]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        cells: list[int | None] = []
        blank = None  # where the first cell without a number is written
        while len(cells) < cols * rows and not body.done():
            at, ch = body.pos, body.peek()
            body.pos += 1
            if ch in "%@.":
                blank = at if blank is None else blank
            if ch in B36:
                cells.append(int(ch, 36))
            elif ch == "-":
                digits = body.text[body.pos:body.pos + 2]
                if len(digits) < 2 or any(d not in B36 for d in digits):
                    raise body.error("expected two base-36 digits after '-'", body.pos,
                                     hint="a Hitori number 36-1295 is '-' and two digits 0-9, "
                                          "a-z")
                body.pos += 2
                cells.append(int(digits, 36))
            elif ch in "%@.":
                cells.append(None)
            else:
                raise body.error(f"'{ch}' is not a Hitori number", at,
                                 hint="a cell is 0-9 or a-z (base 36), '-' and two digits, or "
                                      "'.'")
        if len(cells) < cols * rows or blank is not None:
            raise body.error("every cell of a Hitori needs its number",
                             body.pos if blank is None else blank,
                             hint="the link leaves a cell empty or unknown ('.', '?' or the "
                                  "end)")
        return Clues(rows, cols, tuple(tuple(int(n or 0) for n in cells[r * cols:(r + 1) * cols])
                                       for r in range(rows)))

    def encode(self, clues: Clues) -> str:
        return "".join(B36[n] if n < 36 else "-" + B36[n // 36] + B36[n % 36]
                       for row in clues.numbers for n in row)

    def from_case(self, case: Readback) -> Clues:
        """The numbers of the front matter's `clues:` grid, one in every cell."""
        cells = [n for row in case.clues() or [] for n in row]
        if len(cells) != case.rows * case.cols or None in cells:
            raise case.refuse("a Hitori's link needs a number in every cell of its clues")
        numbers = tuple(tuple(int(n or 0) for n in cells[r * case.cols:(r + 1) * case.cols])
                        for r in range(case.rows))
        case.within((n for row in numbers for n in row), 0, 35)
        return Clues(case.rows, case.cols, numbers)

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        grid = file.block(file.rows, file.rows, file.cols, "shading")
        return {"shading": [[int(t == "#") for t in row] for row in grid]}
