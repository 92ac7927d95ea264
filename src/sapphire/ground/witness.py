"""Witnesses: auxiliary integers that an answer determines but that a search pays for.

The seed Slitherlink proves its loop is one piece with an ordering, `id`: a number per lattice
point, with (n+1)·(m+1)+1 possible values. Given the loop, propagation finds the ordering at
once; while the loop is still being searched for, every step drags those wide integers along,
at many times the cost (`docs/decisions.md`). When the model also states
what they prove in a form a backend handles well (connectivity, which the Slitherlink rule
states in its implied block), the backend may search the relaxation without them and ask for
witnesses only for the answers it finds; see `sapphire.backend.cpsat`.

The relaxation drops constraints and keeps every variable, so variable indices, answers and
the evaluator's reading of a full assignment stay those of the model itself.
"""

from __future__ import annotations

from sapphire.builtins.arithmetic import Arithmetic
from sapphire.builtins.connected import Connected
from sapphire.ground.implied import imply, top_level
from sapphire.model import (
    And,
    Builtin,
    Cmp,
    Definition,
    Formula,
    GroundModel,
    Iff,
    Implies,
    InSet,
    Not,
    Or,
)

WITNESS_VALUES = 32
"""An auxiliary variable with more possible values than this is a witness. Orderings over a
board's points have hundreds; the other auxiliaries of the library's rules (a value under a
modifier, a region label, a count) have at most a board side or two of them."""


def formula_variables(f: Formula, out: set[int]) -> set[int]:
    """Add to `out` every variable that `f` reads; returns `out`."""
    stack = [f]
    while stack:
        g = stack.pop()
        if isinstance(g, Cmp | InSet):
            out.update(v for v, _ in g.lin.terms)
        elif isinstance(g, And | Or):
            stack.extend(g.items)
        elif isinstance(g, Not):
            stack.append(g.item)
        elif isinstance(g, Implies | Iff):
            stack.extend((g.left, g.right))
        elif isinstance(g, Builtin):
            lins, formulas = g.reads()
            out.update(v for e in lins for v, _ in e.terms)
            stack.extend(formulas)
    return out


def element_variables(e: Definition) -> set[int]:
    """Every variable an element (or another definition) reads or defines."""
    return e.variables()


def witnesses(gm: GroundModel, answer_vars: list[int]) -> set[int]:
    """The auxiliary variables with more than `WITNESS_VALUES` possible values. A product,
    quotient or remainder of variables is none: its operands are narrow and it constrains
    them (x·y = 12), where a witness only proves what the relaxation states otherwise."""
    answer = set(answer_vars)
    answer.update(el.result for el, _ in gm.elements if isinstance(el, Arithmetic))
    return {i for i, v in enumerate(gm.variables)
            if i not in answer and v.domain.size > WITNESS_VALUES}


def relaxation(gm: GroundModel, answer_vars: list[int], facts: bool = True
               ) -> GroundModel | None:
    """The model without the constraints and elements that read a witness, when it has
    witnesses and still states connectivity (the fact such orderings exist to prove); None
    otherwise. Every answer of the model is one of the relaxation's. Its implied facts are
    its own, derived again when `gm` had them and `facts` asks for them (a fact of the model
    may read a witness)."""
    wide = witnesses(gm, answer_vars)
    if not wide:
        return None
    kept = [c for c in gm.constraints if wide.isdisjoint(formula_variables(c.formula, set()))]
    elements = [(e, o) for e, o in gm.elements if wide.isdisjoint(element_variables(e))]
    if len(kept) == len(gm.constraints) and len(elements) == len(gm.elements):
        return None
    relaxed = GroundModel(variables=gm.variables, constraints=kept, elements=elements,
                          constants=gm.constants, answer=gm.answer, source=gm.source)
    if not any(isinstance(f, Connected) for f in top_level(relaxed)):
        return None
    return imply(relaxed) if facts and gm.facts is not None else relaxed
