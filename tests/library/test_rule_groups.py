"""`any-of` and `all-of` hold rule lines in a `rules` parameter: counted against brute force
on a 1×4 board, plain, negated and nested, and each entry is checked like a line of the case,
its errors placed at the entry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from counting import NOT, Grid, Rule, brute, case_error, check, error_kinds

from sapphire.pipeline import solve_case


def one(g: Grid) -> bool:
    return g[(1, 1)] == 1


def consecutive(g: Grid) -> bool:  # renban r1c2-r1c3 if distinct
    return g[(1, 2)] == g[(1, 3)] or abs(g[(1, 2)] - g[(1, 3)]) == 1


def two_and_run(g: Grid) -> bool:  # quadruple r1c2 digits [2] and renban r1c3-r1c4
    return g[(1, 2)] == 2 and abs(g[(1, 3)] - g[(1, 4)]) == 1


ANY = 'any-of rules ["quadruple r1c1 digits [1]", "renban r1c2-r1c3 if distinct"]'
NESTED = ('any-of rules ["quadruple r1c1 digits [1]", "all-of rules [\\"quadruple r1c2 digits '
          '[2]\\", \\"renban r1c3-r1c4\\"]"]')
ALL = 'all-of rules ["quadruple r1c1 digits [1]", "not renban r1c2-r1c3"]'


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), [
    (ANY, lambda g: one(g) or consecutive(g)),
    (NESTED, lambda g: one(g) or two_and_run(g)),
    (ALL, lambda g: one(g) and not abs(g[(1, 2)] - g[(1, 3)]) == 1),
])
def test_counts(tmp_path: Path, line: str, rule: Rule, negated: bool) -> None:
    want = brute(1, 4, range(1, 5), [NOT(rule) if negated else rule])
    check(tmp_path, "board: 1x4\n", ("not " if negated else "") + line, want, cap=256)


def test_an_entry_is_read_only_through_the_group(tmp_path: Path) -> None:
    # the digits channel exists because an entry reads it, though no line of the case does
    res = solve_case(str(_case(tmp_path, 'any-of rules ["quadruple r1c1 digits [4]"]')),
                     max_solutions=1)
    assert res.solutions[0]["digits"][0][0] == 4


def _case(tmp_path: Path, body: str) -> Path:
    p = tmp_path / "g.case"
    p.write_text(f"---\nlibrary: std\nboard: 1x4\n---\n{body}\n", encoding="utf-8")
    return p


@pytest.mark.parametrize(("line", "kind", "entry", "col"), [
    ('any-of rules ["renban r1c1-r1c2", "cage r1c1-r1c2 totl 3"]', "unknown-parameter", 2, 16),
    ('any-of rules ["renban r1c1-r1c9"]', "off-board-cell", 1, 13),
    ('any-of rules ["renban r1c1-r1c2", "renban r1c3-r1c4"]', "repeated-kind-needs-id", 1, 1),
    ('any-of rules ["c: renban r1c1-r1c2", "c: renban r1c3-r1c4"]', "duplicate-id", 2, 1),
])
def test_an_entrys_error_is_placed_at_the_entry(tmp_path: Path, line: str, kind: str,
                                               entry: int, col: int) -> None:
    err = case_error(tmp_path, "board: 1x4\n", line)
    d = err.diagnostics[0]
    assert d.kind == kind, str(err)
    assert d.span is not None and (d.span.line, d.span.col) == (entry, col), str(err)
    assert d.span.file.endswith(":5 any-of rules, entry")
    # "used on entries 1 and 2", "first used on entry 1": not the lines of a scratch case
    assert not re.search(r"\blines? \d", d.message + (d.hint or ""))


@pytest.mark.parametrize(("line", "kind"), [
    ('any-of rules ["renban r1c1-r1c2", "yin-yang"]', "rule-in-rules"),
    ('any-of rules ["renban r1c1-r1c2", 5]', "bad-parameter-type"),
    ("any-of rules []", "bad-parameter-type"),
])
def test_bad_groups_are_errors(tmp_path: Path, line: str, kind: str) -> None:
    assert error_kinds(tmp_path, line) == [kind]
