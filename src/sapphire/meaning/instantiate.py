"""Instantiate a case: one Sapphire program for the whole puzzle.

Input: a parsed `Case` and its `Library`. Output: an `Instantiated` case — a `Program` whose
top-level constraints are the channel declarations and one formula per rule line, plus the
`Instance` constants (board, cells, parameters) and given points.

Each rule's meaning is its definition's Sapphire block with the rule's cells and parameters
bound around it (`Let`). `not` (and `negate: all`) wrap it in the prelude's `negateRule`, once
per written `not`; a condition then wraps the result in `conditionalRule` or `unlessRule`
applied to the predicate's term on the rule's own cells. A rule line without either adds its
definition's implied facts, bound the same way, to the program's implied constraints, and its
guide to the program's guides, and, when it is the case's only rule and nothing is given,
when that guide settles the count. The channels a rule declares (the prelude's `channels` table:
the shading `shade`, the region map, the loop) and the `value` of cells a rule `modifies` are
bound once for the case, outside every rule, by the prelude's ```sapphire channel blocks, so
negated rules read the same shading; nothing here knows a kind or a channel.
Extra cells (`extra-cells:`) are the constant `extra`: the `face` map is declared on them as on
the board, while global rules range over `board` alone. A `weights` parameter is bound as
⟨position weight⟩ pairs, since a meaning cannot index a list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sapphire.case.givens import (
    board_size,
    case_digits,
    case_extra_cells,
    clue_grid,
    digit_grid,
    extra_cells,
    given_grid,
    may_declare_board,
)
from sapphire.case.model import Case, Cell, RuleLine
from sapphire.case.parser import parse_case, parse_case_partial
from sapphire.diagnostics import (
    Diagnostic,
    SapphireError,
    Span,
    did_you_mean,
    error,
    read_text,
    source_line,
)
from sapphire.lang.instance import Instance
from sapphire.lang.parser import parse_program
from sapphire.lang.syntax import Apply, Binary, Conj, Expr, Let, Name, Program, TermDef
from sapphire.lang.types import free_scalars, typecheck_program
from sapphire.library import Library, load_case_library
from sapphire.library.definition import MODIFIABLE_CHANNELS, RuleDefinition
from sapphire.library.validate import rule_lines
from sapphire.meaning.answer import AnswerForm, Part, form


@dataclass
class Instantiated:
    """A case ready to ground."""

    program: Program
    instance: Instance
    rows: int
    cols: int
    digits: bool
    """Whether the answer has digits (some rule reads `face`/`value`, or digits are given)."""
    form: AnswerForm
    """The parts of its answer: the channels the case binds (the digits) and those its rules
    declare, in the prelude's order, and the maps its rules report."""
    answer_maps: tuple[tuple[str, str], ...] = ()
    """Maps a rule reports as its own answer, each with its shape (its definition's
    `answer`)."""
    extra: tuple[tuple[int, int], ...] = ()
    """The extra cells below the board (`extra-cells:`), in reading order."""
    notes: list[str] = field(default_factory=list)

    @property
    def parts(self) -> list[Part]:
        """The parts its answer has values in: those of `form`, less a channel the case binds
        (the digits) when it has none of it (a Slitherlink's answer has null digits)."""
        return [p for p in self.form.parts
                if p.channel is None or p.channel.block or self.digits]


def _prelude_terms(lib: Library) -> tuple[TermDef, ...]:
    return lib.prelude.program().terms


def _json_to_const(v: Any, inner: bool = False) -> Any:
    """A parameter's value as a constant: a cell is `⟨r c⟩`, a list a list, and a list inside
    a list a tuple, so a meaning ranges over `[[1,2],[2,1]]` as pairs `⟨a b⟩`."""
    if isinstance(v, Cell):
        return (v.row, v.col)
    if isinstance(v, list):
        items = [_json_to_const(x, True) for x in v]
        return tuple(items) if inner else items
    return v


def _rule_bindings(rule: RuleLine, d: RuleDefinition, rows: int, cols: int
                   ) -> list[tuple[str, Any]]:
    cells = [(c.cell.row, c.cell.col) for c in rule.cells]
    if d.cells == "set":  # each cell once, in the order first written: linear in the line,
        s_list = list(dict.fromkeys(cells))  # which may list every cell of a large board
    else:
        s_list = cells
    out: list[tuple[str, Any]] = [
        ("S", s_list), ("P", [(i, r, c) for i, (r, c) in enumerate(cells)]), ("k", len(s_list)),
    ]
    for name, value in d.arguments(rule.params).items():
        if d.param_type(name) == "weights" and isinstance(value, list):
            out.append((name, list(enumerate(value))))  # ⟨i w⟩: the weight of position i
        else:
            out.append((name, _json_to_const(value)))
    out.extend(d.positional_bindings(rule.positional).items())
    return out


def _span(case: Case, rule: RuleLine) -> Span:
    return rule.span or Span(case.path, 1, 1)


def instantiate_checked(case: Case, lib: Library) -> Instantiated:
    """`instantiate`, then type-check the program against its constants and terms: what a
    solve needs before grounding."""
    inst = instantiate(case, lib)
    typecheck_program(inst.program, inst.instance.constants, inst.instance.terms)
    return inst


def instantiate(case: Case, lib: Library) -> Instantiated:
    """Build the case's program (see the module docstring)."""
    problems = lib.check_case(case)
    if problems:
        raise SapphireError(problems)
    size = board_size(case, lib.declares_board)
    defs = [(r, lib.resolve(r.reference)) for r in case.rules]
    for r, d in defs:
        if d is not None and d.board_for(r.positional) is not None:
            size = d.board_for(r.positional)
    if size is None:
        raise SapphireError(lib.check_board(case))
    rows, cols = size
    board = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    extra = extra_cells(size, case_extra_cells(case))
    negate_all = case.front.negate_all
    terms = _prelude_terms(lib)
    constraints: list[Expr] = []
    implied: list[Expr] = []
    guides: list[Expr] = []
    settles: list[Expr] = []
    reads: set[str] = set()
    alphabet: range | None = None
    declared: set[str] = set()
    covered: set[tuple[int, int]] = set()
    scales: list[int] = []
    binds_clues: dict[str, str] = {}
    answer_maps: dict[str, str] = {}
    named: dict[str, tuple[RuleDefinition, Program, frozenset[str]]] = {}
    for rule, d in defs:
        assert d is not None  # check_case reported missing definitions
        span = _span(case, rule)
        meaning = d.program()
        reads |= d.applied
        if "alphabet" in d.declares and alphabet is None:
            alphabet = d.alphabet_for(rule.positional)
        declared |= d.declares
        if d.modifies:
            covered.update((c.cell.row, c.cell.col) for c in rule.cells)
            arguments = d.arguments(rule.params)
            scales.extend(v if isinstance(v, int) else 1
                          for v in (arguments[scale] for _, scale in d.modifies))
        bindings = _bindings(case, lib, rule, d, size, terms, reads)
        named.setdefault(d.kind, (d, meaning, frozenset(n for n, _ in (*bindings, *d.binds))))
        for name, what in d.binds:
            if what == "rows":
                bindings.append((name, rows))
            elif what == "cols":
                bindings.append((name, cols))
            elif what in ("givens", "clues"):
                binds_clues[name] = what
        answer_maps.update(d.answer)
        negations = rule.nots + (1 if negate_all else 0)
        constraints.append(_wrap(rule, d, meaning, bindings, span, lib, terms, negations))
        if negations == 0 and rule.condition is None:
            # facts hold where the meaning holds, and a guide leads to its answers; under `not`
            # or a condition they need not
            for block, into in ((d.implied_program(), implied), (d.guide_program(), guides),
                                (d.settles_program(), settles)):
                if block is not None:
                    into.append(Let(span, tuple(bindings), Conj(span, block.constraints)))
    inst = Instance(terms=terms)
    inst.constants.update(rows=rows, cols=cols, board=board)
    if extra:  # digits outside every global rule (which range over `board`)
        inst.constants["extra"] = extra
    decl: list[str] = []
    digits = bool({"face", "value"} & reads) or alphabet is not None
    givens = digit_grid(case, lib.declares_board) if not binds_clues else None
    if givens is not None:
        digits = True
    front_digits = case_digits(case)
    if front_digits is not None:
        alphabet = front_digits  # the front matter's `digits:` overrides a declared alphabet
        digits = True
    channels: list[Expr] = []
    if digits:
        alphabet = alphabet or range(1, max(rows, cols) + 1)
        inst.constants["alphabet"] = list(alphabet)
        decl.append("∀⟨r c⟩∈board ⦗face r c⦘∈alphabet")
        if extra:
            decl.append("∀⟨r c⟩∈extra ⦗face r c⦘∈alphabet")
        channels.extend(parse_program("\n".join(decl), "<channels>").constraints)
        if covered:
            inst.constants["values"] = list(range(min(0, min(alphabet)),
                                                  max(alphabet) * max(scales + [1]) + 1))
            inst.constants["covered"] = sorted(covered)
            inst.constants["uncovered"] = [c for c in board + extra if c not in covered]
            inst.constants["extra"] = extra
        for channel in MODIFIABLE_CHANNELS:  # each modified, or the prelude's term
            block = _channel(lib, f"{'' if covered else 'un'}modified {channel}")
            channels.extend(block.constraints)
            inst.terms = (*inst.terms, *block.terms)
    shown = [c for c in lib.channels() if c.name in declared or not c.block]
    for c in shown:  # in the prelude's order, each once for the whole case
        if c.block:
            channels.extend(_channel(lib, c.name).constraints)
    if givens is not None:
        inst.points["face"] = {(r + 1, c + 1): v for r, row in enumerate(givens)
                               for c, v in enumerate(row) if v is not None}
    for c in shown:
        given = given_grid(case, c.given, lib.declares_board) if c.given and c.block else None
        if given is not None:
            (_, name), = c.shows
            inst.points[name] = {(r + 1, col + 1): v for r, row in enumerate(given)
                                 for col, v in enumerate(row) if v is not None}
    for name, what in binds_clues.items():
        grid = (clue_grid if what == "clues" else digit_grid)(case, lib.declares_board)
        if grid is not None:
            inst.points[name] = {(r, c): v for r, row in enumerate(grid)
                                 for c, v in enumerate(row) if v is not None}
    if len(defs) > 1 or inst.points or extra:
        settles = []  # another rule, or a given, may rule out the answer its guide settles on
    unknown = [p for d, meaning, bound in named.values() for p in _unknown_names(
        d, meaning, bound | set(inst.constants) | set(NAMES_GIVEN), inst.terms)]
    if unknown:
        raise SapphireError(unknown)
    program = Program((*channels, *constraints), (), case.path, case.source, tuple(implied),
                      tuple(guides), tuple(settles))
    inst.answer = (*(m for c in shown if c.block or digits for m in c.shown), *answer_maps)
    return Instantiated(program, inst, rows, cols, digits, form(shown, answer_maps.items()),
                        tuple(answer_maps.items()), tuple(extra))


NAMES_GIVEN = ("rows", "cols", "board", "extra", "alphabet", "values", "covered", "uncovered")
"""What the case binds for every meaning, some only in some cases (`extra` with extra cells,
`values` where a rule modifies them), besides a rule's own names."""


def _unknown_names(d: RuleDefinition, meaning: Program, bound: frozenset[str],
                   terms: tuple[TermDef, ...]) -> list[Diagnostic]:
    """A name a kind's meaning reads that is neither a parameter of the kind nor a name the
    prelude gives (a misspelt parameter, `totl`): said at the name, with the parameters, before
    grounding would call it a variable with no domain."""
    found = free_scalars(meaning.constraints, bound | _bound_by_facts(meaning.constraints),
                         (*terms, *meaning.terms))
    params = [p.name for p in d.params]
    out = []
    for name, span in found:
        hint = did_you_mean(name, params)
        listed = (f"the parameters of '{d.kind}' are " + ", ".join(params) if params
                  else f"'{d.kind}' has no parameters")
        out.append(Diagnostic(
            "unknown-name", f"the meaning of '{d.kind}' reads '{name}', which is no parameter "
            "of the kind and no name the prelude gives", span,
            f"{hint} {listed}" if hint else f"{listed}; the prelude gives S, P, k, rows, cols "
            "and board", source_line(d.meaning, span.line - d.meaning_line + 1)))
    return out


def _bound_by_facts(constraints: tuple[Expr, ...]) -> frozenset[str]:
    """The scalars a meaning bounds itself at top level (`x0∈{0⋯n}`, `dc=(n+1)·(m+1)`, alone
    or in a top-level conjunction): the grounder gives them a domain, as it does a program's."""
    found: set[str] = set()
    todo = list(constraints)
    while todo:
        e = todo.pop()
        if isinstance(e, Conj):
            todo.extend(e.items)
        elif isinstance(e, Binary) and e.op == "∧":
            todo.extend((e.left, e.right))
        elif isinstance(e, Binary) and e.op in ("∈", "=") and isinstance(e.left, Name):
            found.add(e.left.name)
    return frozenset(found)


def _channel(lib: Library, situation: str) -> Program:
    """The prelude's channel block for `situation`; a prelude that lacks it (and a bundled
    one to fall back on) is broken, as a meaning reading the channel would read nothing."""
    block = lib.channel(situation)
    if block is None:
        raise error("missing-channel", f"the prelude binds no channels for '{situation}'",
                    Span(lib.prelude.path, 1, 1),
                    hint=f"add a ```sapphire channel {situation} block to the prelude")
    return block


def _wrap(rule: RuleLine, d: RuleDefinition, meaning: Program, bindings: list[tuple[str, Any]],
          span: Span, lib: Library, terms: tuple[TermDef, ...], negations: int) -> Let:
    """A rule's meaning with its bindings around it, its negations and its condition."""
    formula: Expr = Conj(span, meaning.constraints) if len(meaning.constraints) != 1 \
        else meaning.constraints[0]
    for _ in range(negations):
        formula = Apply(span, "negateRule", (formula,))
    if rule.condition is not None:
        pred = lib.predicate(rule.condition.predicate)
        assert pred is not None  # check_case reported unknown predicates
        term = pred.term_for(d.cells)
        arg = "P" if term and _param_is_positions(terms, term) else "S"
        cond = Apply(rule.condition.span or span, term or rule.condition.predicate,
                     (Name(span, arg),))
        wrap = "conditionalRule" if rule.condition.keyword == "if" else "unlessRule"
        formula = Apply(span, wrap, (formula, cond))
    return Let(span, tuple(bindings), formula)


def _bindings(case: Case, lib: Library, rule: RuleLine, d: RuleDefinition,
              size: tuple[int, int], terms: tuple[TermDef, ...], reads: set[str]
              ) -> list[tuple[str, Any]]:
    """A rule line's bindings, with each `rules` parameter's lines as their meanings."""
    return [(n, _sub_meanings(case, lib, rule, v, size, terms, reads)
             if d.param_type(n) == "rules" else v)
            for n, v in _rule_bindings(rule, d, *size)]


def _sub_meanings(case: Case, lib: Library, parent: RuleLine, lines: list[str],
                  size: tuple[int, int], terms: tuple[TermDef, ...], reads: set[str]
                  ) -> list[Let]:
    """The meanings of the rule lines a `rules` parameter holds, each instantiated like a line
    of the case (its own `not`s and condition, no `negate: all`): the `list<boolean>` that
    `any-of` and `all-of` combine. A line may not declare an answer or bind case data, which
    belong to the case as a whole."""
    sub, problems = rule_lines(lib, case, parent, lines, size, check=False)  # checked with case
    if problems or sub is None:
        raise SapphireError(problems)
    out: list[Let] = []
    for rule in sub.rules:
        d = lib.resolve(rule.reference)
        assert d is not None  # rule_lines reported missing definitions
        meaning = d.program()
        reads |= d.applied
        bindings = _bindings(case, lib, rule, d, size, terms, reads)
        out.append(_wrap(rule, d, meaning, bindings, _span(sub, rule), lib, terms, rule.nots))
    return out


def _param_is_positions(terms: tuple[TermDef, ...], name: str) -> bool:
    t = next((t for t in terms if t.name == name), None)
    return bool(t and t.params and str(t.params[0][1]) == "list<position>")


def load_case(path: str, library_roots: Sequence[Path | str] = (),
              fetch: str = "auto", *, text: str | None = None) -> tuple[Case, Library]:
    """Parse a case file and load the library it declares: the bundled one, a URL, or a
    folder within the case file's folder or one of `library_roots`; fetched definitions use
    their cache as `fetch` says (`sapphire.library.fetch.MODES`). A case with a line that may
    declare the board is read again knowing which lines do, as only the library says. With
    `text`, that is the case, and `path` names it."""
    if text is None:
        text = read_text(path)
    case, problems = parse_case_partial(text, path)
    if not may_declare_board(case.rules) or case.front.library is None:
        if problems:
            raise SapphireError(problems)
        return case, load_case_library(case, library_roots, fetch)
    try:
        lib = load_case_library(case, library_roots, fetch)
    except SapphireError:
        if problems:
            raise SapphireError(problems) from None
        raise
    return parse_case(text, path, lib.declares_board), lib
