"""Write a case as an f-puzzles puzzle: the JSON the importer beside it reads, and the links
that open it in f-puzzles and in SudokuPad.

The writer inverts the reader's tables (`clues.py`), so each kind's f-puzzles name is written
once. f-puzzles shows sudokus only: a case is written when it declares an N×N board of digits
1..N (4 ≤ N ≤ 16) with rows and columns that hold each digit once (`sudoku NxN`, or a
`latin-square` with `boxes` or with `all-different` regions tiling the board). A rule line
f-puzzles cannot show (a kind it lacks, a line under `not` or a condition, a parameter it has
no place for) is not dropped: it is listed in `Export.left_out`, and the puzzle's rules text
names it, so that a solver there knows the puzzle is not whole.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lzstring import LZString  # type: ignore[import-untyped]

from sapphire.case.givens import digit_grid, parse_board
from sapphire.case.model import Case, JsonValue, RuleLine
from sapphire.diagnostics import error
from sapphire.formats.common import Cell, box_index
from sapphire.importers.fpuzzles.clues import (
    DOTS,
    GLOBALS,
    LINES,
    OUTSIDE,
    SETS,
    SINGLE_CELLS,
    STEPS,
    XV,
)
from sapphire.importers.fpuzzles.converter import default_box
from sapphire.library.library import Library

FPUZZLES_LINK = "https://www.f-puzzles.com/?load="
"""An f-puzzles link is this, then the puzzle's JSON LZ-String-compressed to base64."""
SUDOKUPAD_LINK = "https://sudokupad.app/fpuzzles"
"""SudokuPad opens an f-puzzles puzzle at this address followed by the same payload."""


class NotShown(Exception):
    """A rule line f-puzzles has no place for, and why."""


@dataclass
class Export:
    """An f-puzzles puzzle written from a case, with what it could not show."""

    puzzle: dict[str, Any]
    """The f-puzzles JSON object."""
    left_out: list[str] = field(default_factory=list)
    """One entry per rule line not shown: `line N: TEXT (why)`."""

    def json(self) -> str:
        """The puzzle as JSON text, as compact as f-puzzles writes it."""
        return json.dumps(self.puzzle, separators=(",", ":"), ensure_ascii=False)

    def links(self) -> tuple[str, str]:
        """The f-puzzles link and the SudokuPad link that open the puzzle."""
        payload = LZString.compressToBase64(self.json())
        return FPUZZLES_LINK + payload, SUDOKUPAD_LINK + payload


def name(cell: Cell) -> str:
    """(1, 2) as f-puzzles writes it: `R1C2`."""
    return f"R{cell[0]}C{cell[1]}"


def case_to_fpuzzles(case: Case, lib: Library) -> Export:
    """The f-puzzles puzzle of a (checked) case; raises a `SapphireError` when the case is no
    sudoku f-puzzles can show."""
    return _Writer(case, lib).run()


class _Writer:
    def __init__(self, case: Case, lib: Library) -> None:
        self.case, self.lib = case, lib
        self.size = 0
        self.out: dict[str, Any] = {}
        self.left_out: list[str] = []
        self.regions: dict[Cell, int] = {}
        self.marks: dict[Cell, list[int]] = {}
        self.negative: list[str] = []
        self.strict: list[tuple[RuleLine, list[Cell], str, tuple[str, ...]]] = []
        """Lines that free the dotted pairs they list of a rule over all pairs: the line,
        its cells, the f-puzzles flag or negative key, and the keys of the dots it frees."""
        self.framed: set[int] = set()
        """Rule lines read as the board, its rows, columns and regions."""

    # -- the frame: size and regions ----------------------------------------------------------

    def frame(self) -> None:
        rules = self.case.rules
        sudoku = next((i for i, r in enumerate(rules) if self.plain(r) and self.declares(r)),
                      None)
        size = parse_board(rules[sudoku].positional) if sudoku is not None else \
            parse_board(self.case.front.fields.get("board"))
        latin = next((i for i, r in enumerate(rules)
                      if self.plain(r) and r.reference == "latin-square"), None)
        if size is None or size[0] != size[1] or (sudoku is None and latin is None):
            raise error("unsupported-export", "f-puzzles shows sudokus only: this case "
                        "declares no square board whose rows and columns hold each digit once",
                        None, hint="a case for f-puzzles starts with `sudoku NxN`, or declares "
                        "`board: NxN` with `latin-square` and its regions")
        n = size[0]
        if not 4 <= n <= 16:
            raise error("unsupported-export", f"f-puzzles grids are 4×4 to 16×16, not {n}×{n}",
                        None)
        digits = self.case.front.fields.get("digits")
        if digits is not None and digits != f"1-{n}":
            raise error("unsupported-export", f"f-puzzles cells hold the digits 1-{n}, and "
                        f"this case says digits: {digits}", None)
        if self.case.front.fields.get("extra-cells"):
            raise error("unsupported-export", "f-puzzles has no cells outside the grid "
                        "(extra-cells)", None)
        self.size = n
        if sudoku is not None:  # its boxes are the regions (f-puzzles' own, where they agree)
            self.framed.add(sudoku)
            d = self.lib.resolve(rules[sudoku].reference)
            box = dict(d.boxes).get(rules[sudoku].positional or "") if d is not None else None
            self.regions = {(r, c): box_index((r, c), box or (1, n), n)
                            for r in range(1, n + 1) for c in range(1, n + 1)}
            return
        self.framed.add(latin)  # type: ignore[arg-type]  # not None here
        boxes = next((i for i, r in enumerate(rules)
                      if self.plain(r) and r.reference == "boxes"), None)
        if boxes is not None:
            dims = parse_board(rules[boxes].positional)
            if dims is not None and n % dims[0] == 0 and n % dims[1] == 0:
                self.framed.add(boxes)
                self.regions = {(r, c): box_index((r, c), dims, n)
                                for r in range(1, n + 1) for c in range(1, n + 1)}
                return
        # regions: all-different lines of n cells that tile the board, first come first taken
        taken: dict[Cell, int] = {}
        chosen: list[int] = []
        for i, r in enumerate(rules):
            cells = self.cells(r)
            if (self.plain(r) and r.reference == SETS["extraregion"] and len(cells) == n
                    and len(set(cells)) == n and not any(c in taken for c in cells)):
                taken.update((c, len(chosen)) for c in cells)
                chosen.append(i)
        if len(taken) == n * n:
            self.framed.update(chosen)
            self.regions = taken
        else:  # no regions: each row is one, which the latin square already says
            self.regions = {(r, c): r - 1 for r in range(1, n + 1) for c in range(1, n + 1)}

    def declares(self, rule: RuleLine) -> bool:
        """A line declaring a sudoku's board, digits and boxes (`sudoku NxN`)."""
        d = self.lib.resolve(rule.reference)
        return (d is not None and {"board", "alphabet", "boxes"} <= d.declares
                and rule.positional is not None)

    @staticmethod
    def plain(rule: RuleLine) -> bool:
        """A line as written, under no `not` and no condition."""
        return rule.nots % 2 == 0 and rule.condition is None

    @staticmethod
    def cells(rule: RuleLine) -> list[Cell]:
        return [(c.cell.row, c.cell.col) for c in rule.cells]

    def args(self, rule: RuleLine) -> dict[str, JsonValue]:
        d = self.lib.resolve(rule.reference)
        return d.arguments(rule.params) if d is not None else {}  # type: ignore[return-value]

    # -- the clues ----------------------------------------------------------------------------

    def run(self) -> Export:
        self.frame()
        for key in ("shading", "clues"):
            if key in self.case.front.fields:
                self.left_out.append(f"{key}: the front matter's {key} grid (f-puzzles has no "
                                     "place for it)")
        for i, rule in enumerate(self.case.rules):
            if i in self.framed:
                continue
            try:
                if not self.plain(rule):
                    raise NotShown("f-puzzles has no negated or conditional clues")
                write = self.writer(rule.reference)
                if write is None:
                    raise NotShown("f-puzzles has no such clue")
                write(rule, self.cells(rule), self.args(rule))
            except NotShown as why:
                self.leave_out(rule, why)
        self.check_strict()
        return Export(self.assemble(), self.left_out)

    def leave_out(self, rule: RuleLine, why: NotShown) -> None:
        n = rule.span.line if rule.span is not None else 0
        source = self.case.source.splitlines()
        text = source[n - 1].strip() if 0 < n <= len(source) else rule.reference
        self.left_out.append(f"line {n}: {text} ({why})")

    def writer(self, kind: str) -> Callable[[RuleLine, list[Cell], dict[str, JsonValue]],
                                            None] | None:
        for key, global_kind in GLOBALS.items():
            if kind == global_kind:
                return lambda rule, cells, args, key=key: self.flag(key)
        for key, (line_kind, param) in LINES.items():
            if kind == line_kind:
                return lambda rule, cells, args, key=key, param=param: self.line(
                    key, cells, args, param)
        for key, (dot_kind, param) in DOTS.items():
            if kind == dot_kind:
                return lambda rule, cells, args, key=key, param=param: self.dot(
                    key, cells, args, param)
        for key, cell_kind in SINGLE_CELLS.items():
            if kind == cell_kind:
                return lambda rule, cells, args, key=key: self.add(
                    key, *({"cell": name(c)} for c in cells))
        for key, set_kind in SETS.items():
            if kind == set_kind:
                return lambda rule, cells, args, key=key: self.add(
                    key, {"cells": [name(c) for c in cells]})
        for key, (outside_kind, param) in OUTSIDE.items():
            if kind == outside_kind:
                return lambda rule, cells, args, key=key, param=param: self.outside(
                    key, cells, args[param])
        return {
            "cage": self.cage, "little-killer": self.little_killer, "arrow": self.arrow,
            "pill-arrow": self.arrow, "xv": self.xv, "quadruple": self.quadruple,
            "same-values": self.clone, "absent-digits": self.candidates,
            "anti-consecutive": lambda *_: self.flag("nonconsecutive"),
            "strict-white-dot": self.strict_white, "anti-black-dot": self.negate("ratio"),
            "strict-black-dot": self.negate("ratio"), "anti-xv": self.negate("xv"),
            "strict-xv": self.negate("xv"),
        }.get(kind)

    def add(self, key: str, *entries: dict[str, Any]) -> None:
        self.out.setdefault(key, []).extend(entries)

    def flag(self, key: str) -> None:
        self.out[key] = True

    def line(self, key: str, cells: list[Cell], args: dict[str, JsonValue],
             param: str | None) -> None:
        entry: dict[str, Any] = {"lines": [[name(c) for c in cells]]}
        if param is not None and not self.is_default(LINES[key][0], param, args[param]):
            entry["value"] = args[param]  # a whisper of another difference than f-puzzles' 5
        self.add(key, entry)

    def is_default(self, kind: str, param: str, value: JsonValue) -> bool:
        """Whether `value` is the default the kind's definition gives `param`, which
        f-puzzles' clue means when it carries no number."""
        definition = self.lib.resolve(kind)
        spec = definition.param(param) if definition is not None else None
        return spec is not None and value == spec.default

    def dot(self, key: str, cells: list[Cell], args: dict[str, JsonValue], param: str) -> None:
        (r1, c1), (r2, c2) = cells[0], cells[-1]
        if len(cells) != 2 or abs(r1 - r2) + abs(c1 - c2) != 1:
            raise NotShown("an f-puzzles dot stands between two neighbouring cells")
        entry: dict[str, Any] = {"cells": [name(c) for c in cells]}
        if not self.is_default(DOTS[key][0], param, args[param]):
            entry["value"] = str(args[param])
        self.add(key, entry)

    def cage(self, rule: RuleLine, cells: list[Cell], args: dict[str, JsonValue]) -> None:
        if args.get("repeats"):
            raise NotShown("f-puzzles cages never repeat a digit")
        self.add("killercage", {"cells": [name(c) for c in cells], "value": str(args["sum"])})

    def little_killer(self, rule: RuleLine, cells: list[Cell],
                      args: dict[str, JsonValue]) -> None:
        step = next((s for s in STEPS.values()
                     if all(self.at(a, s) == b for a, b in zip(cells, cells[1:], strict=False))
                     and not self.on_grid(self.at(cells[-1], s))
                     and not self.on_grid(self.at(cells[0], (-s[0], -s[1])))), None)
        if step is None:
            raise NotShown("an f-puzzles little killer sums a whole diagonal to the grid's edge")
        direction = next(k for k, s in STEPS.items() if s == step)
        self.add("littlekillersum", {"cell": name(self.at(cells[0], (-step[0], -step[1]))),
                                     "cells": [name(c) for c in cells], "direction": direction,
                                     "value": str(args["sum"])})

    @staticmethod
    def at(cell: Cell, step: tuple[int, int]) -> Cell:
        return cell[0] + step[0], cell[1] + step[1]

    def on_grid(self, cell: Cell) -> bool:
        return 1 <= cell[0] <= self.size and 1 <= cell[1] <= self.size

    def arrow(self, rule: RuleLine, cells: list[Cell], args: dict[str, JsonValue]) -> None:
        k = int(args.get("pill", 1))  # type: ignore[arg-type]
        circle = cells[:k]
        self.add("arrow", {"cells": [name(c) for c in circle],
                           "lines": [[name(c) for c in circle[-1:] + cells[k:]]]})

    def xv(self, rule: RuleLine, cells: list[Cell], args: dict[str, JsonValue]) -> None:
        mark = next((m for m, total in XV.items() if total == args["sum"]), None)
        if mark is None:
            raise NotShown(f"f-puzzles marks sums of 10 (X) and 5 (V) only, not {args['sum']}")
        self.add("xv", {"cells": [name(c) for c in cells], "value": mark})

    def quadruple(self, rule: RuleLine, cells: list[Cell], args: dict[str, JsonValue]) -> None:
        self.add("quadruple", {"cells": [name(c) for c in cells], "values": args["digits"]})

    def clone(self, rule: RuleLine, cells: list[Cell], args: dict[str, JsonValue]) -> None:
        if len(cells) != 2:
            raise NotShown("an f-puzzles clone pairs cells one by one")
        self.add("clone", {"cells": [name(cells[0])], "cloneCells": [name(cells[1])]})

    def candidates(self, rule: RuleLine, cells: list[Cell], args: dict[str, JsonValue]) -> None:
        if len(cells) != 1:
            raise NotShown("f-puzzles gives a cell's candidates, one cell at a time")
        absent = set(args["digits"])  # type: ignore[arg-type]
        have = self.marks.get(cells[0], list(range(1, self.size + 1)))
        self.marks[cells[0]] = [d for d in have if d not in absent]

    def strict_white(self, rule: RuleLine, cells: list[Cell], args: dict[str, JsonValue]) -> None:
        self.strict.append((rule, cells, "nonconsecutive", ("difference", "ratio")))

    def negate(self, key: str) -> Callable[..., None]:
        """All dots (or marks) of `key` are given: `negative` in f-puzzles, which frees every
        drawn pair; a line that lists the pairs it frees is checked against them."""
        dotted = {"ratio": ("ratio", "difference"), "xv": ("xv",)}[key]

        def write(rule: RuleLine, cells: list[Cell], args: dict[str, JsonValue]) -> None:
            self.strict.append((rule, cells, key, dotted))
        return write

    def outside(self, key: str, cells: list[Cell], value: JsonValue) -> None:
        n = self.size
        rows, cols = {r for r, _ in cells}, {c for _, c in cells}
        if len(cells) == n and len(cols) == 1 and len(rows) == n:
            c = cells[0][1]
            clue = (0, c) if cells[0][0] == 1 else (n + 1, c)
        elif len(cells) == n and len(rows) == 1 and len(cols) == n:
            r = cells[0][0]
            clue = (r, 0) if cells[0][1] == 1 else (r, n + 1)
        else:
            raise NotShown("an f-puzzles outside clue reads a whole row or column")
        if sorted(cells) != cells and sorted(cells, reverse=True) != cells:
            raise NotShown("an f-puzzles outside clue reads its line from its end")
        self.add(key, {"cell": name(clue), "value": str(value)})

    # -- the whole ----------------------------------------------------------------------------

    def assemble(self) -> dict[str, Any]:
        n = self.size
        givens = digit_grid(self.case) or []
        box = default_box(n)
        grid = []
        for r in range(1, n + 1):
            row = []
            for c in range(1, n + 1):
                cell: dict[str, Any] = {}
                v = givens[r - 1][c - 1] if r <= len(givens) else None
                if v is not None:
                    cell.update(value=v, given=True)
                elif (r, c) in self.marks:
                    cell["givenPencilMarks"] = self.marks[(r, c)]
                region = self.regions.get((r, c))
                if region is not None and region != box_index((r, c), box, n):
                    cell["region"] = region
                row.append(cell)
            grid.append(row)
        puzzle: dict[str, Any] = {"size": n, "grid": grid}
        for key in ("title", "author"):
            if isinstance(self.case.front.fields.get(key), str):
                puzzle[key] = self.case.front.fields[key]
        rules = [str(self.case.front.fields["notes"])] \
            if isinstance(self.case.front.fields.get("notes"), str) else []
        if self.left_out:
            rules.append("Not shown here (f-puzzles has no place for them):\n"
                         + "\n".join(f"- {x}" for x in self.left_out))
        if rules:
            puzzle["ruleset"] = "\n\n".join(rules)
        puzzle.update(self.out)
        if self.negative:
            puzzle["negative"] = self.negative
        return puzzle

    def check_strict(self) -> None:
        """f-puzzles' nonconsecutive and negative rules free every dotted pair, so a line
        that lists the pairs it frees is shown only when it lists exactly those."""
        for rule, cells, key, dotted in self.strict:
            pairs = [x for k in dotted for e in self.out.get(k, []) for x in e["cells"]]
            if cells and [name(c) for c in cells] != pairs:
                self.leave_out(rule, NotShown("f-puzzles frees every dotted pair of it, and "
                                              "this line lists other pairs"))
            elif key == "nonconsecutive":
                self.flag(key)
            elif key not in self.negative:
                self.negative.append(key)
