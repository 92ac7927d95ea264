"""A case drawn as its setter publishes it: the clues each rule line's kind declares how to
draw (`draw` in its Markdown, `sapphire.library.drawing`), read with the line's cells and
parameters, and a legend naming every line that nothing draws.

No kind is named here: a user's own library draws the same way as the bundled one. Shapes are
SVG fragments in grid coordinates (the grid's top-left corner at 0,0, `CELL` pixels a cell);
`sapphire.render.svg` places them and the answer drawn over them.
"""

from __future__ import annotations

from typing import Any

from sapphire.case.givens import (
    board_size,
    case_digits,
    clue_grid,
    digit_grid,
    shading_grid,
    shared_corner,
)
from sapphire.case.model import Case, RuleLine
from sapphire.diagnostics import SapphireError
from sapphire.library.definition import RuleDefinition
from sapphire.library.drawing import DrawElement
from sapphire.render.clues import clue_numbers, inequality, outside, pill, shade, windows
from sapphire.render.geometry import (
    CELL,
    FILLS,
    GAP,
    LINE_COLOR,
    STEPS,
    WIDTHS,
    Drawing,
    arrowhead,
    circle,
    mid,
    segment,
    sides,
    text,
    towards,
    y_of,
)

__all__ = ["CELL", "GAP", "Drawing", "drawing_of"]


def drawing_of(case: Case, lib: Any) -> Drawing:
    """The drawing of a case against its loaded library (`sapphire.library.Library`)."""
    size = board_size(case, lib.declares_board)
    if size is None:
        rows = cols = 0
    else:
        rows, cols = size
    p = Drawing(rows, cols, digit_grid(case, lib.declares_board))
    p.alphabet = case_digits(case) or range(1, max(rows, cols, 1) + 1)
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
    if not p.given_shading:
        _shading_given(p, case, lib)
    p.legend = [k if n == 1 else f"{k} ({n} lines)" for k, n in undrawn.items()]
    if case.front.negate_all:  # the marks drawn are each false, which they cannot show
        p.rules.insert(0, "negate: all (every line's rule is false, one written with not true)")
    return p


# ---------------------------------------------------------------------------------------------
# Which element draws a line


def _cells(rule: RuleLine) -> list[tuple[int, int]]:
    return [(c.cell.row, c.cell.col) for c in rule.cells]


def _chosen(d: RuleDefinition, rule: RuleLine, p: Drawing) -> DrawElement | None:
    """The first element of the kind's `draw` whose `when` the line meets."""
    args = d.arguments(rule.params)
    cells = _cells(rule)
    for e in d.draw or ():
        if all(_meets(key, want, args, cells, p) for key, want in e.when):
            return e
    return None


def _meets(key: str, want: Any, args: dict[str, Any], cells: list[tuple[int, int]],
           p: Drawing) -> bool:
    if key != "shape":
        return args.get(key) == want
    if want == "single":
        return len(set(cells)) == 1
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
    if want == "after-wall":
        (r0, c0), (r1, c1) = cells[0], cells[-1]
        # away from the second cell, as `outside` places it; a single cell's is on its left
        dr, dc = (r0 > r1) - (r0 < r1), (c0 > c1) - (c0 < c1)
        if len(cells) == 1:
            dr, dc = 0, -1
        return (len(cells) == 1 or straight) and (r0 + dr, c0 + dc) in p.walls
    return straight and len(set(cells)) == (p.cols if len(rows) == 1 else p.rows)


def _centre(cells: list[tuple[int, int]], p: Drawing) -> tuple[int, int] | None:
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
    """The text an element writes: its `label` parameter's value, through `labels`, and its
    `suffix`; nothing when the value is the parameter's default."""
    name = e.option("label")
    if name is None:
        return ""
    value = args.get(name)
    spec = next((s for s in d.params if s.name == name), None)
    if value is None or (spec is not None and spec.default is not None and value == spec.default):
        return ""
    if isinstance(value, list):
        return "".join(str(v) for v in _flat(value))
    mapped = dict(e.option("labels") or ())
    return str(mapped.get(value, value)) + (e.option("suffix") or "")


def _flat(value: list[Any]) -> list[Any]:
    return [x for v in value for x in (_flat(v) if isinstance(v, list) else [v])]


# ---------------------------------------------------------------------------------------------
# The elements


def _draw(p: Drawing, e: DrawElement, d: RuleDefinition, rule: RuleLine, case: Case,
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
        for side in sides(cells):
            p.borders.append(segment(*side, "region", "black", 3))
        if label and cells:
            r, c = min(cells)
            p.labelled.add((r, c))
            p.marks.append(text((c - 1) * CELL + 4, y_of(r, p) + 9, label, 13, "region-label",
                                anchor="start"))
    elif element == "outline" and cells:
        _outline(p, cells, label)
    elif element == "line" and cells:
        _line(p, e, cells, args)
    elif element == "dot" and len(cells) >= 2:
        _dot(p, e, cells, label)
    elif element in ("circle", "square", "text", "wall") and cells:
        _in_cells(p, e, cells, label, args)
    elif element == "outside" and cells:
        value = args.get(e.option("label")) if e.option("label") else None
        outside(p, cells, clue_numbers(value, label, e.option("as")))
    elif element == "inequality" and len(cells) >= 2:
        inequality(p, cells)
    elif element == "shade" and cells:
        shade(p, cells, e.option("color"), e.option("at", "each") == "first")
    elif element == "inset-boxes":
        bind = d.positional_bindings(rule.positional)
        windows(p, bind.get("bh", 3), bind.get("bw", 3))
    elif element == "rule":
        value = args.get(e.option("label")) if e.option("label") else None
        words = ", ".join(str(v) for v in _flat(value)) if isinstance(value, list) else label
        title = f"{d.title or d.kind}: {words}" if words else d.title or d.kind
        if (rule.nots + case.front.negate_all) % 2:  # stated as the line means it
            title = f"not {title}"
        if rule.condition is not None:
            title = f"{title} {rule.condition.keyword} {rule.condition.predicate}"
        if title not in p.rules:
            p.rules.append(title)
    elif element == "candidates" and cells:
        gone = set(_flat(args.get(e.option("label"), []) or [])) if e.option("label") else set()
        for cell in dict.fromkeys(cells):
            p.pencil[cell] = [v for v in p.alphabet if v not in gone]
    elif element == "answer-shading":  # cells, the plain style, gives way to any other
        if p.shading == "cells":
            p.shading = e.option("as", "cells")
    elif element == "answer-regions":
        p.digit_regions = True
    elif element == "given-shading":
        p.shading = e.option("answer", p.shading)
        for r, row in enumerate(shading_grid(case, lib.declares_board) or [], start=1):
            for c, v in enumerate(row, start=1):
                if v is not None:
                    p.given_shading[(r, c)] = v
                    x, y = mid(r, c, p)
                    p.marks.append(circle(x, y, CELL * 0.36, "given-shading",
                                           "black" if v else "white"))
    elif element == "diagonal":
        w, h = p.cols * CELL, p.rows * CELL
        x1, x2 = (0, w) if e.option("at", "main") == "main" else (w, 0)
        p.fills.append(f'<line class="diagonal" x1="{x1}" y1="0" x2="{x2}" y2="{h}" '
                       f'stroke="#6fa0d8" stroke-width="2"/>')
    elif element == "cell-clues":
        p.grid = e.option("grid", p.grid)
        for r, row in enumerate(clue_grid(case, lib.declares_board) or [], start=1):
            for c, v in enumerate(row, start=1):
                if v is not None:
                    x, y = mid(r, c, p)
                    p.marks.append(text(x, y, str(v), 24, "clue"))


def _shading_given(p: Drawing, case: Case, lib: Any) -> None:
    """The case's `shading:` grid where no line's `given-shading` drew it (a Nurikabe's
    given walls): shaded cells dark as the answer's, unshaded ones with a dot."""
    try:
        grid = shading_grid(case, lib.declares_board) or []
    except SapphireError:  # reported where the case is checked
        return
    for r, row in enumerate(grid, start=1):
        for c, v in enumerate(row, start=1):
            if v is None or r > p.rows or c > p.cols:
                continue
            p.given_shading[(r, c)] = v
            x, y = mid(r, c, p)
            if v:
                p.fills.append(f'<rect class="given-shaded" x="{x - CELL / 2:g}" '
                               f'y="{y - CELL / 2:g}" width="{CELL}" height="{CELL}" '
                               f'fill="{SHADED_GIVEN}"/>')
            else:
                p.marks.append(circle(x, y, CELL * 0.08, "given-unshaded", "#555", "#555", 0))


SHADED_GIVEN = "#2b2b2b"
"""Given shaded cells, dark as an answer's shaded cells are drawn."""


def _boxes(p: Drawing, bh: int, bw: int) -> None:
    for r in range(bh, p.rows, bh):
        p.borders.append(segment(r + 1, 1, r + 1, p.cols + 1, "box", "black", 3))
    for c in range(bw, p.cols, bw):
        p.borders.append(segment(1, c + 1, p.rows + 1, c + 1, "box", "black", 3))


def _outline(p: Drawing, cells: list[tuple[int, int]], label: str) -> None:
    """A dashed line inset in the cells along their outer sides, each side stretched or cut
    at its ends so that the pieces meet at convex and concave corners alike."""
    have = set(cells)
    inset = 4
    parts = []
    for r, c in have:
        x0, y0 = (c - 1) * CELL, y_of(r, p)
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
        p.labelled.add((r, c))
        x, y = (c - 1) * CELL + 2, y_of(r, p) + 2
        size = 11 if len(label) <= 4 else 8  # a long label (a look-and-say's) kept small
        p.marks.append(f'<rect class="cage-total-back" x="{x:g}" y="{y:g}" '
                       f'width="{(6.5 if size == 11 else 4.8) * len(label) + 3:g}" height="12" '
                       'fill="white"/>')
        p.marks.append(text(x + 1.5, y + 6, label, size, "cage-total", anchor="start"))


def _line(p: Drawing, e: DrawElement, cells: list[tuple[int, int]], args: dict[str, Any]
          ) -> None:
    """A line through the cells' centres with its ends; a path that comes back to its first
    cell starts another arm there, which ends in its own `end`."""
    color = e.option("color", LINE_COLOR)
    width = WIDTHS[e.option("width", "medium")] * CELL
    start, end = e.option("start", "none"), e.option("end", "none")
    head = [cells[0]]
    if start == "pill":  # the shaft leaves the pill's cell next to its first cell
        size = args.get(e.option("pill")) if e.option("pill") else None
        head = cells[:size if isinstance(size, int) and size >= 1 else 2]
        after = cells[len(head)] if len(cells) > len(head) else head[-1]
        head = sorted(head, key=lambda x: max(abs(x[0] - after[0]), abs(x[1] - after[1])),
                      reverse=True)
    arms: list[list[tuple[int, int]]] = [list(head[-1:])]
    for cell in cells[len(head):]:
        if cell == cells[0] and len(arms[-1]) > 1:
            arms.append([cell])
        else:
            arms[-1].append(cell)
    for arm in arms:
        points = [mid(r, c, p) for r, c in arm]
        if start == "circle" and len(points) >= 2:  # leaving the circle's edge
            points[0] = towards(points[0], points[1], CELL * 0.4)
        path = " ".join(f"{x:g},{y:g}" for x, y in points)
        p.fills.append(f'<polyline class="line" points="{path}" fill="none" '
                       f'stroke="{color}" stroke-width="{width:g}" stroke-linecap="round" '
                       f'stroke-linejoin="round"/>')
        if end == "arrowhead" and len(points) >= 2:
            (ax, ay), (bx, by) = points[-2], points[-1]
            arrowhead(p.fills, ax, ay, bx, by, color, width)
    if start == "pill":  # over the shaft's start
        pill(p, head, color)
    ends = [(start, cells[0])] + [(end, arm[-1]) for arm in arms if len(arm) >= 2 or
                                  len(cells) == 1]
    for which, where in ends:
        x, y = mid(*where, p)
        if which == "bulb":
            p.fills.append(circle(x, y, CELL * 0.36, "bulb", color, color, 0))
        elif which == "circle":
            p.fills.append(circle(x, y, CELL * 0.4, "line-circle", "white", color, 2))


def _dot(p: Drawing, e: DrawElement, cells: list[tuple[int, int]], label: str) -> None:
    (ax, ay), (bx, by) = mid(*cells[0], p), mid(*cells[1], p)
    x, y = (ax + bx) / 2, (ay + by) / 2
    fill = e.option("fill")
    if fill is None:  # a letter on the edge (X, V), on a white patch
        p.marks.append(f'<rect class="edge-back" x="{x - 7:g}" y="{y - 8:g}" width="14" '
                       f'height="16" fill="white"/>')
        p.marks.append(text(x, y, label, 15, "edge-label"))
        return
    p.marks.append(circle(x, y, CELL * 0.14, "dot", FILLS[fill]))
    if label:
        p.marks.append(text(x, y, label, 9, "dot-label",
                             "white" if fill == "black" else "black"))


def _in_cells(p: Drawing, e: DrawElement, cells: list[tuple[int, int]], label: str,
              params: dict[str, Any]) -> None:
    at = e.option("at", "each")
    if at == "corner":  # the point the cells share (a quadruple's four)
        x, y = _grid_corner(cells, p, e.option("corner"), params)
        p.marks.append(circle(x, y, CELL * 0.3, e.element, FILLS[e.option("fill", "white")]))
        if label:
            size = 12 if len(label) <= 2 else 9
            p.marks.append(text(x, y, " ".join(label) if len(label) <= 2 else label, size,
                                 "corner-label"))
        return
    if at == "centre":
        centre = _centre(cells, p)
        places = [centre] if centre is not None else []
    else:
        places = cells[:1] if at == "first" else list(dict.fromkeys(cells))
    fill = FILLS[e.option("fill", "black" if e.element == "wall" else "white")]
    for r, c in places:
        x, y = mid(r, c, p)
        if e.element == "wall":
            p.fills.append(f'<rect class="wall" x="{x - CELL / 2:g}" y="{y - CELL / 2:g}" '
                           f'width="{CELL}" height="{CELL}" fill="black"/>')
            if label:
                p.marks.append(text(x, y, label, 22, "wall-number", "white"))
            continue
        if e.element == "circle":
            radius = CELL * (0.4 if e.option("size", "large") == "large" else 0.2)
            p.marks.append(circle(x, y, radius, "circle", fill, "black", 1.5))
        elif e.element == "square":
            half = CELL * 0.38
            p.fills.append(f'<rect class="square" x="{x - half:g}" y="{y - half:g}" '
                           f'width="{2 * half:g}" height="{2 * half:g}" fill="{fill}"/>')
        if label:
            p.marks.append(text(x, y, label, 22 if e.element == "text" else 14, "cell-text"))


def _grid_corner(cells: list[tuple[int, int]], p: Drawing, which: str | None,
                 params: dict[str, Any]) -> tuple[float, float]:
    """Where a corner clue stands: the grid corner its cells, and no others, meet at
    (`shared_corner`; the parameter `which` names picks one corner of the first cell where
    they meet at several), which on the grid's edge gives that side a margin (a Creek's clue
    beside one or two cells); else the middle of their centres."""
    number = params.get(which, 0) if which else 0
    corner = shared_corner(cells, p.rows, p.cols, number if isinstance(number, int) else 0)
    if corner is None:
        return (sum(mid(r, c, p)[0] for r, c in cells) / len(cells),
                sum(mid(r, c, p)[1] for r, c in cells) / len(cells))
    a, b = corner  # the bottom-right corner of cell a,b: grid lines a and b
    p.outside |= {side for side, on in (("top", a == 0), ("bottom", a == p.rows),
                                        ("left", b == 0), ("right", b == p.cols)) if on}
    return b * CELL, y_of(a + 1, p) if a < p.rows else y_of(p.rows, p) + CELL
