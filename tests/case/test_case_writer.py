"""The canonical writer: stable output, nothing lost, and parse(write(case)) == case."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sapphire.case import (
    BlankLine,
    Case,
    Cell,
    CellRef,
    CommentLine,
    Condition,
    FrontMatter,
    Param,
    RuleLine,
    parse_case,
    write_case,
)
from sapphire.case.rule_line import RESERVED, is_cell_like

EXAMPLES = sorted((Path(__file__).parents[2] / "examples").glob("*.case"))
FRONT = "---\nlibrary: std\n---\n"


def fmt(text: str) -> str:
    return write_case(parse_case(text))


# -- canonical form -------------------------------------------------------------------------


def test_spacing_is_canonical() -> None:
    text = FRONT + "cage-1:\tnot  cage r1c2-r1c3   total 17\trepeats true  if uniform   #  top  \n"
    assert fmt(text) == FRONT + (
        "cage-1: not cage r1c2-r1c3 total 17 repeats true if uniform  #  top\n"
    )


def test_a_comment_keeps_its_text_as_written() -> None:
    """Only the comment's place is canonical: two spaces before a trailing '#', none before a
    whole line's; what follows '#' is the user's, spaces and all."""
    text = FRONT + "anti-king #x\nsudoku 9x9   #   two  spaces\n   #|  aligned  |\n"
    assert fmt(text) == FRONT + "anti-king  #x\nsudoku 9x9  #   two  spaces\n#|  aligned  |\n"


def test_leading_indentation_is_dropped() -> None:
    assert fmt(FRONT + "   anti-king\n   # note\n") == FRONT + "anti-king\n# note\n"


def test_front_matter_is_kept_verbatim() -> None:
    front = "---\n# setter's notes\ntitle:   Yin Yagn   # spacing kept\nlibrary: std\n---\n"
    assert fmt(front + "anti-king\n") == front + "anti-king\n"


def test_comments_blank_lines_and_order_are_kept() -> None:
    body = "# first\n\nsudoku 9x9\n\n\n#second\nanti-king  # trailing\n\n"
    assert fmt(FRONT + body) == FRONT + body


def test_empty_trailing_comment_is_kept() -> None:
    assert fmt(FRONT + "anti-king #\n") == FRONT + "anti-king  #\n"


def test_nots_ids_conditions_parameter_order_are_kept() -> None:
    line = "x_1: not not cage r1c1,r2c1-r3c1 repeats true total 6 unless distinct\n"
    assert fmt(FRONT + line) == FRONT + line


def test_cell_values_and_leading_zeros() -> None:
    assert fmt(FRONT + "arrow r01c1-r1c02 bulb r003c4\n") == FRONT + "arrow r1c1-r1c2 bulb r3c4\n"


def test_json_strings_keep_unicode_and_escapes() -> None:
    line = 'note r1c1 text "naïve \\"q\\" \\u0041\\n"'
    assert fmt(FRONT + line + "\n") == FRONT + 'note r1c1 text "naïve \\"q\\" A\\n"\n'


def test_crlf_is_written_as_lf() -> None:
    assert fmt("---\r\nlibrary: std\r\n---\r\nanti-king\r\n") == FRONT + "anti-king\n"


def test_missing_final_newline_is_added() -> None:
    assert fmt(FRONT + "anti-king") == FRONT + "anti-king\n"


# "The total parameter aliases cage sum; the writer uses total."
def test_preferred_alias_writes_total_for_sum() -> None:
    case = parse_case(FRONT + "c: cage r1c1-r1c2 sum 3\nx: other r1c1 sum 3\n")

    def alias(reference: str, name: str) -> str:
        return "total" if (reference, name) == ("cage", "sum") else name

    assert write_case(case, alias) == FRONT + "c: cage r1c1-r1c2 total 3\nx: other r1c1 sum 3\n"
    assert write_case(case) == FRONT + "c: cage r1c1-r1c2 sum 3\nx: other r1c1 sum 3\n"


def _total(reference: str, name: str) -> str:
    return "total" if (reference, name) == ("cage", "sum") else name


def _rules(reference: str, name: str) -> bool:
    return (reference, name) == ("any-of", "rules")


def test_an_alias_is_kept_where_its_preferred_name_is_given_too() -> None:
    case = parse_case(FRONT + "c: cage r1c1-r1c2 sum 3 total 3\nd: cage r1c3 repeats true sum 3\n")
    assert write_case(case, _total) == FRONT + (
        "c: cage r1c1-r1c2 sum 3 total 3\nd: cage r1c3 repeats true total 3\n")


def test_names_are_preferred_inside_rule_lines_held_by_a_parameter() -> None:
    """At any depth, and nothing else in an entry changes; an entry that does not parse, or a
    parameter that holds no rule lines, stays as written."""
    line = ('any-of rules ["cage  r1c1 sum 3  # c", "any-of rules [\\"cage r1c2 sum 4\\"]", '
            '"cage r1c3 sum=3", 7] other ["cage r1c1 sum 3"]')
    case = parse_case(FRONT + line + "\n")
    assert write_case(case, _total, _rules) == FRONT + (
        'any-of rules ["cage  r1c1 total 3  # c","any-of rules [\\"cage r1c2 total 4\\"]",'
        '"cage r1c3 sum=3",7] other ["cage r1c1 sum 3"]\n')
    assert write_case(case, _total) == FRONT + (
        'any-of rules ["cage  r1c1 sum 3  # c","any-of rules [\\"cage r1c2 sum 4\\"]",'
        '"cage r1c3 sum=3",7] other ["cage r1c1 sum 3"]\n')


def test_case_built_in_code_gets_yaml_front_matter() -> None:
    case = Case(
        FrontMatter({"title": "Built", "library": "std", "givens": "1 .\n. 2\n"}),
        (RuleLine("sudoku", positional="2x2"),),
    )
    text = write_case(case)
    assert text == ("---\ntitle: Built\nlibrary: std\ngivens: |\n  1 .\n  . 2\n---\nsudoku 2x2\n")
    assert parse_case(text) == case


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_examples_are_canonical(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert fmt(text) == text


def test_yin_yagn_example_exists_and_holds_the_seed_lines() -> None:
    text = (Path(__file__).parents[2] / "examples" / "yin-yagn-excerpt.case").read_text()
    case = parse_case(text)
    assert case.front.fields["library"] == "std"
    assert case.front.fields["negate"] == "none"
    assert [r.reference for r in case.rules] == [
        "yin-yang",
        "sudoku",
        "cage",
        "cage",
        "renban",
        "nabner",
        "quadruple",
        "absent-digits",
    ]


# -- the round-trip property ----------------------------------------------------------------

SAFE_TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=20)
JSON_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | JSON_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(JSON_TEXT, inner, max_size=3),
    max_leaves=8,
)
KIND = st.from_regex(r"[a-z][a-z0-9-]{0,9}", fullmatch=True).filter(
    lambda s: s not in RESERVED and s != "sudoku"
)
URL = st.from_regex(r"https://[a-z]{1,8}\.org/[a-z0-9/_.-]{0,10}\.md", fullmatch=True)
PARAM_NAME = st.from_regex(r"[a-z][a-z0-9_-]{0,8}", fullmatch=True).filter(
    lambda s: s not in RESERVED and not is_cell_like(s)
)
CELL = st.builds(Cell, st.integers(1, 9), st.integers(1, 9))
POSITIONAL = st.from_regex(r"[0-9][A-Za-z0-9_.+-]{0,5}", fullmatch=True)
COMMENT = SAFE_TEXT.map(lambda s: s.rstrip(" \t"))


@st.composite
def rule_lines(draw: st.DrawFn) -> RuleLine:
    cells = draw(st.lists(CELL, max_size=5))
    params = draw(
        st.lists(st.tuples(PARAM_NAME, JSON | CELL), max_size=4, unique_by=lambda p: p[0])
    )
    condition = None
    if cells and draw(st.booleans()):
        condition = Condition(
            draw(st.sampled_from(["if", "unless"])),
            draw(st.sampled_from(["uniform", "distinct", "connected"])),
        )
    return RuleLine(
        reference=draw(KIND | URL),
        id=draw(st.none() | st.from_regex(r"[A-Za-z0-9_-]{1,8}", fullmatch=True)),
        nots=draw(st.integers(0, 3)),
        cells=tuple(CellRef(c) for c in cells),
        separators=tuple(draw(st.sampled_from("-,")) for _ in cells[1:]),
        positional=draw(st.none() | POSITIONAL),
        params=tuple(Param(name, value) for name, value in params),
        condition=condition,
        comment=draw(st.none() | COMMENT),
    )


def _valid_ids(body: list[RuleLine | CommentLine | BlankLine]) -> tuple:
    """Make ids unique, and give every instance of a repeated reference one."""
    references = [b.reference for b in body if isinstance(b, RuleLine)]
    out: list[RuleLine | CommentLine | BlankLine] = []
    for i, line in enumerate(body):
        if isinstance(line, RuleLine):
            needs = line.id is not None or references.count(line.reference) > 1
            line = RuleLine(**{**line.__dict__, "id": f"{line.id or 'r'}-{i}" if needs else None})
        out.append(line)
    return tuple(out)


@st.composite
def cases(draw: st.DrawFn) -> Case:
    fields: dict = {"library": draw(st.sampled_from(["std", "./rules", "https://x.org/lib"]))}
    if draw(st.booleans()):
        fields["title"] = draw(SAFE_TEXT)
    if draw(st.booleans()):
        fields["negate"] = draw(st.sampled_from(["none", "all"]))
    if draw(st.booleans()):
        fields["board"] = "9x9"
    if draw(st.booleans()):
        rows = draw(st.lists(st.text(".123456789", min_size=9, max_size=9), min_size=9, max_size=9))
        fields["givens"] = "".join(row + "\n" for row in rows)
    keys = list(fields)
    order = draw(st.permutations(keys))
    fields = {k: fields[k] for k in order}
    body = draw(
        st.lists(
            rule_lines()
            | st.builds(CommentLine, SAFE_TEXT.map(lambda s: s.rstrip(" \t")))
            | st.just(BlankLine()),
            max_size=8,
        )
    )
    return Case(FrontMatter(fields), _valid_ids(body))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_parse_of_write_is_the_case(case: Case) -> None:
    text = write_case(case)
    again = parse_case(text)
    assert again == case
    assert write_case(again) == text
