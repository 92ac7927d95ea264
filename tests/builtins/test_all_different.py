"""All-different: its truth against brute force, its facts, and both lowerings against it."""

from __future__ import annotations

from itertools import product

import pytest
from agreement import assert_backends_agree, equals, evaluated, model, var

from sapphire.builtins.all_different import (
    AllDifferent,
    Permutation,
    distinct_parts,
    group_facts,
)
from sapphire.ground.implied import imply
from sapphire.model import And, Cmp, Domain, Implies, Lin, Not, Or


def test_holds_exactly_when_no_two_values_are_equal() -> None:
    f = AllDifferent((var(0), var(1, 2), Lin((), 3)))  # x0, 2·x1, 3
    for x0, x1 in product(range(-1, 5), repeat=2):
        values = [x0, x1]
        expected = len({x0, 2 * x1, 3}) == 3
        assert f.holds(values, lambda g: False) is expected


def test_distinct_parts_split_variables_from_constants() -> None:
    assert distinct_parts(AllDifferent((var(0), Lin((), 5), var(2)))) == ((0, 2), (5,))
    assert distinct_parts(AllDifferent((var(0, 2), var(1)))) is None  # a coefficient
    assert distinct_parts(AllDifferent((var(0), var(0)))) is None  # one variable twice


def test_a_full_group_is_a_permutation_and_a_total_leaves_few_sets() -> None:
    gm = model([Domain.range(1, 3)] * 3)
    perm, sets = group_facts(gm, (0, 1, 2), (), None, None)
    assert perm == Permutation((0, 1, 2), (1, 2, 3)) and sets is None
    gm = model([Domain.range(1, 9)] * 2)
    perm, sets = group_facts(gm, (0, 1), (), 4, None)
    assert perm is None and sets is not None and sets.sets == ((1, 3),)
    # a given digit beside the variables: the rest of the values are theirs
    perm, _ = group_facts(model([Domain.range(1, 3)] * 2), (0, 1), (2,), None, None)
    assert perm == Permutation((0, 1), (1, 3))


THREE = [Domain.range(1, 3)] * 3


@pytest.mark.parametrize("formula", [
    AllDifferent((var(0), var(1), var(2))),
    AllDifferent((var(0), var(1), Lin((), 2))),
    AllDifferent((var(0), var(1, 1, 1), var(2, -1, 4))),
    Not(AllDifferent((var(0), var(1), var(2)))),
    Implies(equals(0, 1), AllDifferent((var(1), var(2)))),
    Or((AllDifferent((var(0), var(1))), equals(2, 3))),
    Implies(AllDifferent((var(0), var(1))), equals(2, 2)),
], ids=["plain", "given", "offsets", "negated", "conditional", "either", "as a condition"])
def test_both_lowerings_find_exactly_the_evaluated_answers(formula: object) -> None:
    answers = assert_backends_agree(model(THREE, formula))  # type: ignore[arg-type]
    assert answers and len(answers) < 27


def test_the_facts_pass_keeps_every_answer() -> None:
    rows = [AllDifferent((var(0), var(1), var(2))), Cmp("=", Lin(((0, 1), (1, 1)), -3))]
    gm = imply(model(THREE, And(tuple(rows))))
    assert gm.facts.permutations  # each digit once in the full group
    assert assert_backends_agree(gm) == evaluated(model(THREE, *rows)) == {(1, 2, 3), (2, 1, 3)}
