"""One test per syntax sentence of the rule-line seed (spec 000) and of issue 3."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.case import Cell, CommentLine, RuleLine, parse_case, write_case
from sapphire.diagnostics import SapphireError
from sapphire.library import load_library

FRONT = "---\nlibrary: std\n---\n"


def rule(line: str) -> RuleLine:
    """Parse one rule line under a minimal front matter."""
    case = parse_case(FRONT + line + "\n")
    (only,) = case.rules
    return only


def kinds_at(text: str, knowing: bool = False) -> list[tuple[str, int, int]]:
    """The diagnostics of reading `text`; `knowing`: told by the bundled library which lines
    declare the board."""
    with pytest.raises(SapphireError) as info:
        parse_case(text, "t.case",
                   load_library("std", Path(".")).declares_board if knowing else None)
    return [(d.kind, d.span.line, d.span.col) for d in info.value.diagnostics if d.span]


def cells(r: RuleLine) -> list[Cell]:
    return [c.cell for c in r.cells]


# "A case file declares its library root once."
def test_library_is_declared_in_front_matter() -> None:
    case = parse_case("---\nlibrary: ./rules\n---\nanti-king\n")
    assert case.front.library == "./rules"


def test_library_declared_twice_is_an_error() -> None:
    text = "---\nlibrary: std\nlibrary: other\n---\n"
    assert kinds_at(text) == [("duplicate-front-matter-key", 3, 1)]


# "One line states a rule, its cells and parameters, with an optional condition."
def test_one_line_states_rule_cells_parameters_condition() -> None:
    r = rule("cage r1c2-r1c3 total 17 if uniform")
    assert r.reference == "cage"
    assert cells(r) == [Cell(1, 2), Cell(1, 3)]
    assert [(p.name, p.value) for p in r.params] == [("total", 17)]
    assert r.condition is not None
    assert (r.condition.keyword, r.condition.predicate) == ("if", "uniform")


def test_condition_is_optional() -> None:
    assert rule("renban r1c5-r1c6").condition is None


# instance = [id ":" space] *("not" space) rule [space condition]
def test_id_is_optional() -> None:
    assert rule("cage r1c1 total 3").id is None
    assert rule("cage-1: cage r1c1 total 3").id == "cage-1"


def test_id_may_hold_letters_digits_dash_underscore() -> None:
    assert rule("Box_7-b: cage r1c1 total 3").id == "Box_7-b"


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_any_number_of_nots(n: int) -> None:
    r = rule("not " * n + "anti-king")
    assert r.nots == n
    assert r.negated == (n % 2 == 1)


# "The instance ID precedes every operator."
def test_id_precedes_not() -> None:
    r = rule("cage-2: not cage r1c2-r1c3 total 17")
    assert (r.id, r.nots) == ("cage-2", 1)


def test_id_after_not_is_an_error() -> None:
    assert kinds_at(FRONT + "not cage-2: cage r1c2-r1c3 total 17\n") == [("misplaced-id", 4, 5)]


def test_id_after_reference_is_an_error() -> None:
    assert kinds_at(FRONT + "cage cage-2: r1c2\n") == [("misplaced-id", 4, 6)]


# "Two not prefixes cancel; they remain recorded for writing."
def test_two_nots_cancel_but_are_kept_for_writing() -> None:
    case = parse_case(FRONT + "not not anti-king\n")
    assert case.rules[0].nots == 2
    assert not case.rules[0].negated
    assert write_case(case).endswith("not not anti-king\n")


# reference = kind-name | HTTPS-Markdown-URL
def test_reference_is_a_kind_name() -> None:
    assert rule("absent-digits r1c1 digits [2]").reference == "absent-digits"


def test_reference_may_be_an_https_markdown_url() -> None:
    url = "https://example.org/rules/kropki.md"
    assert rule(f"{url} r1c1-r1c2").reference == url


def test_url_must_end_in_md() -> None:
    assert kinds_at(FRONT + "https://example.org/kropki r1c1\n") == [("bad-reference", 4, 1)]


def test_url_must_be_https() -> None:
    assert kinds_at(FRONT + "http://example.org/kropki.md r1c1\n") == [("bad-reference", 4, 1)]


def test_kind_names_are_lower_case() -> None:
    with pytest.raises(SapphireError) as info:
        parse_case(FRONT + "Cage r1c1\n")
    (d,) = info.value.diagnostics
    assert (d.kind, d.span.col, d.hint) == ("bad-reference", 1, "kind names are lower case: 'cage'")


# rule = reference [space cells] *(space parameter space value)
def test_cells_are_optional() -> None:
    r = rule("anti-king")
    assert r.cells == () and r.params == ()


def test_parameters_follow_cells_in_written_order() -> None:
    r = rule("cage r1c1 total 3 repeats true")
    assert [p.name for p in r.params] == ["total", "repeats"]


def test_parameters_without_cells() -> None:
    r = rule("value-modifier count 2 multiply 3")
    assert r.cells == ()
    assert [(p.name, p.value) for p in r.params] == [("count", 2), ("multiply", 3)]


# cells = cell *("-" cell | "," cell)
def test_cells_are_separated_by_dash() -> None:
    r = rule("renban r1c5-r1c6-r1c7")
    assert cells(r) == [Cell(1, 5), Cell(1, 6), Cell(1, 7)]
    assert r.separators == ("-", "-")


def test_comma_also_separates_and_is_kept() -> None:
    r = rule("quadruple r5c3,r5c4-r6c3,r6c4 digits [2,9]")
    assert cells(r) == [Cell(5, 3), Cell(5, 4), Cell(6, 3), Cell(6, 4)]
    assert r.separators == (",", "-", ",")
    assert write_case(parse_case(FRONT + "quadruple r5c3,r5c4-r6c3,r6c4\n")).endswith(
        "quadruple r5c3,r5c4-r6c3,r6c4\n"
    )


# "The cell path lists each cell explicitly; r1c1-r1c3 names two cells, not a three-cell range."
def test_dash_is_not_a_range() -> None:
    assert cells(rule("thermo r1c1-r1c3")) == [Cell(1, 1), Cell(1, 3)]


def test_a_shortened_cell_is_not_a_range_either() -> None:
    assert kinds_at(FRONT + "thermo r1c1-3\n") == [("malformed-cell", 4, 13)]


# cell = "r" positive-row "c" positive-column
def test_cell_numbers_may_exceed_nine() -> None:
    assert cells(rule("thermo r10c12-r16c1")) == [Cell(10, 12), Cell(16, 1)]


@pytest.mark.parametrize(
    ("line", "col"),
    [("thermo r0c1", 8), ("thermo r1c0", 8), ("thermo r1c", 8), ("thermo rc1", 8)],
)
def test_rows_and_columns_are_positive(line: str, col: int) -> None:
    assert kinds_at(FRONT + line + "\n") == [("malformed-cell", 4, col)]


# value = JSON-value | cell
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("17", 17),
        ("-3", -3),
        ("2.5", 2.5),
        ("true", True),
        ("false", False),
        ("null", None),
        ('"x y"', "x y"),
        ('"a # not a comment"', "a # not a comment"),
        ("[2,9]", [2, 9]),
        ("[2, 9]", [2, 9]),
        ('{"a":1,"b":[true]}', {"a": 1, "b": [True]}),
        ('{"a": 1}', {"a": 1}),
    ],
)
def test_values_are_json(text: str, value: object) -> None:
    (p,) = rule(f"rule r1c1 v {text}").params
    assert p.value == value
    assert type(p.value) is type(value)


def test_value_may_be_a_cell() -> None:
    (p,) = rule("arrow r1c1-r1c2 bulb r3c4").params
    assert p.value == Cell(3, 4)


def test_json_is_written_compactly() -> None:
    case = parse_case(FRONT + 'quadruple r5c3 digits [2, 9] meta {"a": [1, 2]}\n')
    assert write_case(case).endswith('quadruple r5c3 digits [2,9] meta {"a":[1,2]}\n')


# condition = ("if" | "unless") space predicate; predicate = uniform | distinct | connected
@pytest.mark.parametrize("keyword", ["if", "unless"])
@pytest.mark.parametrize("predicate", ["uniform", "distinct", "connected"])
def test_conditions(keyword: str, predicate: str) -> None:
    r = rule(f"renban r1c5-r1c6 {keyword} {predicate}")
    assert r.condition is not None
    assert (r.condition.keyword, r.condition.predicate) == (keyword, predicate)


def test_condition_follows_parameters() -> None:
    r = rule("cage-1: cage r1c2-r1c3 total 17 repeats true if uniform")
    assert [p.name for p in r.params] == ["total", "repeats"]
    assert r.condition is not None and r.condition.predicate == "uniform"


# "Only one trailing condition is allowed."
def test_only_one_condition() -> None:
    assert kinds_at(FRONT + "renban r1c5-r1c6 if uniform unless distinct\n") == [
        ("second-condition", 4, 29)
    ]


# "A rule without a nonempty primary cell list cannot carry a condition."
def test_condition_needs_cells() -> None:
    assert kinds_at(FRONT + "anti-king if uniform\n") == [("condition-without-cells", 4, 11)]


def test_condition_needs_cells_even_with_parameters() -> None:
    assert kinds_at(FRONT + "value-modifier count 2 unless connected\n") == [
        ("condition-without-cells", 4, 24)
    ]


# "The condition ... takes no independent cell argument."
# "Unknown predicates and terms needing additional arguments are errors."
def test_condition_takes_no_cell_argument() -> None:
    assert kinds_at(FRONT + "renban r1c5-r1c6 if uniform r1c7\n") == [("condition-argument", 4, 29)]


def test_condition_takes_no_other_argument() -> None:
    assert kinds_at(FRONT + "renban r1c5-r1c6 if distinct 2\n") == [("condition-argument", 4, 30)]


def test_unknown_predicate() -> None:
    with pytest.raises(SapphireError) as info:
        parse_case(FRONT + "renban r1c5-r1c6 unless unifrom\n")
    (d,) = info.value.diagnostics
    assert (d.kind, d.span.line, d.span.col) == ("unknown-predicate", 4, 25)
    assert d.hint == "did you mean 'uniform'?"


# "A global rule may carry one bare positional argument such as 9x9."
def test_global_rule_positional_argument() -> None:
    r = rule("sudoku 9x9")
    assert (r.positional, r.cells, r.params) == ("9x9", (), ())


def test_positional_argument_before_parameters() -> None:
    r = rule("sudoku 6x6 boxes [2,3]")
    assert r.positional == "6x6"
    assert [(p.name, p.value) for p in r.params] == [("boxes", [2, 3])]


def test_only_one_positional_argument() -> None:
    assert kinds_at(FRONT + "sudoku 9x9 6x6\n") == [("unexpected-token", 4, 12)]


# "Repeated kinds need distinct IDs, including a positive and negated instance of the same kind."
def test_repeated_kind_with_distinct_ids_is_fine() -> None:
    case = parse_case(FRONT + "a: cage r1c1 total 1\nb: not cage r1c1 total 1\n")
    assert [r.id for r in case.rules] == ["a", "b"]


def test_positive_and_negated_instance_need_ids() -> None:
    assert kinds_at(FRONT + "cage r1c1 total 1\nnot cage r1c1 total 1\n") == [
        ("repeated-kind-needs-id", 4, 1),
        ("repeated-kind-needs-id", 5, 5),
    ]


# "not sudoku 9x9 ... still declares the board's dimensions."
def test_negated_sudoku_still_declares_the_board() -> None:
    text = FRONT + "not sudoku 9x9\nthermo r1c1-r10c1\n"
    assert kinds_at(text, knowing=True) == [("off-board-cell", 5, 13)]


# "Invalid parameters, missing definitions and off-board cells remain errors under negation or
# an inactive condition."
@pytest.mark.parametrize(
    "line",
    [
        "not renban r1c1-r1c10 if uniform",
        "not not renban r1c1-r1c10 unless uniform",
        "x: not renban r1c1-r1c10 unless connected",
    ],
)
def test_off_board_stays_an_error_under_not_and_conditions(line: str) -> None:
    text = "---\nlibrary: std\nboard: 9x9\n---\n" + line + "\n"
    errors = kinds_at(text)
    assert [e[:2] for e in errors] == [("off-board-cell", 5)]


# Case front matter negate: all
@pytest.mark.parametrize(("value", "negate_all"), [("all", True), ("none", False)])
def test_negate_front_matter(value: str, negate_all: bool) -> None:
    case = parse_case(f"---\nlibrary: std\nnegate: {value}\n---\n")
    assert case.front.negate_all is negate_all


# '#' starts a comment (whole-line or trailing), outside JSON strings
def test_whole_line_and_trailing_comments_are_kept() -> None:
    case = parse_case(FRONT + "# clues\nrenban r1c5-r1c6  # the top row\n")
    assert case.body[0] == CommentLine(" clues")
    assert case.rules[0].comment == " the top row"


def test_hash_inside_a_json_string_is_not_a_comment() -> None:
    r = rule('note r1c1 text "#1"  # real comment')
    assert r.params[0].value == "#1"
    assert r.comment == " real comment"


def test_the_seed_excerpt_parses() -> None:
    text = (
        FRONT
        + "yin-yang\n"
        + "cage-1: cage r1c2-r1c3 total 17 repeats true if uniform\n"
        + "cage-2: not cage r1c2-r1c3 total 17 repeats true unless uniform\n"
        + "renban r1c5-r1c6-r1c7 if uniform\n"
        + "nabner r1c5-r1c6-r1c7 distinct true unless uniform\n"
        + "quadruple r5c3-r5c4-r6c3-r6c4 digits [2,9] if uniform\n"
        + "absent-digits r5c3-r5c4-r6c3-r6c4 digits [2,9] unless uniform\n"
    )
    case = parse_case(text)
    assert [(r.id, r.nots, r.reference) for r in case.rules] == [
        (None, 0, "yin-yang"),
        ("cage-1", 0, "cage"),
        ("cage-2", 1, "cage"),
        (None, 0, "renban"),
        (None, 0, "nabner"),
        (None, 0, "quadruple"),
        (None, 0, "absent-digits"),
    ]
    assert case.rules[4].params[0].value is True
    assert write_case(case) == text
