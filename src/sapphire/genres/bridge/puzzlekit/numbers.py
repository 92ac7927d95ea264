"""puzzlekit genres answered with numbers: Binairo, ABCEndView.

Layouts (read from the dataset's problems and solutions):

* `Binairo`: one block, `1` or `2` a given, `-` an empty cell; the case writes them as the
  digits 0 and 1 (`digits: 0-1`), and so does its answer. Each row and column holds as many
  of each; no three side by side are equal. (The dataset's puzzles need no rule that rows or
  columns differ, and the text states none.)
* `ABCEndView`: first line `ROWS COLS L`, L the last letter; four lines of outside clues
  (above the columns, below them, left of the rows, right of them; `-` for none), then the
  givens block. Letters a, b, c, … are the digits 1, 2, 3, … and an empty cell is 0: each row
  and column holds each letter once, and a clue is the first letter seen from its side.
"""

from __future__ import annotations

from sapphire.formats.builder import CaseBuilder, digit_symbol
from sapphire.formats.common import grid_columns, grid_rows
from sapphire.formats.puzzlekit import (
    Block,
    Layout,
    Part,
    Source,
    Token,
    number,
    rc,
    read_layout,
    read_parts,
    read_size,
    tokens,
)
from sapphire.genres.bridge.puzzlekit.towers import SIDES, clue_parts


def binairo(b: CaseBuilder, src: Source) -> None:
    lay = read_layout(src, ("the grid",))
    rows, cols = lay.rows, lay.cols
    for tok, many, n in ((lay.head[0], "rows", rows), (lay.head[1], "columns", cols)):
        if n % 2:
            raise src.at(tok, f"a Binairo has an even number of {many}, not {n}",
                         "each row and column holds as many 1s as 2s")
    b.board = (rows, cols)
    b.digits = (0, 1)
    symbols = {"-": ".", "1": "0", "2": "1"}
    grid = []
    for r, row in enumerate(lay.blocks[0]):
        bad = next((c for c, t in enumerate(row) if t.text not in symbols), None)
        if bad is not None:
            raise src.at(row[bad], f"'{row[bad].text}' at {rc(r, bad)} is not '1', '2' or '-'",
                         "a given is 1 or 2 (the case writes 0 and 1); '-' is an empty cell")
        grid.append([symbols[t.text] for t in row])
    if any(s != "." for row in grid for s in row):
        b.grids["givens"] = grid
    b.add("no-three-in-a-row")
    for stem, lines in (("row", grid_rows(rows, cols)), ("column", grid_columns(rows, cols))):
        for line in lines:
            half = len(line) // 2
            b.add("digit-counts", line, id_stem=stem, counts=[[half, 0], [half, 1]])


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


def abc_end_view(b: CaseBuilder, src: Source) -> None:
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
        *clue_parts(rows, cols), Part("the givens block", rows, cols)]))
    if top > min(rows, cols):
        raise src.at(head[2], f"{top} letters do not fit in a {rows}x{cols} grid",
                     "each row and column holds each letter once")
    b.board = (rows, cols)
    b.digits = (0, top)
    grid = [[digit_symbol(letter(src, t, top, f"at {rc(r, c)}") or None)
             for c, t in enumerate(row)] for r, row in enumerate(lay.blocks[4])]
    if any(x != "." for row in grid for x in row):
        b.grids["givens"] = grid
    each = [[1, d] for d in range(1, top + 1)]
    for stem, lines_ in (("row", grid_rows(rows, cols)), ("column", grid_columns(rows, cols))):
        for line in lines_:
            b.add("digit-counts", line, id_stem=stem, counts=each)
    top_, bottom, left, right = (block[0] for block in lay.blocks[:4])
    downs, acrosses = grid_columns(rows, cols), grid_rows(rows, cols)
    sides = ((top_, downs), (bottom, [d[::-1] for d in downs]), (left, acrosses),
             (right, [a[::-1] for a in acrosses]))
    for (clues, paths), side in zip(sides, SIDES, strict=True):
        for k, (tok, cells) in enumerate(zip(clues, paths, strict=True), 1):
            if tok.text != "-":
                line = "column" if "columns" in side else "row"
                where = side.replace(f"the {line}s", f"{line} {k}")
                b.add("first-seen", cells, digit=letter(src, tok, top, where, blank=False))


def read_number_solution(genre: str, src: Source, block: Block) -> list[list[int]]:
    """The digits of a solution block of these genres, as the case's answer holds them: a
    Binairo's 1 and 2 as 0 and 1, an ABC End View's letters as 1, 2, … and its empty cells
    as 0."""
    if genre == "Binairo":
        return [[number(src, t, f"at {rc(r, c)}", "a cell is 1 or 2", dash=False) - 1
                 for c, t in enumerate(row)] for r, row in enumerate(block)]
    return [[letter(src, t, 26, f"at {rc(r, c)}") for c, t in enumerate(row)]
            for r, row in enumerate(block)]


NUMBER_SOLUTIONS = ("Binairo", "ABCEndView")
"""Genres whose solution `read_number_solution` reads (the others are plain digits)."""
