"""Library-dependent errors of a case: exact kinds and positions, all at once, and still errors
under `not`, `negate: all` and any condition."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from sapphire.case.model import Case, Cell, CellRef, Condition, FrontMatter, Param, RuleLine
from sapphire.diagnostics import Span
from sapphire.library import load_library, std_root

FILE = "case.md"
CELL_RE = re.compile(r"r(\d+)c(\d+)")


@pytest.fixture(scope="module")
def std():
    return load_library("std", Path("."))


def rule_line(text: str, line: int) -> RuleLine:
    """A RuleLine with spans, from one written rule line (a small reader for the tests only)."""
    words = [(m.group(0), m.start() + 1) for m in re.finditer(r"\S+", text)]

    def span(col: int, word: str) -> Span:
        return Span(FILE, line, col, 0, col + len(word))

    i, rid, nots = 0, None, 0
    if words[0][0].endswith(":"):
        rid, i = words[0][0][:-1], 1
    while words[i][0] == "not":
        nots, i = nots + 1, i + 1
    reference, ref_col = words[i]
    i += 1
    cells: list[CellRef] = []
    positional = None
    if i < len(words) and CELL_RE.match(words[i][0]):
        word, col = words[i]
        for m in CELL_RE.finditer(word):
            cells.append(CellRef(Cell(int(m.group(1)), int(m.group(2))),
                                 span(col + m.start(), m.group(0))))
        i += 1
    elif i < len(words) and re.fullmatch(r"\d+x\d+", words[i][0]):
        positional, i = words[i][0], i + 1
    params: list[Param] = []
    condition = None
    while i < len(words):
        word, col = words[i]
        if word in ("if", "unless"):
            condition = Condition(word, words[i + 1][0], span(col, word))  # type: ignore[arg-type]
            break
        vword, vcol = words[i + 1]
        m = CELL_RE.fullmatch(vword)
        value = Cell(int(m.group(1)), int(m.group(2))) if m else json.loads(vword)
        params.append(Param(word, value, span(col, word), span(vcol, vword)))
        i += 2
    return RuleLine(reference, rid, nots, tuple(cells), (), positional, tuple(params),
                    condition, None, Span(FILE, line, 1), span(ref_col, reference))


def case(*lines: str, **front: object) -> Case:
    """Front matter on lines 1-3, the rule lines from line 4 on."""
    fields = {"library": "std", **front}
    rules = tuple(rule_line(text, n) for n, text in enumerate(lines, start=4))
    source = "\n".join(["---", "library: std", "---", *lines]) + "\n"
    return Case(FrontMatter(fields), rules, FILE, source)


def found(std, c: Case) -> list[tuple[str, int, int]]:
    return [(d.kind, d.span.line, d.span.col) for d in std.check_case(c)]


YIN_YAGN = (
    "yin-yang",
    "sudoku 9x9",
    "cage-1: cage r1c2-r1c3 total 17 repeats true if uniform",
    "cage-2: not cage r1c2-r1c3 total 17 repeats true unless uniform",
    "renban r1c5-r1c6-r1c7 if uniform",
    "nabner r1c5-r1c6-r1c7 distinct true unless uniform",
    "quadruple r5c3-r5c4-r6c3-r6c4 digits [2,9] if uniform",
    "absent-digits r5c3-r5c4-r6c3-r6c4 digits [2,9] unless uniform",
)


def test_the_seed_excerpt_is_clean(std) -> None:
    assert std.check_case(case(*YIN_YAGN)) == []


def test_every_std_kind_written_well_is_clean(std) -> None:
    c = case(
        "sudoku 6x6", "anti-king", "yin-yang",
        "value-modifier r1c1-r1c2 count 2 multiply 3",
        "cage r1c1-r1c2 sum 9 if connected",
        "nabner r2c1-r2c2 different true unless distinct",
        board="6x6",
    )
    assert std.check_case(c) == []
    assert std.check_case(case("slitherlink", board="5x5")) == []


def test_missing_definition_with_did_you_mean(std) -> None:
    c = case("sudoku 9x9", "renbam r1c1-r1c2")
    (d,) = std.check_case(c)
    assert (d.kind, d.span.line, d.span.col) == ("missing-definition", 5, 1)
    assert d.hint == "did you mean 'renban'?"
    assert d.source_line == "renbam r1c1-r1c2"
    assert "5:1: error:" in d.render()


def test_predicate_used_as_a_rule(std) -> None:
    (d,) = std.check_case(case("uniform r1c1-r1c2"))
    assert d.kind == "missing-definition" and "write it as a condition" in d.hint


def test_cannot_negate_an_undefined_global(std) -> None:
    assert found(std, case("not anti-queen")) == [("cannot-negate-undefined-global", 4, 5)]
    # negate: all negates it too; an explicit not cancels that
    assert found(std, case("anti-queen", negate="all")) == [
        ("cannot-negate-undefined-global", 4, 1)
    ]
    assert found(std, case("not anti-queen", negate="all")) == [("missing-definition", 4, 5)]
    assert found(std, case("anti-queen")) == [("missing-definition", 4, 1)]
    # a defined global rule can be negated
    assert found(std, case("not anti-king")) == []


def test_unknown_parameter_with_did_you_mean(std) -> None:
    (d,) = std.check_case(case("cage r1c1-r1c2 totl 3"))
    assert (d.kind, d.span.line, d.span.col) == ("unknown-parameter", 4, 16)
    assert d.hint == "did you mean 'total'?"
    # a parameter that resembles nothing leaves the required one missing
    assert found(std, case("cage r1c1-r1c2 colour 3")) == [
        ("missing-parameter", 4, 1), ("unknown-parameter", 4, 16)
    ]
    (d,) = std.check_case(case("renban r1c1-r1c2 total 3"))
    assert d.kind == "unknown-parameter" and d.hint == "'renban' takes: no parameters"


def test_bad_parameter_types(std) -> None:
    assert found(std, case('cage r1c1-r1c2 total "17"')) == [("bad-parameter-type", 4, 22)]
    assert found(std, case("cage r1c1-r1c2 total 17 repeats 1")) == [
        ("bad-parameter-type", 4, 33)
    ]
    assert found(std, case("quadruple r1c1-r1c2 digits 2")) == [("bad-parameter-type", 4, 28)]
    assert found(std, case("absent-digits r1c1 digits [1,true]")) == [
        ("bad-parameter-type", 4, 27)
    ]
    assert found(std, case("cage r1c1-r1c2 total r1c1")) == [("bad-parameter-type", 4, 22)]
    (d,) = std.check_case(case("cage r1c1-r1c2 total 1.5"))
    assert d.message == "'total' of 'cage' must be an integer such as 17, not 1.5"


def test_bad_parameter_values(std) -> None:
    assert found(std, case("value-modifier r1c1-r1c2-r1c3 count 3")) == [
        ("bad-parameter-value", 4, 37)
    ]
    # digits outside the declared alphabet 1..4
    assert found(std, case("sudoku 4x4", "quadruple r1c1-r1c2 digits [2,5]")) == [
        ("bad-parameter-value", 5, 28)
    ]


def test_duplicate_parameter_through_an_alias(std) -> None:
    assert found(std, case("cage r1c1-r1c2 sum 3 total 3")) == [("duplicate-parameter", 4, 22)]


def test_missing_parameter_names_the_preferred_spelling(std) -> None:
    (d,) = std.check_case(case("cage r1c1-r1c2 repeats true"))
    assert (d.kind, d.span.line, d.span.col) == ("missing-parameter", 4, 1)
    assert "'total'" in d.message and d.hint == "add 'total 17' to the line"


def test_unknown_predicate(std) -> None:
    (d,) = std.check_case(case("renban r1c1-r1c2 if even"))
    assert (d.kind, d.span.line, d.span.col) == ("unknown-predicate", 4, 18)
    (d,) = std.check_case(case("renban r1c1-r1c2 if unifrom", "yin-yang"))
    assert d.hint == "did you mean 'uniform'?"
    # a term that needs other arguments is no predicate
    (d,) = std.check_case(case("renban r1c1-r1c2 unless negateRule"))
    assert d.kind == "unknown-predicate" and "(base:boolean)" in d.hint


def test_condition_without_cells(std) -> None:
    assert found(std, case("anti-king if connected")) == [("condition-without-cells", 4, 11)]
    assert found(std, case("not sudoku 9x9 unless distinct")) == [
        ("condition-without-cells", 4, 16)
    ]


def test_off_board_cells(std) -> None:
    c = case("sudoku 9x9", "cage r10c1-r1c1-r1c10 total 5")
    got = std.check_case(c)
    assert [(d.kind, d.span.line, d.span.col) for d in got] == [
        ("off-board-cell", 5, 6), ("off-board-cell", 5, 17)
    ]
    assert got[0].hint == "r10c1 is outside the 9×9 board"
    # the board may come from the front matter
    assert found(std, case("renban r6c7-r6c6", board="6x6")) == [("off-board-cell", 4, 8)]


def test_uniform_needs_a_rule_declaring_the_shading(std) -> None:
    (d,) = std.check_case(case("renban r1c1-r1c2 if uniform"))
    assert (d.kind, d.span.line, d.span.col) == ("uniform-without-yin-yang", 4, 18)
    # the prelude's `uniform` names the kind whose shading it reads (`declared-by`)
    assert d.hint == "add a 'yin-yang' line"
    assert std.check_case(case("renban r1c1-r1c2 if uniform", "yin-yang")) == []
    # negating yin-yang still declares the shading
    assert std.check_case(case("renban r1c1-r1c2 if uniform", "not yin-yang")) == []


def test_a_kind_reading_an_undeclared_channel_is_an_error_at_its_line(std) -> None:
    got = std.check_case(case("chaos-count r1c1-r1c2", "not white-circle r2c2",
                              "island r2c1 size 2", board="2x3"))
    assert [(d.kind, d.span.line, d.span.col) for d in got] == [
        ("no-regions", 4, 1), ("no-loop", 5, 5), ("no-regions", 6, 1)]
    assert [d.message for d in got] == [
        "'chaos-count' reads the region map, but no rule declares it",
        "'white-circle' reads the loop, but no rule declares it",
        "'island' reads the region map and the shading, but no rule declares them"]
    # the hint names kinds declaring everything missing: for both, nurikabe alone
    assert [d.hint for d in got] == [
        "add a line that declares it: 'chaos-construction', 'region-division', 'nurikabe' …",
        "add a line that declares it: 'loop'", "add a line that declares them: 'nurikabe'"]
    assert std.check_case(case("chaos-count r1c1-r1c2", "not chaos-construction",
                               board="2x3")) == []
    assert found(std, case("island r2c1 size 2", "yin-yang", board="2x3")) == [
        ("no-regions", 4, 1)]


def test_a_place_past_the_line_is_an_error(std) -> None:
    line = "chaos-automaton r1c1-r1c2 regions [1,3,0] moves [[0,1,1]] accept [1]"
    (d,) = std.check_case(case("chaos-construction", line, board="2x3"))
    assert (d.kind, d.span.line, d.span.col) == ("bad-parameter-value", 5, 35)
    assert d.message == "[3,0] in 'regions' of 'chaos-automaton' are not places along its 2 cells"
    assert std.check_case(case("chaos-construction", line.replace("[1,3,0]", "[2,1]"),
                               board="2x3")) == []


def test_a_line_of_the_wrong_length_is_an_error(std) -> None:
    cells = "-".join(f"r{5 + i // 4}c{1 + i % 4}" for i in range(12))
    line = f"doppelganger {cells} height 2 width 2"
    fields = {"board": "4x4", "digits": "0-4", "extra-cells": 12}
    assert std.check_case(case("sudoku 4x4", line, **fields)) == []
    (d,) = std.check_case(case("sudoku 4x4", line.replace("-r7c4", ""), **fields))
    assert (d.kind, d.span.line, d.span.col) == ("wrong-cell-count", 5, 1)
    assert d.message == "'doppelganger' lists 11 cells, but needs 3·rows = 12 on this 4×4 board"
    # a missing parameter is the one error, not a count on top of it
    assert found(std, case("sudoku 4x4", line.replace("-r7c4", "").replace(" width 2", ""),
                           **fields)) == [("missing-parameter", 5, 1)]


def test_an_entry_may_read_what_its_case_declares(std) -> None:
    from sapphire.case.parser import parse_case

    def check(*lines: str) -> list[tuple[str, str | None]]:
        text = "---\nlibrary: std\nboard: 2x3\n---\n" + "\n".join(lines) + "\n"
        return [(d.kind, d.span.file if d.span else None)
                for d in std.check_case(parse_case(text, FILE))]

    entry = 'any-of rules ["chaos-count r2c1-r2c2", "same-region r1c1-r1c2"]'
    assert check(entry, "chaos-construction") == []
    assert check(entry) == [("no-regions", f"{FILE}:5 any-of rules, entry"),
                            ("no-regions", f"{FILE}:5 any-of rules, entry")]


def test_cells_positional_and_board_shape(std) -> None:
    assert found(std, case("cage total 5")) == [("missing-cells", 4, 1)]
    assert found(std, case("anti-king r1c1-r1c2")) == [("unexpected-cells", 4, 11)]
    assert found(std, case("sudoku")) == [("missing-positional", 4, 1)]
    (d,) = std.check_case(case("sudoku 7x7"))
    assert d.kind == "bad-positional" and "9x9" in d.hint
    assert found(std, case("anti-king 9x9")) == [("unexpected-positional", 4, 1)]
    assert found(std, case("sudoku 9x9", "sudoku 6x6")) == [("conflicting-board", 5, 1)]
    assert found(std, case("sudoku 9x9", board="6x6")) == [("conflicting-board", 4, 1)]


# Each bad line and where its error stands; prefixes and conditions must not hide it.
BAD_LINES = [
    ("renbam r1c1-r1c2", "missing-definition", "renbam"),
    ("cage r1c1-r1c2 totl 3", "unknown-parameter", "totl"),
    ('cage r1c1-r1c2 total "3"', "bad-parameter-type", '"3"'),
    ("cage r1c1-r1c2 repeats true", "missing-parameter", "cage"),
    ("renban r1c1-r1c10", "off-board-cell", "r1c10"),
    ("value-modifier r1c1-r1c2 count 0", "bad-parameter-value", "0"),
    ("cage r1c2-r1c1-r1c1 total 3", "repeated-cell", "r1c1 total"),  # the second r1c1
]


@pytest.mark.parametrize("prefix", ["", "not ", "not not ", "id-1: not "])
@pytest.mark.parametrize("suffix", ["", " if connected", " unless distinct", " if uniform",
                                    " unless uniform"])
@pytest.mark.parametrize(("line", "kind", "at"), BAD_LINES)
@pytest.mark.parametrize("negate", ["none", "all"])
def test_errors_stay_errors_under_not_and_conditions(
    std, prefix: str, suffix: str, line: str, kind: str, at: str, negate: str
) -> None:
    text = prefix + line + suffix
    c = case("sudoku 9x9", "yin-yang", text, negate=negate)
    col = text.index(at, len(prefix)) + 1
    assert found(std, c) == [(kind, 6, col)]


def test_a_condition_error_stays_under_not(std) -> None:
    for prefix in ("", "not ", "not not "):
        text = prefix + "renban r1c1-r1c2 if even"
        assert found(std, case(text)) == [("unknown-predicate", 4, len(prefix) + 18)]
        text = prefix + "renban r1c1-r1c2 unless uniform"
        assert found(std, case(text)) == [("uniform-without-yin-yang", 4, len(prefix) + 18)]


def test_every_error_is_reported_at_once_in_line_order(std) -> None:
    c = case(
        "sudoku 9x9",
        "renbam r1c1-r1c2",
        "cage r1c1-r1c2 totl 3 repeats 2 if even",
        "not anti-queen",
        "anti-king if connected",
        "renban r10c1-r1c1 unless uniform",
    )
    assert found(std, c) == [
        ("missing-definition", 5, 1),
        ("unknown-parameter", 6, 16),  # a misspelt 'total' is not also a missing one
        ("bad-parameter-type", 6, 31),
        ("unknown-predicate", 6, 33),
        ("cannot-negate-undefined-global", 7, 5),
        ("condition-without-cells", 8, 11),
        ("off-board-cell", 9, 8),
        ("uniform-without-yin-yang", 9, 19),
    ]


def test_cell_parameters_are_checked_against_the_board(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "arrow.md").write_text(
        "---\nkind: arrow\nscope: cells\ncells: path\nparameters:\n"
        "  tip: {type: cell, required: true}\n---\n\nThe tip holds the sum.\n\n"
        "```text\narrow r1c2-r1c3 tip r1c1\n```\n\n"
        "```sapphire\n(Σ⟨r c⟩∈S: ⦗face r c⦘) = 1\n```\n",
        encoding="utf-8",
    )
    lib = load_library("lib", tmp_path)
    c = case("arrow r1c2-r1c3 tip r7c1", board="6x6")
    assert found(lib, c) == [("off-board-cell", 4, 21)]


def test_a_predicate_file_adds_a_condition_keyword(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    shutil.copy(std_root() / "renban.md", tmp_path / "lib" / "renban.md")
    (tmp_path / "lib" / "even.md").write_text(
        "---\nkind: even\nscope: cells\ncells: set\npredicate: true\n---\n\n"
        "All the cells hold even digits.\n\n```text\nrenban r1c1-r1c2 if even\n```\n\n"
        "```sapphire\n∀⟨r c⟩∈S: ⦗face r c⦘∈{2 4 6 8}\n```\n",
        encoding="utf-8",
    )
    lib = load_library("lib", tmp_path)
    assert lib.kinds() == ["renban"]
    assert lib.predicates() == ["connected", "distinct", "even", "uniform"]
    pred = lib.predicate("even")
    assert pred is not None and pred.definition is not None and pred.set_term is None
    assert lib.check_case(case("renban r1c1-r1c2 if even")) == []
    (d,) = lib.check_case(case("even r1c1-r1c2"))
    assert d.kind == "missing-definition" and "write it as a condition" in d.hint


@pytest.mark.parametrize(("line", "col"), [
    ("pairs r1c1-r1c2 allowed 5", 25), ("all-pairs r1c1-r1c2 allowed [[1,2,3]]", 29),
    ("digit-counts r1c1-r1c2 counts [1,2]", 31), ('equal-sums r1c1-r1c2-r1c3 cuts "x"', 32),
])
def test_a_list_of_pairs_or_of_integers_is_checked_where_it_is_written(std, line: str,
                                                                       col: int) -> None:
    """Not at `solve`, in the definition's meaning: the case's line is where the mistake is."""
    (d,) = std.check_case(case(line, board="4x4"))
    assert (d.kind, d.span.line, d.span.col) == ("bad-parameter-type", 4, col)


def test_pairs_and_cuts_written_well_are_clean(std) -> None:
    c = case("pairs r1c1-r1c2 allowed [[1,2],[2,1]]", "digit-counts r1c1-r1c2 counts [[1,2]]",
             "equal-sums r1c1-r1c2-r1c3 cuts [2]", "all-pairs r2c1-r2c2 allowed []", board="4x4")
    assert std.check_case(c) == []


def test_a_condition_on_the_shading_of_an_extra_cell(std) -> None:
    """The answer shades the board's cells only, so `uniform` cannot read an extra cell."""
    c = case("sudoku 4x4", "yin-yang", "cage r5c1-r4c1 total 3 if uniform",
             "cage-2: cage r3c1-r4c1 total 3 if uniform", **{"extra-cells": 2})
    (d,) = std.check_case(c)
    assert (d.kind, d.span.line, d.span.col) == ("condition-on-extra-cells", 6, 6)
    assert "r5c1 is an extra cell" in d.message


def test_a_case_built_without_a_library_is_refused_at_its_start() -> None:
    """The reader refuses such a file first; a case built in code gets the error too."""
    from sapphire.diagnostics import SapphireError
    from sapphire.library import load_case_library

    with pytest.raises(SapphireError) as e:
        load_case_library(Case(FrontMatter({}), (), "built.case"))
    d = e.value.diagnostics[0]
    assert (d.kind, d.span.file, d.span.line, d.span.col) == ("missing-library", "built.case", 1, 1)
