"""Answers as SVG pictures: each part of an answer drawn as its channel's entry in the
prelude says (digits, shading, region borders, loops, …; `sapphire.render.parts`), and extra
cells below the grid.

One panel per answer, side by side, so `multiple` shows its two answers next to each other and
a setter sees at a glance where they differ. Input is the answer as the JSON output has it,
with the shape of each map a kind reports under `values` as its kind's `answer` declares it
(`edges-across`, `edges-down`), so a saved JSON result can be drawn again without solving.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from sapphire.library.shapes import SHAPES
from sapphire.meaning import bundled_form
from sapphire.meaning.answer import AnswerForm, reported_part
from sapphire.render.parts import (
    ACROSS_CELLS,
    BORDERS,
    FILL,
    OVER,
    UNDER,
    Drawn,
    borders,
    drawn_parts,
    render,
)
from sapphire.render.puzzle import CELL, GAP, Drawing

MARGIN = 12


@dataclass(frozen=True)
class Panel:
    """What one answer draws: a rows×cols grid and what lies on it."""

    rows: int
    cols: int
    digits: list[list[int | None]] | None = None
    clues: list[list[int | None]] | None = None
    parts: tuple[Drawn, ...] = ()
    """The answer's other parts, each with the renderer its channel names."""
    extra: list[int | None] | None = None
    """The digits of the extra cells, in reading order: drawn below the grid in rows of its
    width, as the case lays them out."""

    @property
    def shading(self) -> list[list[Any]] | None:
        """The cells of the part drawn filled (the shading), which darken a digit in them."""
        fill = next((d for d in self.parts if d.renderer == "fill"), None)
        return fill.grid(self.rows, self.cols) if fill is not None else None

    @property
    def height(self) -> int:
        """The panel's height in pixels: the grid, and the extra cells' rows below a gap."""
        below = -(-len(self.extra) // self.cols) * CELL + GAP // 2 if self.extra else 0
        return self.rows * CELL + below


def panel_of(answer: dict[str, Any], clues: list[list[int | None]] | None = None,
             shapes: Mapping[str, str] | None = None,
             form: AnswerForm | None = None) -> Panel | None:
    """The panel of one answer, or None when it has nothing to draw on a grid. `form` is the
    case's (`sapphire.meaning.case_form`; the bundled prelude's channels by default); `shapes`
    says how each map of the answer's `values` is drawn (`edges-across`, `edges-down`), and a
    map it does not name is not drawn."""
    form = AnswerForm((*(p for p in (form or bundled_form()).parts if not p.reported),
                       *filter(None, [reported_part((shapes or {}).items())])))
    rows, cols = form.size(answer)
    if not rows and not cols:
        found = _reported_size(answer, shapes or {})
        if found is None:
            return None
        rows, cols = found
    digits = next((p for p in form.present(answer) if p.channel is not None
                   and p.channel.draw is not None and p.channel.draw[0] == "digits"), None)
    extra = digits.channel.extra if digits is not None and digits.channel is not None else None
    return Panel(rows, cols, answer.get(digits.key) if digits is not None else None, clues,
                 tuple(drawn_parts(form, answer)), answer.get(extra) if extra else None)


def _reported_size(answer: dict[str, Any], shapes: Mapping[str, str]) -> tuple[int, int] | None:
    """The board of maps a kind reports, from the maps whose grid is a row or a column larger
    than the board's (edges along the grid: those across have rows 0 to rows)."""
    size: list[int | None] = [None, None]
    values = answer.get("values") or {}
    for name, shape_name in shapes.items():
        rows = edge_map(values.get(name))
        shape = SHAPES[shape_name]
        for k in (0, 1):
            if rows and shape.more[k]:
                size[k] = max(i[k] for i in rows) - shape.origin + 1 - shape.more[k]
    return (size[0], size[1]) if size[0] is not None and size[1] is not None else None


def edge_map(rows: Any) -> dict[tuple[int, int], int] | None:
    """An answer's `[a, b, value]` rows of a two-index map as a dict, or None if it is not
    such a map."""
    if not isinstance(rows, list):
        return None
    return {(r[0], r[1]): r[2] for r in rows if isinstance(r, list) and len(r) == 3}


def svg(panels: list[Panel], drawing: Drawing | None = None, *,
        differ: Collection[tuple[int, int]] = (),
        candidates: Mapping[tuple[int, int], Sequence[int]] | None = None,
        highlight: Collection[tuple[int, int]] = ()) -> str:
    """One SVG document with the panels side by side, each over the `drawing` when one is given
    (its clues, and its givens in black where the answers' found digits are blue). `differ`
    marks cells where the answers differ; `candidates` writes small digits, cell (1-based row,
    column) to digits, in each cell a panel leaves empty; `highlight` tints cells (the cells a
    conflict names). With no panels, the drawing is drawn alone."""
    if not panels and drawing is not None:
        panels = [Panel(drawing.rows, drawing.cols)]
    top, right, bottom, left = (drawing.margin(side) if drawing is not None else 0
                                for side in ("top", "right", "bottom", "left"))
    legend = drawing.legend if drawing is not None else []
    rules = drawing.rules if drawing is not None else []
    width = MARGIN * 2 + sum(p.cols * CELL + left + right for p in panels) \
        + GAP * max(len(panels) - 1, 0)
    panel_height = max((_height(p, drawing) for p in panels), default=0) + top + bottom
    legend_top = MARGIN + panel_height + (8 if legend or rules else 0)
    rule_lines = _legend_lines("Rules:", rules, width - 2 * MARGIN)
    lines = rule_lines + _legend_lines("Not drawn:", legend, width - 2 * MARGIN)
    height = legend_top + LEGEND_LINE * len(lines) + MARGIN
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="{FONTS}">',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    x0 = MARGIN
    for k, p in enumerate(panels, start=1):
        out.append(f'<g class="answer" id="answer-{k}" '
                   f'transform="translate({x0 + left} {MARGIN + top})">')
        out.extend(_panel(p, drawing, differ, candidates, highlight))
        out.append("</g>")
        x0 += p.cols * CELL + left + right + GAP
    for i, text in enumerate(lines):
        cls = "rules" if i < len(rule_lines) else "legend"
        out.append(f'<text class="{cls}" x="{MARGIN}" y="{legend_top + LEGEND_LINE * i + 12}" '
                   f'font-size="13" fill="#444">{escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


LEGEND_LINE = 17
FONTS = "DejaVu Sans, Helvetica, Arial, sans-serif"


def _legend_lines(head: str, items: list[str], width: int) -> list[str]:
    """The items after their heading (the rules stated in words, the lines nothing draws),
    wrapped to the picture's width (about 7 pixels a character)."""
    if not items:
        return []
    words = (head + " " + "; ".join(items) + ".").split(" ")
    lines, line = [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > max(width // 7, 20):
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    return [*lines, line]


def _height(p: Panel, drawing: Drawing | None) -> int:
    if drawing is not None and drawing.extra_rows and not p.extra:
        return p.rows * CELL + drawing.extra_rows * CELL + GAP // 2
    return p.height


def _at(grid: list[list[Any]] | None, r: int, c: int) -> Any:
    if grid is None or r >= len(grid) or c >= len(grid[r]):
        return None
    return grid[r][c]


def _tint(r: int, c: int, color: str, cls: str) -> str:
    return (f'<rect class="{cls}" x="{c * CELL}" y="{r * CELL}" width="{CELL}" '
            f'height="{CELL}" fill="{color}"/>')


def _panel(p: Panel, drawing: Drawing | None = None, differ: Collection[tuple[int, int]] = (),
           candidates: Mapping[tuple[int, int], Sequence[int]] | None = None,
           highlight: Collection[tuple[int, int]] = ()) -> list[str]:
    s = CELL
    out = []
    for r, c in sorted(highlight):
        out.append(_tint(r - 1, c - 1, "#fff0a0", "highlight"))
    for r, c in sorted(differ):
        out.append(_tint(r - 1, c - 1, "#ffd0d0", "differ"))
    style = drawing.shading if drawing is not None else "cells"
    layers: dict[str, list[str]] = {}
    for d in p.parts:
        layer, marks = render(d, p.rows, p.cols, style)
        layers.setdefault(layer, []).extend(marks)
    out.extend(layers.get(FILL, []))
    out.extend(layers.get(UNDER, []))  # under the clues' circles, which hide a line's ends
    if drawing is not None:
        out.extend(drawing.fills)
    if style != "cells":
        out.extend(_shading_marks(p, style, drawing))
    dots = drawing is not None and drawing.grid == "dots"
    line = 'stroke="#d4d4d4" stroke-width="1" stroke-dasharray="2 3"' if dots else \
        'stroke="#bbb" stroke-width="1"'
    for r in range(p.rows + 1):  # thin grid lines, then region borders on top
        out.append(f'<line x1="0" y1="{r * s}" x2="{p.cols * s}" y2="{r * s}" {line}/>')
    for c in range(p.cols + 1):
        out.append(f'<line x1="{c * s}" y1="0" x2="{c * s}" y2="{p.rows * s}" {line}/>')
    if BORDERS in layers:
        out.extend(layers[BORDERS])
    elif drawing is not None and drawing.digit_regions and p.digits is not None:
        out.extend(borders(p.digits, p.rows, p.cols))  # a Fillomino's groups of equal digits
    if drawing is not None:
        out.extend(drawing.borders)
    if not dots:  # a lattice has no frame, which a loop along the edge would look like
        out.append(f'<rect x="0" y="0" width="{p.cols * s}" height="{p.rows * s}" '
                   f'fill="none" stroke="black" stroke-width="2"/>')
    out.extend(layers.get(ACROSS_CELLS, []))  # under the corner clues
    if drawing is not None:
        out.extend(drawing.marks)
    givens = drawing.givens if drawing is not None else None
    walls = drawing.walls if drawing is not None else set()
    shading = p.shading
    half = s // 2
    for r in range(p.rows):
        for c in range(p.cols):
            if (r + 1, c + 1) in walls:  # a wall holds its clue, not a digit
                continue
            given = _at(givens, r, c)
            v = given if given is not None else _at(p.digits, r, c)
            if v is not None:
                # over a puzzle, givens are black and found digits blue; light on dark
                dark = style != "bulbs" and bool(
                    _at(shading, r, c) or drawing is not None
                    and drawing.given_shading.get((r + 1, c + 1)))
                cls, fill = ("given", "white" if dark else "black") if given is not None else (
                    "digit", ("white" if dark else "black") if drawing is None
                    else FOUND_ON_DARK if dark else FOUND)
                out.append(f'<text class="{cls}" x="{c * s + half}" y="{r * s + half}" '
                           f'font-size="24" fill="{fill}" text-anchor="middle" '
                           f'dominant-baseline="central">{escape(str(v))}</text>')
            elif candidates and (r + 1, c + 1) in candidates:
                out.extend(_candidates(r, c, candidates[(r + 1, c + 1)], drawing))
            elif drawing is not None and (r + 1, c + 1) in drawing.pencil:
                out.extend(_candidates(r, c, drawing.pencil[(r + 1, c + 1)], drawing,
                                       "pencil-mark"))
            cl = _at(p.clues, r, c)
            if cl is not None:
                out.append(f'<text class="clue" x="{c * s + half}" y="{r * s + half}" '
                           f'font-size="22" text-anchor="middle" '
                           f'dominant-baseline="central">{escape(str(cl))}</text>')
    out.extend(layers.get(OVER, []))
    if dots:  # the lattice's points, over the loop as on janko.at
        out.extend(f'<circle class="lattice" cx="{c * s}" cy="{r * s}" r="2.2" fill="black"/>'
                   for r in range(p.rows + 1) for c in range(p.cols + 1))
    top = p.rows * s + GAP // 2
    extra = p.extra if p.extra is not None else [None] * (
        (drawing.extra_rows if drawing is not None else 0) * p.cols)
    given_extra = [v for row in (givens or [])[p.rows:] for v in row]
    for i, v in enumerate(extra):
        x, y = i % p.cols * s, top + i // p.cols * s
        out.append(f'<rect class="extra" x="{x}" y="{y}" width="{s}" height="{s}" fill="none" '
                   f'stroke="#888" stroke-width="1"/>')
        g = given_extra[i] if i < len(given_extra) else None
        if g is not None or v is not None:
            fill = "black" if g is not None or drawing is None else FOUND
            out.append(f'<text class="{"given" if g is not None else "digit"}" x="{x + half}" '
                       f'y="{y + half}" font-size="24" fill="{fill}" text-anchor="middle" '
                       f'dominant-baseline="central">{escape(str(g if g is not None else v))}'
                       '</text>')
    return out


def _shading_marks(p: Panel, style: str, drawing: Drawing | None) -> list[str]:
    """The answer's shading as circles (black in shaded cells, white in the others, a
    yin-yang's) or as bulbs in the shaded cells (an Akari's lamps)."""
    out = []
    given = drawing.given_shading if drawing is not None else {}
    shading = p.shading
    for r in range(p.rows):
        for c in range(p.cols):
            v = _at(shading, r, c)
            x, y = c * CELL + CELL / 2, r * CELL + CELL / 2
            if style == "bulbs" and v:
                out.append(f'<circle class="bulb-lamp" cx="{x:g}" cy="{y:g}" r="{CELL * 0.3:g}" '
                           f'fill="#f5c518" stroke="black" stroke-width="1.5"/>')
            elif style == "circles" and v is not None and (r + 1, c + 1) not in given:
                fill = "black" if v else "white"
                out.append(f'<circle class="shaded-circle" cx="{x:g}" cy="{y:g}" '
                           f'r="{CELL * 0.33:g}" fill="{fill}" stroke="{FOUND}" '
                           f'stroke-width="1.5"/>')
    return out


FOUND = "#1f5fbf"
"""The colour of the digits a search found, where givens are black."""
FOUND_ON_DARK = "#9cc3ff"
"""… and in a shaded cell, where givens are white."""


def _candidates(r: int, c: int, digits: Sequence[int], drawing: Drawing | None,
                cls: str = "candidate") -> list[str]:
    """Small digits inside cell r,c (0-based) in a keypad laid out for the case's digits: as
    many columns as the square root of their number, rounded up (2×2 for 1-4, 3×3 for 1-9),
    each digit in its own place. Below a label in the cell's top-left corner (a cage's
    total), the keypad takes the rest of the cell."""
    alphabet = drawing.alphabet if drawing is not None else range(1, max(digits, default=9) + 1)
    low = min(alphabet.start, min(digits, default=alphabet.start))
    count = max(len(alphabet), max(digits, default=0) - low + 1)
    per_row = math.ceil(math.sqrt(count))
    rows = math.ceil(count / per_row)
    top = LABEL_BAND if drawing is not None and (r + 1, c + 1) in drawing.labelled else PAD
    step_x, step_y = (CELL - 2 * PAD) / per_row, (CELL - top - PAD) / rows
    size = round(min(step_x, step_y * 1.1, 14.0) * 0.8, 1)
    out = []
    for d in digits:
        k = d - low
        x = c * CELL + PAD + step_x * (k % per_row + 0.5)
        y = r * CELL + top + step_y * (k // per_row + 0.5)
        out.append(f'<text class="{cls}" x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" '
                   f'fill="#555" text-anchor="middle" dominant-baseline="central">{d}</text>')
    return out


PAD = 2
"""Pixels between a cell's side and its small digits."""
LABEL_BAND = 14
"""The height of the label in a cell's top-left corner (a cage's total), which small digits
stay below."""


