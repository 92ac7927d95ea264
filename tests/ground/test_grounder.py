"""Grounding: domains from facts, constant definitions, guard pruning, provenance, errors."""

from __future__ import annotations

import time

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.ground import facts, unroll
from sapphire.ground.grounder import Instance, data_to_instance, ground
from sapphire.lang.parser import parse_program
from sapphire.model import Domain, Or


def g(text: str, data: dict | None = None):  # noqa: ANN201
    return ground(parse_program(text, "t.sapphire"), data_to_instance(data or {}))


def test_domains_come_from_top_level_membership_and_equality() -> None:
    gm = g("∀a∈{0⋯2} ⦗f a⦘∈{0 1}\n⦗f 1⦘=1\nx∈{3 5 7}\nx¬=5")
    names = {v.label(): v.domain for v in gm.variables}
    assert names == {"f(0)": Domain.of([0, 1]), "f(2)": Domain.of([0, 1]),
                     "x": Domain.of([3, 7])}
    # f(1) folded to the constant 1; the domain facts, x¬=5 among them, emit no constraints
    assert gm.constants["f"] == {(1,): 1}
    assert gm.constraints == []


def test_exclusions_take_values_out_of_point_domains() -> None:
    gm = g("∀a∈{1⋯3} ⦗f a⦘∈{1⋯9}\n∀a∈{1⋯3} ∀v∈{1⋯9}: v>a+5 ⇒ ⦗f a⦘¬=v\n5¬=⦗f 1⦘\n"
           "∀a∈{1⋯3}: ⦗f a⦘=7 ⇒ a=3")
    names = {v.label(): v.domain for v in gm.variables}
    assert names == {"f(1)": Domain.of([1, 2, 3, 4, 6]), "f(2)": Domain.range(1, 7),
                     "f(3)": Domain.range(1, 8)}
    # only f(2)=7 is left to forbid: f(1) cannot be 7, and for f(3) the guard holds
    assert len(gm.constraints) == 1


def test_an_exclusion_does_not_give_a_domain() -> None:
    with pytest.raises(SapphireError) as e:
        g("⦗f 1⦘¬=3\n⦗f 1⦘<5")
    assert e.value.diagnostics[0].kind == "no-domain"


def test_excluding_every_value_leaves_no_answer() -> None:
    gm = g("x∈{1 2}\nx¬=1\ny∈{1 2}\ny¬=1\ny¬=2")
    assert [v.label() for v in gm.variables] == []  # x is the constant 2
    assert gm.constraints[0].origin.note == "no value is left for y"
    assert gm.constraints[0].formula == Or(())


def test_definition_by_equality_is_a_constant_used_in_bounds() -> None:
    gm = g("dc=(n+1)·(m+1)\n∀k∈{0⋯2} ⦗id k⦘∈{0⋯dc}", {"n": 2, "m": 3})
    assert {v.domain for v in gm.variables} == {Domain.range(0, 12)}


def test_given_points_fix_values() -> None:
    gm = g("∀a∈{0⋯1} ⦗p a⦘∈{0⋯4}", {"p": [3, None]})
    assert gm.constants["p"] == {(0,): 3}
    assert [v.label() for v in gm.variables] == ["p(1)"]


def test_false_guard_removes_branch_before_reading() -> None:
    gm = g("∀x∈{0⋯2} ⦗f x⦘∈{0 1}\n∀x∈{0⋯2} x>0 ⇒ ⦗f x⦘=⦗f x⨫1⦘")
    assert len(gm.constraints) == 2  # x=1 and x=2 only


def test_undefined_read_names_point_position_and_bindings() -> None:
    with pytest.raises(SapphireError) as ei:
        g("∀x∈{0⋯2} ⦗f x⦘∈{0 1}\n∀⟨x y⟩∈{0⋯2}×{5⋯5}\n  ⦗f x+1⦘=⦗f x⦘")
    d = ei.value.diagnostics[0]
    assert d.kind == "no-domain"
    assert d.message == "f(3) has no domain; read at t.sapphire:3:3 with x=2, y=5"


def test_provenance_keeps_span_and_bindings() -> None:
    gm = g("∀x∈{0⋯2} ⦗f x⦘∈{0⋯5}\n∀x∈{1⋯2}\n  ⦗f x⦘>⦗f x⨫1⦘")
    origins = [(c.origin.span.line, c.origin.span.col, c.origin.bindings)
               for c in gm.constraints]
    assert origins == [(3, 3, (("x", 1),)), (3, 3, (("x", 2),))]


def test_variable_without_domain_is_an_error() -> None:
    with pytest.raises(SapphireError) as ei:
        g("y = x + 1 ∨ x = 2")
    assert ei.value.kinds == ["no-domain"]


def test_boolean_used_as_number_is_a_type_error() -> None:
    with pytest.raises(SapphireError) as ei:
        g("x∈{0 1}\n(x=1)·2 = 2")
    assert ei.value.kinds == ["type"]


def test_number_used_as_condition_is_a_type_error() -> None:
    with pytest.raises(SapphireError) as ei:
        g("x∈{0 1}\nx ⇒ x=1")
    assert ei.value.kinds == ["type"]


def test_element_index_must_stay_in_defined_points() -> None:
    with pytest.raises(SapphireError) as ei:
        g("∀k∈{0⋯3} ⦗f k⦘∈{0 1}\ni∈{0⋯4}\n⦗f i⦘=1")
    assert "can read f(4)" in ei.value.diagnostics[0].message


def test_constant_false_constraint_makes_the_model_unsatisfiable() -> None:
    gm = g("n = 4", {"n": 3})
    assert len(gm.constraints) == 1


def test_instance_constants_bind_lists_for_quantifiers() -> None:
    prog = parse_program("∀⟨r c⟩∈S ⦗face r c⦘∈{1⋯4}")
    gm = ground(prog, Instance(constants={"S": [(1, 1), (2, 3)]}))
    assert sorted(v.label() for v in gm.variables) == ["face(1, 1)", "face(2, 3)"]


def test_bad_data_is_an_error() -> None:
    with pytest.raises(SapphireError) as ei:
        data_to_instance({"pim": [[1, "x"]]})
    assert ei.value.kinds == ["bad-data"]


def test_atoms_the_domain_decides_fold_away() -> None:
    from sapphire.model import Cmp, Lin

    gm = g("g∈{1⋯4}\nx∈{0 1}\ng=7 ∨ x=1\ng>9 ∨ x=1\ng<=4 ∨ x=0\ng¬=5 ∧ x¬=3\n")
    xi = [v.name for v in gm.variables].index("x")
    # g=7 and g>9 are false, g<=4, g¬=5 and x¬=3 are true: what is left reads x only
    assert [c.formula for c in gm.constraints] == [Cmp("=", Lin(((xi, 1),), -1))]


def test_only_a_point_against_a_read_free_side_is_an_exclusion_candidate() -> None:
    from sapphire.ground.facts import _may_state_facts

    def candidate(text: str) -> bool:
        return _may_state_facts(parse_program(text, "t.sapphire").constraints[0], {})

    assert candidate("∀a∈{1⋯3}: a>1 ⇒ ⦗f a⦘¬=2·a+1")
    assert candidate("x¬=5")
    # the right side reads the map: never a constant, so the guard is not worth evaluating
    assert not candidate("∀a∈{1⋯3}: a>1 ⇒ ⦗f a⦘¬=2·⦗f a⨫1⦘")
    assert not candidate("∀a∈{1⋯3}: ⦗f a⦘⨫⦗f 1⦘¬=1")


def test_a_choice_of_facts_about_one_point_is_a_fact() -> None:
    gm = g("x∈{1⋯9}\nx=2 ∨ x=5\n∀a∈{1⋯2} ⦗f a⦘∈{0⋯9}\n∃k∈{1⋯2}: ⦗f 1⦘=3·k\n"
           "y∈{1⋯9}\nx=5 ∨ y=4\n∃k∈{1⋯2}: ⦗f k⦘=3")
    names = {v.label(): v.domain for v in gm.variables}
    assert names["x"] == Domain.of([2, 5])
    assert names["f(1)"] == Domain.of([3, 6])
    # many choices, some adjacent, join into one domain
    wide = g("∀a∈{1⋯2} ⦗f a⦘∈{0⋯30}\n∃k∈{1 2 3 7 9}: ⦗f 1⦘∈{3·k 3·k+1}\n")
    assert wide.variables[0].domain == Domain.of([3, 4, 6, 7, 9, 10, 21, 22, 27, 28])
    # choices about two points narrow neither and stay constraints; the two above are kept
    # by the domains alone
    assert names["y"] == Domain.range(1, 9) and names["f(2)"] == Domain.range(0, 9)
    assert len(gm.constraints) == 2 and all(type(c.formula) is Or for c in gm.constraints)


CASES = ("∀a∈{1⋯3} ⦗s a⦘∈{0 1}\n∀a∈{1⋯3} ⦗g a⦘∈{1⋯9}\n"
         "∀a∈{1⋯3}: ⦗s a⦘=1 ⇒ ⦗g a⦘=a\n∀a∈{1⋯2}: ⦗s a⦘=0 ⇒ ⦗g a⦘∈{7 8}\n")


def test_facts_under_every_value_of_a_guard_narrow_the_point() -> None:
    gm = g(CASES + "⦗s 1⦘=1 ⇒ ⦗g 1⦘∈{1 2}\n")
    names = {v.label(): v.domain for v in gm.variables}
    # s(a) is 0 or 1, and each case gives g(a) its values: g(1) is 1 or one of 7, 8 (the two
    # facts under s(1)=1 meet in 1); g(3) has no case for s(3)=0, so it keeps its domain
    assert names["g(1)"] == Domain.of([1, 7, 8])
    assert names["g(2)"] == Domain.of([2, 7, 8])
    assert names["g(3)"] == Domain.range(1, 9)
    # the implications still hold as constraints: the narrowing only drops values no answer has
    assert sum(type(c.formula).__name__ == "Implies" for c in gm.constraints) == 6


def test_narrowing_by_cases_keeps_every_answer() -> None:
    from sapphire.backend.cpsat import search as cpsat
    from sapphire.pipeline import answer_variables

    gm = g(CASES)
    av = answer_variables(gm)
    res = cpsat.solve(gm, av, max_solutions=1000)
    # g(1), g(2): 1 way with s=1, 2 with s=0; g(3): 1 way with s=1, 9 with s=0
    assert (res.status, len(res.solutions)) == ("multiple", 3 * 3 * 10)


def test_unrolling_stops_at_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each domain is counted before it is walked: 5 for a, then 2 for b per a, 15 a pass,
    and grounding reads the program twice (its facts, then its constraints). The ∀ behind a
    guard is counted as it is walked, the first time b's values do not fit in what is left."""
    text = "∀a∈{1⋯5} a>0 ⇒ ∀b∈{1⋯2} ⦗f a b⦘∈{0 1}"
    monkeypatch.setattr(unroll, "MAX_BINDINGS", 30)
    assert len(g(text).variables) == 10
    monkeypatch.setattr(unroll, "MAX_BINDINGS", 29)
    with pytest.raises(SapphireError) as e:
        g(text)
    d = e.value.diagnostics[0]
    assert (d.kind, d.span.line, d.span.col) == ("too-large", 1, 16)  # at ∀b
    assert d.message == "unrolling goes past 29 bindings of quantifiers, here over 2 values " \
                        "with a=5"


def test_a_nested_forall_is_counted_before_its_outer_one_is_walked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The ∀s that every binding of a ∀ walks (here ∀b) are counted with it, before any of
    them is: the same budget, but the error comes at ∀a, with nothing of it unrolled."""
    text = "∀a∈{1⋯5} ∀b∈{1⋯2} ⦗f a b⦘∈{0 1}"
    monkeypatch.setattr(unroll, "MAX_BINDINGS", 30)
    assert len(g(text).variables) == 10
    monkeypatch.setattr(unroll, "MAX_BINDINGS", 29)
    with pytest.raises(SapphireError) as e:
        g(text)
    d = e.value.diagnostics[0]
    assert (d.kind, d.span.line, d.span.col) == ("too-large", 1, 1)  # at ∀a
    assert d.message == "unrolling goes past 29 bindings of quantifiers, here over 15 values, " \
                        "counting the quantifiers inside it"


def test_points_past_the_model_size_guard_stop_at_the_fact_that_makes_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`MAX_POINTS` unknowns (here a scalar and six points) are allowed, one more is `too-large`
    at the fact that states it (the issue's ∀i∈{1⋯10^7} stopped at 991 MB)."""
    text = "y∈{0 1}\n∀a∈{1⋯3} ∀b∈{1⋯2} ⦗f a b⦘∈{0 1}"
    monkeypatch.setattr(facts, "MAX_POINTS", 7)
    assert len(g(text).variables) == 7
    monkeypatch.setattr(facts, "MAX_POINTS", 6)
    with pytest.raises(SapphireError) as e:
        g(text)
    d = e.value.diagnostics[0]
    assert (d.kind, d.span.line, d.span.col) == ("too-large", 2, 19)
    assert d.message == "the model has more than 6 unknowns (scalars and points of maps), " \
                        "here f(3, 2) with a=3, b=2"


def test_an_inner_domain_that_reads_the_outer_name_is_counted_per_value(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """b takes 4, 3, 2 and 1 values: 14 a pass with a's own, 28 in all, counted exactly."""
    text = "∀a∈{1⋯4} ∀b∈{a⋯4} ⦗f a b⦘∈{0 1}"
    monkeypatch.setattr(unroll, "MAX_BINDINGS", 28)
    assert len(g(text).variables) == 10
    monkeypatch.setattr(unroll, "MAX_BINDINGS", 27)
    with pytest.raises(SapphireError) as e:
        g(text)
    d = e.value.diagnostics[0]
    assert (d.kind, d.span.col) == ("too-large", 1)
    assert d.message.endswith("here over 14 values, counting the quantifiers inside it")


@pytest.mark.parametrize(("text", "col", "says"), [
    # the audit's program: before, 2.4 GB and still unrolling after a minute
    ("∀a∈{0⋯n} ∀b∈{0⋯n} ⦗v a b⦘∈{0 1}", 1, "here over 100,030,002 values, counting"),
    # inside ∧ and a block, a product, and three deep
    ("∀a∈{0⋯n} ⦗v a 0⦘=0 ∧ ∀b∈{1⋯n} ⦗v a b⦘∈{0 1}", 1, "here over 100,020,001 values"),
    ("∀a∈{0⋯n}\n  ⦗w a⦘∈{0 1}\n  ∀⟨b c⟩∈{0⋯9}×{0⋯n} ⦗v a b c⦘∈{0 1}", 1,
     "here over 1,000,210,011 values"),
    ("∀a∈{0⋯2} ∀b∈{0⋯n} ∀c∈{0⋯n} ⦗v a b c⦘∈{0 1}", 1, "here over 300,090,009 values"),
    # a domain that reads the outer name: counted per value (a triangle), until past
    ("∀a∈{0⋯n} ∀b∈{a⋯n} ⦗v a b⦘∈{0 1}", 1, "here over 20,005,376 values, counting"),
    ("∀a∈{0⋯n} ∀b∈{0⋯2} ∀c∈{a⋯n} ⦗v a b c⦘∈{0 1}", 1, "here over 20,001,026 values"),
    # behind a guard, the inner pair is counted when it is reached, with r bound
    ("∀r∈{0 1} r>=0 ⇒ ∀a∈{0⋯n} ∀b∈{0⋯n} ⦗v r a b⦘∈{0 1}", 17,
     "here over 100,030,002 values with r=0, counting"),
])
def test_nested_foralls_past_the_budget_stop_at_once(text: str, col: int, says: str) -> None:
    t0 = time.process_time()
    with pytest.raises(SapphireError) as e:
        g(text, {"n": 10000})
    d = e.value.diagnostics[0]
    assert (d.kind, d.span.line, d.span.col) == ("too-large", 1, col)
    assert says in d.message
    assert time.process_time() - t0 < 5  # nothing unrolled: before, minutes and gigabytes


def test_a_size_typed_wrong_in_the_data_is_an_error_at_once() -> None:
    with pytest.raises(SapphireError) as e:
        g("∀a∈{1⋯n} ⦗f a⦘∈{0 1}", {"n": 10**9})
    assert e.value.kinds == ["too-large"]
    assert "here over 1,000,000,000 values" in e.value.diagnostics[0].message
    with pytest.raises(SapphireError) as e:  # a product is counted before it is built
        g("∀⟨a b⟩∈{1⋯n}×{1⋯n} ⦗f a b⦘∈{0 1}", {"n": 10**5})
    assert e.value.kinds == ["too-large"]
    assert "here over 10,000,000,000 values" in e.value.diagnostics[0].message


def test_a_read_at_a_wide_index_names_a_missing_point_at_once() -> None:
    """x ranges over 10⁹+1 values and f has four points: some value of x has no point, found
    among the first five. Before, every value of x was listed first (16 GB in 30 s)."""
    t0 = time.process_time()
    with pytest.raises(SapphireError) as e:
        g("∀i∈{0⋯3} ⦗f i⦘∈{0 1}\nx∈{0⋯1000000000}\n⦗f x⦘=1\n")
    d = e.value.diagnostics[0]
    assert (d.kind, d.span.line, d.span.col) == ("no-domain", 3, 1)
    assert d.message.startswith("⦗f x⦘ can read f(4), which has no domain")
    assert time.process_time() - t0 < 5


def test_a_read_at_a_variable_index_spends_a_binding_per_point(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each read ⦗f ⦗x i⦘⦘ is a table of the 10 points x can pick, an unrolling like a ∀'s:
    the passes take 30 and 30 bindings for the ∀s, the ten tables 100 more."""
    text = "∀i∈{0⋯9} ⦗f i⦘∈{0 1}\n∀i∈{0⋯9} ⦗x i⦘∈{0⋯9}\n∀i∈{0⋯9} ⦗f ⦗x i⦘⦘=1\n"
    monkeypatch.setattr(unroll, "MAX_BINDINGS", 160)
    assert len(g(text).elements) == 10
    monkeypatch.setattr(unroll, "MAX_BINDINGS", 159)
    with pytest.raises(SapphireError) as e:
        g(text)
    d = e.value.diagnostics[0]
    assert (d.kind, d.span.line, d.span.col) == ("too-large", 3, 10)
    assert d.message.endswith("here over 10 values with i=9")


def test_a_whole_forall_of_exclusions_is_taken_at_once() -> None:
    # the read's indices are the binder's names, or fixed outside the ∀ (row 3), and the
    # value is a constant: both passes take the ∀ in one step, with the domains a walk gives
    text = ("∀⟨a b⟩∈{1⋯3}×{1⋯3} ⦗f a b⦘∈{1⋯5}\n∀⟨a b⟩∈{1⋯2}×{1⋯3}: ⦗f a b⦘¬=2\n"
            "∀b∈{2⋯3}: ⦗f 3 b⦘¬=k\n")
    walked = text.replace(": ⦗f", ": b>0 ⇒ ⦗f")  # a guard: walked binding by binding
    for program in (text, walked):
        gm = g(program, {"k": 4})
        names = {v.label(): v.domain for v in gm.variables}
        assert names == {**{f"f({a}, {b})": Domain.of([1, 3, 4, 5])
                            for a in (1, 2) for b in (1, 2, 3)},
                         "f(3, 1)": Domain.range(1, 5), "f(3, 2)": Domain.of([1, 2, 3, 5]),
                         "f(3, 3)": Domain.of([1, 2, 3, 5])}
        assert gm.constraints == []


def test_a_forall_of_exclusions_that_hits_a_constant_leaves_no_answer() -> None:
    gm = g("∀a∈{1⋯2} ⦗f a⦘∈{1⋯5}\n⦗f 1⦘=3\n∀a∈{1⋯2}: ⦗f a⦘¬=3")
    assert Or(()) in [c.formula for c in gm.constraints]


def test_a_set_builder_in_a_facts_guard_is_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # the guard's set reads only S: both passes build it once, not once per binding
    from sapphire.ground.grounder import Grounder
    built: list[int] = []
    select = Grounder.select

    def counted(self: Grounder, e):  # noqa: ANN001, ANN202
        built.append(1)
        return select(self, e)

    monkeypatch.setattr(Grounder, "select", counted)
    prog = parse_program("∀i∈{1⋯6} ⦗f i⦘∈{0⋯3}\n∀i∈{1⋯6}: ¬(i∈{2·j | j∈S}) ⇒ ⦗f i⦘¬=0")
    gm = ground(prog, Instance(constants={"S": [1, 3]}))
    names = {v.label(): v.domain for v in gm.variables}
    assert names == {f"f({i})": Domain.range(0, 3) if i in (2, 6) else Domain.range(1, 3)
                     for i in range(1, 7)}
    assert len(built) <= 2


def test_an_empty_forall_of_exclusions_reads_nothing() -> None:
    # as a walk, an empty ∀ never evaluates its body (here a name that nothing defines)
    gm = g("∀a∈{1⋯2} ⦗f a⦘∈{1⋯5}\n∀a∈{3⋯2}: ⦗f a⦘¬=k")
    assert {v.domain for v in gm.variables} == {Domain.range(1, 5)}
