"""Heyawake: shade cells so that no two shaded cells touch side by side, the unshaded cells
hang together, a room's number is how many of its cells are shaded, and no unshaded run along
a row or column crosses two room borders.

The case is `shaded-apart` and `unshaded-connected`, a `room` per room (with its `count` when
it has a number), and a `shade-at-least … count 1` for every stretch of a row or column from
the cell before one room border to the cell after the next. The answer is the shading.

* puzzlekit (`Heyawake`): two blocks, the room numbers (`-` for none; the number in any cell
  of its room) and the rooms (a token naming each cell's room). A name that stands for cells
  apart is read as one room per piece, the number belonging to the piece where it stands, as
  the grid shows it: the dataset's 216_10x18 names two rooms `16` (and none `26`). The
  solution marks the shaded cells `x`.
* puz.link (`heyawake`, pzprjs's `heyawake.js`; also `heyawacky`): the room borders
  (`border_rooms`), then the rooms' numbers in number16, room by room in reading order of
  their first cells. A `?` (a room's number left unknown) is refused. A pzprv3 answer holds
  the number of rooms, ROWS lines of rooms, ROWS lines of numbers, then ROWS lines of the
  answer, `#` a shaded cell.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell, grid_columns, grid_rows, pieces
from sapphire.formats.encodings import (
    UNKNOWN,
    Body,
    border_rooms,
    encode_border_rooms,
    encode_number16,
    number16,
)
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, Token, groups_of, number, read_layout, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

HINT = "a room's number is how many of its cells are shaded, '-' a cell without one"


@dataclass(frozen=True)
class Room:
    """A room: what the puzzle calls it, its cells in reading order, and its number (None: no
    number) with the cell it stands in."""

    name: str
    cells: tuple[Cell, ...]
    number: int | None = None
    at: Cell | None = None


@dataclass(frozen=True)
class Clues:
    """A Heyawake puzzle: the board divided into rooms."""

    rows: int
    cols: int
    rooms: tuple[Room, ...] = ()

    def room_of(self) -> dict[Cell, int]:
        """Each cell's room, by its place in `rooms`."""
        return {cell: k for k, room in enumerate(self.rooms) for cell in room.cells}


class Heyawake(Genre[Clues]):
    puzzlekit = "Heyawake"
    puzzlink = "heyawake"
    aliases = ("heyawacky",)
    kinds = ("room", "shaded-apart", "unshaded-connected", "shade-at-least")
    tells = ("room", "shaded-apart", "unshaded-connected")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        b.board = (rows, cols)
        b.add("shaded-apart")
        b.add("unshaded-connected")
        for room in clues.rooms:
            if room.number is not None and room.number > len(room.cells):
                cells = "cell" if len(room.cells) == 1 else "cells"
                raise ClueError(f"room '{room.name}' has {len(room.cells)} {cells}, fewer than "
                                f"its number {room.number}", HINT, at=room.at)
            b.add("room", list(room.cells), count=-1 if room.number is None else room.number)
        # an unshaded run along a row or column crosses at most one room border: every stretch
        # from the cell before one border to the cell after the next holds a shaded cell
        room_of = clues.room_of()
        for line in grid_rows(rows, cols) + grid_columns(rows, cols):
            borders = [k for k in range(len(line) - 1)
                       if room_of[line[k]] != room_of[line[k + 1]]]
            for k0, k1 in itertools.pairwise(borders):
                b.add("shade-at-least", line[k0:k1 + 2], id_stem="span", count=1)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the number block", "the room block"))
        numbers, names = lay.blocks
        name_of = {(r, c): t.text for r, row in enumerate(names, 1) for c, t in enumerate(row, 1)}
        given: dict[str, tuple[int, Token, Cell]] = {}
        for r, row in enumerate(numbers, 1):
            for c, t in enumerate(row, 1):
                if t.text == "-":
                    continue
                n = number(src, t, f"at r{r}c{c}", HINT)
                name = name_of[(r, c)]
                if name in given and given[name][0] != n:
                    raise src.at(t, f"room '{name}' has two numbers, {given[name][0]} and {n}",
                                 "a room holds one number")
                given[name] = (n, t, (r, c))
                src.places[(r, c)] = t
        rooms = []
        for cells in groups_of(names):
            name = name_of[cells[0]]
            for piece in pieces(cells):  # a name that stands for cells apart: a room per piece
                n, _, at = given.get(name, (None, None, None))
                if at in piece:
                    rooms.append(Room(name, tuple(piece), n, at))
                else:  # no number, or it stands in another piece
                    rooms.append(Room(name, tuple(piece)))
        return Clues(lay.rows, lay.cols, tuple(rooms))

    def read_solution(self, src: Source) -> Answer:
        return {"shading": [[int(t.text.lower() == "x") for t in row]
                            for row in solution_grid(src)]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        room = border_rooms(body)
        start = body.pos
        numbers = number16(body, max(room))
        if UNKNOWN in numbers:
            raise body.error("a room's clue without its number ('?') is not read",
                             body.text.index(".", start), hint="give every clue its number")
        cells: list[list[Cell]] = [[] for _ in numbers]
        for k, n in enumerate(room):
            cells[n - 1].append((k // cols + 1, k % cols + 1))
        return Clues(rows, cols, tuple(  # rooms named as the text they once went through did
            Room(str(k), tuple(c), n, c[0] if n is not None else None)
            for k, (c, n) in enumerate(zip(cells, numbers, strict=True))))

    def encode(self, clues: Clues) -> str:
        order = sorted(clues.rooms, key=lambda room: min(room.cells))
        room_of = {cell: k for k, room in enumerate(order, 1) for cell in room.cells}
        room = [room_of[(r, c)] for r in range(1, clues.rows + 1)
                for c in range(1, clues.cols + 1)]
        return (encode_border_rooms(clues.cols, clues.rows, room)
                + encode_number16([r.number for r in order]))

    def from_case(self, case: Readback) -> Clues:
        """The rooms must divide the board, and the `shade-at-least` lines be the stretches
        across two room borders that the rooms imply."""
        rows, cols = case.rows, case.cols
        owner: dict[Cell, int] = {}
        counts: list[int] = []
        for rule in case.rules("room"):
            for cell in case.cells(rule):
                if cell in owner:
                    raise case.refuse_rule(rule, f"r{cell[0]}c{cell[1]} is in two rooms")
                owner[cell] = len(counts)
            counts.append(case.number(rule, "count", default=-1))
        board = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
        missing = [cell for cell in board if cell not in owner]
        if missing:
            r, c = missing[0]
            raise case.refuse(f"the rooms do not cover the board (r{r}c{c} is in none)")
        cells: dict[int, list[Cell]] = {}
        for cell in board:  # rooms in reading order of their first cells
            cells.setdefault(owner[cell], []).append(cell)
        clues = Clues(rows, cols, tuple(
            Room(str(k), tuple(c), counts[k] if counts[k] >= 0 else None, c[0])
            for k, c in cells.items()))
        room_of = clues.room_of()
        implied = set()
        for line in grid_rows(rows, cols) + grid_columns(rows, cols):
            borders = [k for k in range(len(line) - 1)
                       if room_of[line[k]] != room_of[line[k + 1]]]
            implied |= {frozenset(line[k0:k1 + 2]) for k0, k1 in itertools.pairwise(borders)}
        for rule in case.rules("shade-at-least"):
            if frozenset(case.cells(rule)) not in implied or case.number(rule, "count") != 1:
                raise case.refuse_rule(rule, "it is not a stretch across two room borders that "
                                             "holds a shaded cell")
        case.within((room.number for room in clues.rooms), 0, 8191)
        return clues

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        grid = file.block(1 + 2 * file.rows, file.rows, file.cols, "shading")
        return {"shading": [[int(t == "#") for t in row] for row in grid]}
