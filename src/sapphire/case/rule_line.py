"""One line of a case file's rule section, read by the seed grammar::

    instance  = [id ":" space] *("not" space) rule [space condition]
    rule      = reference [space cells] *(space parameter space value)
    condition = ("if" | "unless") space predicate
    predicate = "uniform" | "distinct" | "connected"
    reference = kind-name | HTTPS-Markdown-URL
    cells     = cell *("-" cell | "," cell)
    cell      = "r" positive-row "c" positive-column
    value     = JSON-value | cell

A global rule may also carry one bare positional argument starting with a digit (``sudoku 9x9``),
written right after the reference. ``#`` outside a JSON string starts a comment. Tokens are
separated by spaces or tabs; the writer puts back single spaces.

The reader stops a line at its first structural error (what follows cannot be read reliably)
but keeps what it has read, so checks across lines still see the line.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Literal, NoReturn, cast

from sapphire.case._report import Reporter
from sapphire.case.givens import MAX_BOARD_SIDE
from sapphire.case.json_value import TOO_DEEP, json_decoder, unwritable
from sapphire.case.model import Cell, CellRef, CommentLine, Condition, JsonValue, Param, RuleLine
from sapphire.diagnostics import (
    NumberTooLong,
    Span,
    did_you_mean,
    long_json_number,
    long_number,
    number_too_long,
)

ID_RE = re.compile(r"[A-Za-z0-9_-]+")
KIND_RE = re.compile(r"[a-z][a-z0-9-]*")
URL_RE = re.compile(r"https://[^\s#]+\.md")
PARAM_RE = re.compile(r"[a-z][a-z0-9_-]*")
POSITIONAL_RE = re.compile(r"[0-9][A-Za-z0-9_.+-]*")
CELL_RE = re.compile(r"r([0-9]+)c([0-9]+)")
CELL_LIKE_RE = re.compile(r"[rR]([0-9]|[cC])")
CELL_PATH_RE = re.compile(r"r[0-9]+c[0-9]+([-,]r[0-9]+c[0-9]+)*")

CONDITION_KEYWORDS = ("if", "unless")
PREDICATES = ("uniform", "distinct", "connected")
"""The shared predicates a condition may name; each takes only the rule's own cells."""
RESERVED = ("not", *CONDITION_KEYWORDS)
"""Words that can be neither a kind nor a parameter name."""

WS = " \t"
_WORD_RE = re.compile(r"[ \t]*([^ \t]*)")
"""Blanks (`WS`), then a word: what `RuleLineParser._peek_word` reads (blanks at the end:
an empty word)."""
DIGITS = "0123456789"
CELL_FORM = "write a cell as rROWcCOLUMN, e.g. r1c2"
CELL_NUMBERS = f"a cell's row and column are at most {MAX_BOARD_SIDE} (or a row of extra cells)"
SIZE_NUMBERS = f"a board has at most {MAX_BOARD_SIDE} rows and {MAX_BOARD_SIDE} columns"
PARAMETER_NUMBERS = "a rule line's numbers are totals, counts and digits, far shorter than this"
JSON_HINT = (
    'a value is a JSON value (17, true, null, "text", [2,9], {"a":1}) or a cell such as r1c2'
)


def is_cell_like(token: str) -> bool:
    """True when a token is meant as a cell (or cell list), even a malformed one."""
    return CELL_LIKE_RE.match(token) is not None


def comment_start(line: str) -> int | None:
    """Index of the '#' that starts a comment, skipping '#' inside JSON strings."""
    if "#" not in line:
        return None  # most lines: no walk over their characters
    in_string = False
    escaped = False
    for i, ch in enumerate(line):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "#":
            return i
    return None


def parse_comment_line(line: str) -> CommentLine | None:
    """A whole-line comment; its text is what follows '#', trailing blanks dropped."""
    stripped = line.lstrip(WS)
    if not stripped.startswith("#"):
        return None
    return CommentLine(stripped[1:].rstrip(WS))


class _Stop(Exception):
    """The rest of the line cannot be read; what was read so far is kept."""


@dataclass
class _State:
    """What a rule line's reader has read so far: kept whole when the rest of the line is
    bad, so that the line's later errors still name its kind and cells."""

    id: str | None = None
    id_span: Span | None = None
    nots: int = 0
    reference: str | None = None
    reference_span: Span | None = None
    cells: list[CellRef] = field(default_factory=list)
    separators: list[str] = field(default_factory=list)
    positional: str | None = None
    positional_span: Span | None = None
    params: list[Param] = field(default_factory=list)
    condition: Condition | None = None


@dataclass
class ParsedRule:
    """A rule line with the spans the cross-line checks need that the model does not keep."""

    rule: RuleLine
    id_span: Span | None
    positional_span: Span | None


class RuleLineParser:
    """Reads one rule line, reporting problems to a `Reporter`."""

    def __init__(self, line: str, line_no: int, rep: Reporter) -> None:
        self.full = line
        self.line_no = line_no
        self.rep = rep
        hash_at = comment_start(line)
        self.comment: str | None = None
        code = line
        if hash_at is not None:
            self.comment = line[hash_at + 1 :].rstrip(WS)
            code = line[:hash_at]
        self.code = code.rstrip(WS)
        self.pos = 0
        self.state = _State()

    # -- scanning ---------------------------------------------------------------------------

    def _skip_ws(self) -> None:
        while self.pos < len(self.code) and self.code[self.pos] in WS:
            self.pos += 1

    def _peek_word(self) -> tuple[int, str] | None:
        """The next word and where it starts, after skipping the blanks before it (one
        match, not a loop over characters: a case may have thousands of lines)."""
        m = _WORD_RE.match(self.code, self.pos)
        self.pos = m.start(1)  # type: ignore[union-attr]
        word = m.group(1)  # type: ignore[union-attr]
        return (self.pos, word) if word else None

    def _next_word(self) -> tuple[int, str] | None:
        word = self._peek_word()
        if word is not None:
            self.pos = word[0] + len(word[1])
        return word

    def _span(self, start: int, width: int = 1) -> Span:
        return self.rep.span(self.line_no, start + 1, width)

    def _error(
        self, kind: str, message: str, start: int, width: int = 1, hint: str | None = None
    ) -> None:
        self.rep.report(kind, message, self.line_no, start + 1, width, hint)

    def _fail(
        self, kind: str, message: str, start: int, width: int = 1, hint: str | None = None
    ) -> NoReturn:
        self._error(kind, message, start, width, hint)
        raise _Stop

    # -- the grammar ------------------------------------------------------------------------

    def parse(self) -> ParsedRule | None:
        """The rule line (possibly partial after an error), or None when no reference was read."""
        partial = False
        try:
            self._instance()
        except _Stop:
            partial = True
        s = self.state
        if s.reference is None:
            return None
        rule = RuleLine(
            reference=s.reference,
            id=s.id,
            nots=s.nots,
            cells=tuple(s.cells),
            separators=tuple(s.separators),
            positional=s.positional,
            params=tuple(s.params),
            condition=s.condition,
            comment=self.comment,
            span=self.rep.span(self.line_no, 1, max(1, len(self.code))),
            reference_span=s.reference_span,
            partial=partial,
        )
        return ParsedRule(rule, s.id_span, s.positional_span)

    def _instance(self) -> None:
        s = self.state
        word = self._next_word()
        if word is None:
            return
        start, tok = word
        after = self._peek_word()
        if ":" not in tok and after is not None and after[1].startswith(":"):
            rest = self.code[after[0] + 1 :].split()
            self._fail(
                "bad-id",
                f"a space stands between the id '{tok}' and its ':'",
                start + len(tok),
                after[0] - start - len(tok),
                hint=f"write '{tok}: {rest[0]} ...'" if rest else f"write '{tok}: RULE'",
            )
        if ":" in tok and "://" not in tok:
            self._id(start, tok)
            word = self._next_word()
            if word is None:
                self._fail(
                    "missing-reference",
                    f"the id '{s.id}:' is not followed by a rule",
                    start + len(tok) - 1,
                    hint="write the rule after the id, e.g. 'cage-1: cage r1c1-r1c2 total 3'",
                )
            start, tok = word
        while tok == "not":
            s.nots += 1
            word = self._next_word()
            if word is None:
                self._fail(
                    "missing-reference",
                    "'not' is not followed by a rule",
                    start,
                    3,
                    hint="write the rule to negate after 'not', e.g. 'not anti-king'",
                )
            start, tok = word
        if tok.endswith(":") and "://" not in tok:
            self._fail(
                "misplaced-id",
                f"the id '{tok[:-1]}' must come first on the line",
                start,
                len(tok),
                hint=f"the id precedes every operator: write '{tok} not ...'"
                if s.nots
                else "a rule line has at most one id",
            )
        self._reference(start, tok)
        word = self._peek_word()
        if word is not None and is_cell_like(word[1]):
            self._next_word()
            self._cells(*word)
            word = self._peek_word()
        if word is not None and word[1][0] in DIGITS:
            self._next_word()
            self._positional(*word)
        self._params()
        word = self._next_word()
        if word is not None:
            self._condition(*word)

    def _id(self, start: int, tok: str) -> None:
        s = self.state
        name, colon, rest = tok.partition(":")
        if rest:
            self._fail(
                "bad-id",
                f"expected a space after the id '{name}:'",
                start + len(name) + 1,
                hint=f"write '{name}: {rest}'",
            )
        if not ID_RE.fullmatch(name):
            self._fail(
                "bad-id",
                f"'{name}' is not a valid id",
                start,
                max(1, len(name)),
                hint="an id is letters, digits, '-' and '_', followed by ':'",
            )
        s.id = name
        s.id_span = self._span(start, len(name))

    def _reference(self, start: int, tok: str) -> None:
        s = self.state
        if tok in CONDITION_KEYWORDS:
            self._fail(
                "missing-reference",
                f"expected a rule before '{tok}'",
                start,
                len(tok),
                hint="a condition follows a rule with cells: 'renban r1c5-r1c6 if uniform'",
            )
        if CELL_PATH_RE.fullmatch(tok):
            self._fail(
                "missing-reference",
                f"expected a rule name before the cells '{tok}'",
                start,
                len(tok),
                hint=f"write the rule name first, e.g. 'cage {tok} total 10'",
            )
        if tok.startswith(("https://", "http://")):
            if not URL_RE.fullmatch(tok):
                hint = (
                    "use an https URL"
                    if tok.startswith("http://")
                    else "a URL reference names a Markdown definition ending in '.md'"
                )
                self._fail(
                    "bad-reference", f"'{tok}' is not a rule reference", start, len(tok), hint=hint
                )
        elif not KIND_RE.fullmatch(tok):
            lowered = tok.lower()
            hint = (
                f"kind names are lower case: '{lowered}'"
                if KIND_RE.fullmatch(lowered)
                else "a kind name is lower-case letters, digits and '-', starting with a letter;"
                " or an https URL ending in '.md'"
            )
            self._fail("bad-reference", f"'{tok}' is not a rule name", start, len(tok), hint=hint)
        s.reference = tok
        s.reference_span = self._span(start, len(tok))

    def _cells(self, start: int, tok: str) -> None:
        """A cell list: cells separated by '-' or ','; every cell written out in full."""
        s = self.state
        pieces = re.split(r"([-,])", tok)
        offset = 0
        bad = False
        for i, piece in enumerate(pieces):
            if i % 2 == 1:
                s.separators.append(piece)
                offset += 1
                continue
            cell = self._cell(start + offset, piece, after=pieces[i - 1] if i else None)
            if cell is None:
                bad = True
            else:
                s.cells.append(CellRef(cell, self._span(start + offset, len(piece))))
            offset += len(piece)
        if bad:
            # Keep cells and separators aligned for the partial rule.
            s.cells.clear()
            s.separators.clear()
            raise _Stop

    def _cell(self, start: int, piece: str, after: str | None = None) -> Cell | None:
        """One cell, or None after reporting why `piece` is not one."""
        m = CELL_RE.fullmatch(piece)
        if m is not None:
            if self._long_number(start, piece, CELL_NUMBERS):
                return None
            row, col = int(m.group(1)), int(m.group(2))
            if row >= 1 and col >= 1:
                return Cell(row, col)
            self._error(
                "malformed-cell",
                f"'{piece}' is not a cell: rows and columns count from 1",
                start,
                len(piece),
                hint=f"the top-left cell is r1c1; {CELL_FORM}",
            )
            return None
        if not piece:
            message = f"expected a cell after '{after}'" if after else "expected a cell"
            self._error("malformed-cell", message, start, 1, hint=CELL_FORM)
            return None
        if CELL_RE.fullmatch(piece.lower()):
            hint = f"write cells in lower case: '{piece.lower()}'"
        elif re.fullmatch(r"r[0-9]+c?", piece):
            hint = f"the column is missing; {CELL_FORM}"
        elif re.fullmatch(r"rc[0-9]*", piece):
            hint = f"the row is missing; {CELL_FORM}"
        elif piece.isdigit():
            hint = "every cell of a path is written in full: r1c1-r1c2-r1c3, not r1c1-3"
        else:
            hint = CELL_FORM
        self._error("malformed-cell", f"'{piece}' is not a cell", start, len(piece), hint=hint)
        return None

    def _long_number(self, start: int, tok: str, hint: str) -> bool:
        """Report the first number in `tok` (at `start`) too long to read, if any: refused
        before anything converts it."""
        at = long_number(tok)
        if at is None:
            return False
        d = number_too_long(tok[at[0]:at[1]], None, hint=hint)
        self._error(d.kind, d.message, start + at[0], at[1] - at[0], hint=d.hint)
        return True

    def _positional(self, start: int, tok: str) -> None:
        if self._long_number(start, tok, SIZE_NUMBERS):
            raise _Stop
        if not POSITIONAL_RE.fullmatch(tok):
            self._fail(
                "unexpected-token",
                f"'{tok}' is not a bare argument",
                start,
                len(tok),
                hint="a global rule's argument is one word such as 9x9",
            )
        self.state.positional = tok
        self.state.positional_span = self._span(start, len(tok))

    def _params(self) -> None:
        s = self.state
        seen: dict[str, int] = {}
        while True:
            word = self._peek_word()
            if word is None or word[1] in CONDITION_KEYWORDS:
                return
            start, tok = word
            self._check_param_name(start, tok)
            self._next_word()
            if tok in seen:
                self._error(
                    "duplicate-parameter",
                    f"the parameter '{tok}' is given twice",
                    start,
                    len(tok),
                    hint=f"it is first given at column {seen[tok] + 1}; keep one",
                )
            else:
                seen[tok] = start
            value, value_start, width = self._value(tok, start)
            s.params.append(
                Param(tok, value, self._span(start, len(tok)), self._span(value_start, width))
            )

    def _check_param_name(self, start: int, tok: str) -> None:
        s = self.state
        if PARAM_RE.fullmatch(tok) and tok not in RESERVED and not is_cell_like(tok):
            return
        what = "a parameter name, a condition (if/unless) or the end of the line"
        hint: str | None = None
        if tok == "not":
            hint = f"'not' goes before the rule name: 'not {s.reference} ...'"
        elif tok.endswith(":"):
            name = tok[:-1]
            self._fail(
                "misplaced-id",
                f"'{tok}' stands where a parameter name belongs, and an id comes first on the "
                "line",
                start,
                len(tok),
                hint=f"a parameter is written without ':' ('{name} 3'); an id precedes the rule "
                f"and every 'not' ('{name}: {s.reference} ...')",
            )
        elif is_cell_like(tok) and s.cells and not s.params:
            hint = (f"join cells with '-': '{s.cells[-1].cell}-{tok}' (or with ','); a space "
                    "ends the cells")
        elif is_cell_like(tok):
            hint = "cells come right after the rule name, before any parameter"
        elif tok[0] in DIGITS and s.positional is not None:
            hint = "a rule takes at most one bare argument, and parameters need a name"
        elif tok[0] in '[{"-0123456789' or tok in ("true", "false", "null"):
            hint = "every value needs a parameter name before it: 'digits [2,9]'"
        elif PARAM_RE.fullmatch(tok.lower()):
            hint = f"parameter names are lower case: '{tok.lower()}'"
        self._fail(
            "unexpected-token", f"expected {what}, found '{tok}'", start, len(tok), hint=hint
        )

    def _value(self, name: str, name_start: int) -> tuple[JsonValue | Cell, int, int]:
        """The value after parameter `name`: a JSON value or one cell."""
        self._skip_ws()
        start = self.pos
        word = self._peek_word()
        if word is None or word[1] in CONDITION_KEYWORDS:
            at = word[0] if word is not None else len(self.code)
            self._fail(
                "missing-value",
                f"the parameter '{name}' has no value",
                at,
                hint=f"write a value after '{name}': {JSON_HINT}",
            )
        tok = word[1]
        if is_cell_like(tok):
            self.pos = start + len(tok)
            if "-" in tok or "," in tok:
                self._fail(
                    "bad-cell-value",
                    f"the parameter '{name}' takes one cell, not the list '{tok}'",
                    start,
                    len(tok),
                    hint="a parameter value holds a single cell such as r1c2",
                )
            cell = self._cell(start, tok)
            if cell is None:
                raise _Stop
            return cell, start, len(tok)
        value, end = self._json(start, tok)
        self.pos = end
        return value, start, end - start

    def _json(self, start: int, tok: str) -> tuple[JsonValue, int]:
        decoder = json_decoder()
        try:
            value, end = decoder.raw_decode(self.code, start)
        except NumberTooLong:
            at, end = long_json_number(self.code, start) or (start, start + len(tok))
            d = number_too_long(self.code[at:end], None, hint=PARAMETER_NUMBERS)
            self._fail(d.kind, d.message, at, end - at, hint=d.hint)
        except json.JSONDecodeError as e:
            at, width = (e.pos, 1) if e.pos > start else (start, len(tok))
            message = f"'{tok}' is not a JSON value"
            if e.pos > start:
                message = f"bad JSON value: {e.msg.lower()}"
            hint = JSON_HINT
            if tok in PREDICATES and e.pos == start:
                hint = (f"'{tok}' is a condition's predicate: end the line with 'if {tok}' or "
                        f"'unless {tok}'")
            elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", tok) and e.pos == start:
                hint = f'write text in double quotes: "{tok}"'
            self._fail("bad-json", message, at, width, hint=hint)
        except ValueError as e:
            self._fail("bad-json", f"bad JSON value: {e}", start, len(tok), hint=JSON_HINT)
        except RecursionError:
            self._fail("bad-json", f"bad JSON value: {TOO_DEEP}", start, len(tok),
                       hint=JSON_HINT)
        problem = unwritable(value)
        if problem is not None:
            self._fail("bad-json", f"bad JSON value: {problem}", start, len(tok),
                       hint=JSON_HINT)
        if end < len(self.code) and self.code[end] not in WS:
            rest = self._peek_from(end)
            self._fail(
                "bad-json",
                f"unexpected '{rest}' right after the value {json.dumps(value)}",
                end,
                len(rest),
                hint=JSON_HINT,
            )
        return cast(JsonValue, value), end

    def _peek_from(self, at: int) -> str:
        end = at
        while end < len(self.code) and self.code[end] not in WS:
            end += 1
        return self.code[at:end]

    def _condition(self, start: int, tok: str) -> None:
        s = self.state
        keyword = cast(Literal["if", "unless"], tok)
        word = self._next_word()
        if word is None:
            self._fail(
                "missing-predicate",
                f"'{tok}' is not followed by a predicate",
                start,
                len(tok),
                hint=f"write '{tok} uniform', '{tok} distinct' or '{tok} connected'",
            )
        pred_start, pred = word
        s.condition = Condition(keyword, pred, self._span(start, len(tok)),
                                self._span(pred_start, len(pred)))
        if not s.cells:
            self._error(
                "condition-without-cells",
                f"'{tok} {pred}' needs the rule's cells, but '{s.reference}' lists none",
                start,
                len(tok),
                hint="a condition applies to the rule's own cells; list them after the rule name",
            )
        if pred not in PREDICATES:
            self._error(
                "unknown-predicate",
                f"unknown condition predicate '{pred}'",
                pred_start,
                len(pred),
                hint=did_you_mean(pred, PREDICATES)
                or "a condition is 'uniform', 'distinct' or 'connected'",
            )
        word = self._next_word()
        if word is None:
            return
        extra_start, extra = word
        if extra in CONDITION_KEYWORDS:
            self._fail(
                "second-condition",
                f"a rule line takes one condition; '{extra}' starts a second",
                extra_start,
                len(extra),
                hint="only one trailing condition is allowed",
            )
        hint = (
            "the condition applies to the rule's own cells; it takes no cell argument"
            if is_cell_like(extra)
            else "parameters come before the condition; a condition takes no argument"
        )
        self._fail(
            "condition-argument",
            f"unexpected '{extra}' after '{tok} {pred}'",
            extra_start,
            len(extra),
            hint=hint,
        )
