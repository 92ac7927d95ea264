"""The grade: a path whose every step is sound, and levels as published difficulty says."""

from __future__ import annotations

import sapphire.api as api
from sapphire.assistant.grade import grade

CLASSIC = """---
library: std
givens: |
  5 3 . . 7 . . . .
  6 . . 1 9 5 . . .
  . 9 8 . . . . 6 .
  8 . . . 6 . . . 3
  4 . . 8 . 3 . . 1
  7 . . . 2 . . . 6
  . 6 . . . . 2 8 .
  . . . 4 1 9 . . 5
  . . . . 8 . . 7 9
---
sudoku 9x9
"""
"""The classic of the Interactive Sudoku Solver's examples (its corpus entry 0, MIT)."""

HARDEST = """---
library: std
givens: |
  8 . . . . . . . .
  . . 3 6 . . . . .
  . 7 . . 9 . 2 . .
  . 5 . . . 7 . . .
  . . . . 4 5 7 . .
  . . . 1 . . . 3 .
  . . 1 . . . . 6 8
  . . 8 5 . . . 1 .
  . 9 . . . . 4 . .
---
sudoku 9x9
"""
"""Arto Inkala's "world's hardest sudoku" (2012), as the Interactive Sudoku Solver's examples
hold it (corpus entry 63, MIT)."""

KILLER = """---
library: std
givens: |
  . . . .
  . . . .
  . 2 . .
  . . . .
---
sudoku 4x4
cage-1: cage r1c1-r1c2 total 3
cage-2: cage r1c3-r2c3 total 4
cage-3: cage r2c1-r3c1 total 5
cage-4: cage r3c3-r3c4 total 7
cage-5: cage r4c1-r4c2 total 7
"""


def answer_of(text: str) -> dict[str, int]:
    solved = api.load(text).solve()
    assert solved.status == "unique"
    digits = solved.solutions[0]["digits"]
    return {f"r{r}c{c}": x for r, row in enumerate(digits, 1) for c, x in enumerate(row, 1)}


def test_a_singles_sudoku_is_level_zero_and_every_step_keeps_the_answer() -> None:
    found = grade(api.load(CLASSIC), max_level=0)
    assert found.solved and found.level == 0
    assert found.decided == found.points == 81 - 30
    answer = answer_of(CLASSIC)
    for step in found.steps:
        assert step["rules"] == [{"line": 14, "id": None}]
        assert all(answer[r["cell"]] != r["value"] for r in step["removed"])
        assert all(answer[p["cell"]] == p["value"] for p in step["placed"])


def test_the_hardest_sudoku_needs_more_than_level_zero() -> None:
    found = grade(api.load(HARDEST), max_level=0)
    assert found.status == "stuck" and not found.solved
    assert found.decided < found.points


def test_a_killer_path_names_each_cage_line_and_id() -> None:
    found = grade(api.load(KILLER))
    assert found.solved and found.level == 0
    used = {(r["line"], r["id"]) for s in found.steps for r in s["rules"]}
    assert (10, "cage-1") in used and (9, None) in used
    cage = next(s for s in found.steps if s["rules"] == [{"line": 10, "id": "cage-1"}])
    assert cage["placed"] == [{"cell": "r1c1", "value": 2}, {"cell": "r1c2", "value": 1}]
    assert cage["cells"] == ["r1c1", "r1c2"]
    answer = answer_of(KILLER)
    assert all(answer[r["cell"]] != r["value"] for s in found.steps for r in s["removed"])


def test_a_level_one_step_refutes_an_assumption_the_answer_does_not_make() -> None:
    # a 4x4 with two answers fixed by one cage: level 0 is stuck, an assumption settles it
    text = """---
library: std
givens: |
  1 2 . .
  . . . .
  . . . .
  . . . .
---
sudoku 4x4
cage r2c1-r3c2 total 7
"""
    zero = grade(api.load(text), max_level=0)
    one = grade(api.load(text), max_level=1)
    assert one.decided >= zero.decided
    for s in one.steps:
        if s["level"] == 1:
            assert s["assumed"] == s["removed"][0] and s["length"] >= 1


def test_no_answer_is_a_contradiction() -> None:
    text = "---\nlibrary: std\ngivens: |\n  1 1 . .\n  . . . .\n  . . . .\n  . . . .\n" \
           "---\nsudoku 4x4\n"
    found = grade(api.load(text))
    assert found.status == "none" and not found.solved


def test_the_json_has_the_fields_the_issue_names() -> None:
    out = grade(api.load(KILLER)).to_json()
    assert out["solved"] is True and out["level"] == 0
    assert {"level", "rules", "placed", "removed", "cells"} <= set(out["steps"][0])
    assert out["per_level"] == {"0": len(out["steps"])}
    assert out["hardest"]["step"] >= 1
