"""Counts of 0/1 variables against a small bound, written as clauses.

A count `Σx op k` over 0/1 variables with unit coefficients (a row's lamps at most one, a
clue's neighbours at least one) says that at most none or one of their literals hold, or at
least one or all of them: a clause, units, or an at-most-one, which propagate fully and add
at most a ladder of new literals. A layered graph of partial sums, which serves every other
sum, costs far more to build for these, the most common counts of all.
"""

from __future__ import annotations

from sapphire.builtins.base import SatLowering
from sapphire.model import Cmp, InSet


def bounds(f: Cmp, n: int, negated: bool) -> tuple[int, int] | None:
    """The least and most of the n variables' total that `f` (or `¬f`) allows, when it is a
    range (`=`, `<=`, `>=`, `<`, `>`); None otherwise."""
    k = -f.lin.const  # Σx op k
    op = f.op
    if negated:
        op = {"<=": ">", ">=": "<", "<": ">=", ">": "<="}.get(op, "")
    if op == "=":
        return k, k
    if op == "<=":
        return 0, k
    if op == "<":
        return 0, k - 1
    if op == ">=":
        return k, n
    if op == ">":
        return k + 1, n
    return None


def post_cardinality(low: SatLowering, f: Cmp | InSet, enf: list[int], negated: bool) -> bool:
    """`∧enf ⇒ f` (or `¬f`) as clauses when `f` counts 0/1 variables against a bound of none,
    one or all of them (see the module docstring); False, posting nothing, otherwise."""
    if type(f) is not Cmp:
        return False
    terms = f.lin.terms
    values = low.values
    if any(c != 1 or values[v] != [0, 1] for v, c in terms):
        return False
    n = len(terms)
    found = bounds(f, n, negated)  # type: ignore[arg-type]
    if found is None:
        return False
    least, most = found
    if not (least <= 0 or least == 1 or least >= n) or not (most >= n or most <= 1):
        return False
    lits = [low.eq[v][1] for v, _ in terms]
    unless = [-e for e in enf]
    add = low.cnf.clauses.append
    if least > n or most < 0 or least > most:
        add(unless)
        return True
    if least == n:
        for x in lits:
            add([x, *unless])
    elif least == 1:
        add([*lits, *unless])
    if most == 0:
        for x in lits:
            add([-x, *unless])
    elif most == 1:
        low.cnf.at_most_one(lits, unless)
    return True
