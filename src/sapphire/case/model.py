"""The parsed form of a case file: front matter, rule lines and layout lines, with positions.

Spans never take part in equality, so ``parse(write(case)) == parse(text)`` compares what the
user wrote, not where it stood.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Literal

from sapphire.diagnostics import Span

JsonValue = None | bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"]


@dataclass(frozen=True, order=True)
class Cell:
    """A board cell, 1-based as written (`r3c4` is row 3, column 4)."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"r{self.row}c{self.col}"


@dataclass(frozen=True)
class CellRef:
    """A cell as it stands on a rule line."""

    cell: Cell
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Param:
    """One `name value` pair; `value` is a JSON value or a `Cell`."""

    name: str
    value: JsonValue | Cell
    span: Span | None = field(default=None, compare=False)
    """Where the parameter name stands."""
    value_span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Condition:
    """A trailing `if|unless PREDICATE`."""

    keyword: Literal["if", "unless"]
    predicate: str
    span: Span | None = field(default=None, compare=False)
    """Where the keyword stands."""
    predicate_span: Span | None = field(default=None, compare=False)
    """Where the predicate stands: an unknown one is reported there, by the reader and the
    library alike, so `check` shows it once."""


@dataclass(frozen=True)
class RuleLine:
    """One rule instance: `[id:] not* reference [cells] [positional] (param value)* [condition]`."""

    reference: str
    """A kind name (`cage`) or an https URL ending in `.md`."""
    id: str | None = None
    nots: int = 0
    """How many `not` prefixes were written; kept for the writer even when they cancel."""
    cells: tuple[CellRef, ...] = ()
    separators: tuple[str, ...] = ()
    """The separator before each cell after the first: '-' or ','."""
    positional: str | None = None
    """A global rule's one bare argument, such as `9x9`."""
    params: tuple[Param, ...] = ()
    condition: Condition | None = None
    comment: str | None = None
    """A trailing `# ...` comment, kept verbatim (without the leading '#')."""
    span: Span | None = field(default=None, compare=False)
    reference_span: Span | None = field(default=None, compare=False)
    partial: bool = field(default=False, compare=False)
    """The reader stopped at an error on this line: what it holds was read, and what follows
    the error was not, so a check must not call the rest missing."""

    @property
    def negated(self) -> bool:
        """True when the written `not`s do not cancel."""
        return self.nots % 2 == 1


@dataclass(frozen=True)
class CommentLine:
    """A whole-line `# ...` comment in the rule section, kept verbatim."""

    text: str


@dataclass(frozen=True)
class BlankLine:
    """An empty line in the rule section (kept so the writer preserves layout)."""


BodyLine = RuleLine | CommentLine | BlankLine


@dataclass(frozen=True)
class FrontMatter:
    """The YAML block between `---` lines."""

    fields: dict[str, JsonValue]
    """Parsed values, in the order written."""
    raw: str = field(default="", compare=False)
    """The verbatim YAML text (comments included), which the writer keeps."""
    spans: dict[str, Span] = field(default_factory=dict, compare=False)
    """Where each top-level key stands."""

    @property
    def library(self) -> str | None:
        """The library as written, a list as its JSON (which YAML reads back); None when
        it is missing or malformed."""
        v = self.fields.get("library")
        if isinstance(v, list) and v and all(isinstance(x, str) for x in v):
            return json.dumps(v, ensure_ascii=False)
        return v if isinstance(v, str) else None

    @property
    def libraries(self) -> tuple[str, ...]:
        """The library layers as named, lowest first: a list as written, `std` below a
        folder named alone (`./mine` is `[std, ./mine]`), and `std` or an https URL alone."""
        v = self.fields.get("library")
        if isinstance(v, list):
            return tuple(x for x in v if isinstance(x, str))
        if not isinstance(v, str):
            return ()
        if v == "std" or "://" in v:
            return (v,)
        return ("std", v)

    @property
    def negate_all(self) -> bool:
        return self.fields.get("negate") == "all"


@dataclass(frozen=True)
class Case:
    """A whole case file."""

    front: FrontMatter
    body: tuple[BodyLine, ...]
    path: str = field(default="<case>", compare=False)
    source: str = field(default="", compare=False)
    board_deferred: bool = field(default=False, compare=False)
    """Whether the reader left the board's checks to the library: some line carries a size
    that only the library can say declares the board (`sapphire.case.parser.board_problems`)."""

    @property
    def rules(self) -> tuple[RuleLine, ...]:
        return tuple(b for b in self.body if isinstance(b, RuleLine))
