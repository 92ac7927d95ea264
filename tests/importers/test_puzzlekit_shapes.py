"""The puzzlekit genre Dominos, whose answer is links: exact case text for a tiny puzzle, the
exact refusal of a malformed one, and a fixture puzzle (copied from ../shared/corpus/puzzlekit)
that must solve uniquely to its known answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from puzzlekit_fixtures import body, load, solved

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case

GENRES = load("puzzlekit_shapes.json")
CASES = [(g, e) for g, entries in GENRES.items() for e in entries]



def test_a_dominos_is_its_numbers_as_clues() -> None:
    assert body(puzzlekit_to_case("Dominos", "2 3\n0 0 1\n1 1 0\n")) == """\
board: 2x3
clues: |
  0 0 1
  1 1 0
---
dominoes
"""


def test_a_dominos_solution_tells_names_apart_by_case() -> None:
    assert read_solution("Dominos", "2 2\na A\na A\n") == {
        "links": {"across": [[0, 0], [0, 0]], "down": [[1, 1], [0, 0]]}}


@pytest.mark.parametrize(("genre", "text", "line", "col", "says"), [
    ("Dominos", "1 2\n0 12\n", 2, 3, "'12' at r1c2 is not a number 0-9"),
])
def test_a_malformed_problem_is_refused_at_its_place(genre: str, text: str, line: int, col: int,
                                                     says: str) -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlekit_to_case(genre, text, label="p.txt")
    (d,) = exc.value.diagnostics
    assert d.span is not None
    assert (d.kind, d.span.file, d.span.line, d.span.col) == ("bad-puzzlekit", "p.txt", line, col)
    assert d.message == f"not a puzzlekit {genre} problem: {says}"
    assert d.hint


@pytest.mark.parametrize(("genre", "entry"), CASES, ids=[f"{g} {e['key']}" for g, e in CASES])
def test_fixture_puzzles_solve_to_their_answers(tmp_path: Path, genre: str,
                                                entry: dict[str, str]) -> None:
    got, want = solved(genre, entry, tmp_path)
    assert got == want
