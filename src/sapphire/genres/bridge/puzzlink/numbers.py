"""puzz.link's number genre of ours: `easyasabc` (ABCEndView), read from links and written
back, and its pzprv3 answers read.

* `easyasabc`: the number of letters, `/`, then the letters outside the grid in number16 (1 A,
  2 B, …), above the columns, below them, left of the rows, right of them. The grid's cells
  hold no givens.

It becomes the puzzlekit text of `ABCEndView` (`ROWS COLS L`, four lines of outside letters and
an empty givens block), which the puzzlekit importer states the rules of.
"""

from __future__ import annotations

from sapphire.case import Case
from sapphire.case.givens import digit_grid
from sapphire.diagnostics import error
from sapphire.formats import readback
from sapphire.formats.encodings import Body, Value, encode_number16, number16
from sapphire.genres.bridge.puzzlink.puzzle import Puzzle

B32 = "0123456789abcdefghijklmnopqrstuv"
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _puzzle(cols: int, rows: int, cells: list[Value], **parts: object) -> Puzzle:
    return Puzzle(cols, rows, cells, **parts)  # type: ignore[arg-type]


# -- easyasabc --------------------------------------------------------------------------------


def read_easyasabc(body: Body, cols: int, rows: int) -> Puzzle:
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
    bad = next((k for k, v in enumerate(outside) if v is not None and not 1 <= v <= letters),
               None)
    if bad is not None:
        raise body.error(f"the outside clue {outside[bad]} is not a letter 1-{letters}", start,
                         hint="a clue is its letter's number: 1 A, 2 B, …")
    return _puzzle(cols, rows, [None] * (cols * rows), outside=outside, letters=letters)


def easyasabc_text(p: Puzzle) -> str:
    out = p.outside or [None] * (2 * p.cols + 2 * p.rows)
    cut = (0, p.cols, 2 * p.cols, 2 * p.cols + p.rows, len(out))
    lines = [f"{p.rows} {p.cols} {LETTERS[p.letters - 1]}"]
    lines += [" ".join("-" if v is None else LETTERS[v - 1] for v in out[a:b])
              for a, b in zip(cut, cut[1:], strict=False)]
    lines += [" ".join(["-"] * p.cols)] * p.rows  # the link holds no givens
    return "\n".join(lines) + "\n"


def easyasabc_body(p: Puzzle) -> str:
    return f"{p.letters}/" + encode_number16(p.outside or [])


# -- export: a case back to a Puzzle ----------------------------------------------------------


def easyasabc_puzzle(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    """The `first-seen` clues around the grid; the `digit-counts` lines must be the rows and
    columns, each holding every letter once, and the grid holds no givens."""
    if digit_grid(case, declares) is not None:  # type: ignore[arg-type]
        raise error("unsupported", "the case cannot be written as a puzz.link link: an "
                    "easyasabc link holds no givens in the grid")
    letters = 0
    lines = {tuple((r, c) for c in range(1, cols + 1)) for r in range(1, rows + 1)}
    lines |= {tuple((r, c) for r in range(1, rows + 1)) for c in range(1, cols + 1)}
    outside: list[Value] = [None] * (2 * cols + 2 * rows)
    for rule in case.rules:
        cells = readback.cells(rule)
        if rule.reference == "digit-counts":
            counts = next((p.value for p in rule.params if p.name == "counts"), None)
            want = [[1, d] for d in range(1, len(counts or []) + 1)]
            if tuple(cells) not in lines or counts != want or (letters and len(want) != letters):
                raise readback.refuse_rule(rule, "each row and column holds the letters 1-L once")
            lines.discard(tuple(cells))
            letters = len(want)
        elif rule.reference == "first-seen":
            (r0, c0), (r1, c1) = cells[0], cells[-1]
            if c0 == c1 and (r0, r1) == (1, rows):
                k = c0 - 1
            elif c0 == c1 and (r0, r1) == (rows, 1):
                k = cols + c0 - 1
            elif r0 == r1 and (c0, c1) == (1, cols):
                k = 2 * cols + r0 - 1
            elif r0 == r1 and (c0, c1) == (cols, 1):
                k = 2 * cols + rows + r0 - 1
            else:
                raise readback.refuse_rule(rule, "a clue sees a whole row or column from its end")
            outside[k] = next((p.value for p in rule.params if p.name == "digit"), None)  # type: ignore[assignment]
    if lines or not letters:
        raise error("unsupported", "the case cannot be written as a puzz.link link: every row "
                    "and column of an easyasabc holds each letter once ('digit-counts')")
    return _puzzle(cols, rows, [None] * (rows * cols), outside=outside, letters=letters)


# -- pzprv3 answers ---------------------------------------------------------------------------


def _block(lines: list[list[str]], start: int, rows: int, cols: int) -> list[list[str]]:
    block = lines[start:start + rows]
    if len(block) < rows or any(len(row) < cols for row in block):
        raise error("bad-pzprv3", f"the pzprv3 answer is short of {rows} lines of {cols}",
                    hint="a pzprv3 file as pzprjs writes it")
    return [row[:cols] for row in block]


def _number(t: str) -> int:
    return int(t) if t.isdecimal() else 0


def read_number_answer(genre: str, rows: int, cols: int, rest: list[list[str]]
                       ) -> dict[str, object]:
    """An easyasabc's answer: its letter count, then the grid with the outside letters around
    it (`-` and `+` mark an empty cell, `.` nothing)."""
    grid = _block(rest, 1, rows + 2, cols + 2)
    return {"digits": [[_number(t) for t in row[1:cols + 1]] for row in grid[1:rows + 1]]}


ANSWERS = ("easyasabc",)
"""The pzprv3 answers `read_number_answer` reads."""

EXPORTS = {"easyasabc": ({"first-seen", "digit-counts"}, {"first-seen", "digit-counts"},
                         easyasabc_puzzle, (1, 26))}
"""Per genre: the kinds that tell its case, the kinds its link carries, how the case becomes
a Puzzle, and the numbers its link writes."""
