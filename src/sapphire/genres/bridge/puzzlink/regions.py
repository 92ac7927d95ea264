"""The puz.link genre of regions `lits` (LITS), read from a link, written back to one, and its
pzprv3 answers read.

The bodies, as pzprjs encodes them:
* `lits`: the room borders: bits, five to a base-32 character (`0`-`v`), the first bit the
  most significant; first the (COLS-1)×ROWS borders between cells side by side, row by row,
  then the COLS×(ROWS-1) borders between cells one above the other.

The answers (pzprv3): a LITS's room count and rooms come before its cells, `#` a shaded one.
"""

from __future__ import annotations

from sapphire.case import Case
from sapphire.diagnostics import error
from sapphire.formats import readback
from sapphire.formats.encodings import (
    Body,
    Value,
    border_bits,
    encode_border_bits,
    rooms,
)
from sapphire.formats.pzprv3 import block
from sapphire.genres.bridge.puzzlink.puzzle import Puzzle

Cell = tuple[int, int]


def _clue(v: Value) -> str:
    return "-" if v is None or v < 0 else str(v)


# -- LITS ---------------------------------------------------------------------------------------


def read_lits(body: Body, cols: int, rows: int) -> Puzzle:
    across = border_bits(body, (cols - 1) * rows, "the borders between cells side by side")
    down = border_bits(body, cols * (rows - 1), "the borders between cells one above the other")
    return Puzzle(cols, rows, list(rooms(cols, rows, across, down)))


def lits_text(p: Puzzle) -> str:
    return "\n".join([f"{p.rows} {p.cols}", *(" ".join(str(p.cells[r * p.cols + c])
                                                       for c in range(p.cols))
                                              for r in range(p.rows))]) + "\n"


def lits_body(p: Puzzle) -> str:
    room = p.cells
    across = [int(room[r * p.cols + c] != room[r * p.cols + c + 1])
              for r in range(p.rows) for c in range(p.cols - 1)]
    down = [int(room[r * p.cols + c] != room[(r + 1) * p.cols + c])
            for r in range(p.rows - 1) for c in range(p.cols)]
    return encode_border_bits(across) + encode_border_bits(down)


# -- cases written back as links ------------------------------------------------------------------


def lits_puzzle(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    """The rooms of the `tetromino` lines, which must cover the board once each."""
    room: list[Value] = [None] * (rows * cols)
    n = 0
    for rule in case.rules:
        if rule.reference != "tetromino":
            continue
        n += 1
        for r, c in readback.cells(rule):
            if room[(r - 1) * cols + c - 1] is not None:
                raise readback.refuse_rule(rule, f"r{r}c{c} is in two rooms")
            room[(r - 1) * cols + c - 1] = n
    if None in room:
        k = room.index(None)
        raise error("unsupported", "the case cannot be written as a puzz.link link: "
                    f"r{k // cols + 1}c{k % cols + 1} is in no tetromino's room",
                    case.rules[0].span if case.rules else None)
    return Puzzle(cols, rows, room)


EXPORT_KINDS: dict[str, tuple[set[str], set[str]]] = {
    "lits": ({"tetromino"}, {"connected-wall", "tetromino", "different-shapes"}),
}
"""What tells each genre's case, and every kind its link can carry (see `export.KINDS`)."""
EXPORT_LIMITS: dict[str, tuple[int, int]] = {"lits": (1, 10000)}
"""The numbers each genre's link can write (a LITS's `cells` are its room numbers)."""
EXPORT_PUZZLES = {"lits": lits_puzzle}


# -- pzprv3 answers -----------------------------------------------------------------------------


def read_region_answer(genre: str, rows: int, cols: int, rest: list[list[str]]
                       ) -> dict[str, object] | None:
    """The answer parts of a pzprv3 file of `lits`; None for another genre."""
    if genre == "lits":
        grid = block(rest, rows + 1, rows, cols, "cells")
        return {"shading": [[1 if t == "#" else 0 for t in row] for row in grid]}
    return None
