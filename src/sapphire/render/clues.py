"""The drawn elements that stand beside or between cells rather than in them: clues outside the
grid (numbers, lists of numbers, a Nonogram's runs, a Kakuro's totals in their walls),
inequality signs on edges, tinted cells and windows, and an arrow's pill.

As in `sapphire.render.puzzle`, no kind is named: each function draws one element of the
vocabulary of `sapphire.library.drawing` from a line's cells and its label."""

from __future__ import annotations

import re
from typing import Any

from sapphire.render.geometry import (
    CELL,
    TINT,
    Drawing,
    arrowhead,
    mid,
    rect,
    text,
    y_of,
)

_RUN_ITEM = re.compile(r"([01])(?:\{(\d+)\}|([*+?]))?")


def runs(pattern: str) -> list[int] | None:
    """The lengths of the runs of 1 that a pattern over 0 and 1 spells (`0*1{2}0+1{1}0*` is
    [2, 1], `0*` is []), or None when the pattern says something else (a choice, a run of 1
    of no fixed length, two runs that may touch)."""
    out: list[int] = []
    pos, run, gap_sure = 0, 0, True
    while pos < len(pattern):
        m = _RUN_ITEM.match(pattern, pos)
        if m is None:
            return None
        pos = m.end()
        digit, times, op = m.group(1), m.group(2), m.group(3)
        if digit == "1":
            if op is not None:
                return None
            if not run and out and not gap_sure:
                return None
            run += int(times) if times is not None else 1
            continue
        if run:
            out.append(run)
            run = 0
        # a gap of zeros that may be empty (`0*`, `0?`, `0{0}`) does not part two runs
        gap_sure = op == "+" or (op is None and times != "0")
    if run:
        out.append(run)
    return out


def clue_numbers(value: Any, label: str, read_as: str | None) -> list[str]:
    """The numbers an outside clue writes, one a cell: a list's items, a pattern's runs (`as:
    runs`, 0 for a line with none), or the label alone."""
    if read_as == "runs" and isinstance(value, str):
        found = runs(value)
        if found is not None:
            return [str(n) for n in found] or ["0"]
    if isinstance(value, list) and all(isinstance(v, int) for v in value):
        return [str(v) for v in value]
    return [label] if label else []


def outside(p: Drawing, cells: list[tuple[int, int]], numbers: list[str]) -> None:
    """The numbers beside the first cell on the side away from the second, the last one
    nearest the grid (a row's clue reads left to right, a column's top to bottom); a
    diagonal's gets a small arrow pointing along it. A place drawn as a wall holds the number
    in the wall's half towards the run."""
    if not numbers:
        return
    r, c = cells[0]
    if len(cells) >= 2:
        dr, dc = r - cells[1][0], c - cells[1][1]
        dr, dc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
    else:
        dr, dc = 0, -1
    at = (r + dr, c + dc)
    if at in p.walls and len(numbers) == 1:
        _in_wall(p, at, dr, dc, numbers[0])
        return
    n = len(numbers)
    for k, number in enumerate(numbers):
        out = n - k  # cells out from the first cell
        place = (r + dr * out, c + dc * out)
        for side, beyond in (("top", 1 - place[0]), ("bottom", place[0] - p.rows),
                             ("left", 1 - place[1]), ("right", place[1] - p.cols)):
            if beyond > 0:
                p.outside.add(side)
                p.depth[side] = max(p.depth.get(side, 1), beyond)
        x, y = mid(*place, p)
        p.marks.append(text(x, y, number, 20 if len(number) < 3 else 14, "outside-clue"))
    if dr and dc:
        x, y = mid(*at, p)
        ax, ay = x - dc * CELL * 0.18, y - dr * CELL * 0.18
        bx, by = x - dc * CELL * 0.42, y - dr * CELL * 0.42
        p.marks.append(f'<line class="outside-arrow" x1="{ax:g}" y1="{ay:g}" x2="{bx:g}" '
                       f'y2="{by:g}" stroke="black" stroke-width="1.2"/>')
        arrowhead(p.marks, ax, ay, bx, by, "black", 1.2)


def _in_wall(p: Drawing, at: tuple[int, int], dr: int, dc: int, number: str) -> None:
    """A run's total in the wall before it, as a Kakuro's: the wall crossed by a diagonal
    from its top-left corner, the total of a run going down below it, of one going right
    above it."""
    x, y = mid(*at, p)
    half = CELL / 2
    if at not in p.split:
        p.split.add(at)
        p.marks.append(f'<line class="wall-diagonal" x1="{x - half:g}" y1="{y - half:g}" '
                       f'x2="{x + half:g}" y2="{y + half:g}" stroke="white" '
                       f'stroke-width="1.2"/>')
    going_down = dr < 0 and dc == 0
    tx, ty = (x - CELL * 0.2, y + CELL * 0.22) if going_down else (x + CELL * 0.2, y - CELL * 0.22)
    p.marks.append(text(tx, ty, number, 13, "wall-total", "white"))


def inequality(p: Drawing, cells: list[tuple[int, int]]) -> None:
    """A `>` on the edge between each two consecutive cells, its point towards the later."""
    for a, b in zip(cells, cells[1:], strict=False):
        (ax, ay), (bx, by) = mid(*a, p), mid(*b, p)
        x, y = (ax + bx) / 2, (ay + by) / 2
        ux, uy = (bx - ax) / CELL, (by - ay) / CELL
        size = CELL * 0.13
        tip = (x + ux * size, y + uy * size)
        back = (x - ux * size, y - uy * size)
        left = (back[0] - uy * size * 1.2, back[1] + ux * size * 1.2)
        right = (back[0] + uy * size * 1.2, back[1] - ux * size * 1.2)
        p.marks.append(f'<polyline class="inequality" points="{left[0]:g},{left[1]:g} '
                       f'{tip[0]:g},{tip[1]:g} {right[0]:g},{right[1]:g}" fill="none" '
                       f'stroke="black" stroke-width="2" stroke-linecap="round" '
                       f'stroke-linejoin="round"/>')


def shade(p: Drawing, cells: list[tuple[int, int]], color: str | None, first: bool) -> None:
    """The cells (or the first) tinted, under the grid lines."""
    for r, c in (cells[:1] if first else list(dict.fromkeys(cells))):
        x, y = mid(r, c, p)
        p.fills.append(rect(x - CELL / 2, y - CELL / 2, CELL, CELL, "tint", color or TINT))


def windows(p: Drawing, bh: int, bw: int) -> None:
    """Tinted windows bh×bw, one row and column in from the edges and one apart, each that
    fits on the board."""
    for top in range(2, p.rows + 1, bh + 1):
        for left in range(2, p.cols + 1, bw + 1):
            if top + bh - 1 < p.rows and left + bw - 1 < p.cols:
                p.fills.append(rect((left - 1) * CELL, y_of(top, p), bw * CELL, bh * CELL,
                                    "window", TINT))


def pill(p: Drawing, cells: list[tuple[int, int]], color: str) -> None:
    """A rounded outline around the cells (a pill arrow's two or three), white inside."""
    xs = [mid(r, c, p)[0] for r, c in cells]
    ys = [mid(r, c, p)[1] for r, c in cells]
    inset = CELL * 0.12
    x0, y0 = min(xs) - CELL / 2 + inset, min(ys) - CELL / 2 + inset
    w, h = max(xs) - min(xs) + CELL - 2 * inset, max(ys) - min(ys) + CELL - 2 * inset
    radius = min(w, h) / 2
    p.fills.append(rect(x0, y0, w, h, "pill", "white",
                        f' rx="{radius:g}" stroke="{color}" stroke-width="2"'))
