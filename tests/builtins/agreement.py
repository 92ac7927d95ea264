"""Small ground models built by hand, and the check that each backend finds exactly the
assignments the independent evaluator accepts."""

from __future__ import annotations

from itertools import product

from sapphire.backend import solve
from sapphire.evaluator import violations
from sapphire.model import Cmp, Constraint, Domain, Formula, GroundModel, Lin, Origin, Variable

BACKENDS = ("sat", "cpsat")


def model(domains: list[Domain], *formulas: Formula) -> GroundModel:
    """Variables x0, x1, … with `domains`, every one an answer variable, and `formulas` as
    unconditional constraints."""
    gm = GroundModel(variables=[Variable("x", (i,), d) for i, d in enumerate(domains)],
                     answer=("x",))
    gm.constraints = [Constraint(f, Origin(None)) for f in formulas]
    return gm


def var(v: int, coef: int = 1, const: int = 0) -> Lin:
    return Lin(((v, coef),), const)


def equals(v: int, value: int) -> Cmp:
    """`x_v = value`."""
    return Cmp("=", Lin(((v, 1),), -value))


def evaluated(gm: GroundModel) -> set[tuple[int, ...]]:
    """Every assignment of the model's domains that the evaluator accepts."""
    domains = [v.domain.values() for v in gm.variables]
    return {vals for vals in product(*domains) if not violations(gm, list(vals))}


def found(gm: GroundModel, backend: str) -> set[tuple[int, ...]]:
    """Every answer the backend finds (the model's variables are all answer variables)."""
    everything = 1
    for v in gm.variables:
        everything *= v.domain.size
    res = solve(gm, list(range(len(gm.variables))), backend=backend,
                max_solutions=everything + 1)
    assert not res.timed_out
    return {tuple(s) for s in res.solutions}


def assert_backends_agree(gm: GroundModel) -> set[tuple[int, ...]]:
    """Each backend's answers are exactly the evaluator's; returns them."""
    expected = evaluated(gm)
    for backend in BACKENDS:
        assert found(gm, backend) == expected, backend
    return expected
