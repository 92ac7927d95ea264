"""What a backend refuses of a ground model, found without searching it: what `check` tests
so that a clean `check` means `solve` reports no user error.

The CP-SAT lowering refuses a linear sum past its 64-bit range and a `distinct` under a
condition with more pairs of values than it writes out; both are met only while lowering, so
a walk over the model rules them out for nearly every model, and the others are lowered (not
solved) to give the very error a solve reports.
"""

from __future__ import annotations

from sapphire.builtins.all_different import AllDifferent
from sapphire.model import And, Builtin, Cmp, GroundModel, InSet, Not, Or
from sapphire.nogc import no_gc

WIDE_SUM = 2**60
"""A bound on a ground model's linear sums below which the CP-SAT lowering never refuses one
as past its 64-bit range (±(2⁶³-1)/2, `sapphire.backend.cpsat.lowering.SOLVER_RANGE`)."""

FEW_PAIRS = 1000
"""Pairs of values of `distinct`s under a condition or negated that the CP-SAT lowering always
writes out (it takes up to `sapphire.backend.cpsat.lowering.MAX_PAIRS`, 100,000)."""


def refusals(gm: GroundModel) -> None:
    """What the backend refuses of a ground model, which a solve meets only when it lowers it:
    a sum past CP-SAT's 64-bit range, or a `distinct` under a condition with more pairs of
    values than CP-SAT's lowering writes out, when `auto` gives the model to CP-SAT (the SAT
    backend refuses wide sums itself, and takes such a `distinct` as it is). A walk over the
    model rules both out for nearly every one; the others are lowered for CP-SAT, not solved,
    so that the error is the one `solve` reports."""
    widest, pairs = _sums_and_pairs(gm)
    if widest <= WIDE_SUM:
        if pairs <= FEW_PAIRS:
            return
        from sapphire.backend.choose import choose  # only for a model this large

        if choose(gm, [i for i, v in enumerate(gm.variables) if v.source]) != "cpsat":
            return
    from sapphire.backend.cpsat.lowering import Lowering

    with no_gc():
        Lowering(gm).post_model()


def _sums_and_pairs(gm: GroundModel) -> tuple[int, int]:
    """A bound on the reach of the model's widest linear sum (each term's coefficient times
    twice its variable's largest magnitude, which covers the offset CP-SAT gives a two-valued
    variable), and the pairs of values of its `distinct`s under a condition or negated."""
    weight = [2 * max(abs(v.domain.lo), abs(v.domain.hi)) for v in gm.variables]
    lins = [row for e, _ in gm.elements for row in e.exprs()]
    pairs = 0
    todo = [(c.formula, True) for c in gm.constraints]
    while todo:
        f, top = todo.pop()
        t = type(f)
        if t is Cmp or t is InSet:
            lins.append(f.lin)
        elif t is And:
            todo.extend((it, top) for it in f.items)
        elif t is Or:
            todo.extend((it, False) for it in f.items)
        elif t is Not:
            todo.append((f.item, False))
        elif isinstance(f, Builtin):
            exprs, subformulas = f.reads()
            lins.extend(exprs)
            todo.extend((it, False) for it in subformulas)
            if t is AllDifferent and not top:
                pairs += len(f.exprs) * (len(f.exprs) - 1) // 2
        elif hasattr(f, "left"):  # ⇒ and ⇐⇒
            todo += [(f.left, False), (f.right, False)]
    widest = max((abs(lin.const) + sum(abs(c) * weight[v] for v, c in lin.terms)
                  for lin in lins), default=0)
    return widest, pairs

