"""A case drawn as its setter publishes it: the clues each rule line's kind declares how to
draw (`draw` in its Markdown, `sapphire.library.drawing`), read with the line's cells and
parameters, and a legend naming every line that nothing draws.

No kind is named here: a user's own library draws the same way as the bundled one. Shapes are
SVG fragments in grid coordinates (the grid's top-left corner at 0,0, `CELL` pixels a cell);
`sapphire.render.svg` places them and the answer drawn over them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape

from sapphire.case.givens import board_size, clue_grid, digit_grid, shading_grid
from sapphire.case.model import Case, RuleLine
from sapphire.library.definition import RuleDefinition
from sapphire.library.drawing import DrawElement
from sapphire.render.corners import shared_corner

CELL = 40
GAP = 24
WIDTHS = {"thin": 0.1, "medium": 0.18, "thick": 0.3}
LINE_COLOR = "#a8a8a8"
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""Up, right, down, left: the orthogonal steps, clockwise from the top."""


@dataclass
class Puzzle:
    """What a case draws under its answers: the board, the givens and each layer of clues."""

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
    which gets a cell's margin."""
    legend: list[str] = field(default_factory=list)
    """The lines nothing draws, by kind (`anti-king`, `shade-at-most (230 lines)`)."""
    extra_rows: int = 0
    walls: set[tuple[int, int]] = field(default_factory=set)
    """The cells drawn as walls each (an Akari's), where a wall's number may stand."""

    def margin(self, side: str) -> int:
        """The room outside the grid on one side, for the clues standing there."""
        return CELL if side in self.outside else 0


def puzzle_of(case: Case, lib: Any) -> Puzzle:
    """The drawing of a case against its loaded library (`sapphire.library.Library`)."""
    size = board_size(case, lib.declares_board)
    if size is None:
        rows = cols = 0
    else:
        rows, cols = size
    p = Puzzle(rows, cols, digit_grid(case, lib.declares_board))
    p.extra_rows = len(p.givens) - rows if p.givens and len(p.givens) > rows else 0
    undrawn: dict[str, int] = {}
    for rule in case.rules:  # first the walls, which place the numbers on walls
        d = lib.resolve(rule.reference)
        element = _chosen(d, rule, p) if d is not None and d.draw else None
        if element is not None and element.element == "wall" and \
                element.option("at", "each") == "each":
            p.walls.update(_cells(rule))
    for rule in case.rules:
        d = lib.resolve(rule.reference)
        name = d.kind if d is not None else rule.reference
        if d is None or d.draw is None:
            undrawn[name] = undrawn.get(name, 0) + 1
            continue
        if not d.draw:  # `draw: []`: nothing of its own
            continue
        element = _chosen(d, rule, p)
        if element is None:
            undrawn[name] = undrawn.get(name, 0) + 1
            continue
        _draw(p, element, d, rule, case, lib)
    p.legend = [k if n == 1 else f"{k} ({n} lines)" for k, n in undrawn.items()]
    return p


# ---------------------------------------------------------------------------------------------
# Which element draws a line


def _cells(rule: RuleLine) -> list[tuple[int, int]]:
    return [(c.cell.row, c.cell.col) for c in rule.cells]


def _chosen(d: RuleDefinition, rule: RuleLine, p: Puzzle) -> DrawElement | None:
    """The first element of the kind's `draw` whose `when` the line meets."""
    args = d.arguments(rule.params)
    cells = _cells(rule)
    for e in d.draw or ():
        if all(_meets(key, want, args, cells, p) for key, want in e.when):
            return e
    return None


def _meets(key: str, want: Any, args: dict[str, Any], cells: list[tuple[int, int]],
           p: Puzzle) -> bool:
    if key != "shape":
        return args.get(key) == want
    if want == "neighbours":
        return _centre(cells, p) is not None
    if want == "path":
        return len(cells) >= 2 and all(
            max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
            for a, b in zip(cells, cells[1:], strict=False))
    rows, cols = {r for r, _ in cells}, {c for _, c in cells}
    straight = len(cells) >= 2 and (len(rows) == 1 or len(cols) == 1)
    if want == "straight":
        return straight
    return straight and len(set(cells)) == (p.cols if len(rows) == 1 else p.rows)


def _centre(cells: list[tuple[int, int]], p: Puzzle) -> tuple[int, int] | None:
    """The one cell, not among `cells`, whose orthogonal neighbours they are (an Akari
    wall's number lists the neighbours that are not walls): of the cells next to all of them,
    one that some line draws as a wall, else the one whose on-board neighbours they are all,
    else the only one. A single cell has a centre only where a wall is drawn."""
    have = set(cells)
    if not have:
        return None
    r0, c0 = next(iter(have))
    around = [(r0 + a, c0 + b) for a, b in STEPS]
    near = sorted(x for x in around if x not in have and 1 <= x[0] <= p.rows
                  and 1 <= x[1] <= p.cols
                  and all(abs(x[0] - r) + abs(x[1] - c) == 1 for r, c in have))
    walled = [x for x in near if x in p.walls]
    if walled or len(have) == 1:
        return walled[0] if walled else None
    exact = [x for x in near if {(x[0] + a, x[1] + b) for a, b in STEPS
                                 if 1 <= x[0] + a <= p.rows and 1 <= x[1] + b <= p.cols} == have]
    if exact:
        return exact[0]
    return near[0] if len(near) == 1 else None


def _label(e: DrawElement, d: RuleDefinition, args: dict[str, Any]) -> str:
    """The text an element writes: its `label` parameter's value, through `labels`; nothing
    when the value is the parameter's default."""
    name = e.option("label")
    if name is None:
        return ""
    value = args.get(name)
    spec = next((s for s in d.params if s.name == name), None)
    if value is None or (spec is not None and spec.default is not None and value == spec.default):
        return ""
    if isinstance(value, list):
        return "".join(str(v) for v in value)
    mapped = dict(e.option("labels") or ())
    return str(mapped.get(value, value))


# ---------------------------------------------------------------------------------------------
# Geometry


def _y(r: float, p: Puzzle) -> float:
    """The top of row r (1-based, fractional allowed); extra cells' rows lie below a gap."""
    return (r - 1) * CELL + (GAP // 2 if r > p.rows + 1 - 1e-9 and p.rows else 0)


def _mid(r: int, c: int, p: Puzzle) -> tuple[float, float]:
    return (c - 0.5) * CELL, _y(r, p) + CELL / 2


def _text(x: float, y: float, text: str, size: float, cls: str, fill: str = "black",
          anchor: str = "middle") -> str:
    return (f'<text class="{cls}" x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" '
            f'text-anchor="{anchor}" dominant-baseline="central">{escape(text)}</text>')


def _circle(x: float, y: float, radius: float, cls: str, fill: str, stroke: str = "black",
            width: float = 1.5) -> str:
    return (f'<circle class="{cls}" cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{width:g}"/>')


FILLS = {"white": "white", "black": "black", "grey": "#c8c8c8"}


# ---------------------------------------------------------------------------------------------
# The elements


def _draw(p: Puzzle, e: DrawElement, d: RuleDefinition, rule: RuleLine, case: Case,
          lib: Any) -> None:
    args = d.arguments(rule.params)
    cells = _cells(rule)
    label = _label(e, d, args)
    element = e.element
    if element == "boxes":
        bind = d.positional_bindings(rule.positional)
        if "bh" in bind:
            _boxes(p, bind["bh"], bind["bw"])
    elif element == "border":
        for side in _sides(cells):
            p.borders.append(_segment(*side, "region", "black", 3))
    elif element == "outline" and cells:
        _outline(p, cells, label)
    elif element == "line" and cells:
        _line(p, e, cells)
    elif element == "dot" and len(cells) >= 2:
        _dot(p, e, cells, label)
    elif element in ("circle", "square", "text", "wall") and cells:
        _in_cells(p, e, cells, label)
    elif element == "outside" and cells:
        _outside(p, cells, label)
    elif element == "given-shading":
        for r, row in enumerate(shading_grid(case, lib.declares_board) or [], start=1):
            for c, v in enumerate(row, start=1):
                if v is not None:
                    x, y = _mid(r, c, p)
                    p.marks.append(_circle(x, y, CELL * 0.36, "given-shading",
                                           "black" if v else "white"))
    elif element == "diagonal":
        w, h = p.cols * CELL, p.rows * CELL
        x1, x2 = (0, w) if e.option("at", "main") == "main" else (w, 0)
        p.fills.append(f'<line class="diagonal" x1="{x1}" y1="0" x2="{x2}" y2="{h}" '
                       f'stroke="#6fa0d8" stroke-width="2"/>')
    elif element == "cell-clues":
        for r, row in enumerate(clue_grid(case, lib.declares_board) or [], start=1):
            for c, v in enumerate(row, start=1):
                if v is not None:
                    x, y = _mid(r, c, p)
                    p.marks.append(_text(x, y, str(v), 24, "clue"))


def _boxes(p: Puzzle, bh: int, bw: int) -> None:
    for r in range(bh, p.rows, bh):
        p.borders.append(_segment(r + 1, 1, r + 1, p.cols + 1, "box", "black", 3))
    for c in range(bw, p.cols, bw):
        p.borders.append(_segment(1, c + 1, p.rows + 1, c + 1, "box", "black", 3))


def _sides(cells: Iterable[tuple[int, int]]) -> list[tuple[int, int, int, int]]:
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


def _segment(r1: int, c1: int, r2: int, c2: int, cls: str, color: str, width: float) -> str:
    s = CELL
    return (f'<line class="{cls}" x1="{(c1 - 1) * s}" y1="{(r1 - 1) * s}" '
            f'x2="{(c2 - 1) * s}" y2="{(r2 - 1) * s}" stroke="{color}" '
            f'stroke-width="{width:g}" stroke-linecap="square"/>')


def _outline(p: Puzzle, cells: list[tuple[int, int]], label: str) -> None:
    """A dashed line inset in the cells along their outer sides, each side stretched or cut
    at its ends so that the pieces meet at convex and concave corners alike."""
    have = set(cells)
    inset = 4
    parts = []
    for r, c in have:
        x0, y0 = (c - 1) * CELL, _y(r, p)
        x1, y1 = x0 + CELL, y0 + CELL
        for k, (dr, dc) in enumerate(STEPS):
            if (r + dr, c + dc) in have:
                continue
            # the two ends of this side: the steps to either side of it, clockwise before/after
            ends = []
            for side in (STEPS[(k - 1) % 4], STEPS[(k + 1) % 4]):
                beside = (r + side[0], c + side[1])
                diagonal = (r + side[0] + dr, c + side[1] + dc)
                if beside not in have:
                    ends.append(inset)
                elif diagonal in have:
                    ends.append(-inset)
                else:
                    ends.append(0)
            if (dr, dc) == (-1, 0):
                seg = (x0 + ends[0], y0 + inset, x1 - ends[1], y0 + inset)
            elif (dr, dc) == (1, 0):
                seg = (x1 - ends[0], y1 - inset, x0 + ends[1], y1 - inset)
            elif (dr, dc) == (0, 1):
                seg = (x1 - inset, y0 + ends[0], x1 - inset, y1 - ends[1])
            else:
                seg = (x0 + inset, y1 - ends[0], x0 + inset, y0 + ends[1])
            parts.append("M{:g} {:g}L{:g} {:g}".format(*seg))
    p.marks.append(f'<path class="cage" d="{"".join(sorted(parts))}" fill="none" '
                   f'stroke="black" stroke-width="1.2" stroke-dasharray="4 3"/>')
    if label:
        r, c = min(have)
        x, y = (c - 1) * CELL + 2, _y(r, p) + 2
        p.marks.append(f'<rect class="cage-total-back" x="{x:g}" y="{y:g}" '
                       f'width="{6.5 * len(label) + 3:g}" height="12" fill="white"/>')
        p.marks.append(_text(x + 1.5, y + 6, label, 11, "cage-total", anchor="start"))


def _line(p: Puzzle, e: DrawElement, cells: list[tuple[int, int]]) -> None:
    color = e.option("color", LINE_COLOR)
    width = WIDTHS[e.option("width", "medium")] * CELL
    points = [_mid(r, c, p) for r, c in cells]
    start, end = e.option("start", "none"), e.option("end", "none")
    if start == "circle" and len(points) >= 2:  # the shaft leaves the circle's edge
        points[0] = _towards(points[0], points[1], CELL * 0.4)
    path = " ".join(f"{x:g},{y:g}" for x, y in points)
    p.fills.append(f'<polyline class="line" points="{path}" fill="none" stroke="{color}" '
                   f'stroke-width="{width:g}" stroke-linecap="round" stroke-linejoin="round"/>')
    for which, where in ((start, cells[0]), (end, cells[-1])):
        x, y = _mid(*where, p)
        if which == "bulb":
            p.fills.append(_circle(x, y, CELL * 0.36, "bulb", color, color, 0))
        elif which == "circle":
            p.fills.append(_circle(x, y, CELL * 0.4, "line-circle", "white", color, 2))
    if end == "arrowhead" and len(points) >= 2:
        (ax, ay), (bx, by) = points[-2], points[-1]
        _arrowhead(p.fills, ax, ay, bx, by, color, width)


def _towards(a: tuple[float, float], b: tuple[float, float], dist: float
             ) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = (dx * dx + dy * dy) ** 0.5 or 1
    return a[0] + dx / n * dist, a[1] + dy / n * dist


def _arrowhead(out: list[str], ax: float, ay: float, bx: float, by: float, color: str,
               width: float) -> None:
    dx, dy = bx - ax, by - ay
    n = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / n, dy / n
    size = CELL * 0.28
    left = (bx - ux * size - uy * size * 0.7, by - uy * size + ux * size * 0.7)
    right = (bx - ux * size + uy * size * 0.7, by - uy * size - ux * size * 0.7)
    out.append(f'<polyline class="arrowhead" points="{left[0]:g},{left[1]:g} {bx:g},{by:g} '
               f'{right[0]:g},{right[1]:g}" fill="none" stroke="{color}" '
               f'stroke-width="{width:g}" stroke-linecap="round" stroke-linejoin="round"/>')


def _dot(p: Puzzle, e: DrawElement, cells: list[tuple[int, int]], label: str) -> None:
    (ax, ay), (bx, by) = _mid(*cells[0], p), _mid(*cells[1], p)
    x, y = (ax + bx) / 2, (ay + by) / 2
    fill = e.option("fill")
    if fill is None:  # a letter on the edge (X, V), on a white patch
        p.marks.append(f'<rect class="edge-back" x="{x - 7:g}" y="{y - 8:g}" width="14" '
                       f'height="16" fill="white"/>')
        p.marks.append(_text(x, y, label, 15, "edge-label"))
        return
    p.marks.append(_circle(x, y, CELL * 0.14, "dot", FILLS[fill]))
    if label:
        p.marks.append(_text(x, y, label, 9, "dot-label",
                             "white" if fill == "black" else "black"))


def _in_cells(p: Puzzle, e: DrawElement, cells: list[tuple[int, int]], label: str) -> None:
    at = e.option("at", "each")
    if at == "corner":  # the point the cells share (a quadruple's four)
        x = sum(_mid(r, c, p)[0] for r, c in cells) / len(cells)
        y = sum(_mid(r, c, p)[1] for r, c in cells) / len(cells)
        corner = shared_corner(cells, p.rows, p.cols)  # one or two cells: on the border
        if corner is not None:
            x, y = corner[1] * CELL, _y(corner[0] + 1, p)
        p.marks.append(_circle(x, y, CELL * 0.3, e.element, FILLS[e.option("fill", "white")]))
        if label:
            size = 12 if len(label) <= 2 else 9
            p.marks.append(_text(x, y, " ".join(label) if len(label) <= 2 else label, size,
                                 "corner-label"))
        return
    if at == "centre":
        centre = _centre(cells, p)
        places = [centre] if centre is not None else []
    else:
        places = cells[:1] if at == "first" else list(dict.fromkeys(cells))
    fill = FILLS[e.option("fill", "black" if e.element == "wall" else "white")]
    for r, c in places:
        x, y = _mid(r, c, p)
        if e.element == "wall":
            p.fills.append(f'<rect class="wall" x="{x - CELL / 2:g}" y="{y - CELL / 2:g}" '
                           f'width="{CELL}" height="{CELL}" fill="black"/>')
            if label:
                p.marks.append(_text(x, y, label, 22, "wall-number", "white"))
            continue
        if e.element == "circle":
            radius = CELL * (0.4 if e.option("size", "large") == "large" else 0.2)
            p.fills.append(_circle(x, y, radius, "circle", fill, "black", 1.5))
        elif e.element == "square":
            half = CELL * 0.38
            p.fills.append(f'<rect class="square" x="{x - half:g}" y="{y - half:g}" '
                           f'width="{2 * half:g}" height="{2 * half:g}" fill="{fill}"/>')
        if label:
            p.marks.append(_text(x, y, label, 22 if e.element == "text" else 14, "cell-text"))


def _outside(p: Puzzle, cells: list[tuple[int, int]], label: str) -> None:
    """The label beside the first cell, on the side away from the second; a diagonal's gets a
    small arrow pointing along it."""
    r, c = cells[0]
    if len(cells) >= 2:
        dr, dc = r - cells[1][0], c - cells[1][1]
        dr, dc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
    else:
        dr, dc = 0, -1
    at = (r + dr, c + dc)
    p.outside |= {side for side, out in (("top", at[0] < 1), ("bottom", at[0] > p.rows),
                                         ("left", at[1] < 1), ("right", at[1] > p.cols)) if out}
    x, y = _mid(*at, p)
    p.marks.append(_text(x, y, label, 20, "outside-clue"))
    if dr and dc:
        ax, ay = x - dc * CELL * 0.18, y - dr * CELL * 0.18
        bx, by = x - dc * CELL * 0.42, y - dr * CELL * 0.42
        p.marks.append(f'<line class="outside-arrow" x1="{ax:g}" y1="{ay:g}" x2="{bx:g}" '
                       f'y2="{by:g}" stroke="black" stroke-width="1.2"/>')
        _arrowhead(p.marks, ax, ay, bx, by, "black", 1.2)
