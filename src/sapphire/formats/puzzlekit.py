"""The text layout of the puzzlekit dataset (SmilingWayne/puzzlekit-dataset), read into placed
tokens and a genre's layout of parts.

A puzzle's `problem` is plain text: the first line is `ROWS COLS`, then blocks of ROWS lines of
COLS whitespace-separated tokens each (`-` is an empty cell); what the blocks mean depends on
the genre, whose module reads them (`Genre.read_puzzlekit`). A `solution` uses the same layout.

Reading keeps each token's line and column, so every error in the text is placed as the case
reader places its own (`FILE:LINE:COL`, the line, a caret, a hint): a bad token at that token;
a row with too few tokens just past its last one (too many: at the first extra one); a part the
genre needs next (`the cage block`, `row 3 of the givens block`) at the end of the text; a line
past the layout at its start; a bad size at the first line. The file's name (`label`) comes
from the command line; a text from no file is `<puzzlekit>`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from sapphire.diagnostics import (
    Diagnostic,
    SapphireError,
    Span,
    refuse_long_numbers,
    source_line,
)
from sapphire.formats.common import OUTSIDE, Cell

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
    places: dict[Hashable, Token] = field(default_factory=dict, compare=False, repr=False)
    """The token each clue was read from, by the key a genre's `build` names it with in a
    `ClueError` (a cell (r, c), or a key such as ("row", 3)): where such an error points."""
    problem: str | None = field(default=None, compare=False, repr=False)
    """For a `solution`, the text of its problem, when given: a solution that leaves out what
    its problem says (a region's number written in one of its cells only, a clue cell
    repeating its clue) is read with it."""

    def __post_init__(self) -> None:
        refuse_long_numbers(self.text, self.label, hint="the numbers of a puzzlekit text are "
                            "sizes, clues and digits, far shorter than this")

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

    def place(self, at: Hashable, message: str, hint: str | None = None,
              kind: str = "bad-puzzlekit") -> SapphireError:
        """An error about the clue read from the token stored under `at` in `places`; for
        `at` a tuple of cells (a rule line's, `CaseBuilder.build`), the first cell's that has
        one; at the start of the text when none has."""
        tok = self.places.get(at)
        if tok is None and isinstance(at, tuple) and all(isinstance(c, tuple) for c in at):
            tok = next((self.places[c] for c in at if c in self.places), None)
        if tok is None:
            return self.error(message, 1, 1, 0, hint, kind)
        return self.at(tok, message, hint, kind=kind)


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


def read_size(src: Source, lines: list[Row], extra: bool = False) -> tuple[int, int]:
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


def read_parts(src: Source, lines: list[Row], parts: list[Part]) -> list[Block]:
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


def outside_parts(rows: int, cols: int) -> list[Part]:
    """The four lines of clues outside the grid (a Skyscraper's, an ABC End View's): above
    the columns, below them, left of the rows, right of them, as `common.OUTSIDE` names them;
    `-` is no clue."""
    return [Part(f"the line of clues {side}", 1, cols if k < 2 else rows,
                 "column" if k < 2 else "row") for k, side in enumerate(OUTSIDE)]


def read_layout(src: Source, names: tuple[str, ...]) -> Layout:
    """A layout of blocks of ROWS lines of COLS tokens each, one block per name (`the givens
    block`, `the cage block`)."""
    return read_lines(src, lambda rows, cols: [Part(name, rows, cols) for name in names])


def read_lines(src: Source, parts: Callable[[int, int], list[Part]],
                extra: bool = False) -> Layout:
    """A layout whose parts are not all blocks (outside clues, count lines, clue lists); their
    shapes follow from the size."""
    lines = tokens(src.text)
    rows, cols = read_size(src, lines, extra)
    return Layout(rows, cols, lines[0], read_parts(src, lines, parts(rows, cols)))


def number(src: Source, tok: Token, where: str = "", hint: str | None = None,
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


def counts(src: Source, toks: Row, what: str, hint: str) -> tuple[int | None, ...]:
    """A line of counts, one per column or row (`what`), `-` for none given; each token is
    stored in `src.places` under (`what`, k), k counting from 1."""
    out: list[int | None] = []
    for k, tok in enumerate(toks, 1):
        src.places[(what, k)] = tok
        out.append(None if tok.text == "-" else number(src, tok, f"in the count of {what} {k}",
                                                        hint))
    return tuple(out)


@dataclass(frozen=True)
class NumberClues:
    """The clues of a genre that writes one number or none per cell (a Nurikabe's island
    sizes, a Shikaku's rectangle sizes): the board and each row's numbers, None for a cell
    without one."""

    rows: int
    cols: int
    sizes: tuple[tuple[int | None, ...], ...] = ()

    def numbered(self) -> dict[Cell, int]:
        """The numbered cells and their numbers, (row, column) from 1, in reading order."""
        return {(r, c): n for r, row in enumerate(self.sizes, 1)
                for c, n in enumerate(row, 1) if n is not None}


def number_grid(src: Source, block: Block, hint: str, what: str = "at"
                ) -> tuple[tuple[int | None, ...], ...]:
    """A block of numbers and `-` (no number) as rows of numbers and None; each token is
    stored in `src.places` under its cell (row, column) from 1, where a `ClueError` about the
    cell points. `what` starts the place in an error (`at r2c3`)."""
    out = []
    for r, row in enumerate(block, 1):
        line: list[int | None] = []
        for c, tok in enumerate(row, 1):
            src.places[(r, c)] = tok
            line.append(None if tok.text == "-" else
                        number(src, tok, f"{what} {rc(r - 1, c - 1)}", hint))
        out.append(tuple(line))
    return tuple(out)


def head_number(src: Source, lay: Layout, what: str, hint: str) -> int:
    """The one number after the size on the first line (a layout read with `extra`), such
    as the largest digit of a grid whose cells may stay empty; `what` names it in an error."""
    if len(lay.head) < 3:
        raise src.after(lay.head[-1], f"expected {what} after the size", hint)
    if len(lay.head) > 3:
        raise src.at(lay.head[3], f"expected the end of the first line after {what}", hint,
                     to=lay.head[-1])
    return number(src, lay.head[2], f"as {what}", hint, dash=False)


def solution_grid(src: Source, extra: bool = False) -> Block:
    """The first block of a solution text (more whole blocks after it are let be); `extra`
    lets more tokens follow the size, as in `read_size`."""
    lines = tokens(src.text)
    rows, cols = read_size(src, lines, extra)
    count = max(1, -(-(len(lines) - 1) // rows))
    return read_parts(src, lines, [Part("the answer grid" if k == 0 else f"answer block {k + 1}",
                                        rows, cols) for k in range(count)])[0]


def solution_digits(src: Source, extra: bool = False) -> list[list[int]]:
    """The number in each cell of a solution's first block (see `solution_grid`)."""
    return [[number(src, t, f"at {rc(r, c)}", "a solution's cell holds its digit", dash=False)
             for c, t in enumerate(row)] for r, row in enumerate(solution_grid(src, extra))]


def rc(r: int, c: int) -> str:
    """A cell's name from its 0-based row and column."""
    return f"r{r + 1}c{c + 1}"


def groups_of(block: Block) -> list[list[Cell]]:
    """Cells by the token naming their group, groups in order of first appearance."""
    groups: dict[str, list[Cell]] = {}
    for r, row in enumerate(block, 1):
        for c, tok in enumerate(row, 1):
            groups.setdefault(tok.text, []).append((r, c))
    return list(groups.values())


def square_side(src: Source, lay: Layout) -> int:
    if lay.rows != lay.cols:
        raise src.at(lay.head[0], f"a {lay.rows}x{lay.cols} grid is not square",
                     f"a {src.genre}'s rows and columns hold the same digits, so ROWS and COLS "
                     "are equal", to=lay.head[1])
    return lay.rows
