"""Building a case from rules and writing it canonically: what every importer ends with.

`CaseBuilder` collects the front matter and the rule lines of one puzzle. `build()` gives each
kind that is used more than once an id (`cage-1`, `cage-2`, …, as the case syntax requires),
writes the case with the library's preferred parameter names, parses the text back and checks
it against the library, and returns that text: the canonical form, as `sapphire fmt` prints it.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path

from sapphire.case.givens import parse_board
from sapphire.case.model import Case, Cell, CellRef, FrontMatter, JsonValue, Param, RuleLine
from sapphire.case.parser import parse_case
from sapphire.case.writer import write_case
from sapphire.diagnostics import Diagnostic, SapphireError, error
from sapphire.library.library import Library, load_library

LETTERS = "ABCDEFG"
"""Given digits 10-16 as the case format writes them (one character per cell)."""
IMPORTED = "<imported>"
"""The label of an imported case's text while it is checked; the user never sees that text."""


def std_library() -> Library:
    """The bundled library every imported case names (`library: std`)."""
    return load_library("std", Path.cwd())



def digit_symbol(d: int | None) -> str:
    """One cell of a `givens:` grid: `.` for no digit, 0-9, then A-G for 10-16 (0 is a digit
    only where the case's `digits:` starts at 0)."""
    if d is None:
        return "."
    if 0 <= d <= 9:
        return str(d)
    if 10 <= d <= 16:
        return LETTERS[d - 10]
    raise error("bad-digit", f"the digit {d} cannot be written in a case file's givens",
                hint="givens hold 0-9 and A-G (10-16)")


def grid_text(grid: list[list[str]], board_rows: int | None = None) -> str:
    """A front-matter grid: one board row per line, cells separated by single spaces; rows past
    `board_rows` (the extra cells') after a line of dashes."""
    lines = [" ".join(row) for row in grid]
    if board_rows is not None and len(lines) > board_rows:
        lines.insert(board_rows, "-" * len(lines[0]))
    return "".join(line + "\n" for line in lines)


class ClueError(Exception):
    """Clues that make no puzzle as stated (a count larger than its line, two centres on one
    cell), raised by a genre's `build`, or by `CaseBuilder.build` for a rule line the library
    refuses. `at` names the clue (a cell, or a key such as ("row", 3); for a line the library
    refuses, its `at` or its cells) so that the puzzlekit importer can place the error at the
    token stored under it in `Source.places`; a link's is placed at the start of its body.
    `kind` is the error's kind where the clues are a puzzle the library cannot state
    (`unsupported-import`: a sudoku of a size its `sudoku` has no boxes for) rather than a
    malformed one (None: the format's)."""

    def __init__(self, message: str, hint: str | None = None, at: Hashable = None,
                 kind: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.at = at
        self.kind = kind


@dataclass
class Rule:
    """One rule line before ids are given out."""

    kind: str
    cells: tuple[tuple[int, int], ...] = ()
    params: tuple[tuple[str, JsonValue], ...] = ()
    positional: str | None = None
    id_stem: str | None = None
    """The stem of this line's id when the kind repeats (default: the kind)."""
    early: bool = False
    at: Hashable = None
    """The clue the line states (see `ClueError.at`), where an error about it is placed."""
    negated: bool = False
    """Written `not KIND …`: the line's rule does not hold."""


@dataclass
class CaseBuilder:
    """The front matter and rule lines of one imported puzzle."""

    library: Library = field(default_factory=std_library)
    title: str | None = None
    author: str | None = None
    notes: str | None = None
    """Free text: the setter's rules as written, and what an import left out."""
    board: tuple[int, int] | None = None
    """Written as `board:` (only when no rule declares the board)."""
    digits: tuple[int, int] | None = None
    """Written as `digits: LOW-HIGH` (only when the cells hold other digits than 1..N)."""
    extra_cells: int = 0
    """Written as `extra-cells:` when there are any."""
    grids: dict[str, list[list[str]]] = field(default_factory=dict)
    """`givens`, `shading` or `clues`, as rows of one-character symbols (givens may go on
    with the extra cells' rows)."""
    source: str | None = None
    rules: list[Rule] = field(default_factory=list)
    _early: int = field(default=0, repr=False, compare=False)
    """Where the early rules, which lead `rules`, end (see `add`)."""

    @classmethod
    def using(cls, library: Library | None) -> CaseBuilder:
        """A builder for `library`, or for the bundled `std` one when None."""
        return cls() if library is None else cls(library)

    def has(self, kind: str) -> bool:
        return self.library.resolve(kind) is not None

    def lacking(self, kinds: tuple[str, ...] | list[str]) -> list[str]:
        """The kinds of `kinds` the library has not, in their order."""
        return [k for k in kinds if not self.has(k)]

    def unmet(self, kind: str, board: tuple[int, int], digits: range) -> str | None:
        """What the board and digits lack for `kind` as its definition requires it
        (`requires`), in words; None when they meet it."""
        d = self.library.resolve(kind)
        return None if d is None else d.requires.unmet(board, digits)

    def is_sudoku(self, rows: int, cols: int, boxes: tuple[int, int] | None) -> bool:
        """Whether the grid is a square with the boxes the library's `sudoku` has for it."""
        sudoku = self.library.resolve("sudoku")
        return (rows == cols and boxes is not None and sudoku is not None
                and dict(sudoku.boxes).get(f"{rows}x{cols}") == boxes)

    def add_grid(self, rows: int, cols: int, boxes: tuple[int, int] | None) -> None:
        """The grid's first lines: `sudoku NxN` where `is_sudoku`, else `board:`,
        `latin-square` and, when the grid has boxes, `boxes HxW`."""
        if self.is_sudoku(rows, cols, boxes):
            self.add("sudoku", positional=f"{rows}x{cols}", early=True)
            return
        self.board = (rows, cols)
        self.add("latin-square", early=True)
        if boxes is not None:
            self.add("boxes", positional=f"{boxes[0]}x{boxes[1]}", early=True)

    def add_givens(self, grid: tuple[tuple[int | None, ...], ...] | list[list[int | None]]
                   ) -> None:
        """Given digits (None: none) as the `givens:` grid, or, when one passes what a grid
        writes (G, 16), as a `given-number` line per given; nothing when there are none."""
        cells = [((r, c), d) for r, row in enumerate(grid, 1) for c, d in enumerate(row, 1)
                 if d is not None]
        if not cells:
            return
        if all(0 <= d <= len(LETTERS) + 9 for _, d in cells):
            self.grids["givens"] = [[digit_symbol(d) for d in row] for row in grid]
            return
        for cell, d in cells:
            self.add("given-number", [cell], id_stem="given", number=d)

    def add(self, kind: str, cells: list[tuple[int, int]] | tuple[tuple[int, int], ...] = (),
            *, positional: str | None = None, id_stem: str | None = None, early: bool = False,
            at: Hashable = None, negated: bool = False, **params: JsonValue) -> None:
        """Add a rule line; `early` puts it before every line added without it (global rules
        follow the board's line, clues come after them in the order given); `at` names the
        clue it states, where the library's refusal of the line is placed (`build`);
        `negated` writes it `not KIND …`. A parameter whose value is the default the kind's
        definition declares is left out, as a setter would leave it out."""
        rule = Rule(kind, tuple(cells), tuple(self.stated(kind, params).items()), positional,
                    id_stem, at=at, negated=negated)
        if early:
            rules, at = self.rules, self._early
            if not (at <= len(rules) and (at == 0 or rules[at - 1].early)
                    and (at == len(rules) or not rules[at].early)):  # changed elsewhere
                at = sum(1 for r in rules if r.early)
            rules.insert(at, rule)  # counting them for each one took a global rule
            self._early = at + 1  # repeated 30,000 times minutes
            rule.early = True
        else:
            self.rules.append(rule)

    def stated(self, kind: str, params: dict[str, JsonValue]) -> dict[str, JsonValue]:
        """`params` without those whose value is the default `kind`'s definition declares."""
        definition = self.library.resolve(kind)
        if definition is None:
            return params

        def is_default(name: str, value: JsonValue) -> bool:
            spec = definition.param(name)
            return (spec is not None and spec.default is not None
                    and type(value) is type(spec.default) and value == spec.default)

        return {n: v for n, v in params.items() if not is_default(n, v)}

    def case(self) -> Case:
        fields: dict[str, JsonValue] = {}
        if self.title:
            fields["title"] = self.title
        if self.author:
            fields["author"] = self.author
        if self.source:
            fields["source"] = self.source
        if self.notes:
            fields["notes"] = self.notes
        fields["library"] = "std"
        if self.board is not None:
            fields["board"] = f"{self.board[0]}x{self.board[1]}"
        if self.digits is not None:
            fields["digits"] = f"{self.digits[0]}-{self.digits[1]}"
        if self.extra_cells:
            fields["extra-cells"] = self.extra_cells
        for key in ("givens", "shading", "clues"):
            grid = self.grids.get(key)
            if grid is not None:
                fields[key] = grid_text(grid, self._board_rows())
        uses: dict[str, int] = {}
        for r in self.rules:
            uses[r.kind] = uses.get(r.kind, 0) + 1
        seen: dict[str, int] = {}
        lines: list[RuleLine] = []
        for r in self.rules:
            rid = None
            if uses[r.kind] > 1 or r.id_stem:  # a repeated kind needs an id on every line
                stem = r.id_stem or r.kind
                seen[stem] = seen.get(stem, 0) + 1
                rid = f"{stem}-{seen[stem]}"
            refs = tuple(CellRef(Cell(a, b)) for a, b in r.cells)
            lines.append(RuleLine(
                reference=r.kind, id=rid, nots=int(r.negated), cells=refs,
                separators=("-",) * max(0, len(refs) - 1), positional=r.positional,
                params=tuple(Param(n, v) for n, v in r.params)))
        return Case(FrontMatter(fields), tuple(lines))

    def _board_rows(self) -> int | None:
        """The board's rows, from `board` or the `sudoku NxN` line."""
        if self.board is not None:
            return self.board[0]
        size = parse_board(next((r.positional for r in self.rules if r.kind == "sudoku"), None))
        return size[0] if size else None

    def rule_texts(self) -> list[str]:
        """The rule lines alone, with their ids: the entries of an `any-of`/`all-of`."""
        text = write_case(self.case(), self.library.preferred_name, self.library.holds_rules)
        return text.split("\n---\n", 1)[1].splitlines()  # after the closing delimiter

    def build(self, placed: bool = False) -> str:
        """The canonical, checked case text. A rule line the library refuses (a constraint
        of the input that lists no cells, a total past the numbers' range) is reported with
        that line, since the user never sees the text it stands in. With `placed` (a caller
        that places clues, as the genres' importers do) it is a `ClueError` naming the clue
        the line was added with (`at`), or else its cells; otherwise the line is quoted."""
        text = write_case(self.case(), self.library.preferred_name, self.library.holds_rules)
        case = parse_case(text, IMPORTED)
        problems = self.library.check_case(case)
        if problems:
            lines = text.splitlines()
            rule_of = {r.span.line: k for k, r in enumerate(case.rules) if r.span is not None}

            def line_of(d: Diagnostic) -> int:
                # an entry of an any-of is checked as its own text, labelled with its line
                m = re.match(rf"{re.escape(IMPORTED)}(?::(\d+))?", d.span.file) if d.span else None
                return (int(m[1]) if m[1] else d.span.line) if m and d.span else 0

            def written(d: Diagnostic) -> str:
                line = line_of(d)
                return f"the import writes `{lines[line - 1]}`, and " \
                    if 0 < line <= len(lines) else ""

            for d in problems:
                k = rule_of.get(line_of(d))
                rule = self.rules[k] if k is not None and k < len(self.rules) else None
                if placed and rule is not None and rule.at is not None:
                    raise ClueError(d.message, d.hint, rule.at)
                if placed and rule is not None and rule.cells:  # placed at a cell, if read
                    raise ClueError(written(d) + d.message, d.hint, rule.cells)

            raise SapphireError([
                Diagnostic(d.kind, written(d) + d.message, None, "the input's constraint for it "
                           "lacks a part (its cells, say) or holds one the rule does not take")
                for d in problems])
        return write_case(case, self.library.preferred_name, self.library.holds_rules)

