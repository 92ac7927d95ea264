"""The ground model's variables: the points the facts bound, map reads at a variable index
(an element constraint), products, quotients and remainders of variables (an arithmetic
definition), and 0/1 indicators of counted conditions."""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from sapphire.builtins.arithmetic import EXACT_PAIRS, Arithmetic, result_bounds, result_domain
from sapphire.builtins.element import Element
from sapphire.diagnostics import Span
from sapphire.ground.linear import IntTerm, as_lin
from sapphire.lang.syntax import MAX_INTEGER, Apply, Binary
from sapphire.model import (
    FALSE,
    Cmp,
    Constraint,
    Domain,
    Formula,
    GroundModel,
    Iff,
    Lin,
    Origin,
    Variable,
)

Value = Any  # int | bool | Lin | Formula | tuple | list


class Variables:
    """Where `Grounder` makes and reads its variables."""

    def init_variables(self) -> None:
        self.points: dict[str, dict[tuple[int, ...], IntTerm]] = {}
        """After the facts, each map's points: an integer constant or the Lin of its variable."""
        self.scalars: dict[str, IntTerm] = {}
        self.elem_cache: dict[tuple[str, tuple[IntTerm, ...]], Lin] = {}
        self.count_cache: dict[Formula, Lin] = {}
        self.arith_cache: dict[tuple[str, Lin, Lin], IntTerm] = {}

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
                                          f"no value is left for {point_label(name, idx)}")))
            return 0
        if dom.size == 1:
            return dom.lo
        vid = len(self.model.variables)
        self.model.variables.append(Variable(name, idx, dom))
        return Lin(((vid, 1),), 0)

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

    def arithmetic(self, e: Binary, a: IntTerm, b: IntTerm) -> IntTerm:
        """`a op b` (`·`, `÷`, `mod`) that does not fold to a linear term: a new variable
        that an `Arithmetic` definition holds to its value, once per operation and operands.
        Its values are every result over the operands' values, a constant when that is one
        value; a divisor that can be 0 is an error here, as a constant 0 is."""
        op, left, right = e.op, as_lin(a), as_lin(b)
        key = (op, left, right)
        hit = self.arith_cache.get(key)
        if hit is None and op == "·":
            hit = self.arith_cache.get((op, right, left))
        if hit is not None:
            return hit
        m = self.model
        if op != "·" and m.may_take(right, 0):
            what = _operand_text(right, m)
            if what == "(…)":
                what = ""
                hint = ("name the divisor with a domain that leaves 0 out (d∈{1⋯9} ∧ d=…) "
                        "and divide by the name")
            else:
                what = f": {what}∈{m.variables[right.terms[0][0]].domain}"
                hint = ("bound the divisor away from 0 where it is declared (y∈{1⋯9}, or "
                        "y¬=0 at top level): a guard does not")
            raise self.fail("division-by-zero", f"the divisor of '{op}' can be 0{what}"
                            f"{self.with_bindings()}", e.right.span, hint=hint)
        pairs = m.count_values(left) * m.count_values(right)
        if pairs <= EXACT_PAIRS:
            self.spend(pairs, e.span)  # one row per pair of values: an unrolling
            dom = result_domain(op, m.iter_values(left), m.iter_values(right))
        else:
            dom = result_bounds(op, _bounds(left, m), _bounds(right, m))
        reach = max(abs(dom.lo), abs(dom.hi))
        if reach > MAX_INTEGER:
            what = {"·": "product", "÷": "quotient", "mod": "remainder"}[op]
            raise self.fail(
                "too-large", f"this {what} can reach {reach:,}, larger than {MAX_INTEGER:,}"
                f"{self.with_bindings()}", e.span,
                hint=f"numbers in a program stay within ±{MAX_INTEGER:,}: narrow the "
                "operands' domains")
        if dom.size == 1:
            res: IntTerm = dom.lo
        else:
            vid = len(m.variables)
            label = f"{_operand_text(left, m)}{op}{_operand_text(right, m)}"
            if op == "mod":
                label = label.replace("mod", " mod ")
            m.variables.append(Variable(label, (), dom, source=False))
            m.elements.append((Arithmetic(op, vid, left, right), self.origin(e.span)))
            res = Lin(((vid, 1),), 0)
        self.arith_cache[key] = res
        return res

    def missing_point(self, e: Apply, idx: tuple[IntTerm, ...], point: tuple[int, ...]) -> None:
        raise self.fail(
            "no-domain",
            f"{map_read_text(e.fn, idx, self.model)} can read {point_label(e.fn, point)}, "
            f"which has no domain; read at {self.where(e.span)}",
            e.span, hint="restrict the index variables to the points the map defines",
        )

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


def _operand_text(x: Lin, model: GroundModel) -> str:
    """An operand as a variable's label shows it: a number, a variable's label, or `…`."""
    if not x.terms:
        return str(x.const)
    if len(x.terms) == 1 and x.terms[0][1] == 1 and not x.const:
        return model.variables[x.terms[0][0]].label()
    return "(…)"


def _bounds(x: Lin, model: GroundModel) -> tuple[int, int]:
    """The least and the greatest value `x` can take, as its terms' bounds allow."""
    lo = hi = x.const
    for v, c in x.terms:
        d = model.variables[v].domain
        lo, hi = lo + min(c * d.lo, c * d.hi), hi + max(c * d.lo, c * d.hi)
    return lo, hi


def point_label(name: str, idx: tuple[int, ...]) -> str:
    return f"{name}({', '.join(str(i) for i in idx)})" if idx else name


def map_read_text(fn: str, idx: Iterable[IntTerm], model: GroundModel | None = None) -> str:
    def one(x: IntTerm) -> str:
        if isinstance(x, int):
            return str(x)
        if model is not None and len(x.terms) == 1 and x.terms[0][1] == 1 and not x.const:
            return model.variables[x.terms[0][0]].label()
        return "…"

    return "⦗" + " ".join([fn, *(one(i) for i in idx)]) + "⦘"


