"""puzz.link's shading genres with clues in cells or rooms: `heyawake`, `kurodoko`
(Kuromasu) and `cave`, read from a link into the puzzlekit text that the puzzlekit
builders state, written back from a case, and their pzprv3 answers read.

The encodings, as pzprjs writes them (`src/variety/<genre>.js`, `src/puzzle/Encode.js`):

* `heyawake`: the room borders, then the rooms' numbers. The borders are bits, five to a
  base-32 character, the first bit the most significant: first the (COLS-1)×ROWS borders
  between cells side by side, row by row, then the COLS×(ROWS-1) borders between cells one
  above the other. The rooms (the cells the borders part) are taken in reading order of their
  first cell, and their numbers written as `number16`; a number stands in its room's first
  cell.
* `kurodoko`, `cave`: `number16` per cell.

A `?` (a clue without its number) has no place in the puzzlekit layouts, so such links are
refused, placed at the start of the body.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

from sapphire.case import Case
from sapphire.diagnostics import error
from sapphire.formats import readback
from sapphire.formats.encodings import (
    UNKNOWN,
    Body,
    Value,
    border_bits,
    encode_border_bits,
    encode_number16,
    number16,
    rooms,
)
from sapphire.genres.bridge.puzzlink.puzzle import Puzzle

Cell = tuple[int, int]

@dataclass
class RoomPuzzle(Puzzle):
    """A puzzle divided into rooms: each cell's room, rooms numbered from 0 in reading order
    of their first cell; a room's number is in `cells` at that first cell."""

    rooms: list[int] = field(default_factory=list)


def _refuse_unknown(body: Body, start: int, values: list[Value], what: str) -> None:
    """Refuse a `?`, at its `.` (which these encodings write for nothing else)."""
    if UNKNOWN in values:
        raise body.error(f"a {what} clue without its number ('?') is not read",
                         body.text.index(".", start), hint="give every clue its number")


# -- heyawake ---------------------------------------------------------------------------------


def read_heyawake(body: Body, cols: int, rows: int) -> Puzzle:
    across = border_bits(body, (cols - 1) * rows, "the borders between cells side by side")
    down = border_bits(body, cols * (rows - 1), "the borders between cells one above the other")
    room_of = [n - 1 for n in rooms(cols, rows, across, down)]
    start = body.pos
    numbers = number16(body, max(room_of) + 1)
    _refuse_unknown(body, start, numbers, "room's")
    cells: list[Value] = [None] * (cols * rows)
    for room, n in enumerate(numbers):
        if n is not None:
            cells[room_of.index(room)] = n
    return RoomPuzzle(cols, rows, cells, rooms=room_of)


def heyawake_text(p: Puzzle) -> str:
    rooms = p.rooms if isinstance(p, RoomPuzzle) else [0] * (p.cols * p.rows)
    numbers = _cell_rows(p, str)
    room_rows = [" ".join(str(rooms[r * p.cols + c]) for c in range(p.cols))
                 for r in range(p.rows)]
    return _text(p.rows, p.cols, numbers + room_rows)


def heyawake_body(p: Puzzle) -> str:
    rooms = p.rooms if isinstance(p, RoomPuzzle) else [0] * (p.cols * p.rows)
    cols, rows = p.cols, p.rows
    across = [int(rooms[r * cols + c] != rooms[r * cols + c + 1])
              for r in range(rows) for c in range(cols - 1)]
    down = [int(rooms[r * cols + c] != rooms[(r + 1) * cols + c])
            for r in range(rows - 1) for c in range(cols)]
    numbers = [p.cells[rooms.index(k)] for k in range(max(rooms) + 1)]
    return encode_border_bits(across) + encode_border_bits(down) + encode_number16(numbers)


# -- kurodoko, cave --------------------------------------------------------------------------


def read_numbers(what: str) -> Callable[[Body, int, int], Puzzle]:
    """A reader of `number16` clues in cells, refusing a `?` (`what` names the clue)."""
    def read(body: Body, cols: int, rows: int) -> Puzzle:
        start = body.pos
        cells = number16(body, cols * rows)
        _refuse_unknown(body, start, cells, what)
        return Puzzle(cols, rows, cells)
    return read


def numbers_text(p: Puzzle) -> str:
    return _text(p.rows, p.cols, _cell_rows(p, str))


def numbers_body(p: Puzzle) -> str:
    return encode_number16(p.cells)


def _cell_rows(p: Puzzle, show: Callable[[int], str]) -> list[str]:
    return [" ".join("-" if v is None else show(v) for v in p.cells[r * p.cols:(r + 1) * p.cols])
            for r in range(p.rows)]


def _text(rows: int, cols: int, lines: list[str]) -> str:
    return "\n".join([f"{rows} {cols}", *lines]) + "\n"


# -- a case back to a Puzzle (export) ---------------------------------------------------------


EXPORT_KINDS: dict[str, tuple[set[str], set[str]]] = {
    "heyawake": ({"room", "shaded-apart", "unshaded-connected"},
                 {"room", "shaded-apart", "unshaded-connected", "shade-at-least"}),
    "kurodoko": ({"seen-cells", "shaded-apart", "unshaded-connected"},
                 {"seen-cells", "shaded-apart", "unshaded-connected"}),
    "cave": ({"unshaded-connected", "shaded-reach-edge"},
             {"unshaded-connected", "shaded-reach-edge", "seen-cells"}),
}
"""What tells each genre's case, as the puzzlekit importer writes it, and every kind its link
can carry."""

EXPORT_LIMITS: dict[str, tuple[int, int]] = {
    "heyawake": (0, 8191), "kurodoko": (1, 8191), "cave": (1, 8191),
}


def heyawake_puzzle(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    """The rooms must divide the board, and the `shade-at-least` lines be the stretches across
    two room borders that the rooms imply."""
    owner: dict[Cell, int] = {}
    counts: list[int] = []
    for rule in case.rules:
        if rule.reference != "room":
            continue
        for cell in readback.cells(rule):
            if cell in owner:
                raise readback.refuse_rule(rule, f"{_name(cell)} is in two rooms")
            owner[cell] = len(counts)
        counts.append(readback.number(rule, "count", default=-1))
    missing = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
               if (r, c) not in owner]
    if missing:
        raise readback.refuse_case(case, f"the rooms do not cover the board "
                                         f"({_name(missing[0])} is in none)")
    order: dict[int, int] = {}
    rooms = []
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            rooms.append(order.setdefault(owner[(r, c)], len(order)))
    cells: list[Value] = [None] * (rows * cols)
    for line_room, k in order.items():
        if counts[line_room] >= 0:
            cells[rooms.index(k)] = counts[line_room]
    implied = set()
    lines = [[(r, c) for c in range(1, cols + 1)] for r in range(1, rows + 1)]
    lines += [[(r, c) for r in range(1, rows + 1)] for c in range(1, cols + 1)]
    for line in lines:
        borders = [k for k in range(len(line) - 1) if owner[line[k]] != owner[line[k + 1]]]
        implied |= {frozenset(line[k0:k1 + 2]) for k0, k1 in itertools.pairwise(borders)}
    for rule in case.rules:
        if rule.reference == "shade-at-least" and (
                frozenset(readback.cells(rule)) not in implied
                or readback.number(rule, "count") != 1):
            raise readback.refuse_rule(rule, "it is not a stretch across two room borders that "
                                       "holds a shaded cell")
    return RoomPuzzle(cols, rows, cells, rooms=rooms)


def _name(cell: Cell) -> str:
    return f"r{cell[0]}c{cell[1]}"


def seen_puzzle(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    cells: list[Value] = [None] * (rows * cols)
    for rule in case.rules:
        if rule.reference == "seen-cells":
            for r, c in readback.cells(rule):
                cells[(r - 1) * cols + c - 1] = readback.number(rule, "count")
    return Puzzle(cols, rows, cells)


EXPORT_PUZZLES = {"heyawake": heyawake_puzzle, "kurodoko": seen_puzzle, "cave": seen_puzzle}


# -- pzprv3 answers ---------------------------------------------------------------------------

ANSWER_SKIP = {"kurodoko": (0, 1), "cave": (0, 1), "heyawake": (1, 2)}
"""Per genre, the lines before the answer grid: a fixed count, and how many ROWS-line grids."""


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
