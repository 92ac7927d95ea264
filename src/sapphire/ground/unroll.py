"""Quantifier unrolling and its budget: bindings, the deadline, and the count of what a ∀
will walk, taken before it is walked so that a size typed wrong stops at once."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from sapphire.deadline import Deadline
from sapphire.diagnostics import SapphireError, Span
from sapphire.ground.closures import NotConstant as _NotConstant
from sapphire.ground.closures import free_names
from sapphire.ground.facts import reads_nothing
from sapphire.lang.syntax import (
    Binary,
    Conj,
    Expr,
    Let,
    Name,
    Product,
    Quant,
    Range,
    SetBuilder,
    SetLit,
    TupleLit,
)
from sapphire.model import Origin

Value = Any  # int | bool | Lin | Formula | tuple | list

MAX_BINDINGS = 20_000_000
"""The most quantifier bindings one grounding may unroll (both passes, facts and constraints),
counted by domain size before each domain is walked; a ∀ counts the ∀s that each of its
bindings walks with it (`Unrolling.inner_bindings`), and a read at a variable index counts a
row per index value. The corpus's largest models take under a million (a 20×36 Nurikabe
0.39 M, a 30×30 Nonogram 0.64 M, a 16×16 chaos construction 0.69 M); a size typed wrong in
the data (`"m": 1000000000`, or 10000 for both sides of a board) stops at once with an error
instead of unrolling for hours or running out of memory."""


class TimeUp(Exception):  # noqa: N818 - an outcome, not a fault
    """The time limit passed while grounding: the search has no time left to start."""


class Unrolling:
    """How `Grounder` binds quantified names, and what that may cost."""

    def init_unrolling(self, deadline: Deadline) -> None:
        self.deadline = deadline
        """When grounding stops (`TimeUp`), checked as the budget is spent."""
        self.bindings: list[tuple[str, Value]] = []
        """The quantifier bindings in force, outermost first, for messages and provenance."""
        self.bindings_left = MAX_BINDINGS
        """What remains of `MAX_BINDINGS` for this grounding."""
        self.inner_memo: dict[int, tuple[tuple[Quant, frozenset[str], bool], ...]] = {}
        """Per ∀ node, the ∀s inside it that each of its bindings walks (`inner_foralls`)."""

    def spend(self, count: int, span: Span) -> None:
        """Take `count` bindings (or product members) from the budget, or fail at `span`; stop
        when the deadline has passed."""
        if self.deadline.expired():
            raise TimeUp
        self.bindings_left -= count
        if self.bindings_left < 0:
            raise self.fail(
                "too-large", f"unrolling goes past {MAX_BINDINGS:,} bindings of quantifiers, "
                f"here over {count:,} values{self.with_bindings()}", span,
                hint="check the sizes in the data or the case for a typo; a model this large "
                "would not solve")

    def where(self, span: Span) -> str:
        return f"{span}{self.with_bindings()}"

    def with_bindings(self) -> str:
        """` with a=1, b=2` for the quantifier bindings in force, or nothing."""
        if not self.bindings:
            return ""
        return " with " + ", ".join(f"{k}={_shown(v)}" for k, v in self.bindings)

    def origin(self, span: Span) -> Origin:
        return Origin(span, tuple((k, v) for k, v in self.bindings if isinstance(v, int | tuple)))

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
                if not k & 63 and deadline.expired():
                    raise TimeUp
                if q.tuple_binder:
                    if not isinstance(v, tuple) or len(v) != len(names):
                        raise self.fail(
                            "binder-arity", f"the binder ⟨{' '.join(names)}⟩ takes "
                            f"{len(names)} components, the domain gives {_shown(v)}", q.span)
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
    `Unrolling.inner_foralls`), each with the names lets on the way bind."""
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
    of these (see `Unrolling.cheap_domain`)."""
    t = type(e)
    if t is Range:
        return reads_nothing(e.lo) and reads_nothing(e.hi)  # type: ignore[union-attr]
    if t is SetLit:
        return all(reads_nothing(i) or (type(i) is TupleLit and all(
            reads_nothing(x) for x in i.items))  # type: ignore[union-attr]
            for i in e.items)  # type: ignore[union-attr]
    if t is Product:
        return all(_cheap_shape(f) for f in e.factors)  # type: ignore[union-attr]
    return t is Name


def _shown(v: Value) -> str:
    if isinstance(v, tuple):
        return "⟨" + " ".join(_shown(x) for x in v) + "⟩"
    return str(v)


