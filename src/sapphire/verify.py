"""`sapphire verify`'s check: does an answer in a case's shape satisfy the case, and if not,
which rule lines does it break, at which cells?

The answer's values are set on the case's ground model and read by the independent evaluator
(`sapphire.evaluator.holds`), never by a solver: every constraint, every fact that
narrowed a point's values, and every given. Each is named by the top-level constraint (the rule
line) that states it, which a grounding with provenance keeps (`ground_traced`).
Auxiliary variables (a witness a value-modifier chooses, a blank Slitherlink clue's count) are
not part of an answer; they get values from a search over them alone, with the answer fixed
(`sapphire.pipeline.search_model`), and only when there are none is each line that reads them
searched alone, to name those no values satisfy. A cell that differs from a given breaks the
given; the rules are read with the given's value there, as the ground model folds it in.

A case's program has one top-level constraint per rule line (a `Let` whose span is the line),
after the channels, while a ground constraint's origin is where in the meaning it was written,
which a kind used on several lines shares. So the check grounds with the solver's own
`Grounder`, in three ways different: each ground constraint and each fact is tagged with
its top-level constraint; a constraint two lines both state is kept once for each (a solve
keeps it once); and the implied-facts pass does not run (its facts are not rules).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sapphire.builtins.all_different import AllDifferent
from sapphire.builtins.base import lin_value
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.diagnostics import Span
from sapphire.ground.grounder import Grounder
from sapphire.lang.instance import Instance
from sapphire.lang.syntax import Apply, Expr, Program, Quant
from sapphire.meaning import Instantiated
from sapphire.model import And, Domain, Formula, GroundModel, Variable
from sapphire.pipeline import Answer, answer_variables, search_model

if TYPE_CHECKING:
    from sapphire.case.model import Case
    from sapphire.library import Library


@dataclass
class Provenance:
    """A ground model with, for each constraint and each fact, the top-level constraint (its
    index among the program's constraints, then its implied ones) it came from."""

    model: GroundModel
    owners: list[int]
    """Per ground constraint, by position, the index of its top-level constraint."""
    facts: dict[tuple[str, tuple[int, ...]], list[tuple[int, Domain]]]
    """Per map point, each top-level constraint that stated a fact about it, with the values
    that fact allows (a point's domain is their intersection, and its givens')."""
    spans: list[Span | None]
    """Per top-level constraint, its span (a rule line's, for a case)."""
    members: dict[AllDifferent, tuple[Point | None, ...]]
    """Per `distinct`, the map point each member reads (None when it is no single map read),
    so that a clash is named by its cells, a given's too."""


Point = tuple[str, tuple[int, ...]]


class _Tracing(Grounder):
    def __init__(self, program: Program, inst: Instance) -> None:
        super().__init__(program, inst)
        tops = (*program.constraints, *program.implied)
        self.tops = {id(e): k for k, e in enumerate(tops)}
        self.spans = [getattr(e, "span", None) for e in tops]
        self.top = -1
        self.owners: list[int] = []
        self.own: set[tuple[int, Formula]] = set()
        self.stated: dict[tuple[str, tuple[int, ...]], list[tuple[int, Domain]]] = {}
        self.members: dict[AllDifferent, tuple[Point | None, ...]] = {}

    def distinct(self, q: Quant, trace: Callable[[Expr], None] | None = None) -> Any:
        read: list[Point | None] = []
        found = super().distinct(q, lambda body: read.append(self._point_read(body)))
        if isinstance(found, AllDifferent):
            self.members.setdefault(found, tuple(read))
        return found

    def _point_read(self, body: Expr) -> Point | None:
        """The map point a member of `distinct` reads, when it is one map read at a constant
        index (`⦗face r c⦘`): the cell of a clash, a given's too, whose value grounding folds
        into a constant."""
        if not isinstance(body, Apply) or body.fn in self.terms:
            return None
        idx = [self.eval_int(a) for a in body.args]
        if not all(isinstance(i, int) and not isinstance(i, bool) for i in idx):
            return None
        return body.fn, tuple(idx)  # type: ignore[arg-type]

    def collect(self, e: Expr) -> None:
        k = self.tops.get(id(e))
        if k is None:
            super().collect(e)
            return
        self.top = k
        try:
            super().collect(e)
        finally:
            self.top = -1

    def add_fact(self, name: str, idx: tuple[int, ...], dom: Domain, span: Span) -> None:
        super().add_fact(name, idx, dom, span)
        if self.top >= 0:
            self.stated.setdefault((name, idx), []).append((self.top, dom))

    def post(self, e: Expr) -> None:
        k = self.tops.get(id(e))
        if k is None:
            super().post(e)
            return
        self.top = k
        try:
            super().post(e)
        finally:
            self.top = -1

    def emit(self, f: Formula, span: Span) -> None:
        if (self.top, f) in self.own:
            return  # the same ground constraint from another binding of the same line
        self.own.add((self.top, f))
        self.emitted.discard(f)  # so that the grounder's own test lets it through
        super().emit(f, span)
        # every constraint since the last emit is this line's: with its own, the definitions
        # of the auxiliary variables grounding it made (a count of compound conditions)
        self.owners.extend([self.top] * (len(self.model.constraints) - len(self.owners)))


def ground_traced(program: Program, inst: Instance) -> Provenance:
    """Ground `program` on `inst`, keeping where each constraint and fact came from."""
    grounder = _Tracing(program, inst)
    model = grounder.run()
    return Provenance(model, grounder.owners, grounder.stated, grounder.spans,
                      grounder.members)


MAX_ALONE = 200
"""The most constraints reading auxiliary variables that a line without witnesses may have
for each to be searched alone, to name the ones no values satisfy (one search each)."""

NO_WITNESSES = "no values of its auxiliary variables satisfy it"


@dataclass
class Breach:
    """One thing an answer breaks: a ground constraint, a fact about a point, or a given."""

    top: int
    """The index of the program's top-level constraint that states it (a rule line, for a
    case; see `ground_traced`); -1 for a given."""
    points: list[tuple[str, tuple[int, ...]]]
    """The answer points it reads (map name and index), in the model's order."""
    what: str = ""
    """What is wrong, when more than "the constraint does not hold"."""
    value: int | None = None
    """The value its points share, when it is a clash of an all-different."""


@dataclass
class AnswerCheck:
    """Whether an answer satisfies a case, and if not, what it breaks."""

    breaches: list[Breach]
    spans: list[Span | None]
    """Per top-level constraint, its span (`Breach.top` indexes it)."""
    witnesses: str
    """`none needed` (every variable is the answer's), `found`, `none` (no values of the
    auxiliary variables satisfy the rules with this answer), `unknown` (the time limit)."""
    seconds: float = 0.0

    @property
    def valid(self) -> bool:
        return not self.breaches and self.witnesses != "unknown"


class AnswerError(Exception):
    """An answer that leaves out a point the case needs: (part, row, column) or None for the
    whole part, and what is missing (`verify_answer` raises it for its caller to place)."""

    def __init__(self, place: tuple[str, int, int] | None, part: str, message: str,
                 hint: str = "") -> None:
        super().__init__(message)
        self.place, self.part, self.message = place, part, message
        self.hint = hint or f"give every cell of the {part} a value"


def verify_answer(inst: Instantiated, answer: Answer, *, deadline: Deadline = UNBOUNDED,
                  workers: int | None = None, backend: str = "auto") -> AnswerCheck:
    """Check an answer in a case's shape (`case_answer`) against the case's ground model with
    the independent evaluator: every constraint, fact and given, each named by the line that
    states it (`ground_traced`). Auxiliary variables (a witness of a value-modifier, a blank
    Slitherlink clue's count) are not part of an answer: they get values from a search with
    the answer fixed (`search_model`), and only when none exists is each line reading them
    tried alone, to name those that no values satisfy."""
    from sapphire.evaluator import holds
    from sapphire.ground.witness import formula_variables

    t0 = time.perf_counter()

    def search(constraints: list[int]) -> list[int] | None:
        if deadline.expired():
            return None
        return _witnesses(gm, values, constraints, deadline, workers, backend)

    prov = ground_traced(inst.program, inst.instance)
    gm = prov.model
    points = inst.form.points(answer, inst.extra)
    points.update(((name, idx), c) for name in gm.answer
                  for idx, c in gm.constants.get(name, {}).items()
                  if (name, idx) not in points and _outside(inst, name, idx))
    breaches: list[Breach] = []

    def value_of(name: str, idx: tuple[int, ...]) -> int:
        if (name, idx) not in points:
            part, place = _part_of(inst, name, idx)
            raise AnswerError(None, part, f"the answer has no {part}")
        x = points[name, idx]
        if not isinstance(x, int) or isinstance(x, bool):
            part, place = _part_of(inst, name, idx)
            raise AnswerError(place, part, f"{_point(name, idx)} has no value in the {part}"
                              if x is None else f"{_point(name, idx)}'s value {x!r} is not a "
                              "number")
        return x

    def excluded_by(name: str, idx: tuple[int, ...], x: int) -> list[int]:
        return sorted({top for top, dom in prov.facts.get((name, idx), []) if x not in dom})

    known = {(v.name, v.index) for v in gm.variables if v.source} | {
        (name, idx) for name in gm.answer for idx in gm.constants.get(name, {})}
    for (name, idx), x in points.items():
        if x is not None and name in gm.answer and (name, idx) not in known:
            part, place = _part_of(inst, name, idx)
            raise AnswerError(place, part, f"the answer gives {_point(name, idx)}, which the "
                              "case does not have", "an answer has the board's rows and "
                              "columns, no more")
    values: list[int | None] = [None] * len(gm.variables)
    for v in answer_variables(gm):
        var = gm.variables[v]
        x = values[v] = value_of(var.name, var.index)
        if x not in var.domain:
            tops = excluded_by(var.name, var.index, x) or [-1]
            breaches += [Breach(t, [(var.name, var.index)], f"{_point(var.name, var.index)} = "
                                f"{x}, not one of {var.domain}") for t in tops]
    for name in gm.answer:
        for idx, c in gm.constants.get(name, {}).items():
            x = value_of(name, idx)
            if x == c:
                continue
            given = idx in inst.instance.points.get(name, {})
            tops = [-1] if given else (excluded_by(name, idx, x) or [-1])
            breaches += [Breach(t, [(name, idx)], f"{_point(name, idx)} is {c}"
                                f"{' (given)' if given else ''}, the answer has {x}")
                         for t in tops]
    aux = {v for v, x in enumerate(values) if x is None}
    live = [k for k, con in enumerate(gm.constraints) if not con.implied]
    reads = {k: formula_variables(gm.constraints[k].formula, set()) for k in live}
    witnesses = "none needed"
    if aux:
        with_aux = [k for k in live if reads[k] & aux]
        found = search(with_aux)
        witnesses = "unknown" if found is None else "found" if found else "none"
        if found:
            values = found  # type: ignore[assignment]
        elif found is not None:
            by_top: dict[int, list[int]] = {}
            for k in with_aux:
                by_top.setdefault(prov.owners[k], []).append(k)
            alone = [t for t, ks in by_top.items()
                     if search(ks) == []]
            for t in alone or list(by_top):
                ks = by_top[t]
                own = [[k] for k in ks if len(ks) <= MAX_ALONE
                       and search([k]) == []]
                for group in own or [ks]:
                    cells = sorted({v for k in group for v in reads[k]} - aux)
                    breaches.append(Breach(t, [(gm.variables[v].name, gm.variables[v].index)
                                               for v in cells], NO_WITNESSES
                                           + ("" if alone else ", with the other lines named")))
    for k in live:
        if reads[k] & aux and witnesses != "found":
            continue
        if not holds(gm.constraints[k].formula, values):  # type: ignore[arg-type]
            clashes = _clashes(gm.constraints[k].formula, values,  # type: ignore[arg-type]
                               prov.members, gm.variables)
            if clashes is not None:
                for x, points in clashes:
                    if x is None:  # a conjunct that is no clash: the cells it reads
                        breaches.append(Breach(prov.owners[k], points))
                    else:
                        breaches.append(Breach(prov.owners[k], points, f"each holds {x}", x))
                continue
            cells = sorted(reads[k] - aux)
            breaches.append(Breach(prov.owners[k], [(gm.variables[v].name, gm.variables[v].index)
                                                    for v in cells]))
    return AnswerCheck(breaches, prov.spans, witnesses, time.perf_counter() - t0)


def _clashes(f: Formula, values: list[int], members: dict[AllDifferent, tuple[Point | None, ...]],
             variables: list[Variable]) -> list[tuple[int | None, list[Point]]] | None:
    """What a broken constraint breaks when it is an all-different or a conjunction holding
    one: each value an all-different finds more than once, with the points holding it (a
    repeated digit named by its two cells and the digit, not by every cell of the house), and
    each other broken conjunct with the points it reads (value None). None when `f` is no such
    formula."""
    from sapphire.evaluator import holds
    from sapphire.ground.witness import formula_variables

    items = list(f.items) if isinstance(f, And) else [f]
    if not any(isinstance(item, AllDifferent) for item in items):
        return None
    out: list[tuple[int | None, list[Point]]] = []
    for item in items:
        if holds(item, values):
            continue
        found = _repeats(item, values, members.get(item, ()), variables) \
            if isinstance(item, AllDifferent) else None
        if found is None:
            read = sorted(formula_variables(item, set()))
            found = [(None, [(variables[v].name, variables[v].index) for v in read])]
        out.extend(found)
    return out


def _repeats(f: AllDifferent, values: list[int], read: tuple[Point | None, ...],
             variables: list[Variable]) -> list[tuple[int | None, list[Point]]] | None:
    """Each value the members of `f` take more than once, with the points that hold it; None
    when a member is no one point (a sum of unknowns)."""
    by_value: dict[int, list[Point]] = {}
    for i, e in enumerate(f.exprs):
        point = read[i] if i < len(read) else None
        if point is None:
            if len(e.terms) != 1:
                return None
            var = e.terms[0][0]
            point = (variables[var].name, variables[var].index)
        by_value.setdefault(lin_value(e, values), []).append(point)
    return [(x, points) for x, points in by_value.items() if len(points) > 1]


def _point(name: str, idx: tuple[int, ...]) -> str:
    return f"{name}({', '.join(str(i) for i in idx)})" if idx else name


def _part_of(inst: Instantiated, name: str, idx: tuple[int, ...]
             ) -> tuple[str, tuple[str, int, int] | None]:
    """The part of a case's answer that holds a point, and its (part, row, column) place in an
    answer written as text (a grid of cells)."""
    found = inst.form.extra
    if found is not None and found[0].maps[0][1] == name and idx in inst.extra:
        return found[1], (found[1], 1, inst.extra.index(idx) + 1)
    part = inst.form.part_of(name)
    if part is None or part.reported:
        return name, None
    return part.key, (part.key, idx[0], idx[1]) if part.cells and len(idx) == 2 else None


def _outside(inst: Instantiated, name: str, idx: tuple[int, ...]) -> bool:
    """Whether a point of a channel's map lies outside the answer's grid of it: the links past
    the board's left and top edges, which the channel fixes to 0 and the answer leaves out."""
    part, shape = inst.form.part_of(name), inst.form.shape_of(name)
    return part is not None and not part.reported and shape is not None \
        and not shape.in_grid(idx, inst.rows, inst.cols)


def _witnesses(gm: GroundModel, values: list[int | None], constraints: list[int],
               deadline: Deadline, workers: int | None, backend: str
               ) -> list[int] | None:
    """Every variable's value with the answer's fixed and `constraints` (by index) kept: a
    search over the auxiliary variables only. [] when there is none, None when the time limit
    came first."""
    fixed = [Variable(v.name, v.index, v.domain if x is None else Domain.of([x]), v.source)
             for v, x in zip(gm.variables, values, strict=True)]
    sub = GroundModel(fixed, [gm.constraints[k] for k in constraints], gm.elements,
                      gm.constants, gm.answer, gm.source)
    res, _ = search_model(sub, max_solutions=1, deadline=deadline, workers=workers,
                          backend=backend)
    if res.solutions:
        return res.solutions[0]
    return [] if res.status == "none" else None


@dataclass(frozen=True)
class Verdict:
    """What `sapphire verify` (and `Puzzle.verify`) says of an answer: valid or not, and each
    broken rule line with the cells of each constraint it breaks."""

    valid: bool
    broken: list[dict[str, Any]]
    """Each broken line: `line`, `id`, `text` and its `breaks` (`cells`, and `what`)."""
    witnesses: str
    """How the auxiliary variables' values were settled (see `AnswerCheck.witnesses`)."""

    def to_json(self) -> dict[str, Any]:
        return {"valid": self.valid, "broken": self.broken, "witnesses": self.witnesses}

    def text(self) -> str:
        return _text(self.valid, self.witnesses, self.broken)

    def exit_status(self) -> int:
        """0 valid, 2 broken, 3 the time limit stopped the search for auxiliary values."""
        if self.witnesses == "unknown" and not self.broken:
            return 3
        return 0 if self.valid else 2


def check_answer(case: Case, lib: Library, text: str, label: str, *,
                 deadline: Deadline = UNBOUNDED, inst: Instantiated | None = None) -> Verdict:
    """Read an answer a user wrote (`sapphire.answers`) and check it against `case`; a
    malformed or incomplete answer is a `SapphireError` placed in `text`. `inst` is the case
    instantiated already (by a loaded case), when it is."""
    from sapphire.answers import read_answer
    from sapphire.diagnostics import error
    from sapphire.meaning import instantiate_checked

    if inst is None:
        inst = instantiate_checked(case, lib)
    found = read_answer(text, label, inst.parts, inst.rows, inst.cols, len(inst.extra))
    try:
        checked = verify_answer(inst, found.answer, deadline=deadline)
    except AnswerError as e:
        span = found.places.get(e.place) if e.place is not None else None
        raise error("incomplete-answer", e.message, span or Span(label, 1, 1),
                    source=text if span else None, hint=e.hint) from None
    lines = case.source.splitlines()
    by_line = {r.span.line: r for r in case.rules if r.span is not None}
    broken: dict[int, dict[str, Any]] = {}
    for b in checked.breaches:
        span = checked.spans[b.top] if b.top >= 0 else None
        if b.top < 0:  # a given: the front matter's block that holds it, when it is found
            key = _front_line(lines, _given_block(inst, b.points[0][0])) or -1
        else:
            key = span.line if span is not None and span.file == case.path else -2 - b.top
        if key not in broken:
            broken[key] = _line(key, span, by_line, lines, case.path)
        broken[key]["breaks"].append({"cells": [_cell(inst, n, i) for n, i in b.points],
                                      **({"what": b.what} if b.what else {}),
                                      **({"value": b.value} if b.value is not None else {})})
    report = sorted(broken.values(), key=lambda x: (x["line"] is None, x["line"] or 0))
    return Verdict(checked.valid, report, checked.witnesses)


def _line(key: int, span: Span | None, by_line: dict[int, Any], lines: list[str],
          path: str) -> dict[str, Any]:
    """What a broken rule line (or the givens, or a channel of the board) is called."""
    if key > 0:
        rule = by_line.get(key)
        return {"line": key, "id": rule.id if rule is not None else None,
                "text": lines[key - 1].strip() if key <= len(lines) else "", "breaks": []}
    if span is None:  # a given whose block was not found
        return {"line": None, "id": None, "text": "the givens", "breaks": []}
    return {"line": None, "id": None, "text": "the board's declarations (digits, shading)",
            "breaks": []}


def _given_block(inst: Instantiated, name: str) -> str:
    """The front matter's grid that gives a point of the map `name` (its channel's `given`)."""
    part = inst.form.part_of(name)
    channel = part.channel if part is not None else None
    return channel.given if channel is not None and channel.given else "givens"


def _front_line(lines: list[str], key: str) -> int | None:
    """The line number of the front matter's `key:` line, if it has one."""
    if not lines or lines[0].strip() != "---":
        return None
    for n, line in enumerate(lines[1:], start=2):
        if line.strip() == "---":
            return None
        if line.startswith(f"{key}:"):
            return n
    return None


def _cell(inst: Instantiated, name: str, idx: tuple[int, ...]) -> str:
    """A point as a user names it: its place (`r2c3`, `r2c3–r2c4`, `r2c3 top`), then the part
    of the answer it is in unless that is the digits (`r2c3 shading`, `r2c3–r2c4 loop`, `r1c1
    top edges` for a map a kind reports); a point off the board as its map's (`vrt(0,-1)`)."""
    part, shape = inst.form.part_of(name), inst.form.shape_of(name)
    extra = part is not None and part.channel is not None and part.channel.extra \
        and idx in inst.extra
    if part is not None and shape is not None and (
            extra or shape.on_board(idx, inst.rows, inst.cols)):
        point = shape.point(idx, inst.rows, inst.cols)
        if part.channel is not None:
            return point if part.channel.bare else f"{point} {part.key}"
        return f"{point} {shape.noun}s"
    return f"{name}({','.join(str(i) for i in idx)})" if idx else name


def _text(valid: bool, witnesses: str, report: list[dict[str, Any]]) -> str:
    if valid:
        return "valid: the answer satisfies every rule line" + (
            " (with values found for the auxiliary variables)" if witnesses == "found" else "")
    if not report:
        return "unknown: the time limit stopped the search for the auxiliary variables' values"
    n = len(report)
    out = [f"broken: the answer breaks {n} rule line{'s' if n > 1 else ''}"]
    for x in report:
        where = f"line {x['line']}: " if x["line"] is not None else ""
        out.append(f"  {where}{x['text']}")
        for b in x["breaks"]:
            what = f" — {b['what']}" if "what" in b else ""
            out.append(f"    {_cells_text(b['cells'])}{what}")
    return "\n".join(out)


def _cells_text(cells: list[str]) -> str:
    """Cells grouped by the part of the answer they are in: `cells r1c1 r1c2; shading r1c1`."""
    groups: dict[str, list[str]] = {}
    for cell in cells:
        name, _, part = cell.rpartition(" ")
        groups.setdefault(part if name else "cells", []).append(name or part)
    return "; ".join(f"{part} {(', ' if any(' ' in n for n in names) else ' ').join(names)}"
                     for part, names in groups.items())
