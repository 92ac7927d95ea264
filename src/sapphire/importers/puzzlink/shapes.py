"""puzz.link genres whose answers are lines: `hashikake` (Hashi) and `gokigen` (Gokigen
Naname), in and out.

A `hashikake` link is pzprjs's numbers in cells (`number16`: an island's number of bridges); a
`gokigen` link the numbers 0-4 on the (ROWS+1)×(COLS+1) grid corners, written as pzprjs writes
clues 0-4 in cells (`four_cell`, its `decode4Cross`). Each is turned into the text the puzzlekit
importer reads, so the rules are written once (`puzzlekit.shapes`). Going out, a case's
`bridge-count` lines give the islands' numbers back (its `hashi` line the islands without
one), and its `corner-count` lines the corners' numbers.

A pzprv3 answer of a `hashikake` holds, after the clue rows, ROWS lines of COLS-1 across
borders and ROWS-1 lines of COLS down borders: the number of bridges over each (`-1`, a
player's mark that no bridge crosses there, is none). Bridges run through the cells between
islands, so every border a bridge crosses counts it, as the case's links do. A `gokigen`
answer holds, after the corner rows, ROWS lines of COLS cells: 1 for `\\`, 2 for `/`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sapphire.case import Case
from sapphire.diagnostics import error
from sapphire.importers.puzzlink.encodings import UNKNOWN, Body, Value, encode_four_cell, four_cell

if TYPE_CHECKING:  # genres registers this module's functions, so it is imported late
    from sapphire.importers.puzzlink.genres import Puzzle


def _count(t: str) -> int:
    return int(t) if t.lstrip("-").isdigit() and int(t) > 0 else 0


def links_answer(rest: list[list[str]], rows: int, cols: int) -> dict[str, object]:
    """The answer's `links` from the border rows after the clue rows."""
    across = rest[rows:2 * rows]
    down = rest[2 * rows:3 * rows - 1]
    if len(across) < rows or len(down) < rows - 1 or any(len(r) < cols - 1 for r in across) \
            or any(len(r) < cols for r in down):
        raise error("bad-pzprv3", f"the pzprv3 answer's borders are short of {rows} lines of "
                    f"{cols - 1} and {rows - 1} of {cols}",
                    hint="a pzprv3 file as pzprjs writes it")
    return {"links": {
        "across": [[_count(across[r][c]) if c < cols - 1 else 0 for c in range(cols)]
                   for r in range(rows)],
        "down": [[_count(down[r][c]) if r < rows - 1 else 0 for c in range(cols)]
                 for r in range(rows)]}}


def diagonals_answer(rest: list[list[str]], rows: int, cols: int) -> dict[str, object]:
    """The answer's `diagonals` from the cell rows after the corner rows."""
    cells = rest[rows + 1:2 * rows + 1]
    if len(cells) < rows or any(len(r) < cols for r in cells):
        raise error("bad-pzprv3", f"the pzprv3 answer's cells are short of {rows} lines of "
                    f"{cols}", hint="a pzprv3 file as pzprjs writes it")
    return {"diagonals": [[{"1": 1, "2": 2}.get(t, 0) for t in row[:cols]] for row in cells]}


ANSWERS = {"hashikake": links_answer, "gokigen": diagonals_answer}
"""The pzprv3 answer readers of these genres, by pzprjs name."""


def hashi_text(p: Puzzle) -> str:
    """The puzzlekit Hashi text of a link's islands; an island without a number (`?` in
    puzz.link) has no place in it."""
    if UNKNOWN in p.cells:
        k = p.cells.index(UNKNOWN)
        raise error("unsupported", f"the island at r{k // p.cols + 1}c{k % p.cols + 1} has no "
                    "number, which the Hashi rules here need")
    rows = [" ".join("-" if v is None else str(v) for v in p.cells[r * p.cols:(r + 1) * p.cols])
            for r in range(p.rows)]
    return "\n".join([f"{p.rows} {p.cols}", *rows]) + "\n"


def hashikake_puzzle(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    """A Hashi case's islands: their numbers from `bridge-count`, `?` for an island without."""
    from sapphire.importers.puzzlink.genres import Puzzle

    cells: list[Value] = [None] * (rows * cols)
    for rule in case.rules:
        if rule.reference == "hashi":
            for ref in rule.cells:
                cells[(ref.cell.row - 1) * cols + ref.cell.col - 1] = UNKNOWN
    for rule in case.rules:
        if rule.reference == "bridge-count":
            count = next((p.value for p in rule.params if p.name == "count"), None)
            for ref in rule.cells:
                k = (ref.cell.row - 1) * cols + ref.cell.col - 1
                if cells[k] is None or not isinstance(count, int):
                    raise error("unsupported", "the case cannot be written as a puzz.link "
                                "link: its 'bridge-count' rule: a count is a number on an "
                                "island of the 'hashi' line", rule.span)
                cells[k] = count
    return Puzzle(cols, rows, cells)


def read_corners(body: Body, cols: int, rows: int) -> Puzzle:
    """A `gokigen` link's corner numbers, row by row over the (ROWS+1)×(COLS+1) corners."""
    from sapphire.importers.puzzlink.genres import Puzzle

    return Puzzle(cols, rows, four_cell(body, (cols + 1) * (rows + 1)))


def gokigen_text(p: Puzzle) -> str:
    """The puzzlekit GokigenNaname text: the size, then a row of corners per grid line."""
    w = p.cols + 1
    rows = [" ".join("-" if v is None or v == UNKNOWN else str(v)
                     for v in p.cells[a * w:(a + 1) * w]) for a in range(p.rows + 1)]
    return "\n".join([f"{p.rows} {p.cols}", *rows]) + "\n"


def corners_body(p: Puzzle) -> str:
    return encode_four_cell(p.cells)


def _corner(cells: list[tuple[int, int]], rows: int, cols: int) -> tuple[int, int] | None:
    """The grid corner where the cells, and no others, meet (corner a,b is the bottom-right
    corner of cell a,b), as `corner-count` names it."""
    if not cells:
        return None
    r, c = cells[0]
    for a in (r - 1, r):
        for b in (c - 1, c):
            around = {(x, y) for x in (a, a + 1) for y in (b, b + 1)
                      if 1 <= x <= rows and 1 <= y <= cols}
            if around == set(cells):
                return a, b
    return None


def gokigen_puzzle(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    """A Gokigen Naname case's corner numbers, from its `corner-count` lines."""
    from sapphire.importers.puzzlink.genres import Puzzle

    cells: list[Value] = [None] * ((rows + 1) * (cols + 1))
    for rule in case.rules:
        if rule.reference != "corner-count":
            continue
        count = next((p.value for p in rule.params if p.name == "count"), None)
        corner = _corner([(ref.cell.row, ref.cell.col) for ref in rule.cells], rows, cols)
        if corner is None or not isinstance(count, int):
            raise error("unsupported", "the case cannot be written as a puzz.link link: its "
                        "'corner-count' rule: its cells meet at no one corner", rule.span)
        cells[corner[0] * (cols + 1) + corner[1]] = count
    return Puzzle(cols, rows, cells)
