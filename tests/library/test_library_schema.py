"""Malformed definitions are SapphireErrors with exact kinds at the .md file's line and column."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from sapphire.diagnostics import SapphireError
from sapphire.library import document, load_library, parse_definition, parse_prelude
from sapphire.library.library import std_root

PROSE = "The rule explained for a setter.\n\n```text\nthing r1c1-r1c2\n```\n"
MEANING = "```sapphire\n∀⟨r c⟩∈S: ⦗face r c⦘¬=5\n```\n"
GOOD_FRONT = "kind: thing\nscope: cells\ncells: set\n"


def md(front: str, body: str = PROSE + "\n" + MEANING) -> str:
    return f"---\n{front}---\n\n{body}"


def errors(text: str) -> list[tuple[str, int, int]]:
    with pytest.raises(SapphireError) as exc:
        parse_definition(text, "thing.md")
    return [(d.kind, d.span.line, d.span.col) for d in exc.value.diagnostics if d.span]


def test_a_good_definition() -> None:
    d = parse_definition(md(GOOD_FRONT), "thing.md")
    assert (d.kind, d.scope, d.cells, d.params, d.positional) == ("thing", "cells", "set", (),
                                                                   None)
    assert d.meaning == "∀⟨r c⟩∈S: ⦗face r c⦘¬=5\n"
    # lines: 1 ---, 2-4 front, 5 ---, 6 blank, 7-8 prose, 9-11 example, 12 blank, 13 fence
    assert d.meaning_line == 14
    assert "```sapphire" not in d.prose and "thing r1c1-r1c2" in d.prose


def test_front_matter_must_come_first() -> None:
    assert errors("# Thing\n\n" + MEANING) == [("missing-front-matter", 1, 1)]


def test_unclosed_front_matter() -> None:
    assert errors("---\nkind: thing\n") == [("unclosed-front-matter", 1, 1)]


def test_bad_yaml_is_reported_where_it_breaks() -> None:
    # line 3 of the file holds the broken flow mapping
    got = errors(md("kind: thing\nscope: {cells\ncells: set\n"))
    assert got[0][0] == "bad-front-matter" and got[0][1] == 4


def test_yaml_tags_never_construct_objects() -> None:
    got = errors(md("kind: !!python/object/apply:os.system ['true']\nscope: cells\ncells: set\n"))
    assert got[0][:2] == ("bad-front-matter", 2)


def test_unknown_field_with_did_you_mean() -> None:
    with pytest.raises(SapphireError) as exc:
        parse_definition(md("kind: thing\nscpoe: cells\ncells: set\n"), "thing.md")
    kinds = [(d.kind, d.span.line, d.span.col) for d in exc.value.diagnostics]
    assert ("unknown-field", 3, 1) in kinds
    unknown = next(d for d in exc.value.diagnostics if d.kind == "unknown-field")
    assert unknown.hint == "did you mean 'scope'?"
    assert unknown.source_line == "scpoe: cells"
    assert str(unknown.span) == "thing.md:3:1"


def test_bad_scope_value_points_at_the_value() -> None:
    assert errors(md("kind: thing\nscope: cell\ncells: set\n")) == [("bad-field", 3, 8)]


def test_missing_kind_and_scope() -> None:
    got = errors(md("cells: set\n"))
    assert [k for k, *_ in got] == ["missing-field", "missing-field"]


def test_bad_kind_name() -> None:
    assert errors(md("kind: Thing_1\nscope: cells\ncells: set\n")) == [("bad-kind", 2, 7)]


def test_global_rule_has_no_cells() -> None:
    assert errors(md("kind: thing\nscope: global\ncells: set\n")) == [("bad-field", 4, 8)]


def test_cells_may_be_empty_is_read_and_only_for_rules_with_cells() -> None:
    assert not parse_definition(md(GOOD_FRONT), "thing.md").cells_may_be_empty
    d = parse_definition(md(GOOD_FRONT + "cells-may-be-empty: true\n"), "thing.md")
    assert d.cells_may_be_empty
    assert errors(md(GOOD_FRONT + "cells-may-be-empty: often\n")) == [("bad-field", 5, 21)]
    front = "kind: thing\nscope: global\ncells-may-be-empty: true\n"
    assert errors(md(front, PROSE.replace("r1c1-r1c2", "") + "\n" + MEANING)) == [
        ("bad-field", 4, 21)]


def test_parameter_schema_errors() -> None:
    front = GOOD_FRONT + (
        "parameters:\n"            # line 5
        "  a:\n"                   # 6
        "    type: integr\n"       # 7
        "  b:\n"                   # 8
        "    type: integer\n"      # 9
        "    required: true\n"     # 10
        "    default: 3\n"         # 11
        "  c:\n"                   # 12
        "    type: boolean\n"      # 13
        "  d:\n"                   # 14
        "    type: integer\n"      # 15
        "    default: 1\n"         # 16
        "    aliases: [dd]\n"      # 17
        "    preferred: ddd\n"     # 18
        "  distinct:\n"            # 19
        "    type: boolean\n"      # 20
        "    default: false\n"     # 21
        "  e:\n"                   # 22
        "    type: digits\n"       # 23
        "    default: 3\n"         # 24
        "  f:\n"                   # 25
        "    type: integer\n"      # 26
        "    default: 0\n"         # 27
        "    aliases: [dd]\n"      # 28
        "    colour: red\n"        # 29
    )
    assert errors(md(front)) == [
        ("bad-field", 7, 11),
        ("required-with-default", 11, 14),
        ("parameter-without-default", 12, 3),
        ("bad-preferred", 18, 16),
        ("reserved-name", 19, 3),
        ("bad-default", 24, 14),
        ("unknown-field", 29, 5),
    ]


def test_alias_clash_between_parameters() -> None:
    front = GOOD_FRONT + (
        "parameters:\n"
        "  a: {type: integer, default: 1, aliases: [x]}\n"   # line 6
        "  b: {type: integer, default: 1, aliases: [x]}\n"   # line 7
    )
    assert errors(md(front)) == [("duplicate-parameter-name", 7, 3)]


def test_places_only_on_an_integers_parameter() -> None:
    front = GOOD_FRONT + (
        "parameters:\n"
        "  a: {type: integers, default: [1], places: true}\n"   # line 6
        "  b: {type: integer, default: 1, places: true}\n"      # line 7
        "  c: {type: integers, default: [1], places: yes}\n"    # line 8: YAML's yes is true
        "  d: {type: integers, default: [1], places: 2}\n"      # line 9
    )
    assert errors(md(front)) == [("bad-field", 7, 42), ("bad-field", 9, 45)]


def test_length_is_arithmetic_over_the_board_and_integer_parameters() -> None:
    front = GOOD_FRONT + "length: 2·n + rows mod 2\nparameters:\n  n: {type: integer, default: 1}\n"
    d = parse_definition(md(front), "thing.md")
    assert d.expected_length(5, 7, {"n": 3}) == 7  # 2·3 + 5 mod 2
    assert d.expected_length(4, 4, {"n": 1}) == 2
    assert parse_definition(md(GOOD_FRONT), "thing.md").expected_length(4, 4, {}) is None
    assert errors(md(GOOD_FRONT + "length: 2·size\n")) == [("bad-field", 5, 9)]  # no such name
    assert errors(md(GOOD_FRONT + "length: 2·\n")) == [("bad-field", 5, 9)]      # no parse
    assert errors(md(GOOD_FRONT + "length: rows = 2\n")) == [("bad-field", 5, 9)]  # not arithmetic
    assert errors(md("kind: thing\nscope: global\nlength: 3\n")) == [("bad-field", 4, 9)]
    assert errors(md(GOOD_FRONT + "length: [3]\n")) == [("bad-field", 5, 9)]  # not text
    assert parse_definition(md(GOOD_FRONT + "length: 4\n"), "thing.md").expected_length(
        9, 9, {}) == 4  # a bare number is a length too


def test_declarations_positional_and_boxes() -> None:
    front = (
        "kind: thing\nscope: global\n"
        "declares: [board, Box s]\n"                         # line 4
    )
    # a word such as `boxs` may be a channel of some prelude: the library that uses the kind
    # checks it (tests/library/test_channel_table.py)
    assert errors(md(front)) == [("bad-field", 4, 19), ("bad-field", 4, 11)]
    front = (
        "kind: thing\nscope: global\n"
        "positional: {name: N, type: size, values: [6x6, 9x9]}\n"
        "declares: [board, alphabet, boxes]\n"
        "boxes: {6x6: 2x3, 9x9: 3x2}\n"                      # line 6
    )
    assert errors(md(front)) == [("bad-boxes", 6, 24), ("bad-boxes", 6, 8)]


def test_positional_only_on_global_rules() -> None:
    front = GOOD_FRONT + "positional: {name: N, type: size}\n"
    assert errors(md(front)) == [("bad-field", 5, 13)]


def test_a_predicate_has_cells_and_nothing_else() -> None:
    front = "kind: thing\nscope: global\npredicate: true\n"
    assert errors(md(front)) == [("bad-predicate", 4, 12)]


def test_meaning_block_count() -> None:
    assert errors(md(GOOD_FRONT, PROSE)) == [("missing-meaning", 6, 1)]
    two = md(GOOD_FRONT, PROSE + "\n" + MEANING + "\nMore.\n\n" + MEANING)
    # the second fence opens on line 19
    assert errors(two) == [("several-meanings", 19, 1)]
    assert errors(md(GOOD_FRONT, PROSE + "\n```sapphire\n\n```\n")) == [("empty-meaning", 13, 1)]


IMPLIED = "```sapphire implied\n∀⟨r c⟩∈S: ⦗face r c⦘¬=5 ∨ ⦗face r c⦘=5\n```\n"


def test_an_implied_block_is_read_apart_from_the_meaning() -> None:
    d = parse_definition(md(GOOD_FRONT, PROSE + "\n" + MEANING + "\nWhy.\n\n" + IMPLIED),
                         "thing.md")
    assert d.meaning == "∀⟨r c⟩∈S: ⦗face r c⦘¬=5\n"
    assert d.implied == "∀⟨r c⟩∈S: ⦗face r c⦘¬=5 ∨ ⦗face r c⦘=5\n"
    # the meaning's fence is line 13, the prose line 17, the implied fence line 19
    assert d.implied_line == 20
    implied = d.implied_program()
    assert implied is not None and implied.constraints[0].span.line == 20
    assert "Why." in d.prose and "∨" not in d.prose
    assert parse_definition(md(GOOD_FRONT), "thing.md").implied_program() is None


def test_implied_block_errors() -> None:
    body = PROSE + "\n" + MEANING + "\n" + IMPLIED + "\n" + IMPLIED
    # the implied fences open on lines 17 and 21
    assert errors(md(GOOD_FRONT, body)) == [("several-implied", 21, 1)]
    odd = PROSE + "\n" + MEANING + "\n```sapphire redundant\ntrue\n```\n"
    assert errors(md(GOOD_FRONT, odd)) == [("unknown-block", 17, 1)]
    # an implied block is no meaning
    assert errors(md(GOOD_FRONT, PROSE + "\n" + IMPLIED)) == [("missing-meaning", 6, 1)]


GUIDE = "```sapphire guide\n∀⟨r c⟩∈S: ⦗face r c⦘=1\n```\n"


def test_a_guide_block_is_read_apart_from_the_meaning_and_the_implied_facts() -> None:
    d = parse_definition(md(GOOD_FRONT, PROSE + "\n" + MEANING + "\n" + GUIDE + "\n" + IMPLIED),
                         "thing.md")
    assert d.meaning == "∀⟨r c⟩∈S: ⦗face r c⦘¬=5\n"
    assert d.guide == "∀⟨r c⟩∈S: ⦗face r c⦘=1\n"
    assert d.implied == "∀⟨r c⟩∈S: ⦗face r c⦘¬=5 ∨ ⦗face r c⦘=5\n"
    # the meaning's fence is line 13, the guide's line 17, the implied fence line 21
    assert (d.guide_line, d.implied_line) == (18, 22)
    guide = d.guide_program()
    assert guide is not None and guide.constraints[0].span.line == 18
    assert parse_definition(md(GOOD_FRONT), "thing.md").guide_program() is None


def test_guide_block_errors() -> None:
    body = PROSE + "\n" + MEANING + "\n" + GUIDE + "\n" + GUIDE
    assert errors(md(GOOD_FRONT, body)) == [("several-guide", 21, 1)]
    assert errors(md(GOOD_FRONT, PROSE + "\n" + GUIDE)) == [("missing-meaning", 6, 1)]


def test_a_guide_that_does_not_parse_is_named_where_it_breaks() -> None:
    bad = "```sapphire guide\n∀⟨r c⟩∈S: ⦗face r c⦘=\n```\n"
    d = parse_definition(md(GOOD_FRONT, PROSE + "\n" + MEANING + "\n" + bad), "thing.md")
    with pytest.raises(SapphireError) as exc:
        d.guide_program()
    (diag,) = exc.value.diagnostics
    # the guide's fence is line 17, its formula line 18, ending after column 21
    assert (diag.span.file, diag.span.line, diag.span.col) == ("thing.md", 18, 22)
    assert diag.message == "the line ends too early"
    assert diag.hint == "an operator is missing its right-hand side"


SETTLES = "```sapphire guide-settles\n∀⟨r c⟩∈S: ⦗face r c⦘=1\n```\n"


def test_a_guide_settles_block_is_read_beside_its_guide() -> None:
    d = parse_definition(md(GOOD_FRONT, PROSE + "\n" + MEANING + "\n" + GUIDE + "\n" + SETTLES),
                         "thing.md")
    assert d.settles == "∀⟨r c⟩∈S: ⦗face r c⦘=1\n"
    # the guide's fence is line 17, the condition's line 21
    assert d.settles_line == 22
    settles = d.settles_program()
    assert settles is not None and settles.constraints[0].span.line == 22
    assert d.guide_program() is not None
    assert parse_definition(md(GOOD_FRONT), "thing.md").settles_program() is None


def test_guide_settles_block_errors() -> None:
    # a condition with no guide to settle by, opening on line 17
    assert errors(md(GOOD_FRONT, PROSE + "\n" + MEANING + "\n" + SETTLES)) == [
        ("settles-without-guide", 17, 1)]
    body = PROSE + "\n" + MEANING + "\n" + GUIDE + "\n" + SETTLES + "\n" + SETTLES
    assert errors(md(GOOD_FRONT, body)) == [("several-guide-settles", 25, 1)]


def test_the_prelude_holds_no_guide() -> None:
    # the guide's fence opens on line 11, after the terms' block of lines 7-9
    terms = "term t(x:boolean):boolean = x;\n```\n\n" + GUIDE.removesuffix("```\n")
    assert prelude_errors("kind: prelude\n", terms) == [("unknown-block", 11, 1)]


def test_the_prelude_holds_no_guide_settles() -> None:
    # the condition's fence opens on line 11, after the terms' block of lines 7-9
    # (and it has no guide to settle by)
    terms = "term t(x:boolean):boolean = x;\n```\n\n" + SETTLES.removesuffix("```\n")
    assert prelude_errors("kind: prelude\n", terms) == [("settles-without-guide", 11, 1),
                                                         ("unknown-block", 11, 1)]


def test_meaning_inside_a_list_is_refused() -> None:
    body = PROSE + "\n- item\n\n  ```sapphire\n  true\n  ```\n"
    assert errors(md(GOOD_FRONT, body)) == [("nested-meaning", 15, 1)]


def test_prose_is_required() -> None:
    assert errors(md(GOOD_FRONT, MEANING)) == [("missing-prose", 2, 1)]


def test_every_problem_is_reported_at_once() -> None:
    got = errors(md("kind: thing\nscope: cells\ncells: none\ncolour: red\n", PROSE))
    assert sorted(k for k, *_ in got) == ["bad-field", "missing-meaning", "unknown-field"]


def test_folder_file_name_must_match_kind(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "other.md").write_text(md(GOOD_FRONT), encoding="utf-8")
    (tmp_path / "lib" / "broken.md").write_text("no front matter\n", encoding="utf-8")
    with pytest.raises(SapphireError) as exc:
        load_library("lib", tmp_path)
    got = [(d.kind, Path(d.span.file).name, d.span.line) for d in exc.value.diagnostics]
    assert got == [("missing-front-matter", "broken.md", 1), ("kind-mismatch", "other.md", 2)]


PRELUDE_FRONT = "kind: prelude\npredicates:\n"


def prelude_errors(front: str, terms: str) -> list[tuple[str, int, int]]:
    text = f"---\n{front}---\n\nThe prelude.\n\n```sapphire\n{terms}```\n"
    with pytest.raises(SapphireError) as exc:
        parse_prelude(text, "prelude.md")
    return [(d.kind, d.span.line, d.span.col) for d in exc.value.diagnostics]


def test_prelude_predicates_must_be_unary_boolean_terms() -> None:
    front = PRELUDE_FRONT + (
        "  odd: {set: both, path: both}\n"        # line 4
        "  even: {set: evn, path: evn}\n"         # line 5
    )
    terms = "term both(a:boolean,b:boolean):boolean = a ∧ b;\n"
    assert prelude_errors(front, terms) == [
        ("bad-predicate", 4, 14), ("bad-predicate", 4, 26),
        ("unknown-term", 5, 15), ("unknown-term", 5, 26),
    ]


def test_a_predicates_declared_by_names_a_kind() -> None:
    front = PRELUDE_FRONT + (
        "  same: {set: one, path: one, declared-by: 7}\n"        # line 4
        "  other: {set: one, path: one, declared-by: Yin Yang}\n"  # line 5
    )
    terms = "term one(S:set<cell>):boolean = true;\n"
    assert prelude_errors(front, terms) == [("bad-field", 4, 44), ("bad-field", 5, 45)]


def test_prelude_has_no_implied_block() -> None:
    text = ("---\nkind: prelude\n---\n\nThe prelude.\n\n```sapphire\n"
             "term t(a:boolean):boolean = a;\n```\n\n```sapphire implied\ntrue\n```\n")
    with pytest.raises(SapphireError) as exc:
        parse_prelude(text, "prelude.md")
    assert [(d.kind, d.span.line) for d in exc.value.diagnostics] == [("unknown-block", 11)]


def test_prelude_holds_only_terms() -> None:
    # the block starts on line 8; the stray line is its third
    terms = "term t(x:boolean):boolean = x;\n-- a comment\nx=1\n"
    assert prelude_errors("kind: prelude\n", terms) == [("bad-term", 10, 1)]
    terms = "term t(x:bool):boolean = x;\nterm t(x:boolean):boolean = x;\n"
    assert prelude_errors("kind: prelude\n", terms) == [("bad-term", 8, 1),
                                                        ("duplicate-term", 9, 1)]


def test_prelude_terms_keep_text_and_position() -> None:
    text = (
        "---\nkind: prelude\n---\n\nText.\n\n```sapphire\n-- note\n"
        "term negateRule(base:boolean):boolean = ¬base;\n"
        "term many(xs:list<boolean>):boolean =\n  ∀x∈xs: x;\n```\n"
    )
    p = parse_prelude(text, "prelude.md")
    first, second = p.terms
    assert (first.line, first.col, first.body) == (9, 1, "¬base")
    assert first.text == "term negateRule(base:boolean):boolean = ¬base;"
    assert (second.name, second.line, second.params) == ("many", 10,
                                                         (("xs", "list<boolean>"),))
    assert second.body == "∀x∈xs: x"


LIBYAML = pytest.mark.skipif(not yaml.__with_libyaml__,
                             reason="PyYAML without libyaml reads with one parser only")


@LIBYAML
@pytest.mark.parametrize("text", [
    md("kind: thing\nscope: {cells\ncells: set\n"),
    md("kind: thing\nscpoe: cells\ncells: set\n"),
    md("kind: [a, b]\nscope: cells\ncells: set\n"),
])
def test_both_yaml_parsers_report_the_same_places(text: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Definitions are read with libyaml when PyYAML has it and in pure Python otherwise; a
    user's error lands at the same line and column either way."""
    fast = errors(text)
    monkeypatch.setattr(document, "_YamlLoader", yaml.SafeLoader)
    assert errors(text) == fast and fast


@LIBYAML
def test_both_yaml_parsers_read_the_bundled_library_alike(
        monkeypatch: pytest.MonkeyPatch) -> None:
    paths = sorted(std_root().glob("*.md"))
    fast = [parse_definition(p.read_text(encoding="utf-8"), p.name)
            for p in paths if p.name != "prelude.md"]
    monkeypatch.setattr(document, "_YamlLoader", yaml.SafeLoader)
    slow = [parse_definition(p.read_text(encoding="utf-8"), p.name)
            for p in paths if p.name != "prelude.md"]
    assert slow == fast and len(fast) == len(paths) - 1


def test_modifies_names_a_channel_and_an_integer_parameter() -> None:
    params = ("parameters:\n  by: {type: integer, default: 2}\n"
              "  on: {type: boolean, default: true}\n")
    assert parse_definition(md(GOOD_FRONT + params + "modifies: {value: by}\n"),
                            "thing.md").modifies == (("value", "by"),)
    assert errors(md(GOOD_FRONT + params + "modifies: {face: by}\n")) == [("bad-field", 8, 12)]
    assert errors(md(GOOD_FRONT + params + "modifies: {value: on}\n")) == [("bad-field", 8, 19)]
    global_front = "kind: thing\nscope: global\n"
    assert errors(md(global_front + params + "modifies: {value: by}\n")) == [
        ("bad-field", 7, 11)]


def test_answer_maps_have_a_shape() -> None:
    d = parse_definition(md(GOOD_FRONT + "answer: {e: edges-across, f: edges-down}\n"),
                         "thing.md")
    assert d.answer == (("e", "edges-across"), ("f", "edges-down"))
    assert errors(md(GOOD_FRONT + "answer: {e: edges-sideways}\n")) == [("bad-field", 5, 13)]
    assert errors(md(GOOD_FRONT + "answer: {face: edges-down}\n")) == [("bad-field", 5, 10)]


def test_channel_blocks_belong_to_the_prelude(tmp_path: Path) -> None:
    body = (PROSE + "\n" + MEANING
            + "\n```sapphire channel shading\n∀⟨r c⟩∈board ⦗shade r c⦘∈{0 1}\n```\n")
    assert errors(md(GOOD_FRONT, body)) == [("unknown-block", 17, 1)]
    text = ("---\nkind: prelude\n---\n\nThe prelude.\n\n```sapphire\n"
            "term t(x:integer):integer = x;\n```\n\n```sapphire channel shading\n"
            "∀⟨r c⟩∈board ⦗shade r c⦘∈{0 1}\n```\n\n```sapphire channel sideways\nx=1\n```\n")
    with pytest.raises(SapphireError) as exc:  # no channel is called so
        parse_prelude(text.replace("channel sideways", "channel side ways!"), "prelude.md")
    assert [(d.kind, d.span.line) for d in exc.value.diagnostics if d.span] == [
        ("unknown-block", 15)]
    # a word may be a channel of the library's table, the bundled one's and its own: the
    # library checks it, where both are known
    (tmp_path / "prelude.md").write_text(text, encoding="utf-8")
    with pytest.raises(SapphireError) as exc:
        load_library(str(tmp_path), tmp_path).channels()
    assert [(d.kind, d.span.line) for d in exc.value.diagnostics if d.span] == [
        ("unknown-block", 15)]
    good = parse_prelude(text.split("\n```sapphire channel sideways")[0], "prelude.md")
    channel = good.channel("shading")
    assert channel is not None and channel.constraints[0].span.line == 12
    assert good.channel("loop") is None
