"""puzz.link genres of tents and regions: `tents` (Tent), `shikaku` (Shikaku) and `lits`
(LITS), read from a link, written back to one, and their pzprv3 answers read.

The bodies, as pzprjs encodes them:
* `tents`: the numbers outside the grid in number16 (above the columns left to right, then
  left of the rows top to bottom), then the trees: each character either marks a cell as a
  tree and skips the 0-17 cells after it (`0`-`h`), or skips 1-18 cells (`i`-`z`), counted on
  from the cell it stands for.
* `shikaku`: the numbers in the cells, number16.
* `lits`: the room borders: bits, five to a base-32 character (`0`-`v`), the first bit the
  most significant; first the (COLS-1)×ROWS borders between cells side by side, row by row,
  then the COLS×(ROWS-1) borders between cells one above the other.

The answers (pzprv3): a Tent's first grid holds the outside numbers and the cells, `A` a tent;
a Shikaku's clue rows are followed by its borders (ROWS lines of COLS-1 vertical ones, ROWS-1
lines of COLS horizontal ones; `1` a border), which part the board into the answer's regions;
a LITS's room count and rooms come before its cells, `#` a shaded one.
"""

from __future__ import annotations

from sapphire.case import Case
from sapphire.diagnostics import error
from sapphire.formats import readback
from sapphire.formats.answer import canonical_regions
from sapphire.formats.encodings import (
    B36,
    Body,
    Value,
    border_bits,
    encode_border_bits,
    encode_number16,
    number16,
    rooms,
)
from sapphire.formats.pzprv3 import block
from sapphire.genres.bridge.puzzlink.puzzle import Puzzle

Cell = tuple[int, int]


# -- Tent ---------------------------------------------------------------------------------------


def read_tents(body: Body, cols: int, rows: int) -> Puzzle:
    outside = number16(body, cols + rows)
    count = cols * rows
    trees: list[Value] = [None] * count
    c = 0
    while c < count and not body.done():
        ch = body.peek()
        if ch not in B36:
            raise body.error(f"'{ch}' is not a tree's place", hint="the trees are 0-h (a tree, "
                             "then that many cells without one) or i-z (1-18 cells without)")
        v = int(ch, 36)
        if v <= 17:
            trees[c] = 1
            c += v + 1
        else:
            c += v - 17
        body.pos += 1
    return Puzzle(cols, rows, trees, outside)


def tents_text(p: Puzzle) -> str:
    out = p.outside or [None] * (p.cols + p.rows)
    lines = [" ".join(_clue(v) for v in out[:p.cols]), " ".join(_clue(v) for v in out[p.cols:])]
    lines += [" ".join("x" if p.cells[r * p.cols + c] else "-" for c in range(p.cols))
              for r in range(p.rows)]
    return "\n".join([f"{p.rows} {p.cols}", *lines]) + "\n"


def tents_body(p: Puzzle) -> str:
    out = encode_number16(p.outside or [None] * (p.cols + p.rows))
    marks = [k for k, v in enumerate(p.cells) if v]
    chars: list[str] = []
    c = 0
    for k, mark in enumerate(marks):
        while mark - c > 0:  # cells without a tree before this one: skip up to 18 at a time
            step = min(18, mark - c)
            chars.append(B36[step + 17])
            c += step
        end = marks[k + 1] if k + 1 < len(marks) else len(p.cells)
        step = min(17, end - mark - 1)
        chars.append(B36[step])
        c = mark + step + 1
    return out + "".join(chars)


def _clue(v: Value) -> str:
    return "-" if v is None or v < 0 else str(v)


# -- Shikaku ------------------------------------------------------------------------------------


def read_shikaku(body: Body, cols: int, rows: int) -> Puzzle:
    start = body.pos
    cells = number16(body, cols * rows)
    if any(v is not None and v < 1 for v in cells):
        raise body.error("a '?' rectangle (a number without its size) is not read", start,
                         hint="give every rectangle's size")
    return Puzzle(cols, rows, cells)


def shikaku_text(p: Puzzle) -> str:
    return "\n".join([f"{p.rows} {p.cols}", *(" ".join(_clue(p.cells[r * p.cols + c])
                                                       for c in range(p.cols))
                                              for r in range(p.rows))]) + "\n"


def shikaku_body(p: Puzzle) -> str:
    return encode_number16(p.cells)


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


def tents_puzzle(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    """The trees of the `tents` line, and each `shade-count` on a whole row or column as its
    number outside the grid."""
    trees: list[Value] = [None] * (rows * cols)
    outside: list[Value] = [None] * (cols + rows)
    for rule in case.rules:
        cells = readback.cells(rule)
        if rule.reference == "tents":
            for r, c in cells:
                trees[(r - 1) * cols + c - 1] = 1
        elif rule.reference == "shade-count":
            if sorted(cells) == [(r, cells[0][1]) for r in range(1, rows + 1)]:
                outside[cells[0][1] - 1] = readback.number(rule, "count")
            elif sorted(cells) == [(cells[0][0], c) for c in range(1, cols + 1)]:
                outside[cols + cells[0][0] - 1] = readback.number(rule, "count")
            else:
                raise readback.refuse_rule(rule, "a tents link counts tents in whole rows and "
                                           "columns")
    return Puzzle(cols, rows, trees, outside)


def shikaku_puzzle(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    cells: list[Value] = [None] * (rows * cols)
    numbered: set[Cell] = set()
    for rule in case.rules:
        if rule.reference == "rectangle":
            if len(rule.cells) != 1:
                raise readback.refuse_rule(rule, "a rectangle's number is one cell")
            (r, c), = readback.cells(rule)
            cells[(r - 1) * cols + c - 1] = readback.number(rule, "size")
        elif rule.reference == "numbered-regions":
            numbered.update(readback.cells(rule))
    for rule in case.rules:
        if rule.reference == "rectangle" and readback.cells(rule)[0] not in numbered:
            raise readback.refuse_rule(rule, "its number is missing from the numbered-regions line")
    return Puzzle(cols, rows, cells)


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
    "tents": ({"tents"}, {"tents", "shade-count"}),
    "shikaku": ({"rectangle"}, {"numbered-regions", "rectangle"}),
    "lits": ({"tetromino"}, {"connected-wall", "tetromino", "different-shapes"}),
}
"""What tells each genre's case, and every kind its link can carry (see `export.KINDS`)."""
EXPORT_LIMITS: dict[str, tuple[int, int]] = {"tents": (0, 4095), "shikaku": (1, 4095),
                                              "lits": (1, 10000)}
"""The numbers each genre's link can write (a LITS's `cells` are its room numbers)."""
EXPORT_PUZZLES = {"tents": tents_puzzle, "shikaku": shikaku_puzzle, "lits": lits_puzzle}


# -- pzprv3 answers -----------------------------------------------------------------------------


def read_region_answer(genre: str, rows: int, cols: int, rest: list[list[str]]
                       ) -> dict[str, object] | None:
    """The answer parts of a pzprv3 file of `tents`, `shikaku` or `lits`; None for another
    genre."""
    if genre == "tents":
        grid = block(rest, 0, rows + 1, cols + 1, "grid")
        return {"shading": [[1 if t == "A" else 0 for t in row[1:]] for row in grid[1:]]}
    if genre == "shikaku":
        across = block(rest, rows, rows, cols - 1, "vertical borders")
        down = block(rest, 2 * rows, rows - 1, cols, "horizontal borders")
        room = rooms(cols, rows, [int(t == "1") for row in across for t in row],
                     [int(t == "1") for row in down for t in row])
        return {"regions": canonical_regions([[room[r * cols + c] for c in range(cols)]
                                              for r in range(rows)])}
    if genre == "lits":
        grid = block(rest, rows + 1, rows, cols, "cells")
        return {"shading": [[1 if t == "#" else 0 for t in row] for row in grid]}
    return None
