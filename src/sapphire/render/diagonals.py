"""A diagonal in each cell (a case's `diagonals` answer, as in a Gokigen Naname) as SVG lines
and as text.

Input is the answer's `diagonals` as the JSON output has it: rows of 1 (`\\`, from the cell's
top-left corner to its bottom-right one), 2 (`/`) or 0 (none).
"""

from __future__ import annotations

from typing import Any

from sapphire.render.puzzle import CELL

COLOR = "#1f5fbf"
"""The colour of the lines a search found, as a loop's."""
SYMBOLS = {1: "\\", 2: "/"}
"""How a diagonal is written in text."""


def diagonals_of(answer: dict[str, Any]) -> list[list[int]] | None:
    """The rows of an answer's diagonals, or None when it has none."""
    rows = answer.get("diagonals")
    return rows if isinstance(rows, list) else None


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


def diagonals_text(rows: list[list[int]]) -> list[str]:
    """The diagonals as text under a `diagonals:` heading, `\\` or `/` per cell (`.` none)."""
    return ["  diagonals:", *("  " + " ".join(SYMBOLS.get(v, ".") for v in row) for row in rows)]

