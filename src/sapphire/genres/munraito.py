"""Munraito (janko.at's Sternenhaufen): place one star and one cloud in every row and every
column. A star lights its row and column in both directions, up to a cloud, a planet or the
edge. A planet's number says which of its four sides are lit: the sum of 8 (above), 4
(left), 2 (below) and 1 (right) for the sides lit.

A cell holds 0 (empty), 1 (a star), 2 (a cloud) or 3 (a planet; `digits: 0-3`): the planets
are given 3 and every other cell keeps 3 out (`absent-digits … digits [3]`); each row and
column has a `digit-counts` line (one 1, one 2; `row-1`, `column-1`, …). A side is lit when
the first star or cloud seen from the planet on that side, over empty cells, is a star: a
`first-seen … digit 1` along the cells from the planet outwards for a lit side, and `not
first-seen … digit 1` for a dark one (the first thing seen is a cloud or a planet, or nothing
before the edge). A dark side at the edge needs no line. The rules are those of the
puzzlekit solver; with them each of the dataset's puzzles has its recorded answer alone. The
answer is the digits.

* puzzlekit (`Munraito`): the grid, a planet's number 0-15 or `-` per cell. A solution marks
  each star `s`, each cloud `x`, an empty cell `-` and repeats the planets' numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Cell,
    grid_columns,
    grid_rows,
    moved,
    ray,
)
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, number_grid, rc, read_layout, solution_grid

HINT = "a cell is a planet's number 0-15 (8 above, 4 left, 2 below, 1 right lit) or '-'"
SIDES = ((8, UP), (4, LEFT), (2, DOWN), (1, RIGHT))
"""Each side of a planet: its value in the planet's number, and the step towards it."""
EMPTY, STAR, CLOUD, PLANET = 0, 1, 2, 3


@dataclass(frozen=True)
class Clues:
    """A Munraito puzzle: the board and its planets' numbers."""

    rows: int
    cols: int
    planets: tuple[tuple[Cell, int], ...] = ()
    """Each planet's cell and number, in reading order."""


class Munraito(Genre[Clues]):
    puzzlekit = "Munraito"
    kinds = ("digit-counts", "absent-digits", "first-seen")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        at = dict(clues.planets)
        for cell, sides in clues.planets:
            if not 0 <= sides <= 15:
                raise ClueError(f"the planet {sides} at {rc(cell[0] - 1, cell[1] - 1)} is not "
                                "0-15", HINT, at=cell)
        b.board = (rows, cols)
        b.digits = (EMPTY, PLANET)
        b.add_givens([[PLANET if (r, c) in at else None for c in range(1, cols + 1)]
                      for r in range(1, rows + 1)])
        for what, lines in (("row", grid_rows(rows, cols)), ("column", grid_columns(rows, cols))):
            for line in lines:
                b.add("digit-counts", line, id_stem=what, counts=[[1, STAR], [1, CLOUD]])
        others = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
                  if (r, c) not in at]
        if others:
            b.add("absent-digits", others, digits=[PLANET])
        for cell, sides in clues.planets:
            for bit, step in SIDES:
                seen = ray(moved(cell, step), step, rows, cols)
                if sides & bit and not seen:
                    raise ClueError(f"the planet {sides} at {rc(cell[0] - 1, cell[1] - 1)} is "
                                    "lit from beyond the edge", HINT, at=cell)
                if seen:
                    b.add("first-seen", seen, id_stem="side", negated=not sides & bit,
                          digit=STAR)

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        grid = number_grid(src, lay.blocks[0], HINT)
        return Clues(lay.rows, lay.cols, tuple(((r, c), n) for r, row in enumerate(grid, 1)
                                               for c, n in enumerate(row, 1) if n is not None))

    def read_solution(self, src: Source) -> Answer:
        marks = {"-": EMPTY, "s": STAR, "x": CLOUD}
        out = []
        for r, row in enumerate(solution_grid(src)):
            line = []
            for c, tok in enumerate(row):
                text = tok.text.lower()
                if text not in marks and not text.isdecimal():
                    raise src.at(tok, f"'{tok.text}' at {rc(r, c)} is not a cell of a Munraito",
                                 "a cell is s (a star), x (a cloud), '-' or a planet's number")
                line.append(marks.get(text, PLANET))
            out.append(line)
        return {"digits": out}
