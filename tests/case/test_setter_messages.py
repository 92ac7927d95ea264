"""Messages a new setter meets when a case file is written slightly wrong: one error in the
words of the slip, placed where it stands (issue: frictions on the command line)."""

from __future__ import annotations

import pytest

from sapphire.case.parser import parse_case_partial
from sapphire.diagnostics import SapphireError
from sapphire.importers.puzzlink import export_puzzlink

ROWS = [". . . . . . . . ."] * 9


def _problems(text: str) -> list[tuple[str, int, int, str, str | None]]:
    _, found = parse_case_partial(text, "t.case")
    return [(d.kind, d.span.line, d.span.col, d.message, d.hint) for d in found if d.span]


def test_a_number_in_one_cell_of_the_givens_is_one_error_at_it() -> None:
    rows = list(ROWS)
    rows[6] = ". 6 . . . . 2 8 10"
    text = "---\nlibrary: std\nboard: 9x9\ngivens: |\n" + "".join(f"  {r}\n" for r in rows) \
        + "---\nanti-king\n"
    assert _problems(text) == [
        ("givens-alphabet", 11, 19, "'10' stands in one cell, and a cell holds one symbol",
         "the digits of this board are 1-9, one character a cell")]


def test_cells_grouped_by_box_are_still_one_character_a_cell() -> None:
    text = ("---\nlibrary: std\nboard: 4x4\ngivens: |\n  12 34\n  34 12\n  21 43\n  43 21\n"
            "---\nanti-king\n")
    assert _problems(text) == []


def test_a_tab_indenting_front_matter_says_use_spaces() -> None:
    assert _problems("---\nlibrary: std\n\tboard: 4x4\n---\nsudoku 4x4\n") == [
        ("bad-yaml", 3, 1, "the front matter is not valid YAML: a tab indents this line",
         "use spaces: YAML indents with spaces only")]


def test_cells_parted_by_a_space_are_told_to_join_with_a_dash() -> None:
    [(kind, line, col, _, hint)] = _problems("---\nlibrary: std\n---\nsudoku 4x4\n"
                                             "thermo r1c1 r1c2\n")
    assert (kind, line, col) == ("unexpected-token", 5, 13)
    assert hint == "join cells with '-': 'r1c1-r1c2' (or with ','); a space ends the cells"


def test_a_rules_key_points_to_notes() -> None:
    [(kind, line, col, message, hint)] = _problems(
        "---\nlibrary: std\nrules: no two the same\n---\nsudoku 4x4\n")
    assert (kind, line, col, message) == ("unknown-front-matter-key", 3, 1,
                                          "unknown front-matter key 'rules'")
    assert hint is not None and "'notes'" in hint and "clues" not in hint


def test_a_puzzlink_refusal_points_at_the_line_it_refuses() -> None:
    with pytest.raises(SapphireError) as exc:
        export_puzzlink("---\nlibrary: std\n---\nsudoku 4x4\nthermo r1c1-r1c2\n", "t.case")
    [d] = exc.value.diagnostics
    assert d.kind == "unsupported" and d.span is not None
    assert (d.span.line, d.span.col) == (5, 1)
    assert d.source_line == "thermo r1c1-r1c2"
    assert "'thermo'" in d.message


def test_a_negated_rule_refused_by_puzzlink_is_placed_at_its_line() -> None:
    with pytest.raises(SapphireError) as exc:
        export_puzzlink("---\nlibrary: std\n---\nsudoku 4x4\nnot anti-king\n", "t.case")
    [d] = exc.value.diagnostics
    assert d.span is not None and (d.span.line, d.span.col) == (5, 1)
