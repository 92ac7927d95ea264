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
from sapphire.genres.bridge.puzzlink.numlin import (
    arukone_case,
    numlin_body,
    numlin_case,
    numlin_text,
    read_numlin,
)
from sapphire.genres.bridge.puzzlink.puzzle import Puzzle
from sapphire.genres.bridge.puzzlink.regions import (
    lits_body,
    lits_text,
    read_lits,
    read_shikaku,
    shikaku_body,
    shikaku_text,
)
from sapphire.genres.bridge.puzzlink.shading import (
    creek_body,
    creek_text,
    heyawake_body,
    heyawake_text,
    numbers_body,
    read_creek,
    read_heyawake,
    read_numbers,
)
from sapphire.genres.bridge.puzzlink.shading import (
    numbers_text as shading_numbers_text,
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


def clue_depths(cols: int, rows: int) -> tuple[int, int]:
    """How many clues a Nonogram link holds above each column and left of each row: half the
    line's length, rounded up (the most runs a line can have)."""
    return (rows + 1) // 2, (cols + 1) // 2


def read_nonogram(body: Body, cols: int, rows: int) -> Puzzle:
    """The clues outside the grid: for each column the clues above it, nearest the grid first,
    then for each row those left of it, nearest first."""
    above, left = clue_depths(cols, rows)
    start = body.pos
    outside = outside16(body, cols * above + rows * left)
    if UNKNOWN in outside:
        raise body.error("a '?' clue (a run of unknown length) is not read", start,
                         hint="give every run's length")
    return Puzzle(cols, rows, [None] * (cols * rows), outside)


def nonogram_runs(p: Puzzle) -> list[list[int]]:
    """Each column's runs top to bottom, then each row's left to right."""
    above, left = clue_depths(p.cols, p.rows)
    out = p.outside or []
    lines = [out[k * above:(k + 1) * above] for k in range(p.cols)]
    base = p.cols * above
    lines += [out[base + k * left:base + (k + 1) * left] for k in range(p.rows)]
    return [[v for v in reversed(line) if v is not None] for line in lines]


def nonogram_text(p: Puzzle) -> str:
    return _text(f"{p.rows} {p.cols}",
                 [" ".join(str(v) for v in runs) or "0" for runs in nonogram_runs(p)])


def nonogram_outside(cols: int, rows: int, runs: list[list[int]]) -> list[Value]:
    """The outside clues of a Nonogram link from each line's runs (as `nonogram_runs`)."""
    above, left = clue_depths(cols, rows)
    out: list[Value] = []
    for k, line in enumerate(runs):
        depth = above if k < cols else left
        out += [*reversed(line), *[None] * (depth - len(line))]
    return out


def _clue(v: Value) -> str:
    return "-" if v is None or v == UNKNOWN else str(v)


def slither_text(p: Puzzle) -> str:
    return _text(f"{p.rows} {p.cols}", _rows(p, _clue))


def circles_text(p: Puzzle) -> str:
    return _text(f"{p.rows} {p.cols}", _rows(p, lambda v: {1: "w", 2: "b"}.get(v or 0, "-")))


def numbers_text(p: Puzzle) -> str:
    return _text(f"{p.rows} {p.cols}", _rows(p, _clue))


def akari_text(p: Puzzle) -> str:
    return _text(f"{p.rows} {p.cols}",
                 _rows(p, lambda v: "-" if v is None else "x" if v == UNKNOWN else str(v)))


def cells_body(encode: Callable[[list[Value]], str]) -> Callable[[Puzzle], str]:
    return lambda p: encode(p.cells)


def circles_body(p: Puzzle) -> str:
    return encode_circle([v or 0 for v in p.cells])


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
    LinkGenre("yinyang", "YinYang", read_circles, circles_text, circles_body),
    LinkGenre("mashu", "Masyu", read_circles, circles_text, circles_body),
    LinkGenre("nurikabe", "Nurikabe", read_cells(number16), numbers_text,
              cells_body(encode_number16)),
    LinkGenre("lightup", "Akari", read_cells(four_cell), akari_text,
              cells_body(encode_four_cell)),
    LinkGenre("nonogram", "Nonogram", read_nonogram, nonogram_text,
              lambda p: encode_outside16(p.outside or [])),
    LinkGenre("hashikake", "Hashi", read_cells(number16), hashi_text,
              cells_body(encode_number16)),
    LinkGenre("gokigen", "GokigenNaname", read_corners, gokigen_text, corners_body),
    LinkGenre("yajilin", "Yajilin", read_arrows, yajilin_text, arrows_body),
    LinkGenre("heyawake", "Heyawake", read_heyawake, heyawake_text, heyawake_body),
    LinkGenre("kurodoko", "Kuromasu", read_numbers("Kurodoko"), shading_numbers_text,
              numbers_body),
    LinkGenre("cave", "Cave", read_numbers("Cave"), shading_numbers_text, numbers_body),
    LinkGenre("creek", "Creek", read_creek, creek_text, creek_body),
    LinkGenre("shikaku", "Shikaku", read_shikaku, shikaku_text, shikaku_body),
    LinkGenre("lits", "LITS", read_lits, lits_text, lits_body),
    LinkGenre("numlin", "NumberLink", read_numlin, numlin_text, numlin_body, case=numlin_case),
    LinkGenre("arukone", "NumberLink", read_numlin, numlin_text, numlin_body,
              case=arukone_case),
)}
"""The bridged puz.link genres, by their pzprjs name."""

ALIASES = {"slitherlink": "slither", "masyu": "mashu", "akari": "lightup",
           "hashi": "hashikake",
           "slant": "gokigen", "yajirin": "yajilin", "pearl": "mashu", "bridges": "hashikake",
           "heyawacky": "heyawake", "bag": "cave"}
"""Other names pzprjs accepts for them."""
