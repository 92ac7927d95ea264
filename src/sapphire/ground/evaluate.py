"""Evaluation of expressions: constants folded, the rest to linear terms and formulas.

In the facts pass only constants are wanted (`NotConstant` otherwise); while grounding, every
node runs through its compiled closure (`sapphire.ground.closures`), which hands uncommon
values and every error to `Evaluation.interp` here, the reference meaning of each node.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from sapphire.builtins.all_different import AllDifferent
from sapphire.builtins.automaton import Accepts
from sapphire.builtins.connected import Connected
from sapphire.builtins.sized_groups import SizedGroups
from sapphire.ground.closures import NotConstant as _NotConstant
from sapphire.ground.closures import closure, fact_closure
from sapphire.ground.linear import IntTerm, add, comparison, holds, past_range, scale
from sapphire.ground.variables import map_read_text, point_label
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
    Quant,
    Range,
    SetBuilder,
    SetLit,
    TermDef,
    TupleLit,
    Unary,
)
from sapphire.model import And, Cmp, Domain, Formula, Iff, Implies, InSet, Lin, Not, Or

Value = Any  # int | bool | Lin | Formula | tuple | list


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


_SET_DOMAINS: dict[tuple[int, ...], Domain] = {}
"""Domains of literal integer sets, shared: a fact such as ⦗f x⦘∈{0 1} repeats per binding."""


class Evaluation:
    """How `Grounder` computes the value of an expression."""

    def init_evaluation(self) -> None:
        self.mode = "facts"
        """"facts" (constants only) or "ground" (closures, variables allowed)."""
        self.closures: dict[int, Callable[[], Value]] = {}
        self.fact_closures: dict[int, Callable[[], Value]] = {}
        self.list_domains: dict[int, tuple[list[Value], Domain | None]] = {}
        """`_domain_of` per set value, by identity: a named set (`alphabet`) is one list,
        read for every cell, and a list is never changed in place while grounding."""

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

    def domain_of(self, v: Value) -> Domain | None:
        """`_domain_of(v)`, worked out once per list."""
        if type(v) is not list:
            return _domain_of(v)
        hit = self.list_domains.get(id(v))
        if hit is None or hit[0] is not v:
            hit = self.list_domains[id(v)] = (v, _domain_of(v))
        return hit[1]

    def eval_bool(self, e: Expr) -> bool | Formula:
        v = self.eval(e)
        if isinstance(v, bool) or is_formula(v):
            return v
        raise self.fail("type", "an integer is used where a condition (boolean) is expected",
                        e.span, hint="compare it, e.g. x = 1")

    def eval_int(self, e: Expr) -> IntTerm:
        v = self.eval(e)
        t = type(v)
        if t is int or t is Lin:
            return v
        if isinstance(v, bool) or is_formula(v):
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
        if isinstance(v, Lin) or is_formula(v):
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
            pt = point_label(e.fn, tuple(idx))  # type: ignore[arg-type]
            raise self.fail(
                "no-domain", f"{pt} has no domain; read at {self.where(e.span)}", e.span,
                hint=f"bound it where it is defined, e.g. ∀… {map_read_text(e.fn, idx)}∈{{0 1}}",
            )
        return self.element(e, tuple(idx))

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
                if self.mode == "facts" and (isinstance(s, Lin) or is_formula(s)):
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
            return self.arithmetic(e, a, b)
        if op in ("÷", "mod"):
            if isinstance(b, int):
                if b == 0:
                    raise self.fail("division-by-zero", "division by zero", e.span)
                if isinstance(a, int):
                    return a // b if op == "÷" else a % b
                if b in (1, -1):  # x÷1 = x, x mod 1 = 0
                    return scale(a, b) if op == "÷" else 0
            return self.arithmetic(e, a, b)
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


_FORMULA_TYPES = (Cmp, InSet, And, Or, Not, Implies, Iff, AllDifferent, Connected, Accepts,
                  SizedGroups)


def is_formula(v: Value) -> bool:
    return isinstance(v, _FORMULA_TYPES)


def _kind(v: Value) -> str:
    if isinstance(v, bool) or is_formula(v):
        return "boolean"
    if isinstance(v, int | Lin):
        return "number"
    if isinstance(v, tuple):
        return "tuple"
    return "set"
