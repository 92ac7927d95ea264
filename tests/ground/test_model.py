"""The ground model's value domains."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sapphire.ground.model import Domain


def test_without_cuts_holes_and_ends_out_of_intervals() -> None:
    d = Domain(((1, 10), (20, 30)))
    assert d.without([1, 5, 10, 20, 25, 31]) == Domain(((2, 4), (6, 9), (21, 24), (26, 30)))
    assert d.without([6, 7]) == Domain(((1, 5), (8, 10), (20, 30)))
    assert d.without([15, 40]) is d
    assert Domain.range(3, 3).without([3]).is_empty


@given(st.sets(st.integers(-5, 25)), st.sets(st.integers(-8, 28)))
def test_without_is_set_difference(values: set[int], gone: set[int]) -> None:
    assert Domain.of(values).without(gone) == Domain.of(values - gone)


@given(st.lists(st.sets(st.integers(-5, 25)), max_size=6))
def test_join_is_set_union(parts: list[set[int]]) -> None:
    union = set().union(*parts)
    assert Domain.join(Domain.of(p) for p in parts) == Domain.of(union)
    if len(parts) >= 2:
        assert Domain.of(parts[0]).union(Domain.of(parts[1])) == Domain.of(parts[0] | parts[1])
