"""puzzlekit genres whose answer shades cells, with clues in or around the grid: Heyawake,
Kuromasu, Cave and Creek.

Layouts (read from the dataset's problems and solutions and the puzzlekit package's parsers):

* `Heyawake`: two blocks, the room numbers (`-` for a room without one, the number in any
  cell of its room) and the rooms (a token naming each cell's room).
* `Kuromasu`, `Cave`: one block, a number (1 or more) or `-` per cell.
* `Creek`: ROWS+1 lines of COLS+1 tokens, one per grid corner: a number 0-4 or `-`.

A solution marks with `x` the shaded cells of a Heyawake, Kuromasu and Creek,
and the cave of a Cave: Sapphire shades a Cave's outside, the cells that reach the edge.

Known faults of the dataset: Heyawake 216_10x18 names two rooms `16` (and none `26`). A name
that stands for cells apart is read as one room per piece, the number belonging to the piece
where it stands, as the grid shows it.
"""

from __future__ import annotations

import itertools

from sapphire.case.givens import corner_cells
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell, grid_columns, grid_rows, pieces
from sapphire.formats.puzzlekit import (
    Part,
    Source,
    Token,
    groups_of,
    number,
    read_layout,
    read_lines,
)


def heyawake(b: CaseBuilder, src: Source) -> None:
    """Two blocks: the room numbers, then the rooms."""
    lay = read_layout(src, ("the number block", "the room block"))
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    numbers, rooms = lay.blocks
    hint = "a room's number is how many of its cells are shaded, '-' a cell without one"
    b.add("shaded-apart")
    b.add("unshaded-connected")
    room_of: dict[Cell, str] = {}
    for r, row in enumerate(rooms, 1):
        for c, t in enumerate(row, 1):
            room_of[(r, c)] = t.text
    counts: dict[str, tuple[int, Token, Cell]] = {}
    for r, row in enumerate(numbers, 1):
        for c, t in enumerate(row, 1):
            if t.text == "-":
                continue
            n = number(src, t, f"at r{r}c{c}", hint)
            name = room_of[(r, c)]
            if name in counts and counts[name][0] != n:
                raise src.at(t, f"room '{name}' has two numbers, {counts[name][0]} and {n}",
                             "a room holds one number")
            counts[name] = (n, t, (r, c))
    for cells in groups_of(rooms):
        name = room_of[cells[0]]
        for piece in pieces(cells):  # a name that stands for cells apart: a room per piece
            n, tok, at = counts.get(name, (-1, None, None))
            if at not in piece:  # the number stands in another piece
                n, tok = -1, None
            if tok is not None and n > len(piece):
                cells_word = "cell" if len(piece) == 1 else "cells"
                raise src.at(tok, f"room '{name}' has {len(piece)} {cells_word}, fewer than its "
                             f"number {n}", hint)
            b.add("room", piece, count=n)
    # an unshaded run along a row or column crosses at most one room border: every stretch
    # from the cell before one border to the cell after the next holds a shaded cell
    for line in grid_rows(rows, cols) + grid_columns(rows, cols):
        borders = [k for k in range(len(line) - 1) if room_of[line[k]] != room_of[line[k + 1]]]
        for k0, k1 in itertools.pairwise(borders):
            b.add("shade-at-least", line[k0:k1 + 2], id_stem="span", count=1)


def _numbers(src: Source, genre_hint: str) -> tuple[int, int, list[tuple[Cell, int]]]:
    """A block of numbers (1 or more) and `-`: the board's size and the numbered cells."""
    lay = read_layout(src, ("the grid",))
    out = []
    for r, row in enumerate(lay.blocks[0], 1):
        for c, t in enumerate(row, 1):
            if t.text != "-":
                n = number(src, t, f"at r{r}c{c}", genre_hint)
                if n < 1:
                    raise src.at(t, f"the number {n} at r{r}c{c} is not 1 or more", genre_hint)
                out.append(((r, c), n))
    return lay.rows, lay.cols, out


def kuromasu(b: CaseBuilder, src: Source) -> None:
    """One block: a number is how many unshaded cells its cell sees, itself included."""
    rows, cols, clues = _numbers(src, "a number is how many unshaded cells its cell sees in its "
                                 "row and column, itself included; '-' a cell without one")
    b.board = (rows, cols)
    b.add("shaded-apart")
    b.add("unshaded-connected")
    for cell, n in clues:
        b.add("seen-cells", [cell], count=n)


def cave(b: CaseBuilder, src: Source) -> None:
    """One block: a number is how many cells of the cave its cell sees, itself included. The
    case shades the outside of the cave."""
    rows, cols, clues = _numbers(src, "a number is how many cave cells its cell sees in its "
                                 "row and column, itself included; '-' a cell without one")
    b.board = (rows, cols)
    b.add("unshaded-connected")
    b.add("shaded-reach-edge")
    for cell, n in clues:
        b.add("seen-cells", [cell], count=n)


def creek(b: CaseBuilder, src: Source) -> None:
    """ROWS+1 lines of COLS+1 corner clues: how many of the cells around a corner are
    shaded."""
    lay = read_lines(src, lambda rows, cols: [
        Part("the corner grid", rows + 1, cols + 1, "column and one more")])
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    b.add("unshaded-connected")
    hint = "a corner's number is how many of the cells around it are shaded, '-' for none"
    for a, row in enumerate(lay.blocks[0]):
        for d, t in enumerate(row):
            if t.text == "-":
                continue
            cells = corner_cells(a, d, rows, cols)
            corner = f"corner {a},{d} (0,0 is the grid's top left corner)"
            n = number(src, t, f"at {corner}", hint)
            if n > len(cells):
                raise src.at(t, f"the number {n} at {corner} is more than the {len(cells)} "
                             "cells around it", hint)
            b.add("corner-count", cells, count=n)


GENRES = {"Heyawake": heyawake, "Kuromasu": kuromasu, "Cave": cave,
          "Creek": creek}
"""The genres of this module, each with the function that states its rules."""

KINDS: dict[str, tuple[str, ...]] = {
    "Heyawake": ("room", "shaded-apart", "unshaded-connected", "shade-at-least"),
    "Kuromasu": ("seen-cells", "shaded-apart", "unshaded-connected"),
    "Cave": ("seen-cells", "unshaded-connected", "shaded-reach-edge"),
    "Creek": ("corner-count", "unshaded-connected"),
}


def read_shade_solution(genre: str, block: list[list[str]]) -> dict[str, list[list[int]]] | None:
    """A solution's first block (lower-cased tokens) as the case's shading; None for a genre
    of another module. A Cave's `x` marks its cave, which the case leaves unshaded."""
    if genre not in GENRES:
        return None
    mark = 0 if genre == "Cave" else 1
    return {"shading": [[mark if t == "x" else 1 - mark for t in row] for row in block]}
