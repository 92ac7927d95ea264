"""Sums: the facts derived from sums and digit groups hold in every answer, and both
lowerings keep every answer with them posted."""

from __future__ import annotations

from agreement import assert_backends_agree, evaluated, model, var

from sapphire.builtins.all_different import AllDifferent, ValueSets
from sapphire.builtins.sums import WholeGroups, sum_of_set, totals_of_value_sets
from sapphire.ground.implied import Permutation, imply
from sapphire.model import Cmp, Domain, Lin


def total(variables: list[int], value: int) -> Cmp:
    """`Σ x_v = value`."""
    return Cmp("=", Lin(tuple((v, 1) for v in variables), -value))


ROWS = [AllDifferent(tuple(var(v) for v in (0, 1, 2))),
        AllDifferent(tuple(var(v) for v in (3, 4, 5))),
        total([0, 1, 3], 6), total([1, 4], 3)]
"""Two rows of the digits 1-3 and two cages across them."""


def test_derived_sums_hold_in_every_answer() -> None:
    gm = imply(model([Domain.range(1, 3)] * 6, *ROWS))
    derived = gm.facts.derived_sums
    assert derived
    answers = evaluated(gm)
    assert answers
    for d in derived:
        for vals in answers:
            assert sum(c * vals[v] for v, c in d.terms) == d.total, d


def test_both_lowerings_keep_every_answer_with_the_facts() -> None:
    plain = model([Domain.range(1, 3)] * 6, *ROWS)
    assert assert_backends_agree(imply(plain)) == evaluated(plain)


def test_a_sum_over_a_whole_group_folds_its_total() -> None:
    whole = WholeGroups((Permutation((0, 1, 2), (1, 2, 3)),))
    lin, used = whole.fold(Lin(((0, 1), (1, 1), (2, 1), (5, 2)), -10))
    assert lin == Lin(((5, 2),), -4) and used == (0,)
    lin, used = whole.fold(Lin(((0, 1), (1, 2), (2, 1)), 0))  # not one coefficient
    assert used == ()


def test_a_group_whose_sets_share_a_total_states_that_sum() -> None:
    sets = (ValueSets((0, 1), ((1, 4), (2, 3))), ValueSets((2, 3), ((1, 2), (1, 3))))
    assert totals_of_value_sets(sets) == {(frozenset((0, 1)), 5)}
    assert sum_of_set(total([0, 1], 5)) == (frozenset((0, 1)), 5)
    assert sum_of_set(Cmp("=", Lin(((0, 2), (1, 1)), -5))) is None
