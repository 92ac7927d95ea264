"""Akari (Light Up): place bulbs in open cells so that every open cell is lit (a bulb lights
its row and column up to the walls), no bulb lights another, and a numbered wall has that many
bulbs beside it.

The case is stated on the bulbs as counts of shaded cells: none on the walls (`shade-count …
count 0`, when there are walls), a numbered wall's number as the count of its open side
neighbours, at most one bulb per row or column segment of two or more open cells between walls
(`shade-at-most`), and at least one bulb among the cells each open cell sees, itself included
(`shade-at-least`). The answer's shading marks the bulbs.

* puzzlekit (`Akari`): one block, `x` a wall, `0`-`4` a wall with its number, `-` an open
  cell. The solution marks the bulbs `o`.
* puz.link (`lightup`, pzprjs's `lightup.js`; also `akari`): the walls in four_cell, `.` a
  wall without a number. A pzprv3 answer holds ROWS lines of the walls and the answer
  together, `#` a bulb.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import ORTHOGONAL, Cell, grid_columns, grid_rows, neighbours
from sapphire.formats.encodings import UNKNOWN, Body, encode_four_cell, four_cell
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, number, read_layout, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

HINT = "a cell is x (a wall), 0-4 (a wall with its number of bulbs around) or '-' (open)"


@dataclass(frozen=True)
class Clues:
    """An Akari puzzle: the board and its walls."""

    rows: int
    cols: int
    walls: dict[Cell, int | None] = field(default_factory=dict)
    """The wall cells, (row, column) from 1, each with its number of bulbs around (None: no
    number)."""


class Akari(Genre[Clues]):
    puzzlekit = "Akari"
    puzzlink = "lightup"
    aliases = ("akari",)
    kinds = ("shade-count", "shade-at-most", "shade-at-least")
    tells = ("shade-at-least", "shade-at-most")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols, walls = clues.rows, clues.cols, clues.walls
        b.board = (rows, cols)
        for (r, c), n in sorted(walls.items()):
            if n is not None and not 0 <= n <= 4:
                raise ClueError(f"the wall number {n} at r{r}c{c} is not 0-4", HINT, at=(r, c))
        if walls:
            b.add("shade-count", sorted(walls), id_stem="walls", count=0)
        for cell, n in sorted(walls.items()):
            if n is None:
                continue
            around = [x for x in neighbours(cell, ORTHOGONAL, rows, cols) if x not in walls]
            if around or n:
                b.add("shade-count", around, id_stem="number", count=n)
        seen: dict[Cell, list[Cell]] = {}
        segments: list[list[Cell]] = []
        for line in grid_rows(rows, cols) + grid_columns(rows, cols):
            run: list[Cell] = []
            for cell in [*line, None]:
                if cell is not None and cell not in walls:
                    run.append(cell)
                    continue
                for x in run:  # x sees its row segment and its column segment
                    sees = seen.setdefault(x, [])
                    sees.extend(y for y in run if y not in sees)
                if len(run) > 1:
                    segments.append(run)
                run = []
        for seg in segments:
            b.add("shade-at-most", seg, id_stem="segment", count=1)
        for r in range(1, rows + 1):
            for c in range(1, cols + 1):
                if (r, c) not in walls:
                    b.add("shade-at-least", seen[(r, c)], id_stem="lit", count=1)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        walls: dict[Cell, int | None] = {}
        for r, row in enumerate(lay.blocks[0], 1):
            for c, t in enumerate(row, 1):
                src.places[(r, c)] = t
                if t.text in ("x", "X"):
                    walls[(r, c)] = None
                elif t.text != "-":
                    walls[(r, c)] = number(src, t, f"at r{r}c{c}", HINT)
        return Clues(lay.rows, lay.cols, walls)

    def read_solution(self, src: Source) -> Answer:
        return {"shading": [[int(t.text.lower() == "o") for t in row]
                            for row in solution_grid(src)]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        cells = four_cell(body, cols * rows)
        return Clues(rows, cols, {(k // cols + 1, k % cols + 1): None if v == UNKNOWN else v
                                  for k, v in enumerate(cells) if v is not None})

    def encode(self, clues: Clues) -> str:
        return encode_four_cell([UNKNOWN if (r, c) in clues.walls and clues.walls[(r, c)] is None
                                 else clues.walls.get((r, c))
                                 for r in range(1, clues.rows + 1)
                                 for c in range(1, clues.cols + 1)])

    def from_case(self, case: Readback) -> Clues:
        """Every open cell has a rule that it be lit; the others are walls. A numbered wall is
        the one whose open neighbours a count rule names (the first in reading order when
        several walls have the same ones: their numbers then state the same)."""
        rows, cols = case.rows, case.cols
        open_cells = {cell for rule in case.rules("shade-at-least") for cell in case.cells(rule)}
        walls: dict[Cell, int | None] = {(r, c): None for r in range(1, rows + 1)
                                         for c in range(1, cols + 1) if (r, c) not in open_cells}
        for rule in case.rules("shade-count"):
            named = set(case.cells(rule))
            n = case.number(rule, "count")
            if named <= set(walls):
                if n:
                    raise case.refuse_rule(rule, "a bulb on a wall")
                continue
            wall = next((w for w, v in walls.items() if v is None and {
                x for x in neighbours(w, ORTHOGONAL, rows, cols) if x in open_cells} == named),
                None)
            if wall is None:
                raise case.refuse_rule(rule, "its cells are not the open neighbours of a wall")
            walls[wall] = n
        case.within(walls.values(), 0, 4)
        return Clues(rows, cols, walls)

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        grid = file.block(0, file.rows, file.cols, "grid")
        return {"shading": [[int(t == "#") for t in row] for row in grid]}
