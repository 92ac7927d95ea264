"""Answers as SVG pictures: digits, shading, region borders and loops on the grid, and extra
cells below it.

One panel per answer, side by side, so `multiple` shows its two answers next to each other and
a setter sees at a glance where they differ. Input is the answer as the JSON output has it
(`digits`, `shading`, `regions`, `loop`, or `values` holding the maps a rule reports), with the
shape of each reported map as its kind's `answer` declares it (`edges-across`, `edges-down`),
so a saved JSON result can be drawn again without solving.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

CELL = 40
MARGIN = 12
GAP = 24


@dataclass(frozen=True)
class Panel:
    """What one answer draws: a rows×cols grid and what lies on it."""

    rows: int
    cols: int
    digits: list[list[int | None]] | None = None
    shading: list[list[int | None]] | None = None
    regions: list[list[int | None]] | None = None
    clues: list[list[int | None]] | None = None
    edges_across: dict[tuple[int, int], int] | None = None
    """Edges along the grid lines: 1 at (a,b) draws the edge from corner a,b to corner a,b+1
    (corners count from 0 at the top left)."""
    edges_down: dict[tuple[int, int], int] | None = None
    """… and 1 at (a,b) the edge from corner a,b to corner a+1,b."""
    across: list[list[int]] | None = None
    """A loop through cell centres (`loop` answers): 1 joins a cell to the one on its right."""
    down: list[list[int]] | None = None
    """… and 1 joins a cell to the one below."""
    extra: list[int | None] | None = None
    """The digits of the extra cells, in reading order: drawn below the grid in rows of its
    width, as the case lays them out."""

    @property
    def height(self) -> int:
        """The panel's height in pixels: the grid, and the extra cells' rows below a gap."""
        below = -(-len(self.extra) // self.cols) * CELL + GAP // 2 if self.extra else 0
        return self.rows * CELL + below


def panel_of(answer: dict[str, Any], clues: list[list[int | None]] | None = None,
             shapes: Mapping[str, str] | None = None) -> Panel | None:
    """The panel of one answer, or None when it has nothing to draw on a grid. `shapes` says
    how each map of the answer's `values` is drawn (`edges-across`, `edges-down`); a map it
    does not name is not drawn."""
    values = answer.get("values") or {}
    edges: dict[str, dict[tuple[int, int], int] | None] = {}
    for name, shape in (shapes or {}).items():
        drawn = edge_map(values.get(name))
        if drawn is not None:
            edges[shape] = {**(edges.get(shape) or {}), **drawn}
    across, down = edges.get("edges-across"), edges.get("edges-down")
    loop = answer.get("loop") if isinstance(answer.get("loop"), dict) else {}
    centre_across, centre_down = loop.get("across"), loop.get("down")
    grid = answer.get("digits") or answer.get("shading") or answer.get("regions") \
        or centre_across
    if grid:
        rows, cols = len(grid), max((len(r) for r in grid), default=0)
    elif across is not None and down is not None:
        # edges across run on corner rows 0…rows, edges down on corner columns 0…cols
        # (the border's corners included or not)
        rows = max((a for a, _ in across), default=0)
        cols = max((b for _, b in down), default=0)
    else:
        return None
    return Panel(rows, cols, answer.get("digits"), answer.get("shading"), answer.get("regions"),
                 clues, across, down, centre_across, centre_down, answer.get("extra"))


def edge_map(rows: Any) -> dict[tuple[int, int], int] | None:
    """An answer's `[a, b, value]` rows of a two-index map as a dict, or None if it is not
    such a map."""
    if not isinstance(rows, list):
        return None
    return {(r[0], r[1]): r[2] for r in rows if isinstance(r, list) and len(r) == 3}


def svg(panels: list[Panel]) -> str:
    """One SVG document with the panels side by side."""
    width = MARGIN * 2 + sum(p.cols * CELL for p in panels) + GAP * max(len(panels) - 1, 0)
    height = MARGIN * 2 + max((p.height for p in panels), default=0)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    x0 = MARGIN
    for k, p in enumerate(panels, start=1):
        out.append(f'<g class="answer" id="answer-{k}" transform="translate({x0} {MARGIN})">')
        out.extend(_panel(p))
        out.append("</g>")
        x0 += p.cols * CELL + GAP
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _at(grid: list[list[Any]] | None, r: int, c: int) -> Any:
    if grid is None or r >= len(grid) or c >= len(grid[r]):
        return None
    return grid[r][c]


def _panel(p: Panel) -> list[str]:
    s = CELL
    out = []
    for r in range(p.rows):
        for c in range(p.cols):
            if _at(p.shading, r, c):
                out.append(f'<rect class="shaded" x="{c * s}" y="{r * s}" width="{s}" '
                           f'height="{s}" fill="#9a9a9a"/>')
    for r in range(p.rows + 1):  # thin grid lines, then region borders on top
        out.append(f'<line x1="0" y1="{r * s}" x2="{p.cols * s}" y2="{r * s}" '
                   f'stroke="#bbb" stroke-width="1"/>')
    for c in range(p.cols + 1):
        out.append(f'<line x1="{c * s}" y1="0" x2="{c * s}" y2="{p.rows * s}" '
                   f'stroke="#bbb" stroke-width="1"/>')
    if p.regions is not None:
        for r in range(p.rows):
            for c in range(p.cols):
                g = _at(p.regions, r, c)
                if c + 1 < p.cols and g != _at(p.regions, r, c + 1):
                    out.append(_border(c + 1, r, c + 1, r + 1))
                if r + 1 < p.rows and g != _at(p.regions, r + 1, c):
                    out.append(_border(c, r + 1, c + 1, r + 1))
    out.append(f'<rect x="0" y="0" width="{p.cols * s}" height="{p.rows * s}" fill="none" '
               f'stroke="black" stroke-width="2"/>')
    for layer, cls, size in ((p.digits, "digit", 24), (p.clues, "clue", 22)):
        for r in range(p.rows):
            for c in range(p.cols):
                v = _at(layer, r, c)
                if v is None:
                    continue
                out.append(f'<text class="{cls}" x="{c * s + s // 2}" y="{r * s + s // 2}" '
                           f'font-size="{size}" text-anchor="middle" '
                           f'dominant-baseline="central">{escape(str(v))}</text>')
    for edges, horizontal in ((p.edges_across, True), (p.edges_down, False)):
        for (a, b), on in sorted((edges or {}).items()):
            if not on:
                continue
            x1, y1 = b * s, a * s
            x2, y2 = (x1 + s, y1) if horizontal else (x1, y1 + s)
            out.append(_loop_line(x1, y1, x2, y2))
    half = s // 2
    for grid, dr, dc in ((p.across, 0, 1), (p.down, 1, 0)):
        for r in range(p.rows):
            for c in range(p.cols):
                if _at(grid, r, c):
                    x1, y1 = c * s + half, r * s + half
                    out.append(_loop_line(x1, y1, x1 + dc * s, y1 + dr * s))
    top = p.rows * s + GAP // 2
    for i, v in enumerate(p.extra or []):
        x, y = i % p.cols * s, top + i // p.cols * s
        out.append(f'<rect class="extra" x="{x}" y="{y}" width="{s}" height="{s}" fill="none" '
                   f'stroke="#888" stroke-width="1"/>')
        if v is not None:
            out.append(f'<text class="digit" x="{x + half}" y="{y + half}" font-size="24" '
                       f'text-anchor="middle" dominant-baseline="central">{escape(str(v))}</text>')
    return out


def _loop_line(x1: int, y1: int, x2: int, y2: int) -> str:
    return (f'<line class="loop" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
            f'stroke="#1f5fbf" stroke-width="5" stroke-linecap="round"/>')


def _border(c1: int, r1: int, c2: int, r2: int) -> str:
    s = CELL
    return (f'<line class="region" x1="{c1 * s}" y1="{r1 * s}" x2="{c2 * s}" y2="{r2 * s}" '
            f'stroke="black" stroke-width="3"/>')
