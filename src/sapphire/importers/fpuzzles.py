"""Import f-puzzles puzzles: the JSON that setters share as an f-puzzles link.

The format
----------
An f-puzzles puzzle is one JSON object. Links carry it LZ-String-compressed to base64
(`https://www.f-puzzles.com/?load=N4Igzg…`; the `N4Ig…` text alone also reads); a plain JSON
file reads as it is. Its keys:

* `size` (4-16) and `grid`: `size` rows of cells; a cell holds a `value` that is `given`, the
  setter's `givenPencilMarks` (the cell's candidates) and its `region` (0-based, irregular
  regions). Without regions a grid has the boxes f-puzzles draws: as many rows as the largest
  divisor of the size that is at most its square root (a 7×7 grid's regions are its rows).
  Cell colours (`c`) and the solver's pencil marks are notes, not rules, and are not read.
* Global rules as `true`: `antiknight`, `antiking`, `diagonal+` (╱), `diagonal-` (╲),
  `disjointgroups`, `nonconsecutive` (with white dots: no other side neighbours are
  consecutive), and `negative: ["ratio", "xv"]` (all black dots, all X and V marks are given).
* Clues, each a list of objects with `cells` (or one `cell`), `lines` and `value`:
  `killercage`, `littlekillersum` (the diagonal's cells), `arrow` (`cells` is the circle;
  each line starts in it and is an arrow of its own), `thermometer`, `palindrome`, `renban`,
  `whispers`, `betweenline`, `difference` (white dot), `ratio` (black dot), `xv`,
  `quadruple`, `clone`, `even`, `odd`, `minimum`, `maximum`, `extraregion`, `rowindexer`,
  `columnindexer`, and outside clues at a cell just off the grid (`R0C3`, `R10C3`, `R3C0`,
  `R3C10`): `sandwichsum`, `xsum`, `skyscraper`.
* `title`, `author` and `ruleset` (the rules as the setter wrote them).
* Drawings: `line`, `arrow`-less `circle`, `rectangle`, `cage` and `text`. A drawing that
  only repeats a clue (marked `fromConstraint`, or on exactly the cells of a clue) is not read
  again. Any other drawing carries a meaning that only the rules text gives; the import stops
  and names each one, unless it is asked to leave them out (`ignore_cosmetic`), and then the
  case's notes list what was left out.

What is imported
----------------
`sudoku NxN` where the regions are the standard boxes the library knows, else `board:`,
`latin-square` and the boxes or one `all-different` line per region; givens in the front
matter, candidates as `absent-digits`, title, author and the rules text (as `notes:`), and one
rule line per clue.

SudokuPad's JSON (as Sudoku Maker writes it: `cells`, `regions`, `metadata`) reads too: its
givens, regions and the global rule flags of its metadata. Its cages, lines, arrows, underlays
and overlays are drawings whose meaning the rules text gives, and stop the import as above.
SudokuPad's links (`sudokupad.app/scl…`) carry that JSON compressed, with short keys; they read
the same way (`sudokupad.unzip`). Its `ctc…` links and puzzles kept on its server under a
short name are refused with that reason.
"""

from __future__ import annotations

import json
import math
import re
import urllib.parse
from collections.abc import Callable
from typing import Any

from sapphire.diagnostics import Diagnostic, SapphireError, error
from sapphire.importers.common import (
    CaseBuilder,
    Malformed,
    Unsupported,
    Where,
    decompress,
    digit_symbol,
    json_key_offsets,
    row_or_column,
)
from sapphire.importers.sudokupad import unzip
from sapphire.library.library import Library

Cell = tuple[int, int]

DRAWINGS = ("line", "circle", "rectangle", "cage", "text")
"""Keys whose shapes are drawn only: their meaning is in the rules text."""
NOTES = ("size", "grid", "title", "author", "ruleset", "negative", "solution",
         "highlightConflicts", "disabledlogic", "truecandidatesoptions", "fogofwar")
"""Keys that are no rule of their own (read elsewhere, or the editor's settings)."""
GLOBALS = {"antiknight": "anti-knight", "antiking": "anti-king", "diagonal+": "anti-diagonal",
           "diagonal-": "main-diagonal", "disjointgroups": "disjoint-sets"}


LABEL = "<fpuzzles>"
"""What an error calls a puzzle that comes from no named file."""


def decode_fpuzzles(text: str, where: Where | None = None) -> dict[str, Any]:
    """The puzzle object of an f-puzzles link, its compressed payload, or its JSON."""
    return _decode(text, where or Where(LABEL, text))[0]


def _decode(written: str, where: Where) -> tuple[dict[str, Any], dict[str, int]]:
    """The puzzle object, and where each of its keys stands in the text as written when that
    text is the puzzle's JSON (empty for a link or payload, whose errors point at its start).
    A JSON syntax error is placed at its line and column of `where`."""
    text = written.strip()
    lead = len(written) - len(written.lstrip())
    if text.startswith(("http://", "https://")):
        text = _link_payload(text)
    if text.startswith("scl"):
        return from_sudokupad(unzip(text[3:])), {}
    if text.startswith("ctc"):
        raise _sudokupad()
    as_written = text.startswith(("{", "["))
    if not as_written:
        plain = decompress(text)
        if not plain:
            raise error("bad-input", "the puzzle is neither JSON nor an f-puzzles payload",
                        hint="give the f-puzzles link, the N4Ig… text after 'load=', or the "
                             "puzzle's JSON")
        text = plain
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        hint = ("copy the puzzle again whole: the link, its N4Ig… text, or the JSON that "
                "f-puzzles or SudokuPad exports")
        if as_written:  # the error's place is in the text the user has
            raise SapphireError([where.diagnostic(
                "bad-input", f"the f-puzzles JSON does not read: {e.msg}", lead + e.pos,
                hint=hint)]) from None
        raise error("bad-input", f"the f-puzzles JSON in the payload does not read: {e.msg} "
                    f"at line {e.lineno}, column {e.colno} of the unpacked text",
                    hint=hint) from None
    except RecursionError:
        raise error("bad-input", "the f-puzzles JSON nests too deeply to read",
                    hint="an f-puzzles puzzle nests lists a few levels deep") from None
    if not isinstance(data, dict):
        raise error("bad-input", "an f-puzzles puzzle is a JSON object",
                    hint="the JSON starts with '{' and holds 'size' and 'grid' (f-puzzles) "
                         "or 'cells' (SudokuPad)")
    keys = json_key_offsets(written, lead) if as_written else {}
    if "grid" not in data and "cells" in data:
        return from_sudokupad(data), {}
    return data, keys


SUDOKUPAD_NOTES = ("source", "title", "author", "rules", "solution")
"""Sudoku Maker metadata that is no rule (the solution is not read: the import must find it)."""
SUDOKUPAD_DRAWINGS = ("cages", "lines", "arrows", "underlays", "overlays")


def from_sudokupad(data: dict[str, Any]) -> dict[str, Any]:
    """A SudokuPad puzzle object (as Sudoku Maker writes it) in f-puzzles' terms.

    Its givens are `cells[r][c].value`, its regions lists of 0-based `[row, col]`, and its
    global rules flags in `metadata` (`antiknight`, …, named as f-puzzles names them). Every
    other shape is a drawing whose meaning the rules text gives: it goes into the f-puzzles
    drawing lists, so that the import stops at it (or notes it, with `ignore_cosmetic`)."""
    cells = data.get("cells")
    if not isinstance(cells, list) or not all(isinstance(row, list) for row in cells):
        raise error("bad-input", "a SudokuPad puzzle's 'cells' is not a list of rows",
                    hint="export the puzzle from SudokuPad or Sudoku Maker again")
    for key in ("regions", "cages"):
        if not isinstance(data.get(key) or [], list):
            raise error("bad-input", f"a SudokuPad puzzle's '{key}' is not a list",
                        hint="export the puzzle from SudokuPad or Sudoku Maker again")
    n = len(cells)
    meta = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
    grid = [[{"value": c["value"], "given": True} if isinstance(c, dict)
             and c.get("value") not in (None, "") else {} for c in row] for row in cells]
    out: dict[str, Any] = {"size": n, "grid": grid}
    for i, region in enumerate(data.get("regions") or []):
        for rc in region if isinstance(region, list) else []:
            if (isinstance(rc, list) and len(rc) == 2 and all(isinstance(x, int) for x in rc)
                    and 0 <= rc[0] < n and 0 <= rc[1] < len(grid[rc[0]])):
                grid[rc[0]][rc[1]]["region"] = i
    meta = dict(meta)
    for cage in data.get("cages") or []:  # older puzzles keep metadata as cells-less cages
        text = cage.get("value") if isinstance(cage, dict) and not cage.get("cells") else None
        m = re.fullmatch(r"(\w+):\s*(.*)", text, re.S) if isinstance(text, str) else None
        if m and m[1] in (*SUDOKUPAD_NOTES, "msgcorrect"):
            meta.setdefault(m[1], m[2])
    for key, value in meta.items():
        if key == "msgcorrect":
            continue
        if key in ("title", "author"):
            out[key] = value
        elif key == "rules":
            out["ruleset"] = value
        elif key not in SUDOKUPAD_NOTES:
            out[key] = value  # a rule flag, read as f-puzzles reads it (or refused by name)
    for key in SUDOKUPAD_DRAWINGS:
        for shape in data.get(key) or []:
            if not isinstance(shape, dict):
                continue
            where = shape.get("cells") or shape.get("wayPoints") or []
            if isinstance(shape.get("center"), list):  # an underlay or overlay's centre
                where = [shape["center"]]
            drawn = [f"R{int(rc[0]) + 1}C{int(rc[1]) + 1}" for rc in where
                     if isinstance(rc, list) and len(rc) == 2
                     and all(isinstance(x, (int, float)) and x >= 0 for x in rc)]
            label = shape.get("value") or shape.get("text")
            if key == "cages" and not drawn and isinstance(label, str) and re.fullmatch(
                    r"(\w+):.*", label, re.S):
                continue  # metadata, read above
            # every other shape counts, placed or not: its meaning is in the rules text
            entry = {"cells": drawn, "value": label} if drawn else {"value": label}
            kind = {"cages": "cage", "lines": "line", "arrows": "line"}.get(key, "circle")
            out.setdefault(kind, []).append(entry)
    return out


def _link_payload(link: str) -> str:
    """The puzzle in a link: f-puzzles' `?load=…`, or SudokuPad's `/fpuzzles…` path or
    `?puzzleid=fpuzzles…` (SudokuPad opening an f-puzzles puzzle); SudokuPad's own `scl…`
    puzzles (read) and `ctc…` ones (refused by name) are returned as they are."""
    parts = urllib.parse.urlsplit(link)
    query = urllib.parse.parse_qs(parts.query)
    for key in ("load", "puzzleid", "puzzle"):
        if query.get(key):
            found = query[key][0]
            break
    else:  # the path itself, which a base64 payload's own '/' may split
        path = urllib.parse.unquote(parts.path).lstrip("/")
        at = path.find("fpuzzles")
        own = re.search(r"(?:^|/)((?:scl|ctc).*)", path)
        found = path[at:] if at >= 0 else own[1] if own else path.rsplit("/", 1)[-1]
    found = found.replace(" ", "+")  # a '+' that the query string read as a space
    if found.startswith("fpuzzles"):
        return found[len("fpuzzles"):]
    if found.startswith(("N4Ig", "scl", "ctc", "{")):
        return found
    raise error("bad-input", "the link holds no puzzle",
                hint="copy f-puzzles' 'Get link' (…/?load=N4Ig…) or SudokuPad's share link "
                     "(…/scl…); a SudokuPad link with a short name (…/abc123) points at "
                     "SudokuPad's server, which is not asked: open it there and share it again")


def _sudokupad() -> SapphireError:
    return SapphireError([Diagnostic(
        "unsupported-import", "SudokuPad's ctc… format is not read", None,
        "open the puzzle in SudokuPad and share it again (a sudokupad.app/scl… link), or "
        "export it as f-puzzles or as its JSON, and import that")])


def parse_cell(text: Any) -> Cell:
    m = re.fullmatch(r"[Rr](\d+)[Cc](\d+)", str(text))
    if m is None:
        raise Malformed("cell", f"'{text}' is not a cell like R1C1")
    return int(m[1]), int(m[2])


def default_box(size: int) -> tuple[int, int]:
    """The rows and columns of f-puzzles' standard region for a grid of this size."""
    h = math.isqrt(size)
    while size % h:
        h -= 1
    return h, size // h


class Converter:
    """Turns one f-puzzles object into a `CaseBuilder`."""

    def __init__(self, data: dict[str, Any], library: Library | None = None,
                 ignore_cosmetic: bool = False, where: Where | None = None,
                 keys: dict[str, int] | None = None) -> None:
        self.d = data
        self.where = where or Where(LABEL, "")
        """The puzzle as written, where errors point."""
        self.keys = keys or {}
        """The offset of each top-level key in it (none for a link or payload)."""
        self.b = CaseBuilder() if library is None else CaseBuilder(library)
        self.ignore_cosmetic = ignore_cosmetic
        self.problems: dict[str, str] = {}
        """Clues the library cannot say, by key."""
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
            return int(str(value))
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
            handler = HANDLERS.get(key)
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
        h, w = default_box(n)
        regions: dict[int, list[Cell]] = {}
        givens: dict[Cell, int] = {}
        for r, row in enumerate(grid, 1):
            for c, cell in enumerate(row, 1):
                if not isinstance(cell, dict):
                    raise Malformed("grid", f"cell R{r}C{c} is not an object")
                default = ((r - 1) // h) * h + (c - 1) // w
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
                     if ((r - 1) // h) * h + (c - 1) // w == i] for i in range(n)}
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


# -- one handler per f-puzzles key ------------------------------------------------------------


def _global(cv: Converter, key: str) -> None:
    if cv.d.get(key) is not True:
        return
    if key == "disjointgroups" and cv.size != 9:
        raise Unsupported(key, "the library's disjoint-sets is defined for 9x9 grids only")
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


STEPS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}
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
            (r, c), cells = cv.cells([e.get("cell")], key, outside=True)[0], []
            r, c = r + step[0], c + step[1]
            while 1 <= r <= cv.size and 1 <= c <= cv.size:
                cells.append((r, c))
                r, c = r + step[0], c + step[1]
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
            elif len(circle) == 2:
                cv.b.add("pill-arrow", pill + shaft)
            else:
                cv.b.add("pill-arrow", pill + shaft, pill=3)


def _lines(kind: str, param: str | None = None, default: int | None = None
           ) -> Callable[[Converter, str], None]:
    """A clue drawn as lines: one rule line per line, with `value` as `param` if not the
    default."""
    def handler(cv: Converter, key: str) -> None:
        for e in cv.entries(key):
            value = e.get("value")
            for cells in cv.lines(key, e):
                if param is None or value in (None, "") or cv.number(key, value) == default:
                    cv.b.add(kind, cells)
                else:
                    cv.b.add(kind, cells, **{param: cv.number(key, value)})
    return handler


def _dots(kind: str, param: str, default: int) -> Callable[[Converter, str], None]:
    """Kropki dots; a dot's own number (a difference of 3, a ratio of 3) becomes `param`."""
    def handler(cv: Converter, key: str) -> None:
        for e in cv.entries(key):
            value = e.get("value")
            cells = cv.clue(cv.cells(e.get("cells")))
            if value in (None, "") or cv.number(key, value) == default:
                cv.b.add(kind, cells)
            else:
                cv.b.add(kind, cells, **{param: cv.number(key, value)})
    return handler


def _xv(cv: Converter, key: str) -> None:
    for e in cv.entries(key):
        total = {"X": 10, "V": 5}.get(str(e.get("value", "")).upper())
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


HANDLERS: dict[str, Callable[[Converter, str], None]] = {
    **{k: _global for k in GLOBALS},
    "nonconsecutive": _nonconsecutive,
    "killercage": _killer,
    "littlekillersum": _little_killer,
    "arrow": _arrow,
    "thermometer": _lines("thermo"),
    "palindrome": _lines("palindrome"),
    "renban": _lines("renban"),
    "betweenline": _lines("between"),
    "whispers": _lines("whisper", "difference", 5),
    "difference": _dots("white-dot", "difference", 1),
    "ratio": _dots("black-dot", "ratio", 2),
    "xv": _xv,
    "quadruple": _quadruple,
    "clone": _clone,
    "even": _single_cells("even"),
    "odd": _single_cells("odd"),
    "minimum": _single_cells("minimum"),
    "maximum": _single_cells("maximum"),
    "extraregion": _set("all-different"),
    "rowindexer": _set("row-indexer"),
    "columnindexer": _set("column-indexer"),
    "sandwichsum": _outside("lunchbox", "sum"),
    "xsum": _outside("x-sum", "sum"),
    "skyscraper": _outside("skyscraper", "visible"),
}
"""The f-puzzles keys this importer reads; each also needs its kinds in the library."""


def fpuzzles_to_case(text: str, *, source: str | None = None, title: str | None = None,
                     library: Library | None = None, ignore_cosmetic: bool = False,
                     label: str = LABEL) -> str:
    """The canonical case text for one f-puzzles link, payload or JSON; `label` names the text
    (its file) in an error, each of which is placed in it."""
    where = Where(label, text)
    try:
        data, keys = _decode(text, where)
        b = Converter(data, library, ignore_cosmetic, where, keys).run()
        if title:
            b.title = title
        b.source = source or "f-puzzles"
        return b.build()
    except SapphireError as e:
        raise where.placed(e) from None
