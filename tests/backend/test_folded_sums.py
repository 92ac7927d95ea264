"""Sums over whole permutation groups, read with the groups' totals: same answers."""

from __future__ import annotations

from sapphire.ground.grounder import data_to_instance, ground
from sapphire.ground.implied import imply
from sapphire.lang.parser import parse_program
from sapphire.pipeline import solve_model

SQUARE = ("∀r∈{1⋯3} ∀c∈{1⋯3} ⦗f r c⦘∈{1⋯3}\n∀r∈{1⋯3}: distinct c∈{1⋯3}: ⦗f r c⦘\n"
          "∀c∈{1⋯3}: distinct r∈{1⋯3}: ⦗f r c⦘\n")
"""A 3×3 latin square: 12 answers."""

ROW_1 = "(Σc∈{1⋯3}: ⦗f 1 c⦘)"


def answers(text: str) -> list[dict[str, int]]:
    """Each answer as variable label → value."""
    gm = imply(ground(parse_program(SQUARE + text, "t.sapphire"), data_to_instance({})))
    sols = solve_model(gm, max_solutions=100).solutions
    return [{v.label(): x for v, x in zip(gm.variables, s, strict=True)} for s in sols]


def test_a_sum_over_a_whole_row_and_a_cell_fixes_the_cell() -> None:
    sols = answers(f"{ROW_1}+⦗f 2 1⦘ = 8\n")
    assert len(sols) == 4 and {s["f(2, 1)"] for s in sols} == {2}


def test_a_sum_that_cannot_add_up_has_no_answer() -> None:
    assert answers(f"{ROW_1} = 7\n") == []
    assert answers(f"¬({ROW_1} = 6)\n") == []
    assert len(answers(f"{ROW_1} = 6\n")) == 12
    assert answers(f"{ROW_1}∈{{7 8}}\n") == []
    assert len(answers(f"{ROW_1}∈{{5 6}}\n")) == 12


def test_a_condition_on_an_impossible_sum_is_false() -> None:
    sols = answers(f"b∈{{0 1}}\nb=1 ⇒ {ROW_1} = 7\n")
    assert len(sols) == 12 and {s["b"] for s in sols} == {0}
    sols = answers(f"b∈{{0 1}}\nb=1 ⇔ {ROW_1}+⦗f 2 1⦘ <= 7\n")
    assert len(sols) == 12 and all(s["b"] == (s["f(2, 1)"] == 1) for s in sols)
    sols = answers(f"b∈{{0 1}}\nb=1 ⇔ {ROW_1}+⦗f 2 1⦘∈{{8 9}}\n")
    assert len(sols) == 12 and all(s["b"] == (s["f(2, 1)"] >= 2) for s in sols)
