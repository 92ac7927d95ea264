"""The independent evaluator: does an assignment satisfy a ground model?

It reads the ground formulas as written (`Not`, `Implies`, `Iff` included) with plain Python
integers and imports nothing from the grounder or the backends, so a lowering bug shows up as
a failed check instead of a wrong answer. A builtin's truth is its module's meaning on plain
values (`sapphire.builtins`, reached through `Builtin.holds`), the one definition of what it
means: the grounder folds a constant builtin with it too, and the backends only encode it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.diagnostics import Span
from sapphire.model import (
    And,
    Builtin,
    Cmp,
    Formula,
    GroundModel,
    Iff,
    Implies,
    InSet,
    Lin,
    Not,
    Or,
)


@dataclass(frozen=True)
class Violation:
    what: str
    origin: str
    span: Span | None = None
    implied: bool = False
    """A broken implied constraint: the rule that states it implies less than it says."""


def _lin(lin: Lin, values: list[int]) -> int:
    return lin.const + sum(c * values[v] for v, c in lin.terms)


def holds(f: Formula, values: list[int]) -> bool:
    """The truth of `f` under `values` (indexed like the model's variables)."""
    if isinstance(f, Cmp):
        x = _lin(f.lin, values)
        if f.op == "=":
            return x == 0
        if f.op == "¬=":
            return x != 0
        if f.op == "<=":
            return x <= 0
        if f.op == ">=":
            return x >= 0
        raise ValueError(f"unknown comparison {f.op}")
    if isinstance(f, InSet):
        return _lin(f.lin, values) in f.domain
    if isinstance(f, And):
        return all(holds(i, values) for i in f.items)
    if isinstance(f, Or):
        return any(holds(i, values) for i in f.items)
    if isinstance(f, Not):
        return not holds(f.item, values)
    if isinstance(f, Implies):
        return (not holds(f.left, values)) or holds(f.right, values)
    if isinstance(f, Iff):
        return holds(f.left, values) == holds(f.right, values)
    if isinstance(f, Builtin):
        return f.holds(values, lambda g: holds(g, values))
    raise ValueError(f"not a formula: {f!r}")


def violations(gm: GroundModel, values: list[int]) -> list[Violation]:
    """Every domain, element and constraint the assignment breaks (empty when it is valid)."""
    out: list[Violation] = []
    for var, x in zip(gm.variables, values, strict=True):
        if x not in var.domain:
            out.append(Violation(f"{var.label()} = {x} is outside {var.domain}", ""))
    for el, origin in gm.elements:
        wrong = el.violation(values)
        if wrong is not None:
            out.append(Violation(wrong, str(origin)))
    for con in gm.constraints:
        if not holds(con.formula, values):
            out.append(Violation("constraint violated", str(con.origin), con.origin.span,
                                 con.implied))
    return out
