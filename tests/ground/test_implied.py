"""Implied digit-group facts: which groups qualify, and the sets they allow."""

from __future__ import annotations

import itertools
import time

import pytest

from sapphire.builtins.connected import Connected
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.ground.implied import (
    DistinctSum,
    Permutation,
    ValueSets,
    WholeGroups,
    implied_facts,
    imply,
    top_level,
)
from sapphire.lang.parser import parse_program
from sapphire.model import Lin
from sapphire.pipeline import solve_model


def g(text: str):  # noqa: ANN201
    return imply(ground(parse_program(text, "t.sapphire"), data_to_instance({})))


ROW = "∀x∈{1⋯4} ⦗f x⦘∈{1⋯4}\ndistinct x∈{1⋯4}: ⦗f x⦘\n"
CAGE = "∀x∈{1⋯3} ⦗f x⦘∈{1⋯9}\ndistinct x∈{1⋯3}: ⦗f x⦘\n(Σx∈{1⋯3}: ⦗f x⦘) = TOTAL\n"


def cage(total: int) -> str:
    return CAGE.replace("TOTAL", str(total))


def test_distinct_over_as_many_values_as_cells_is_a_permutation() -> None:
    facts = implied_facts(g(ROW))
    assert facts.permutations == (Permutation((0, 1, 2, 3), (1, 2, 3, 4)),)
    assert facts.value_sets == ()


def test_more_values_than_cells_is_no_permutation() -> None:
    facts = implied_facts(g(ROW.replace("{1⋯4} ⦗f x⦘∈{1⋯4}", "{1⋯4} ⦗f x⦘∈{1⋯5}")))
    assert facts.permutations == ()


def test_a_row_with_a_given_digit_is_a_permutation_of_the_others() -> None:
    # f(2) = 3 folds to a constant: the other three cells take 1, 2 and 4
    gm = g(ROW + "⦗f 2⦘ = 3\n")
    assert [v.label() for v in gm.variables] == ["f(1)", "f(3)", "f(4)"]
    assert implied_facts(gm).permutations == (Permutation((0, 1, 2), (1, 2, 4)),)
    # two givens alike leave no answer, and no permutation
    assert implied_facts(g(ROW + "⦗f 2⦘ = 3\n⦗f 3⦘ = 3\n")).permutations == ()
    # with a fifth digit possible, the three cells choose among 1, 2, 4 and 5
    loose = ROW.replace("{1⋯4} ⦗f x⦘∈{1⋯4}", "{1⋯4} ⦗f x⦘∈{1⋯5}")
    assert implied_facts(g(loose + "⦗f 2⦘ = 3\n")).permutations == ()


def test_distinct_cells_with_a_total_choose_among_digit_sets() -> None:
    facts = implied_facts(g(cage(7)))
    assert facts.value_sets == (ValueSets((0, 1, 2), ((1, 2, 4),)),)
    facts = implied_facts(g(cage(10)))
    assert facts.value_sets[0].sets == ((1, 2, 7), (1, 3, 6), (1, 4, 5), (2, 3, 5))
    assert facts.value_sets[0].allowed() == {1, 2, 3, 4, 5, 6, 7}


RUN = "∀x∈{1⋯3} ⦗f x⦘∈{1⋯9}\ndistinct x∈{1⋯3}: ⦗f x⦘\n∀x∈{1⋯3} ∀y∈{1⋯3}: ⦗f x⦘⨫⦗f y⦘<=2\n"


def test_distinct_cells_within_a_span_choose_among_runs() -> None:
    # a renban of three: the digits are three consecutive ones
    facts = implied_facts(g(RUN))
    runs = tuple((a, a + 1, a + 2) for a in range(1, 8))
    assert facts.value_sets == (ValueSets((0, 1, 2), runs),)
    # with a total too, both must hold: 3+4+5 is the only run adding to 12
    facts = implied_facts(g(RUN + "(Σx∈{1⋯3}: ⦗f x⦘) = 12\n"))
    assert facts.value_sets == (ValueSets((0, 1, 2), ((3, 4, 5),)),)


def test_a_span_needs_a_bound_on_every_pair() -> None:
    # f1 and f3 may differ by anything: no span, and no fact
    text = ("∀x∈{1⋯3} ⦗f x⦘∈{1⋯9}\ndistinct x∈{1⋯3}: ⦗f x⦘\n"
            "⦗f 1⦘⨫⦗f 2⦘<=2\n⦗f 2⦘⨫⦗f 1⦘<=2\n⦗f 2⦘⨫⦗f 3⦘<=2\n⦗f 3⦘⨫⦗f 2⦘<=2\n")
    assert implied_facts(g(text)).value_sets == ()
    # the widest bound of any ordered pair is the span: here f3 − f1 <= 4
    wide = text + "⦗f 1⦘⨫⦗f 3⦘<=2\n⦗f 3⦘⨫⦗f 1⦘<=4\n"
    sets = implied_facts(g(wide)).value_sets[0].sets
    assert sets == tuple(c for c in itertools.combinations(range(1, 10), 3) if c[2] - c[0] <= 4)
    # a span that every set keeps says nothing
    loose = text + "⦗f 1⦘⨫⦗f 3⦘<=8\n⦗f 3⦘⨫⦗f 1⦘<=8\n"
    assert implied_facts(g(loose)).value_sets == ()


def test_the_solver_with_runs_keeps_every_answer() -> None:
    # seven runs of three digits, each in 3! orders
    sols = solve_model(g(RUN), max_solutions=100).solutions
    assert len(sols) == 42
    assert {tuple(sorted(s)) for s in sols} == {(a, a + 1, a + 2) for a in range(1, 8)}


def test_conditional_groups_imply_nothing() -> None:
    text = ("b∈{0 1}\n∀x∈{1⋯4} ⦗f x⦘∈{1⋯4}\n"
            "b=1 ⇒ distinct x∈{1⋯4}: ⦗f x⦘\n")
    assert implied_facts(g(text)).permutations == ()


def test_weighted_totals_and_offset_cells_imply_nothing() -> None:
    weighted = CAGE.replace("(Σx∈{1⋯3}: ⦗f x⦘)", "(Σx∈{1⋯3}: 2·⦗f x⦘)")
    assert implied_facts(g(weighted.replace("TOTAL", "14"))).value_sets == ()
    offset = "∀x∈{1⋯4} ⦗f x⦘∈{1⋯4}\ndistinct x∈{1⋯4}: ⦗f x⦘+x\n"
    assert implied_facts(g(offset)).permutations == ()


def test_the_solver_with_implied_facts_keeps_every_answer() -> None:
    # {1 2 4} in three cells: 3! orders, all found
    res = solve_model(g(cage(7)), max_solutions=10)
    status, sols = res.status, res.solutions
    assert status == "multiple" and len(sols) == 6
    assert {tuple(s) for s in sols} == {(1, 2, 4), (1, 4, 2), (2, 1, 4), (2, 4, 1), (4, 1, 2),
                                        (4, 2, 1)}
    # 4 digits in 4 cells, no other rule: 4! answers
    res = solve_model(g(ROW), max_solutions=30)
    status, sols = res.status, res.solutions
    assert len(sols) == 24
    # no set of three different digits adds to 25
    res = solve_model(g(cage(25)))
    status, sols = res.status, res.solutions
    assert status == "none"


def test_a_long_sum_bounds_the_distinct_cells_it_reads() -> None:
    # f(1..4) all differ; the sum also reads y, so it is not a cage: its four distinct
    # cells total between 1+2+3+4 and 6+7+8+9
    text = ("∀x∈{1⋯4} ⦗f x⦘∈{1⋯9}\ny∈{0⋯50}\ndistinct x∈{1⋯4}: ⦗f x⦘\n"
            "(Σx∈{1⋯4}: ⦗f x⦘) = y\n")
    facts = implied_facts(g(text))
    assert facts.distinct_sums == (DistinctSum((1, 2, 3, 4), 10, 30),)
    assert facts.value_sets == ()
    # y is forced into 10..30 by the distinct cells alone
    sols = solve_model(g(text + "y<=10\n"), max_solutions=30).solutions
    assert len(sols) == 24 and {s[0] for s in sols} == {10}  # y is variable 0


def test_short_overlaps_are_not_bounded() -> None:
    text = ("∀x∈{1⋯4} ⦗f x⦘∈{1⋯9}\ny∈{0⋯50}\ndistinct x∈{1⋯4}: ⦗f x⦘\n"
            "⦗f 1⦘+⦗f 2⦘+y = 12\n")
    assert implied_facts(g(text)).distinct_sums == ()


def test_too_many_digit_sets_give_no_sum_fact(monkeypatch: pytest.MonkeyPatch) -> None:
    from sapphire.builtins import all_different

    # C(9, 3) = 84 candidate sets: over a cap of 50, the cage gets no digit-set fact
    monkeypatch.setattr(all_different, "MAX_COMBINATIONS", 50)
    assert implied_facts(g(cage(10))).value_sets == ()
    monkeypatch.setattr(all_different, "MAX_COMBINATIONS", 84)
    assert len(implied_facts(g(cage(10))).value_sets) == 1


SQUARE = ("∀r∈{1⋯3} ∀c∈{1⋯3} ⦗f r c⦘∈{1⋯3}\n∀r∈{1⋯3}: distinct c∈{1⋯3}: ⦗f r c⦘\n"
          "∀c∈{1⋯3}: distinct r∈{1⋯3}: ⦗f r c⦘\n")
"""A 3×3 latin square: rows are variables 0–2, 3–5, 6–8, and the six lines are permutations
of 1–3, the rows first."""


def square_groups() -> WholeGroups:
    return WholeGroups(implied_facts(g(SQUARE)).permutations)


def test_a_sum_over_whole_rows_folds_them_into_its_constant() -> None:
    whole = square_groups()
    # row 1, row 2 and f(3,1), less 13: rows add to 6 each, so f(3,1) − 1
    lin = Lin(tuple((v, 1) for v in range(7)), -13)
    assert whole.fold(lin) == (Lin(((6, 1),), -1), (0, 1))
    # a coefficient shared by the whole row scales its total
    assert whole.fold(Lin(((0, 2), (1, 2), (2, 2), (4, 1)), 0)) == (Lin(((4, 1),), 12), (0,))


def test_a_group_read_with_different_coefficients_stays() -> None:
    lin = Lin(((0, 1), (1, 1), (2, 2)), -9)
    assert square_groups().fold(lin) == (lin, ())


def test_groups_that_share_a_cell_fold_one_at_a_time() -> None:
    # column 1 (0, 3, 6) and row 2 (3, 4, 5) share f(2,1): the row goes first, and then the
    # column is no longer whole
    lin = Lin(((0, 1), (3, 1), (4, 1), (5, 1), (6, 1)), -8)
    assert square_groups().fold(lin) == (Lin(((0, 1), (6, 1)), -2), (1,))
    # every cell: the three rows, and no column
    everything = Lin(tuple((v, 1) for v in range(9)), -18)
    assert square_groups().fold(everything) == (Lin((), 0), (0, 1, 2))


def test_without_groups_nothing_folds() -> None:
    lin = Lin(tuple((v, 1) for v in range(4)), -10)
    assert WholeGroups(()).fold(lin) == (lin, ())


def regions(count: str, fixed: str = "") -> str:
    """Labels 1–2 on a 2×2 board, each label's cells connected, with `count` about each."""
    cells = "{1⋯2}×{1⋯2}"
    return (f"∀⟨r c⟩∈{cells} ⦗g r c⦘∈{{1 2}}\n{fixed}"
            f"∀k∈{{1 2}}: (connected⟨r c⟩∈{cells}: ⦗g r c⦘=k) ∧ {count}\n")


def sizes(text: str) -> list[int]:
    """The bounds found, each for one of the model's own connectivities, in their order."""
    gm = g(text)
    groups = [f for f in top_level(gm) if isinstance(f, Connected)]
    facts = implied_facts(gm)
    assert [s.group for s in facts.group_sizes] == groups[:len(facts.group_sizes)]
    return [s.most for s in facts.group_sizes]


@pytest.mark.parametrize("count", [
    "(#⟨r c⟩∈{1⋯2}×{1⋯2}: ⦗g r c⦘=k)=2",
    "(#⟨r c⟩∈{1⋯2}×{1⋯2}: ⦗g r c⦘=k)<=2",
    "2>=(#⟨r c⟩∈{1⋯2}×{1⋯2}: ⦗g r c⦘=k)",
])
def test_a_count_over_a_groups_members_bounds_its_size(count: str) -> None:
    assert sizes(regions(count)) == [2, 2]


def test_a_certain_member_counts_once() -> None:
    # r1c1 is in group 1: its member and its count term fold to constants
    assert sizes(regions("(#⟨r c⟩∈{1⋯2}×{1⋯2}: ⦗g r c⦘=k)=2", "⦗g 1 1⦘=1\n")) == [2, 2]
    assert sizes(regions("(#⟨r c⟩∈{1⋯2}×{1⋯2}: ⦗g r c⦘=k)=3", "⦗g 1 1⦘=1\n")) == [3, 3]


@pytest.mark.parametrize("count", [
    # only a lower bound
    "(#⟨r c⟩∈{1⋯2}×{1⋯2}: ⦗g r c⦘=k)>=2",
    # a count that leaves r2c2 out says nothing about it
    "(#⟨r c⟩∈{1⋯2}×{1⋯2}: r+c<4 ∧ ⦗g r c⦘=k)=2",
    # a count of other formulas
    "(#⟨r c⟩∈{1⋯2}×{1⋯2}: ⦗g r c⦘¬=k)=2",
])
def test_counts_that_do_not_bound_a_group(count: str) -> None:
    assert sizes(regions(count)) == []


def test_a_conditional_count_bounds_nothing() -> None:
    text = regions("(x=1 ⇒ (#⟨r c⟩∈{1⋯2}×{1⋯2}: ⦗g r c⦘=k)=2)", "x∈{0 1}\n")
    assert sizes(text) == []


def test_wide_domains_are_never_listed() -> None:
    """Digits of 0 to 10⁹: a group that values cannot make a permutation or a few digit sets
    of gets no fact, found from the domains' sizes; a sum's bounds come from the domains'
    ends. Before, every value was listed first: over 10 GB for three cells."""
    wide = "∀x∈{1⋯4} ⦗f x⦘∈{0⋯1000000000}\ny∈{0⋯5000000}\ndistinct x∈{1⋯4}: ⦗f x⦘\n"
    t0 = time.process_time()
    facts = implied_facts(g(wide + "(Σx∈{1⋯4}: ⦗f x⦘) = y\n"))
    assert facts.permutations == () and facts.value_sets == ()
    assert facts.distinct_sums == (DistinctSum((1, 2, 3, 4), 0 + 1 + 2 + 3,
                                               4 * 10**9 - 6),)
    facts = implied_facts(g(wide + "(Σx∈{1⋯4}: ⦗f x⦘) = 12\n"))  # a cage of wide cells
    assert facts.value_sets == ()
    assert time.process_time() - t0 < 5
