"""A case's answer in its own terms: the parts the prelude's channels and the case's kinds make
of it, each read, compared and counted by the shapes of its maps.

The program's answer is maps of points (`sapphire.pipeline.decode`). The case's answer shows
them as the prelude's `channels` table says (`sapphire.library.channels`): the digits as rows of
the board, the shading and the region map alike, a loop as an object of `across` and `down`
rows; the maps a kind reports as its answer (its `answer` field, a Slitherlink's edges) stand
under `values`, each as `[index…, value]` rows. Everything here is read off that table and the
shapes (`sapphire.library.shapes`): no channel is named, so a channel a prelude adds is shown,
read back, compared and counted like the bundled ones.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sapphire.case.givens import extra_cells
from sapphire.case.model import Case
from sapphire.library import Library
from sapphire.library.channels import Channel
from sapphire.library.shapes import SHAPES, Index, Shape

REPORTED = "values"
"""The key of the answer holding the maps a case's kinds report (their `answer` field)."""

Points = dict[Index, Any]


def heading(part: Part) -> str:
    """The line that starts a part in an answer's text: its key and a colon (`shading:`)."""
    return f"{part.key}:"


def extra_heading(key: str) -> str:
    """The line that starts the extra cells in an answer's text (`extra cells:`)."""
    return f"{key} cells:"


@dataclass(frozen=True)
class Part:
    """One part of a case's answer: a channel of the prelude, or the maps its kinds report."""

    key: str
    """The answer's JSON key (the channel's name, or `values`)."""
    maps: tuple[tuple[str, str, Shape], ...]
    """Each map it shows: the key it stands under in the part's object ("" when the part is
    that map's grid itself), the map's name and its shape."""
    channel: Channel | None = None
    """Its entry in the prelude; None for the maps a case's kinds report."""

    @property
    def reported(self) -> bool:
        return self.channel is None

    @property
    def cells(self) -> bool:
        """Whether its points are the board's cells, a grid of values (digits, shading)."""
        return len(self.maps) == 1 and self.maps[0][2].family == "cells" and not self.reported

    @property
    def called(self) -> str:
        return self.channel.called if self.channel is not None else ""

    def read(self, value: Any) -> dict[str, Points]:
        """Its maps' points from the answer's JSON value: grids by their shapes' origins,
        reported maps from their `[index…, value]` rows (a scalar as the point `()`)."""
        out: dict[str, Points] = {}
        for key, name, shape in self.maps:
            if self.reported:
                rows = value.get(name) if isinstance(value, dict) else None
                if isinstance(rows, list):
                    out[name] = {tuple(r[:-1]): r[-1] for r in rows if isinstance(r, list) and r}
                elif name in (value if isinstance(value, dict) else {}):
                    out[name] = {(): rows}
                continue
            grid = value.get(key) if key and isinstance(value, dict) else value if not key \
                else None
            if isinstance(grid, list):
                o = shape.origin
                out[name] = {(a + o, b + o): x for a, row in enumerate(grid)
                             if isinstance(row, list) for b, x in enumerate(row)}
        return out

    def value(self, points: dict[str, Points], rows: int, cols: int) -> Any:
        """Its JSON value from its maps' points (the inverse of `read`)."""
        if self.reported:
            return {name: ([[*i, v] for i, v in sorted(points[name].items())]
                           if () not in points[name] else points[name][()])
                    for _, name, _ in self.maps if name in points}
        grids = {}
        for key, name, shape in self.maps:
            h, w = shape.size(rows, cols)
            o = shape.origin
            grid: list[list[Any]] = [[None] * w for _ in range(h)]
            for i, v in points.get(name, {}).items():
                if shape.in_grid(i, rows, cols):
                    grid[i[0] - o][i[1] - o] = v
            grids[key] = grid
        return grids[""] if "" in grids else grids

    def named(self, value: Any, rows: int, cols: int) -> list[tuple[str, Index, str, Any]]:
        """Each of its points on the board as (map, index, its name, value), map by map in
        reading order: `r2c3`, `r2c3–r2c4`, `r2c3 top`."""
        points = self.read(value)
        return [(name, i, shape.point(i, rows, cols), points[name][i])
                for _, name, shape in self.maps if name in points
                for i in shape.points(rows, cols) if i in points[name]]


@dataclass(frozen=True)
class AnswerForm:
    """The parts a case's answer may have, in the order the answer shows them."""

    parts: tuple[Part, ...]

    def present(self, answer: dict[str, Any]) -> list[Part]:
        """The parts `answer` holds."""
        return [p for p in self.parts if p.key in answer]

    def part_of(self, map_name: str) -> Part | None:
        """The part that shows a map, if one does."""
        return next((p for p in self.parts for _, m, _ in p.maps if m == map_name), None)

    def shape_of(self, map_name: str) -> Shape | None:
        return next((s for p in self.parts for _, m, s in p.maps if m == map_name), None)

    @property
    def extra(self) -> tuple[Part, str] | None:
        """The part holding the extra cells' points, and their key."""
        return next(((p, p.channel.extra) for p in self.parts
                     if p.channel is not None and p.channel.extra), None)

    def answer(self, decoded: dict[str, Any], rows: int, cols: int,
               extra: Iterable[tuple[int, int]] = ()) -> dict[str, Any]:
        """A decoded answer (maps as `[index…, value]` rows) in the case's terms: every part,
        in order; the extra cells' values in reading order after their part."""
        out: dict[str, Any] = {}
        for p in self.parts:
            if p.reported:
                out[p.key] = {name: decoded[name] for _, name, _ in p.maps if name in decoded}
                continue
            points = {name: {tuple(r[:-1]): r[-1] for r in decoded.get(name, [])}
                      for _, name, _ in p.maps}
            out[p.key] = p.value(points, rows, cols)
            if p.channel is not None and p.channel.extra and extra:
                (_, name, _), = p.maps
                out[p.channel.extra] = [points[name].get(cell) for cell in extra]
        return out

    def points(self, answer: dict[str, Any], extra: Iterable[tuple[int, int]] = ()
               ) -> dict[tuple[str, Index], Any]:
        """An answer in the case's terms as map points: the inverse of `answer`."""
        out: dict[tuple[str, Index], Any] = {}
        for p in self.present(answer):
            for name, points in p.read(answer[p.key]).items():
                out.update(((name, i), v) for i, v in points.items())
        found = self.extra
        if found is not None and isinstance(answer.get(found[1]), list):
            (_, name, _), = found[0].maps
            out.update(((name, cell), v) for cell, v in zip(extra, answer[found[1]],
                                                             strict=False))
        return out

    def size(self, answer: dict[str, Any]) -> tuple[int, int]:
        """The board's rows and columns, read off the first grid the answer holds."""
        for p in self.present(answer):
            if p.reported:
                continue
            key, _, shape = p.maps[0]
            grid = answer[p.key].get(key) if key else answer[p.key]
            if isinstance(grid, list) and grid:
                return shape.board_of(len(grid), max(len(r) for r in grid))
        return 0, 0


def channel_part(c: Channel) -> Part:
    return Part(c.name, tuple((key, name, c.shape(name)) for key, name in c.shows), c)


def reported_part(shapes: Iterable[tuple[str, str]]) -> Part | None:
    """The part of the maps a case's kinds report, each with its shape; None without any."""
    maps = tuple((name, name, SHAPES[shape]) for name, shape in shapes)
    return Part(REPORTED, maps) if maps else None


def form(channels: Iterable[Channel], reported: Iterable[tuple[str, str]] = ()) -> AnswerForm:
    """The form of answers showing `channels` and the `reported` maps (name, shape)."""
    parts = [channel_part(c) for c in channels]
    values = reported_part(reported)
    return AnswerForm((*parts, *([values] if values is not None else [])))


def case_form(case: Case, lib: Library) -> AnswerForm:
    """The parts a case's answers may have: every channel of its library's prelude, and the
    maps its kinds report. What an answer holds says which of them it has."""
    shapes: dict[str, str] = {}
    for rule in case.rules:
        d = lib.resolve(rule.reference)
        if d is not None:
            shapes.update(d.answer)
    return form(lib.channels(), shapes.items())


@dataclass(frozen=True)
class Difference:
    """Where two answers differ in one part: the names of its points that differ."""

    part: Part
    points: tuple[str, ...]
    cells: tuple[tuple[int, int], ...] = ()
    """The differing cells (row, column), for a part of cells."""


def differences(form_: AnswerForm, first: dict[str, Any], second: dict[str, Any]
                ) -> list[Difference]:
    """Per part the two answers both hold, the points where they differ, in reading order;
    parts that agree are left out."""
    rows, cols = form_.size(first)
    out = []
    for p in form_.present(first):
        if p.key not in second:
            continue
        a = {(m, i): (n, v) for m, i, n, v in p.named(first[p.key], rows, cols)}
        b = {(m, i): v for m, i, _, v in p.named(second[p.key], rows, cols)}
        differ = [(k, n) for k, (n, v) in a.items() if b.get(k, v) != v]
        key = p.channel.extra if p.channel is not None else None
        if key and isinstance(first.get(key), list) and isinstance(second.get(key), list):
            below = extra_cells((rows, cols), len(first[key]))  # in the board's cells' terms
            differ += [((p.maps[0][1], cell), f"r{cell[0]}c{cell[1]}")
                       for cell, x, y in zip(below, first[key], second[key], strict=False)
                       if x != y]
        if differ:
            cells = tuple(i for (_, i), _ in differ if len(i) == 2) if p.cells else ()
            out.append(Difference(p, tuple(n for _, n in differ), cells))  # type: ignore[arg-type]
    return out


def differing_cells(form_: AnswerForm, first: dict[str, Any], second: dict[str, Any]
                    ) -> list[tuple[int, int]]:
    """The cells (row, column from 1) whose value in some part of cells (a digit, a shade, a
    region) differs between two answers, in reading order."""
    return sorted({c for d in differences(form_, first, second) for c in d.cells})


def decided(form_: AnswerForm, cands: dict[str, Any]) -> dict[str, Any]:
    """Per part of an answer of candidates (each point's value the list of its candidates),
    how many of its points on the board have one candidate; the extra cells under their key,
    and per reported map its rows with one."""
    rows, cols = form_.size(cands)
    out: dict[str, Any] = {}
    for p in form_.present(cands):
        if p.reported:
            out[p.key] = {name: sum(len(r[-1]) == 1 for r in pts)
                          if pts and isinstance(pts[0], list) else int(len(pts) == 1)
                          for name, pts in cands[p.key].items()}
            continue
        lists = [v for _, _, _, v in p.named(cands[p.key], rows, cols) if isinstance(v, list)]
        if lists:
            out[p.key] = sum(len(v) == 1 for v in lists)
        if p.channel is not None and p.channel.extra and cands.get(p.channel.extra):
            out[p.channel.extra] = sum(len(v) == 1 for v in cands[p.channel.extra]
                                       if v is not None)
    if not out.get(REPORTED):
        out.pop(REPORTED, None)
    return out


def named_candidates(form_: AnswerForm, cands: dict[str, Any]) -> dict[str, Any]:
    """For each part whose points are not cells (a loop's edges, a Slitherlink's), its points
    by name: those `decided`, with their one value, and those still `open`, with their
    candidates. Cells are read off the grids, which name them by place already."""
    rows, cols = form_.size(cands)
    out: dict[str, Any] = {}
    for p in form_.present(cands):
        if p.cells:
            continue
        named = [(n, v) for _, _, n, v in p.named(cands[p.key], rows, cols)
                 if isinstance(v, list) and v]
        if named:
            out[p.key] = {"decided": {n: v[0] for n, v in named if len(v) == 1},
                          "open": {n: v for n, v in named if len(v) > 1}}
    return out
