"""puzz.link's shading genre with clues in corners, `creek`, read from a link into the
puzzlekit text that the puzzlekit builder states, written back from a case, and its pzprv3
answers read.

The encodings, as pzprjs writes them (`src/variety/<genre>.js`, `src/puzzle/Encode.js`):

* `creek`: `four_cell` over the (ROWS+1)×(COLS+1) grid corners.

A `?` (a clue without its number) has no place in the puzzlekit layouts, so such links are
refused, placed at the start of the body.
"""

from __future__ import annotations

from collections.abc import Callable

from sapphire.case import Case
from sapphire.case.givens import shared_corner
from sapphire.diagnostics import error
from sapphire.formats import readback
from sapphire.formats.encodings import (
    UNKNOWN,
    Body,
    Value,
    encode_four_cell,
    four_cell,
)
from sapphire.genres.bridge.puzzlink.puzzle import Puzzle

Cell = tuple[int, int]


def _refuse_unknown(body: Body, start: int, values: list[Value], what: str) -> None:
    """Refuse a `?`, at its `.` (which these encodings write for nothing else)."""
    if UNKNOWN in values:
        raise body.error(f"a {what} clue without its number ('?') is not read",
                         body.text.index(".", start), hint="give every clue its number")


# -- kurodoko, cave, creek --------------------------------------------------------------------


def read_creek(body: Body, cols: int, rows: int) -> Puzzle:
    start = body.pos
    corners = four_cell(body, (cols + 1) * (rows + 1))
    _refuse_unknown(body, start, corners, "corner")
    return Puzzle(cols, rows, corners)


def creek_text(p: Puzzle) -> str:
    lines = [" ".join("-" if v is None else str(v)
                      for v in p.cells[a * (p.cols + 1):(a + 1) * (p.cols + 1)])
             for a in range(p.rows + 1)]
    return _text(p.rows, p.cols, lines)


def creek_body(p: Puzzle) -> str:
    return encode_four_cell(p.cells)


def _cell_rows(p: Puzzle, show: Callable[[int], str]) -> list[str]:
    return [" ".join("-" if v is None else show(v) for v in p.cells[r * p.cols:(r + 1) * p.cols])
            for r in range(p.rows)]


def _text(rows: int, cols: int, lines: list[str]) -> str:
    return "\n".join([f"{rows} {cols}", *lines]) + "\n"


# -- a case back to a Puzzle (export) ---------------------------------------------------------


EXPORT_KINDS: dict[str, tuple[set[str], set[str]]] = {
    "creek": ({"corner-count", "unshaded-connected"}, {"corner-count", "unshaded-connected"}),
}
"""What tells each genre's case, as the puzzlekit importer writes it, and every kind its link
can carry."""

EXPORT_LIMITS: dict[str, tuple[int, int]] = {
    "creek": (0, 4),
}


def creek_puzzle(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    corners: list[Value] = [None] * ((rows + 1) * (cols + 1))
    for rule in case.rules:
        if rule.reference != "corner-count":
            continue
        at = shared_corner(sorted(set(readback.cells(rule))), rows, cols)
        if at is None:
            raise readback.refuse_rule(rule, "its cells are not those around one grid corner")
        corners[at[0] * (cols + 1) + at[1]] = readback.number(rule, "count")
    return Puzzle(cols, rows, corners)


EXPORT_PUZZLES = {"creek": creek_puzzle}


# -- pzprv3 answers ---------------------------------------------------------------------------

ANSWER_SKIP = {"creek": (1, 1)}
"""Per genre, the lines before the answer grid: a fixed count, and how many ROWS-line grids
(a Creek's corner grid has one line more)."""


def read_shade_answer(genre: str, rows: int, cols: int, rest: list[list[str]]
                      ) -> dict[str, object] | None:
    """The shading of a pzprv3 answer of one of these genres (`#` a shaded cell), or None for
    another genre. `rest` holds the lines after the size."""
    if genre not in ANSWER_SKIP:
        return None
    fixed, grids = ANSWER_SKIP[genre]
    start = fixed + grids * rows
    block = rest[start:start + rows]
    if len(block) < rows or any(len(row) < cols for row in block):
        raise error("bad-pzprv3", f"the pzprv3 answer's shading is short of {rows} lines of "
                    f"{cols}", hint="a pzprv3 file as pzprjs writes it")
    return {"shading": [[1 if t == "#" else 0 for t in row[:cols]] for row in block]}
