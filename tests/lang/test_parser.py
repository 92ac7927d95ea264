"""The seed program parses to the reading a mathematician expects (issue 2: lines 36, 52,
55, 60, 67 in particular), and layout builds the blocks the seed relies on."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.lang.parser import parse_expression, parse_program
from sapphire.lang.printer import show
from sapphire.lang.syntax import Binary, Conj, Quant

SEED = Path(__file__).parents[2] / "examples" / "slitherlink" / "slitherlink-rules.sapphire"


def explicit(text: str) -> str:
    return show(parse_expression(text), explicit=True)


@pytest.mark.parametrize(
    ("line", "reading"),
    [
        # seed line 36
        ("x>0 ⇒ (⦗in? x y⦘=⦗in? x⨫1 y⦘ ⇐⇒ ⦗vrt x y⦘=0)",
         "(x > 0) ⇒ ((⦗in? x y⦘ = ⦗in? (x ⨫ 1) y⦘) ⇐⇒ (⦗vrt x y⦘ = 0))"),
        # seed line 52
        ("⦗hrz x y⦘=1 ⇐⇒ ⦗id x+1 y⦘=⦗id x y⦘+1",
         "(⦗hrz x y⦘ = 1) ⇐⇒ (⦗id (x + 1) y⦘ = (⦗id x y⦘ + 1))"),
        # seed line 55
        ("⦗vrt x y⦘=1 ⇒ ⦗id x y⦘=⦗id x y+1⦘+1 ∨ ⦗id x y⦘=0",
         "(⦗vrt x y⦘ = 1) ⇒ ((⦗id x y⦘ = (⦗id x (y + 1)⦘ + 1)) ∨ (⦗id x y⦘ = 0))"),
        # seed line 60
        ("⦗vrt x+1 y⦘=1 ⇐⇒ ⦗id x+1 y⦘=⦗id x+1 y+1⦘+1∨⦗id x+1 y⦘=0",
         "(⦗vrt (x + 1) y⦘ = 1) ⇐⇒ ((⦗id (x + 1) y⦘ = (⦗id (x + 1) (y + 1)⦘ + 1)) ∨ "
         "(⦗id (x + 1) y⦘ = 0))"),
        # seed line 67
        ("⦗id x y⦘=0 ⇐⇒ x=x0 ∧ y=y0", "(⦗id x y⦘ = 0) ⇐⇒ ((x = x0) ∧ (y = y0))"),
        # seed line 56
        ("y0<=y ∧ (y0=y ⇒ x0<=x)", "(y0 <= y) ∧ ((y0 = y) ⇒ (x0 <= x))"),
        # quantifier bodies reach to the end; ⨪ is a literal minus
        ("∀a∈{0⋯n} ⦗vrt a ⨪1⦘=0 ∧ ∀b∈{0⋯m⨫1} ⦗vrt a b⦘∈{0 1}",
         "∀a∈{0⋯(n ⨫ 1)}: (⦗vrt a ⨪1⦘ = 0) ∧ (∀b∈{0⋯(m ⨫ 1)}: ⦗vrt a b⦘ ∈ {0 1})"
         .replace("{0⋯(n ⨫ 1)}", "{0⋯n}")),
        # precedence: · over +, ¬ over ∧, ⇒ right-associative
        ("a+b·c = 1", "(a + (b · c)) = 1"),
        ("¬a=1 ∧ b=1", "(¬(a = 1)) ∧ (b = 1)"),
        ("a=1 ⇒ b=1 ⇒ c=1", "(a = 1) ⇒ ((b = 1) ⇒ (c = 1))"),
        # ASCII and seed-000 spellings normalise to the reference operators
        ("a=1 -> b=1 <-> c!=1", "((a = 1) ⇒ (b = 1)) ⇐⇒ (c ¬= 1)"),
        ("a=1 → b=1 ↔ c=1", "((a = 1) ⇒ (b = 1)) ⇐⇒ (c = 1)"),
        # an automaton binder takes its automaton in parentheses, then binds like ∀
        ("accepted(m, s, a)⟨i r c⟩∈P: ⦗face r c⦘+1",
         "accepted(m, s, a)⟨i r c⟩∈P: ⦗face r c⦘ + 1"),
        ("accepted(pattern)⟨i r c⟩∈P: ⦗face r c⦘", "accepted(pattern)⟨i r c⟩∈P: ⦗face r c⦘"),
        # a set-builder: a binder, its domain, ':' and a condition, all inside the braces
        ("{⟨s a t⟩∈{0⋯9}×A×{0⋯9}: s+a<=10 ∧ t=(s+a) mod 10}",
         "{⟨s a t⟩∈{0⋯9}×A×{0⋯9}: ((s + a) <= 10) ∧ (t = ((s + a) mod 10))}"),
        ("x∈{y∈S: ∀z∈T: y¬=z}", "x ∈ {y∈S: ∀z∈T: y ¬= z}"),
        ("{⟨s a ((s+a) mod 10)⟩ | ⟨s a⟩∈{0⋯9}×A: s+a<=10}",
         "{⟨s a ((s + a) mod 10)⟩ | ⟨s a⟩∈{0⋯9}×A: (s + a) <= 10}"),
        ("{x·x | x∈S}", "{x · x | x∈S}"),
        # members that merely contain ∈ or : stay a list of members
        ("{⟨0 1⟩ ⟨1 2⟩}", "{⟨0 1⟩ ⟨1 2⟩}"),
    ],
)
def test_reading(line: str, reading: str) -> None:
    assert explicit(line) == reading


def test_seed_has_eleven_top_level_constraints() -> None:
    prog = parse_program(SEED.read_text(encoding="utf-8"), str(SEED))
    assert len(prog.constraints) == 11
    # line 50: a quantifier header owning a block of two implications whose bodies are blocks
    q = prog.constraints[9]
    assert isinstance(q, Quant) and q.names == ("x", "y") and isinstance(q.body, Conj)
    first, second = q.body.items
    assert isinstance(first, Binary) and first.op == "⇒" and isinstance(first.right, Conj)
    assert len(first.right.items) == 5 and len(second.right.items) == 4  # type: ignore[union-attr]


def test_comments_and_blank_lines_do_not_break_a_block() -> None:
    text = "∀x∈{0⋯2}\n  ⦗f x⦘∈{0 1}\n\n  -- a comment\n  ⦗f x⦘=1\n"
    (q,) = parse_program(text).constraints
    assert isinstance(q, Quant) and isinstance(q.body, Conj) and len(q.body.items) == 2


def test_term_definitions_from_seed_000() -> None:
    text = (
        "term negateRule(base:boolean):boolean = ¬base;\n"
        "term composeRules(instantiated:list<boolean>):boolean = "
        "∀meaning∈instantiated: meaning;\n"
    )
    prog = parse_program(text)
    assert [t.name for t in prog.terms] == ["negateRule", "composeRules"]
    assert str(prog.terms[1].params[0][1]) == "list<boolean>"


@pytest.mark.parametrize(
    ("text", "kind", "col"),
    [
        ("x = (1 + 2", "unbalanced-bracket", 5),
        ("⦗f x⦘ = {0 1⟩", "unbalanced-bracket", 13),
        ("x = 1 = 2", "syntax", 7),
        ("x ⇒", "unexpected-end", 4),
        ("∀∈{0 1} x=1", "syntax", 2),
        ("x ^ 2", "unknown-operator", 3),
        ("⦗⦘ = 1", "syntax", 1),
        ("accepted⟨i r c⟩∈P: 1", "syntax", 9),
        ("accepted(m, s)⟨i r c⟩∈P: 1", "arity", 1),
        ("x∈{y∈S: }", "unexpected-end", 9),
        ("x∈{⟨y 1⟩∈S: y>0}", "syntax", 7),
        ("x∈{| y∈S}", "syntax", 4),
        ("x∈{y |}", "syntax", 6),
        ("x∈{y | 3}", "syntax", 8),
        ("x=1 | y=1", "syntax", 5),
    ],
)
def test_syntax_errors(text: str, kind: str, col: int) -> None:
    with pytest.raises(SapphireError) as ei:
        parse_program(text, "p.sapphire")
    d = ei.value.diagnostics[0]
    assert (d.kind, d.span.line, d.span.col) == (kind, 1, col), str(ei.value)
    rendered = str(ei.value)
    assert rendered.startswith(f"p.sapphire:1:{col}: error: ")
    assert "^" in rendered  # the caret line


@pytest.mark.parametrize(("text", "written"), [
    ("(s+a) mod 10 = t", "(s+a) mod 10 = t"),
    ("(a+b)·c = a⨫(b⨫c)", "(a+b)·c = a⨫(b⨫c)"),
    ("(a=1 ⇒ b=1) ⇒ c=1", "(a = 1 ⇒ b = 1) ⇒ c = 1"),
    ("¬(a=1 ∧ b=1)", "¬(a = 1 ∧ b = 1)"),
    ("(∀x∈S: x=1) ∧ y=1", "(∀x∈S: x = 1) ∧ y = 1"),
    ("(a=b)=c", "(a = b) = c"),
    ("⨪(a+b) = 1", "⨪(a+b) = 1"),
    ("(a=1 ∨ b=1) ∧ c=1", "(a = 1 ∨ b = 1) ∧ c = 1"),
    ("a⨫b⨫c = 1 ∨ b=1 ∧ c=1", "a⨫b⨫c = 1 ∨ b = 1 ∧ c = 1"),
])
def test_plain_printing_keeps_the_parentheses_the_reading_needs(text: str, written: str) -> None:
    # the plain spelling leaves out what precedence implies and nothing more: it reads back
    # as the same expression
    assert show(parse_expression(text)) == written
    assert explicit(written) == explicit(text)


@pytest.mark.parametrize("text", ["x=1 | y=1", "| y=1"])
def test_a_stray_bar_points_to_disjunction(text: str) -> None:
    # '|' is a token only for set-builders; written for "or" it still gets the hint it had
    with pytest.raises(SapphireError) as ei:
        parse_program(text, "p.sapphire")
    d = ei.value.diagnostics[0]
    assert d.kind == "syntax" and d.hint is not None and "∨" in d.hint
