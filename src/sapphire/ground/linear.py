"""Linear-expression arithmetic on `Lin`, with integers standing for constant expressions."""

from __future__ import annotations

from sapphire.ground.model import Cmp, Lin

IntTerm = int | Lin


def as_lin(x: IntTerm) -> Lin:
    return x if isinstance(x, Lin) else Lin((), x)


def add(a: IntTerm, b: IntTerm, sign: int = 1) -> IntTerm:
    """a + sign·b, folded to an int when both are constants."""
    if isinstance(a, int) and isinstance(b, int):
        return a + sign * b
    la, lb = as_lin(a), as_lin(b)
    if not lb.terms:
        return Lin(la.terms, la.const + sign * lb.const)
    coefs: dict[int, int] = dict(la.terms)
    for v, c in lb.terms:
        coefs[v] = coefs.get(v, 0) + sign * c
    terms = tuple((v, c) for v, c in coefs.items() if c)
    const = la.const + sign * lb.const
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
