"""Kakuro: the white cells take digits 1-9, and each run of white cells (side by side across,
one above the other down) holds different digits summing to the total in the black cell just
before it.

A black cell holds the digit 0 (`digits: 0-9`, the givens grid writing 0 in every black cell)
and is stated as a `black-cell` (drawn holding its runs' totals); 0 is kept out of the white
cells by `absent-digits`, and each run is a `cage` with its total (`down-K`, `across-K`).

* puzzlekit (`Kakuro`): one block: `0` a white cell, `-` a black one, `D,A` a black cell with
  the total of the run below it (D) and of the run to its right (A), either left out when
  there is none. Its solution writes `-` for a black cell (the case's 0).
* puz.link (`kakuro`, pzprjs's `kakuro.js`): the grid inside the black row above it and the
  black column left of it, which hold the outside totals (the case's board is one row and one
  column larger than the link's). The body walks the inner cells: `k`-`z` skip 1-16 white
  cells, `.` is a black cell without totals, two totals (down, then across; `0`-`9`, `a`-`j`
  10-19, `A`-`Z` 20-45, 0 none) a black cell with them; then the down totals above the
  columns whose first cell is white, and the across totals left of the rows likewise. A pzprv3
  answer holds ROWS+1 lines of COLS+1 clues, then ROWS lines of digits (`.` a black cell).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import DOWN, LEFT, RIGHT, UP, Cell
from sapphire.formats.encodings import B36, Body
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, number, rc, read_layout, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

TOTALS = {"down": DOWN, "across": RIGHT}
"""Which way from its black cell each total's run goes."""


@dataclass(frozen=True)
class Clues:
    """A Kakuro: its white cells and the totals in its black cells. `rows` and `cols` are the
    link's grid, inside the black row and column of the outside totals: the case's board is
    ROWS+1 by COLS+1, and the cells are the board's, (row, column) from 1."""

    rows: int
    cols: int
    white: frozenset[Cell] = frozenset()
    """The white cells; every other cell of the board is black."""
    down: Mapping[Cell, int] = field(default_factory=dict)
    """The total of the run below each black cell that has one."""
    across: Mapping[Cell, int] = field(default_factory=dict)
    """The total of the run right of each black cell that has one."""


class Kakuro(Genre[Clues]):
    puzzlekit = "Kakuro"
    puzzlink = "kakuro"
    kinds = ("absent-digits", "cage", "black-cell")
    tells = ("absent-digits", "cage")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols, white = clues.rows + 1, clues.cols + 1, clues.white
        b.board = (rows, cols)
        b.digits = (0, 9)
        b.grids["givens"] = [["." if (r, c) in white else "0" for c in range(1, cols + 1)]
                             for r in range(1, rows + 1)]
        black = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
                 if (r, c) not in white]
        if black:  # drawn as janko.at draws them, holding the runs' totals
            b.add("black-cell", black)
        if white:
            b.add("absent-digits", sorted(white), digits=[0])
        covered: set[tuple[str, Cell]] = set()
        for (r, c) in sorted({*clues.down, *clues.across}):
            for way, given in (("down", clues.down), ("across", clues.across)):
                if (r, c) not in given:
                    continue
                dr, dc = TOTALS[way]
                run = []
                x = (r + dr, c + dc)
                while x in white:
                    run.append(x)
                    covered.add((way, x))
                    x = (x[0] + dr, x[1] + dc)
                if not run:
                    raise ClueError(f"the {way} total {given[(r, c)]} at r{r}c{c} has no white "
                                    f"cells", f"a {way} total needs white cells (0) "
                                    f"{'below' if dr else 'right of'} its cell", at=(way, (r, c)))
                b.add("cage", run, id_stem=way, at=(way, (r, c)), sum=given[(r, c)])
        for r, c in sorted(white):
            for way, (dr, dc) in (("across", LEFT), ("down", UP)):
                if (way, (r, c)) not in covered and ((r + dr, c + dc) in white
                                                     or (r - dr, c - dc) in white):
                    raise ClueError(f"the {way} run through r{r}c{c} has no total",
                                    f"the black cell just {'above' if dr else 'left of'} a run "
                                    "holds its total", at=(r, c))

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        hint = ("a cell is 0 (white), '-' (black) or DOWN,ACROSS (black, with the totals of the "
                "runs below it and to its right; either may be left out)")
        white: set[Cell] = set()
        totals: dict[str, dict[Cell, int]] = {"down": {}, "across": {}}
        for r, row in enumerate(lay.blocks[0], 1):
            for c, t in enumerate(row, 1):
                src.places[(r, c)] = t
                if t.text == "0":
                    white.add((r, c))
                if t.text in ("0", "-"):
                    continue
                down, comma, _ = t.text.partition(",")
                if not comma:
                    raise src.at(t, f"'{t.text}' at r{r}c{c} is not 0, '-' or DOWN,ACROSS",
                                 hint)
                for total, way in ((t.part(0, len(down)), "down"),
                                   (t.part(len(down) + 1), "across")):
                    if total.text:
                        totals[way][(r, c)] = number(src, total, f"in the {way} total at "
                                                                 f"r{r}c{c}", hint, dash=False)
                        src.places[(way, (r, c))] = total
        return Clues(lay.rows - 1, lay.cols - 1, frozenset(white), totals["down"],
                     totals["across"])

    def read_solution(self, src: Source) -> Answer:
        hint = "a solution's cell holds its digit ('-' for a black cell)"
        return {"digits": [[0 if t.text == "-" else number(src, t, f"at {rc(r, c)}", hint)
                            for c, t in enumerate(row)]
                           for r, row in enumerate(solution_grid(src))]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        black: dict[int, tuple[int, int]] = {}
        k = 0
        while k < cols * rows and not body.done():
            at, ch = body.pos, body.peek()
            if "k" <= ch <= "z":
                k += int(ch, 36) - 19
                body.pos += 1
                continue
            if ch == ".":
                black[k] = (0, 0)
                body.pos += 1
            else:
                black[k] = (_total(body, at, "a down total"),
                            _total(body, at + 1, "an across total"))
                body.pos += 2
            k += 1
        down: dict[Cell, int] = {}
        across: dict[Cell, int] = {}
        for k, (d, a) in black.items():
            cell = (k // cols + 2, k % cols + 2)
            down.update({cell: d} if d else {})
            across.update({cell: a} if a else {})
        for c in range(cols):
            if c not in black:
                total = _total(body, body.pos, f"the total above column {c + 1}")
                down.update({(1, c + 2): total} if total else {})
                body.pos += 1
        for r in range(rows):
            if r * cols not in black:
                total = _total(body, body.pos, f"the total left of row {r + 1}")
                across.update({(r + 2, 1): total} if total else {})
                body.pos += 1
        white = frozenset((k // cols + 2, k % cols + 2) for k in range(cols * rows)
                          if k not in black)
        return Clues(rows, cols, white, down, across)

    def encode(self, clues: Clues) -> str:
        cols, rows, white = clues.cols, clues.rows, clues.white
        out: list[str] = []
        gap = 0
        for k in range(cols * rows):
            cell = (k // cols + 2, k % cols + 2)
            if cell in white:
                gap += 1
                if gap == 16:
                    out.append("z")
                    gap = 0
                continue
            if gap:
                out.append(B36[19 + gap])
                gap = 0
            d, a = clues.down.get(cell, 0), clues.across.get(cell, 0)
            out.append("." if not d and not a else _encode_total(d) + _encode_total(a))
        if gap:
            out.append(B36[19 + gap])
        out += [_encode_total(clues.down.get((1, c), 0)) for c in range(2, cols + 2)
                if (2, c) in white]
        out += [_encode_total(clues.across.get((r, 1), 0)) for r in range(2, rows + 2)
                if (r, 2) in white]
        return "".join(out)

    def from_case(self, case: Readback) -> Clues:
        """The white cells are those the givens grid leaves without the digit 0, and the first
        row and column must be black; each `cage` is a run, its total in the black cell before
        it (down or across as its id says, else as its cells go)."""
        givens = case.digits()
        rows, cols = case.rows, case.cols
        if givens is None or any(givens[0][c] != 0 for c in range(cols)) or any(
                givens[r][0] != 0 for r in range(rows)):
            raise case.refuse("a Kakuro's first row and column are black cells (digit 0) "
                              "holding the outside totals")
        white = frozenset((r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
                          if givens[r - 1][c - 1] != 0)
        totals: dict[str, dict[Cell, int]] = {"down": {}, "across": {}}
        for rule in case.rules("cage"):
            run = case.cells(rule)
            way = (rule.id or "").split("-")[0]
            if way not in TOTALS:
                way = "down" if len(run) > 1 and run[1][1] == run[0][1] else "across"
            dr, dc = TOTALS[way]
            head = (run[0][0] - dr, run[0][1] - dc)
            if head in white or not (1 <= head[0] <= rows and 1 <= head[1] <= cols):
                raise case.refuse_rule(rule, "a run's total sits in the black cell before it")
            totals[way][head] = case.number(rule, "total", "sum")
        down, across = totals["down"], totals["across"]
        inner = [t for given in (down, across) for x, t in given.items()
                 if x[0] > 1 and x[1] > 1 and t]
        edge = [down.get((1, c), 0) for c in range(2, cols + 1) if (2, c) in white]
        edge += [across.get((r, 1), 0) for r in range(2, rows + 1) if (r, 2) in white]
        case.within([*edge, *inner], 1, 45)
        return Clues(rows - 1, cols - 1, white, down, across)

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        rows, cols = file.rows, file.cols
        digits = file.block(rows + 1, rows, cols, "digits")
        return {"digits": [[0] * (cols + 1)] + [[0] + [_digit(t) for t in row]
                                                for row in digits]}


def _total(body: Body, at: int, what: str) -> int:
    """One total at body offset `at`: 0-9, a-j (10-19), A-Z (20-45)."""
    ch = body.text[at] if at < len(body.text) else ""
    if "0" <= ch <= "9" or "a" <= ch <= "j":
        return int(ch, 36)
    if "A" <= ch <= "Z":
        return int(ch, 36) + 10
    raise body.error(f"{'the link ends' if not ch else repr(ch) + ' is not'} where {what} "
                     "should be", at, hint="a Kakuro total is 0-9, a-j (10-19) or A-Z (20-45)")


def _encode_total(v: int) -> str:
    return B36[v] if v < 20 else B36[v - 10].upper()


def _digit(t: str) -> int:
    """The number in a pzprv3 cell (0 for none)."""
    digits = "".join(ch for ch in t if ch.isdigit())
    return int(digits) if digits else 0
