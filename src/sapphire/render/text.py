"""Answers and their candidates as text, part by part, as the shapes of their maps draw them.

A part of cells (the digits, the shading, a region map) is a grid of its values, written with
its channel's symbols (`#` for a shaded cell) or as numbers; lines between cell centres (a loop,
a NumberLink's links) are drawn with `o` for a cell a line meets, `-` or `=` for one or two
lines to the right, `|` or `"` down; lines along the grid (a Slitherlink's loop) as `+───+`
with `│`, each square holding its clue. Candidates draw the same way, a point with several
values as `?` (and cells as `{12}`). Every part after the first starts with its heading line
(`shading:`), which a plain channel (`sapphire.library.channels`) standing first goes without:
`sapphire.answers` reads that text back.
"""

from __future__ import annotations

from typing import Any

from sapphire.library.shapes import ACROSS_DOWN, SHAPES
from sapphire.meaning.answer import AnswerForm, Part, Points, decided, extra_heading, heading

ACROSS = " -="
"""A line to the right: none, one, two (a double bridge)."""
DOWN = ' |"'
OPEN = "?"
"""A point whose candidates are several."""


def answer_lines(form: AnswerForm, answer: dict[str, Any], clues: list[Any] | None = None,
                 size: tuple[int, int] | None = None) -> list[str]:
    """One answer as `solve` prints it under `solution N:`: each part it holds with a value,
    in order. `size` is the board's when no grid of the answer gives it (a program's maps)."""
    rows, cols = size or form.size(answer)
    out: list[str] = []
    for p in form.present(answer):
        lines = _part_lines(p, answer[p.key], rows, cols, clues)
        if not lines:
            continue
        if out or p.channel is None or not p.channel.plain:
            out += [f"  {heading(p)}"] if p.channel is not None else []
        out += lines
        key = p.channel.extra if p.channel is not None else None
        if key and isinstance(answer.get(key), list):  # in rows of the board's width
            out.append(f"  {extra_heading(key)}")
            values = answer[key]
            out += ["  " + " ".join(_written(p, v) for v in values[i:i + cols])
                    for i in range(0, len(values), max(cols, 1))]
    return out


def _written(p: Part, v: Any) -> str:
    return "." if v is None else p.channel.symbol(v) if p.channel is not None else str(v)


def _part_lines(p: Part, value: Any, rows: int, cols: int, clues: list[Any] | None
                ) -> list[str]:
    points = p.read(value)
    if p.cells:
        (_, name, shape), = p.maps
        grid = p.value(points, rows, cols)
        if all(v is None for row in grid for v in row):
            return []  # no value at all: a Slitherlink's digits
        return ["  " + " ".join(_written(p, v) for v in row) for row in grid]
    return _drawn(p, points, rows, cols, clues, lambda v: v)


def _drawn(p: Part, points: dict[str, Points], rows: int, cols: int,
           clues: list[Any] | None, value: Any) -> list[str]:
    """The part's lines drawn by family (both maps of a family merged, as a Slitherlink's two
    edge maps are one loop); any other map, and a channel drawn as symbols (numbers on edges),
    as its points by name with their values, or a program's by index."""
    out: list[str] = []
    drawn: set[str] = set()
    written = p.channel is not None and p.channel.draw is not None \
        and p.channel.draw[0] == "symbols"
    for family, (across_shape, down_shape) in ACROSS_DOWN.items():
        if written:
            break
        across = [m for _, m, s in p.maps if s.name == across_shape and m in points]
        down = [m for _, m, s in p.maps if s.name == down_shape and m in points]
        if not across or not down:
            continue
        a = {i: value(v) for m in across for i, v in points[m].items()}
        d = {i: value(v) for m in down for i, v in points[m].items()}
        out += _centres(a, d, rows, cols) if family == "centres" else _grid(a, d, rows, cols,
                                                                             clues)
        drawn.update(across + down)
    for key, m, shape in p.maps:
        if m in drawn or m not in points:
            continue
        label = key or m  # a channel's map under its key in the JSON (`across`)
        if () in points[m]:
            out.append(f"  {m} = {_shown(value(points[m][()]))}")
        elif rows and cols:
            named = [f"{shape.point(i, rows, cols)}={_symbol(p, value(points[m][i]))}"
                     for i in shape.points(rows, cols) if i in points[m]]
            out.append(f"  {label}: " + (", " if shape.family in ("grid", "corners") else " ")
                       .join(named))
        else:  # a program's map, whose indices have no board
            out.append(f"  {m}: " + " ".join(f"{i}={_shown(value(v))}".replace(",)", ")")
                                             for i, v in sorted(points[m].items())))
    return out


def _symbol(p: Part, v: Any) -> str:
    """A value as its channel writes it (`?` for an open point stays `?`)."""
    if p.channel is not None and isinstance(v, int) and not isinstance(v, bool):
        return p.channel.symbol(v)
    return _shown(v)


def _shown(v: Any) -> str:
    return "".join(str(x) for x in v) if isinstance(v, tuple) else str(v)


def _mark(v: Any, symbols: str, blank: str = " ") -> str:
    """A line's symbol: none, one or two lines, or `?` when it is open."""
    if v == OPEN:
        return OPEN
    return symbols[min(v, 2)] if isinstance(v, int) and v > 0 else blank


def _centres(across: Points, down: Points, rows: int, cols: int) -> list[str]:
    """Lines between cell centres: `o` for a cell a line meets, `.` for another."""
    def on(r: int, c: int) -> bool:
        return any(isinstance(v, int) and v > 0 for v in (
            across.get((r, c)), across.get((r, c - 1)), down.get((r, c)), down.get((r - 1, c))))

    out = []
    for r in range(1, rows + 1):
        out.append("  " + "".join(("o" if on(r, c) else ".") + _mark(across.get((r, c)), ACROSS)
                                  for c in range(1, cols + 1)).rstrip())
        if r < rows:
            out.append("  " + "".join(_mark(down.get((r, c)), DOWN) + " "
                                      for c in range(1, cols + 1)).rstrip())
    return out


def _clue(clues: list[Any] | None, a: int, b: int) -> str:
    """The clue of square a,b as one character: a blank where the data has no number there
    (the data is drawn as it is, whatever its shape; the program decides what it means)."""
    row = clues[a] if clues and a < len(clues) else None
    c = row[b] if isinstance(row, list) and b < len(row) else None
    return str(c) if isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 9 else " "


def _grid(across: Points, down: Points, rows: int, cols: int, clues: list[Any] | None
          ) -> list[str]:
    """Lines along the grid of a rows×cols board, with a clue in each square."""
    def edge(v: Any, line: str, none: str) -> str:
        return (OPEN * len(none) if len(none) == 1 else f" {OPEN} ") if v == OPEN \
            else line if isinstance(v, int) and v > 0 else none

    out = []
    for a in range(rows + 1):
        out.append("  +" + "".join(edge(across.get((a, b)), "───", "   ") + "+"
                                   for b in range(cols)))
        if a == rows:
            break
        cells = "  "
        for b in range(cols + 1):
            cells += edge(down.get((a, b)), "│", " ")
            if b < cols:
                cells += f" {_clue(clues, a, b)} "
        out.append(cells)
    return out


def grid_drawing(answer_values: dict[str, Any], shapes: dict[str, str], rows: int, cols: int,
                 clues: list[Any] | None) -> list[str]:
    """A program's answer (its maps by name) drawn as the shapes of a kind that reports the
    same maps say (the seed Slitherlink program's edges)."""
    part = Part("values", tuple((m, m, SHAPES[s]) for m, s in shapes.items()))
    return _drawn(part, part.read(answer_values), rows, cols, clues, lambda v: v)


def candidate_lines(form: AnswerForm, cands: dict[str, Any]) -> list[str]:
    """The candidates of each part, after a heading that says how many points are decided:
    cells as a grid (`{12}` for several digits, `?` for a shading that may be either), lines
    drawn with `?` where open and then the open ones named."""
    rows, cols = form.size(cands)
    counts = decided(form, cands)
    out: list[str] = []
    for p in form.present(cands):
        named = [(n, v) for _, _, n, v in p.named(cands[p.key], rows, cols)
                 if isinstance(v, list)]
        if p.cells and named:
            out.append(f"{p.key} ({counts[p.key]} of {len(named)} decided):")
            out += _cells(p, p.value(p.read(cands[p.key]), rows, cols))
        elif named and not any(v for _, v in named):  # no answer was found
            out.append(f"{p.key if p.channel is not None else 'points'} (none decided: no "
                       "answer was found)")
        elif named:
            noun = p.maps[0][2].noun
            known = sum(len(v) == 1 for _, v in named)
            out.append(f"{p.key} ({known} of {len(named)} {noun}s decided):"
                       if p.channel is not None else f"{noun}s ({known} of {len(named)} "
                       "decided):")
            out += _drawn(p, p.read(cands[p.key]), rows, cols, None,
                          lambda v: OPEN if isinstance(v, list) and len(v) > 1
                          else v[0] if isinstance(v, list) and v else None)
            still = [n for n, v in named if len(v) > 1]
            if still:
                out.append("  open: " + ", ".join(still))
        key = p.channel.extra if p.channel is not None else None
        if key and cands.get(key):
            out.append(f"{extra_heading(key)[:-1]} ({counts[key]} of {len(cands[key])} "
                       "decided):")
            out += _cells(p, [cands[key]])
    return out


def _cells(p: Part, rows: list[list[Any]]) -> list[str]:
    symbols = p.channel is not None and bool(p.channel.symbols)
    shown = [[_candidate(v, p, symbols) for v in row] for row in rows]
    width = max((len(s) for row in shown for s in row), default=1)
    return ["  " + " ".join(s.ljust(width) for s in row).rstrip() for row in shown]


def _candidate(values: list[int] | None, p: Part, symbols: bool) -> str:
    """A cell's candidates: its one value, `{12}` for several (`{1,10}` when a value has more
    than one character), `-` when no answer was found; a channel with symbols shows several as
    `?`."""
    if values is None:
        return " " if symbols else "."
    if not values:
        return "-"  # no answer was found: nothing is known of the cell
    if len(values) == 1:
        return _written(p, values[0])
    if symbols:
        return OPEN
    sep = "" if all(0 <= v <= 9 for v in values) else ","
    return "{" + sep.join(str(v) for v in values) + "}"
