"""Connectivity: its truth against brute force, partitions and group sizes, and both
lowerings against it."""

from __future__ import annotations

from itertools import product

import pytest
from agreement import assert_backends_agree, equals, model

from sapphire.builtins.connected import Connected, neighbours, partition, pieces
from sapphire.ground.implied import implied_facts
from sapphire.model import FALSE, TRUE, Cmp, Domain, Iff, Implies, Lin, Not

CELLS = ((1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3))
"""A 2×3 board, cell i at CELLS[i]."""


def one_group(cells: set[tuple[int, int]]) -> bool:
    """Brute force: growing a group from any cell by single steps reaches them all."""
    if not cells:
        return True
    reached = {next(iter(cells))}
    grew = True
    while grew:
        more = {c for c in cells for r in reached if abs(c[0] - r[0]) + abs(c[1] - r[1]) == 1}
        grew = not more <= reached
        reached |= more
    return reached == cells


def shaded(v: int) -> Cmp:
    return equals(v, 1)


SHADING = Connected(CELLS, tuple(shaded(i) for i in range(6)))


def test_holds_exactly_when_the_members_form_one_group() -> None:
    for bits in product((0, 1), repeat=6):
        chosen = {c for c, b in zip(CELLS, bits, strict=True) if b}
        truth = dict(zip(SHADING.members, bits, strict=True))
        assert SHADING.holds(list(bits), lambda m, t=truth: bool(t[m])) is one_group(chosen)


def test_pieces_are_the_groups_of_the_members() -> None:
    member = [True, False, True, True, False, True]
    groups = pieces(member, neighbours(list(CELLS)))
    assert sorted(sorted(CELLS[i] for i in g) for g in groups) == [
        [(1, 1), (2, 1)], [(1, 3), (2, 3)]]


BITS = [Domain.range(0, 1)] * 6


@pytest.mark.parametrize("formula", [
    SHADING,
    Not(SHADING),
    Implies(shaded(0), SHADING),
    Iff(shaded(5), SHADING),
    Connected(CELLS, (TRUE, shaded(1), shaded(2), FALSE, shaded(4), shaded(5))),
], ids=["connected", "not connected", "conditional", "reified", "fixed members"])
def test_both_lowerings_find_exactly_the_evaluated_answers(formula: object) -> None:
    answers = assert_backends_agree(model(BITS, formula))  # type: ignore[arg-type]
    assert answers and len(answers) < 64


def test_a_family_split_by_one_value_per_cell_is_a_partition() -> None:
    gm = model([Domain.range(1, 2)] * 6)
    family = [Connected(CELLS, tuple(equals(i, k) for i in range(6))) for k in (1, 2)]
    assert partition(family, gm) == [(i,) for i in range(6)]
    # two groups both of value 1 are no partition
    assert partition([family[0], family[0]], gm) is None


def test_a_count_over_the_members_bounds_the_group() -> None:
    # indicators b_i ⇔ shaded(i) for i < 6, and Σ b ≤ 3
    domains = BITS + [Domain.range(0, 1)] * 6
    defs = [Iff(equals(6 + i, 1), shaded(i)) for i in range(6)]
    count = Cmp("<=", Lin(tuple((6 + i, 1) for i in range(6)), -3))
    gm = model(domains, SHADING, *defs, count)
    (size,) = implied_facts(gm).group_sizes
    assert size.group == SHADING and size.most == 3
