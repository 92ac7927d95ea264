"""Set-builders `{x∈S: φ}` (the members of a constant domain for which a constant condition
holds) and `{e | x∈S: φ}` (the value of `e` for each of them), usable wherever a set is (a
domain fact, a quantifier's domain, an automaton's moves). Neither the condition nor the
element may read the answer, and the set is built once per value of the names it reads."""

from __future__ import annotations

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.ground import grounder as grounder_module
from sapphire.ground.closures import free_names
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.lang.parser import parse_expression, parse_program
from sapphire.lang.types import typecheck_program
from sapphire.pipeline import solve_grounded

X = "∀i∈{0⋯2} ⦗x i⦘∈{1⋯3}\n"


def count(text: str) -> tuple[str, list[list[int]]]:
    res = solve_grounded(parse_program(text, "p.sapphire"), data_to_instance({}),
                         max_solutions=50)
    return res.status, sorted([v for _, v in s["x"]] for s in res.solutions)  # type: ignore


def test_a_filtered_range_is_a_domain() -> None:
    status, answers = count("∀i∈{0⋯1} ⦗x i⦘∈{y∈{1⋯9}: y mod 3=0}\n")
    assert status == "multiple"
    assert answers == [[a, b] for a in (3, 6, 9) for b in (3, 6, 9)]


def test_a_filtered_product_binds_tuples() -> None:
    # only the pairs ⟨i v⟩ with v = i+1 are kept, so each x i is fixed
    text = X + "∀⟨i v⟩∈{⟨i v⟩∈{0⋯2}×{1⋯3}: v=i+1}: ⦗x i⦘=v\n"
    assert count(text) == ("unique", [[1, 2, 3]])


def test_an_empty_set_builder() -> None:
    assert count(X + "∃y∈{y∈{1⋯3}: y>3}: ⦗x 0⦘=y\n") == ("none", [])


def test_moves_of_an_automaton() -> None:
    # a running total mod 3 that must end at 0: the three digits add up to 3, 6 or 9
    text = X + ("accepted({⟨s a t⟩∈{0⋯2}×{1⋯3}×{0⋯2}: t=(s+a) mod 3}, {0}, {0})"
                " i∈{0⋯2}: ⦗x i⦘\n")
    status, answers = count(text)
    want = [[a, b, c] for a in range(1, 4) for b in range(1, 4) for c in range(1, 4)
            if (a + b + c) % 3 == 0]
    assert (status, answers) == ("multiple", want) and len(want) == 9


def test_an_image_builds_its_members_from_each_binding() -> None:
    # the same moves as above, with the target computed instead of filtered
    text = X + ("accepted({⟨s a ((s+a) mod 3)⟩ | ⟨s a⟩∈{0⋯2}×{1⋯3}}, {0}, {0})"
                " i∈{0⋯2}: ⦗x i⦘\n")
    assert count(text)[1] == count(X + ("accepted({⟨s a t⟩∈{0⋯2}×{1⋯3}×{0⋯2}: "
                                        "t=(s+a) mod 3}, {0}, {0}) i∈{0⋯2}: ⦗x i⦘\n"))[1]
    # squares of the odd digits, filtered before they are built
    status, answers = count("⦗x 0⦘∈{y·y | y∈{1⋯4}: y mod 2=1}\n")
    assert (status, answers) == ("multiple", [[1], [9]])


@pytest.mark.parametrize(("text", "col"), [
    ("⦗x 1⦘∈{⦗x 0⦘+y | y∈{1⋯3}}\n", 8),  # the element reads x
    ("⦗x 1⦘∈{y∈{1⋯3}: ⦗x 0⦘<y}\n", 17),  # the condition reads x
])
def test_reading_the_answer_is_an_error(text: str, col: int) -> None:
    with pytest.raises(SapphireError) as exc:
        ground(parse_program(X + text, "p.sapphire"), data_to_instance({}))
    d = exc.value.diagnostics[0]
    assert d.kind == "not-constant" and d.span is not None
    assert (d.span.line, d.span.col) == (2, col) and d.hint


def test_a_number_as_condition_is_a_type_error() -> None:
    prog = parse_program(X + "⦗x 1⦘∈{y∈{1⋯3}: y+1}\n", "p.sapphire")
    with pytest.raises(SapphireError) as exc:
        typecheck_program(prog)
    d = exc.value.diagnostics[0]
    assert d.kind == "type" and "condition" in d.message
    assert d.span is not None and (d.span.line, d.span.col) == (2, 17)


def test_built_once_per_value_of_the_names_it_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []
    interp = grounder_module.Grounder.interp

    def spy(self, e):  # noqa: ANN001, ANN202
        if type(e).__name__ == "SetBuilder":
            built.append("set")
        return interp(self, e)

    monkeypatch.setattr(grounder_module.Grounder, "interp", spy)
    # read under ∀u (not read by the set) and ∀k (read): one set per k
    text = X + "∀u∈{1⋯5}: ∀k∈{1⋯3}: ∀i∈{0⋯2}: ⦗x i⦘+u¬=5 ∨ ⦗x i⦘∈{y∈{1⋯3}: y>=k}\n"
    ground(parse_program(text, "p.sapphire"), data_to_instance({}))
    assert len(built) == 3
    assert free_names(parse_expression("{⟨a b⟩∈S×T: a<k+b}"), {}) == {"S", "T", "k"}
    assert free_names(parse_expression("{a+m | a∈S: a<k}"), {}) == {"S", "k", "m"}
