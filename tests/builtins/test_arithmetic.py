"""Arithmetic of variables: its meaning against Python's, its domains against brute force,
and both lowerings against the evaluator on every assignment of small models."""

from __future__ import annotations

from itertools import product

import pytest
from agreement import assert_backends_agree, equals, evaluated, model, var

from sapphire.backend import solve
from sapphire.builtins.arithmetic import Arithmetic, apply, result_bounds, result_domain
from sapphire.diagnostics import SapphireError
from sapphire.model import Cmp, Domain, GroundModel, Lin, Not, Or, Origin

SIGNED = range(-7, 8)


def test_the_meaning_rounds_down_and_takes_the_divisors_sign() -> None:
    """`÷` and `mod` are the language's constant folding (Python's `//` and `%`), so that
    x = y·(x÷y) + x mod y for every sign."""
    assert [apply("÷", a, b) for a, b in ((7, 2), (-7, 2), (7, -2), (-7, -2))] == [3, -4, -4, 3]
    assert [apply("mod", a, b) for a, b in ((7, 3), (-7, 3), (7, -3), (-7, -3))] == [1, 2, -2, -1]
    for a, b in product(SIGNED, SIGNED):
        assert apply("·", a, b) == a * b
        if b:
            assert b * apply("÷", a, b) + apply("mod", a, b) == a
            assert 0 <= apply("mod", a, b) < b or b < apply("mod", a, b) <= 0


@pytest.mark.parametrize("op", ["·", "÷", "mod"])
def test_the_result_domain_is_every_value_taken(op: str) -> None:
    left, right = [-3, 0, 2, 5], [-2, 1, 3]
    want = {apply(op, a, b) for a in left for b in right}
    assert set(result_domain(op, left, right).values()) == want
    bounds = result_bounds(op, (-3, 5), (-2, 3))
    assert all(v in bounds for v in want)
    divisors = [0, 2] if op == "·" else [2]  # 0 is no divisor's value: it is left out
    assert set(result_domain(op, left, [0, 2]).values()) == \
        {apply(op, a, b) for a in left for b in divisors}


def test_a_violation_is_a_wrong_value_or_a_zero_divisor() -> None:
    quotient = Arithmetic("÷", 0, var(1), var(2))  # x0 = x1 ÷ x2
    for x0, x1, x2 in product(range(-4, 5), range(-6, 7), range(-3, 4)):
        ok = x2 != 0 and x0 == x1 // x2
        assert (quotient.violation([x0, x1, x2]) is None) is ok
    assert "divides by zero" in quotient.violation([0, 5, 0])  # type: ignore[operator]
    assert quotient.violation([2, 7, 3]) is None
    assert quotient.violation([3, 7, 3]) == "7 ÷ 3 is 2, not 3"


def defined(op: str, left: Domain, right: Domain, *formulas: object,
            operands: tuple[Lin, Lin] = (var(1), var(2))) -> GroundModel:
    """x0 = x1 op x2 (or `operands`) with x1, x2 over `left`, `right`, x0 over every result."""
    gm = model([result_domain(op, left.values(), right.values()), left, right],
               *formulas)  # type: ignore[arg-type]
    gm.elements = [(Arithmetic(op, 0, *operands), Origin(None))]
    return gm


def brute(op: str, left: Domain, right: Domain, test=lambda z, x, y: True) -> set:
    return {(apply(op, x, y), x, y) for x in left.values() for y in right.values()
            if (op == "·" or y) and test(apply(op, x, y), x, y)}


DIGITS, SMALL = Domain.range(1, 4), Domain.range(1, 3)
WITH_ZERO, SIGNED_D = Domain.range(0, 4), Domain.of([-3, -2, -1, 1, 2, 3])


@pytest.mark.parametrize("op, left, right", [
    ("·", DIGITS, DIGITS), ("·", WITH_ZERO, SMALL), ("·", SIGNED_D, Domain.range(-2, 2)),
    ("÷", Domain.range(0, 9), SMALL), ("mod", Domain.range(0, 9), Domain.range(2, 4)),
    ("÷", Domain.range(-5, 5), SIGNED_D), ("mod", Domain.range(-5, 5), SIGNED_D),
    ("mod", Domain.range(0, 6), Domain.of([-3, 2])),
], ids=["digits", "a zero factor", "signed product", "quotient", "remainder",
        "signed quotient", "signed remainder", "divisor of both signs"])
def test_both_lowerings_find_exactly_the_evaluated_answers(op: str, left: Domain,
                                                           right: Domain) -> None:
    gm = defined(op, left, right)
    assert assert_backends_agree(gm) == brute(op, left, right)


@pytest.mark.parametrize("op, value", [("·", 4), ("÷", 2), ("mod", 1)])
def test_a_result_read_under_negation_and_a_condition(op: str, value: int) -> None:
    """¬(z = v), and z = v ⇒ x1 = 2 ∨ x2 = 3: the definition holds whatever reads it."""
    left, right = Domain.range(1, 6), Domain.range(1, 3)
    gm = defined(op, left, right, Not(equals(0, value)))
    assert assert_backends_agree(gm) == brute(op, left, right, lambda z, x, y: z != value)
    cond = Or((Not(equals(0, value)), equals(1, 2), equals(2, 3)))
    gm = defined(op, left, right, cond)
    assert assert_backends_agree(gm) == brute(
        op, left, right, lambda z, x, y: z != value or x == 2 or y == 3)


def test_operands_that_are_sums_and_multiples() -> None:
    """x0 = (x1 + x2) · (2·x2 ⨫ 1), both lowerings, against brute force."""
    left, right = Domain.range(0, 2), Domain.range(1, 3)
    ops = (Lin(((1, 1), (2, 1)), 0), var(2, 2, -1))
    values = {(a + b) * (2 * b - 1) for a in left.values() for b in right.values()}
    gm = model([Domain.of(values), left, right])
    gm.elements = [(Arithmetic("·", 0, *ops), Origin(None))]
    want = {((a + b) * (2 * b - 1), a, b) for a in left.values() for b in right.values()}
    assert evaluated(gm) == want
    assert assert_backends_agree(gm) == want


def test_a_product_in_a_sum() -> None:
    """x0 = x1·x2 and x0 + x1 = 10: the product joins a linear constraint."""
    gm = defined("·", Domain.range(1, 9), Domain.range(1, 9),
                 Cmp("=", Lin(((0, 1), (1, 1)), -10)))
    assert assert_backends_agree(gm) == {(x * y, x, y) for x in range(1, 10)
                                         for y in range(1, 10) if x * y + x == 10}


def test_an_operand_too_wide_for_clauses_goes_to_cpsat() -> None:
    """(x1 + x2) mod 3 with x1, x2 ∈ 0⋯99: the sum has 199 values, more than the SAT table
    takes; the sat backend refuses it by name and `auto` solves it with CP-SAT."""
    wide = Domain.range(0, 99)
    gm = model([Domain.range(0, 2), wide, wide], equals(0, 2), equals(1, 98))
    gm.elements = [(Arithmetic("mod", 0, Lin(((1, 1), (2, 1)), 0), Lin((), 3)), Origin(None))]
    with pytest.raises(SapphireError) as ei:
        solve(gm, [0, 1, 2], backend="sat", max_solutions=100)
    assert ei.value.diagnostics[0].kind == "sat-unsupported"
    assert "an operand of 'mod' has more than 128 values" in str(ei.value)
    res = solve(gm, [0, 1, 2], backend="auto", max_solutions=100)
    assert res.backend == "cpsat"
    assert {tuple(s) for s in res.solutions} == {(2, 98, x2) for x2 in range(100)
                                                 if (98 + x2) % 3 == 2}
