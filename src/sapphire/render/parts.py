"""The parts of an answer drawn on its panel: one renderer per way a channel may be drawn
(`sapphire.library.channels.RENDERERS`), chosen by the channel's `draw` entry in the prelude.

A map a kind reports as its answer (its `answer` field) has no entry; it is drawn as its shape
says (lines along the grid for a Slitherlink's edges, between cell centres for lines joining
cells, its values written where its points lie otherwise). Each renderer returns the layer its
marks go in, so that the panel stacks them over or under the puzzle's clues.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape

from sapphire.library.shapes import Shape
from sapphire.meaning.answer import AnswerForm, Points
from sapphire.render.diagonals import diagonal_lines
from sapphire.render.links import COLOR, link_lines
from sapphire.render.puzzle import CELL

FILL, UNDER, STYLED, BORDERS, ACROSS_CELLS, OVER = (
    "fill", "under", "styled", "borders", "across-cells", "over")
"""The layers, bottom up: cells filled dark; lines under the clues; a shading drawn in a kind's
style (circles, bulbs); region borders; lines across cells (diagonals, under the corner clues);
marks over the clues."""

BY_FAMILY = {"grid": "grid-lines", "centres": "lines", "cells": "symbols", "corners": "symbols"}
"""How a reported map of each family of shapes is drawn."""
REPORTED_CLASS = {"grid": "edge", "centres": "edge"}
"""The SVG class of a reported map's marks: `edge` for lines (a Slitherlink's loop), `point`
for the others."""


@dataclass(frozen=True)
class Drawn:
    """One part of an answer as its renderer reads it."""

    renderer: str
    options: Mapping[str, str]
    name: str
    """The part's key, the SVG class its marks have unless `options` says."""
    maps: tuple[tuple[Shape, Points], ...]
    symbols: Mapping[int, str] = field(default_factory=dict)

    def grid(self, rows: int, cols: int) -> list[list[Any]]:
        """The first map's values as rows of the board (a part of cells)."""
        shape, points = self.maps[0]
        o = shape.origin
        return [[points.get((r + o, c + o)) for c in range(cols)] for r in range(rows)]


def drawn_parts(form: AnswerForm, answer: dict[str, Any]) -> list[Drawn]:
    """The parts of `answer` that something draws, in the order of `form`; the digits, which
    the panel writes with the puzzle's givens, are not among them."""
    out = []
    for p in form.present(answer):
        points = p.read(answer[p.key])
        if p.channel is not None:
            if p.channel.draw is None or p.channel.draw[0] == "digits":
                continue
            renderer, options = p.channel.draw[0], dict(p.channel.draw[1])
            maps = tuple((s, points.get(m, {})) for _, m, s in p.maps)
            out.append(Drawn(renderer, options, p.key, maps, dict(p.channel.symbols)))
            continue
        for family, renderer in BY_FAMILY.items():  # a kind's own maps, by their shapes
            maps = tuple((s, points[m]) for _, m, s in p.maps if s.family == family
                         and m in points)
            if maps:
                out.append(Drawn(renderer, {}, REPORTED_CLASS.get(family, "point"), maps))
    return out


def render(d: Drawn, rows: int, cols: int, style: str) -> tuple[str, list[str]]:
    """The layer and the SVG marks of one part on a rows×cols panel, by its renderer
    (`RENDER`); `style` is how the puzzle asks a shading to be drawn (`cells`, `circles`,
    `bulbs`)."""
    return RENDER[d.renderer](d, rows, cols, style)


def _fill(d: Drawn, rows: int, cols: int, style: str) -> tuple[str, list[str]]:
    if style != "cells":
        return STYLED, []  # drawn by the panel with the puzzle's givens in mind
    grid = d.grid(rows, cols)
    return FILL, [f'<rect class="shaded" x="{c * CELL}" y="{r * CELL}" width="{CELL}" '
                  f'height="{CELL}" fill="{SHADED}"/>'
                  for r in range(rows) for c in range(cols) if grid[r][c]]


def _layer(d: Drawn) -> str:
    return UNDER if d.options.get("layer") == "under" else OVER


RENDER: dict[str, Callable[[Drawn, int, int, str], tuple[str, list[str]]]] = {
    "fill": _fill,
    "borders": lambda d, rows, cols, _: (BORDERS, borders(d.grid(rows, cols), rows, cols)),
    "diagonal": lambda d, rows, cols, _: (ACROSS_CELLS, diagonal_lines(d.grid(rows, cols))),
    "lines": lambda d, rows, cols, _: (_layer(d), _centre_lines(d, rows, cols)),
    "grid-lines": lambda d, rows, cols, _: (_layer(d), [
        loop_line(*line, d.options.get("class", d.name)) for line in _along(d)]),
    "symbols": lambda d, rows, cols, _: (_layer(d), _symbols(d, rows, cols)),
}
"""The renderer of each way a channel may be drawn (`sapphire.library.channels.RENDERERS`),
but the digits, which the panel writes itself."""


def _centre_lines(d: Drawn, rows: int, cols: int) -> list[str]:
    """Lines between the centres of side-by-side cells, each map of its own direction."""
    grids: dict[str, list[list[int]]] = {}
    for shape, points in d.maps:
        grids[shape.name] = [[points.get((r, c), 0) for c in range(1, cols + 1)]
                             for r in range(1, rows + 1)]
    empty = [[0] * cols for _ in range(rows)]
    return link_lines(grids.get("cell-across", empty), grids.get("cell-down", empty),
                      d.options.get("class", d.name))


def _along(d: Drawn) -> list[tuple[int, int, int, int]]:
    """The grid lines a part's edges run along, as (x1, y1, x2, y2), across ones first."""
    out = []
    for shape, points in sorted(d.maps, key=lambda m: m[0].name):
        for (a, b), on in sorted(points.items()):
            if on:
                x1, y1 = b * CELL, a * CELL
                out.append((x1, y1, x1 + CELL, y1) if shape.name == "edges-across"
                           else (x1, y1, x1, y1 + CELL))
    return out


def _symbols(d: Drawn, rows: int, cols: int) -> list[str]:
    """Each point's symbol (or number) where it lies: a cell's centre, an edge's middle, a
    corner. 0 and a point with no value write nothing, unless 0 has a symbol."""
    out = []
    cls = d.options.get("class", d.name)
    for shape, points in d.maps:
        for index in shape.points(rows, cols):
            v = points.get(index)
            if v is None or (v == 0 and 0 not in d.symbols):
                continue
            x, y = position(shape, index)
            out.append(f'<text class="{cls}" x="{x:g}" y="{y:g}" font-size="20" '
                       f'fill="{COLOR}" text-anchor="middle" dominant-baseline="central">'
                       f'{escape(d.symbols.get(v, str(v)))}</text>')
    return out


def position(shape: Shape, index: tuple[int, ...]) -> tuple[float, float]:
    """Where a point lies on the panel, in pixels: a cell's centre, the middle of the line
    between two cells or along the grid, a corner."""
    a, b = index
    if shape.family == "cells":
        return (b - 0.5) * CELL, (a - 0.5) * CELL
    if shape.family == "corners":
        return b * CELL, a * CELL
    across = shape.name in ("cell-across", "edges-across")
    if shape.family == "centres":
        return (b if across else b - 0.5) * CELL, (a - 0.5 if across else a) * CELL
    return (b + 0.5 if across else b) * CELL, (a if across else a + 0.5) * CELL


def borders(grid: list[list[Any]], rows: int, cols: int) -> list[str]:
    """A thick border between side neighbours whose values differ."""
    out = []
    for r in range(rows):
        for c in range(cols):
            g = grid[r][c] if r < len(grid) and c < len(grid[r]) else None
            if c + 1 < cols and g != _at(grid, r, c + 1):
                out.append(_border(c + 1, r, c + 1, r + 1))
            if r + 1 < rows and g != _at(grid, r + 1, c):
                out.append(_border(c, r + 1, c + 1, r + 1))
    return out


def _at(grid: list[list[Any]] | None, r: int, c: int) -> Any:
    if grid is None or r >= len(grid) or c >= len(grid[r]):
        return None
    return grid[r][c]


def _border(c1: int, r1: int, c2: int, r2: int) -> str:
    s = CELL
    return (f'<line class="region" x1="{c1 * s}" y1="{r1 * s}" x2="{c2 * s}" y2="{r2 * s}" '
            f'stroke="black" stroke-width="3"/>')


def loop_line(x1: int, y1: int, x2: int, y2: int, cls: str) -> str:
    return (f'<line class="{cls}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
            f'stroke="#1f5fbf" stroke-width="5" stroke-linecap="round"/>')


SHADED = "#2b2b2b"
"""Shaded cells of an answer, dark as janko.at draws them (walls, drawn black, stay apart)."""
