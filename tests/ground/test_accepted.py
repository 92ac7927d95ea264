"""`accepted(…)` outside the checked rule kinds: in a program of its own, and in a library
kind whose pattern parameter is unchecked JSON. A bad automaton or pattern is an error at the
argument with a hint, and a word of variables counts like its plain reading."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.lang.parser import parse_program
from sapphire.pipeline import solve_case, solve_grounded

X = "∀i∈{0⋯2} ⦗x i⦘∈{1⋯3}\n"
MOVES = "{⟨0 1 1⟩ ⟨1 2 1⟩ ⟨1 3 2⟩}, {0}, {2}"
"""A 1, then 2s, then a 3 that ends the word: on three cells only 1 2 3."""


def count(text: str) -> tuple[str, int]:
    res = solve_grounded(parse_program(X + text, "p.sapphire"), data_to_instance({}),
                         max_solutions=50)
    return res.status, len(res.solutions)


def test_a_word_of_variables() -> None:
    assert count(f"accepted({MOVES}) i∈{{0⋯2}}: ⦗x i⦘\n") == ("unique", 1)
    assert count(f"¬accepted({MOVES}) i∈{{0⋯2}}: ⦗x i⦘\n") == ("multiple", 26)


@pytest.mark.parametrize(("text", "col"), [
    ("accepted(5) i∈{0⋯2}: ⦗x i⦘\n", 10),
    ("accepted({⟨0 1⟩}, {0}, {1}) i∈{0⋯2}: ⦗x i⦘\n", 1),
])
def test_bad_automata_are_type_errors(text: str, col: int) -> None:
    with pytest.raises(SapphireError) as exc:
        ground(parse_program(X + text, "p.sapphire"), data_to_instance({}))
    d = exc.value.diagnostics[0]
    assert d.kind == "type" and d.span is not None and (d.span.line, d.span.col) == (2, col)
    assert d.hint


def test_a_bad_pattern_from_an_unchecked_parameter(tmp_path: Path) -> None:
    (tmp_path / "loose.md").write_text(
        "---\nkind: loose\nscope: cells\ncells: path\nparameters:\n  pattern:\n"
        "    type: json\n    required: true\n---\n\n# Loose\n\n```sapphire\n"
        "accepted(pattern)⟨i r c⟩∈P: ⦗face r c⦘\n```\n", encoding="utf-8")
    case = tmp_path / "t.case"
    case.write_text(f"---\nlibrary: {tmp_path}\nboard: 1x3\n---\n"
                    'loose r1c1-r1c2 pattern "(12"\n', encoding="utf-8")
    with pytest.raises(SapphireError) as exc:
        solve_case(str(case))
    d = exc.value.diagnostics[0]
    assert d.kind == "bad-pattern" and "does not parse" in d.message and d.hint
