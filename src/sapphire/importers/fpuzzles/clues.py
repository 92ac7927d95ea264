"""The f-puzzles clues: one handler per key of the puzzle object."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sapphire.case.model import JsonValue
from sapphire.formats.common import (
    DOWN_LEFT,
    DOWN_RIGHT,
    UP_LEFT,
    UP_RIGHT,
    Malformed,
    Unsupported,
    moved,
    ray,
)
from sapphire.importers.fpuzzles.converter import Converter, Handler

GLOBALS = {"antiknight": "anti-knight", "antiking": "anti-king", "diagonal+": "anti-diagonal",
           "diagonal-": "main-diagonal", "disjointgroups": "disjoint-sets"}
"""Global rules given as `true`, and the kind each becomes."""

def _global(cv: Converter, key: str) -> None:
    if cv.d.get(key) is not True:
        return
    # a kind written for one board (disjoint-sets: 9×9) is refused on another, not misread
    cv.need(key, GLOBALS[key], (cv.size, cv.size), range(1, cv.size + 1))
    cv.b.add(GLOBALS[key], early=True)


def _nonconsecutive(cv: Converter, key: str) -> None:
    if cv.d.get(key) is not True:
        return
    exempt = cv.pairs("difference", "ratio")  # a dotted pair is free of it
    if exempt:
        cv.b.add("strict-white-dot", exempt, early=True)
    else:
        cv.b.add("anti-consecutive", early=True)


def _killer(cv: Converter, key: str) -> None:
    for e in cv.entries(key):
        cells = cv.clue(cv.cells(e.get("cells")))
        if e.get("value") in (None, ""):
            cv.b.add("all-different", cells)  # a cage without a total: no repeats
        else:
            cv.b.add("cage", cells, sum=cv.number(key, e["value"]))


STEPS = {"DR": DOWN_RIGHT, "DL": DOWN_LEFT, "UR": UP_RIGHT, "UL": UP_LEFT}
"""A little killer's direction from its clue outside the grid."""


def _little_killer(cv: Converter, key: str) -> None:
    """The diagonal's cells as listed, or, where a tool wrote only the clue's cell and
    direction, walked from the clue until the grid ends."""
    for e in cv.entries(key):
        if e.get("value") in (None, ""):
            continue
        if "cells" in e:
            cells = cv.cells(e.get("cells"))
        else:
            step = STEPS.get(str(e.get("direction", "")).upper())
            if step is None:
                raise Malformed(key, f"the direction {e.get('direction')!r} is not DR, DL, UR "
                                "or UL")
            clue = cv.cells([e.get("cell")], key, outside=True)[0]
            cells = ray(moved(clue, step), step, cv.size, cv.size)
            if not cells:
                raise Malformed(key, f"no diagonal runs {e.get('direction')} from "
                                f"{e.get('cell')}")
        cv.b.add("little-killer", cells, sum=cv.number(key, e["value"]))


def _arrow(cv: Converter, key: str) -> None:
    """Each line from the circle is an arrow of its own: its shaft adds up to the circle."""
    for e in cv.entries(key):
        circle = cv.cells(e.get("cells"))
        if len(circle) > 3:
            raise Unsupported(key, f"an arrow with a circle of {len(circle)} cells")
        pill = sorted(circle)  # a pill reads left to right, top to bottom
        for line in cv.lines(key, e):
            shaft = [x for x in line if x not in circle]
            if len(circle) == 1:
                cv.b.add("arrow", circle + shaft)
            else:
                cv.b.add("pill-arrow", pill + shaft, pill=len(circle))


def _numbered(cv: Converter, key: str, param: str | None, value: Any) -> dict[str, JsonValue]:
    """A clue's own number (`value`) as the parameter `param`; nothing when the clue has none
    or its kind takes none (the builder leaves out a number that is the kind's default)."""
    if param is None or value in (None, ""):
        return {}
    return {param: cv.number(key, value)}


def _lines(kind: str, param: str | None = None) -> Callable[[Converter, str], None]:
    """A clue drawn as lines: one rule line per line, with `value` as `param`."""
    def handler(cv: Converter, key: str) -> None:
        for e in cv.entries(key):
            for cells in cv.lines(key, e):
                cv.b.add(kind, cells, **_numbered(cv, key, param, e.get("value")))
    return handler


def _dots(kind: str, param: str) -> Callable[[Converter, str], None]:
    """Kropki dots; a dot's own number (a difference of 3, a ratio of 3) becomes `param`."""
    def handler(cv: Converter, key: str) -> None:
        for e in cv.entries(key):
            cells = cv.clue(cv.cells(e.get("cells")))
            cv.b.add(kind, cells, **_numbered(cv, key, param, e.get("value")))
    return handler


def _xv(cv: Converter, key: str) -> None:
    for e in cv.entries(key):
        total = XV.get(str(e.get("value", "")).upper())
        if total is None:
            raise Malformed(key, f"the mark '{e.get('value')}' is neither X nor V")
        cv.b.add("xv", cv.clue(cv.cells(e.get("cells"))), sum=total)


def _quadruple(cv: Converter, key: str) -> None:
    for e in cv.entries(key):
        if not e.get("values"):
            raise Malformed(key, "a quadruple without digits")
        cv.b.add("quadruple", cv.clue(cv.cells(e.get("cells"))),
                 digits=[cv.number(key, v) for v in cv.listed(key, e.get("values"))])


def _clone(cv: Converter, key: str) -> None:
    for e in cv.entries(key):
        a, b = cv.cells(e.get("cells")), cv.cells(e.get("cloneCells"))
        if len(a) != len(b):
            raise Malformed(key, "a clone of another size")
        cv.clue(a)
        cv.clue(b)
        for x, y in zip(a, b, strict=True):
            cv.b.add("same-values", [x, y], id_stem="clone")


def _single_cells(kind: str) -> Callable[[Converter, str], None]:
    """Clues on one cell each (`{"cell": "R1C1"}`): one rule line over all of them."""
    def handler(cv: Converter, key: str) -> None:
        cells = [c for e in cv.entries(key) for c in cv.cells([e.get("cell")])]
        if cells:
            cv.b.add(kind, cells)
    return handler


def _set(kind: str) -> Callable[[Converter, str], None]:
    def handler(cv: Converter, key: str) -> None:
        for e in cv.entries(key):
            cv.b.add(kind, cv.clue(cv.cells(e.get("cells"))))
    return handler


def _outside(kind: str, param: str) -> Callable[[Converter, str], None]:
    def handler(cv: Converter, key: str) -> None:
        for e in cv.entries(key):
            if e.get("value") not in (None, ""):
                cv.b.add(kind, cv.outside(key, e.get("cell")), **{param: cv.number(key,
                                                                                  e["value"])})
    return handler


LINES: dict[str, tuple[str, str | None]] = {
    "thermometer": ("thermo", None), "palindrome": ("palindrome", None),
    "renban": ("renban", None), "betweenline": ("between", None),
    "whispers": ("whisper", "difference")}
"""Clues drawn as lines: the kind each line becomes, and the parameter its `value` sets."""
DOTS: dict[str, tuple[str, str]] = {"difference": ("white-dot", "difference"),
                                    "ratio": ("black-dot", "ratio")}
"""Kropki dots: the kind of each, and the parameter a dot's own number sets."""
SINGLE_CELLS: dict[str, str] = {"even": "even", "odd": "odd", "minimum": "minimum",
                                "maximum": "maximum"}
"""Clues on one cell each, gathered into one rule line of the kind."""
SETS: dict[str, str] = {"extraregion": "all-different", "rowindexer": "row-indexer",
                        "columnindexer": "column-indexer"}
"""Clues on a set of cells, one rule line each."""
OUTSIDE: dict[str, tuple[str, str]] = {"sandwichsum": ("lunchbox", "sum"),
                                       "xsum": ("x-sum", "sum"),
                                       "skyscraper": ("skyscraper", "visible")}
"""Clues just off the grid reading its row or column: the kind, and the parameter `value`
sets."""
XV = {"X": 10, "V": 5}
"""An XV mark's letter and the sum it gives."""

HANDLERS: dict[str, Handler] = {
    **{k: _global for k in GLOBALS},
    "nonconsecutive": _nonconsecutive,
    "killercage": _killer,
    "littlekillersum": _little_killer,
    "arrow": _arrow,
    **{k: _lines(kind, param) for k, (kind, param) in LINES.items()},
    **{k: _dots(kind, param) for k, (kind, param) in DOTS.items()},
    "xv": _xv,
    "quadruple": _quadruple,
    "clone": _clone,
    **{k: _single_cells(kind) for k, kind in SINGLE_CELLS.items()},
    **{k: _set(kind) for k, kind in SETS.items()},
    **{k: _outside(kind, param) for k, (kind, param) in OUTSIDE.items()},
}
"""The f-puzzles keys this importer reads; each also needs its kinds in the library. The
tables above hold each kind's f-puzzles name once, for the reader and the writer (`export`)."""
