"""Each puzz.link genre we read: its link body decoded into the grid the puzzlekit importer
reads, and that grid encoded back into a body. The puzzlekit importer then states the genre's
rules, so each genre's rules are written in one place whichever format the puzzle came in.

A `Grid` is the puzzlekit problem as token rows (its first row the size line); the decoders
fill it from a `Body`, the encoders read it back from a `Puzzle` (see `export`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.encodings import (
    UNKNOWN,
    Body,
    Value,
    circle,
    encode_circle,
    encode_four_cell,
    encode_number16,
    encode_outside16,
    four_cell,
    number16,
    outside16,
)
from sapphire.formats.puzzlekit import Source
from sapphire.genres.bridge.puzzlink import numbers
from sapphire.genres.bridge.puzzlink.fleet import (
    battleship_body,
    battleship_text,
    read_battleship,
)
from sapphire.genres.bridge.puzzlink.numlin import (
    arukone_case,
    numlin_body,
    numlin_case,
    numlin_text,
    read_numlin,
)
from sapphire.genres.bridge.puzzlink.puzzle import Puzzle
from sapphire.genres.bridge.puzzlink.shading import (
    creek_body,
    creek_text,
    read_creek,
)
from sapphire.genres.bridge.puzzlink.shapes import (
    arrows_body,
    corners_body,
    gokigen_text,
    hashi_text,
    read_arrows,
    read_corners,
    yajilin_text,
)


def _rows(p: Puzzle, token: Callable[[Value], str]) -> list[str]:
    return [" ".join(token(p.cells[r * p.cols + c]) for c in range(p.cols))
            for r in range(p.rows)]


def _text(head: str, lines: list[str]) -> str:
    return "\n".join([head, *lines]) + "\n"


# -- one function per genre: link body -> Puzzle, Puzzle -> puzzlekit text, Puzzle -> body ----


def read_cells(reader: Callable[[Body, int], list[Value]]) -> Callable[[Body, int, int], Puzzle]:
    def read(body: Body, cols: int, rows: int) -> Puzzle:
        return Puzzle(cols, rows, list(reader(body, cols * rows)))
    return read


def read_circles(body: Body, cols: int, rows: int) -> Puzzle:
    return Puzzle(cols, rows, [v or None for v in circle(body, cols * rows)])


def read_skyscrapers(body: Body, cols: int, rows: int) -> Puzzle:
    outside = outside16(body, 2 * cols + 2 * rows)
    cells = number16(body, cols * rows) if not body.done() else [None] * (cols * rows)
    return Puzzle(cols, rows, cells, outside)


def _total(body: Body, at: int, what: str) -> int:
    ch = body.text[at] if at < len(body.text) else ""
    if "0" <= ch <= "9" or "a" <= ch <= "j":
        return int(ch, 36)
    if "A" <= ch <= "Z":
        return int(ch, 36) + 10
    raise body.error(f"{'the link ends' if not ch else repr(ch) + ' is not'} where {what} "
                     "should be", at, hint="a Kakuro total is 0-9, a-j (10-19) or A-Z (20-45)")


def read_kakuro(body: Body, cols: int, rows: int) -> Puzzle:
    """pzprjs's own Kakuro body: `k`-`z` 1-16 white cells, `.` a black cell without totals,
    two totals (down, then across) a black cell with them; then the down totals above the
    columns whose first cell is white and the across totals left of the rows likewise."""
    count = cols * rows
    black: dict[int, tuple[int, int]] = {}
    c = 0
    while c < count and not body.done():
        at, ch = body.pos, body.peek()
        if "k" <= ch <= "z":
            c += int(ch, 36) - 19
            body.pos += 1
            continue
        if ch == ".":
            black[c] = (0, 0)
            body.pos += 1
        else:
            black[c] = (_total(body, at, "a down total"), _total(body, at + 1, "an across total"))
            body.pos += 2
        c += 1
    outside: list[Value] = []
    for k in range(cols):
        if k not in black:
            outside.append(_total(body, body.pos, f"the total above column {k + 1}"))
            body.pos += 1
        else:
            outside.append(None)
    for r in range(rows):
        if r * cols not in black:
            outside.append(_total(body, body.pos, f"the total left of row {r + 1}"))
            body.pos += 1
        else:
            outside.append(None)
    return Puzzle(cols, rows, [None] * count, outside, black)


def _clue(v: Value) -> str:
    return "-" if v is None or v == UNKNOWN else str(v)


def slither_text(p: Puzzle) -> str:
    return _text(f"{p.rows} {p.cols}", _rows(p, _clue))


def circles_text(p: Puzzle) -> str:
    return _text(f"{p.rows} {p.cols}", _rows(p, lambda v: {1: "w", 2: "b"}.get(v or 0, "-")))


def numbers_text(p: Puzzle) -> str:
    return _text(f"{p.rows} {p.cols}", _rows(p, _clue))


def skyscrapers_text(p: Puzzle) -> str:
    out = p.outside or []
    lines = [" ".join(_clue(v) for v in out[:p.cols]),
             " ".join(_clue(v) for v in out[p.cols:2 * p.cols]),
             " ".join(_clue(v) for v in out[2 * p.cols:2 * p.cols + p.rows]),
             " ".join(_clue(v) for v in out[2 * p.cols + p.rows:])]
    return _text(f"{p.rows} {p.cols} {p.rows}", lines + _rows(p, _clue))


def kakuro_text(p: Puzzle) -> str:
    black = p.totals or {}
    out = p.outside or []

    def pair(down: int, across: int) -> str:
        return "-" if not down and not across else f"{down or ''},{across or ''}"

    top = ["-"] + [pair(out[c] or 0, 0) if out[c] is not None else "-" for c in range(p.cols)]
    lines = [" ".join(top)]
    for r in range(p.rows):
        left = out[p.cols + r]
        row = [pair(0, left or 0) if left is not None else "-"]
        for c in range(p.cols):
            k = r * p.cols + c
            row.append(pair(*black[k]) if k in black else "0")
        lines.append(" ".join(row))
    return _text(f"{p.rows + 1} {p.cols + 1}", lines)


def cells_body(encode: Callable[[list[Value]], str]) -> Callable[[Puzzle], str]:
    return lambda p: encode(p.cells)


def circles_body(p: Puzzle) -> str:
    return encode_circle([v or 0 for v in p.cells])


def skyscrapers_body(p: Puzzle) -> str:
    head = encode_outside16(p.outside or [None] * (2 * p.cols + 2 * p.rows))
    return head + (encode_number16(p.cells) if any(v is not None for v in p.cells) else "")


_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def _enc_total(v: int) -> str:
    return _B36[v] if v < 20 else _B36[v - 10].upper()


def kakuro_body(p: Puzzle) -> str:
    black = p.totals or {}
    out: list[str] = []
    gap = 0
    for k in range(p.cols * p.rows):
        if k not in black:
            gap += 1
            if gap == 16:
                out.append("z")
                gap = 0
            continue
        if gap:
            out.append(_B36[19 + gap])
            gap = 0
        down, across = black[k]
        out.append("." if not down and not across else _enc_total(down) + _enc_total(across))
    if gap:
        out.append(_B36[19 + gap])
    outside = p.outside or []
    for k, v in enumerate(outside):
        edge = k if k < p.cols else (k - p.cols) * p.cols
        if edge not in black:
            out.append(_enc_total(v or 0))
    return "".join(out)


@dataclass(frozen=True)
class LinkGenre:
    """A bridged puz.link genre: its name there, the puzzlekit genre that states its rules,
    and its three steps."""

    name: str
    puzzlekit: str
    read: Callable[[Body, int, int], Puzzle]
    text: Callable[[Puzzle], str]
    body: Callable[[Puzzle], str]
    square: bool = False
    case: Callable[[CaseBuilder, Source, str], None] | None = None
    """States the rules from the puzzlekit text instead of the puzzlekit builder, for a genre
    whose rules there differ from puzzlekit's (the builder, the text, and the link's
    `flags`)."""


GENRES: dict[str, LinkGenre] = {g.name: g for g in (
    LinkGenre("slither", "Slitherlink", read_cells(four_cell), slither_text,
              cells_body(encode_four_cell)),
    LinkGenre("sudoku", "Sudoku", read_cells(number16), numbers_text,
              cells_body(encode_number16), square=True),
    LinkGenre("mashu", "Masyu", read_circles, circles_text, circles_body),
    LinkGenre("kakuro", "Kakuro", read_kakuro, kakuro_text, kakuro_body),
    LinkGenre("skyscrapers", "Skyscraper", read_skyscrapers, skyscrapers_text,
              skyscrapers_body, square=True),
    LinkGenre("ripple", "Hakyuu", numbers.read_ripple, numbers.ripple_text,
              numbers.ripple_body),
    LinkGenre("easyasabc", "ABCEndView", numbers.read_easyasabc, numbers.easyasabc_text,
              numbers.easyasabc_body),
    LinkGenre("hashikake", "Hashi", read_cells(number16), hashi_text,
              cells_body(encode_number16)),
    LinkGenre("gokigen", "GokigenNaname", read_corners, gokigen_text, corners_body),
    LinkGenre("yajilin", "Yajilin", read_arrows, yajilin_text, arrows_body),
    LinkGenre("creek", "Creek", read_creek, creek_text, creek_body),
    LinkGenre("battleship", "Battleship", read_battleship,  # type: ignore[arg-type]
              battleship_text, battleship_body),  # type: ignore[arg-type]
    LinkGenre("numlin", "NumberLink", read_numlin, numlin_text, numlin_body, case=numlin_case),
    LinkGenre("arukone", "NumberLink", read_numlin, numlin_text, numlin_body,
              case=arukone_case),
)}
"""The bridged puz.link genres, by their pzprjs name."""

ALIASES = {"slitherlink": "slither", "masyu": "mashu",
           "skyscraper": "skyscrapers", "hakyuu": "ripple", "hashi": "hashikake",
           "slant": "gokigen", "yajirin": "yajilin", "pearl": "mashu", "bridges": "hashikake",
           "building": "skyscrapers"}
"""Other names pzprjs accepts for them."""
