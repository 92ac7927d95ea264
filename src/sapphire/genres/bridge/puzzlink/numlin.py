"""puz.link's NumberLink, `numlin`, and its Arukone, `arukone`, in and out.

Both links are pzprjs's numbers in cells (`number16`): each number stands in the two cells its
line joins (an Arukone shows them as letters, A for 1). pzprjs's checker (`numlin.js`) asks
of both that lines join equal numbers without branching, crossing, passing through a third
number, ending off a number or running apart from the numbers, and that every number has its
line; an `arukone` asks too that every cell be on a line unless its link has the flag `e`
(`arukone/e/COLS/ROWS/…`), a `numlin` never. So the case is the `numberlink` line the
puzzlekit importer writes (`puzzlekit.shapes`), with `fill true` for an Arukone without `e`
and `fill` left at its default, false, otherwise. Going out, a `numberlink` line gives the
numbers back, 1 for its first pair, 2 for the next and so on, as an `arukone` link with
`fill true` and a `numlin` link without.

A pzprv3 answer holds, after the clue rows (an Arukone's after a line `passallcell` or
`dontpassallcell`), ROWS lines of COLS-1 across borders and ROWS-1 lines of COLS down
borders, 1 where a line crosses (`-1`, a player's cross, is none): the case's links, as a
Hashi's bridges are read (`shapes.links_answer`).
"""

from __future__ import annotations

from dataclasses import replace

from sapphire.case import Case
from sapphire.diagnostics import error
from sapphire.formats import readback
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.encodings import UNKNOWN, Body, encode_number16, number16
from sapphire.formats.puzzlekit import Source
from sapphire.genres.bridge.puzzlekit.shapes import numberlink
from sapphire.genres.bridge.puzzlink.puzzle import Puzzle
from sapphire.genres.bridge.puzzlink.shapes import links_answer

GENRE = "NumberLink"
"""The puzzlekit genre whose reading of the numbers these links share."""


def arukone_answer(rest: list[list[str]], rows: int, cols: int) -> dict[str, object]:
    if not rest or rest[0] not in (["passallcell"], ["dontpassallcell"]):
        raise error("bad-pzprv3", "an arukone answer starts with 'passallcell' or "
                    "'dontpassallcell'", hint="a pzprv3 file as pzprjs writes it")
    return links_answer(rest[1:], rows, cols)


ANSWERS = {"numlin": links_answer, "arukone": arukone_answer}
"""The pzprv3 answer readers of these genres, by pzprjs name."""


def read_numlin(body: Body, cols: int, rows: int) -> Puzzle:
    """The numbers; a `?` (`.`: a line's end whose number is not given) is refused where it
    stands, since the NumberLink rules here pair ends by their numbers."""

    start = body.pos
    cells = list(number16(body, cols * rows))
    if UNKNOWN in cells:
        k = cells.index(UNKNOWN)
        at = body.text.index(".", start)
        raise body.link.error(f"the line's end at r{k // cols + 1}c{k % cols + 1} has no "
                              "number ('?')", body.link.body_at + at,
                              hint="every end of a line needs its number", kind="unsupported")
    return Puzzle(cols, rows, cells)


def numlin_text(p: Puzzle) -> str:
    """The puzzlekit NumberLink text of a link's numbers."""
    rows = [" ".join("-" if v is None else str(v) for v in p.cells[r * p.cols:(r + 1) * p.cols])
            for r in range(p.rows)]
    return "\n".join([f"{p.rows} {p.cols}", *rows]) + "\n"


def numlin_case(b: CaseBuilder, src: Source, flags: str = "") -> None:
    """The rules of a `numlin`'s puzzlekit text: puzzlekit's `numberlink` line without its
    `fill true`, since puz.link lets cells stay empty."""
    _case(b, src, fill=False)


def arukone_case(b: CaseBuilder, src: Source, flags: str = "") -> None:
    """The rules of an `arukone`'s puzzlekit text: puzzlekit's, every cell on a line, unless
    the flag `e` lets cells stay empty."""
    _case(b, src, fill="e" not in flags)


def _case(b: CaseBuilder, src: Source, *, fill: bool) -> None:
    """puzzlekit's `numberlink` line, with `fill true` only when `fill`."""
    numberlink(b, src)
    if not fill:
        b.rules = [replace(r, params=tuple((n, v) for n, v in r.params if n != "fill"))
                   if r.kind == "numberlink" else r for r in b.rules]


def numlin_body(p: Puzzle) -> str:
    return encode_number16(p.cells)


def numberlink_genre(case: Case) -> str:
    """The link a NumberLink case is written as: `arukone` when every cell is on a line,
    else `numlin`."""
    rule = next((r for r in case.rules if r.reference == "numberlink"), None)
    filled = rule is not None and any(p.name == "fill" and p.value is True for p in rule.params)
    return "arukone" if filled else "numlin"


def numberlink_puzzle(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    """A NumberLink case's numbers: pair k of its `numberlink` line (its cells 2k-1 and 2k)
    is number k."""
    lines = [r for r in case.rules if r.reference == "numberlink"]
    if len(lines) != 1:
        raise readback.refuse_case(case, "a NumberLink link has one numberlink line")
    rule = lines[0]
    cells: list = [None] * (rows * cols)
    ends = [(ref.cell.row, ref.cell.col) for ref in rule.cells]
    if len(ends) % 2:
        raise readback.refuse_rule(rule, "its cells are not pairs")
    for k, (r, c) in enumerate(ends):
        if cells[(r - 1) * cols + c - 1] is not None:
            raise readback.refuse_rule(rule, f"r{r}c{c} ends two lines")
        cells[(r - 1) * cols + c - 1] = k // 2 + 1
    return Puzzle(cols, rows, cells)
