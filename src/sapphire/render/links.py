"""Links between neighbouring cells (a case's `links` answer) as SVG lines.

A link joins the centres of two side-by-side cells: the lines of a NumberLink, the bridges of a
Hashi. A single link is one line, a double one (a double bridge) two parallel lines, so that a
picture says how many there are without a number. Input is the answer's `links` as the JSON
output has it: `across` rows (how many links join a cell to its right neighbour) and `down`
rows (to the one below).
"""

from __future__ import annotations

from typing import Any

from sapphire.render.puzzle import CELL

COLOR = "#1f5fbf"
"""The colour of the lines a search found, as a loop's."""
APART = 5
"""How far apart the two lines of a double link are drawn, in pixels."""


def links_of(answer: dict[str, Any]) -> tuple[list[list[int]], list[list[int]]] | None:
    """The `across` and `down` rows of an answer's links, or None when it has none."""
    links = answer.get("links")
    if not isinstance(links, dict):
        return None
    across, down = links.get("across"), links.get("down")
    if not isinstance(across, list) or not isinstance(down, list):
        return None
    return across, down


def link_lines(across: list[list[int]], down: list[list[int]]) -> list[str]:
    """The SVG lines of the links, cells counted from 0 at the top left of the panel."""
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
                    out.append(f'<line class="link" x1="{x1 + ox}" y1="{y1 + oy}" '
                               f'x2="{x2 + ox}" y2="{y2 + oy}" stroke="{COLOR}" '
                               f'stroke-width="{5 if count == 1 else 3}" '
                               'stroke-linecap="round"/>')
    return out


def links_text(links: dict[str, list[list[int]]]) -> list[str]:
    """The links as text under a `links:` heading: `o` for a cell a link meets, `.` for
    another, `-` or `=` for one or two links to the right, `|` or `"` for one or two down."""
    across, down = links["across"], links["down"]
    out = ["  links:"]
    for r, row in enumerate(across):
        on = [bool(row[c] or (c and row[c - 1]) or down[r][c] or (r and down[r - 1][c]))
              for c in range(len(row))]
        out.append("  " + "".join(("o" if on[c] else ".") + " -="[min(row[c], 2)]
                                  for c in range(len(row))).rstrip())
        if r + 1 < len(across):
            out.append("  " + "".join(' |"'[min(v, 2)] + " " for v in down[r]).rstrip())
    return out
