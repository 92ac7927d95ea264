"""Static types of Sapphire expressions: booleans, integers and collections.

The checker runs before grounding, so a boolean used as a number is reported even in a branch
that constant folding would later remove, and every `term` body is checked against its
declared result type. Unknown types (a name bound to something the checker cannot see) are
accepted everywhere; the grounder still checks values as it folds them.

Beside types it checks what the grounder takes for granted: a term is called with as many
arguments as it has parameters and never calls itself, directly or through other terms (terms
are expanded in place, so a recursive one would expand forever), and each free name is used one
way throughout the program: a scalar, or a map read with a fixed number of arguments.

Every walk here keeps its own stack or loops along operator chains, so that a long chain such
as a sum of hundreds of terms does not recurse once per operator.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sapphire.diagnostics import Diagnostic, SapphireError, Span, source_line
from sapphire.lang.syntax import (
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
    Program,
    Quant,
    Range,
    SetBuilder,
    SetLit,
    TermDef,
    TupleLit,
    TypeExpr,
    Unary,
)

BOOL, INT, TUPLE = "boolean", "integer", "tuple"
Type = str | None  # None: not known statically

_LOGIC = {"∧", "∨", "⇒", "⇐⇒"}
_ARITH = {"+", "⨫", "·", "÷", "mod"}
_COMPARE = {"=", "¬=", "<", "<=", ">", ">="}


def _tops(program: Program) -> tuple[Expr, ...]:
    """The program's top-level constraints: its own, its implied facts, its guides and when
    they settle the count, which are all typed and checked alike."""
    return (*program.constraints, *program.implied, *program.guides, *program.settles)


def type_of_value(v: Any) -> Type:
    """The type of a constant bound by data or by the meaning stage."""
    if isinstance(v, bool):
        return BOOL
    if isinstance(v, int):
        return INT
    if isinstance(v, tuple):
        return TUPLE
    if isinstance(v, Let):
        return BOOL  # a rule's meaning, bound by a `rules` parameter
    if isinstance(v, list | range):
        first = next(iter(v), None)
        inner = type_of_value(first) if first is not None else None
        return f"list<{inner}>" if inner else "list<?>"
    return None


def _from_type_expr(t: TypeExpr) -> Type:
    if t.name in ("boolean", "bool"):
        return BOOL
    if t.name in ("integer", "int"):
        return INT
    if t.name in ("cell", "position"):
        return TUPLE
    if t.name in ("list", "set"):
        inner = _from_type_expr(t.arg) if t.arg else None
        return f"list<{inner or '?'}>"
    return None


def _element(t: Type) -> Type:
    if t and t.startswith("list<"):
        inner = t[5:-1]
        return None if inner == "?" else inner
    return None


class _Checker:
    def __init__(self, source: str, terms: dict[str, TermDef]) -> None:
        self.source = source
        self.terms = terms
        self.problems: list[Diagnostic] = []
        self.lets: dict[tuple[Any, frozenset[tuple[str, Type]]], tuple[Type, list[Diagnostic]]] = {}
        """A let's body checked in one typing of the names it sees: its type and the problems
        found, by `_body_key`. The rule lines of one kind share their meaning's nodes, each
        under a let of its own cells and parameters, which type alike."""

    def report(self, message: str, span: Span, hint: str, kind: str = "type") -> None:
        self.problems.append(Diagnostic(kind, message, span, hint,
                                        source_line(self.source, span.line)))

    def want(self, e: Expr, want: str, env: dict[str, Type]) -> None:
        got = self.infer(e, env)
        if got is None or got == want:
            return
        if want == INT and got == BOOL:
            self.report("a boolean is used as a number", e.span,
                        "a condition has no numeric value; count it with #x∈S: p")
        elif want == BOOL and got == INT:
            self.report("a number is used where a condition (boolean) is expected", e.span,
                        "compare it, e.g. x = 1")
        else:
            self.report(f"expected {want}, found {got}", e.span,
                        "check the operator's operands")

    def infer(self, e: Expr, env: dict[str, Type]) -> Type:  # noqa: C901 - one case per node
        if isinstance(e, Num):
            return INT
        if isinstance(e, BoolLit):
            return BOOL
        if isinstance(e, Name):
            return env[e.name] if e.name in env else INT
        if isinstance(e, Apply):
            term = self.terms.get(e.fn)
            if term is None:
                for a in e.args:
                    self.want(a, INT, env)
                return INT
            if len(term.params) != len(e.args):
                self.report(f"'{term.name}' takes {_count(len(term.params), 'argument')}, "
                            f"found {len(e.args)}", e.span,
                            f"term '{term.name}' is defined at {_where(term.span, e.span)}",
                            kind="arity")
            for (_p, pt), a in zip(term.params, e.args, strict=False):
                want = _from_type_expr(pt)
                if want in (BOOL, INT):
                    self.want(a, want, env)
                else:
                    self.infer(a, env)
            return _from_type_expr(term.result)
        if isinstance(e, Unary):
            self.want(e.operand, BOOL if e.op == "¬" else INT, env)
            return BOOL if e.op == "¬" else INT
        if isinstance(e, Binary):
            if e.op in _LOGIC:
                for operand in _chain(e, _LOGIC):
                    self.want(operand, BOOL, env)
                return BOOL
            if e.op in _ARITH:
                for operand in _chain(e, _ARITH):
                    self.want(operand, INT, env)
                return INT
            if e.op in _COMPARE:
                lt, rt = self.infer(e.left, env), self.infer(e.right, env)
                for side, t in ((e.left, lt), (e.right, rt)):
                    if t == BOOL:
                        self.report("a boolean is compared as a number", side.span,
                                    "to say two conditions agree, use ⇐⇒")
                return BOOL
            if e.op == "∈":
                self.want(e.left, INT, env)
                self.infer(e.right, env)
                return BOOL
        if isinstance(e, Conj):
            for it in e.items:
                self.want(it, BOOL, env)
            return BOOL
        if isinstance(e, Product):
            for f in e.factors:
                self.infer(f, env)
            return f"list<{TUPLE}>"
        if isinstance(e, SetLit | Range):
            for child in _children(e):
                self.want(child, INT, env)
            return "list<integer>"
        if isinstance(e, TupleLit):
            for it in e.items:
                self.infer(it, env)
            return TUPLE
        if isinstance(e, Let):
            inner = {**env, **{n: type_of_value(v) for n, v in e.bindings}}
            key = (_body_key(e.body), frozenset(inner.items()))
            hit = self.lets.get(key)
            if hit is not None:  # the same problems again, as a walk of the body would find
                self.problems.extend(hit[1])
                return hit[0]
            start = len(self.problems)
            got = self.infer(e.body, inner)
            self.lets[key] = (got, self.problems[start:])
            return got
        if isinstance(e, SetBuilder):
            dom = self.infer(e.domain, env)
            inner = self.bound(e, dom, env)
            if e.condition is not None:
                self.want(e.condition, BOOL, inner)
            if e.element is not None:
                return f"list<{self.infer(e.element, inner) or '?'}>"
            return dom if dom and dom.startswith("list<") else "list<?>"
        if isinstance(e, Quant):
            inner = self.bound(e, self.infer(e.domain, env), env)
            body_type = {"∀": BOOL, "∃": BOOL, "#": BOOL, "connected": BOOL,
                         "Σ": INT, "Π": INT, "distinct": INT, "sized": INT,
                         "accepted": INT}[e.kind]
            for a in e.args:
                self.infer(a, env)
            self.want(e.body, body_type, inner)
            return INT if e.kind in ("Σ", "Π", "#") else BOOL
        return None

    @staticmethod
    def bound(e: Quant | SetBuilder, dom: Type, env: dict[str, Type]) -> dict[str, Type]:
        """`env` with the binder's names typed as members (or components) of `dom`."""
        inner = dict(env)
        if e.tuple_binder:
            comp = INT if isinstance(e.domain, Product | Range | SetLit) else None
            inner.update({n: comp for n in e.names})
        else:
            elem = _element(dom)
            inner[e.names[0]] = elem if elem != TUPLE else TUPLE
        return inner

    def term(self, t: TermDef) -> None:
        env = {p: _from_type_expr(pt) for p, pt in t.params}
        want = _from_type_expr(t.result)
        got = self.infer(t.body, env)
        if want is not None and got is not None and want != got and want in (BOOL, INT):
            self.report(f"term '{t.name}' is declared :{t.result} but its body is "
                        f"{_article(got)} {got}", t.body.span,
                        f"make the body {_article(want)} {want}, or change the declared type")


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _chain(e: Binary, ops: set[str]) -> list[Expr]:
    """The operands, left to right, of the chain of `ops` operators rooted at `e`: the leaves
    of `a+b+c+…` without recursing once per operator."""
    out: list[Expr] = []
    stack: list[Expr] = [e]
    while stack:
        x = stack.pop()
        if isinstance(x, Binary) and x.op in ops:
            stack.append(x.right)
            stack.append(x.left)
        else:
            out.append(x)
    return out


def _parts(e: Expr) -> tuple[Expr, ...]:
    """The direct subexpressions of `e`, in source order."""
    if isinstance(e, Apply):
        return e.args
    if isinstance(e, Unary):
        return (e.operand,)
    if isinstance(e, Binary):
        return (e.left, e.right)
    if isinstance(e, Conj | SetLit | TupleLit):
        return e.items
    if isinstance(e, Range):
        return (e.lo, e.hi)
    if isinstance(e, Product):
        return e.factors
    if isinstance(e, SetBuilder):
        return tuple(x for x in (e.element, e.domain, e.condition) if x is not None)
    if isinstance(e, Quant):
        return (*e.args, e.domain, e.body)
    if isinstance(e, Let):
        return (*(v for _n, v in e.bindings if isinstance(v, Node)), e.body)  # type: ignore
    return ()


def _where(span: Span, here: Span) -> str:
    """`span` as LINE:COL, with its file when it is not the file of `here`."""
    return f"{span.line}:{span.col}" if span.file == here.file else str(span)


def _calls(t: TermDef, terms: dict[str, TermDef]) -> list[Apply]:
    """The calls of terms in `t`'s body, in source order."""
    out: list[Apply] = []
    stack: list[Expr] = [t.body]
    while stack:
        e = stack.pop()
        if isinstance(e, Apply) and e.fn in terms:
            out.append(e)
        stack.extend(reversed(_parts(e)))
    return out


def term_cycle(terms: dict[str, TermDef], source: str | None,
               path: str | None = None) -> Diagnostic | None:
    """A term that calls itself, directly or through other terms, if there is one: an error at
    the call that closes the cycle, naming the cycle. Terms are expanded where they are called,
    so a recursive term would expand without end. `source` is the text of the file `path`
    (None: of every term)."""
    calls = {name: _calls(t, terms) for name, t in terms.items()}
    state: dict[str, bool] = {}
    """A term being explored (False) or explored without finding a cycle (True)."""
    for root in terms:
        if root in state:
            continue
        state[root] = False
        trail = [root]
        stack = [iter(calls[root])]
        while stack:
            call = next(stack[-1], None)
            if call is None:
                state[trail.pop()] = True
                stack.pop()
                continue
            done = state.get(call.fn)
            if done is None:
                state[call.fn] = False
                trail.append(call.fn)
                stack.append(iter(calls[call.fn]))
            elif not done:
                # the call sits in the body of trail[-1]; start the cycle there
                cycle = trail[trail.index(call.fn):]
                k = len(cycle) - 1
                cycle = [*cycle[k:], *cycle[:k]]
                chain = " → ".join([*cycle, cycle[0]])
                caller = cycle[0]
                message = (f"term '{caller}' calls itself: {chain}" if len(cycle) == 1 else
                           f"term '{caller}' calls itself through "
                           + ", ".join(f"'{n}'" for n in cycle[1:]) + f": {chain}")
                return Diagnostic(
                    "recursive-term", message, call.span,
                    "terms are expanded in place where they are called, so a term cannot "
                    "call itself, directly or through other terms; unroll it, or use a "
                    "quantifier (∀ Σ #) over a range",
                    source_line(source, call.span.line)
                    if path is None or call.span.file == path else None,
                )
    return None


def _name_uses(roots: Iterable[tuple[Expr, frozenset[str]]], terms: dict[str, TermDef],
               ) -> tuple[list[tuple[str, int, Span]], set[str]]:
    """Every use of a free name in `roots` (each with the names bound around it) as
    (name, number of arguments, where): 0 for a scalar `x`, k for a map read `⦗x a…⦘`; and the
    terms called."""
    uses: list[tuple[str, int, Span]] = []
    called: set[str] = set()
    lets: dict[tuple[Any, frozenset[str]], list[tuple[str, int, Span]]] = {}
    """The uses in a let's body walked with one set of bound names, by `_body_key` (the rule
    lines of one kind share their meaning's nodes): a body met again adds them again without
    a walk, in the same place of the order."""
    stack: list[Any] = list(reversed(list(roots)))
    while stack:
        e, bound = stack.pop()
        children: list[Any]
        if e is _BODY:  # a let's body: walked once per set of bound names
            body, inner = bound
            key = (_body_key(body), inner)
            hit = lets.get(key)
            if hit is not None:
                uses.extend(hit)
                continue
            children = [(body, inner), (_DONE, (key, len(uses)))]
        elif e is _DONE:  # the end of a body's walk: remember its uses
            key, start = bound
            lets[key] = uses[start:]
            continue
        elif isinstance(e, Name):
            if e.name not in bound and e.name not in terms:
                uses.append((e.name, 0, e.span))
            children = []
        elif isinstance(e, Apply):
            if e.fn in terms:
                called.add(e.fn)
            else:  # a map's name is never a bound variable's, even when they are spelt alike
                uses.append((e.fn, len(e.args), e.span))
            children = [(a, bound) for a in e.args]
        elif isinstance(e, Quant):
            inner = bound | frozenset(e.names)
            children = [*((a, bound) for a in e.args), (e.domain, bound), (e.body, inner)]
        elif isinstance(e, SetBuilder):
            inner = bound | frozenset(e.names)
            children = [(x, inner if x is not e.domain else bound) for x in _parts(e)]
        elif isinstance(e, Let):
            inner = bound | frozenset(n for n, _v in e.bindings)
            children = [*((v, bound) for _n, v in e.bindings if isinstance(v, Node)),
                        (_BODY, (e.body, inner))]  # type: ignore[misc]
        else:
            children = [(x, bound) for x in _parts(e)]
        stack.extend(reversed(children))
    return uses, called


def _body_key(body: Expr) -> tuple[Any, ...]:
    """A let's body by identity: the node, or for a block the nodes it joins (a meaning of
    several lines is joined anew for each rule line, its lines shared). A block itself has
    no type of its own to get wrong and reads no name, so its items say all."""
    if type(body) is Conj:
        return ("∧", *map(id, body.items))
    return (id(body),)


_BODY, _DONE = object(), object()
"""Marks on `_name_uses`'s stack: a let's body to walk (or not, when walked before), and the
end of such a walk."""


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _describe_use(name: str, arity: int) -> str:
    if arity == 0:
        return f"a scalar '{name}'"
    return f"a map read ⦗{name} …⦘ with {_count(arity, 'argument')}"


def name_arities(program: Program, terms: tuple[TermDef, ...] = ()) -> dict[str, int]:
    """Each free name the program reads, with its number of arguments at its first use: 0 for
    a scalar, k for a map read `⦗x a…⦘` (the data it is given must have this shape)."""
    all_terms = {t.name: t for t in (*terms, *program.terms)}
    roots = [(t.body, frozenset(p for p, _t in t.params)) for t in program.terms]
    roots += [(c, frozenset()) for c in _tops(program)]
    out: dict[str, int] = {}
    for name, arity, _span in _name_uses(roots, all_terms)[0]:
        out.setdefault(name, arity)
    return out


def free_scalars(exprs: Iterable[Expr], bound: frozenset[str],
                 terms: Iterable[TermDef] = ()) -> list[tuple[str, Span]]:
    """Each scalar name `exprs` read without binding it (beyond the names `bound` around
    them, and the `terms`), with where it is first read: what a rule's meaning reads of
    neither its parameters nor the prelude."""
    uses, _ = _name_uses([(e, bound) for e in exprs], {t.name: t for t in terms})
    first: dict[str, Span] = {}
    for name, arity, span in uses:
        if arity == 0:
            first.setdefault(name, span)
    return list(first.items())


def constant_names(program: Program) -> frozenset[str]:
    """The free names the program reads where only a constant will do: in a range's bounds,
    a quantifier's or set-builder's domain, or a set or tuple literal. A domain cannot make
    them constant, so they are parameters that the data gives (the seed's `n` and `m`)."""
    found: set[str] = set()
    stack: list[tuple[Expr, frozenset[str], bool]] = [
        (t.body, frozenset(p for p, _t in t.params), False) for t in program.terms]
    stack += [(c, frozenset(), False) for c in _tops(program)]
    while stack:
        e, bound, constant = stack.pop()
        if isinstance(e, Name):
            if constant and e.name not in bound:
                found.add(e.name)
        elif isinstance(e, Quant | SetBuilder):
            inner = bound | frozenset(e.names)
            stack.append((e.domain, bound, True))
            stack.extend((x, inner, constant) for x in _parts(e) if x is not e.domain)
        elif isinstance(e, Let):
            inner = bound | frozenset(n for n, _v in e.bindings)
            stack.extend((v, bound, constant) for _n, v in e.bindings if isinstance(v, Node))
            stack.append((e.body, inner, constant))
        else:
            inside = constant or isinstance(e, Range | SetLit | TupleLit | Product)
            stack.extend((x, bound, inside) for x in _parts(e))
    return frozenset(found)


def name_use_problems(program: Program, constants: Iterable[str],
                      terms: dict[str, TermDef]) -> list[Diagnostic]:
    """Names used two ways: as a scalar and as a map, or as a map read with different numbers
    of arguments. The grounder would keep them apart and drop one from the answer; each is an
    error at its first use that disagrees with the first use of the name."""
    consts = frozenset(constants)
    roots: list[tuple[Expr, frozenset[str]]] = [
        (t.body, consts | frozenset(p for p, _t in t.params)) for t in program.terms]
    roots += [(c, consts) for c in _tops(program)]
    uses, called = _name_uses(roots, terms)
    walked = {t.name for t in program.terms}
    todo = sorted(called - walked)
    while todo:  # the library's terms this program calls, and the terms they call
        walked.update(todo)
        more, called = _name_uses(
            [(terms[n].body, consts | frozenset(p for p, _t in terms[n].params))
             for n in todo], terms)
        uses += more
        todo = sorted(called - walked)

    def order(use: tuple[str, int, Span]) -> tuple[int, str, int, int]:
        span = use[2]
        return (span.file != program.path, span.file, span.line, span.col)

    first: dict[str, tuple[str, int, Span]] = {}
    reported: set[str] = set()
    problems: list[Diagnostic] = []
    for use in sorted(uses, key=order):
        name, arity, span = use
        before = first.setdefault(name, use)
        if before[1] == arity or name in reported:
            continue
        reported.add(name)
        where = _where(before[2], span)
        if arity and before[1]:
            message = (f"map '{name}' is read with {_count(arity, 'argument')} here, but with "
                       f"{before[1]} at {where}")
        else:
            message = (f"'{name}' is used here as {_describe_use(name, arity)}, but first as "
                       f"{_describe_use(name, before[1])} at {where}")
        problems.append(Diagnostic(
            "name-use", message, span,
            "a name is either a scalar or a map read with a fixed number of arguments, "
            "throughout the program; rename one of the two",
            source_line(program.source, span.line) if span.file == program.path else None,
        ))
    return problems


def _children(e: Expr) -> list[Expr]:
    if isinstance(e, SetLit):
        return list(e.items)
    if isinstance(e, Range):
        return [e.lo, e.hi]
    return []


def typecheck_program(program: Program, constants: dict[str, Any] | None = None,
                  terms: tuple[TermDef, ...] = ()) -> None:
    """Raise a SapphireError listing every type error of the program and its terms."""
    all_terms = {t.name: t for t in (*terms, *program.terms)}
    recursion = term_cycle(all_terms, program.source, program.path)
    if recursion is not None:
        raise SapphireError([recursion])
    checker = _Checker(program.source, all_terms)
    for t in program.terms:
        checker.term(t)
    env = {n: type_of_value(v) for n, v in (constants or {}).items()}
    for c in _tops(program):
        checker.want(c, BOOL, env)
    checker.problems += name_use_problems(program, env, all_terms)
    if checker.problems:
        raise SapphireError(checker.problems)


def check_terms(terms: tuple[TermDef, ...], source: str) -> None:
    """Type-check term definitions on their own (a library's prelude)."""
    by_name = {t.name: t for t in terms}
    recursion = term_cycle(by_name, source)
    if recursion is not None:
        raise SapphireError([recursion])
    checker = _Checker(source, by_name)
    for t in terms:
        checker.term(t)
    if checker.problems:
        raise SapphireError(checker.problems)
