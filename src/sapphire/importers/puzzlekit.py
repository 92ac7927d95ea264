"""Import puzzles in the text layout of the puzzlekit dataset (SmilingWayne/puzzlekit-dataset).

The format
----------
A puzzle's `problem` is plain text: the first line is `ROWS COLS`, then blocks of ROWS lines
of COLS whitespace-separated tokens each. `-` is an empty cell. What the blocks mean depends
on the genre (read from the dataset's problems and solutions):

* `Sudoku`: one block, the givens (numbers 1-N; 16×16 puzzles use 10-16). Standard boxes.
* `KillerSudoku`: two blocks. The first holds each cage's total in one cell of the cage (its
  first cell in reading order), `-` elsewhere; the second names each cell's cage. Standard
  boxes; no givens.
* `Renban`: two blocks, the givens and the groups. Every row and column holds 1-N once (there
  are no boxes); each group holds a run of consecutive digits in any order.
* `JigsawSudoku`: two blocks, the givens and the regions. Rows, columns and regions hold 1-N
  once (a Latin square with a jigsaw piece per region).
* `YinYang`: one block, `b` (shaded) or `w` (unshaded) clues; the answer shades every cell.
* `Slitherlink`: one block, the clues 0-3. The answer is a loop along the cells' edges.
* `ConsecutiveSudoku`: two blocks, the givens and a bar code per cell, the sum of 1 (a bar on
  its right edge), 2 (bottom), 4 (left) and 8 (top). A Latin square (no boxes); a bar joins
  consecutive digits, and every bar is drawn, so neighbours without one are not consecutive.
* `EvenOddSudoku`: one block: a given digit, `E` (even) or `O` (odd) in every cell. Boxes.
* `SkyscraperSudoku`: four lines of outside clues (above the columns, below them, left of the
  rows, right of them; `-` for none), then the givens block. Boxes.
* `Thermometer`: a line of column counts, a line of row counts, then the grid, where `T.K` is
  the K-th cell of thermometer T counted from its bulb. The answer shades (fills) cells.
* `Nonogram`: COLS lines of column clues, then ROWS lines of row clues (run lengths, top to
  bottom and left to right). The answer shades cells.
* `Akari`: one block: `x` a wall, `0`-`4` a wall with its number of neighbouring bulbs, `-` an
  open cell. The answer's shading marks the bulbs.
* `Skyscraper`: first line `N N H`, with `D` when both diagonals hold different digits; four
  lines of outside clues (as in SkyscraperSudoku), then the givens. A Latin square of heights
  1-H; when H = N-1 the remaining cell of each row and column is empty, written 0.
* `Kakuro`: one block: `0` a white cell, `-` a black one, `D,A` a black cell with the total of
  the run below it and of the run to its right (either may be missing).
* `Masyu`: one block: `w` or `1` a white circle, `b` or `2` a black one. The answer is a loop
  through the cell centres.
* `Nurikabe`: one block: a number is the size of the island of its cell. The answer shades the
  wall (`x` in the solution).

A `solution` uses the same layout: the digits; `b`/`w` for every cell of a Yin-Yang; for a
Slitherlink, `x` for a cell inside the loop and `-` for one outside; `x` for a filled cell of a
Thermometer or a shaded cell of a Nonogram; `o` for a bulb of an Akari; `-` for a black cell
of a Kakuro (read as 0, as the case writes it); for a Masyu, the sides (`n`, `e`, `s`, `w`) by
which the loop leaves each cell. A Skyscraper's solution starts with the problem's first line.

What is imported
----------------
Each genre becomes the rule lines of the `std` library that state its rules (`sudoku NxN`,
`cage` per cage, `latin-square` with `renban` per group or `all-different` per piece,
`yin-yang`, `slitherlink`, `white-dot` per bar and `nabner` per pair without one, `even` and
`odd`, `skyscraper` per outside clue, `thermometer` per thermometer and `shade-count` per row
and column), with the givens, shading or clues in the front matter.

A Nonogram clue is a `shade-pattern` on its line: `2 1` is `0*1{2}0+1{1}0*`. An Akari is
stated on its bulbs as counts of shaded cells: none on the walls (`shade-count … count 0`), a
wall's number as the count of its open neighbours, at most one bulb per row or column segment
between walls (`shade-at-most`), and at least one bulb among the cells each open cell sees
(`shade-at-least`). A Skyscraper is a `latin-square`
(with `digits: 0-H` when there are empty plots) with a `skyscraper` per clue; a Kakuro gives
its black cells the digit 0 (`digits: 0-9`), keeps 0 out of its white cells (`absent-digits`)
and states each run as a `cage`; a Masyu is a `loop` with `white-circle` and `black-circle`;
a Nurikabe is `nurikabe` (the wall, and the region map naming the islands), an `island` per
number, and `numbered-islands` listing the numbered cells, so no island is without a number.
`read_solution` reads a solution in the same layout, for comparing answers.

Known faults of the dataset
---------------------------
* JigsawSudoku 661_6x6 has four answers as written: its pieces and givens do not fix the
  digits. Its known answer also holds different digits on both diagonals (no other puzzle of
  the sample does, and a random answer would only by rare chance), and with either diagonal
  rule the puzzle has exactly that answer: the janko.at original most likely has diagonal
  constraints that the dataset's text does not carry. The import states what the text says.
* Nurikabe 1136_22x12 says `22 12` but its grid has 12 rows of 12, and its solution breaks
  off after 12 rows; the import refuses it.

Errors
------
Reading keeps each token's line and column, so every error in the text is placed as the case
reader places its own (`FILE:LINE:COL`, the line, a caret, a hint): a bad token at that token;
a row with too few tokens just past its last one (too many: at the first extra one); a part the
genre needs next (`the cage block`, `row 3 of the givens block`) at the end of the text; a line
past the layout at its start; a bad size at the first line. The file's name (`label`) comes
from the command line; a text from no file is `<puzzlekit>`.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass

from sapphire.diagnostics import Diagnostic, SapphireError, Span, source_line
from sapphire.importers.builder import CaseBuilder, digit_symbol
from sapphire.importers.common import unsupported
from sapphire.library.library import Library

Cell = tuple[int, int]

LABEL = "<puzzlekit>"
"""What an error calls a text that comes from no named file."""

_TOKEN = re.compile(r"\S+")  # `\S` is what `str.split()` splits between


@dataclass(frozen=True)
class Token:
    """One whitespace-separated token and where it starts (line and column from 1). The place
    travels with the token, so an error points at it without searching the text for it (the
    same token may stand many times)."""

    text: str
    line: int
    col: int

    @property
    def end(self) -> int:
        """The column just past the token."""
        return self.col + len(self.text)

    def part(self, start: int, stop: int | None = None) -> Token:
        """Characters `start:stop` of the token, in their place (a Kakuro clue's two totals)."""
        return Token(self.text[start:stop], self.line, self.col + start)


Row = list[Token]
Block = list[Row]


def tokens(text: str) -> list[Row]:
    """The lines of `text` that hold any token, as rows of tokens; blank lines are skipped, as
    the dataset's reader skips them."""
    rows = []
    for n, line in enumerate(text.splitlines(), 1):
        row = [Token(m[0], n, m.start() + 1) for m in _TOKEN.finditer(line)]
        if row:
            rows.append(row)
    return rows


@dataclass(frozen=True)
class Source:
    """The text being read and what names it in an error: its file (`label`), its genre, and
    whether it is a `problem` or a `solution`."""

    text: str
    label: str = LABEL
    genre: str = ""
    what: str = "problem"

    @property
    def name(self) -> str:
        """What the text should be: `puzzlekit Sudoku problem`."""
        return f"puzzlekit {self.genre} {self.what}" if self.genre else "puzzlekit text"

    def error(self, message: str, line: int, col: int, end: int = 0, hint: str | None = None,
              kind: str = "bad-puzzlekit") -> SapphireError:
        """An error on `line` from `col` to just before `end` (0: one character)."""
        if kind == "bad-puzzlekit":
            message = f"not a {self.name}: {message}"
        span = Span(self.label, line, col, end_col=end)
        return SapphireError([Diagnostic(kind, message, span, hint, source_line(self.text, line))])

    def at(self, tok: Token, message: str, hint: str | None = None, *, to: Token | None = None,
           kind: str = "bad-puzzlekit") -> SapphireError:
        """An error under `tok`, or from it through `to` (a later token of its line)."""
        return self.error(message, tok.line, tok.col, (to or tok).end, hint, kind)

    def after(self, tok: Token, message: str, hint: str | None = None) -> SapphireError:
        """An error just past `tok`: where something that should follow it is missing."""
        return self.error(message, tok.line, tok.end, 0, hint)


@dataclass(frozen=True)
class Part:
    """Lines a genre's layout needs, in order after the size line. `name` says it in an error
    ("the cage block"); each of its `lines` holds `width` tokens (None: any number), one per
    `per` of the board; `each` names one of its lines, {k} counting from 1."""

    name: str
    lines: int
    width: int | None
    per: str = "column"
    each: str = "row {k} of {name}"

    def line_name(self, k: int) -> str:
        return self.name if self.lines == 1 else self.each.format(k=k, name=self.name)

    def shape(self) -> str:
        if self.width is None:
            return f"{self.name} ({_many(self.lines, 'line')})"
        if self.lines == 1:
            return f"{self.name} ({_many(self.width, 'token')})"
        return f"{self.name} ({self.lines} rows of {_many(self.width, 'token')})"


def _many(n: int, thing: str) -> str:
    return f"{n} {thing}" + ("" if n == 1 else "s")


@dataclass
class Layout:
    """A problem or solution: its size, its first line's tokens (where an error about the size
    points) and its parts' rows of tokens."""

    rows: int
    cols: int
    head: Row
    blocks: list[Block]


SIZE_HINT = "the first line is the board's size, ROWS COLS, such as 9 9"


def _size(src: Source, lines: list[Row], extra: bool = False) -> tuple[int, int]:
    """ROWS and COLS from the first line; `extra` lets more tokens follow (a Skyscraper's
    height and diagonal flag; genres that never had them ignore them)."""
    if not lines:
        raise src.error("expected the board's size 'ROWS COLS', found no text", 1, 1,
                        hint=SIZE_HINT)
    head = lines[0]
    for tok, many, one in zip(head[:2], ("rows", "columns"), ("row", "column"), strict=False):
        if not tok.text.isdecimal():
            raise src.at(tok, f"expected the number of {many}, found '{tok.text}'", SIZE_HINT)
        if int(tok.text) < 1:
            raise src.at(tok, f"expected at least one {one}, found {tok.text}", SIZE_HINT)
    if len(head) < 2:
        raise src.after(head[0], "expected the number of columns after the number of rows, "
                        "found the end of the line", SIZE_HINT)
    if len(head) > 2 and not extra:
        raise src.at(head[2], f"expected the end of the first line after the size, found "
                     f"'{head[2].text}'", SIZE_HINT, to=head[-1])
    return int(head[0].text), int(head[1].text)


def _parts(src: Source, lines: list[Row], parts: list[Part]) -> list[Block]:
    """The rows of each part, in order, from the lines after the size line. A line of the
    wrong width is placed past its last token (too few) or at its first extra one (too many);
    a missing line at the end of the text, naming the part the genre needs next; a line past
    the layout at its start."""
    body = lines[1:]
    layout = f"a {src.name} is the size line, then " + ", then ".join(p.shape() for p in parts)
    out: list[Block] = []
    i = 0
    for part in parts:
        block: Block = []
        for k in range(1, part.lines + 1):
            if i == len(body):
                wanted = part.name if k == 1 else part.line_name(k)
                raise src.after(lines[-1][-1], f"expected {wanted}, found the end of the text",
                                layout)
            row = body[i]
            if part.width is not None and len(row) != part.width:
                message = (f"expected {_many(part.width, 'token')} on {part.line_name(k)}, "
                           f"found {len(row)}")
                hint = (f"the size line gives {_many(part.width, part.per)}: one token per "
                        f"{part.per}, separated by spaces")
                if len(row) < part.width:
                    raise src.after(row[-1], message, hint)
                raise src.at(row[part.width], message, hint, to=row[-1])
            block.append(row)
            i += 1
        out.append(block)
    if i < len(body):
        raise src.at(body[i][0], f"expected the end of the text after {parts[-1].name}, found "
                     "another line", layout, to=body[i][-1])
    return out


def read_layout(src: Source, names: tuple[str, ...]) -> Layout:
    """A layout of blocks of ROWS lines of COLS tokens each, one block per name (`the givens
    block`, `the cage block`)."""
    return _read_lines(src, lambda rows, cols: [Part(name, rows, cols) for name in names])


def _read_lines(src: Source, parts: Callable[[int, int], list[Part]],
                extra: bool = False) -> Layout:
    """A layout whose parts are not all blocks (outside clues, count lines, clue lists); their
    shapes follow from the size."""
    lines = tokens(src.text)
    rows, cols = _size(src, lines, extra)
    return Layout(rows, cols, lines[0], _parts(src, lines, parts(rows, cols)))


def _number(src: Source, tok: Token, where: str = "", hint: str | None = None,
            dash: bool = True) -> int:
    """A number token; `where` (`at r2c3`) names its place in an error, and `dash` says
    whether `-` (nothing) could stand there instead."""
    if not tok.text.isdecimal():
        place = f" {where}" if where else ""
        what = "neither '-' nor a number" if dash else "not a number"
        raise src.at(tok, f"'{tok.text}'{place} is {what}",
                     hint or ("write a whole number such as 3" + (", or '-' for none" if dash
                                                                  else "")))
    return int(tok.text)


def _rc(r: int, c: int) -> str:
    """A cell's name from its 0-based row and column."""
    return f"r{r + 1}c{c + 1}"


def _givens(b: CaseBuilder, src: Source, block: Block, n: int, hint: str | None = None) -> None:
    grid: list[list[str]] = []
    seen = False
    hint = hint or f"a given is a digit 1-{n}, '-' for an empty cell"
    for r, row in enumerate(block):
        out = []
        for c, tok in enumerate(row):
            if tok.text == "-":
                out.append(".")
                continue
            d = _number(src, tok, f"at {_rc(r, c)}", hint)
            if not 1 <= d <= n:
                raise src.at(tok, f"the given {d} at {_rc(r, c)} is outside 1-{n}", hint)
            out.append(digit_symbol(d))
            seen = True
        grid.append(out)
    if seen:
        b.grids["givens"] = grid


def _groups(block: Block) -> list[list[Cell]]:
    """Cells by the token naming their group, groups in order of first appearance."""
    groups: dict[str, list[Cell]] = {}
    for r, row in enumerate(block, 1):
        for c, tok in enumerate(row, 1):
            groups.setdefault(tok.text, []).append((r, c))
    return list(groups.values())


def _square(src: Source, lay: Layout) -> int:
    if lay.rows != lay.cols:
        raise src.at(lay.head[0], f"a {lay.rows}x{lay.cols} grid is not square",
                     f"a {src.genre}'s rows and columns hold the same digits, so ROWS and COLS "
                     "are equal", to=lay.head[1])
    return lay.rows


def _sudoku_line(b: CaseBuilder, src: Source, lay: Layout, n: int) -> None:
    size = f"{n}x{n}"
    d = b.library.resolve("sudoku")
    if d is None or size not in dict(d.boxes):
        sizes = ", ".join(dict(d.boxes)) if d is not None else "none"
        raise src.at(lay.head[0], f"puzzlekit {src.genre}: no sudoku with boxes on a {size} "
                     "board", f"the library's sudoku has boxes on: {sizes}", to=lay.head[1],
                     kind="unsupported-import")
    b.add("sudoku", positional=size)


def _sudoku(b: CaseBuilder, src: Source) -> None:
    lay = read_layout(src, ("the givens block",))
    n = _square(src, lay)
    _sudoku_line(b, src, lay, n)
    _givens(b, src, lay.blocks[0], n)


def _killer(b: CaseBuilder, src: Source) -> None:
    lay = read_layout(src, ("the totals block", "the cage block"))
    n = _square(src, lay)
    _sudoku_line(b, src, lay, n)
    totals, cages = lay.blocks
    hint = ("each cage's total stands in one of its cells in the totals block, '-' in its "
            "other cells")
    for cells in _groups(cages):
        clues = [((r, c), totals[r - 1][c - 1]) for r, c in cells
                 if totals[r - 1][c - 1].text != "-"]
        if len(clues) != 1:
            (r0, c0) = cells[0]
            where = clues[1][1] if clues else cages[r0 - 1][c0 - 1]
            raise src.at(where, f"the cage at r{r0}c{c0} has {len(clues)} totals, not one", hint)
        (r, c), tok = clues[0]
        b.add("cage", cells, sum=_number(src, tok, f"at r{r}c{c}", hint))


def _latin_with_groups(kind: str, stem: str | None, groups: str
                       ) -> Callable[[CaseBuilder, Source], None]:
    """A Latin square with `kind` on each group of the second block (`groups` names it)."""
    def convert(b: CaseBuilder, src: Source) -> None:
        lay = read_layout(src, ("the givens block", groups))
        n = _square(src, lay)
        b.board = (n, n)
        b.add("latin-square")
        _givens(b, src, lay.blocks[0], n)
        for cells in _groups(lay.blocks[1]):
            if len(cells) > 1:
                b.add(kind, cells, id_stem=stem)
    return convert


def _yin_yang(b: CaseBuilder, src: Source) -> None:
    lay = read_layout(src, ("the grid",))
    b.board = (lay.rows, lay.cols)
    symbols = {"-": ".", "b": "b", "w": "w", "B": "b", "W": "w"}
    grid = []
    for r, row in enumerate(lay.blocks[0]):
        bad = next((c for c, t in enumerate(row) if t.text not in symbols), None)
        if bad is not None:
            raise src.at(row[bad], f"'{row[bad].text}' at {_rc(r, bad)} is not 'b', 'w' or '-'",
                         "a clue is b (shaded) or w (unshaded); '-' is a cell without one")
        grid.append([symbols[t.text] for t in row])
    b.add("yin-yang")
    if any(s != "." for row in grid for s in row):
        b.grids["shading"] = grid


def _slitherlink(b: CaseBuilder, src: Source) -> None:
    lay = read_layout(src, ("the grid",))
    b.board = (lay.rows, lay.cols)
    grid = []
    for r, row in enumerate(lay.blocks[0]):
        out = []
        for c, t in enumerate(row):
            if t.text == "-":
                out.append(".")
            elif t.text in ("0", "1", "2", "3"):
                out.append(t.text)
            else:
                raise src.at(t, f"'{t.text}' at {_rc(r, c)} is not a clue 0-3 or '-'",
                             "a clue counts the cell's sides on the loop, 0-3; '-' is no clue")
        grid.append(out)
    b.add("slitherlink")
    b.grids["clues"] = grid


def _consecutive(b: CaseBuilder, src: Source) -> None:
    """Givens, then a block of bar codes: each cell's number is the sum of 1 (a bar to its
    right), 2 (below), 4 (left) and 8 (above). Every bar is drawn, so two neighbours without
    a bar hold digits that are not consecutive."""
    lay = read_layout(src, ("the givens block", "the bar block"))
    n = _square(src, lay)
    b.board = (n, n)
    b.add("latin-square")
    _givens(b, src, lay.blocks[0], n)
    hint = "a bar code is the sum of 1 (a bar on the right), 2 (below), 4 (left) and 8 (above)"
    toks = lay.blocks[1]
    codes = [[_number(src, t, f"at {_rc(r, c)}", hint, dash=False) for c, t in enumerate(row)]
             for r, row in enumerate(toks)]
    for r, row in enumerate(codes):
        for c, v in enumerate(row):
            if v > 15:
                raise src.at(toks[r][c], f"the bar code {v} at {_rc(r, c)} is not 0-15", hint)
    for r in range(n):
        for c in range(n):
            for (dr, dc), mine, theirs in (((0, 1), 1, 4), ((1, 0), 2, 8)):
                rr, cc = r + dr, c + dc
                if rr >= n or cc >= n:
                    continue
                pair = [(r + 1, c + 1), (rr + 1, cc + 1)]
                if bool(codes[r][c] & mine) != bool(codes[rr][cc] & theirs):
                    raise src.at(toks[r][c], f"the bar codes of {_rc(r, c)} and {_rc(rr, cc)} "
                                 "disagree about the bar between them",
                                 "a bar between two cells is in the codes of both")
                if codes[r][c] & mine:
                    b.add("white-dot", pair, id_stem="bar")
                else:
                    b.add("nabner", pair, id_stem="no-bar")


def _even_odd(b: CaseBuilder, src: Source) -> None:
    """One block: a given digit, `E` (an even digit) or `O` (an odd digit) in every cell."""
    lay = read_layout(src, ("the grid",))
    n = _square(src, lay)
    _sudoku_line(b, src, lay, n)
    marks: dict[str, list[Cell]] = {"E": [], "O": []}
    digits: Block = []
    for r, row in enumerate(lay.blocks[0], 1):
        out = []
        for c, t in enumerate(row, 1):
            if t.text.upper() in marks:
                marks[t.text.upper()].append((r, c))
                out.append(Token("-", t.line, t.col))
            else:
                out.append(t)
        digits.append(out)
    _givens(b, src, digits, n, f"a cell holds a given digit 1-{n}, E (even) or O (odd)")
    if marks["E"]:
        b.add("even", marks["E"])
    if marks["O"]:
        b.add("odd", marks["O"])


SIDES = ("above the columns", "below the columns", "left of the rows", "right of the rows")


def _clue_parts(rows: int, cols: int) -> list[Part]:
    """The four lines of outside clues of a Skyscraper (Sudoku)."""
    return [Part(f"the line of clues {side}", 1, cols if k < 2 else rows,
                 "column" if k < 2 else "row") for k, side in enumerate(SIDES)]


def _outside_clues(b: CaseBuilder, src: Source, clue_rows: list[Row], rows: int,
                   cols: int) -> None:
    """Four lines of skyscraper clues: above the columns, below them, left of the rows and
    right of them; each clue's cells are listed nearest first."""
    top, bottom, left, right = clue_rows
    downs = [[(r, c) for r in range(1, rows + 1)] for c in range(1, cols + 1)]
    acrosses = [[(r, c) for c in range(1, cols + 1)] for r in range(1, rows + 1)]
    sides = ((top, downs, "column"), (bottom, [d[::-1] for d in downs], "column"),
             (left, acrosses, "row"), (right, [a[::-1] for a in acrosses], "row"))
    for (clues, paths, line), side in zip(sides, SIDES, strict=True):
        for k, (tok, cells) in enumerate(zip(clues, paths, strict=True), 1):
            if tok.text != "-":
                where = side.replace(f"the {line}s", f"{line} {k}")  # `left of row 3`
                b.add("skyscraper", cells, visible=_number(
                    src, tok, where, "a clue is how many skyscrapers are seen, '-' for none"))


def _skyscraper_sudoku(b: CaseBuilder, src: Source) -> None:
    """Four lines of outside clues (see `_outside_clues`), then the givens."""
    lines = tokens(src.text)
    rows, cols = _size(src, lines, extra=True)
    lay = Layout(rows, cols, lines[0], [])
    _square(src, lay)
    lay.blocks = _parts(src, lines, [*_clue_parts(rows, cols),
                                     Part("the givens block", rows, cols)])
    _sudoku_line(b, src, lay, rows)
    _givens(b, src, lay.blocks[4], rows)
    _outside_clues(b, src, [block[0] for block in lay.blocks[:4]], rows, cols)


def _thermometer(b: CaseBuilder, src: Source) -> None:
    """A line of column counts, a line of row counts, then the grid: `T.K` is the K-th cell of
    thermometer T, counted from its bulb (`-` is a cell on no thermometer)."""
    lay = _read_lines(src, lambda rows, cols: [
        Part("the line of column counts", 1, cols), Part("the line of row counts", 1, rows, "row"),
        Part("the grid", rows, cols)], extra=True)
    rows, cols = lay.rows, lay.cols
    col_counts, row_counts, grid = lay.blocks[0][0], lay.blocks[1][0], lay.blocks[2]
    b.board = (rows, cols)
    hint = "T.K is the K-th cell of thermometer T, from its bulb; '-' is a cell on none"
    thermos: dict[int, dict[int, tuple[Cell, Token]]] = {}
    for r, row in enumerate(grid, 1):
        for c, tok in enumerate(row, 1):
            if tok.text == "-":
                continue
            t, _, k = tok.text.partition(".")
            if not (t.isdecimal() and k.isdecimal()):
                raise src.at(tok, f"'{tok.text}' at r{r}c{c} is not THERMOMETER.CELL such as 3.1",
                             hint)
            cells = thermos.setdefault(int(t), {})
            if int(k) in cells:
                raise src.at(tok, f"thermometer {t} has two cells numbered {k}", hint)
            cells[int(k)] = ((r, c), tok)
    for t in sorted(thermos):
        cells = thermos[t]
        order = sorted(cells)
        if order != list(range(1, len(cells) + 1)):
            gap = next(k for i, k in enumerate(order, 1) if k != i)  # the first out of turn
            raise src.at(cells[gap][1], f"the cells of thermometer {t} are not numbered "
                         f"1-{len(cells)}", hint)
        for ((r0, c0), _), ((r1, c1), tok) in itertools.pairwise(cells[k] for k in order):
            if abs(r0 - r1) + abs(c0 - c1) != 1:
                raise src.at(tok, f"thermometer {t} jumps from r{r0}c{c0} to r{r1}c{c1}",
                             "each cell of a thermometer shares an edge with the one before")
        b.add("thermometer", [cells[k][0] for k in order])
    hint = "a count is the number of filled cells of its line, '-' for none given"
    for c, tok in enumerate(col_counts, 1):
        if tok.text != "-":
            b.add("shade-count", [(r, c) for r in range(1, rows + 1)], id_stem="column",
                  count=_number(src, tok, f"in the count of column {c}", hint))
    for r, tok in enumerate(row_counts, 1):
        if tok.text != "-":
            b.add("shade-count", [(r, c) for c in range(1, cols + 1)], id_stem="row",
                  count=_number(src, tok, f"in the count of row {r}", hint))


def _nonogram(b: CaseBuilder, src: Source) -> None:
    """COLS lines of column clues (top to bottom), then ROWS lines of row clues (left to
    right): the lengths of the runs of shaded cells, `0` or `-` for an empty line."""
    lay = _read_lines(src, lambda rows, cols: [
        Part("the column clues", cols, None, "column", "the clues of column {k}"),
        Part("the row clues", rows, None, "row", "the clues of row {k}")], extra=True)
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    downs = [[(r, c) for r in range(1, rows + 1)] for c in range(1, cols + 1)]
    acrosses = [[(r, c) for c in range(1, cols + 1)] for r in range(1, rows + 1)]
    hint = ("a clue line lists the lengths of the line's runs of shaded cells in order, such as "
            "2 1; a lone 0 or '-' is a line without any")
    lines = ([(toks, cells, "column", k) for k, (toks, cells)
              in enumerate(zip(lay.blocks[0], downs, strict=True), 1)]
             + [(toks, cells, "row", k) for k, (toks, cells)
                in enumerate(zip(lay.blocks[1], acrosses, strict=True), 1)])
    for toks, cells, what, k in lines:
        texts = [t.text for t in toks]
        if texts in (["0"], ["-"]):
            runs = []
        else:
            bad = next((t for t in toks if not t.text.isdecimal() or int(t.text) < 1), None)
            if bad is not None:
                raise src.at(bad, f"'{bad.text}' in the clues of {what} {k} is not the length "
                             "of a run (1 or more)", hint)
            runs = [int(t) for t in texts]
        if sum(runs) + len(runs) - 1 > len(cells):
            raise src.at(toks[0], f"the runs {' '.join(texts)} of {what} {k} do not fit a "
                         f"{what} of {len(cells)} cells", hint, to=toks[-1])
        b.add("shade-pattern", cells, id_stem=what, pattern=nonogram_pattern(runs))


def nonogram_pattern(runs: list[int]) -> str:
    """The shadings a Nonogram clue allows, as a `shade-pattern`: `[2, 1]` is `0*1{2}0+1{1}0*`."""
    return "0*" + "0+".join(f"1{{{length}}}" for length in runs) + "0*" if runs else "0*"


def _akari(b: CaseBuilder, src: Source) -> None:
    """One block: `x` a wall, `0`-`4` a wall with a number, `-` an open cell. The answer's
    shading marks the bulbs."""
    lay = read_layout(src, ("the grid",))
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    grid = lay.blocks[0]
    hint = "a cell is x (a wall), 0-4 (a wall with its number of bulbs around) or '-' (open)"
    walls: dict[Cell, int | None] = {}
    for r, row in enumerate(grid, 1):
        for c, t in enumerate(row, 1):
            if t.text in ("x", "X"):
                walls[(r, c)] = None
            elif t.text != "-":
                n = _number(src, t, f"at r{r}c{c}", hint)
                if n > 4:
                    raise src.at(t, f"the wall number {n} at r{r}c{c} is not 0-4", hint)
                walls[(r, c)] = n
    if walls:
        b.add("shade-count", sorted(walls), id_stem="walls", count=0)
    for (r, c), n in sorted(walls.items()):
        if n is None:
            continue
        around = [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                  if 1 <= r + dr <= rows and 1 <= c + dc <= cols
                  and (r + dr, c + dc) not in walls]
        if around or n:
            b.add("shade-count", around, id_stem="number", count=n)
    seen: dict[Cell, list[Cell]] = {}
    segments: list[list[Cell]] = []
    lines = ([[(r, c) for c in range(1, cols + 1)] for r in range(1, rows + 1)]
             + [[(r, c) for r in range(1, rows + 1)] for c in range(1, cols + 1)])
    for line in lines:
        run: list[Cell] = []
        for cell in [*line, None]:
            if cell is not None and cell not in walls:
                run.append(cell)
                continue
            for x in run:  # x sees its row segment and its column segment
                sees = seen.setdefault(x, [])
                sees.extend(y for y in run if y not in sees)
            if len(run) > 1:
                segments.append(run)
            run = []
    for seg in segments:
        b.add("shade-at-most", seg, id_stem="segment", count=1)
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            if (r, c) not in walls:
                b.add("shade-at-least", seen[(r, c)], id_stem="lit", count=1)


def _skyscraper(b: CaseBuilder, src: Source) -> None:
    """First line `N N H`, with `D` when both diagonals hold different digits too. Four lines
    of outside clues (see `_outside_clues`), then the givens. Every row and column holds the
    heights 1-H once; when H < N the other cells are empty, written 0 (no skyscraper)."""
    lines = tokens(src.text)
    rows, cols = _size(src, lines, extra=True)
    head = lines[0]
    lay = Layout(rows, cols, head, [])
    _square(src, lay)
    has_top = len(head) > 2 and head[2].text.isdecimal()
    top = int(head[2].text) if has_top else rows
    flags = head[3:] if has_top else head[2:]
    message = (f"the first line '{' '.join(t.text for t in head)}' is not 'N N H' with H = N or "
               "N-1, and an optional D")
    hint = ("H is the tallest height: N, or N-1 when each row and column has an empty plot (0); "
            "D asks for different heights on both diagonals")
    if not 1 <= top <= rows or rows - top > 1:
        raise src.at(head[2], message, hint)
    flag = next((f for f in flags if f.text != "D"), None)
    if flag is not None:
        raise src.at(flag, message, hint)
    lay.blocks = _parts(src, lines, [*_clue_parts(rows, cols),
                                     Part("the givens block", rows, cols)])
    b.board = (rows, cols)
    low = 0 if top < rows else 1
    if low == 0:
        b.digits = (0, top)
    b.add("latin-square")
    if flags:
        b.add("main-diagonal")
        b.add("anti-diagonal")
    hint = f"a given is a height {low}-{top}, '-' for an empty cell"
    grid = []
    for r, row in enumerate(lay.blocks[4], 1):
        out = []
        for c, tok in enumerate(row, 1):
            d = None if tok.text == "-" else _number(src, tok, f"at r{r}c{c}", hint)
            if d is not None and not low <= d <= top:
                raise src.at(tok, f"the given {d} at r{r}c{c} is outside {low}-{top}", hint)
            out.append(digit_symbol(d))
        grid.append(out)
    if any(x != "." for row in grid for x in row):
        b.grids["givens"] = grid
    _outside_clues(b, src, [block[0] for block in lay.blocks[:4]], rows, cols)


def _kakuro(b: CaseBuilder, src: Source) -> None:
    """One block: `0` a white cell; `-` a black cell; `D,A` a black cell with the total of the
    run below it (D) and of the run to its right (A), either side may be empty. A black cell
    holds no digit: the case gives it 0 (`digits: 0-9`), and the white cells are not 0."""
    lay = read_layout(src, ("the grid",))
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    b.digits = (0, 9)
    grid = lay.blocks[0]
    hint = ("a cell is 0 (white), '-' (black) or DOWN,ACROSS (black, with the totals of the runs "
            "below it and to its right; either may be left out)")
    white = {(r, c) for r, row in enumerate(grid, 1) for c, t in enumerate(row, 1)
             if t.text == "0"}
    clues: list[tuple[str, Cell, int, Token]] = []
    for r, row in enumerate(grid, 1):
        for c, t in enumerate(row, 1):
            if t.text in ("0", "-"):
                continue
            down, comma, _ = t.text.partition(",")
            if not comma:
                raise src.at(t, f"'{t.text}' at r{r}c{c} is not 0, '-' or DOWN,ACROSS", hint)
            for total, way in ((t.part(0, len(down)), "down"), (t.part(len(down) + 1), "across")):
                if total.text:
                    clues.append((way, (r, c), _number(src, total, f"in the {way} total at "
                                                       f"r{r}c{c}", hint, dash=False), total))
    b.grids["givens"] = [["." if (r, c) in white else "0" for c in range(1, cols + 1)]
                         for r in range(1, rows + 1)]
    if white:
        b.add("absent-digits", sorted(white), digits=[0])
    covered: set[tuple[str, Cell]] = set()
    for way, (r, c), total, tok in clues:
        dr, dc = (1, 0) if way == "down" else (0, 1)
        run = []
        rr, cc = r + dr, c + dc
        while (rr, cc) in white:
            run.append((rr, cc))
            covered.add((way, (rr, cc)))
            rr, cc = rr + dr, cc + dc
        if not run:
            raise src.at(tok, f"the {way} total {total} at r{r}c{c} has no white cells",
                         f"a {way} total needs white cells (0) {'below' if dr else 'right of'} "
                         "its cell")
        b.add("cage", run, id_stem=way, sum=total)
    for r, c in sorted(white):
        for way, (dr, dc) in (("across", (0, -1)), ("down", (-1, 0))):
            if (way, (r, c)) not in covered and ((r + dr, c + dc) in white
                                                  or (r - dr, c - dc) in white):
                raise src.at(grid[r - 1][c - 1], f"the {way} run through r{r}c{c} has no total",
                             f"the black cell just {'above' if dr else 'left of'} a run holds "
                             "its total")


def _masyu(b: CaseBuilder, src: Source) -> None:
    """One block: `w` or `1` a white circle, `b` or `2` a black circle, `-` an empty cell.
    The answer is the loop through the cell centres."""
    lay = read_layout(src, ("the grid",))
    b.board = (lay.rows, lay.cols)
    circles: dict[str, list[Cell]] = {"white-circle": [], "black-circle": []}
    kinds = {"w": "white-circle", "1": "white-circle", "b": "black-circle", "2": "black-circle"}
    for r, row in enumerate(lay.blocks[0], 1):
        for c, t in enumerate(row, 1):
            if t.text == "-":
                continue
            if t.text.lower() not in kinds:
                raise src.at(t, f"'{t.text}' at r{r}c{c} is not w, b, 1, 2 or '-'",
                             "a cell is w or 1 (a white circle), b or 2 (a black one) or '-'")
            circles[kinds[t.text.lower()]].append((r, c))
    b.add("loop")
    for kind, cells in circles.items():
        if cells:
            b.add(kind, cells)


def _nurikabe(b: CaseBuilder, src: Source) -> None:
    """One block: a number is an island's size, `-` a cell without a number. The answer
    shades the wall."""
    lay = read_layout(src, ("the grid",))
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    hint = "a number is the size of its cell's island, '-' a cell without one"
    islands: list[tuple[Cell, int, Token]] = []
    for r, row in enumerate(lay.blocks[0], 1):
        for c, t in enumerate(row, 1):
            if t.text != "-":
                size = _number(src, t, f"at r{r}c{c}", hint)
                if size < 1:
                    raise src.at(t, f"the island size {size} at r{r}c{c} is not 1 or more", hint)
                islands.append(((r, c), size, t))
    sums = list(itertools.accumulate(size for _, size, _ in islands))
    if sums and sums[-1] > rows * cols:
        over = next(t for (_, _, t), total in zip(islands, sums, strict=True)
                    if total > rows * cols)  # the island that makes them too many
        raise src.at(over, "the islands have more cells than the board",
                     f"the island sizes add up to {sums[-1]}; the board has {rows * cols} cells")
    b.add("nurikabe")
    for cell, size, _ in islands:
        b.add("island", [cell], size=size)
    if islands:
        b.add("numbered-islands", [cell for cell, _, _ in islands])


GENRES: dict[str, Callable[[CaseBuilder, Source], None]] = {
    "Sudoku": _sudoku,
    "KillerSudoku": _killer,
    "Renban": _latin_with_groups("renban", None, "the group block"),
    "JigsawSudoku": _latin_with_groups("all-different", "piece", "the region block"),
    "YinYang": _yin_yang,
    "Slitherlink": _slitherlink,
    "ConsecutiveSudoku": _consecutive,
    "EvenOddSudoku": _even_odd,
    "SkyscraperSudoku": _skyscraper_sudoku,
    "Thermometer": _thermometer,
    "Nonogram": _nonogram,
    "Akari": _akari,
    "Skyscraper": _skyscraper,
    "Kakuro": _kakuro,
    "Masyu": _masyu,
    "Nurikabe": _nurikabe,
}
"""The genres this importer reads, each with the function that states its rules."""

KINDS: dict[str, tuple[str, ...]] = {
    "Sudoku": ("sudoku",),
    "KillerSudoku": ("sudoku", "cage"),
    "Renban": ("latin-square", "renban"),
    "JigsawSudoku": ("latin-square", "all-different"),
    "YinYang": ("yin-yang",),
    "Slitherlink": ("slitherlink",),
    "ConsecutiveSudoku": ("latin-square", "white-dot", "nabner"),
    "EvenOddSudoku": ("sudoku", "even", "odd"),
    "SkyscraperSudoku": ("sudoku", "skyscraper"),
    "Thermometer": ("thermometer", "shade-count"),
    "Nonogram": ("shade-pattern",),
    "Akari": ("shade-count", "shade-at-most", "shade-at-least"),
    "Skyscraper": ("latin-square", "skyscraper", "main-diagonal", "anti-diagonal"),
    "Kakuro": ("absent-digits", "cage"),
    "Masyu": ("loop", "white-circle", "black-circle"),
    "Nurikabe": ("nurikabe", "island", "numbered-islands"),
}


def puzzlekit_to_case(genre: str, text: str, *, source: str | None = None,
                      title: str | None = None, library: Library | None = None,
                      label: str = LABEL) -> str:
    """The canonical case text for one puzzlekit `problem` of `genre`; `label` names the text
    (its file) in an error."""
    convert = GENRES.get(genre)
    if convert is None:
        raise unsupported(f"puzzlekit genre '{genre}'", "not imported",
                          hint="genres: " + ", ".join(GENRES))
    b = CaseBuilder() if library is None else CaseBuilder(library)
    missing = [k for k in KINDS[genre] if not b.has(k)]
    if missing:
        raise unsupported(f"puzzlekit genre '{genre}'",
                          "the library has no " + ", ".join(f"'{k}'" for k in missing) + " rule")
    convert(b, Source(text, label, genre))
    b.title = title or None
    b.source = source or f"puzzlekit-dataset {genre} problem"
    return b.build()


SHADED = ("Thermometer", "Nonogram", "Nurikabe")
"""Genres whose solution marks the shaded (filled) cells with `x`."""


def read_solution(genre: str, text: str, label: str = LABEL) -> dict[str, list[list[int]]]:
    """A puzzlekit solution as the answer parts Sapphire reports: `digits` rows, `shading`
    rows (1 shaded), or for a Slitherlink `inside` rows (1 inside the loop). Only the first
    block is read; more whole blocks after it are let be."""
    src = Source(text, label, genre, "solution")
    lines = tokens(text)
    # a Skyscraper's solution starts `N N H [D]`: the size is the first two numbers
    rows, cols = _size(src, lines, extra=genre == "Skyscraper")
    count = max(1, -(-(len(lines) - 1) // rows))
    grid = _parts(src, lines, [Part("the answer grid" if k == 0 else f"answer block {k + 1}",
                                    rows, cols) for k in range(count)])[0]
    block = [[t.text.lower() for t in row] for row in grid]
    if genre == "YinYang":
        return {"shading": [[1 if t == "b" else 0 for t in row] for row in block]}
    if genre in SHADED:
        return {"shading": [[1 if t == "x" else 0 for t in row] for row in block]}
    if genre == "Masyu":  # each cell names the sides its loop leaves by: n, e, s, w
        return {"loop": {"across": [[1 if "e" in t else 0 for t in row] for row in block],
                         "down": [[1 if "s" in t else 0 for t in row] for row in block]}}
    if genre == "Akari":
        return {"shading": [[1 if t == "o" else 0 for t in row] for row in block]}
    if genre == "Slitherlink":
        return {"inside": [[1 if t == "x" else 0 for t in row] for row in block]}
    blank = genre == "Kakuro"  # a black cell holds no digit; the case writes it 0
    hint = "a solution's cell holds its digit" + (" ('-' for a black cell)" if blank else "")
    return {"digits": [[0 if blank and t.text == "-" else _number(src, t, f"at {_rc(r, c)}", hint,
                                                                  dash=blank)
                        for c, t in enumerate(row)] for r, row in enumerate(grid)]}
