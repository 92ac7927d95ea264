"""Expressions compiled to Python closures for the grounding walk (the hot path).

Each node becomes one closure that reads quantifier bindings from the grounder's environment
and folds constants exactly as `Evaluation.interp` does. A closure handles the common types
inline (integers, linear terms, formulas) and hands anything else — and every error — to the
interpreter, so both paths share one definition of meaning and of the error messages.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from sapphire.builtins.all_different import AllDifferent
from sapphire.builtins.automaton import Accepts
from sapphire.builtins.connected import Connected
from sapphire.builtins.sized_groups import SizedGroups
from sapphire.ground.linear import add, past_range, scale
from sapphire.lang.syntax import (
    MAX_INTEGER,
    Apply,
    Binary,
    BoolLit,
    Conj,
    Expr,
    Let,
    Name,
    Node,
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
from sapphire.model import (
    And,
    Cmp,
    Domain,
    Iff,
    Implies,
    InSet,
    Lin,
    Not,
    Or,
)

Thunk = Callable[[], Any]


class Evaluator(Protocol):
    """What a closure reads of the grounder (`sapphire.ground.grounder.Grounder`), which
    compiles them: its bindings and points, and its interpreter for everything else."""

    env: dict[str, Any]
    """Every name's constant value in force (parameters, bindings)."""
    terms: dict[str, TermDef]
    points: dict[str, dict[tuple[int, ...], Any]]
    """Each map's points after the facts: a constant or the linear term of its variable."""
    point_dom: dict[str, dict[tuple[int, ...], Domain]]
    """Each map's points during the facts: the values they may take."""
    read: dict[str, set[tuple[int, ...]]]
    """The points of the user's data read so far."""
    closures: dict[int, Thunk]
    fact_closures: dict[int, Thunk]

    def eval(self, e: Expr) -> Any: ...

    def interp(self, e: Expr) -> Any: ...

    def iterate(self, q: Quant | SetBuilder) -> Iterator[Any]: ...

    def atom(self, op: str, lin: Lin) -> Any: ...

_FORMULAS = frozenset({Cmp, InSet, And, Or, Not, Implies, Iff, AllDifferent, Connected,
                       Accepts, SizedGroups})
_ARITH = frozenset({int, Lin})
_M = MAX_INTEGER
"""Folded numbers stay within ±`MAX_INTEGER`: a result past it goes to the interpreter, which
reports it (`Evaluation.in_range`)."""


class NotConstant(Exception):
    """Raised while collecting facts when an expression is not (yet) a known constant."""

    def __init__(self, unknown: bool) -> None:
        self.unknown = unknown  # True: it read something not yet bounded


def fact_closure(g: Evaluator, e: Expr) -> Thunk:
    """The facts-pass closure of `e`: constants only. Names, map points with a one-value
    domain and integer arithmetic are inline; a read that is not (yet) constant raises
    `NotConstant`; anything else goes to the interpreter in facts mode."""
    f = g.fact_closures.get(id(e))
    if f is None:
        f = _build_fact(g, e)
        g.fact_closures[id(e)] = f
    return f


def _build_fact(g: Evaluator, e: Expr) -> Thunk:
    leaf = _leaf(g, e)
    if leaf is not None:
        return leaf
    interp = g.interp
    t = type(e)
    if t is SetBuilder and not _reads_points(e):
        # built once per value of the names it reads, as when grounding (a tree's place
        # among a Tents line's, tested for every cell); no map read that a later pass may
        # narrow is in it
        reads = free_names(e, g.terms)
        if reads is not None:
            return _remembered(g, e, reads, lambda: interp(e))
    if t is Apply and e.fn not in g.terms:  # type: ignore[union-attr]
        args = [fact_closure(g, a) for a in e.args]  # type: ignore[union-attr]
        fn = e.fn  # type: ignore[union-attr]
        seen = g.read.get(fn)  # the points of a user's map read (`check_read`), or None

        def read_point() -> Any:
            idx = tuple(a() for a in args)
            for i in idx:
                if type(i) is not int:
                    return interp(e)
            d = g.point_dom.get(fn, _NO_POINTS).get(idx)
            if seen is not None and d is not None:
                seen.add(idx)
            if d is not None:
                ivs = d.intervals  # one value; not `size`, which sums a wide domain's pieces
                if len(ivs) == 1 and ivs[0][0] == ivs[0][1]:
                    return ivs[0][0]
            raise NotConstant(d is None)

        return read_point
    if t is Binary and e.op in ("+", "⨫", "·"):  # type: ignore[union-attr]
        left, right = fact_closure(g, e.left), fact_closure(g, e.right)  # type: ignore
        op = e.op  # type: ignore[union-attr]

        def arith() -> Any:
            a, b = left(), right()
            if type(a) is int and type(b) is int:
                r = a + b if op == "+" else a - b if op == "⨫" else a * b
                if -_M <= r <= _M:
                    return r
            return interp(e)

        return arith
    if t is Binary and e.op in _TESTS:  # type: ignore[union-attr]
        left, right = fact_closure(g, e.left), fact_closure(g, e.right)  # type: ignore
        test = _TESTS[e.op]  # type: ignore[union-attr]

        def compare() -> Any:
            a, b = left(), right()
            if type(a) is int and type(b) is int:
                return test(a, b)
            return interp(e)

        return compare
    if t is Binary and e.op == "∧":  # type: ignore[union-attr]
        left, right = fact_closure(g, e.left), fact_closure(g, e.right)  # type: ignore

        def both() -> Any:
            a = left()
            if a is False:
                return False
            if a is True:
                b = right()
                if b is True or b is False:
                    return b
            return interp(e)

        return both
    return lambda: interp(e)


_TESTS = {"=": int.__eq__, "¬=": int.__ne__, "<": int.__lt__, "<=": int.__le__,
          ">": int.__gt__, ">=": int.__ge__}
"""A comparison of two numbers, by its operator (in both passes: the facts pass's guards,
such as a palindrome's `i<j ∧ i+j=k⨫1`, are such comparisons of bound names)."""
_NO_POINTS: dict = {}


def _leaf(g: Evaluator, e: Expr) -> Thunk | None:
    """The closure of a literal or a name, the same in both passes; None for other nodes.

    A name is read from the environment (quantifier bindings, parameters, constants); anything
    else it can be (a variable, an error) is the interpreter's, in either mode."""
    t = type(e)
    if t is Num or t is BoolLit:
        value = e.value  # type: ignore[union-attr]
        return lambda: value
    if t is not Name:
        return None
    env, name, interp = g.env, e.name, g.interp  # type: ignore[union-attr]

    def read_name() -> Any:
        try:
            v = env[name]
        except KeyError:
            return interp(e)
        return g.eval(v) if type(v) is Let else v  # a rule's meaning (`rules`)

    return read_name


def closure(g: Evaluator, e: Expr) -> Thunk:
    """The closure of `e`, built once per node."""
    f = g.closures.get(id(e))
    if f is None:
        f = _build(g, e)
        g.closures[id(e)] = f
    return f


def _build(g: Evaluator, e: Expr) -> Thunk:  # noqa: C901 - one case per node kind
    leaf = _leaf(g, e)
    if leaf is not None:
        return leaf
    interp = g.interp
    t = type(e)
    if t is Apply and e.fn not in g.terms:  # type: ignore[union-attr]
        return _map_read(g, e)  # type: ignore[arg-type]
    if t is Binary:
        return _binary(g, e)  # type: ignore[arg-type]
    if t is Unary and e.op == "¬":  # type: ignore[union-attr]
        inner = closure(g, e.operand)  # type: ignore[union-attr]

        def negation() -> Any:
            v = inner()
            if v is True or v is False:
                return not v
            if type(v) is Not:
                return v.item
            if type(v) in _FORMULAS:
                return Not(v)
            return interp(e)

        return negation
    if t is Conj:
        parts = [closure(g, i) for i in e.items]  # type: ignore[union-attr]

        def conj() -> Any:
            out: list[Any] = []
            for p in parts:
                v = p()
                if v is False:
                    return False
                if v is True:
                    continue
                if type(v) not in _FORMULAS:
                    return interp(e)
                if type(v) is And:
                    out.extend(v.items)
                else:
                    out.append(v)
            if not out:
                return True
            return out[0] if len(out) == 1 else And(tuple(out))

        return conj
    if t is Quant and e.kind in ("∀", "∃"):  # type: ignore[union-attr]
        walk = _quantifier(g, e)  # type: ignore[arg-type]
        reads = free_names(e, g.terms)
        return walk if reads is None else _remembered(g, e, reads, walk)
    if (t is Quant and e.kind in ("Σ", "Π", "#")) or t is SetBuilder:  # type: ignore[union-attr]
        reads = free_names(e, g.terms)
        if reads is not None:
            return _remembered(g, e, reads, lambda: interp(e))
    return lambda: interp(e)


_UNBOUND = object()


def _reads_points(e: object) -> bool:
    """Whether `e` holds a map read or a call of a defined term (which may read one)."""
    if isinstance(e, Apply):
        return True
    if isinstance(e, tuple):
        return any(_reads_points(x) for x in e)
    if not isinstance(e, Node):
        return False
    return any(_reads_points(getattr(e, f.name)) for f in dataclasses.fields(e))


class _SetKey:
    """A set value (a list) as part of a memo key: its items with their hash computed once,
    since the same list (a rule's cells) is met again on every lookup."""

    __slots__ = ("items", "hashed")

    def __init__(self, items: tuple) -> None:
        self.items, self.hashed = items, hash(items)

    def __hash__(self) -> int:
        return self.hashed

    def __eq__(self, other: object) -> bool:
        return type(other) is _SetKey and self.items == other.items


def _remembered(g: Evaluator, e: Expr, reads: frozenset[str], compute: Thunk) -> Thunk:
    """A sum, count or set-builder evaluated once per value of the names it reads.

    Inside other quantifiers the same total comes back for every binding it does not read:
    a prefix sum along a 54-cell line, under "for every multiple of the total", was built
    anew 490 times per position. The model is fixed while grounding and values are never
    changed in place, so the names are all that can change the value (and a count's 0/1
    variables are shared per formula anyway)."""
    env, interp = g.env, g.interp
    names = tuple(sorted(reads))
    seen: dict[tuple, Any] = {}
    held: dict[str, tuple[list, _SetKey]] = {}  # per name, the last list and its key

    def remembered() -> Any:
        parts = []
        for n in names:
            v = env.get(n, _UNBOUND)
            if type(v) is list:
                last = held.get(n)
                if last is None or last[0] is not v:
                    try:
                        last = held[n] = (v, _SetKey(tuple(v)))
                    except TypeError:  # unhashable items: evaluate every time
                        return interp(e)
                v = last[1]
            parts.append(v)
        key = tuple(parts)
        try:
            hit = seen.get(key, _UNBOUND)
        except TypeError:
            return interp(e)
        if hit is _UNBOUND:
            hit = seen[key] = compute()
        return hit

    return remembered


def free_names(e: Expr, terms: dict, calling: frozenset[str] = frozenset()
               ) -> frozenset[str] | None:
    """The names `e` reads from its surroundings. A defined term's body is evaluated where it
    is called (it sees the caller's bindings), so a call reads its arguments' names and the
    body's own, less its parameters; None for a recursive call or an unknown node."""
    t = type(e)
    out: frozenset[str] = frozenset()
    if t is Name:
        return frozenset((e.name,))  # type: ignore[union-attr]
    if t is Num or t is BoolLit:
        return out
    if t is Apply:
        parts = e.args  # type: ignore[union-attr]
        term = terms.get(e.fn)  # type: ignore[union-attr]
        if term is not None:
            if term.name in calling:
                return None
            body = free_names(term.body, terms, calling | {term.name})
            if body is None:
                return None
            out = body - {p for p, _ in term.params}
    elif t is Quant:
        inner = free_names(e.body, terms, calling)  # type: ignore[union-attr]
        dom = free_names(e.domain, terms, calling)  # type: ignore[union-attr]
        args = [free_names(a, terms, calling) for a in e.args]  # type: ignore[union-attr]
        if inner is None or dom is None or None in args:
            return None
        return dom.union(*args) | (inner - frozenset(e.names))  # type: ignore[union-attr, arg-type]
    elif t is SetBuilder:
        dom = free_names(e.domain, terms, calling)  # type: ignore[union-attr]
        inner = [free_names(x, terms, calling) for x in (e.condition, e.element)  # type: ignore
                 if x is not None]
        if dom is None or None in inner:
            return None
        return dom | (frozenset().union(*inner) - frozenset(e.names))  # type: ignore
    elif t is Let:
        inner = free_names(e.body, terms, calling)  # type: ignore[union-attr]
        if inner is None:
            return None
        return inner - frozenset(n for n, _ in e.bindings)  # type: ignore[union-attr]
    elif t is Unary:
        parts = (e.operand,)  # type: ignore[union-attr]
    elif t is Binary:
        parts = (e.left, e.right)  # type: ignore[union-attr]
    elif t is Range:
        parts = (e.lo, e.hi)  # type: ignore[union-attr]
    elif t is Product:
        parts = e.factors  # type: ignore[union-attr]
    elif t is Conj or t is SetLit or t is TupleLit:
        parts = e.items  # type: ignore[union-attr]
    else:
        return None  # a node this walk does not know: never remembered
    for part in parts:
        names = free_names(part, terms, calling)
        if names is None:
            return None
        out |= names
    return out


def _map_read(g: Evaluator, e: Apply) -> Thunk:
    interp = g.interp
    table = g.points.get(e.fn)
    if table is None:
        return lambda: interp(e)
    args = [closure(g, a) for a in e.args]
    seen = g.read.get(e.fn)  # the points of a user's map read (`check_read`), or None
    if len(args) == 2:
        a0, a1 = args

        def read2() -> Any:
            i, j = a0(), a1()
            if type(i) is int and type(j) is int:
                key = (i, j)
                v = table.get(key)
                if v is not None:
                    if seen is not None:
                        seen.add(key)
                    return v
            return interp(e)

        return read2
    if len(args) == 1:
        (a0,) = args

        def read1() -> Any:
            i = a0()
            if type(i) is int:
                key = (i,)
                v = table.get(key)
                if v is not None:
                    if seen is not None:
                        seen.add(key)
                    return v
            return interp(e)

        return read1

    def read() -> Any:
        idx = tuple(a() for a in args)
        if all(type(i) is int for i in idx):
            v = table.get(idx)
            if v is not None:
                if seen is not None:
                    seen.add(idx)
                return v
        return interp(e)

    return read


def _binary(g: Evaluator, e: Binary) -> Thunk:  # noqa: C901
    interp = g.interp
    op = e.op
    left, right = closure(g, e.left), closure(g, e.right)
    if op in ("+", "⨫"):
        sign = 1 if op == "+" else -1

        def plus() -> Any:
            a, b = left(), right()
            ta, tb = type(a), type(b)
            if ta is int and tb is int:
                r = a + sign * b
                if -_M <= r <= _M:
                    return r
            elif ta in _ARITH and tb in _ARITH:
                r = add(a, b, sign)
                if past_range(r) is None:
                    return r
            return interp(e)

        return plus
    if op == "·":

        def times() -> Any:
            a, b = left(), right()
            ta, tb = type(a), type(b)
            if ta is int and tb in _ARITH:
                r = scale(b, a)
            elif tb is int and ta is Lin:
                r = scale(a, b)
            else:
                return interp(e)
            if type(r) is int:
                if -_M <= r <= _M:
                    return r
            elif past_range(r) is None:
                return r
            return interp(e)

        return times
    if op in ("=", "¬=", "<", "<=", ">", ">="):
        atom = g.atom
        shift = {"<": 1, ">": -1}.get(op, 0)
        cop = {"<": "<=", ">": ">="}.get(op, op)
        test = _TESTS[op]

        def compare() -> Any:
            a, b = left(), right()
            ta, tb = type(a), type(b)
            if ta is int and tb is int:
                return test(a, b)
            if ta in _ARITH and tb in _ARITH:
                d = add(a, b, -1)
                if type(d) is int:
                    return test(d, 0)
                return atom(cop, Lin(d.terms, d.const + shift) if shift else d)
            return interp(e)

        return compare
    if op == "∈" and type(e.right) in (SetLit, Range):
        return _membership(g, e, left)
    if op == "∧":

        def both() -> Any:
            a = left()
            if a is False:
                return False
            b = right()
            if a is True and (b is True or b is False or type(b) in _FORMULAS):
                return b
            if type(a) not in _FORMULAS:
                return interp(e)
            if b is True:
                return a
            if b is False:
                return False
            if type(b) not in _FORMULAS:
                return interp(e)
            items = (*(a.items if type(a) is And else (a,)),
                     *(b.items if type(b) is And else (b,)))
            return And(items)

        return both
    if op == "∨":

        def either() -> Any:
            a = left()
            if a is True:
                return True
            b = right()
            if b is True and (a is False or type(a) in _FORMULAS):
                return True
            if a is False and (b is False or type(b) in _FORMULAS):
                return b
            if type(a) not in _FORMULAS:
                return interp(e)
            if b is False:
                return a
            if type(b) not in _FORMULAS:
                return interp(e)
            items = (*(a.items if type(a) is Or else (a,)),
                     *(b.items if type(b) is Or else (b,)))
            return Or(items)

        return either
    if op == "⇒":

        def implies() -> Any:
            a = left()
            if a is False:
                return True
            b = right()
            if a is True and (b is True or b is False or type(b) in _FORMULAS):
                return b
            if type(a) not in _FORMULAS:
                return interp(e)
            if b is True:
                return True
            if b is False:
                return Not(a)
            if type(b) not in _FORMULAS:
                return interp(e)
            return Implies(a, b)

        return implies
    if op == "⇐⇒":

        def iff() -> Any:
            a, b = left(), right()
            ca, cb = a is True or a is False, b is True or b is False
            fa, fb = ca or type(a) in _FORMULAS, cb or type(b) in _FORMULAS
            if not (fa and fb):
                return interp(e)
            if ca and cb:
                return a == b
            if ca:
                return b if a else Not(b)
            if cb:
                return a if b else Not(a)
            return Iff(a, b)

        return iff
    return lambda: interp(e)


def _membership(g: Evaluator, e: Binary, element: Thunk) -> Thunk:
    """`x ∈ {…}` with a literal set or range: the set's domain is built once per distinct
    value of its bounds, not once per binding."""
    interp = g.interp
    s = e.right
    if type(s) is SetLit and all(type(i) is Num for i in s.items):  # type: ignore[union-attr]
        fixed = Domain.of([i.value for i in s.items])  # type: ignore[union-attr]

        def domain() -> Domain | None:
            return fixed
    elif type(s) is Range:
        lo, hi = closure(g, s.lo), closure(g, s.hi)  # type: ignore[union-attr]
        seen: dict[tuple[int, int], Domain] = {}

        def domain() -> Domain | None:
            a, b = lo(), hi()
            if type(a) is not int or type(b) is not int:
                return None
            d = seen.get((a, b))
            if d is None:
                d = seen[(a, b)] = Domain.range(a, b)
            return d
    else:
        return lambda: interp(e)

    def member() -> Any:
        x = element()
        tx = type(x)
        if tx is not int and tx is not Lin:
            return interp(e)
        d = domain()
        if d is None:
            return interp(e)
        return x in d if tx is int else InSet(x, d)

    return member


def _quantifier(g: Evaluator, q: Quant) -> Thunk:
    body = closure(g, q.body)
    interp = g.interp
    universal = q.kind == "∀"

    def quantify() -> Any:
        parts: list[Any] = []
        for _ in g.iterate(q):
            v = body()
            if v is True or v is False:
                if v is not universal:
                    return v
                continue
            if type(v) not in _FORMULAS:
                return interp(q)
            parts.append(v)
        if not parts:
            return universal
        if len(parts) == 1:
            return parts[0]
        return And(tuple(parts)) if universal else Or(tuple(parts))

    return quantify
