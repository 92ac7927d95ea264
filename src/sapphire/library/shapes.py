"""The shapes a map of the answer may have: where on the board each of its points lies, how a
setter names it, and how far its grid reaches in an answer's JSON.

A channel of the prelude (`sapphire.library.channels`) and a map a kind reports as its answer
(its `answer` field) each give every map a shape from this vocabulary. Everything that shows or
reads an answer asks the shape, never the map's name, so that a new channel of an existing shape
is a declaration in the prelude alone; a new shape is one entry here (and, to be drawn, one
renderer in `sapphire.render`).

Cells count from 1 (`r1c1` is the top-left cell); the lattice of the grid's corners counts from
0, so corner a,b is the bottom-right corner of cell a,b (row or column 0 on the top or left
border).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Index = tuple[int, ...]


def _cell(i: Index, rows: int, cols: int) -> str:
    return f"r{i[0]}c{i[1]}"


def _across(i: Index, rows: int, cols: int) -> str:
    return f"r{i[0]}c{i[1]}–r{i[0]}c{i[1] + 1}"


def _down(i: Index, rows: int, cols: int) -> str:
    return f"r{i[0]}c{i[1]}–r{i[0] + 1}c{i[1]}"


def _edge_across(i: Index, rows: int, cols: int) -> str:
    a, b = i
    return f"r{a + 1}c{b + 1} top" if a < rows else f"r{a}c{b + 1} bottom"


def _edge_down(i: Index, rows: int, cols: int) -> str:
    a, b = i
    return f"r{a + 1}c{b + 1} left" if b < cols else f"r{a + 1}c{b} right"


def _corner(i: Index, rows: int, cols: int) -> str:
    return f"corner r{i[0]}c{i[1]}"


@dataclass(frozen=True)
class Shape:
    """Where the points of a map lie: the index space of the map, as a grid in the answer."""

    name: str
    noun: str
    """What one point is to a setter: `cell`, `edge`, `corner`."""
    family: str
    """The shapes drawn together in text: `cells`, `centres` (lines between cell centres),
    `grid` (lines along the grid's lines), `corners`."""
    origin: int
    """The index of the grid's first row and column: 1 for cells, 0 for the lattice."""
    more: tuple[int, int]
    """How many more rows and columns than the board's the grid has."""
    reach: tuple[int, int]
    """How far a point reaches, down and right, from its index: a point is on the board when
    every cell it joins is (1 for the line from a cell to its right neighbour)."""
    naming: Callable[[Index, int, int], str]

    def size(self, rows: int, cols: int) -> tuple[int, int]:
        """The rows and columns of the map's grid on a rows×cols board."""
        return rows + self.more[0], cols + self.more[1]

    def board_of(self, height: int, width: int) -> tuple[int, int]:
        """The board a grid of this shape of `height` rows and `width` columns lies on."""
        return height - self.more[0], width - self.more[1]

    def in_grid(self, index: Index, rows: int, cols: int) -> bool:
        """Whether the answer's grid holds the point (a channel may bind points past the board,
        fixed to 0, that the answer leaves out)."""
        h, w = self.size(rows, cols)
        return len(index) == 2 and all(
            self.origin <= x < self.origin + n for x, n in zip(index, (h, w), strict=True))

    def on_board(self, index: Index, rows: int, cols: int) -> bool:
        """Whether the point is one of the board's: in the grid, and joining cells that are
        (the loop's edge from the last column to the right of it is in the grid, and is none)."""
        if not self.in_grid(index, rows, cols):
            return False
        h, w = self.size(rows, cols)
        return (index[0] + self.reach[0] < self.origin + h
                and index[1] + self.reach[1] < self.origin + w)

    def point(self, index: Index, rows: int, cols: int) -> str:
        """How a setter names the point: `r2c3`, `r2c3–r2c4`, `r2c3 top`, `corner r0c0`."""
        return self.naming(index, rows, cols)

    def points(self, rows: int, cols: int) -> list[Index]:
        """Every point of the board, in reading order of the grid."""
        h, w = self.size(rows, cols)
        return [(a, b) for a in range(self.origin, self.origin + h)
                for b in range(self.origin, self.origin + w)
                if self.on_board((a, b), rows, cols)]


SHAPES: dict[str, Shape] = {s.name: s for s in (
    Shape("cell", "cell", "cells", 1, (0, 0), (0, 0), _cell),
    Shape("cell-across", "edge", "centres", 1, (0, 0), (0, 1), _across),
    Shape("cell-down", "edge", "centres", 1, (0, 0), (1, 0), _down),
    Shape("edges-across", "edge", "grid", 0, (1, 0), (0, 0), _edge_across),
    Shape("edges-down", "edge", "grid", 0, (0, 1), (0, 0), _edge_down),
    Shape("corner", "corner", "corners", 0, (1, 1), (0, 0), _corner),
)}
"""Every shape, by name:

* `cell`: one point per cell, r,c.
* `cell-across`: the line from cell r,c to its right neighbour r,c+1; `cell-down`: from r,c to
  r+1,c below it (a loop through the cells' centres, a NumberLink's lines).
* `edges-across`: the grid line from corner a,b to corner a,b+1 (the top edge of cell a+1,b+1);
  `edges-down`: from corner a,b to a+1,b (its left edge). A Slitherlink's loop.
* `corner`: one point per corner of the lattice, a,b.
"""

ACROSS_DOWN: dict[str, tuple[str, str]] = {
    "centres": ("cell-across", "cell-down"), "grid": ("edges-across", "edges-down")}
"""The two shapes of each family of lines, the one running across first."""
