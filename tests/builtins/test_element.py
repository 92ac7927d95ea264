"""Element: its violations against brute force, and both lowerings against it."""

from __future__ import annotations

from itertools import product

import pytest
from agreement import assert_backends_agree, model, var

from sapphire.builtins.element import Element
from sapphire.model import Domain, GroundModel, Lin, Origin

TABLE = (((1,), Lin((), 5)), ((2,), var(2, 1, 1)), ((3,), Lin((), 7)))
"""A map over the points 1-3: 5, x2 + 1, 7."""


def test_a_violation_is_an_undefined_point_or_a_wrong_value() -> None:
    el = Element(0, (var(1),), TABLE)  # x0 = table[x1]
    for x0, x1, x2 in product(range(0, 9), range(0, 5), range(0, 3)):
        table = {1: 5, 2: x2 + 1, 3: 7}
        expected = None if x1 in table and x0 == table[x1] else "wrong"
        assert (el.violation([x0, x1, x2]) is None) is (expected is None)
    assert "not a defined point" in el.violation([5, 4, 0])  # type: ignore[operator]


def with_element(domains: list[Domain], el: Element) -> GroundModel:
    gm = model(domains)
    gm.elements = [(el, Origin(None))]
    return gm


@pytest.mark.parametrize("el, domains", [
    (Element(0, (var(1),), TABLE), [Domain.range(0, 8), Domain.range(1, 3), Domain.range(0, 2)]),
    (Element(0, (var(1),), TABLE[::2]), [Domain.range(0, 8), Domain.of([1, 3]),
                                         Domain.range(0, 2)]),
    (Element(0, (var(1), var(2)), (((1, 0), Lin((), 4)), ((1, 1), Lin((), 2)),
                                   ((2, 0), var(1)), ((2, 1), Lin((), 3)))),
     [Domain.range(0, 5), Domain.range(1, 2), Domain.range(0, 1)]),
], ids=["a box of points", "scattered points", "two dimensions"])
def test_both_lowerings_find_exactly_the_evaluated_answers(el: Element,
                                                           domains: list[Domain]) -> None:
    answers = assert_backends_agree(with_element(domains, el))
    assert answers
