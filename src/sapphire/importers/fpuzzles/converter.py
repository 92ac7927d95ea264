"""The f-puzzles converter: grid, negative constraints, drawings, clue helpers.

Each key of the puzzle object is handed to the handler the converter's table names
(`handlers`, given when it is made: `clues.HANDLERS`). The handlers take the converter as
their argument, so `clues` imports this module; it imports no handler."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from sapphire.diagnostics import Diagnostic, NumberTooLong, SapphireError, integer
from sapphire.formats import common
from sapphire.formats.builder import CaseBuilder, digit_symbol
from sapphire.formats.common import (
    Cell,
    Malformed,
    Unsupported,
    Where,
    box_index,
    read_cell,
    region_box_dims,
    row_or_column,
)
from sapphire.importers.fpuzzles.decode import LABEL
from sapphire.library.library import Library

DRAWINGS = ("line", "circle", "rectangle", "cage", "text")
"""Keys whose shapes are drawn only: their meaning is in the rules text."""
NOTES = ("size", "grid", "title", "author", "ruleset", "negative", "solution",
         "highlightConflicts", "disabledlogic", "truecandidatesoptions", "fogofwar")
"""Keys that are no rule of their own (read elsewhere, or the editor's settings)."""


def parse_cell(text: Any) -> Cell:
    """`R1C1` (row and column in decimal) as (1, 1)."""
    cell = read_cell(str(text))
    if cell is None:
        raise Malformed("cell", f"'{text}' is not a cell like R1C1")
    return cell


def default_box(size: int) -> tuple[int, int]:
    """The rows and columns of f-puzzles' standard region for a grid of this size: the boxes
    of ISS's and the library's sudoku where it has any, else the rows (a 7×7 grid's)."""
    return region_box_dims(size, size, size) or (1, size)


Handler = Callable[["Converter", str], None]
"""Writes the rule lines of one key of the puzzle object (or refuses it)."""


class Converter(common.Converter):
    """Turns one f-puzzles object into a `CaseBuilder`, each key by its handler in
    `handlers`."""

    def __init__(self, data: dict[str, Any], handlers: Mapping[str, Handler],
                 library: Library | None = None, ignore_cosmetic: bool = False,
                 where: Where | None = None, keys: dict[str, int] | None = None) -> None:
        super().__init__(library, where or Where(LABEL, ""))
        self.d = data
        self.handlers = handlers
        """The handler of each key read, by the key."""
        self.keys = keys or {}
        """The offset of each top-level key in it (none for a link or payload)."""
        self.ignore_cosmetic = ignore_cosmetic
        self.malformed: dict[str, str] = {}
        """Clues not written as f-puzzles writes them, by key."""
        self.size = 0
        self.clue_cells: set[frozenset[Cell]] = set()
        """The cells of every clue and line, to know a drawing that only repeats one."""

    # -- helpers ----------------------------------------------------------------------------

    def cells(self, items: Any, key: str = "cell", outside: bool = False) -> list[Cell]:
        """Cells on the grid (`outside`: also one step off it, where drawings may stand)."""
        if not isinstance(items, list) or not items:
            raise Malformed(key, f"{items!r} is not a list of cells")
        out = [parse_cell(x) for x in items]
        edge = 1 if outside else 0
        for r, c in out:
            if not (1 - edge <= r <= self.size + edge and 1 - edge <= c <= self.size + edge):
                raise Malformed("cell", f"R{r}C{c} is off the {self.size}×{self.size} grid")
        return out

    def entries(self, key: str) -> list[dict[str, Any]]:
        value = self.d.get(key) or []
        if not isinstance(value, list) or not all(isinstance(x, dict) for x in value):
            raise Malformed(key, "a list of objects was expected")
        return value

    def listed(self, key: str, value: Any) -> list[Any]:
        """`value` when it is a list (absent reads as empty); else the clue is malformed."""
        if not value:
            return []
        if not isinstance(value, list):
            raise Malformed(key, f"'{value}' is not a list")
        return value

    def number(self, key: str, value: Any) -> int:
        try:
            return integer(str(value))  # NumberTooLong goes on to `fpuzzles_to_case`
        except NumberTooLong:
            raise
        except ValueError:
            raise Malformed(key, f"'{value}' is not a number") from None

    def outside(self, key: str, cell_text: Any) -> list[Cell]:
        """The row or column an outside clue looks along, from the clue's side."""
        r, c = parse_cell(cell_text)
        n = self.size
        line = (row_or_column(n, n, "C", c, r == 0) if r in (0, n + 1) else
                row_or_column(n, n, "R", r, c == 0) if c in (0, n + 1) else None)
        if line is None:
            raise Malformed(key, f"R{r}C{c} is not just outside the grid")
        return line

    def pairs(self, *keys: str) -> list[Cell]:
        """The cells of every dot or mark of these keys, two by two."""
        out: list[Cell] = []
        for key in keys:
            for e in self.entries(key):
                out.extend(self.cells(e.get("cells")))
        return out

    def lines(self, key: str, entry: dict[str, Any], clue: bool = True) -> list[list[Cell]]:
        """The cells of each line of an entry; a clue's lines are noted as drawn by it (a
        drawing's lines may also run one step off the grid)."""
        lines = entry.get("lines")
        if not isinstance(lines, list) or not lines:
            raise Malformed(key, f"{lines!r} is not a list of lines")
        out = [self.cells(line, key, outside=not clue) for line in lines]
        return [self.clue(x) for x in out] if clue else out

    def clue(self, cells: list[Cell]) -> list[Cell]:
        self.clue_cells.add(frozenset(cells))
        return cells

    # -- the conversion ---------------------------------------------------------------------

    def run(self) -> CaseBuilder:
        size = self.d.get("size")
        if not isinstance(size, int) or isinstance(size, bool) or not 4 <= size <= 16:
            shown = repr(size) if len(repr(size)) <= 40 else repr(size)[:39] + "…"
            raise SapphireError([self.at("size", "bad-input",
                                         f"the grid size {shown} is not 4 to 16",
                                         "an f-puzzles puzzle has a whole 'size' from 4 to 16")])
        self.size = size
        grid = self.d.get("grid")
        if not (isinstance(grid, list) and len(grid) == size
                and all(isinstance(row, list) and len(row) == size for row in grid)):
            raise SapphireError([self.at(
                "grid", "bad-input", f"the grid is not {size} rows of {size} cells",
                "'grid' holds one list per row, each with one object per cell")])
        self._guard("grid", lambda: self._grid(grid))
        for key in self.d:
            if key in NOTES or key in DRAWINGS:
                continue
            handler = self.handlers.get(key)
            if handler is None:
                self.problems.setdefault(key, "no rule kind for it")
                continue
            self._guard(key, lambda key=key, handler=handler: handler(self, key))
        self._guard("negative", self._negative)
        if self.malformed or self.problems:
            raise self._refusal(self.problems, self.malformed)
        try:
            left_out = self._drawings()
        except Malformed as u:
            key = u.what if u.what != "cell" else "drawing"
            raise self._refusal({}, {key: u.detail}) from None
        title, author, rules = (self.d.get(k) for k in ("title", "author", "ruleset"))
        self.b.title = title.strip() if isinstance(title, str) and title.strip() else None
        self.b.author = author.strip() if isinstance(author, str) and author.strip() else None
        notes = [rules.strip()] if isinstance(rules, str) and rules.strip() else []
        if left_out:
            notes.append("Left out on import (drawings whose meaning is in the rules text):\n"
                         + "\n".join(f"- {f}" for f in left_out))
        self.b.notes = "\n\n".join(notes) or None
        return self.b

    def _guard(self, key: str, f: Callable[[], None]) -> None:
        try:
            f()
        except Unsupported as u:
            found = self.malformed if isinstance(u, Malformed) else self.problems
            found.setdefault(u.what if u.what != "cell" else key, u.detail)

    def at(self, key: str, kind: str, message: str, hint: str) -> Diagnostic:
        """An error about a top-level key, at that key in the JSON as written (at the puzzle's
        start for a link, a payload, or a key not written at the top level)."""
        at = self.keys.get(key)
        return self.where.diagnostic(kind, message, at,
                                     None if at is None else at + len(json.dumps(key)), hint)

    def _refusal(self, unsupported: dict[str, str], malformed: dict[str, str]) -> SapphireError:
        """One error naming every clue that is written wrongly, then every one the library
        cannot say."""
        return SapphireError([
            self.at(k, "bad-input", f"f-puzzles constraint '{k}': {why}",
                    "this is not how f-puzzles writes it; export the puzzle again")
            for k, why in malformed.items()] + [
            self.at(k, "unsupported-import",
                    f"the library cannot express f-puzzles constraint '{k}': {why}",
                    "add a rule definition for it, or leave the constraint out")
            for k, why in unsupported.items()])

    def _grid(self, grid: list[list[Any]]) -> None:
        n = self.size
        box = h, w = default_box(n)
        regions: dict[int, list[Cell]] = {}
        givens: dict[Cell, int] = {}
        for r, row in enumerate(grid, 1):
            for c, cell in enumerate(row, 1):
                if not isinstance(cell, dict):
                    raise Malformed("grid", f"cell R{r}C{c} is not an object")
                default = box_index((r, c), box, n)
                region = cell.get("region", default)
                if region is not None:
                    regions.setdefault(self.number("grid", region), []).append((r, c))
                if cell.get("given") and cell.get("value") is not None:
                    givens[(r, c)] = self.number("grid", cell["value"])
                marks = self.listed("grid", cell.get("givenPencilMarks"))
                if marks and (r, c) not in givens:
                    have = {self.number("grid", m) for m in marks}
                    self.b.add("absent-digits", [(r, c)], id_stem="candidates",
                               digits=[d for d in range(1, n + 1) if d not in have])
        boxes = {i: [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)
                     if box_index((r, c), box, n) == i] for i in range(n)}
        standard = h > 1 and sorted(regions.values()) == sorted(boxes.values())
        self.b.add_grid(n, n, (h, w) if standard else None)
        if not standard:
            for cells in regions.values():
                if len(cells) > 1:
                    self.b.add("all-different", cells, id_stem="region", early=True)
        if any(not 1 <= v <= n for v in givens.values()):
            raise Malformed("grid", f"a given digit is outside 1-{n}")
        if givens:
            self.b.grids["givens"] = [[digit_symbol(givens.get((r, c))) for c in
                                       range(1, n + 1)] for r in range(1, n + 1)]

    def _negative(self) -> None:
        negative = self.d.get("negative") or []
        if not isinstance(negative, list):
            raise Malformed("negative", "a list was expected")
        for what in negative:
            if what == "ratio":  # a 1 beside a 2 may carry either dot
                exempt = self.pairs("ratio", "difference")
                if exempt:
                    self.b.add("strict-black-dot", exempt)
                else:
                    self.b.add("anti-black-dot", early=True)
            elif what == "xv":
                exempt = self.pairs("xv")
                if exempt:
                    self.b.add("strict-xv", exempt)
                else:
                    self.b.add("anti-xv", early=True)
            else:
                raise Unsupported("negative", f"the negative constraint '{what}'")

    def _drawings(self) -> list[str]:
        """Stop at a drawing whose meaning is only in the rules text; with `ignore_cosmetic`,
        the list of them for the notes."""
        found: list[str] = []
        keys: list[str] = []
        for key in DRAWINGS:
            for e in self.entries(key):
                cells = self.cells(e["cells"], key, outside=True) if "cells" in e else []
                for line in self.lines(key, e, clue=False) if "lines" in e else []:
                    cells.extend(line)
                if e.get("fromConstraint") or frozenset(cells) in self.clue_cells:
                    continue
                label = f" '{e['value']}'" if e.get("value") not in (None, "") else ""
                where = "-".join(f"r{r}c{c}" for r, c in cells) or "no cells"
                found.append(f"{key}{label} on {where}")
                keys.append(key)
        if not found or self.ignore_cosmetic:
            return found
        raise SapphireError([
            self.at(key, "cosmetic-shape", f"the {f} has a meaning only the rules text gives",
                    "write a rule line for it by hand, or import with --ignore-cosmetic to "
                    "leave the drawings out")
            for f, key in zip(found, keys, strict=True)])

