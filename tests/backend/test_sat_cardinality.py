"""Counts of 0/1 variables and equivalences of two one-variable tests in the SAT backend
(`sapphire.backend.sat.cardinality`, `SatLowering.post_literal_iff`): every bound, plain,
negated and under a condition, has as many answers as brute force finds."""

from __future__ import annotations

import itertools

import pytest

from sapphire.backend.sat.search import solve as sat_solve
from sapphire.evaluator import holds
from sapphire.model import (
    Cmp,
    Constraint,
    Domain,
    Formula,
    GroundModel,
    Iff,
    Implies,
    InSet,
    Lin,
    Not,
    Origin,
    Variable,
)

NOWHERE = Origin(None)
OPS = ("=", "¬=", "<=", ">=")


def model(domains: list[Domain], *formulas: Formula) -> GroundModel:
    gm = GroundModel()
    gm.variables.extend(Variable("x", (i,), d) for i, d in enumerate(domains))
    gm.constraints.extend(Constraint(f, NOWHERE) for f in formulas)
    return gm


def answers(gm: GroundModel) -> int:
    res = sat_solve(gm, list(range(len(gm.variables))), max_solutions=1000)
    assert all(all(holds(c.formula, s) for c in gm.constraints) for s in res.solutions)
    assert len({tuple(s) for s in res.solutions}) == len(res.solutions)
    return len(res.solutions)


def brute_force(gm: GroundModel) -> int:
    return sum(all(holds(c.formula, list(vals)) for c in gm.constraints)
               for vals in itertools.product(*(v.domain.values() for v in gm.variables)))


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("k", range(-1, 9))
@pytest.mark.parametrize("way", ["plain", "negated", "conditional"])
def test_a_count_of_seven_has_as_many_answers_as_brute_force(op: str, k: int, way: str) -> None:
    # Σ x0..x6 op k over 0/1 variables; x7 is the condition's own 0/1 variable (eight
    # variables: too many for a table, which would be written first)
    count = Cmp(op, Lin(tuple((i, 1) for i in range(7)), -k))
    shape: Formula = {"plain": count, "negated": Not(count),
                      "conditional": Implies(Cmp("=", Lin(((7, 1),), -1)), count)}[way]
    gm = model([Domain.range(0, 1)] * 8, shape)
    assert answers(gm) == brute_force(gm)


def test_a_count_over_wider_variables_or_weights_is_still_exact() -> None:
    # not the 0/1 counts the clauses are for: the general encoding answers
    wide = model([Domain.range(0, 2)] * 3, Cmp("<=", Lin(((0, 1), (1, 1), (2, 1)), -1)))
    weighted = model([Domain.range(0, 1)] * 3, Cmp(">=", Lin(((0, 2), (1, 1), (2, 1)), -2)))
    assert answers(wide) == brute_force(wide) == 4
    assert answers(weighted) == brute_force(weighted) == 5


@pytest.mark.parametrize("negated", [False, True])
def test_an_equivalence_of_two_value_tests_is_exact(negated: bool) -> None:
    # x0 = 2 ⇔ x1 ∈ {0, 1}, x0 and x1 in 0..9 (too many pairs for a table), and its negation
    iff: Formula = Iff(Cmp("=", Lin(((0, 1),), -2)), InSet(Lin(((1, 1),), 0), Domain.range(0, 1)))
    gm = model([Domain.range(0, 9), Domain.range(0, 9)], Not(iff) if negated else iff)
    assert answers(gm) == brute_force(gm) == (26 if negated else 74)
