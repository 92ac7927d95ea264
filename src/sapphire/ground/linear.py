"""Linear-expression arithmetic on `Lin`, with integers standing for constant expressions."""

from __future__ import annotations

from sapphire.lang.syntax import MAX_INTEGER
from sapphire.model import Cmp, Lin

IntTerm = int | Lin


def as_lin(x: IntTerm) -> Lin:
    return x if isinstance(x, Lin) else Lin((), x)


def add(a: IntTerm, b: IntTerm, sign: int = 1) -> IntTerm:
    """a + sign·b, folded to an int when both are constants."""
    ta, tb = type(a), type(b)
    if tb is int:
        if ta is int:
            return a + sign * b  # type: ignore[operator]
        return Lin(a.terms, a.const + sign * b)  # type: ignore[union-attr, operator]
    bterms = b.terms  # type: ignore[union-attr]
    if sign != 1:
        bterms = tuple((v, sign * c) for v, c in bterms)
    if ta is int:
        return Lin(bterms, a + sign * b.const)  # type: ignore[union-attr, operator]
    aterms = a.terms  # type: ignore[union-attr]
    const = a.const + sign * b.const  # type: ignore[union-attr]
    if len(aterms) == 1 and len(bterms) == 1:  # the common case: one point against another
        (va, ca), (vb, cb) = aterms[0], bterms[0]
        if va != vb:
            return Lin((aterms[0], bterms[0]), const)
        return Lin(((va, ca + cb),), const) if ca + cb else const
    if not aterms:
        return Lin(bterms, const) if bterms else const
    coefs: dict[int, int] = dict(aterms)
    for v, c in bterms:
        coefs[v] = coefs.get(v, 0) + c
    terms = tuple((v, c) for v, c in coefs.items() if c)
    return Lin(terms, const) if terms else const


def scale(a: IntTerm, k: int) -> IntTerm:
    if isinstance(a, int):
        return a * k
    if k == 0:
        return 0
    return Lin(tuple((v, c * k) for v, c in a.terms), a.const * k)


def total(items: list[IntTerm]) -> IntTerm:
    """The sum of many terms, merged in one pass."""
    const = 0
    coefs: dict[int, int] = {}
    for x in items:
        if isinstance(x, int):
            const += x
        else:
            const += x.const
            for v, c in x.terms:
                coefs[v] = coefs.get(v, 0) + c
    terms = tuple((v, c) for v, c in coefs.items() if c)
    return Lin(terms, const) if terms else const


def past_range(x: IntTerm) -> str | None:
    """None when `x` is a number within ±`MAX_INTEGER`, or a linear term whose constant and
    coefficients all are; otherwise what is past it ("is 10", "has the coefficient 10")."""
    m = MAX_INTEGER
    if type(x) is int:
        return None if -m <= x <= m else f"is {x}"  # type: ignore[operator]
    if not -m <= x.const <= m:  # type: ignore[union-attr]
        return f"has the constant term {x.const}"  # type: ignore[union-attr]
    for _, c in x.terms:  # type: ignore[union-attr]
        if not -m <= c <= m:
            return f"has the coefficient {c}"
    return None


def holds(op: str, value: int) -> bool:
    """Whether `value op 0` holds, for a comparison that folded to a constant."""
    return {"=": value == 0, "¬=": value != 0, "<": value < 0, "<=": value <= 0,
            ">": value > 0, ">=": value >= 0}[op]


_FLIP = {"<=": ">=", ">=": "<=", "=": "=", "¬=": "¬="}


def comparison(op: str, lin: Lin) -> Cmp:
    """`lin op 0` in one canonical form (terms by variable, first coefficient positive), so
    the same constraint written twice grounds to equal formulas."""
    terms = lin.terms
    if len(terms) > 1:
        terms = tuple(sorted(terms))
    if terms and terms[0][1] < 0:
        return Cmp(_FLIP[op], Lin(tuple((v, -c) for v, c in terms), -lin.const))
    return Cmp(op, Lin(terms, lin.const) if terms is not lin.terms else lin)
