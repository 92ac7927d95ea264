"""Rule definitions: one Markdown file per kind, read into frozen dataclasses.

A definition file is YAML front matter (between `---` lines), prose for the setter, and exactly
one fenced ```sapphire block holding the formal meaning. This module holds what a definition
says; `sapphire.library.reader` reads the files and depends on it, never the other way, so
that a process served by the definition cache loads no reader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal

from sapphire.case.model import Cell, JsonValue
from sapphire.diagnostics import long_number
from sapphire.lang.syntax import Apply, Binary, Expr, Name, Num, Program
from sapphire.library.drawing import DrawElement

if TYPE_CHECKING:
    from sapphire.library.channels import Channel

ParamType = Literal["integer", "boolean", "digits", "cell", "json", "rules", "integers",
                    "pairs", "moves", "pattern", "weights"]
PARAM_TYPES: tuple[str, ...] = ("integer", "boolean", "digits", "cell", "json", "rules",
                                "integers", "pairs", "moves", "pattern", "weights")
DECLARATIONS: tuple[str, ...] = ("board", "alphabet", "boxes")
"""What a kind may declare besides the answer's channels, which the prelude's `channels` table
lists (`sapphire.library.channels`)."""
BOARD_BINDINGS: tuple[str, ...] = ("rows", "cols", "givens", "clues")
MODIFIABLE_CHANNELS: tuple[str, ...] = ("value",)
"""Channels a rule may decide for its own cells (`modifies`), instead of the prelude's term."""

RESERVED_NAMES: frozenset[str] = frozenset(
    {
        "S", "P", "k", "rows", "cols", "board", "face", "value", "alphabet",
        "true", "false",
        "bh", "bw", "distinct", "connected", "sized", "accepted", "term", "boolean", "integer",
    }
)
"""Names a meaning may read without binding them; parameters must not shadow them, nor the
maps of the prelude's channels (`sapphire.library.channels.definition_problems`)."""

KIND_RE = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*\Z")
IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_?']*\Z")
ALIAS_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]*\Z")
SIZE_RE = re.compile(r"([1-9][0-9]*)x([1-9][0-9]*)\Z")

def parse_size(text: object) -> tuple[int, int] | None:
    """`9x9` -> (9, 9); anything else -> None."""
    if not isinstance(text, str):
        return None
    m = SIZE_RE.match(text)
    if m is None or long_number(text):  # a number too long to read: its reader says so
        return None
    return int(m.group(1)), int(m.group(2))


def _integer(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def type_matches(ptype: str, value: JsonValue | Cell) -> bool:
    """Whether a written value has the declared type; no coercion, so `"3"` is no integer."""
    if ptype == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if ptype == "boolean":
        return isinstance(value, bool)
    if ptype == "digits":
        return isinstance(value, list) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        )
    if ptype == "cell":
        return isinstance(value, Cell)
    if ptype in ("integers", "weights", "pairs", "moves"):
        width = {"pairs": 2, "moves": 3}.get(ptype, 1)
        return isinstance(value, list) and all(
            _integer(v) if width == 1 else isinstance(v, list) and len(v) == width and all(
                _integer(x) for x in v) for v in value)
    if ptype == "pattern":
        return isinstance(value, str)
    if ptype == "rules":
        return isinstance(value, list) and bool(value) and all(
            isinstance(v, str) for v in value)
    return not isinstance(value, Cell)  # json: any JSON value


TYPE_WORDS: dict[str, str] = {
    "integer": "an integer such as 17",
    "boolean": "true or false",
    "digits": "a list of digits such as [2,9]",
    "cell": "a cell such as r1c2",
    "json": "a JSON value",
    "integers": "a list of integers such as [0,2]",
    "weights": "one integer per listed cell such as [1,1,-10]",
    "pairs": "a list of pairs of integers such as [[1,2],[2,4]]",
    "moves": "a list of [state, digit, next state] moves such as [[0,1,1],[1,2,0]]",
    "pattern": 'a regular expression as text such as "[1-4]*5"',
    "rules": 'a list of rule lines such as ["cage r1c1-r1c2 total 3", "renban r1c3-r1c4"]',
}


@dataclass(frozen=True)
class ParamSpec:
    """One named parameter a rule line may carry."""

    name: str
    """The real name; the meaning reads the value under this name."""
    type: ParamType
    default: JsonValue = None
    required: bool = False
    aliases: tuple[str, ...] = ()
    preferred: str = ""
    """The spelling the writer uses (the name itself unless an alias is preferred)."""
    minimum: int | None = None
    maximum: int | None = None
    description: str = ""
    places: bool = False
    """An `integers` list whose values are places along the rule's cells, the first being 1:
    a place past the last cell would read nothing, so the check reports it."""

    def spellings(self) -> tuple[str, ...]:
        """Every name a setter may write for this parameter."""
        return (self.name, *self.aliases)


@dataclass(frozen=True)
class PositionalSpec:
    """A global rule's one bare argument, such as sudoku's `9x9`."""

    name: str
    """The scalar the meaning reads (for a square size, its side)."""
    type: Literal["size", "box"] = "size"
    """`size`: a board size; `box`: a box's height × width, bound as `bh` and `bw`."""
    values: tuple[str, ...] = ()
    """Allowed values; empty means any size."""
    required: bool = True


@dataclass(frozen=True)
class Requires:
    """The board and digits a kind's meaning is written for, where it names fixed cells or
    digit groups: `requires: {board: 9x9, digits: 1-9}` (exactly these digits) or
    `digits-within: 0-9` (no digit outside them); None: any."""

    board: tuple[int, int] | None = None
    digits: range | None = None
    digits_within: range | None = None

    def unmet(self, board: tuple[int, int] | None, digits: range | None) -> str | None:
        """What a case of this board and these digits lacks, in words; None when it is met
        (or the case does not say)."""
        if self.board is not None and board is not None and board != self.board:
            return (f"a {self.board[0]}×{self.board[1]} board, and this one is "
                    f"{board[0]}×{board[1]}")
        if self.digits is not None and digits is not None and digits != self.digits:
            return (f"the digits {self.digits.start}-{self.digits.stop - 1}, and this case has "
                    f"{digits.start}-{digits.stop - 1}")
        within = self.digits_within
        if within is not None and digits is not None and not (
                within.start <= digits.start and digits.stop <= within.stop):
            return (f"digits within {within.start}-{within.stop - 1}, and this case has "
                    f"{digits.start}-{digits.stop - 1}")
        return None


ADJACENCY = ("side", "side-or-corner", "group")
"""The values of a kind's `adjacent` field (`RuleDefinition.adjacent`)."""


@dataclass(frozen=True)
class RuleDefinition:
    """A rule kind as its Markdown file defines it."""

    kind: str
    scope: Literal["cells", "global"]
    cells: Literal["set", "path", "none"]
    params: tuple[ParamSpec, ...]
    positional: PositionalSpec | None
    declares: frozenset[str]
    meaning: str
    """The text of the ```sapphire block, verbatim."""
    meaning_line: int
    """1-based line in the .md of the block's first content line (line 1 of `meaning`)."""
    prose: str
    path: str
    title: str = ""
    predicate: bool = False
    """A shared predicate usable as a condition (`if NAME`), not a rule kind of its own."""
    boxes: tuple[tuple[str, tuple[int, int]], ...] = ()
    """Box height and width per allowed size, when the rule declares boxes."""
    binds: tuple[tuple[str, str], ...] = ()
    """Extra names the meaning reads from the board: name -> rows | cols | givens | clues."""
    length: Expr | None = None
    """How many cells a line must list, over `rows`, `cols` and integer parameters (a
    doppelganger lists one cell per row, column and box: `3·rows`); None: any number."""
    implied: str = ""
    """The text of the ```sapphire implied block: facts that follow from the meaning, stated
    again in a form the solver handles well (a loop's inside is one piece). A rule line
    asserted as it stands adds them to its meaning; a negated or conditional one does not,
    since the negation of the meaning does not imply them."""
    implied_line: int = 0
    guide: str = ""
    """The text of the ```sapphire guide block: a rule that the answers of most puzzles of the
    kind keep, though not every answer need (a NumberLink's line does not run beside itself).
    It is no part of the meaning: a search may look for a first answer among those keeping it,
    and then looks for every other answer without it, so counts stay exact."""
    guide_line: int = 0
    settles: str = ""
    """The text of the ```sapphire guide-settles block: a condition such that, when the
    answers keeping the guide are one and it holds of that one, no other answer exists (a
    NumberLink whose cells may stay empty and whose one guided answer fills the board). The
    kind's prose says why; a case of that rule alone may then count under the guide."""
    settles_line: int = 0
    modifies: tuple[tuple[str, str], ...] = ()
    """Channels the rule decides for its own cells, each with the integer parameter that bounds
    them as a multiple of a digit (a value-modifier's `value` and `multiply`)."""
    answer: tuple[tuple[str, str], ...] = ()
    """Maps of the meaning that the answer shows, each with its shape (a name of
    `sapphire.library.shapes.SHAPES`)."""
    overrides: bool = False
    """The definition replaces one of the same kind in a library layered below its own
    (`overrides: true`); without it, defining a kind a lower layer has is an error."""
    draw: tuple[DrawElement, ...] | None = None
    """How a rule line is drawn (`sapphire.library.drawing`); None when the kind does not say,
    and the picture's legend names its lines instead."""
    requires: Requires = Requires()
    """The board and digits the meaning is written for (`requires`)."""
    cells_may_be_empty: bool = False
    """A line may list no cells (`cells-may-be-empty: true`): the meaning then reads an empty
    `S`, and says what a board without such clues means (a Tents board with no trees holds no
    tents), where an importer would otherwise have to leave the rule out and lose it."""
    also: tuple[str, ...] = ()
    """Other names setters give the rule, in lower case (`also: [killer, killer cage]` for
    the cage): words to find it by, never spellings a rule line may use."""
    adjacent: str | None = None
    """How a line's cells join, when the kind asks (`adjacent`, one of `ADJACENCY`): `side`,
    each cell beside the one written before it; `side-or-corner`, a king's move from it (a
    line may step diagonally); `group`, the cells in any order one group, each touching another
    by a side or a corner (a cage). `sapphire check` warns of a line whose cells do not."""

    def param(self, name: str) -> ParamSpec | None:
        """The parameter written as `name` (its real name or an alias)."""
        for p in self.params:
            if name in p.spellings():
                return p
        return None

    def param_type(self, name: str) -> str | None:
        """The declared type of the parameter with this real name (None: not a parameter)."""
        return next((p.type for p in self.params if p.name == name), None)

    def arguments(self, params: Any) -> dict[str, JsonValue | Cell]:
        """Real name -> value for a rule line's `Param`s, defaults filled in (assumes checked)."""
        out: dict[str, JsonValue | Cell] = {p.name: p.default for p in self.params}
        for written in params:
            spec = self.param(written.name)
            if spec is not None:
                out[spec.name] = written.value
        return out

    def positional_bindings(self, positional: str | None) -> dict[str, int]:
        """Scalars bound by the positional size: its name (N), and `bh`, `bw` for boxes."""
        size = parse_size(positional)
        if self.positional is None or size is None:
            return {}
        if self.positional.type == "box":
            return {"bh": size[0], "bw": size[1]}
        out = {self.positional.name: size[0]} if size[0] == size[1] else {}
        box = dict(self.boxes).get(positional or "")
        if box is not None:
            out["bh"], out["bw"] = box
        return out

    def board_for(self, positional: str | None) -> tuple[int, int] | None:
        """The board (rows, cols) this rule declares when written with `positional`."""
        if "board" not in self.declares:
            return None
        return parse_size(positional)

    def alphabet_for(self, positional: str | None) -> range | None:
        """The digits 1..N this rule declares when written with `positional`."""
        size = parse_size(positional)
        if "alphabet" not in self.declares or size is None:
            return None
        return range(1, max(size) + 1)

    def expected_length(self, rows: int, cols: int, arguments: dict[str, Any]) -> int | None:
        """The number of cells `length` asks for on this board with these arguments."""
        return None if self.length is None else _evaluate(
            self.length, {"rows": rows, "cols": cols, **arguments})

    def program(self) -> Program:
        """The ```sapphire block parsed, with positions in the .md file (parsed once)."""
        return meaning_program(self.path, self.meaning_line, self.meaning)

    def implied_program(self) -> Program | None:
        """The ```sapphire implied block parsed, when the definition has one."""
        if not self.implied:
            return None
        return meaning_program(self.path, self.implied_line, self.implied)

    def guide_program(self) -> Program | None:
        """The ```sapphire guide block parsed, when the definition has one."""
        if not self.guide:
            return None
        return meaning_program(self.path, self.guide_line, self.guide)

    def settles_program(self) -> Program | None:
        """The ```sapphire guide-settles block parsed, when the definition has one."""
        if not self.settles:
            return None
        return meaning_program(self.path, self.settles_line, self.settles)

    @cached_property
    def applied(self) -> frozenset[str]:
        """Every map name the meaning's constraints apply (`⦗face r c⦘` gives `face`), worked
        out once: each rule line of the kind adds them to its case's reads."""
        reads: set[str] = set()
        extra = [p.constraints for p in (self.implied_program(), self.guide_program(),
                                          self.settles_program()) if p]
        for c in (*self.program().constraints, *(c for cs in extra for c in cs)):
            names_applied(c, reads)
        return frozenset(reads)


LENGTH_OPS = {"+": lambda a, b: a + b, "⨫": lambda a, b: max(a - b, 0),
              "·": lambda a, b: a * b, "÷": lambda a, b: a // b if b else 0,
              "mod": lambda a, b: a % b if b else 0}
"""The arithmetic a `length` may use (the meaning's own: `⨫` stops at 0, `÷` rounds down)."""


def _evaluate(e: Expr, names: dict[str, Any]) -> int:
    """A `length` on known numbers; `_length` has checked its names and operators."""
    if isinstance(e, Num):
        return e.value
    if isinstance(e, Name):
        return int(names[e.name])
    assert isinstance(e, Binary)
    return LENGTH_OPS[e.op](_evaluate(e.left, names), _evaluate(e.right, names))


_PROGRAMS: dict[tuple[str, int, str], Program] = {}
"""Parsed meanings by file, line and text; a definition's block never changes once read."""


def meaning_program(path: str, line: int, text: str) -> Program:
    """A ```sapphire block starting at `line` of `path`, parsed once."""
    key = (path, line, text)
    prog = _PROGRAMS.get(key)
    if prog is None:
        from sapphire.lang.parser import parse_program  # a cached definition brings its own

        prog = parse_program("\n" * (line - 1) + text, path)
        _PROGRAMS[key] = prog
    return prog


def remember_program(path: str, line: int, text: str, program: Program) -> None:
    """Take `program` as the parse of a block (the definition cache read it from disk)."""
    _PROGRAMS.setdefault((path, line, text), program)


def names_applied(e: object, out: set[str]) -> None:
    """Add to `out` every map name applied anywhere in `e` (`⦗region r c⦘` adds `region`)."""
    if isinstance(e, Apply):
        out.add(e.fn)
    if hasattr(e, "__dataclass_fields__"):
        for f in e.__dataclass_fields__:
            v = getattr(e, f)
            if isinstance(v, tuple):
                for x in v:
                    names_applied(x, out)
            else:
                names_applied(v, out)


@dataclass(frozen=True)
class Term:
    """One typed `term name(x:type,...):type = body;` of the prelude."""

    name: str
    params: tuple[tuple[str, str], ...]
    result: str
    body: str
    line: int
    col: int
    text: str
    """The whole definition as written, `term` to `;`."""


@dataclass(frozen=True)
class Predicate:
    """A condition keyword (`uniform`, `distinct`, `connected`) and what it calls."""

    name: str
    set_term: str | None
    """The prelude term applied to a `cells: set` rule's cells."""
    path_term: str | None
    """The prelude term applied to a `cells: path` rule's cells."""
    needs: frozenset[str] = frozenset()
    """Declarations the case must make for the predicate to mean anything (`shading`)."""
    declared_by: str | None = None
    """The kind a case adds for what the predicate needs (`uniform` reads yin-yang's
    shading), which a missing declaration's hint names."""
    definition: RuleDefinition | None = None
    """Set instead of the terms when a `predicate: true` file defines it."""

    def term_for(self, cells: str) -> str | None:
        return self.path_term if cells == "path" else self.set_term


@dataclass(frozen=True)
class Prelude:
    """The library's shared predicates and composition terms."""

    terms: tuple[Term, ...]
    predicates: tuple[Predicate, ...]
    meaning: str
    meaning_line: int
    prose: str
    path: str
    channels: tuple[tuple[str, str, int], ...] = ()
    """The ```sapphire channel blocks: (situation, text, .md line of the first content line),
    where the situation is a channel's name, `modified NAME` or `unmodified NAME`. Each binds
    channels once for the case, outside every rule."""
    answer_channels: tuple[Channel, ...] = ()
    """The front matter's `channels` table: what each channel binds and how the answer shows
    it (`sapphire.library.channels`)."""

    def term(self, name: str) -> Term | None:
        return next((t for t in self.terms if t.name == name), None)

    def program(self) -> Program:
        """The ```sapphire block parsed, with positions in prelude.md (parsed once)."""
        return meaning_program(self.path, self.meaning_line, self.meaning)

    def channel(self, situation: str) -> Program | None:
        """The channel block for `situation` parsed, or None when the prelude has none."""
        for name, text, line in self.channels:
            if name == situation:
                return meaning_program(self.path, line, text)
        return None

