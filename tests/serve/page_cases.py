"""The cases the page's tests type: a 9×9 killer of the examples, the classic sudoku, each
with one mistake, and a case slow enough to be cancelled."""

from __future__ import annotations

from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

KILLER = (EXAMPLES / "pictures" / "killer.case").read_text(encoding="utf-8")
"""A 9×9 killer sudoku with one answer and no givens."""

BROKEN_TOTAL_LINE = 7
"""The line of the killer's first cage (`total 3`), whose total `broken_total` makes 4."""

CLASSIC = (EXAMPLES / "cases" / "classic-sudoku.case").read_text(encoding="utf-8")
"""A classic sudoku whose givens are a front-matter grid; one answer."""

GIVEN_LINE, GIVEN_COL = 8, 7
"""Where the classic sudoku's given 8 in r3c3 stands: without it the sudoku has two answers."""

SLOW = "---\nlibrary: std\n---\nsudoku 16x16\n"
"""An empty 16×16 sudoku: two answers at once, but its candidates take some ten seconds."""

PUZZLINK_SUDOKU = "https://puzz.link/p?sudoku/4/4/g1k23k3g"
"""A 4×4 sudoku of pzprjs's tests, as puzz.link links it."""


def broken_total() -> str:
    lines = KILLER.splitlines(keepends=True)
    assert lines[BROKEN_TOTAL_LINE - 1] == "cage-1: cage r1c1-r1c2 total 3\n"
    lines[BROKEN_TOTAL_LINE - 1] = "cage-1: cage r1c1-r1c2 total 4\n"
    return "".join(lines)


def without_given() -> str:
    lines = CLASSIC.splitlines(keepends=True)
    line = lines[GIVEN_LINE - 1]
    assert line[GIVEN_COL - 1] == "8", line
    lines[GIVEN_LINE - 1] = line[:GIVEN_COL - 1] + "." + line[GIVEN_COL:]
    return "".join(lines)
