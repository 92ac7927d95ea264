"""Lines between neighbouring cells as SVG lines: a channel drawn as `lines` (a loop through
cell centres, a NumberLink's links; `sapphire.render.parts`).

A line joins the centres of two side-by-side cells: the lines of a NumberLink, the bridges of a
Hashi, a loop's edges. A single line is one line, a double one (a double bridge) two parallel
lines, so that a picture says how many there are without a number. Input is `across` rows (how
many lines join a cell to its right neighbour) and `down` rows (to the one below).
"""

from __future__ import annotations

from sapphire.render.puzzle import CELL

COLOR = "#1f5fbf"
"""The colour of the lines a search found, as a loop's."""
APART = 5
"""How far apart the two lines of a double link are drawn, in pixels."""


def link_lines(across: list[list[int]], down: list[list[int]], cls: str = "link") -> list[str]:
    """The SVG lines of the links, cells counted from 0 at the top left of the panel, each of
    the SVG class `cls`."""
    out = []
    half = CELL // 2
    for rows, dr, dc in ((across, 0, 1), (down, 1, 0)):
        for r, row in enumerate(rows):
            for c, count in enumerate(row):
                if not isinstance(count, int) or count <= 0:
                    continue
                x1, y1 = c * CELL + half, r * CELL + half
                x2, y2 = x1 + dc * CELL, y1 + dr * CELL
                # a double link is two lines set off across its direction
                offsets = [0] if count == 1 else [-APART, APART]
                for off in offsets:
                    ox, oy = off * dr, off * dc
                    out.append(f'<line class="{cls}" x1="{x1 + ox}" y1="{y1 + oy}" '
                               f'x2="{x2 + ox}" y2="{y2 + oy}" stroke="{COLOR}" '
                               f'stroke-width="{5 if count == 1 else 3}" '
                               'stroke-linecap="round"/>')
    return out
