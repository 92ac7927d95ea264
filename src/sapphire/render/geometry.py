"""What the drawing of a puzzle is made of: the grid's measures, the `Drawing` its clues are
collected in, and the SVG fragments they are written with, in grid coordinates (the grid's
top-left corner at 0,0, `CELL` pixels a cell). Shared by the modules that draw the elements."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

CELL = 40
GAP = 24
WIDTHS = {"thin": 0.1, "medium": 0.18, "thick": 0.3}
LINE_COLOR = "#a8a8a8"
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""Up, right, down, left: the orthogonal steps, clockwise from the top."""
FILLS = {"white": "white", "black": "black", "grey": "#c8c8c8"}
TINT = "#e4e4e4"
"""The tint of shaded clue cells (windows, marked cells) when the kind names no colour."""


@dataclass
class Drawing:
    """What a case draws under its answers: the board, the givens and each layer of clues
    (the puzzle as drawn; the loaded case itself is `sapphire.api.Puzzle`)."""

    rows: int
    cols: int
    givens: list[list[int | None]] | None = None
    fills: list[str] = field(default_factory=list)
    """Below the grid lines: walls, lines through cell centres."""
    borders: list[str] = field(default_factory=list)
    """Box and region borders, above the grid lines."""
    marks: list[str] = field(default_factory=list)
    """Cages, dots, circles and text, above the borders."""
    outside: set[str] = field(default_factory=set)
    """The sides of the grid (`top`, `right`, `bottom`, `left`) with a clue outside, each of
    which gets a margin of `depth` cells."""
    depth: dict[str, int] = field(default_factory=dict)
    """How many cells deep the clues outside stand on a side (a Nonogram's longest clue); 1
    where not given."""
    legend: list[str] = field(default_factory=list)
    """The lines nothing draws, by kind (`anti-king`, `shade-at-most (230 lines)`)."""
    rules: list[str] = field(default_factory=list)
    """The titles of the rules stated in words under the picture (anti-knight)."""
    extra_rows: int = 0
    walls: set[tuple[int, int]] = field(default_factory=set)
    """The cells drawn as walls each (an Akari's, a Kakuro's blocks), where a wall's number
    or a run's total may stand, and no digit is written."""
    split: set[tuple[int, int]] = field(default_factory=set)
    """The walls already crossed by a diagonal, which a run's total stands beside."""
    pencil: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    """Given pencil marks: the digits a cell may hold, drawn small where no digit stands."""
    alphabet: range = range(1, 10)
    """The digits a cell may hold: small digits (candidates, pencil marks) are laid out in a
    keypad for them (2×2 for 1-4, 3×3 for 1-9, 4×4 for 1-16)."""
    labelled: set[tuple[int, int]] = field(default_factory=set)
    """The cells with a label in their top-left corner (a cage's total, a room's number),
    below which small digits stand."""
    given_shading: dict[tuple[int, int], int] = field(default_factory=dict)
    """The cells whose shading is given (1 shaded), drawn as circles already."""
    grid: str = "lines"
    """How the grid is drawn: `lines`, or `dots` at its corners (a Slitherlink's lattice)."""
    digit_regions: bool = False
    """Whether the answer's digits are also drawn as regions: a thick border between side
    neighbours with different digits (`answer-regions`)."""
    shading: str = "cells"
    """How the answer's shading is drawn: `cells` (shaded cells dark, as janko.at draws
    them), `circles` (a black circle in each shaded cell and a white one in each other) or
    `bulbs` (a bulb in each shaded cell)."""

    def margin(self, side: str) -> int:
        """The room outside the grid on one side, for the clues standing there."""
        return CELL * self.depth.get(side, 1) if side in self.outside else 0


def y_of(r: float, p: Drawing) -> float:
    """The top of row r (1-based, fractional allowed); extra cells' rows lie below a gap."""
    return (r - 1) * CELL + (GAP // 2 if r > p.rows + 1 - 1e-9 and p.rows else 0)


def mid(r: int, c: int, p: Drawing) -> tuple[float, float]:
    """The centre of cell r,c (1-based)."""
    return (c - 0.5) * CELL, y_of(r, p) + CELL / 2


def text(x: float, y: float, words: str, size: float, cls: str, fill: str = "black",
         anchor: str = "middle") -> str:
    return (f'<text class="{cls}" x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" '
            f'text-anchor="{anchor}" dominant-baseline="central">{escape(words)}</text>')


def circle(x: float, y: float, radius: float, cls: str, fill: str, stroke: str = "black",
           width: float = 1.5) -> str:
    return (f'<circle class="{cls}" cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{width:g}"/>')


def rect(x: float, y: float, w: float, h: float, cls: str, fill: str, extra: str = "") -> str:
    return (f'<rect class="{cls}" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" '
            f'fill="{fill}"{extra}/>')


def segment(r1: int, c1: int, r2: int, c2: int, cls: str, color: str, width: float) -> str:
    """A grid line from corner r1,c1 to corner r2,c2 (corner r,c is cell r,c's top left)."""
    s = CELL
    return (f'<line class="{cls}" x1="{(c1 - 1) * s}" y1="{(r1 - 1) * s}" '
            f'x2="{(c2 - 1) * s}" y2="{(r2 - 1) * s}" stroke="{color}" '
            f'stroke-width="{width:g}" stroke-linecap="square"/>')


def sides(cells: Iterable[tuple[int, int]]) -> list[tuple[int, int, int, int]]:
    """The grid segments around a set of cells, as (row, col) corner pairs (1-based corners:
    corner r,c is the top-left of cell r,c)."""
    have = set(cells)
    out = []
    for r, c in sorted(have):
        if (r - 1, c) not in have:
            out.append((r, c, r, c + 1))
        if (r + 1, c) not in have:
            out.append((r + 1, c, r + 1, c + 1))
        if (r, c - 1) not in have:
            out.append((r, c, r + 1, c))
        if (r, c + 1) not in have:
            out.append((r, c + 1, r + 1, c + 1))
    return out


def towards(a: tuple[float, float], b: tuple[float, float], dist: float
            ) -> tuple[float, float]:
    """The point `dist` from a on the way to b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = (dx * dx + dy * dy) ** 0.5 or 1
    return a[0] + dx / n * dist, a[1] + dy / n * dist


def arrowhead(out: list[str], ax: float, ay: float, bx: float, by: float, color: str,
              width: float, size: float = CELL * 0.28, cls: str = "arrowhead") -> None:
    """An open arrowhead at b, pointing from a to b."""
    dx, dy = bx - ax, by - ay
    n = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / n, dy / n
    left = (bx - ux * size - uy * size * 0.7, by - uy * size + ux * size * 0.7)
    right = (bx - ux * size + uy * size * 0.7, by - uy * size - ux * size * 0.7)
    out.append(f'<polyline class="{cls}" points="{left[0]:g},{left[1]:g} {bx:g},{by:g} '
               f'{right[0]:g},{right[1]:g}" fill="none" stroke="{color}" '
               f'stroke-width="{width:g}" stroke-linecap="round" stroke-linejoin="round"/>')
