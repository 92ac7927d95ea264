"""The ground model's value domains."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sapphire.model import Domain


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


@given(st.sets(st.integers(-6, 6), min_size=1), st.sets(st.integers(0, 4), min_size=1),
       st.integers(-3, 3), st.integers(-3, 3), st.integers(-5, 5))
def test_the_values_of_a_term_are_counted_and_tested_without_listing(
        xs: set[int], ys: set[int], c: int, d: int, k: int) -> None:
    """`possible_values` against its reference (every value of one variable; the bounds'
    range of two), and `count_values`, `may_take` and `iter_values`, which list nothing."""
    from sapphire.model import GroundModel, Lin, Variable

    gm = GroundModel(variables=[Variable("x", (), Domain.of(xs)), Variable("y", (), Domain.of(ys))])
    one = Lin(((0, c),), k) if c else k
    terms = tuple(t for t in ((0, c), (1, d)) if t[1])
    two = Lin(terms, k) if terms else k
    ref_one = sorted({c * x + k for x in xs})
    lo = k + sum(min(t * v for v in dom) for t, dom in ((c, xs), (d, ys)))
    hi = k + sum(max(t * v for v in dom) for t, dom in ((c, xs), (d, ys)))
    ref_two = ref_one if len(terms) < 2 else list(range(lo, hi + 1))
    for term, ref in ((one, ref_one), (two, ref_two)):
        if isinstance(term, Lin) and len(term.terms) == 1 and term.terms[0][0] == 1:
            ref = sorted({d * y + k for y in ys})
        assert gm.possible_values(term) == ref
        assert list(gm.iter_values(term)) == ref
        assert gm.count_values(term) == len(ref)
        assert [v for v in range(-60, 61) if gm.may_take(term, v)] == [
            v for v in ref if -60 <= v <= 60]
    wide = GroundModel(variables=[Variable("x", (), Domain.range(0, 10**9))])
    assert wide.count_values(Lin(((0, -2),), 1)) == 10**9 + 1
    assert wide.may_take(Lin(((0, -2),), 1), -1999999999)
    assert not wide.may_take(Lin(((0, -2),), 1), -2)
    assert next(wide.iter_values(Lin(((0, -2),), 1))) == -1999999999


@given(st.sets(st.integers(-60, 60), max_size=80), st.integers(-70, 70))
def test_membership_is_set_membership_however_many_intervals(values: set[int], v: int) -> None:
    # many scattered values make many intervals, which membership bisects
    assert (v in Domain.of(values)) == (v in values)


def test_membership_in_a_domain_of_scattered_values() -> None:
    d = Domain.of(list(range(1, 200, 3)) + [500, 501, 502])
    assert len(d.intervals) > 8
    assert [v for v in range(-5, 510) if v in d] == [*range(1, 200, 3), 500, 501, 502]
