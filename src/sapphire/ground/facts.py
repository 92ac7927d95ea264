"""The facts pass: value domains and constants from a program's unconditional `∈`, `=` and `¬=`.

At unconditional positions (top level, under ∀ and ∧, after a guard that folds to true)
`point ∈ constant-set` and `point = constant` give value domains; a scalar constrained by
`= constant` is that constant. `point ¬= constant` takes a value out of a domain so given.
The pass repeats while it discovers new constants; `Grounder` then makes the points so bounded
its variables.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from sapphire.diagnostics import Span
from sapphire.ground.closures import NotConstant as _NotConstant
from sapphire.ground.variables import point_label
from sapphire.lang.syntax import Apply, Binary, Conj, Expr, Let, Name, Num, Quant, Unary
from sapphire.model import Domain, Origin

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
        out = any(isinstance(p, (Apply, Name)) and reads_nothing(q)
                  for p, q in ((e.left, e.right), (e.right, e.left)))
    else:
        out = _fact_shape(e)
    memo[id(e)] = out
    return out


def _fact_shape(e: Expr) -> bool:
    """`∈` or `=`, or a choice among such (`∨`, `∃`) that names one point the same way in
    every choice, with no name the choice binds: the shapes `FactsPass.fact` reads. A choice
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


def reads_nothing(e: Expr) -> bool:
    """Whether `e` is arithmetic over names and numbers only, so that it may be a constant.
    A `¬=` is a fact candidate only against such a side: `⦗f x⦘¬=2·⦗f y⦘` never is, and the
    guards above it are then not evaluated in the facts pass (they can be costly)."""
    if isinstance(e, (Num, Name)):
        return True
    if isinstance(e, Unary):
        return reads_nothing(e.operand)
    if isinstance(e, Binary) and e.op in ("+", "⨫", "·", "÷", "mod"):
        return reads_nothing(e.left) and reads_nothing(e.right)
    return False


PointFact = tuple[str, tuple[int, ...], Domain]
"""A fact about one point: its map's name, its index and the values it can take."""


CASE_VALUES = 64
"""The most values a guard's point may have for its cases to narrow another point (a shading
has two)."""

MAX_POINTS = 500_000
"""The most unknowns (scalars and points of maps) the facts may give values: some 600 bytes
each while grounding, and more per value in a backend, so that a range typed wrong
(`∀i∈{1⋯10^7}`) stops with an error at its line at about 300 MB instead of filling memory.
The corpus's largest models have tens of thousands (a 60×60 Slitherlink about 15,000)."""


class FactsPass:
    """The facts pass of `Grounder` (see the module docstring): what it knows of each point
    before the points become variables."""

    def init_facts(self) -> None:
        self.fact_memo: dict[int, bool] = {}
        """`_may_state_facts` per node, by identity."""
        self.scalar_dom: dict[str, Domain] = {}
        self.point_dom: dict[str, dict[tuple[int, ...], Domain]] = {}
        self.fact_origin: dict[tuple[str, tuple[int, ...]], Origin] = {}
        self.excluded: dict[tuple[str, tuple[int, ...]], set[int]] = {}
        self.cases: dict[tuple[str, tuple[int, ...]],
                         dict[tuple[str, tuple[int, ...]], list[tuple[Domain, Domain, Span]]]] = {}
        """Facts under a guard that is a fact too: point -> guard point -> (guard's values,
        the point's values, where)."""
        self.saw_unknown = False
        """Whether this pass read a point it has no domain for yet (another pass may)."""

    def infer_facts(self) -> None:
        """The given points, then facts passes over the program until one finds no new
        constant (at most ten)."""
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

    def _all_domains(self) -> Iterator[Domain]:
        yield from self.scalar_dom.values()
        for d in self.point_dom.values():
            yield from d.values()

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
        if gdom is None or len(gdom.intervals) > CASE_VALUES or gdom.size > CASE_VALUES:
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
                if gdom is None or len(gdom.intervals) > CASE_VALUES or gdom.size > CASE_VALUES:
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
                    f"points of maps), here {point_label(name, idx)}{self.with_bindings()}", span,
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
            if self.collect_exclusions(e):  # type: ignore[attr-defined]
                return
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

