"""ABC End View (Easy as ABC): each row and column holds each of the letters A to L once, and
its other cells stay empty; a letter outside the grid is the first letter seen from there.

The letters are digits (A 1, B 2, …) and an empty cell is 0 (`digits: 0-L`): a `digit-counts`
per row and column holding each letter once, and a `first-seen` per clue, its cells listed
from the clue inward. Givens are in the front matter.

* puzzlekit (`ABCEndView`): first line `ROWS COLS L`, L the last letter (`c`: A to C); four
  lines of outside letters (above the columns, below them, left of the rows, right of them;
  `-` for none), then the givens block (a letter, `-` empty). Its solution starts with the
  same first line and writes `-` for an empty cell.
* puz.link (`easyasabc`, pzprjs's `easyasabc.js`): the number of letters and `/`, then the
  letters outside the grid in number16 (1 A, 2 B, …), in the puzzlekit order. The link holds
  no givens. A pzprv3 answer holds the letter count, then the grid with the outside letters
  around it (`-` and `+` mark an empty cell, `.` nothing).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder, digit_symbol
from sapphire.formats.common import Cell, grid_columns, grid_rows, sightline_name, sightlines
from sapphire.formats.encodings import Body, encode_number16, number16
from sapphire.formats.genre import Genre
from sapphire.formats.puzzlekit import (
    Layout,
    Part,
    Source,
    Token,
    outside_parts,
    rc,
    read_parts,
    read_size,
    solution_grid,
    tokens,
)
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

Outside = tuple[int | None, ...]


@dataclass(frozen=True)
class Clues:
    """An ABC End View: the board, its number of letters, the letters outside and the letters
    given inside."""

    rows: int
    cols: int
    letters: int
    """How many letters each row and column holds: A to the `letters`-th."""
    outside: Outside = ()
    """The letters outside the grid (1 A, 2 B, …; None: no clue), 2·COLS + 2·ROWS of them in
    the order of `common.sightlines`."""
    givens: Mapping[Cell, int] = field(default_factory=dict)
    """The letters given in the grid, by cell (row, column) from 1."""


def letter(src: Source, tok: Token, top: int, where: str, blank: bool = True) -> int:
    """A letter a, b, c, … as its digit 1, 2, 3, …; `-` as 0 where `blank` allows it."""
    if blank and tok.text == "-":
        return 0
    t = tok.text.lower()
    if len(t) != 1 or not "a" <= t <= chr(ord("a") + top - 1):
        last = chr(ord("a") + top - 1)
        raise src.at(tok, f"'{tok.text}' {where} is not a letter a-{last}",
                     f"the letters run from a to {last}, the first line's last letter"
                     + (", '-' for none" if blank else ""))
    return ord(t) - ord("a") + 1


class ABCEndView(Genre[Clues]):
    puzzlekit = "ABCEndView"
    puzzlink = "easyasabc"
    kinds = ("digit-counts", "first-seen")
    tells = kinds

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols, top = clues.rows, clues.cols, clues.letters
        b.board = (rows, cols)
        b.digits = (0, top)
        if clues.givens:
            b.grids["givens"] = [[digit_symbol(clues.givens.get((r, c)))
                                  for c in range(1, cols + 1)] for r in range(1, rows + 1)]
        each = [[1, d] for d in range(1, top + 1)]
        for stem, lines in (("row", grid_rows(rows, cols)), ("column", grid_columns(rows, cols))):
            for line in lines:
                b.add("digit-counts", line, id_stem=stem, counts=each)
        for seen, cells in zip(clues.outside, sightlines(rows, cols), strict=True):
            if seen is not None:
                b.add("first-seen", cells, digit=seen)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lines = tokens(src.text)
        rows, cols = read_size(src, lines, extra=True)
        head = lines[0]
        hint = "the first line is ROWS COLS L, with L the last letter, such as 5 5 c"
        if len(head) != 3:
            raise (src.after(head[-1], "expected the last letter after the size", hint)
                   if len(head) < 3 else src.at(head[3], "expected the end of the first line",
                                                hint, to=head[-1]))
        top = letter(src, head[2], 26, "on the first line", blank=False)
        lay = Layout(rows, cols, head, read_parts(src, lines, [
            *outside_parts(rows, cols), Part("the givens block", rows, cols)]))
        if top > min(rows, cols):
            raise src.at(head[2], f"{top} letters do not fit in a {rows}x{cols} grid",
                         "each row and column holds each letter once")
        givens = {(r + 1, c + 1): d for r, row in enumerate(lay.blocks[4])
                  for c, t in enumerate(row) if (d := letter(src, t, top, f"at {rc(r, c)}"))}
        clue_toks = [t for block in lay.blocks[:4] for t in block[0]]
        outside = tuple(None if t.text == "-" else
                        letter(src, t, top, sightline_name(k, rows, cols), blank=False)
                        for k, t in enumerate(clue_toks))
        return Clues(rows, cols, top, outside, givens)

    def read_solution(self, src: Source) -> Answer:
        return {"digits": [[letter(src, t, 26, f"at {rc(r, c)}") for c, t in enumerate(row)]
                           for r, row in enumerate(solution_grid(src, extra=True))]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        start = body.pos
        while body.peek().isdigit():
            body.pos += 1
        if body.pos == start or body.peek() != "/":
            raise body.error("expected the number of letters and '/'", body.pos,
                             hint="an easyasabc body starts with its letters' count, such as 3/")
        letters = int(body.text[start:body.pos])
        if not 1 <= letters <= min(26, cols, rows):
            raise body.error(f"{letters} letters do not fit a {cols}x{rows} grid", start,
                             hint="each row and column holds each letter once")
        body.pos += 1
        outside = number16(body, 2 * cols + 2 * rows)
        bad = next((v for v in outside if v is not None and not 1 <= v <= letters), None)
        if bad is not None:
            raise body.error(f"the outside clue {bad} is not a letter 1-{letters}", start,
                             hint="a clue is its letter's number: 1 A, 2 B, …")
        return Clues(rows, cols, letters, tuple(outside))

    def encode(self, clues: Clues) -> str:
        return f"{clues.letters}/" + encode_number16(list(clues.outside))

    def from_case(self, case: Readback) -> Clues:
        """The `first-seen` clues around the grid; the `digit-counts` lines must be the rows
        and columns, each holding every letter once, and the grid holds no givens."""
        rows, cols = case.rows, case.cols
        if case.digits() is not None:
            raise case.refuse("an easyasabc link holds no givens in the grid")
        letters = 0
        lines = {tuple(line) for line in grid_rows(rows, cols) + grid_columns(rows, cols)}
        outside: list[int | None] = [None] * (2 * cols + 2 * rows)
        for rule in case.rules("digit-counts", "first-seen"):
            cells = case.cells(rule)
            if rule.reference == "digit-counts":
                counts = case.param(rule, "counts")
                want = [[1, d] for d in range(1, len(counts) + 1)] \
                    if isinstance(counts, list) else None
                if tuple(cells) not in lines or counts != want or (
                        letters and len(want or []) != letters):
                    raise case.refuse_rule(rule, "each row and column holds the letters 1-L "
                                                 "once")
                lines.discard(tuple(cells))
                letters = len(want or [])
                continue
            k = case.sightline(cells)
            if k is None:
                raise case.refuse_rule(rule, "a clue sees a whole row or column from its end")
            outside[k] = case.number(rule, "digit")
        if lines or not letters:
            raise case.refuse("every row and column of an easyasabc holds each letter once "
                              "('digit-counts')")
        case.within(outside, 1, 26)
        return Clues(rows, cols, letters, tuple(outside))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        rows, cols = file.rows, file.cols
        grid = file.block(1, rows + 2, cols + 2, "grid")
        return {"digits": [[int(t) if t.isdecimal() else 0 for t in row[1:cols + 1]]
                           for row in grid[1:rows + 1]]}
