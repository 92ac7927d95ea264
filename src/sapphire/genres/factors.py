"""Factors (Rooms of Factors): a Latin square (each row and column holds 1 to N once) cut into
rooms; a room's number is the product of its digits, which may repeat in it.

The case is `latin-square` and a `product-cage … product P` line on each room with a number
(`room-1`, …); a room without one (pzprjs allows it) has no line. The answer is the digits.

* puzzlekit (`Factors`): the grid, each room's product in one of its cells (not always the
  first) and `-` elsewhere; then the rooms, a block naming each cell's room by a number. A
  solution is every cell's digit.
* puz.link (`factors`, pzprjs's `factors.js`): the borders between cells side by side
  ((COLS−1)·ROWS bits, row by row), then those between cells one above the other, five to a
  base-32 character; then each room's number in number16, rooms in the reading order of their
  first cells, `g`-`z` skipping rooms without one. Export writes the cells that no
  `product-cage` lists as rooms of their own, parted where no cells of theirs touch. A pzprv3
  answer holds the borders, ROWS lines of the rooms' numbers in their first cells, then
  ROWS lines of the digits (`.` none).
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell, pieces
from sapphire.formats.encodings import (
    UNKNOWN,
    Body,
    border_bits,
    encode_border_bits,
    encode_number16,
    number16,
    rooms,
)
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import (
    Source,
    groups_of,
    number_grid,
    read_layout,
    solution_digits,
    square_side,
)
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

HINT = "a room's product stands in one of its cells, '-' in the others"
LARGEST = 12287
"""The largest number a factors link writes (number16's `%fff`)."""


@dataclass(frozen=True)
class Clues:
    """A Factors puzzle: the board and its rooms, each with its product (None: none)."""

    rows: int
    cols: int
    rooms: tuple[tuple[tuple[Cell, ...], int | None], ...] = ()
    """Each room's cells, in reading order, and its product; rooms in the reading order of
    their first cells."""


class Factors(Genre[Clues]):
    puzzlekit = "Factors"
    puzzlink = "factors"
    kinds = ("latin-square", "product-cage")
    tells = ("latin-square", "product-cage")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        n = clues.rows
        if clues.cols != n:
            raise ClueError(f"a {clues.rows}x{clues.cols} board is not square",
                            "a Factors' rows and columns hold the same digits", at="size")
        b.add_grid(n, n, None)
        for cells, product in clues.rooms:
            if product is not None:
                b.add("product-cage", cells, id_stem="room", product=product)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid", "the rooms"))
        n = square_side(src, lay)
        src.places["size"] = lay.head[0]
        numbers = number_grid(src, lay.blocks[0], HINT)
        found = []
        for cells in sorted(groups_of(lay.blocks[1])):
            given = [(cell, numbers[cell[0] - 1][cell[1] - 1]) for cell in cells
                     if numbers[cell[0] - 1][cell[1] - 1] is not None]
            if len(given) > 1:
                (r, c), _ = given[1]
                raise src.at(lay.blocks[0][r - 1][c - 1], f"the room of r{r}c{c} has a second "
                             f"product, {given[1][1]} (the first is {given[0][1]})", HINT)
            found.append((tuple(cells), given[0][1] if given else None))
        return Clues(n, n, tuple(found))

    def read_solution(self, src: Source) -> Answer:
        return {"digits": solution_digits(src)}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        across = border_bits(body, (cols - 1) * rows, "the borders between cells side by side")
        down = border_bits(body, cols * (rows - 1), "the borders between cells one above the "
                           "other")
        room = rooms(cols, rows, across, down)
        start = body.pos
        numbers = number16(body, max(room))
        if UNKNOWN in numbers:
            raise body.error("a room's number without its value ('?') is not read",
                             body.text.index(".", start), hint="give every room its product")
        cells: dict[int, list[Cell]] = {}
        for k, n in enumerate(room):
            cells.setdefault(n, []).append((k // cols + 1, k % cols + 1))
        return Clues(rows, cols, tuple((tuple(cells[k + 1]), v) for k, v in enumerate(numbers)))

    def encode(self, clues: Clues) -> str:
        cols, rows = clues.cols, clues.rows
        room = {cell: k for k, (cells, _) in enumerate(clues.rooms) for cell in cells}
        across = [int(room[(r, c)] != room[(r, c + 1)])
                  for r in range(1, rows + 1) for c in range(1, cols)]
        down = [int(room[(r, c)] != room[(r + 1, c)])
                for r in range(1, rows) for c in range(1, cols + 1)]
        return (encode_border_bits(across) + encode_border_bits(down)
                + encode_number16([product for _, product in clues.rooms]))

    def from_case(self, case: Readback) -> Clues:
        """The rooms of the `product-cage` lines, which may not overlap, each in one piece;
        the cells no cage lists make rooms without a number, one a piece."""
        n = case.rows
        if case.cols != n:
            raise case.refuse(f"a Factors is square, not {case.rows}x{case.cols}")
        found: list[tuple[tuple[Cell, ...], int | None]] = []
        taken: set[Cell] = set()
        for rule in case.rules("product-cage"):
            cells = sorted(set(case.cells(rule)))
            if taken & set(cells) or len(pieces(cells)) != 1:
                raise case.refuse_rule(rule, "a factors link's rooms are pieces of the board "
                                             "that do not overlap")
            taken.update(cells)
            found.append((tuple(cells), case.number(rule, "product")))
        case.within((p for _, p in found), 0, LARGEST)
        rest = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1) if (r, c) not in taken]
        found += [(tuple(sorted(piece)), None) for piece in pieces(rest)]
        return Clues(n, n, tuple(sorted(found)))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        rows, cols = file.rows, file.cols
        grid = file.block(3 * rows - 1, rows, cols, "digits")

        def digit(token: str) -> int | None:
            token = token.split("[", 1)[0]
            return int(token) if token.isdecimal() else None

        return {"digits": [[digit(t) for t in row] for row in grid]}
