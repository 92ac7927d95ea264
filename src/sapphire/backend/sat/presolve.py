"""Auxiliary variables an answer defines: left out of the clauses and worked out afterwards.

A variable that is no part of the answer, that occurs in one constraint only, and that this
constraint defines as a sum of others (`x = Σ …`, with every value the sum can take among x's
values) constrains nothing: whatever the others are, x takes the sum's value. A clue number
that a board leaves blank is such a variable (a Slitherlink cell's count of loop edges). The
lowering leaves the variable and its constraint out, and the search computes its value from
each answer, so the evaluator still checks the constraint.
"""

from __future__ import annotations

from collections import Counter

from sapphire.ground.witness import element_variables, formula_variables
from sapphire.model import Cmp, GroundModel, Lin


def defined_variables(gm: GroundModel, answer_vars: list[int], implied: bool
                      ) -> dict[int, tuple[int, Lin]]:
    """Per defining constraint (by index), the variable it defines and the sum that gives
    its value."""
    uses: Counter[int] = Counter()
    posted = [c for c in gm.constraints if implied or not c.implied]
    for con in posted:
        uses.update(formula_variables(con.formula, set()))
    for el, _ in gm.elements:
        uses.update(element_variables(el))
    answer = set(answer_vars)
    out: dict[int, tuple[int, Lin]] = {}
    for k, con in enumerate(gm.constraints):
        f = con.formula
        if type(f) is not Cmp or f.op != "=" or (con.implied and not implied):
            continue
        for x, c in f.lin.terms:
            if abs(c) != 1 or x in answer or uses[x] != 1:
                continue
            # x = −c·(rest): rest = the other terms and the constant
            rest = Lin(tuple((v, -c * d) for v, d in f.lin.terms if v != x), -c * f.lin.const)
            lo = hi = rest.const
            for v, d in rest.terms:
                dom = gm.variables[v].domain
                a, b = d * dom.lo, d * dom.hi
                lo, hi = lo + min(a, b), hi + max(a, b)
            own = gm.variables[x].domain
            if any(a <= lo and hi <= b for a, b in own.intervals):
                out[k] = (x, rest)
                break
    return out
