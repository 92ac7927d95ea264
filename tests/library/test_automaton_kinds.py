"""`automaton` and `regex` count like their plain reading on a 1×4 board: an automaton run is
followed here by a set of states, a pattern by Python's `re`, both independent of the
`accepted` lowering they check, with and without `not`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from counting import NOT, Grid, Rule, brute, case_error, cells_of, check

Moves = list[tuple[int, int, int]]


def automaton(path: str, moves: Moves, accept: list[int], start: list[int] = [0]) -> Rule:  # noqa: B006
    cells = cells_of(path)

    def f(g: Grid) -> bool:
        now = set(start)
        for c in cells:
            now = {b for q, a, b in moves if q in now and a == g[c]}
        return bool(now & set(accept))
    return f


def regex(path: str, pattern: str) -> Rule:
    cells = cells_of(path)
    return lambda g: re.fullmatch(pattern, "".join(str(g[c]) for c in cells)) is not None


CASES = [
    # 1 or 2, then 3, then 1 or 2
    ("automaton r1c1-r1c2-r1c3 moves [[0,1,1],[0,2,1],[1,3,0]] accept [1]",
     automaton("r1c1-r1c2-r1c3", [(0, 1, 1), (0, 2, 1), (1, 3, 0)], [1])),
    # nondeterministic: a 1 may stay in 0 or guess that the last two digits are 1 then 4
    ("automaton r1c1-r1c2-r1c3-r1c4 moves [[0,1,0],[0,2,0],[0,3,0],[0,4,0],[0,1,1],[1,4,2]] "
     "accept [2]",
     automaton("r1c1-r1c2-r1c3-r1c4",
               [(0, 1, 0), (0, 2, 0), (0, 3, 0), (0, 4, 0), (0, 1, 1), (1, 4, 2)], [2])),
    # two start states, a cell read twice, and a start state that accepts the empty prefix
    ("automaton r1c2-r1c1-r1c2 moves [[0,2,1],[1,3,0],[2,4,2]] start [0,2] accept [1,2]",
     automaton("r1c2-r1c1-r1c2", [(0, 2, 1), (1, 3, 0), (2, 4, 2)], [1, 2], [0, 2])),
    ('regex r1c1-r1c2-r1c3-r1c4 pattern "[1-2]*4.*"', regex("r1c1-r1c2-r1c3-r1c4", "[1-2]*4.*")),
    ('regex r1c4-r1c3-r1c2 pattern "(12|34)+."', regex("r1c4-r1c3-r1c2", "(12|34)+.")),
    ('regex r1c1-r1c2-r1c3 pattern "[^3]{2}3?"', regex("r1c1-r1c2-r1c3", "[^3]{2}3?")),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), CASES)
def test_counts(tmp_path: Path, line: str, rule: Rule, negated: bool) -> None:
    want = brute(1, 4, range(1, 5), [NOT(rule) if negated else rule])
    check(tmp_path, "board: 1x4\n", ("not " if negated else "") + line, want, cap=256)


def test_with_latin_rows(tmp_path: Path) -> None:
    # with the other rules of the board the automaton's symbols meet propagation
    rule = regex("r1c1-r1c2-r1c3-r1c4", "[1-2]*4.*")
    latin = lambda g: len({g[(1, c)] for c in range(1, 5)}) == 4  # noqa: E731
    want = brute(1, 4, range(1, 5), [rule, latin])
    assert want == 12
    check(tmp_path, "board: 1x4\n", 'latin-square\nregex r1c1-r1c2-r1c3-r1c4 pattern "[1-2]*4.*"',
          want)


@pytest.mark.parametrize(("line", "kind", "col"), [
    ('regex r1c1-r1c2 pattern "(12"', "bad-pattern", 25),
    ('shade-pattern r1c1-r1c2 pattern "(1"', "bad-pattern", 33),
    ("shade-pattern r1c1-r1c2 pattern 1", "bad-parameter-type", 33),
    ("regex r1c1-r1c2 pattern 12", "bad-parameter-type", 25),
    ("automaton r1c1-r1c2 moves [[0,1]] accept [1]", "bad-parameter-type", 27),
    ("automaton r1c1-r1c2 moves [[0,1,1]] accept 1", "bad-parameter-type", 44),
])
def test_bad_automata_are_errors_at_the_value(tmp_path: Path, line: str, kind: str,
                                              col: int) -> None:
    # checked with the case, so the error stands on the case's line, not in the library
    err = case_error(tmp_path, "board: 1x4\n", line)
    d = err.diagnostics[0]
    assert [x.kind for x in err.diagnostics] == [kind], str(err)
    assert d.span is not None and d.span.file.endswith("t.case")
    assert (d.span.line, d.span.col) == (5, col) and d.hint


@pytest.mark.parametrize("pattern", ["12|21", "1.", "(1|3)*"])
def test_under_a_condition(tmp_path: Path, pattern: str) -> None:
    # `if distinct` puts the automaton under an enforcement literal (the reachability
    # literals, not CP-SAT's own constraint): it binds only where the two digits differ
    rule = regex("r1c1-r1c2", pattern)
    want = brute(1, 4, range(1, 5), [lambda g: g[(1, 1)] == g[(1, 2)] or rule(g)])
    check(tmp_path, "board: 1x4\n", f'regex r1c1-r1c2 pattern "{pattern}" if distinct', want,
          cap=256)
