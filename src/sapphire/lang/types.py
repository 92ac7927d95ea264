"""Static types of Sapphire expressions: booleans, integers and collections.

The checker runs before grounding, so a boolean used as a number is reported even in a branch
that constant folding would later remove, and every `term` body is checked against its
declared result type. Unknown types (a name bound to something the checker cannot see) are
accepted everywhere; the grounder still checks values as it folds them.
"""

from __future__ import annotations

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

    def report(self, message: str, span: Span, hint: str) -> None:
        self.problems.append(Diagnostic("type", message, span, hint,
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
                self.want(e.left, BOOL, env)
                self.want(e.right, BOOL, env)
                return BOOL
            if e.op in _ARITH:
                self.want(e.left, INT, env)
                self.want(e.right, INT, env)
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
            return self.infer(e.body, inner)
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
                         "Σ": INT, "distinct": INT, "accepted": INT}[e.kind]
            for a in e.args:
                self.infer(a, env)
            self.want(e.body, body_type, inner)
            return INT if e.kind in ("Σ", "#") else BOOL
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
            self.report(f"term '{t.name}' is declared :{t.result} but its body is a {got}",
                        t.body.span, f"make the body a {want}, or change the declared type")


def _children(e: Expr) -> list[Expr]:
    if isinstance(e, SetLit):
        return list(e.items)
    if isinstance(e, Range):
        return [e.lo, e.hi]
    return []


def check_program(program: Program, constants: dict[str, Any] | None = None,
                  terms: tuple[TermDef, ...] = ()) -> None:
    """Raise a SapphireError listing every type error of the program and its terms."""
    all_terms = {t.name: t for t in (*terms, *program.terms)}
    checker = _Checker(program.source, all_terms)
    for t in program.terms:
        checker.term(t)
    env = {n: type_of_value(v) for n, v in (constants or {}).items()}
    for c in (*program.constraints, *program.implied):
        checker.want(c, BOOL, env)
    if checker.problems:
        raise SapphireError(checker.problems)


def check_terms(terms: tuple[TermDef, ...], source: str) -> None:
    """Type-check term definitions on their own (a library's prelude)."""
    checker = _Checker(source, {t.name: t for t in terms})
    for t in terms:
        checker.term(t)
    if checker.problems:
        raise SapphireError(checker.problems)
