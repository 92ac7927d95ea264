"""What the language stage refuses before grounding, each as an error with a kind and a place,
never a Python traceback: recursive terms, badly typed or repeated term definitions, a name
used both as a scalar and as a map (or as maps of different arities), and expressions nested
too deep. Long flat chains, which are not deep, keep parsing."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest

from sapphire.diagnostics import Diagnostic, SapphireError
from sapphire.lang.parser import MAX_NESTING, parse_expression, parse_program
from sapphire.lang.printer import show
from sapphire.lang.syntax import Binary, Let, Name, Program
from sapphire.lang.types import check_terms, typecheck_program


def problem(text: str, constants: dict | None = None, terms: tuple = ()) -> Diagnostic:
    """The first diagnostic of parsing and type-checking `text` as the file t.sapphire."""
    with pytest.raises(SapphireError) as ei:
        typecheck_program(parse_program(text, "t.sapphire"), constants or {}, terms)
    return ei.value.diagnostics[0]


def at(d: Diagnostic) -> tuple[str, int, int]:
    assert d.span is not None
    return d.kind, d.span.line, d.span.col


def checks(text: str, constants: dict | None = None, terms: tuple = ()) -> Program:
    prog = parse_program(text, "t.sapphire")
    typecheck_program(prog, constants or {}, terms)
    return prog


# -- recursive terms -----------------------------------------------------------------------

def test_a_term_that_calls_itself_is_an_error_at_the_call() -> None:
    d = problem("term f(x:integer):integer = f(x)+1;\nx∈{0 1}\nf(x)=1\n")
    assert at(d) == ("recursive-term", 1, 29)
    assert d.message == "term 'f' calls itself: f → f"
    assert d.hint is not None and "expanded in place" in d.hint
    assert d.source_line == "term f(x:integer):integer = f(x)+1;"


def test_a_cycle_through_other_terms_is_named() -> None:
    text = ("term g(x:integer):boolean = h(x);\n"
            "term h(x:integer):boolean = k(x+1);\n"
            "term k(x:integer):boolean = x=1 ∨ g(x);\n"
            "x∈{0 1}\ng(x)\n")
    d = problem(text)
    assert at(d) == ("recursive-term", 3, 35)
    assert d.message == "term 'k' calls itself through 'g', 'h': k → g → h → k"


def test_recursion_is_reported_even_when_no_constraint_calls_the_term() -> None:
    assert at(problem("term f(x:integer):integer = f(x);\nx∈{0 1}\n")) == \
        ("recursive-term", 1, 29)


def test_a_cycle_through_a_library_term_is_found() -> None:
    lib = parse_program("term g(a:integer):integer = h(a);\n", "lib.md").terms
    d = problem("term h(a:integer):integer = g(a);\nx∈{0 1}\nh(x)=1\n", terms=lib)
    assert d.kind == "recursive-term"
    assert "h → g → h" in d.message or "g → h → g" in d.message


def test_check_terms_refuses_recursion() -> None:
    terms = parse_program("term p(a:boolean):boolean = q(a);\n"
                          "term q(a:boolean):boolean = ¬p(a);\n", "prelude.md").terms
    with pytest.raises(SapphireError) as ei:
        check_terms(terms, "")
    assert at(ei.value.diagnostics[0]) == ("recursive-term", 2, 30)


def test_terms_calling_other_terms_without_a_cycle_are_fine() -> None:
    # a diamond: f calls g twice and h, both call k; `connected` in a body is the binder
    checks("term k(x:integer):integer = x+1;\n"
           "term g(x:integer):integer = k(x)·2;\n"
           "term h(x:integer):integer = k(k(x));\n"
           "term f(x:integer):integer = g(x)+g(x)+h(x);\n"
           "term connected(S:set<cell>):boolean = connected⟨r c⟩∈S: true;\n"
           "x∈{0 1}\nf(x)=9\n")


# -- term definitions ----------------------------------------------------------------------

def test_an_unknown_parameter_type_is_an_error_at_the_type() -> None:
    d = problem("term f(x:foo):integer = 1;\nx∈{0 1}\nf(x)=1\n")
    assert at(d) == ("unknown-type", 1, 10)
    assert d.message == "unknown type 'foo'"
    assert d.hint == "the types are boolean, integer, cell, position, list<T> and set<T>"


def test_a_misspelt_type_gets_a_did_you_mean_hint() -> None:
    d = problem("term f(x:integr):integer = 1;\n")
    assert at(d) == ("unknown-type", 1, 10)
    assert d.hint is not None and d.hint.startswith("did you mean 'integer'?")
    d = problem("term f(x:integer):bolean = x=1;\n")
    assert at(d) == ("unknown-type", 1, 19)
    assert d.hint is not None and d.hint.startswith("did you mean 'boolean'?")
    d = problem("term f(xs:lst<integer>):integer = 1;\n")
    assert at(d) == ("unknown-type", 1, 11)
    assert d.hint is not None and d.hint.startswith("did you mean 'list'?")


def test_an_element_type_is_unknown_too() -> None:
    assert at(problem("term f(xs:set<cel>):boolean = true;\n")) == ("unknown-type", 1, 15)


def test_a_collection_needs_its_element_type_and_a_scalar_takes_none() -> None:
    d = problem("term f(xs:list):boolean = true;\n")
    assert at(d) == ("unknown-type", 1, 11)
    assert d.message == "'list' needs an element type"
    d = problem("term f(x:integer<cell>):boolean = true;\n")
    assert at(d) == ("syntax", 1, 17)
    assert d.message == "the type 'integer' takes no argument"


def test_every_documented_type_is_accepted() -> None:
    checks("term a(x:boolean, y:bool, z:integer, w:int):boolean = x ∨ y ∨ z=w;\n"
           "term b(S:set<cell>, P:list<position>, L:list<list<integer>>):boolean = true;\n"
           "term c(xs:list<boolean>):boolean = ∀m∈xs: m;\n"
           "x∈{0 1}\n")


def test_a_term_defined_twice_is_an_error_at_the_second_naming_the_first() -> None:
    d = problem("term f(x:integer):integer = 1;\nx∈{0 1}\n"
                "term f(x:integer):integer = 2;\nf(x)=1\n")
    assert at(d) == ("duplicate-term", 3, 6)
    assert d.message == "term 'f' is defined twice: first at line 1"


def test_a_parameter_given_twice_is_an_error_at_the_second() -> None:
    d = problem("term f(x:integer, y:integer, x:boolean):integer = 1;\n")
    assert at(d) == ("duplicate-parameter", 1, 30)
    assert d.message == "term 'f' has two parameters named 'x' (the first at column 8)"


def test_a_call_with_the_wrong_number_of_arguments_is_an_error_even_in_a_dead_branch() -> None:
    d = problem("term f(x:integer, y:integer):integer = x+y;\nx∈{0 1}\n1=2 ⇒ f(x)=1\n")
    assert at(d) == ("arity", 3, 7)
    assert d.message == "'f' takes 2 arguments, found 1"


# -- one name, one use ---------------------------------------------------------------------

def test_a_scalar_then_a_map_is_an_error_at_the_map() -> None:
    d = problem("x∈{0 1}\n⦗x 0⦘=1\n")
    assert at(d) == ("name-use", 2, 1)
    assert d.message == ("'x' is used here as a map read ⦗x …⦘ with 1 argument, but first as "
                         "a scalar 'x' at 1:1")


def test_a_map_then_a_scalar_is_an_error_at_the_scalar() -> None:
    d = problem("∀i∈{0 1} ⦗x i⦘∈{0 1}\nx∈{0 1}\n")
    assert at(d) == ("name-use", 2, 1)
    assert d.message == ("'x' is used here as a scalar 'x', but first as a map read ⦗x …⦘ with "
                         "1 argument at 1:10")


def test_a_map_read_with_two_arities_is_an_error_at_the_second() -> None:
    d = problem("∀i∈{0 1} ⦗c i⦘∈{0 1}\n∀i∈{0 1} ∀j∈{0 1} ⦗c i j⦘=1\n")
    assert at(d) == ("name-use", 2, 19)
    assert d.message == "map 'c' is read with 2 arguments here, but with 1 at 1:10"


def test_the_first_use_is_the_first_in_the_file_even_in_a_term_below() -> None:
    # the constraint on line 1 comes first, though terms are walked before constraints
    d = problem("∀i∈{0 1} ⦗c i⦘∈{0 1}\nx∈{0 1}\nterm t(a:integer):integer = ⦗c a a⦘;\n")
    assert at(d) == ("name-use", 3, 29)
    assert d.message == "map 'c' is read with 2 arguments here, but with 1 at 1:10"


def test_a_use_inside_a_called_library_term_counts() -> None:
    lib = parse_program("term v(r:integer):integer = ⦗c r 1⦘;\n", "lib.md").terms
    d = problem("∀i∈{0 1} ⦗c i⦘∈{0 1}\nv(0)=1\n", terms=lib)
    assert d.kind == "name-use"
    assert d.span is not None and (d.span.file, d.span.line, d.span.col) == ("lib.md", 1, 29)
    assert d.message.endswith("but with 1 at t.sapphire:1:10")


def test_bound_names_constants_and_terms_are_not_uses() -> None:
    # c is a map and also a bound variable; n is a constant read as a scalar; t is a term
    checks("term t(i:integer):integer = ⦗c i⦘;\n"
           "∀i∈{0⋯n} ⦗c i⦘∈{0 1}\n"
           "∀c∈{0 1}: t(c)=c\n"
           "(#c∈{x∈{0 1}: x=1}: ⦗c c⦘=1)=1\n"
           "(Σi∈{0 1}: ⦗c i⦘)=n\n", constants={"n": 1})
    prog = parse_program("⦗c k⦘=1\n", "t.sapphire")
    bound = Program((Let(prog.constraints[0].span, (("k", 0),), prog.constraints[0]),),
                    (), "t.sapphire", "⦗c k⦘=1\n")
    typecheck_program(bound, {}, ())
    assert isinstance(prog.constraints[0], Binary)
    assert isinstance(prog.constraints[0].left.args[0], Name)  # type: ignore[union-attr]


# -- nesting depth ---------------------------------------------------------------------------

def test_a_thousand_parentheses_are_too_deep_where_the_limit_is_passed() -> None:
    d = problem("x∈{0 1}\n" + "(" * 1000 + "x=1" + ")" * 1000 + "\n")
    assert at(d) == ("too-deep", 2, MAX_NESTING + 1)
    assert d.message == f"the expression nests more than {MAX_NESTING} deep"
    assert d.hint is not None and "term" in d.hint


def test_three_thousand_negations_are_too_deep() -> None:
    d = problem("x∈{0 1}\n" + "¬" * 3000 + "x=1\n")
    assert at(d) == ("too-deep", 2, MAX_NESTING + 1)


def test_nesting_up_to_the_limit_parses() -> None:
    # the parentheses hold x at level MAX_NESTING; `=1` is the outermost comparison's operand
    n = MAX_NESTING - 1
    checks("x∈{0 1}\n" + "(" * n + "x" + ")" * n + "=1\n")
    assert at(problem("x∈{0 1}\n" + "(" * (n + 1) + "x" + ")" * (n + 1) + "=1\n")) == \
        ("too-deep", 2, n + 2)


def test_deeply_indented_blocks_are_too_deep() -> None:
    lines = "".join(" " * i + "x=1 ⇒\n" for i in range(300)) + " " * 300 + "x=1\n"
    d = problem("x∈{0 1}\n" + lines)
    assert d.kind == "too-deep"
    assert d.span is not None and d.span.line == MAX_NESTING + 2


def test_a_deeply_nested_type_is_too_deep() -> None:
    d = problem("term f(x:" + "list<" * 1000 + "integer" + ">" * 1000 + "):boolean = true;\n")
    assert at(d) == ("too-deep", 1, 10 + 5 * MAX_NESTING)


SHAPES: dict[str, Callable[[int], str]] = {
    "parentheses": lambda n: "(" * n + "x" + ")" * n + "=1",
    "negations": lambda n: "¬" * n + "x=1",
    "minus signs": lambda n: "⨪" * n + "x=1",
    "map reads": lambda n: "⦗f " * n + "x" + "⦘" * n + "=1",
    "calls": lambda n: "g(" * n + "x" + ")" * n + "=1",
    "sets": lambda n: "x∈" + "{" * n + "1" + "}" * n,
    "tuples": lambda n: "x=" + "⟨1 " * n + "1" + "⟩" * n,
    "ranges": lambda n: "x∈{0⋯" * n + "1" + "}" * n,
    "quantifiers": lambda n: "∀i∈{0 1} " * n + "x=1",
    "domains": lambda n: "∀i∈(" * n + "{1}" + ") x=1" * n,
    "set-builders": lambda n: "x∈" + "{y∈S: " * n + "y=1" + "}" * n,
    "automata": lambda n: "accepted(" * n + "p" + ")⟨i⟩∈P: x" * n + "=1",
    "precedence": lambda n: "(a ∨ b ∧ c = d + e · " * n + "x" + ")" * n,
}


@pytest.mark.parametrize("shape", SHAPES, ids=list(SHAPES))
def test_every_kind_of_nesting_is_capped_and_fits_the_default_stack(shape: str) -> None:
    make = SHAPES[shape]
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)  # Python's default: the cap keeps parsing and checking inside it
    try:
        # the deepest that parses, by bisection: one level parses, MAX_NESTING + 1 does not
        lo, hi = 1, MAX_NESTING + 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            try:
                parse_program(make(mid), "t.sapphire")
                lo = mid
            except SapphireError as e:
                assert e.kinds == ["too-deep"], str(e)
                hi = mid
        deepest = parse_program(make(lo), "t.sapphire")
        try:
            typecheck_program(deepest, {"S": [1], "P": [1]}, ())
        except SapphireError as e:
            assert "too-deep" not in e.kinds
        for n in (hi, 1000):
            with pytest.raises(SapphireError) as ei:
                parse_program(make(n), "t.sapphire")
            assert ei.value.kinds == ["too-deep"]
    finally:
        sys.setrecursionlimit(limit)


# -- long flat chains ------------------------------------------------------------------------

def test_long_flat_chains_parse_and_check() -> None:
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    try:
        total = "+".join(f"⦗c {i}⦘" for i in range(350))
        checks("∀i∈{0⋯349} ⦗c i⦘∈{0 1}\n" + total + "=3\n")
        checks("∀i∈{0⋯1499} ⦗c i⦘∈{0 1}\n" + "+".join(f"⦗c {i}⦘" for i in range(1500))
               + "=3\n")
        checks("x∈{0 1}\n" + " ∧ ".join(["x=1"] * 500) + "\n")
        checks("x∈{0 1}\n" + " ∨ ".join(["x=1"] * 3000) + "\n")
        checks("x∈{0 1}\n" + " ⇒ ".join(["x=1"] * 3000) + "\n")
        checks("x∈{0 1} ∧ y∈{0 1}\n" + "·".join(["x"] * 500) + "⨫" + "⨫".join(["y"] * 500)
               + "=0\n")
    finally:
        sys.setrecursionlimit(limit)


def test_a_chain_of_implications_still_nests_to_the_right() -> None:
    e = parse_expression(" ⇒ ".join(f"a={i}" for i in range(4)))
    assert show(e, explicit=True) == "(a = 0) ⇒ ((a = 1) ⇒ ((a = 2) ⇒ (a = 3)))"
    e = parse_expression("a=1 ⇒ ¬b=1 ⇒ c=1 ⇐⇒ d=1 ⇒ ∀i∈S: i=1 ⇒ e=1")
    assert show(e, explicit=True) == (
        "((a = 1) ⇒ ((¬(b = 1)) ⇒ (c = 1))) ⇐⇒ ((d = 1) ⇒ (∀i∈S: (i = 1) ⇒ (e = 1)))")
    chain = parse_expression(" ⇒ ".join(["x=1"] * 3000))
    depth = 0
    while isinstance(chain, Binary) and chain.op == "⇒":
        depth += 1
        chain = chain.right
    assert depth == 2999
