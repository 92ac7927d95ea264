"""Every error kind of the case parser, with its exact kind, line and column."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sapphire.case import parse_case, parse_case_file
from sapphire.diagnostics import Diagnostic, SapphireError
from sapphire.library import load_library

FRONT = "---\nlibrary: std\n---\n"
STD = load_library("std", Path("."))


def diagnostics(text: str, knowing: bool = False) -> list[Diagnostic]:
    """The diagnostics of reading `text`; `knowing`: told by the bundled library which lines
    declare the board (`sudoku NxN`), which the reader alone does not know."""
    with pytest.raises(SapphireError) as info:
        parse_case(text, "t.case", STD.declares_board if knowing else None)
    return info.value.diagnostics


def where(text: str, knowing: bool = False) -> list[tuple[str, int, int]]:
    return [(d.kind, d.span.line, d.span.col) for d in diagnostics(text, knowing) if d.span]


def deferred(text: str) -> bool:
    """Whether the reader, not told which lines declare the board, leaves the board's checks
    to the library (and reports none of them)."""
    return parse_case(text, "t.case").board_deferred


def one(text: str) -> Diagnostic:
    (d,) = diagnostics(text)
    return d


# -- front matter ---------------------------------------------------------------------------


def test_missing_library_without_front_matter() -> None:
    assert where("anti-king\n") == [("missing-library", 1, 1)]


def test_missing_library_in_front_matter() -> None:
    d = one("---\ntitle: x\n---\nanti-king\n")
    assert (d.kind, d.span.line, d.span.col) == ("missing-library", 1, 1)
    assert "library: std" in (d.hint or "")


def test_empty_library() -> None:
    assert where("---\nlibrary: ''\n---\n") == [("missing-library", 2, 10)]


def test_unclosed_front_matter() -> None:
    assert where("---\nlibrary: std\nanti-king\n") == [("unclosed-front-matter", 1, 1)]


def test_bad_yaml_points_into_the_file() -> None:
    assert where("---\nlibrary: std\nnotes: [a\n---\n") == [("bad-yaml", 4, 1)]


def test_front_matter_must_be_a_mapping() -> None:
    assert where("---\n- library\n---\n") == [("bad-yaml", 2, 1)]


def test_unknown_front_matter_key_with_did_you_mean() -> None:
    d = one("---\nlibrary: std\ntitel: Yin Yagn\n---\n")
    assert (d.kind, d.span.line, d.span.col) == ("unknown-front-matter-key", 3, 1)
    assert d.hint == "did you mean 'title'?"


def test_unknown_front_matter_key_lists_known_keys() -> None:
    d = one("---\nlibrary: std\nzzz: 1\n---\n")
    assert d.kind == "unknown-front-matter-key"
    assert d.hint is not None and "construction" in d.hint and "shading" in d.hint


def test_construction_is_a_known_key() -> None:
    case = parse_case("---\nlibrary: std\nconstruction: by hand, from the top row\n---\n")
    assert case.front.fields["construction"] == "by hand, from the top row"


def test_dates_stay_text() -> None:
    case = parse_case("---\nlibrary: std\nsource: 2024-01-01\n---\n")
    assert case.front.fields["source"] == "2024-01-01"


def test_duplicate_front_matter_key() -> None:
    assert where("---\nlibrary: std\ntitle: a\ntitle: b\n---\n") == [
        ("duplicate-front-matter-key", 4, 1)
    ]


@pytest.mark.parametrize(("value", "col"), [("maybe", 9), ("All", 9)])
def test_bad_negate_value(value: str, col: int) -> None:
    d = one(f"---\nlibrary: std\nnegate: {value}\n---\n")
    assert (d.kind, d.span.line, d.span.col) == ("bad-negate-value", 3, col)
    assert d.message == f"negate must be 'none' or 'all', not '{value}'"


@pytest.mark.parametrize(("value", "says"), [
    ("[all]", "and it is a list"), ("", "and it is empty"), ("{a: 1}", "and it is a mapping"),
    ("no", "and YAML reads it as false"), ("on", "and YAML reads it as true")])
def test_a_negate_value_that_is_no_word_is_named_by_its_shape(value: str, says: str) -> None:
    d = one(f"---\nlibrary: std\nnegate: {value}\n---\n")
    assert d.message == f"negate must be 'none' or 'all', {says}"


def test_bad_negate_value_did_you_mean() -> None:
    assert one("---\nlibrary: std\nnegate: nnoe\n---\n").hint == "did you mean 'none'?"


@pytest.mark.parametrize("value", ["9", "9X9", "0x9", "nine"])
def test_bad_board(value: str) -> None:
    assert where(f"---\nlibrary: std\nboard: {value}\n---\n") == [("bad-board", 3, 8)]


def test_a_board_past_the_largest_is_refused_where_it_is_declared() -> None:
    assert parse_case("---\nlibrary: std\nboard: 1000x1000\n---\n").front.fields["board"]
    assert where("---\nlibrary: std\nboard: 9x1001\n---\n") == [("bad-board", 3, 8)]
    text = "---\nlibrary: std\n---\nsudoku 1001x1001\n"
    assert where(text, knowing=True) == [("bad-board", 4, 8)] and deferred(text)


def test_title_must_be_text() -> None:
    assert where("---\nlibrary: std\ntitle: [a, b]\n---\n") == [("bad-front-matter-value", 3, 8)]


def test_givens_must_be_a_block() -> None:
    assert where("---\nlibrary: std\ngivens: [1, 2]\n---\n") == [("bad-front-matter-value", 3, 9)]


# -- givens and board -----------------------------------------------------------------------

GIVENS_4 = "---\nlibrary: std\nboard: 4x4\ngivens: |\n  1 . | . .\n  . . | 3 .\n{rest}---\n"


def test_givens_alphabet_points_at_the_character() -> None:
    text = GIVENS_4.format(rest="  . x | . .\n  . . | . 4\n")
    d = one(text)
    assert (d.kind, d.span.line, d.span.col) == ("givens-alphabet", 7, 5)


def test_givens_zero_is_not_a_digit() -> None:
    d = one(GIVENS_4.format(rest="  . . | . .\n  . . | 0 .\n"))
    assert (d.kind, d.span.line, d.span.col) == ("givens-alphabet", 8, 9)
    assert d.hint is not None and "'.'" in d.hint


def test_givens_letters_need_a_wide_board() -> None:
    d = one(GIVENS_4.format(rest="  . . | . .\n  A . | . .\n"))
    assert (d.kind, d.span.line, d.span.col) == ("givens-alphabet", 8, 3)


def test_givens_row_too_short() -> None:
    assert where(GIVENS_4.format(rest="  . . | .\n  . . | . .\n")) == [("givens-size", 7, 3)]


def test_givens_too_few_rows() -> None:
    assert where(GIVENS_4.format(rest="  . . | . .\n")) == [("givens-size", 7, 3)]


def test_givens_too_many_rows() -> None:
    rest = "  . . | . .\n  . . | . .\n  . . | . .\n"
    assert where(GIVENS_4.format(rest=rest)) == [("givens-size", 9, 3)]


def test_givens_size_against_sudoku_line() -> None:
    text = "---\nlibrary: std\ngivens: |\n  1 2\n  . .\n---\nsudoku 3x3\n"
    assert where(text, knowing=True) == [("givens-size", 4, 3), ("givens-size", 5, 3)]
    assert deferred(text)


def test_ragged_givens_without_a_board() -> None:
    text = "---\nlibrary: std\ngivens: |\n  1 2 3\n  . .\n  . . .\n---\n"
    assert where(text) == [("givens-size", 5, 3)]


def test_shading_alphabet() -> None:
    text = "---\nlibrary: std\nboard: 2x2\nshading: |\n  1 0\n  b x\n---\n"
    assert where(text) == [("givens-alphabet", 6, 5)]


def test_shading_size() -> None:
    text = "---\nlibrary: std\nboard: 2x2\nshading: |\n  1 0 1\n  b w\n---\n"
    assert where(text) == [("givens-size", 5, 3)]


def test_off_board_cell_from_front_matter_board() -> None:
    d = one("---\nlibrary: std\nboard: 9x9\n---\nthermo r9c9-r10c1\n")
    assert (d.kind, d.span.line, d.span.col) == ("off-board-cell", 5, 13)
    assert d.hint == "r10c1 is outside the 9×9 board"


def test_off_board_cell_from_sudoku_line() -> None:
    text = FRONT + "thermo r1c1-r1c7\nsudoku 6x6\n"
    assert where(text, knowing=True) == [("off-board-cell", 4, 13)] and deferred(text)


def test_off_board_cell_value() -> None:
    text = FRONT + "sudoku 9x9\narrow r1c1-r1c2 bulb r1c12\n"
    assert where(text, knowing=True) == [("off-board-cell", 5, 22)] and deferred(text)


def test_off_board_cell_from_givens_shape() -> None:
    text = "---\nlibrary: std\ngivens: |\n  1 .\n  . 2\n---\nthermo r1c1-r3c1\n"
    assert where(text) == [("off-board-cell", 7, 13)]


def test_no_board_no_off_board_check() -> None:
    assert parse_case(FRONT + "thermo r1c1-r99c99\n").rules[0].cells[1].cell.row == 99


def test_board_conflict() -> None:
    text = "---\nlibrary: std\nboard: 9x9\n---\nsudoku 6x6\n"
    assert where(text, knowing=True) == [("board-conflict", 5, 8)] and deferred(text)
    # a size on a kind that declares no board is no board: boxes 3x3 is a box's size
    assert parse_case(text.replace("sudoku", "boxes"), "t.case", STD.declares_board)


# -- rule lines -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "col", "hint_part"),
    [
        ("thermo r0c1-r1c1", 8, "count from 1"),
        ("thermo r1c1-r1c", 13, "column is missing"),
        ("thermo r1c1-r1c0", 13, "count from 1"),
        ("thermo r1c1--r1c2", 13, "rROWcCOLUMN"),
        ("thermo r1c1-", 13, "rROWcCOLUMN"),
        ("thermo R1C1", 8, "lower case"),
    ],
)
def test_malformed_cell(line: str, col: int, hint_part: str) -> None:
    d = one(FRONT + line + "\n")
    assert (d.kind, d.span.line, d.span.col) == ("malformed-cell", 4, col)
    assert hint_part in d.message + (d.hint or "")


def test_every_malformed_cell_of_a_list_is_reported() -> None:
    assert where(FRONT + "thermo r0c1-r1c2-r1c\n") == [
        ("malformed-cell", 4, 8),
        ("malformed-cell", 4, 18),
    ]


def test_malformed_cell_value() -> None:
    assert where(FRONT + "arrow r1c1 bulb r0c2\n") == [("malformed-cell", 4, 17)]


def test_cell_value_is_one_cell() -> None:
    assert where(FRONT + "arrow r1c1 bulb r1c2-r1c3\n") == [("bad-cell-value", 4, 17)]


@pytest.mark.parametrize(
    ("line", "col"),
    [
        ("quadruple r1c1 digits [2,9", 27),
        ("quadruple r1c1 digits [2,,9]", 26),
        ("quadruple r1c1 digits NaN", 23),
        ('quadruple r1c1 digits {"a":1,"a":2}', 23),
        ("quadruple r1c1 digits 17x", 25),
        ("quadruple r1c1 digits 'x'", 23),
    ],
)
def test_bad_json(line: str, col: int) -> None:
    assert where(FRONT + line + "\n") == [("bad-json", 4, col)]


def test_bare_word_value_hint_quotes() -> None:
    d = one(FRONT + "colour r1c1 name red\n")
    assert (d.kind, d.span.col, d.hint) == ("bad-json", 18, 'write text in double quotes: "red"')


@pytest.mark.parametrize(
    ("line", "col"), [("cage r1c1 total", 16), ("cage r1c1-r1c2 total if uniform", 22)]
)
def test_missing_value(line: str, col: int) -> None:
    assert where(FRONT + line + "\n") == [("missing-value", 4, col)]


def test_duplicate_parameter() -> None:
    assert where(FRONT + "cage r1c1 total 3 total 4\n") == [("duplicate-parameter", 4, 19)]


@pytest.mark.parametrize(
    ("line", "col"),
    [
        ("cage r1c1 [2,9]", 11),
        ("cage r1c1 Total 3", 11),
        ("cage total 3 r1c1", 14),
        ("cage r1c1 not total 3", 11),
        ("renban r1c1 r1c2", 13),
    ],
)
def test_unexpected_token(line: str, col: int) -> None:
    assert where(FRONT + line + "\n") == [("unexpected-token", 4, col)]


@pytest.mark.parametrize(("line", "col"), [("cage-1:cage r1c1", 8), ("a.b: cage r1c1", 1)])
def test_bad_id(line: str, col: int) -> None:
    assert where(FRONT + line + "\n") == [("bad-id", 4, col)]


@pytest.mark.parametrize(
    ("line", "col"),
    [("cage-1:", 7), ("not", 1), ("if uniform", 1), ("r1c1-r1c2 cage", 1), ("x: not not", 8)],
)
def test_missing_reference(line: str, col: int) -> None:
    assert where(FRONT + line + "\n") == [("missing-reference", 4, col)]


@pytest.mark.parametrize("line", ["cage_1 r1c1", "7up r1c1", "ftp://x/y.md"])
def test_bad_reference(line: str) -> None:
    assert where(FRONT + line + "\n") == [("bad-reference", 4, 1)]


def test_missing_predicate() -> None:
    assert where(FRONT + "renban r1c1-r1c2 unless\n") == [("missing-predicate", 4, 18)]


def test_unknown_predicate_for_a_term_needing_arguments() -> None:
    assert where(FRONT + "renban r1c1-r1c2 if sum\n") == [("unknown-predicate", 4, 21)]


def test_second_condition() -> None:
    assert where(FRONT + "renban r1c1-r1c2 if uniform if connected\n") == [
        ("second-condition", 4, 29)
    ]


def test_condition_without_cells() -> None:
    assert where(FRONT + "yin-yang unless uniform\n") == [("condition-without-cells", 4, 10)]


def test_duplicate_id() -> None:
    d = one(FRONT + "a: renban r1c1-r1c2\na: nabner r1c1-r1c2\n")
    assert (d.kind, d.span.line, d.span.col) == ("duplicate-id", 5, 1)
    assert d.hint is not None and "line 4" in d.hint


def test_duplicate_id_across_negation() -> None:
    assert where(FRONT + "a: cage r1c1 total 1\na: not cage r1c1 total 1\n") == [
        ("duplicate-id", 5, 1)
    ]


def test_repeated_kind_needs_id_on_every_instance() -> None:
    text = FRONT + "cage r1c1 total 1\ncage-9: cage r1c2 total 2\nnot cage r1c3 total 3\n"
    assert where(text) == [("repeated-kind-needs-id", 4, 1), ("repeated-kind-needs-id", 6, 5)]


def test_repeated_kind_hint_suggests_an_unused_id() -> None:
    text = FRONT + "cage-1: cage r1c1 total 1\ncage r1c2 total 2\n"
    assert one(text).hint == ("start this line with an id, e.g. 'cage-2: cage ...'; "
                              "'sapphire fmt --add-ids' adds them all")


def test_repeated_url_reference_needs_ids() -> None:
    url = "https://example.org/k.md"
    assert where(FRONT + f"{url} r1c1\n{url} r1c2\n") == [
        ("repeated-kind-needs-id", 4, 1),
        ("repeated-kind-needs-id", 5, 1),
    ]


# -- reporting ------------------------------------------------------------------------------


def test_every_problem_is_reported_at_once() -> None:
    text = (
        "---\nlibrary: std\ntitel: x\n---\n"
        "thermo r0c1\n"
        "renban r1c1 if unform\n"
        "yin-yang if uniform\n"
        "cage r1c1 total [1\n"
    )
    assert where(text) == [
        ("unknown-front-matter-key", 3, 1),
        ("malformed-cell", 5, 8),
        ("unknown-predicate", 6, 16),
        ("condition-without-cells", 7, 10),
        ("bad-json", 8, 19),
    ]


def test_rendering_shows_file_line_col_source_caret_hint() -> None:
    d = one("---\nlibrary: std\nboard: 9x9\n---\nthermo r10c1\n")
    assert d.render() == (
        "t.case:5:8: error: the cell r10c1 is not on the board\n"
        "  thermo r10c1\n"
        "         ^^^^^\n"
        "  hint: r10c1 is outside the 9×9 board"
    )


def test_unreadable_file(tmp_path: object) -> None:
    with pytest.raises(SapphireError) as info:
        parse_case_file("/nonexistent/x.case")
    assert info.value.kinds == ["unreadable-file"]


def test_crlf_and_bom_are_read() -> None:
    case = parse_case("\ufeff---\r\nlibrary: std\r\n---\r\nanti-king\r\n")
    assert case.rules[0].reference == "anti-king"


def test_folded_givens_point_at_the_value() -> None:
    text = "---\nlibrary: std\ngivens: >\n  1 x\n  . .\n---\n"
    assert where(text) == [("givens-alphabet", 3, 9)]


# -- extra cells ----------------------------------------------------------------------------

EXTRA = "---\nlibrary: std\nboard: 2x3\nextra-cells: {n}\n{more}---\n{body}"


@pytest.mark.parametrize("value", ["0", "-1", "two", "true", "2.5", "10001"])
def test_bad_extra_cells(value: str) -> None:
    assert where(EXTRA.format(n=value, more="", body="")) == [("bad-extra-cells", 4, 14)]


def test_extra_cells_stand_below_the_board_in_rows_of_its_width() -> None:
    body = "cage r3c1-r3c3-r4c1 total 6\n"
    parse_case(EXTRA.format(n=4, more="", body=body))  # the four: r3c1-r3c3, r4c1
    d = one(EXTRA.format(n=4, more="", body="cage r3c1-r4c2 total 6\n"))
    assert (d.kind, d.span.line, d.span.col) == ("off-board-cell", 6, 11)
    assert d.hint == "r4c2 is outside the 2×3 board and its 4 extra cells"
    assert where(EXTRA.format(n=4, more="", body="cage r3c4 total 6\n")) == [
        ("off-board-cell", 6, 6)]


def test_extra_cells_need_a_declared_board() -> None:
    text = "---\nlibrary: std\nextra-cells: 2\n---\ncage r2c1-r2c2 total 3\n"
    assert where(text)[0] == ("extra-cells-need-board", 3, 1)


def test_givens_of_extra_cells() -> None:
    rows = "givens: |\n  1 . .\n  . . .\n  -----\n  . 2 .\n  3 . .\n"
    parse_case(EXTRA.format(n=4, more=rows, body=""))
    # a digit past the fourth extra cell
    past = rows.replace("  3 . .", "  3 . 1")
    assert where(EXTRA.format(n=4, more=past, body="")) == [("off-board-cell", 10, 7)]
    # one extra row too many, or too few
    assert where(EXTRA.format(n=4, more=rows + "  . . .\n", body="")) == [
        ("givens-size", 11, 3)]
    assert where(EXTRA.format(n=4, more=rows.replace("  3 . .\n", ""), body="")) == [
        ("givens-size", 9, 3)]
    # shading and clues stay on the board
    shading = "shading: |\n  1 . .\n  . . .\n  . . .\n"
    assert where(EXTRA.format(n=2, more=shading, body="")) == [("givens-size", 8, 3)]


# -- values no file can hold, and ids and parameters written with a stray ':' ---------------


@pytest.mark.parametrize("depth", [65, 500, 5000])
def test_a_value_nested_too_deep_is_bad_json(depth: int) -> None:
    d = one(FRONT + "all-pairs r1c1-r1c2 allowed " + "[" * depth + "]" * depth + "\n")
    assert (d.kind, d.span.line, d.span.col) == ("bad-json", 4, 29)
    assert d.message == "bad JSON value: lists and objects nest more than 64 deep"


def test_a_value_nested_64_deep_is_read() -> None:
    text = "[" * 64 + "]" * 64
    case = parse_case(FRONT + f"all-pairs r1c1-r1c2 allowed {text}\n")
    assert case.rules[0].params[0].value == json.loads(text)


@pytest.mark.parametrize("value", ['"\\ud800"', '["a\\udfffb"]', '{"\\ud83d": 1}'])
def test_half_a_surrogate_pair_is_bad_json(value: str) -> None:
    d = one(FRONT + f"all-pairs r1c1-r1c2 allowed {value}\n")
    assert (d.kind, d.span.col) == ("bad-json", 29)
    assert "half of a surrogate pair" in d.message


def test_a_whole_surrogate_pair_is_one_character() -> None:
    case = parse_case(FRONT + 'note r1c1 text "\\ud83d\\ude00"\n')
    assert case.rules[0].params[0].value == "\U0001f600"


@pytest.mark.parametrize(("line", "col", "hint"), [
    ("cage-1 : cage r1c1 total 3", 7, "write 'cage-1: cage ...'"),
    ("cage-1 :cage r1c1 total 3", 7, "write 'cage-1: cage ...'"),
    ("c :", 2, "write 'c: RULE'"),
])
def test_a_space_before_the_ids_colon(line: str, col: int, hint: str) -> None:
    d = one(FRONT + line + "\n")
    assert (d.kind, d.span.col, d.hint) == ("bad-id", col, hint)
    assert d.message.startswith("a space stands between the id")


def test_a_parameter_written_with_a_colon() -> None:
    d = one(FRONT + "cage r1c1 total: 3\n")
    assert (d.kind, d.span.col) == ("misplaced-id", 11)
    assert "'total 3'" in d.hint and "'total: cage ...'" in d.hint


def test_a_predicate_written_without_if_or_unless() -> None:
    d = one(FRONT + "cage r1c1 total 3 when uniform\n")
    assert (d.kind, d.span.col) == ("bad-json", 24)
    assert d.hint == "'uniform' is a condition's predicate: end the line with 'if uniform' or " \
        "'unless uniform'"


def test_a_line_read_up_to_its_error_is_marked_partial() -> None:
    from sapphire.case.parser import parse_case_partial

    case, found = parse_case_partial(FRONT + "cage r1c1-r1c2 total=3\nrenban r1c3-r1c4\n")
    assert [(d.kind, d.span.col) for d in found] == [("unexpected-token", 16)]
    assert [r.partial for r in case.rules] == [True, False]
    assert case.rules[0].params == ()
