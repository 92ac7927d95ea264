"""Validate a case against its library: every problem at once, under `not` and conditions alike.

An error in a rule line is an error whatever wraps it: a negated line or an inactive condition
still has to name a definition, valid parameters and cells on the board, so nothing here looks
at `not`, `negate: all` or the condition's truth, except to name the one error that only a
negated line can make (negating a global rule that has no definition).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from sapphire.case.givens import (
    board_size,
    case_extra_cells,
    on_board,
    outside,
    parse_digits,
)
from sapphire.case.model import Case, Cell, CellRef, RuleLine
from sapphire.case.parser import board_problems, parse_case
from sapphire.diagnostics import (
    Collector,
    Diagnostic,
    SapphireError,
    Span,
    did_you_mean,
    source_line,
)
from sapphire.lang.automata import compile_regex
from sapphire.lang.syntax import MAX_INTEGER, too_large
from sapphire.library.channel_reader import definition_problems
from sapphire.library.channels import Channel, needed
from sapphire.library.definition import (
    TYPE_WORDS,
    Predicate,
    Prelude,
    RuleDefinition,
    parse_size,
    type_matches,
)
from sapphire.library.search import CLOSE, suggestions, words


class LibraryView(Protocol):
    """What validation asks of a library (`sapphire.library.library.Library`, which runs it):
    named here so that validation depends on no module that depends on it."""

    root: str

    @property
    def prelude(self) -> Prelude: ...
    def resolve(self, reference: str) -> RuleDefinition | None: ...
    def predicate(self, name: str) -> Predicate | None: ...
    def kinds(self) -> list[str]: ...
    def definitions(self) -> list[RuleDefinition]: ...
    def predicates(self) -> list[str]: ...
    def declarers(self, *declarations: str) -> list[str]: ...
    def declares_board(self, reference: str) -> bool: ...
    def channels(self) -> tuple[Channel, ...]: ...


class _Out(Collector):
    """The collector of one case's validation: each problem given its line of the case."""

    def __init__(self, case: Case) -> None:
        super().__init__(case.path, case.source.splitlines() if case.source else [])
        self.case = case


def _where(rule: RuleLine) -> Span | None:
    return rule.reference_span or rule.span


def _effectively_negated(case: Case, rule: RuleLine) -> bool:
    return rule.negated != case.front.negate_all


def _lookup(lib: LibraryView, rule: RuleLine, out: _Out) -> tuple[RuleDefinition | None, bool]:
    """Resolve, turning fetch and parse failures of remote definitions into diagnostics.

    The flag says whether a definition was found or already reported as broken.
    """
    try:
        d = lib.resolve(rule.reference)
        return d, d is not None
    except SapphireError as exc:
        here = _where(rule)
        note = f"while resolving '{rule.reference}'" + (f" at {here}" if here else "")
        for d in exc.diagnostics:
            if d.span is None:
                out.add(d.kind, d.message, here, d.hint)
            else:
                out.diagnostics.append(
                    Diagnostic(d.kind, d.message, d.span, d.hint, d.source_line, (*d.notes, note))
                )
        return None, True


def _missing(lib: LibraryView, case: Case, rule: RuleLine, out: _Out, prelude_ok: bool,
             hints: dict[str, str]) -> None:
    """The error of a rule line whose kind the library lacks; `hints` keeps each name's hint,
    which a search of the whole library finds, for the other lines that use the name."""
    ref = rule.reference
    where = _where(rule)
    if prelude_ok and lib.predicate(ref) is not None:
        hint: str | None = f"'{ref}' is a predicate: write it as a condition, '... if {ref}'"
    elif ref.startswith("https://"):
        hint = "nothing was found at that URL" if ref.endswith(".md") else (
            "a definition URL ends in .md")
    elif "://" in ref:
        hint = "only https URLs name definitions"
    else:
        if ref not in hints:
            hints[ref] = kind_hint(lib, ref)
        hint = hints[ref]
    if not rule.cells and _effectively_negated(case, rule):
        out.add("cannot-negate-undefined-global",
                f"cannot negate '{ref}': it has no definition, so it has no formula to negate",
                where, hint)
    else:
        out.add("missing-definition", f"no definition of '{ref}' in library '{lib.root}'",
                where, hint)


def kind_hint(lib: LibraryView, ref: str) -> str:
    """What to say of a kind the library lacks: the kinds it is another name of or spelt
    close to, found by title and the names setters use (`killer` is the `cage`), else how to
    search the library."""
    found = suggestions(lib.definitions(), ref)
    if not found:  # a kind fetched by URL is no local definition, but may be spelt close
        return did_you_mean(ref, lib.kinds()) or (
            f"'sapphire kinds WORD' searches the library's {len(lib.kinds())} kinds by title, "
            "other names and description")
    named = []
    for f in found:
        if f.tier == CLOSE and f.matched == f.kind.replace("-", " "):
            named.append(f"'{f.kind}'")  # spelt close to the kind itself
        elif set(words(f.matched)) <= set(words(f.title)):
            named.append(f"'{f.kind}' ({f.title})")
        else:
            named.append(f"'{f.kind}' ({f.title}, also called {f.matched})")
    return "did you mean " + (named[0] if len(named) == 1 else
                              ", ".join(named[:-1]) + " or " + named[-1]) + "?"


def _board(
    case: Case, resolved: list[tuple[RuleLine, RuleDefinition | None]], out: _Out
) -> tuple[tuple[int, int] | None, range | None]:
    """The board size and alphabet the case declares (front matter or a declaring rule)."""
    board = parse_size(case.front.fields.get("board"))
    board_from = "the front matter ('board')" if board else ""
    alphabet: range | None = None
    for rule, d in resolved:
        if d is None or not _positional_ok(d, rule.positional):
            continue
        size = d.board_for(rule.positional)
        if size is not None:
            if board is not None and size != board:
                out.add("conflicting-board",
                        f"'{rule.reference} {rule.positional}' declares a {size[0]}×{size[1]} "
                        f"board, but {board_from} made it {board[0]}×{board[1]}",
                        _where(rule), "one board per case")
            elif board is None:
                board, board_from = size, f"'{rule.reference} {rule.positional}'"
        alphabet = alphabet or d.alphabet_for(rule.positional)
    return board, parse_digits(case.front.fields.get("digits")) or alphabet


def _positional_ok(d: RuleDefinition, positional: str | None) -> bool:
    spec = d.positional
    if spec is None or positional is None or parse_size(positional) is None:
        return False
    return not spec.values or positional in spec.values


def _check_requires(d: RuleDefinition, rule: RuleLine, board: tuple[int, int] | None,
                    alphabet: range | None, out: _Out) -> None:
    """A kind written for one board or one set of digits (`requires`), used on another."""
    digits = alphabet or (range(1, max(board) + 1) if board else None)
    unmet = d.requires.unmet(board, digits)
    if unmet is not None:
        out.add("unmet-requirement", f"'{d.kind}' is written for {unmet}", _where(rule),
                f"its definition ({Path(d.path).name}) says why; another size needs a rule "
                "of its own")


def _check_positional(d: RuleDefinition, rule: RuleLine, board: tuple[int, int] | None,
                      out: _Out) -> None:
    spec, where = d.positional, _where(rule)
    if spec is None:
        if rule.positional is not None:
            out.add("unexpected-positional",
                    f"'{d.kind}' takes no bare argument, but '{rule.positional}' is written",
                    rule.span or where, "drop it, or name it as a parameter")
        return
    allowed = ", ".join(spec.values) if spec.values else "a size such as 9x9"
    if rule.positional is None:
        if spec.required and not rule.partial:
            out.add("missing-positional", f"'{d.kind}' needs its size, e.g. '{d.kind} "
                    f"{spec.values[-1] if spec.values else '9x9'}'", where, f"sizes: {allowed}")
    elif not _positional_ok(d, rule.positional):
        out.add("bad-positional", f"'{d.kind}' has no size '{rule.positional}'",
                rule.span or where, hint=did_you_mean(rule.positional, spec.values)
                or f"sizes: {allowed}")
    elif spec.type == "box" and board is not None:
        box = parse_size(rule.positional)
        if box is not None and (board[0] % box[0] or board[1] % box[1]):
            out.add("bad-positional",
                    f"boxes {box[0]}x{box[1]} do not tile the {board[0]}×{board[1]} board",
                    rule.span or where,
                    "the box height must divide the rows and its width the columns")


def rule_lines(lib: LibraryView, case: Case, parent: RuleLine, lines: list[str],
               board: tuple[int, int] | None, *, check: bool = True,
               declared: frozenset[str] = frozenset()
               ) -> tuple[Case | None, list[Diagnostic]]:
    """The rule lines a `rules` parameter holds, parsed and checked as lines of a case on the
    same board, with positions `FILE:LINE <kind> rules, entry:N:COL`. An entry may not declare
    an answer or bind case data, which belong to the case as a whole. `check=False` only
    parses, for entries whose case has been checked already (nested entries included).
    `declared` holds what the enclosing case declares, which its entries may read."""
    where = _where(parent) or Span(case.path, 1, 1)
    front = f"---\nlibrary: {case.front.library}\n"
    if board:
        front += f"board: {board[0]}x{board[1]}\n"
        extra = case_extra_cells(case)
        front += f"extra-cells: {extra}\n" if extra else ""
    front += "---\n"
    label = f"{where.file}:{where.line} {parent.reference} rules, entry"
    sub: Case | None = None
    try:
        sub = parse_case(front + "\n".join(lines) + "\n", label)
        problems = check_case(lib, sub, declared) if check else []
    except SapphireError as e:
        problems = list(e.diagnostics)
    shift = front.count("\n")  # positions count entries, not the front matter above them

    def entries(m: re.Match[str]) -> str:
        numbers = re.sub(r"\d+", lambda n: str(int(n.group()) - shift), m.group(2))
        return ("entries " if m.group(1) == "lines" else "entry ") + numbers

    def renumbered(text: str) -> str:
        return re.sub(r"\b(lines?) (\d+(?:(?:, | and )\d+)*)", entries, text)

    problems = [replace(p, span=replace(p.span, line=p.span.line - shift,
                                        end_line=max(p.span.end_line - shift, 0)),
                        message=renumbered(p.message),
                        hint=renumbered(p.hint) if p.hint else p.hint)
                if p.span is not None and p.span.file == label else p for p in problems]
    for rule in sub.rules if sub is not None and check and not problems else ():
        d = lib.resolve(rule.reference)
        if d is not None and (d.declares or d.binds or d.modifies or d.answer):
            problems.append(Diagnostic(
                "rule-in-rules", f"'{rule.reference}' cannot stand among the rules of "
                f"'{parent.reference}': it declares or binds what belongs to the whole case",
                where, "write it as a line of its own", source_line(case.source, where.line)))
    return sub, problems


def _check_params(
    lib: LibraryView, d: RuleDefinition, rule: RuleLine, board: tuple[int, int] | None,
    alphabet: range | None, declared: frozenset[str], out: _Out,
) -> None:
    seen: dict[str, str] = {}
    misspelt: set[str] = set()
    words = [w for p in d.params for w in p.spellings()]
    for param in rule.params:
        spec = d.param(param.name)
        where = param.span or rule.span
        if spec is None:
            takes = ", ".join(p.preferred for p in d.params) or "no parameters"
            hint = did_you_mean(param.name, words)
            if hint is not None:  # a misspelt required parameter is one mistake, not two
                meant = d.param(hint.split("'")[1])
                if meant is not None:
                    misspelt.add(meant.name)
            out.add("unknown-parameter", f"'{d.kind}' has no parameter '{param.name}'", where,
                    hint or f"'{d.kind}' takes: {takes}")
            continue
        if spec.name in seen:
            out.add("duplicate-parameter",
                    f"'{param.name}' repeats '{seen[spec.name]}' on this '{d.kind}' line",
                    where, "give each parameter once")
            continue
        seen[spec.name] = param.name
        vspan = param.value_span or where
        value = param.value
        if not type_matches(spec.type, value):
            shown = str(value) if isinstance(value, Cell) else _json(value)
            out.add("bad-parameter-type",
                    f"'{param.name}' of '{d.kind}' must be {TYPE_WORDS[spec.type]}, not {shown}",
                    vspan, f"write e.g. '{spec.preferred} {_example(spec.type)}'")
            continue
        huge = [v for v in _integers(value) if too_large(v)]
        if huge:
            out.add("bad-parameter-value",
                    f"'{param.name}' of '{d.kind}' holds {huge[0]}, larger than {MAX_INTEGER:,}",
                    vspan, f"numbers on a rule line stay within ±{MAX_INTEGER:,}")
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            low, high = spec.minimum, spec.maximum
            if (low is not None and value < low) or (high is not None and value > high):
                bounds = f"{low if low is not None else '…'}..{high if high is not None else '…'}"
                out.add("bad-parameter-value",
                        f"'{param.name}' of '{d.kind}' must lie in {bounds}, not {value}",
                        vspan)
        if spec.type == "digits" and alphabet is not None and isinstance(value, list):
            bad = [v for v in value if v not in alphabet]
            if bad:
                out.add("bad-parameter-value",
                        f"{_json(bad)} in '{param.name}' are not digits of this board "
                        f"({alphabet.start}..{alphabet.stop - 1})", vspan)
        if spec.type == "weights" and isinstance(value, list) and len(value) != len(rule.cells):
            out.add("bad-parameter-value",
                    f"'{param.name}' of '{d.kind}' has {len(value)} weights for "
                    f"{len(rule.cells)} cells", vspan, "give one weight per listed cell, in order")
        if spec.places and isinstance(value, list):
            past = [v for v in value if isinstance(v, int) and not 1 <= v <= len(rule.cells)]
            if past:
                out.add("bad-parameter-value",
                        f"{_json(past)} in '{param.name}' of '{d.kind}' are not places along "
                        f"its {len(rule.cells)} cells", vspan,
                        f"places count from 1, the first cell, to {len(rule.cells)}, the last")
        if isinstance(value, Cell):
            _check_cell(value, vspan, board, out)
        if spec.type == "pattern" and isinstance(value, str):
            try:
                compile_regex(value)
            except ValueError as e:
                out.add("bad-pattern", f"'{param.name}' of '{d.kind}' is not a regular "
                        f"expression: {e}", vspan,
                        "digits are 0-9 and A-Z; use [ ] ( ) | * + ? . and {m,n}")
        if spec.type == "rules" and isinstance(value, list):
            lines: list[str] = value  # type: ignore[assignment]
            out.diagnostics.extend(
                rule_lines(lib, out.case, rule, lines, board, declared=declared)[1])
    for spec in d.params:
        if (spec.required and spec.name not in seen and spec.name not in misspelt
                and not rule.partial):
            out.add("missing-parameter", f"'{d.kind}' needs its parameter '{spec.preferred}'",
                    _where(rule), f"add '{spec.preferred} {_example(spec.type)}' to the line")


def _example(ptype: str) -> str:
    return {"integer": "17", "boolean": "true", "digits": "[2,9]", "cell": "r1c1",
            "integers": "[0]", "weights": "[1,-1]", "pairs": "[[1,2]]", "moves": "[[0,1,1]]",
            "pattern": '"[1-4]*5"', "rules": '["renban r1c1-r1c2"]'}.get(ptype, "1")


def _json(value: object) -> str:
    import json

    return json.dumps(value, separators=(",", ":"))


def _check_cell(cell: Cell, span: Span | None, board: tuple[int, int] | None, out: _Out) -> None:
    if board is None:
        return
    extra = case_extra_cells(out.case)
    if not on_board(cell.row, cell.col, board, extra):
        out.add("off-board-cell", f"{cell} is off the board", span, outside(cell, board, extra))


def _check_repeats(d: RuleDefinition, rule: RuleLine, out: _Out) -> None:
    """A `cells: set` kind reads its cells as a set, which holds a cell once: a cell written
    again is a slip of the pen (`r1c1-r1c1-r1c2`) that the meaning would drop without a word,
    so each repeat is an error at the repeat, pointing back to where the cell first stands (by
    column: the line number of an entry of a `rules` parameter is renumbered only in the span).

    A `cells: path` kind is left alone: its meaning reads positions, so a repeat means what it
    says, and lines need it: a whisper drawn as a closed loop returns to its first cell, a
    `sum` counts a twice-listed cell twice, a `chaos-arrow` starts each arm at its circle, and
    `count-regions` may count its first cell again (their docs show such lines; the spec's
    `distinct` condition on a path compares positions, not cells). Where a repeat contradicts a
    path's meaning (a thermo climbing back to a cell it left), the line is a clue with no
    solution, which `solve --why` names, not a malformed line."""
    if d.cells != "set":
        return
    first: dict[Cell, CellRef] = {}
    for ref in rule.cells:
        earlier = first.setdefault(ref.cell, ref)
        if earlier is ref:
            continue
        out.add("repeated-cell",
                f"{ref.cell} is listed again among the cells of '{d.kind}', which form a set",
                ref.span or rule.span,
                f"a set holds each cell once: drop this {ref.cell}, or write the cell meant",
                (f"{ref.cell} is first listed at column {earlier.span.col}",)
                if earlier.span else ())


def _check_condition(
    lib: LibraryView, rule: RuleLine, declared: frozenset[str], prelude_ok: bool,
    board: tuple[int, int] | None, out: _Out
) -> None:
    cond = rule.condition
    if cond is None:
        return
    where = cond.span or rule.span
    pred = lib.predicate(cond.predicate) if prelude_ok else None
    if pred is None and prelude_ok:
        term = lib.prelude.term(cond.predicate)
        if term is not None:
            args = ", ".join(f"{n}:{t}" for n, t in term.params)
            hint: str | None = (f"'{term.name}' is a term taking ({args}), not a predicate on "
                                "the rule's cells")
        else:
            hint = did_you_mean(cond.predicate, lib.predicates()) or (
                "predicates: " + ", ".join(lib.predicates()))
        out.add("unknown-predicate", f"'{cond.predicate}' is not a shared predicate",
                cond.predicate_span or where, hint)
    if not rule.cells:
        out.add("condition-without-cells",
                f"'{cond.keyword} {cond.predicate}' needs the rule's own cells, and "
                f"'{rule.reference}' lists none", where,
                "a condition applies to the cells of its rule; drop it or list cells")
    if pred is not None and board is not None and pred.needs:  # no extra cell has channels
        below = case_extra_cells(out.case)
        extra = [ref for ref in rule.cells if ref.cell.row > board[0]
                 and on_board(ref.cell.row, ref.cell.col, board, below)]
        if extra:
            out.add("condition-on-extra-cells",
                    f"'{cond.predicate}' reads the {sorted(pred.needs)[0]} of its rule's cells, "
                    f"and {extra[0].cell} is an extra cell, which has none",
                    extra[0].span or where,
                    "the answer shades and divides only the board's cells; drop the condition "
                    "or the extra cells")
    for need in sorted(pred.needs - declared) if pred is not None else ():
        declarers = lib.declarers(need)
        if pred is not None and pred.declared_by in declarers:
            declarers.insert(0, pred.declared_by)
        kind = (f"{cond.predicate}-without-{pred.declared_by}"
                if pred is not None and pred.declared_by is not None else "missing-declaration")
        out.add(kind, f"'{cond.predicate}' reads the {need}, but no rule declares one", where,
                f"add a '{declarers[0]}' line" if declarers else None)


def _check_length(d: RuleDefinition, rule: RuleLine, board: tuple[int, int] | None,
                  out: _Out) -> None:
    """A kind whose definition fixes how many cells a line lists (`length`) gets that many."""
    if d.length is None or board is None or not rule.cells:
        return
    args = d.arguments(rule.params)
    ints = {n: v for n, v in args.items() if isinstance(v, int) and not isinstance(v, bool)}
    if any(d.param_type(n) == "integer" and n not in ints for n in args):
        return  # a missing or mistyped parameter is reported already
    want = d.expected_length(*board, ints)
    if want != len(rule.cells):
        from sapphire.lang.printer import show  # only this message prints a formula

        out.add("wrong-cell-count",
                f"'{d.kind}' lists {len(rule.cells)} cells, but needs {show(d.length)} = {want} "
                f"on this {board[0]}×{board[1]} board", _where(rule),
                f"list {want} cells, as the '{d.kind}' definition says")


def _check_needs(lib: LibraryView, d: RuleDefinition, rule: RuleLine, declared: frozenset[str],
                 channels: tuple[Channel, ...], out: _Out) -> None:
    """A kind that reads the region map, the shading or the loop needs a rule declaring it;
    the hint names a kind that declares everything missing (`island` wants `nurikabe`). What
    it gets wrong about the channels themselves (a declaration of none) is said first."""
    for kind, message, hint in definition_problems(d, channels):
        out.add(kind, message, _where(rule), hint)
    missing = sorted(needed(d.applied, channels) - declared)
    if not missing:
        return
    called = {c.name: c.called for c in channels}
    nouns = " and the ".join(called[m] for m in missing)
    pronoun = "it" if len(missing) == 1 else "them"
    covering = lib.declarers(*missing)
    lines = (" or ".join(f"'{k}'" for k in covering[:3]) if len(covering) < 3 else
             ", ".join(f"'{k}'" for k in covering[:3]) + " …")
    add = f"add a line that declares {pronoun}: {lines}" if covering else ""
    if not _bundled(d):
        declares = ", ".join(missing)
        own = (f"if the lines of '{d.kind}' make the {nouns}, add 'declares: [{declares}]' "
               f"to the front matter of {d.path}")
        add = f"{own}; else {add}" if add else own
    out.add(f"no-{missing[0]}",
            f"'{d.kind}' reads the {nouns}, but no rule declares {pronoun}", _where(rule),
            add or None)


def _bundled(d: RuleDefinition) -> bool:
    """Whether a kind comes from the bundled library, whose files a setter does not edit."""
    try:
        return Path(d.path).resolve().parent == STD_FOLDER
    except (OSError, ValueError):
        return False


STD_FOLDER = (Path(__file__).parent / "std").resolve()
"""The bundled library's folder (`sapphire.library.std_root`)."""


def check_case(lib: LibraryView, case: Case, outer: frozenset[str] | None = None
               ) -> list[Diagnostic]:
    """Every library-dependent error of `case`, in line order. `outer`: what the enclosing case
    declares, when `case` holds the entries of a `rules` parameter."""
    out = _Out(case)
    prelude_ok = True
    channels: tuple[Channel, ...] = ()
    try:
        lib.prelude  # noqa: B018 -- a remote root's prelude is fetched here
        channels = lib.channels()
    except SapphireError as exc:
        prelude_ok = False
        for d in exc.diagnostics:
            out.add(d.kind, d.message, d.span or case.front.spans.get("library"), d.hint)
    looked_up = [(rule, *_lookup(lib, rule, out)) for rule in case.rules]
    resolved = [(rule, d) for rule, d, _ in looked_up]
    board, alphabet = _board(case, resolved, out)
    declared = frozenset({x for _, d in resolved if d is not None for x in d.declares}
                         | (outer or frozenset()))
    hints: dict[str, str] = {}
    for rule, d, reported in looked_up:
        if d is None:
            if not reported:
                _missing(lib, case, rule, out, prelude_ok, hints)
        else:
            if (d.scope == "cells" and not rule.cells and not rule.partial
                    and not d.cells_may_be_empty):
                out.add("missing-cells", f"'{d.kind}' applies to cells, and none are listed",
                        _where(rule), f"list them, e.g. '{d.kind} r1c1-r1c2'")
            elif d.scope == "global" and rule.cells:
                out.add("unexpected-cells", f"'{d.kind}' is a global rule and takes no cells",
                        rule.cells[0].span or _where(rule), "drop the cells")
            _check_positional(d, rule, board, out)
            _check_repeats(d, rule, out)
            _check_params(lib, d, rule, board, alphabet, declared, out)
            _check_length(d, rule, board, out)
            _check_requires(d, rule, board, alphabet, out)
            if prelude_ok:
                _check_needs(lib, d, rule, declared, channels, out)
        _check_condition(lib, rule, declared, prelude_ok, board, out)
        for ref in rule.cells:
            _check_cell(ref.cell, ref.span or rule.span, board, out)
    if case.board_deferred:  # what the reader left to the library
        seen = {(d.kind, d.span.line, d.span.col) for d in out.diagnostics if d.span}
        out.diagnostics.extend(
            d for d in board_problems(case.source, case.path, lib.declares_board)
            if d.span is None or (d.kind, d.span.line, d.span.col) not in seen)
    out.diagnostics.sort(
        key=lambda x: (x.span.file != case.path, x.span.line, x.span.col) if x.span else (True,)
    )
    return out.diagnostics


def check_board(lib: LibraryView, case: Case) -> list[Diagnostic]:
    """The error of a case that says nothing of its board's size (no `board:`, no rule that
    declares one, no grid of givens), which a solve needs; checked on a case that has no other
    error, whose rules all resolve."""
    out = _Out(case)
    resolved = [(rule, lib.resolve(rule.reference)) for rule in case.rules]
    if _board(case, resolved, out)[0] is None and board_size(case, lib.declares_board) is None:
        out.add("no-board", "the case does not say how big the board is", Span(case.path, 1, 1),
                "add 'board: 9x9' to the front matter, or a rule that declares the board such "
                "as 'sudoku 9x9'")
    return out.diagnostics


def _integers(value: object) -> list[int]:
    """Every integer in a parameter's value, however deep in lists."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, list):
        return [v for item in value for v in _integers(item)]
    return []


def shadowing_notes(lib: Any, case: Case) -> list[str]:
    """Notes, placed at the case's `library`, on where one library layer replaces another's
    file (`Library.shadowing`): a kind redefined with `overrides: true`, naming both files, and
    a prelude left unused because a lower layer has one. Not errors: the case means what the
    higher layer says, and `check` tells the setter so."""
    at = case.front.spans.get("library")
    where = f"{at}: " if at is not None else f"{case.path}: "
    notes = []
    for s in getattr(lib, "shadowing", ()):
        if s.of_prelude:
            notes.append(f"{where}note: {s.unused} is not used: the prelude comes from the "
                         f"lowest library that has one, {s.used}")
        else:
            notes.append(f"{where}note: kind '{s.kind}' of {s.used} overrides {s.unused}")
    return notes
