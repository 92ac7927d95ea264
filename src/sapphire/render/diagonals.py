"""A diagonal in each cell (a channel drawn as `diagonals`, a Gokigen Naname's) as SVG lines.

Input is rows of 1 (`\\`, from the cell's top-left corner to its bottom-right one), 2 (`/`) or
0 (none).
"""

from __future__ import annotations

from sapphire.render.puzzle import CELL

COLOR = "#1f5fbf"
"""The colour of the lines a search found, as a loop's."""
SYMBOLS = (1, 2)
"""The values that draw a diagonal: 1 `\\`, 2 `/`."""


def diagonal_lines(rows: list[list[int]]) -> list[str]:
    """The SVG lines of the diagonals, cells counted from 0 at the top left of the panel."""
    out = []
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if v not in SYMBOLS:
                continue
            x1, x2 = (c * CELL, (c + 1) * CELL) if v == 1 else ((c + 1) * CELL, c * CELL)
            out.append(f'<line class="diagonal" x1="{x1}" y1="{r * CELL}" x2="{x2}" '
                       f'y2="{(r + 1) * CELL}" stroke="{COLOR}" stroke-width="4" '
                       'stroke-linecap="round"/>')
    return out
