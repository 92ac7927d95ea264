"""What the page's grid editor reads from the server: the library's kinds with their parameters
and drawing declarations, the board of the case being edited, and share links.

The page knows no kind by name: its palette lists what `catalogue` gives, and it places each
kind the way the kind's `draw` elements say it is drawn (an outline on a group of cells, a line
along a path, a dot between two cells, a number outside the grid). `board_of` tells it where
the cells are in the picture and what a typed digit or a shaded cell writes. A share link
carries the case compressed with LZ-String, as f-puzzles' links do.
"""

from __future__ import annotations

from typing import Any

from sapphire.case.model import Case, Cell
from sapphire.diagnostics import SapphireError
from sapphire.library.definition import ParamSpec, RuleDefinition
from sapphire.library.drawing import DrawElement

SHARE_KEY = "case"
"""The name the case goes by in a share link's fragment: `/#case=…`."""


def catalogue(lib: Any) -> list[dict[str, Any]]:
    """Every kind of the loaded library (`sapphire.library.Library`), as the page's palette
    and the editor's suggestions read them."""
    return [kind_entry(d) for d in lib.definitions() if not d.predicate]


def kind_entry(d: RuleDefinition) -> dict[str, Any]:
    """One kind: its names (`also`, the other names setters use, where the library gives
    them), its cells, its parameters (`name` as a setter writes it, `real` as a drawing's
    label names it) and how it is drawn."""
    positional = None
    if d.positional is not None:
        positional = {"name": d.positional.name, "type": d.positional.type,
                      "values": list(d.positional.values),
                      "required": d.positional.required}
    return {"kind": d.kind, "title": d.title, "also": list(d.also),
            "scope": d.scope, "cells": d.cells,
            "params": [p.preferred or p.name for p in d.params],
            "parameters": [_param(p) for p in d.params],
            "positional": d.positional is not None, "size": positional,
            "declares": sorted(d.declares),
            "draw": None if d.draw is None else [_element(e) for e in d.draw]}


def _param(p: ParamSpec) -> dict[str, Any]:
    default = p.default
    if isinstance(default, Cell):
        default = f"r{default.row}c{default.col}"
    return {"name": p.preferred or p.name, "real": p.name, "type": p.type, "required": p.required,
            "default": default, "description": p.description, "min": p.minimum,
            "max": p.maximum}


def _element(e: DrawElement) -> dict[str, Any]:
    options = {k: (dict((str(v), t) for v, t in value) if k == "labels" else value)
               for k, value in e.options}
    return {"element": e.element, "options": options, "when": dict(e.when)}


def board_of(case: Case, lib: Any) -> dict[str, Any] | None:
    """The board the page edits: its size and where it lies in the picture (`cell` pixels a
    cell, extra cells' rows `gap` below it), the digits a cell holds (None: the answer has
    none), whether typed numbers are `clues` (a rule reads the front matter's `clues:` grid),
    and which answers a test solve draws: the `channels` its rules declare (the prelude's
    table names them), and `edges` along the grid lines (the maps of the answer's `values`
    that hold them, with their shapes). None when the case says no board."""
    from sapphire.case.givens import board_size, case_digits, case_extra_cells
    from sapphire.meaning.instantiate import instantiate
    from sapphire.render.geometry import CELL, GAP

    declares: set[str] = set()
    clues = False
    edges: dict[str, str] = {}
    for rule in case.rules:
        try:
            d = lib.resolve(rule.reference)
        except SapphireError:
            d = None
        if d is None:
            continue
        declares |= d.declares
        clues = clues or any(what == "clues" for _, what in d.binds)
        edges.update(d.answer)
    digits: range | None
    try:
        inst = instantiate(case, lib)
    except SapphireError:  # a case with problems: its board as far as it says
        size = board_size(case, lib.declares_board)
        if size is None:
            return None
        rows, cols = size
        digits, extra = case_digits(case), case_extra_cells(case)
    else:
        rows, cols, extra = inst.rows, inst.cols, len(inst.extra)
        alphabet = inst.instance.constants.get("alphabet")
        digits = range(min(alphabet), max(alphabet) + 1) if inst.digits and alphabet else None
    return {"rows": rows, "cols": cols, "extra": extra, "cell": CELL, "gap": GAP,
            "digits": [digits.start, digits.stop - 1] if digits is not None else None,
            "clues": clues, "channels": sorted(declares & {c.name for c in lib.channels()}),
            "edges": edges}


def share_fragment(text: str) -> dict[str, Any]:
    """The fragment of a link that opens the case `text` on any `sapphire serve`."""
    from lzstring import LZString  # type: ignore[import-untyped]

    return {"fragment": f"{SHARE_KEY}={LZString.compressToEncodedURIComponent(text)}"}


def open_shared(fragment: str) -> dict[str, Any]:
    """The case a share link's fragment carries, or why it cannot be read."""
    from lzstring import LZString

    key, _, data = fragment.lstrip("#").partition("=")
    text = None
    if key == SHARE_KEY and data:
        try:
            text = LZString.decompressFromEncodedURIComponent(data)
        except Exception:  # noqa: BLE001 - its decoder fails on bad input as it happens to
            text = None
    if not text:
        return {"status": "error", "diagnostics": [{
            "kind": "bad-share-link",
            "message": "the link's case cannot be read (cut short when it was copied?)",
            "hint": f"a share link ends in #{SHARE_KEY}= and the case compressed"}]}
    return {"status": "opened", "case": text}
