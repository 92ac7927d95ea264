"""`sapphire grade --format svg`: the path drawn step by step.

Each step is one frame: the puzzle as `sapphire draw` draws it, the digits each cell still may
hold after the step written small in it, and the step's cells tinted, under a caption that
says the step in words (`sapphire.assistant.grade.step_text`). The frames stand in a column of
one SVG, so a browser scrolls through the path; a page may show one frame at a time by the
`id` of each (`step-N`). Points that are not digits (shading, a loop's edges) are named in the
captions and tinted where they are cells.
"""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING

from sapphire.assistant.grade import Grade, step_text

if TYPE_CHECKING:
    from sapphire.api import Puzzle

MAX_FRAMES = 120
"""Frames drawn at most; a longer path's later steps are listed in the last caption."""

CAPTION = 34
"""The height of a frame's caption."""

_SIZE = re.compile(r'<svg[^>]*?width="([\d.]+)"[^>]*?height="([\d.]+)"')
_CELL = re.compile(r"^r(\d+)c(\d+)$")


def _cell(name: str) -> tuple[int, int] | None:
    m = _CELL.match(name)
    return (int(m.group(1)), int(m.group(2))) if m else None


def path_picture(puzzle: Puzzle, found: Grade) -> str:
    """The frames of `found`'s path over `puzzle`, one under another, as one SVG."""
    digits: dict[tuple[int, int], set[int]] = {}
    for name, xs in found.start.items():
        cell = _cell(name)
        if cell is not None:
            digits[cell] = set(xs)
    frames: list[tuple[str, str]] = [("start: the givens", puzzle.draw(
        candidates={c: sorted(xs) for c, xs in digits.items() if len(xs) > 1}))]
    for i, step in enumerate(found.steps, start=1):
        for r in step["removed"]:
            cell = _cell(r["cell"])
            if cell is not None and "map" not in r and cell in digits:
                digits[cell].discard(r["value"])
        if len(frames) > MAX_FRAMES:
            continue
        lit = {c for name in step["cells"] if (c := _cell(name)) is not None}
        shown = {c: sorted(xs) for c, xs in digits.items() if len(xs) > 1}
        placed = [{"cell": f"r{r}c{c}", "digit": next(iter(xs))} for (r, c), xs in
                  digits.items() if len(xs) == 1]
        frames.append((f"{i}. {step_text(step)}", _with_placed(puzzle, shown, lit, placed)))
    if len(found.steps) > MAX_FRAMES:
        frames.append((f"… {len(found.steps) - MAX_FRAMES} more steps (see the text or JSON "
                       "output)", ""))
    return _column(frames, found)


def _with_placed(puzzle: Puzzle, candidates: dict[tuple[int, int], list[int]],
                 lit: set[tuple[int, int]], placed: list[dict[str, object]]) -> str:
    """The puzzle with the digits decided so far drawn as an answer's, and the rest as
    candidates."""
    if not placed:
        return puzzle.draw(candidates=candidates, highlight=lit)
    inst = puzzle.instantiated()
    grid: list[list[int | None]] = [[None] * inst.cols for _ in range(inst.rows)]
    for p in placed:
        cell = _cell(str(p["cell"]))
        if cell is not None and 1 <= cell[0] <= inst.rows and 1 <= cell[1] <= inst.cols:
            grid[cell[0] - 1][cell[1] - 1] = int(str(p["digit"]))
    return puzzle.draw([{"digits": grid}], candidates=candidates, highlight=lit)


def _column(frames: list[tuple[str, str]], found: Grade) -> str:
    width = 0.0
    parts: list[str] = []
    y = CAPTION
    head = escape(found.text().splitlines()[0])
    for n, (caption, svg) in enumerate(frames):
        m = _SIZE.search(svg)
        w, h = (float(m.group(1)), float(m.group(2))) if m else (0.0, 0.0)
        width = max(width, w, 8.0 * len(caption) * 0.8)
        parts.append(f'<g id="step-{n}"><text x="12" y="{y + 20}" font-size="13">'
                     f"{escape(caption)}</text>")
        if svg:
            inner = svg.replace("<svg ", f'<svg x="0" y="{y + CAPTION}" ', 1)
            parts.append(inner)
        parts.append("</g>")
        y += CAPTION + h
    width = min(max(width, 240.0), 1600.0)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{y:g}" '
            f'viewBox="0 0 {width:g} {y:g}" font-family="DejaVu Sans, Helvetica, Arial, '
            f'sans-serif">\n<rect width="{width:g}" height="{y:g}" fill="white"/>\n'
            f'<text x="12" y="22" font-size="15" font-weight="bold">{head}</text>\n'
            + "\n".join(parts) + "\n</svg>\n")


__all__ = ["path_picture"]
