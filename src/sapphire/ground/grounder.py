"""Ground a Sapphire program: unroll quantifiers, fold constants, infer domains.

Input: a parsed `Program`, constant bindings (instance parameters, a rule's cells and
parameters) and given map points. Output: a `GroundModel`.

Three steps, each a walk over the program:
1. *facts*: at unconditional positions (top level, under ∀ and ∧, after a guard that folds
   to true) `point ∈ constant-set` and `point = constant` give value domains; a scalar
   constrained by `= constant` is that constant. `point ¬= constant` takes a value out of a
   domain so given. Repeated while it discovers new constants.
2. the points so bounded become variables (singletons become constants); a value taken out
   is never a literal of the solver, and every test of it folds away while grounding;
3. *ground*: every constraint is evaluated with constants folded; a guard that folds to false
   removes its branch before the branch is read, so only live reads need a domain.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import math
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from sapphire.builtins.all_different import AllDifferent
from sapphire.builtins.automaton import Accepts
from sapphire.builtins.connected import Connected, neighbours, pieces
from sapphire.builtins.element import Element
from sapphire.diagnostics import SapphireError, Span, error
from sapphire.gcpause import no_gc
from sapphire.ground.closures import NotConstant as _NotConstant
from sapphire.ground.closures import closure, fact_closure, free_names
from sapphire.ground.linear import (
    IntTerm,
    add,
    as_lin,
    comparison,
    holds,
    past_range,
    scale,
    total,
)
from sapphire.lang.automata import compile_regex
from sapphire.lang.instance import Instance, check_read, data_to_instance
from sapphire.lang.syntax import (
    MAX_INTEGER,
    Apply,
    Binary,
    BoolLit,
    Conj,
    Expr,
    Let,
    Name,
    Num,
    Product,
    Program,
    Quant,
    Range,
    SetBuilder,
    SetLit,
    TermDef,
    TupleLit,
    Unary,
)
from sapphire.model import (
    FALSE,
    TRUE,
    And,
    Cmp,
    Constraint,
    Domain,
    Formula,
    GroundModel,
    Iff,
    Implies,
    InSet,
    Lin,
    Not,
    Or,
    Origin,
    Variable,
)

__all__ = ["Grounder", "Instance", "TimeUp", "data_to_instance", "ground", "no_gc"]

Value = Any  # int | bool | Lin | Formula | tuple | list


def _may_state_facts(e: Expr, memo: dict[int, bool]) -> bool:
    """Whether `collect` can find a domain fact in `e`: `∈`, `=` or `¬=` reachable through the
    shapes it walks (conjunctions, ∀, the right of ⇒, let). The facts pass skips the rest, so
    a line of guarded path constraints costs nothing there. `memo` is per grounding, by node
    identity (the program's nodes outlive it)."""
    hit = memo.get(id(e))
    if hit is not None:
        return hit
    if isinstance(e, Let):
        out = _may_state_facts(e.body, memo)
    elif isinstance(e, Conj):
        out = any(_may_state_facts(it, memo) for it in e.items)
    elif isinstance(e, Binary) and e.op == "∧":
        out = _may_state_facts(e.left, memo) or _may_state_facts(e.right, memo)
    elif isinstance(e, Quant) and e.kind == "∀":
        out = _may_state_facts(e.body, memo)
    elif isinstance(e, Binary) and e.op == "⇒":
        out = _may_state_facts(e.right, memo)
    elif isinstance(e, Binary) and e.op == "¬=":
        out = any(isinstance(p, (Apply, Name)) and _reads_nothing(q)
                  for p, q in ((e.left, e.right), (e.right, e.left)))
    else:
        out = _fact_shape(e)
    memo[id(e)] = out
    return out


def _fact_shape(e: Expr) -> bool:
    """`∈` or `=`, or a choice among such (`∨`, `∃`) that names one point the same way in
    every choice, with no name the choice binds: the shapes `Grounder.fact` reads. A choice
    among other points (`∃c'∈{1⋯c⨫1}: ⦗region r c'⦘=g`) is skipped without being evaluated."""
    if isinstance(e, Binary) and e.op in ("∈", "="):
        return True
    return _choice_point(e, frozenset()) is not None


def _choice_point(e: Expr, bound: frozenset[str]) -> tuple | None:
    """The point every choice of `e` is about (the left side of each `=` or `∈`), as a key,
    when it is one (see `_fact_shape`)."""
    if isinstance(e, Binary) and e.op == "∨":
        left = _choice_point(e.left, bound)
        return left if left is not None and left == _choice_point(e.right, bound) else None
    if isinstance(e, Quant) and e.kind == "∃":
        return _choice_point(e.body, bound | set(e.names))
    if isinstance(e, Binary) and e.op in ("∈", "="):
        return _point_key(e.left, bound)
    return None


def _point_key(e: Expr, bound: frozenset[str]) -> tuple | None:
    """`e` as a key, when it is a map read or a name over names (none of `bound`) and
    numbers; None otherwise."""
    if isinstance(e, Num):
        return ("#", e.value)
    if isinstance(e, Name):
        return None if e.name in bound else ("n", e.name)
    if isinstance(e, Binary) and e.op in ("+", "⨫", "·"):
        left, right = _point_key(e.left, bound), _point_key(e.right, bound)
        return None if left is None or right is None else (e.op, left, right)
    if isinstance(e, Apply):
        args = tuple(_point_key(a, bound) for a in e.args)
        return None if None in args else ("@", e.fn, args)
    return None


def _reads_nothing(e: Expr) -> bool:
    """Whether `e` is arithmetic over names and numbers only, so that it may be a constant.
    A `¬=` is a fact candidate only against such a side: `⦗f x⦘¬=2·⦗f y⦘` never is, and the
    guards above it are then not evaluated in the facts pass (they can be costly)."""
    if isinstance(e, (Num, Name)):
        return True
    if isinstance(e, Unary):
        return _reads_nothing(e.operand)
    if isinstance(e, Binary) and e.op in ("+", "⨫", "·", "÷", "mod"):
        return _reads_nothing(e.left) and _reads_nothing(e.right)
    return False


def _domain_of(v: Value) -> Domain | None:
    if isinstance(v, range):
        return Domain.range(v.start, v.stop - 1)
    if isinstance(v, list) and all(type(x) is int for x in v):
        key = tuple(v)
        d = _SET_DOMAINS.get(key)
        if d is None:
            d = Domain.of(v)
            if len(_SET_DOMAINS) < 4096:  # bounded: sets are few in practice
                _SET_DOMAINS[key] = d
        return d
    return None


PointFact = tuple[str, tuple[int, ...], Domain]
"""A fact about one point: its map's name, its index and the values it can take."""


CASE_VALUES = 64
"""The most values a guard's point may have for its cases to narrow another point (a shading
has two)."""

MAX_BINDINGS = 20_000_000
"""The most quantifier bindings one grounding may unroll (both passes, facts and constraints),
counted by domain size before each domain is walked; a ∀ counts the ∀s that each of its
bindings walks with it (`Grounder.inner_bindings`), and a read at a variable index counts a
row per index value. The corpus's largest models take under a million (a 20×36 Nurikabe
0.39 M, a 30×30 Nonogram 0.64 M, a 16×16 chaos construction 0.69 M); a size typed wrong in
the data (`"m": 1000000000`, or 10000 for both sides of a board) stops at once with an error
instead of unrolling for hours or running out of memory."""

MAX_POINTS = 500_000
"""The most unknowns (scalars and points of maps) the facts may give values: some 600 bytes
each while grounding, and more per value in a backend, so that a range typed wrong
(`∀i∈{1⋯10^7}`) stops with an error at its line at about 300 MB instead of filling memory.
The corpus's largest models have tens of thousands (a 60×60 Slitherlink about 15,000)."""

_SET_DOMAINS: dict[tuple[int, ...], Domain] = {}
"""Domains of literal integer sets, shared: a fact such as ⦗f x⦘∈{0 1} repeats per binding."""


class TimeUp(Exception):  # noqa: N818 - an outcome, not a fault
    """The time limit passed while grounding: the search has no time left to start."""


class Grounder:
    def __init__(self, program: Program, inst: Instance, deadline: float | None = None) -> None:
        self.deadline = deadline
        """A `time.perf_counter()` reading past which grounding stops (`TimeUp`), checked as
        the budget is spent."""
        self.program = program
        self.source = program.source
        self.inst = inst
        self.terms: dict[str, TermDef] = {t.name: t for t in (*inst.terms, *program.terms)}
        self.fact_memo: dict[int, bool] = {}
        self.env: dict[str, Value] = dict(inst.constants)
        self.params = set(inst.constants)
        self.bindings: list[tuple[str, Value]] = []
        # facts
        self.scalar_dom: dict[str, Domain] = {}
        self.point_dom: dict[str, dict[tuple[int, ...], Domain]] = {}
        self.fact_origin: dict[tuple[str, tuple[int, ...]], Origin] = {}
        self.excluded: dict[tuple[str, tuple[int, ...]], set[int]] = {}
        self.cases: dict[tuple[str, tuple[int, ...]],
                         dict[tuple[str, tuple[int, ...]], list[tuple[Domain, Domain, Span]]]] = {}
        """Facts under a guard that is a fact too: point -> guard point -> (guard's values,
        the point's values, where)."""
        # after facts: name -> index -> int constant | Lin of its variable
        self.points: dict[str, dict[tuple[int, ...], IntTerm]] = {}
        self.scalars: dict[str, IntTerm] = {}
        self.model = GroundModel(source=program.source)
        self.mode = "facts"
        self.saw_unknown = False
        self.elem_cache: dict[tuple[str, tuple[IntTerm, ...]], Lin] = {}
        self.count_cache: dict[Formula, Lin] = {}
        self.closures: dict[int, Callable[[], Value]] = {}
        self.fact_closures: dict[int, Callable[[], Value]] = {}
        self.emitted: set[Formula] = set()
        self.implied = False
        """Whether the constraints being posted are the program's implied ones."""
        self.bindings_left = MAX_BINDINGS
        """What remains of `MAX_BINDINGS` for this grounding."""
        self.inner_memo: dict[int, tuple[tuple[Quant, frozenset[str], bool], ...]] = {}
        """Per ∀ node, the ∀s inside it that each of its bindings walks (`inner_foralls`)."""
        self.list_domains: dict[int, tuple[list[Value], Domain | None]] = {}
        """`_domain_of` per set value, by identity: a named set (`alphabet`) is one list,
        read for every cell, and a list is never changed in place while grounding."""
        self.read: dict[str, set[tuple[int, ...]]] = (
            {} if inst.data is None else {name: set() for name in inst.points})
        """For each map the user's data gives points of, the points of it read so far (given
        or not), for `check_read`; empty for the project's own instances, which skip it."""

    # ---------------------------------------------------------------------- errors
    def fail(self, kind: str, message: str, span: Span, hint: str | None = None) -> SapphireError:
        return error(kind, message, span, hint=hint, source=self.source)

    def spend(self, count: int, span: Span) -> None:
        """Take `count` bindings (or product members) from the budget, or fail at `span`; stop
        when the deadline has passed."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise TimeUp
        self.bindings_left -= count
        if self.bindings_left < 0:
            raise self.fail(
                "too-large", f"unrolling goes past {MAX_BINDINGS:,} bindings of quantifiers, "
                f"here over {count:,} values{self.with_bindings()}", span,
                hint="check the sizes in the data or the case for a typo; a model this large "
                "would not solve")

    def in_range(self, v: IntTerm, e: Expr, what: str) -> IntTerm:
        """`v`, the value of `e`, when it is within ±`MAX_INTEGER` (a linear term: its
        constant and coefficients); else the error at `e`, where a folded number first
        leaves the range the solver's 64-bit arithmetic is safe in."""
        past = past_range(v)
        if past is None:
            return v
        raise self.fail(
            "too-large", f"{what} {past}, larger than {MAX_INTEGER:,}{self.with_bindings()}",
            e.span, hint=f"numbers in a program stay within ±{MAX_INTEGER:,}, also the "
            "ones it computes")

    def where(self, span: Span) -> str:
        return f"{span}{self.with_bindings()}"

    def with_bindings(self) -> str:
        """` with a=1, b=2` for the quantifier bindings in force, or nothing."""
        if not self.bindings:
            return ""
        return " with " + ", ".join(f"{k}={_fmt(v)}" for k, v in self.bindings)

    def origin(self, span: Span) -> Origin:
        return Origin(span, tuple((k, v) for k, v in self.bindings if isinstance(v, int | tuple)))

    def domain_of(self, v: Value) -> Domain | None:
        """`_domain_of(v)`, worked out once per list."""
        if type(v) is not list:
            return _domain_of(v)
        hit = self.list_domains.get(id(v))
        if hit is None or hit[0] is not v:
            hit = self.list_domains[id(v)] = (v, _domain_of(v))
        return hit[1]

    # ---------------------------------------------------------------------- driver
    def run(self) -> GroundModel:
        for name, pts in self.inst.points.items():
            dom = self.point_dom.setdefault(name, {})
            for idx, v in pts.items():
                dom[idx] = Domain.of([v])
                self.fact_origin[(name, idx)] = Origin(None, (), f"given {name}{list(idx)}={v}")
        for _ in range(10):
            before = (len(self.env), sum(1 for d in self._all_domains() if d.size == 1))
            self.saw_unknown = False
            given = {n: dict(p) for n, p in self.point_dom.items()}
            self.scalar_dom = {}
            self.point_dom = given
            self.excluded = {}
            self.cases = {}
            for c in self.program.constraints:
                self.collect(c)
            self.settle_cases()
            after = (len(self.env), sum(1 for d in self._all_domains() if d.size == 1))
            if not self.saw_unknown or after == before:
                break
        self.make_variables()
        self.mode = "ground"
        for c in self.program.constraints:
            self.post(c)
        self.implied = True
        for c in self.program.implied:
            self.post(c)
        self.implied = False
        self.model.answer = self.answer_names()
        return self.model

    def _all_domains(self) -> Iterator[Domain]:
        yield from self.scalar_dom.values()
        for d in self.point_dom.values():
            yield from d.values()

    def answer_names(self) -> tuple[str, ...]:
        if self.inst.answer is not None:
            return self.inst.answer
        names = [n for n in self.scalars if n not in self.params]
        names += [n for n in self.points]
        return tuple(names)

    def make_variables(self) -> None:
        m = self.model
        for (name, idx), gone in self.excluded.items():
            if name in self.env:
                continue
            if idx:
                pts = self.point_dom.get(name, {})
                if idx in pts:
                    pts[idx] = pts[idx].without(gone)
            elif name in self.scalar_dom:
                self.scalar_dom[name] = self.scalar_dom[name].without(gone)
        for name, dom in self.scalar_dom.items():
            if name in self.env:
                continue
            self.scalars[name] = self._new_var(name, (), dom)
        for name, pts in self.point_dom.items():
            table = self.points.setdefault(name, {})
            for idx, dom in pts.items():
                table[idx] = self._new_var(name, idx, dom)
        for name, table in self.points.items():
            consts = {i: v for i, v in table.items() if isinstance(v, int)}
            m.constants[name] = consts
        for name, v in self.scalars.items():
            if isinstance(v, int):  # a scalar its facts fix (`x∈{5}`): shown in answers
                m.constants[name] = {(): v}

    def _new_var(self, name: str, idx: tuple[int, ...], dom: Domain) -> IntTerm:
        if dom.is_empty:
            o = self.fact_origin.get((name, idx), Origin(None))
            self.model.constraints.append(
                Constraint(FALSE, Origin(o.span, o.bindings,
                                          f"no value is left for {_label(name, idx)}")))
            return 0
        if dom.size == 1:
            return dom.lo
        vid = len(self.model.variables)
        self.model.variables.append(Variable(name, idx, dom))
        return Lin(((vid, 1),), 0)

    # ---------------------------------------------------------------------- facts
    def as_fact(self, e: Expr) -> PointFact | None:
        """`point ∈ constant-set` or `point = constant` (either side), else None."""
        if not isinstance(e, Binary) or e.op not in ("∈", "="):
            return None
        sides = [(e.left, e.right)] if e.op == "∈" else [(e.left, e.right), (e.right, e.left)]
        for point, other in sides:
            found = self.point_and_constant(point, other)
            if found is None:
                continue
            target, val = found
            if e.op == "∈":
                dom = self.domain_of(val)
                if dom is None:
                    return None
            else:
                if isinstance(val, bool) or not isinstance(val, int):
                    continue
                dom = Domain.of([val])
            return (target[0], target[1], dom)
        return None

    def fact(self, e: Expr) -> PointFact | None:
        """`as_fact`, or a choice of such facts about one point (`∨`, `∃`, nested): the union
        of their domains, joined once (numbered islands: 67 choices on each of 720 cells).
        None as soon as one choice is no fact or is about another point, or an `∃` has none."""
        found: list[PointFact] = []
        if not self.choices(e, found):
            return None
        if len(found) == 1:
            return found[0]
        return (found[0][0], found[0][1], Domain.join(f[2] for f in found))

    def choices(self, e: Expr, found: list[PointFact]) -> bool:
        """Add the facts of `e`'s alternatives to `found`; False when one is no fact or about
        another point than the first, or an `∃` has no alternatives."""
        if isinstance(e, Binary) and e.op == "∨":
            return self.choices(e.left, found) and self.choices(e.right, found)
        if isinstance(e, Quant) and e.kind == "∃":
            before = len(found)
            try:
                for _ in self.iterate(e):
                    if not self.choices(e.body, found):
                        return False
            except _NotConstant as nc:
                self.saw_unknown |= nc.unknown
                return False
            return len(found) > before
        f = self.as_fact(e)
        if f is None or (found and f[:2] != found[0][:2]):
            return False
        found.append(f)
        return True

    def case_fact(self, e: Binary) -> None:
        """Remember `guard ⇒ fact` when the guard is a fact about a point too: once every
        value of the guard's point has its facts (`settle_cases`), the point of the fact takes
        one of theirs. Nurikabe's `⦗shade r c⦘=1 ⇒ ⦗region r c⦘=own` and numbered islands'
        `⦗shade r c⦘=0 ⇒ ∃⟨r' c'⟩∈S: ⦗region r c⦘=…` leave each region number a handful of
        values where its declared domain has hundreds, which the solver's presolve would
        otherwise find again on every solve (1.5 s each on a 20×36 board)."""
        guard = self.as_fact(e.left)
        if guard is None:
            return
        gdom = self.guard_domain(guard[0], guard[1])
        if gdom is None or gdom.size > CASE_VALUES:
            return
        f = self.fact(e.right)
        if f is not None:
            self.cases.setdefault(f[:2], {}).setdefault(guard[:2], []).append(
                (guard[2], f[2], e.span))

    def guard_domain(self, name: str, idx: tuple[int, ...]) -> Domain | None:
        """The values a point has left in this facts pass, if it has any domain yet."""
        return self.scalar_dom.get(name) if not idx else self.point_dom.get(name, {}).get(idx)

    def settle_cases(self) -> None:
        """Narrow each point by its remembered cases (see `case_fact`) where the cases under
        one guard point cover every value that point has left."""
        for (name, idx), by_guard in self.cases.items():
            for (gname, gidx), cases in by_guard.items():
                gdom = self.guard_domain(gname, gidx)
                if gdom is None or gdom.size > CASE_VALUES:
                    continue
                per_value = []
                for v in gdom.values():
                    doms = [d for g, d, _ in cases if v in g]
                    if not doms:
                        break
                    per_value.append(functools.reduce(Domain.intersect, doms))
                else:
                    self.add_fact(name, idx, functools.reduce(Domain.union, per_value, Domain(())),
                                  cases[0][2])

    def as_exclusion(self, e: Binary) -> tuple[str, tuple[int, ...], int] | None:
        """`point ¬= constant` (either side) as the point and the value it cannot take."""
        for point, other in ((e.left, e.right), (e.right, e.left)):
            found = self.point_and_constant(point, other)
            if found is not None and type(found[1]) is int:
                return (found[0][0], found[0][1], found[1])
        return None

    def point_and_constant(self, point: Expr,
                           other: Expr) -> tuple[tuple[str, tuple[int, ...]], Value] | None:
        """The point `point` names and the constant value of `other`, when there are both."""
        target = self.point_ref(point)
        if target is None:
            return None
        try:
            saved, self.mode = self.mode, "facts"
            try:
                return target, self.eval(other)
            finally:
                self.mode = saved
        except _NotConstant as nc:
            self.saw_unknown |= nc.unknown
            return None

    def point_ref(self, e: Expr) -> tuple[str, tuple[int, ...]] | None:
        """The (name, index) a map read or free scalar names, when its index is constant."""
        if isinstance(e, Name):
            if e.name in self.env or e.name in self.terms:
                return None
            return (e.name, ())
        if isinstance(e, Apply) and e.fn not in self.terms:
            saved, self.mode = self.mode, "facts"
            try:
                idx = tuple(self.eval(a) for a in e.args)
            except _NotConstant as nc:
                self.saw_unknown |= nc.unknown
                return None
            finally:
                self.mode = saved
            if all(isinstance(i, int) and not isinstance(i, bool) for i in idx):
                return (e.fn, idx)  # type: ignore[return-value]
        return None

    def add_fact(self, name: str, idx: tuple[int, ...], dom: Domain, span: Span) -> None:
        if not idx:
            if name in self.env and name not in self.scalar_dom:
                return  # a parameter: the constraint is checked when grounding
            old = self.scalar_dom.get(name)
            new = dom if old is None else old.intersect(dom)
            self.scalar_dom[name] = new
            if new.size == 1:
                self.env[name] = new.lo
        else:
            pts = self.point_dom.setdefault(name, {})
            old = pts.get(idx)
            pts[idx] = dom if old is None else old.intersect(dom)
        if (name, idx) not in self.fact_origin:  # the first fact about a point says where
            self.fact_origin[(name, idx)] = self.origin(span)
            if len(self.fact_origin) > MAX_POINTS:
                raise self.fail(
                    "too-large", f"the model has more than {MAX_POINTS:,} unknowns (scalars and "
                    f"points of maps), here {_label(name, idx)}{self.with_bindings()}", span,
                    hint="check the sizes in the data or the case for a typo; a model this "
                    "large would not solve")

    def collect(self, e: Expr) -> None:
        if not _may_state_facts(e, self.fact_memo):
            return
        if isinstance(e, Let):
            with self.bound(e):
                self.collect(e.body)
        elif isinstance(e, Conj):
            for it in e.items:
                self.collect(it)
        elif isinstance(e, Binary) and e.op == "∧":
            self.collect(e.left)
            self.collect(e.right)
        elif isinstance(e, Quant) and e.kind == "∀":
            try:
                for _ in self.iterate(e):
                    self.collect(e.body)
            except _NotConstant as nc:
                self.saw_unknown |= nc.unknown
        elif isinstance(e, Binary) and e.op == "⇒":
            try:
                g = self.eval(e.left)
            except _NotConstant as nc:
                self.saw_unknown |= nc.unknown
                self.case_fact(e)
                return
            if g is True:
                self.collect(e.right)
        elif isinstance(e, Binary) and e.op == "¬=":
            f = self.as_exclusion(e)
            if f is not None:
                self.excluded.setdefault((f[0], f[1]), set()).add(f[2])
        else:
            f = self.fact(e)
            if f is not None:
                self.add_fact(f[0], f[1], f[2], e.span)

    # ---------------------------------------------------------------------- ground
    def post(self, e: Expr) -> None:
        """Ground `e` at an unconditional position, emitting one constraint per conjunct."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise TimeUp  # a quantifier's body posts here once per binding
        if isinstance(e, Let):
            with self.bound(e):
                self.post(e.body)
            return
        if isinstance(e, Conj):
            for it in e.items:
                self.post(it)
            return
        if isinstance(e, Binary) and e.op == "∧":
            self.post(e.left)
            self.post(e.right)
            return
        if isinstance(e, Quant) and e.kind == "∀":
            for _ in self.iterate(e):
                self.post(e.body)
            return
        if isinstance(e, Binary) and e.op == "⇒":
            g = self.eval_bool(e.left)
            if g is False:
                return
            if g is True:
                self.post(e.right)
                return
            r = self.eval_bool(e.right)
            if r is not True:
                self.emit(Implies(g, r) if r is not False else Not(g), e.span)
            return
        v = self.eval_bool(e)
        if v is True or self.implied_by_domain(v):
            return
        self.emit(v if v is not False else FALSE, e.span)

    def implied_by_domain(self, f: Formula | bool) -> bool:
        """True when `f` bounds one variable and its domain already says so (a fact); a
        disjunction, when its items all bound the same variable and their values cover its
        domain (a choice of facts)."""
        t = type(f)
        if isinstance(f, Or):
            cmps = [it for it in f.items if isinstance(it, Cmp) and it.op == "="]
            terms = {c.lin.terms for c in cmps}
            if len(cmps) != len(f.items) or len(terms) != 1:
                return False
            (only,) = terms
            if len(only) != 1 or only[0][1] != 1:
                return False
            dom = self.model.variables[only[0][0]].domain
            return dom.intersect(Domain.of([-c.lin.const for c in cmps])) == dom
        if t is Cmp and f.op == "=":  # type: ignore[union-attr]
            lin = f.lin  # type: ignore[union-attr]
        elif t is InSet:
            lin = f.lin  # type: ignore[union-attr]
        else:
            return False
        if len(lin.terms) != 1 or lin.terms[0][1] not in (1, -1):
            return False
        v, c = lin.terms[0]
        dom = self.model.variables[v].domain
        if t is Cmp:
            return dom.size == 1 and dom.lo == -lin.const * c
        if c != 1:
            return False
        shifted = Domain(tuple((lo - lin.const, hi - lin.const)
                               for lo, hi in f.domain.intervals))  # type: ignore[union-attr]
        return dom.intersect(shifted) == dom

    def emit(self, f: Formula, span: Span) -> None:
        seen = len(self.emitted)
        self.emitted.add(f)  # hashes the formula once
        if len(self.emitted) == seen:
            return  # the same ground constraint from another line or binding
        self.model.constraints.append(Constraint(f, self.origin(span), self.implied))

    def eval_bool(self, e: Expr) -> bool | Formula:
        v = self.eval(e)
        if isinstance(v, bool) or _is_formula(v):
            return v
        raise self.fail("type", "an integer is used where a condition (boolean) is expected",
                        e.span, hint="compare it, e.g. x = 1")

    def eval_int(self, e: Expr) -> IntTerm:
        v = self.eval(e)
        t = type(v)
        if t is int or t is Lin:
            return v
        if isinstance(v, bool) or _is_formula(v):
            raise self.fail("type", "a boolean is used as a number", e.span,
                            hint="a condition has no numeric value; count it with #x∈S: p")
        if isinstance(v, int | Lin):
            return v
        raise self.fail("type", f"expected a number, found a {_kind(v)}", e.span)

    # ---------------------------------------------------------------------- evaluation
    def eval(self, e: Expr) -> Value:
        """The value of `e`: through its compiled closure when grounding, else interpreted."""
        if self.mode == "ground":
            f = self.closures.get(id(e))
            if f is None:
                f = closure(self, e)
            return f()
        if self.mode == "facts":
            f = self.fact_closures.get(id(e))
            if f is None:
                f = fact_closure(self, e)
            return f()
        return self.interp(e)

    def interp(self, e: Expr) -> Value:
        """The reference evaluation of one node (children through `eval`)."""
        t = type(e)
        if t is Apply:
            return self.eval_apply(e)  # type: ignore[arg-type]
        if t is Binary:
            return self.eval_binary(e)  # type: ignore[arg-type]
        if t is Num:
            return e.value  # type: ignore[union-attr]
        if t is Name:
            return self.eval_name(e)  # type: ignore[arg-type]
        if t is Apply:
            return self.eval_apply(e)  # type: ignore[arg-type]
        if t is Binary:
            return self.eval_binary(e)  # type: ignore[arg-type]
        if t is Unary:
            if e.op == "¬":  # type: ignore[union-attr]
                v = self.eval_bool(e.operand)  # type: ignore[union-attr]
                if isinstance(v, bool):
                    return not v
                return v.item if isinstance(v, Not) else Not(v)
            return scale(self.eval_int(e.operand), -1)  # type: ignore[union-attr]
        if t is BoolLit:
            return e.value  # type: ignore[union-attr]
        if t is Conj:
            return self.conjoin(e.items)  # type: ignore[union-attr]
        if t is Quant:
            return self.eval_quant(e)  # type: ignore[arg-type]
        if t is Let:
            with self.bound(e):  # type: ignore[arg-type]
                return self.eval(e.body)  # type: ignore[union-attr]
        if t is Range:
            lo, hi = self.const_int(e.lo), self.const_int(e.hi)  # type: ignore[union-attr]
            return range(lo, hi + 1)
        if t is SetLit:
            return [self.const_value(i) for i in e.items]  # type: ignore[union-attr]
        if t is TupleLit:
            return tuple(self.const_value(i) for i in e.items)  # type: ignore[union-attr]
        if t is SetBuilder:
            return self.select(e)  # type: ignore[arg-type]
        if t is Product:
            factors = [self.const_iterable(f) for f in e.factors]  # type: ignore[union-attr]
            self.spend(math.prod(len(f) for f in factors), e.span)
            return [tuple(_flat(p)) for p in itertools.product(*factors)]
        raise self.fail("syntax", f"cannot evaluate {t.__name__}", e.span)

    def const_value(self, e: Expr) -> Value:
        v = self.eval(e)
        if isinstance(v, Lin) or _is_formula(v):
            if self.mode == "facts":
                raise _NotConstant(False)
            raise self.fail("not-constant", "a set or tuple element must be a constant",
                            e.span, hint="sets and domains are fixed before solving")
        return v

    def const_int(self, e: Expr) -> int:
        v = self.eval(e)
        if isinstance(v, int) and not isinstance(v, bool):
            return v
        if self.mode == "facts":
            raise _NotConstant(False)
        if isinstance(v, Lin):
            raise self.fail("not-constant", "a range bound must be a constant", e.span,
                            hint="ranges and quantifier domains are fixed before solving")
        raise self.fail("type", f"expected a number, found a {_kind(v)}", e.span)

    def const_iterable(self, e: Expr) -> list[Value]:
        v = self.eval(e)
        if isinstance(v, list | range):
            return v  # type: ignore[return-value]
        if self.mode == "facts":
            raise _NotConstant(False)
        raise self.fail("type", f"expected a set, range or list to range over, found a "
                        f"{_kind(v)}", e.span, hint="write {a⋯b}, {0 1} or A×B")

    def select(self, e: SetBuilder) -> list[Value]:
        """The members of a set-builder's domain whose condition holds (or the value of its
        element expression for each), in the domain's order. The condition must fold to true
        or false for each member, and the element to a constant."""
        out: list[Value] = []
        for v in self.iterate(e):
            keep = True if e.condition is None else self.eval_bool(e.condition)
            if keep is True:
                out.append(v if e.element is None else self.const_value(e.element))
            elif keep is not False:
                if self.mode == "facts":
                    raise _NotConstant(False)
                raise self.fail("not-constant", "a set-builder's condition must not depend on "
                                "the answer", e.condition.span,
                                hint="sets are fixed before solving: test parameters and bound "
                                "names only")
        return out

    def eval_name(self, e: Name) -> Value:
        env = self.env
        if e.name in env:
            v = env[e.name]
            return self.eval(v) if type(v) is Let else v  # a rule's meaning (`rules`)
        if self.mode == "facts":
            raise _NotConstant(e.name not in self.scalar_dom)
        v = self.scalars.get(e.name)
        if v is not None:
            return v
        if e.name in self.points:
            raise self.fail("type", f"'{e.name}' is a map; read it with arguments",
                            e.span, hint=f"write ⦗{e.name} …⦘")
        raise self.fail(
            "no-domain", f"variable '{e.name}' has no domain; read at {self.where(e.span)}",
            e.span, hint=f"bound it at top level, e.g. {e.name}∈{{0⋯9}}, or give it in the data",
        )

    def eval_apply(self, e: Apply) -> Value:
        term = self.terms.get(e.fn)
        if term is not None:
            return self.call_term(term, e)
        idx: list[IntTerm] = []
        const = True
        ground_mode = self.mode == "ground"
        for a in e.args:
            v = self.eval_int(a) if ground_mode else self.eval(a)
            if type(v) is not int:
                const = False
                if not ground_mode:
                    raise _NotConstant(False)
            idx.append(v)
        if not ground_mode:
            key = tuple(idx)
            d = self.point_dom.get(e.fn, {}).get(key)  # type: ignore[arg-type]
            seen = self.read.get(e.fn)
            if seen is not None and d is not None:
                seen.add(key)  # type: ignore[arg-type]
            if d is not None and d.size == 1:
                return d.lo
            raise _NotConstant(d is None)
        table = self.points.get(e.fn)
        if const:
            if table is not None:
                key = tuple(idx)
                v = table.get(key)  # type: ignore[arg-type]
                if v is not None:
                    seen = self.read.get(e.fn)
                    if seen is not None:
                        seen.add(key)  # type: ignore[arg-type]
                    return v
            pt = _label(e.fn, tuple(idx))  # type: ignore[arg-type]
            raise self.fail(
                "no-domain", f"{pt} has no domain; read at {self.where(e.span)}", e.span,
                hint=f"bound it where it is defined, e.g. ∀… {_apply_text(e.fn, idx)}∈{{0 1}}",
            )
        return self.element(e, tuple(idx))

    def element(self, e: Apply, idx: tuple[IntTerm, ...]) -> Lin:
        key = (e.fn, idx)
        hit = self.elem_cache.get(key)
        if hit is not None:
            return hit
        table = self.points.get(e.fn, {})
        # the index may range far wider than the map (x∈{0⋯10⁹}): more index tuples than
        # points means one has no point, met among the first len(table)+1 of them
        count = math.prod(self.model.count_values(i) for i in idx)
        if count > len(table):
            for point in _lex_product([functools.partial(self.model.iter_values, i)
                                       for i in idx]):
                if point not in table:
                    self.missing_point(e, idx, point)
        self.spend(count, e.span)  # one row per index tuple: an unrolling like a ∀'s
        choices = [self.model.possible_values(i) for i in idx]
        rows: list[tuple[tuple[int, ...], Lin]] = []
        doms: list[Domain] = []
        seen = self.read.get(e.fn)
        for point in itertools.product(*choices):
            v = table.get(point)
            if v is None:
                self.missing_point(e, idx, point)
            if seen is not None:
                seen.add(point)
            rows.append((point, as_lin(v)))
            doms.append(Domain.of([v]) if isinstance(v, int)
                        else self.model.variables[v.terms[0][0]].domain)
        vid = len(self.model.variables)
        # joined by intervals: listing each row's values costs rows × values (a 150×150
        # Slitherlink's ⦗id x0 y0⦘: 22,801 rows of 22,801 values, 45 s)
        self.model.variables.append(
            Variable(f"{e.fn}[…]", tuple(), Domain.join(doms), source=False))
        res = Lin(((vid, 1),), 0)
        self.model.elements.append(
            (Element(vid, tuple(as_lin(i) for i in idx), tuple(rows)), self.origin(e.span)))
        self.elem_cache[key] = res
        return res

    def missing_point(self, e: Apply, idx: tuple[IntTerm, ...], point: tuple[int, ...]) -> None:
        raise self.fail(
            "no-domain",
            f"{_apply_text(e.fn, idx, self.model)} can read {_label(e.fn, point)}, "
            f"which has no domain; read at {self.where(e.span)}",
            e.span, hint="restrict the index variables to the points the map defines",
        )

    def call_term(self, term: TermDef, e: Apply) -> Value:
        if len(term.params) != len(e.args):
            raise self.fail("arity", f"'{term.name}' takes {len(term.params)} arguments, "
                            f"found {len(e.args)}", e.span)
        args = [self.eval(a) for a in e.args]
        bindings = tuple((p, a) for (p, _t), a in zip(term.params, args, strict=True))
        # the environment is one dict (closures hold it), so bind in place and restore
        with self.bound(Let(e.span, bindings, term.body)):
            return self.eval(term.body)

    def eval_binary(self, e: Binary) -> Value:
        op = e.op
        if op == "∧":
            return self.conjoin((e.left, e.right))
        if op == "∨":
            a = self.eval_bool(e.left)
            if a is True:
                return True
            b = self.eval_bool(e.right)
            if b is True:
                return True
            if a is False:
                return b
            if b is False:
                return a
            return Or(_flatten(Or, (a, b)))
        if op == "⇒":
            a = self.eval_bool(e.left)
            if a is False:
                return True
            b = self.eval_bool(e.right)
            if a is True or b is True:
                return b if a is True else True
            if b is False:
                return Not(a)
            return Implies(a, b)
        if op == "⇐⇒":
            a, b = self.eval_bool(e.left), self.eval_bool(e.right)
            if isinstance(a, bool) and isinstance(b, bool):
                return a == b
            if isinstance(a, bool):
                return b if a else Not(b)
            if isinstance(b, bool):
                return a if b else Not(a)
            return Iff(a, b)
        if op == "∈":
            x = self.eval_int(e.left)
            s = self.eval(e.right)
            if not isinstance(s, list | range):
                if self.mode == "facts" and (isinstance(s, Lin) or _is_formula(s)):
                    raise _NotConstant(False)
                raise self.fail("type", "the right side of '∈' must be a constant set",
                                e.right.span, hint="write x∈{0 1} or x∈{a⋯b}")
            dom = self.domain_of(s) or Domain.of([v for v in s if isinstance(v, int)])
            if type(x) is int:
                return x in dom
            return InSet(x, dom)
        a, b = self.eval_int(e.left), self.eval_int(e.right)
        if op == "+":
            if type(a) is int and type(b) is int:
                return self.in_range(a + b, e, "this sum")
            return self.in_range(add(a, b), e, "this sum")
        if op == "⨫":
            return self.in_range(add(a, b, -1), e, "this difference")
        if op == "·":
            if isinstance(a, int):
                return self.in_range(scale(b, a), e, "this product")
            if isinstance(b, int):
                return self.in_range(scale(a, b), e, "this product")
            raise self.fail("nonlinear", "a product of two variables is not supported",
                            e.span, hint="one factor of '·' must fold to a constant")
        if op in ("÷", "mod"):
            if isinstance(a, int) and isinstance(b, int):
                if b == 0:
                    raise self.fail("division-by-zero", "division by zero", e.span)
                return a // b if op == "÷" else a % b
            raise self.fail("nonlinear", f"'{op}' needs constant operands", e.span)
        d = add(a, b, -1)
        if isinstance(d, int):
            return holds(op, d)
        if op == "<":
            return self.atom("<=", Lin(d.terms, d.const + 1))
        if op == ">":
            return self.atom(">=", Lin(d.terms, d.const - 1))
        return self.atom(op, d)

    def atom(self, op: str, lin: Lin) -> Cmp | bool:
        """`lin op 0`, folded to a truth value when it reads one variable whose domain
        decides it (`g=7` with g∈{1⋯4} is false before it reaches a solver)."""
        if len(lin.terms) == 1:
            v, c = lin.terms[0]
            d = self.model.variables[v].domain
            k = lin.const
            a, b = c * d.lo + k, c * d.hi + k
            low, high = (a, b) if a <= b else (b, a)
            if op == "<=":
                if high <= 0 or low > 0:
                    return high <= 0
            elif op == ">=":
                if low >= 0 or high < 0:
                    return low >= 0
            elif -k % c or -k // c not in d:  # "=" or "¬=" with no solution in the domain
                return op == "¬="
        return comparison(op, lin)

    def conjoin(self, items: Iterable[Expr]) -> Value:
        parts: list[Formula] = []
        for it in items:
            v = self.eval_bool(it)
            if v is False:
                return False
            if v is not True:
                parts.append(v)
        if not parts:
            return True
        return parts[0] if len(parts) == 1 else And(_flatten(And, parts))

    @contextlib.contextmanager
    def bound(self, let: Let) -> Iterator[None]:
        env = self.env
        saved = [(n, env.get(n, _MISSING)) for n, _ in let.bindings]
        env.update(let.bindings)
        try:
            yield
        finally:
            _restore(env, saved)

    def iterate(self, q: Quant | SetBuilder) -> Iterator[Value]:
        """Bind the binder's names to each member of the domain in turn (yielding it)."""
        dom = self.const_iterable(q.domain)
        self.spend(len(dom), q.span)
        if type(q) is Quant and q.kind == "∀" and self.inner_foralls(q):
            inner = self.inner_bindings(q, dom)
            if inner > self.bindings_left:
                raise self.fail(
                    "too-large", f"unrolling goes past {MAX_BINDINGS:,} bindings of "
                    f"quantifiers, here over {len(dom) + inner:,} values"
                    f"{self.with_bindings()}, counting the quantifiers inside it", q.span,
                    hint="check the sizes in the data or the case for a typo; a model this "
                    "large would not solve")
        names = q.names
        env = self.env
        saved = [(n, env[n]) if n in env else (n, _MISSING) for n in names]
        base = len(self.bindings)
        deadline = self.deadline
        try:
            for k, v in enumerate(dom):
                # the clock between domains is not enough: one binding of a product may
                # ground a whole block (a 150×150 Slitherlink: 8 s between two domains)
                if deadline is not None and not k & 63 and time.perf_counter() > deadline:
                    raise TimeUp
                if q.tuple_binder:
                    if not isinstance(v, tuple) or len(v) != len(names):
                        raise self.fail(
                            "binder-arity", f"the binder ⟨{' '.join(names)}⟩ takes "
                            f"{len(names)} components, the domain gives {_fmt(v)}", q.span)
                    for n, x in zip(names, v, strict=True):
                        env[n] = x
                    del self.bindings[base:]
                    self.bindings.extend(zip(names, v, strict=True))
                else:
                    env[names[0]] = v
                    del self.bindings[base:]
                    self.bindings.append((names[0], v))
                yield v
        finally:
            del self.bindings[base:]
            _restore(env, saved)

    # ---------------------------------------------------------------------- budget
    def inner_foralls(self, q: Quant) -> tuple[tuple[Quant, frozenset[str], bool], ...]:
        """The ∀s that every binding of the ∀ `q` walks in full (through `∧`, blocks and
        lets, not into their own bodies), each with the names that its domain and those of
        the ∀s inside it read (`domain_reads`) besides `q`'s, and whether they read `q`'s.
        A ∀ whose domain is no range, set, name or product of them (`_cheap_shape`), or
        reads a name a let on the way binds, is left out. Per grounding, by node identity."""
        hit = self.inner_memo.get(id(q))
        if hit is not None:
            return hit
        found: list[tuple[Quant, frozenset[str]]] = []
        _walk_foralls(q.body, frozenset(), found)
        own = frozenset(q.names)
        out: list[tuple[Quant, frozenset[str], bool]] = []
        for kid, shadowed in found:
            reads = self.domain_reads(kid)
            if reads is None or reads & shadowed:
                continue
            out.append((kid, reads - own, bool(reads & own)))
        hit = self.inner_memo[id(q)] = tuple(out)
        return hit

    def domain_reads(self, q: Quant) -> frozenset[str] | None:
        """The names that the domain of the ∀ `q` reads, and those of the ∀s inside it
        (`inner_foralls`) besides the ones `q` binds; None when its domain is no
        `_cheap_shape`."""
        if not _cheap_shape(q.domain):
            return None
        reads = free_names(q.domain, self.terms)
        if reads is None:
            return None
        for _, inner, _ in self.inner_foralls(q):
            reads |= inner
        return reads

    def inner_bindings(self, q: Quant, dom: list[Value] | range | int) -> int:
        """The bindings the ∀s inside `q` (`inner_foralls`, and theirs in turn) will take over
        all of `dom`, `q`'s domain or only its size: what `spend` would be asked for while
        `q` is walked, known before. A ∀ left out counts nothing, and so does one whose
        domain reads `q`'s names when only a size is known. The count stops once it passes
        what is left of the budget, so it costs no more than walking those domains would."""
        count = dom if isinstance(dom, int) else len(dom)
        total = 0
        env = self.env
        for kid, reads, dependent in self.inner_foralls(q):
            if not all(n in env for n in reads):
                continue  # a bound read from the answer, or a name of the walk's own
            if not dependent:
                total += count * self.forall_bindings(kid)
            elif not isinstance(dom, int):
                for _ in self.bind_quietly(q, dom):
                    total += self.forall_bindings(kid)
                    if total > self.bindings_left:
                        break
            if total > self.bindings_left:
                break
        return total

    def forall_bindings(self, q: Quant) -> int:
        """The bindings walking the ∀ `q` once takes, its own and those inside it; 0 when
        its domain cannot be known here."""
        dom = self.cheap_domain(q.domain)
        if dom is None:
            return 0
        size = dom if isinstance(dom, int) else len(dom)
        return size + (self.inner_bindings(q, dom) if size and self.inner_foralls(q) else 0)

    def cheap_domain(self, e: Expr) -> list[Value] | range | int | None:
        """The value of the domain `e` of a `_cheap_shape` (a range, a set, or a name bound to
        one), or the size of a product of such; None when it is not a constant here.
        Nothing is spent, and no product is built."""
        t = type(e)
        try:
            if t is Product:
                size = 1
                for f in e.factors:  # type: ignore[union-attr]
                    d = self.cheap_domain(f)
                    if d is None:
                        return None
                    size *= d if isinstance(d, int) else len(d)
                return size
            v = self.env.get(e.name) if t is Name else self.eval(e)  # type: ignore[union-attr]
        except (SapphireError, _NotConstant):
            return None
        return v if isinstance(v, list | range) else None

    def bind_quietly(self, q: Quant, dom: list[Value] | range) -> Iterator[None]:
        """Bind `q`'s names to each member of `dom` in turn, spending nothing and recording
        no binding for messages (for counting what lies inside `q`)."""
        names, env = q.names, self.env
        saved = [(n, env[n]) if n in env else (n, _MISSING) for n in names]
        try:
            for v in dom:
                if q.tuple_binder:
                    if not isinstance(v, tuple) or len(v) != len(names):
                        continue
                    for n, x in zip(names, v, strict=True):
                        env[n] = x
                else:
                    env[names[0]] = v
                yield
        finally:
            _restore(env, saved)

    def eval_quant(self, q: Quant) -> Value:
        k = q.kind
        if k in ("∀", "∃"):
            universal = k == "∀"  # ∀ is a conjunction stopped by false, ∃ the dual
            parts: list[Formula] = []
            for _ in self.iterate(q):
                v = self.eval_bool(q.body)
                if v is (not universal):
                    return v
                if v is not universal:
                    parts.append(v)  # type: ignore[arg-type]
            if not parts:
                return universal
            if len(parts) == 1:
                return parts[0]
            return And(tuple(parts)) if universal else Or(tuple(parts))
        if k == "Σ":
            return self.in_range(total([self.eval_int(q.body) for _ in self.iterate(q)]), q,
                                 "this sum")
        if k == "#":
            items: list[IntTerm] = []
            for _ in self.iterate(q):
                v = self.eval_bool(q.body)
                items.append(int(v) if isinstance(v, bool) else self.indicator(v, q.span))
            return total(items)
        if k == "distinct":
            vals = [self.eval_int(q.body) for _ in self.iterate(q)]
            if all(isinstance(v, int) for v in vals):
                return len(set(vals)) == len(vals)
            return AllDifferent(tuple(as_lin(v) for v in vals))
        if k == "connected":
            cells: list[tuple[int, int]] = []
            members: list[Formula | bool] = []
            for _ in self.iterate(q):
                cell = tuple(self.env[n] for n in q.names)
                if len(cell) != 2:
                    raise self.fail("binder-arity", "connected ranges over cells ⟨r c⟩",
                                    q.span)
                cells.append(cell)  # type: ignore[arg-type]
                members.append(self.eval_bool(q.body))
            if all(isinstance(m, bool) for m in members):
                return _connected_const([c for c, m in zip(cells, members, strict=True) if m])
            return Connected(tuple(cells), tuple(
                m if not isinstance(m, bool) else (TRUE if m else FALSE) for m in members))
        if k == "accepted":
            moves, starts, accepts = self.automaton(q)
            word = [self.eval_int(q.body) for _ in self.iterate(q)]
            f = Accepts(tuple(as_lin(w) for w in word), moves, starts, accepts)
            if all(isinstance(w, int) for w in word):
                return f.holds_for(word)  # type: ignore[arg-type]
            return f
        raise self.fail("syntax", f"unknown quantifier {k}", q.span)

    def automaton(self, q: Quant) -> tuple[tuple[tuple[int, int, int], ...], tuple[int, ...],
                                           tuple[int, ...]]:
        """The moves, start and accepting states of `accepted(…)`: given as three constants,
        or compiled from one regular expression over the symbols 0-9 and A-Z (10-35)."""
        if len(q.args) == 1:
            pattern = self.eval(q.args[0])
            if not isinstance(pattern, str):
                raise self.fail("type", "accepted(pattern) takes a regular expression as text",
                                q.args[0].span, hint='a parameter such as pattern "[1-4]*5"')
            try:
                return compile_regex(pattern)
            except ValueError as e:
                raise self.fail("bad-pattern", f"cannot read the regular expression "
                                f"{pattern!r}: {e}", q.args[0].span,
                                hint="symbols are 0-9 and A-Z; use [ ] ( ) | * + ? . and {m,n}"
                                ) from None
        moves, starts, accepts = (self.eval(a) for a in q.args)
        try:
            triples = tuple(sorted({(int(a), int(b), int(c)) for a, b, c in moves}))
            return triples, tuple(int(s) for s in starts), tuple(int(s) for s in accepts)
        except (TypeError, ValueError):
            raise self.fail("type", "accepted(moves, starts, accepts) takes a list of "
                            "⟨state symbol state⟩ moves and two lists of states", q.span,
                            hint="moves [[0,1,1],[1,2,0]], starts [0], accepts [1]") from None

    def indicator(self, f: Formula, span: Span) -> Lin:
        """A 0/1 variable equal to the truth of `f` (defined once per formula)."""
        hit = self.count_cache.get(f)
        if hit is not None:
            return hit
        vid = len(self.model.variables)
        self.model.variables.append(Variable("#", (), Domain.range(0, 1), source=False))
        lin = Lin(((vid, 1),), 0)
        self.model.constraints.append(
            Constraint(Iff(Cmp("=", Lin(((vid, 1),), -1)), f), self.origin(span)))
        self.count_cache[f] = lin
        return lin


_MISSING = object()


def _restore(env: dict[str, Any], saved: list[tuple[str, Any]]) -> None:
    """Put back the values a binding shadowed, and drop the names it introduced."""
    for n, old in saved:
        if old is _MISSING:
            env.pop(n, None)
        else:
            env[n] = old


def _walk_foralls(e: Expr, shadowed: frozenset[str],
                  found: list[tuple[Quant, frozenset[str]]]) -> None:
    """Add to `found` the ∀s `e` walks in full wherever it is walked (see
    `Grounder.inner_foralls`), each with the names lets on the way bind."""
    t = type(e)
    if t is Quant:
        if e.kind == "∀":  # type: ignore[union-attr]
            found.append((e, shadowed))  # type: ignore[arg-type]
    elif t is Conj:
        for it in e.items:  # type: ignore[union-attr]
            _walk_foralls(it, shadowed, found)
    elif t is Binary and e.op == "∧":  # type: ignore[union-attr]
        _walk_foralls(e.left, shadowed, found)  # type: ignore[union-attr]
        _walk_foralls(e.right, shadowed, found)  # type: ignore[union-attr]
    elif t is Let:
        names = frozenset(n for n, _ in e.bindings)  # type: ignore[union-attr]
        _walk_foralls(e.body, shadowed | names, found)  # type: ignore[union-attr]


def _cheap_shape(e: Expr) -> bool:
    """Whether the domain `e` costs next to nothing to know before it is walked: a range
    with bounds of plain arithmetic, a set of such numbers or tuples, a name, or a product
    of these (see `Grounder.cheap_domain`)."""
    t = type(e)
    if t is Range:
        return _reads_nothing(e.lo) and _reads_nothing(e.hi)  # type: ignore[union-attr]
    if t is SetLit:
        return all(_reads_nothing(i) or (type(i) is TupleLit and all(
            _reads_nothing(x) for x in i.items))  # type: ignore[union-attr]
            for i in e.items)  # type: ignore[union-attr]
    if t is Product:
        return all(_cheap_shape(f) for f in e.factors)  # type: ignore[union-attr]
    return t is Name


def _lex_product(factors: list[Callable[[], Iterator[int]]]) -> Iterator[tuple[int, ...]]:
    """The tuples of `itertools.product` over the factors' values, in its order, without
    listing any factor (`itertools.product` lists each in full first)."""
    if not factors:
        yield ()
        return
    first, rest = factors[0], factors[1:]
    for v in first():
        for tail in _lex_product(rest):
            yield (v, *tail)


def _flatten(kind: type, items: Iterable[Formula]) -> tuple[Formula, ...]:
    out: list[Formula] = []
    for it in items:
        if isinstance(it, kind):
            out.extend(it.items)  # type: ignore[attr-defined]
        else:
            out.append(it)
    return tuple(out)


def _flat(p: tuple[Value, ...]) -> Iterator[Value]:
    for x in p:
        if isinstance(x, tuple):
            yield from x
        else:
            yield x


_FORMULA_TYPES = (Cmp, InSet, And, Or, Not, Implies, Iff, AllDifferent, Connected, Accepts)


def _is_formula(v: Value) -> bool:
    return isinstance(v, _FORMULA_TYPES)


def _kind(v: Value) -> str:
    if isinstance(v, bool) or _is_formula(v):
        return "boolean"
    if isinstance(v, int | Lin):
        return "number"
    if isinstance(v, tuple):
        return "tuple"
    return "set"


def _fmt(v: Value) -> str:
    if isinstance(v, tuple):
        return "⟨" + " ".join(_fmt(x) for x in v) + "⟩"
    return str(v)


def _label(name: str, idx: tuple[int, ...]) -> str:
    return f"{name}({', '.join(str(i) for i in idx)})" if idx else name


def _apply_text(fn: str, idx: Iterable[IntTerm], model: GroundModel | None = None) -> str:
    def one(x: IntTerm) -> str:
        if isinstance(x, int):
            return str(x)
        if model is not None and len(x.terms) == 1 and x.terms[0][1] == 1 and not x.const:
            return model.variables[x.terms[0][0]].label()
        return "…"

    return "⦗" + " ".join([fn, *(one(i) for i in idx)]) + "⦘"


def _connected_const(cells: list[tuple[int, int]]) -> bool:
    return len(pieces([True] * len(cells), neighbours(cells))) <= 1


def ground(program: Program, inst: Instance, deadline: float | None = None) -> GroundModel:
    """Ground `program` on `inst` (see the module docstring); `TimeUp` once `deadline` (a
    `time.perf_counter()` reading) has passed. A user's data must have every point it gives
    read (`check_read`), which only the finished grounding can tell."""
    with no_gc():
        grounder = Grounder(program, inst, deadline)
        model = grounder.run()
    check_read(inst, grounder.read)
    return model
