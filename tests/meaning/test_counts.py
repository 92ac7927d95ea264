"""Solution counts of small cases against brute force, for every std kind: plain, negated,
under `if`/`unless` with each predicate, and under `negate: all`."""

from __future__ import annotations

from pathlib import Path

import brute as B
import pytest

CAP = 80


def solve_count(tmp_path: Path, front: str, body: str) -> tuple[str, int]:
    return B.solver_count(tmp_path, front, body, CAP)


def check(tmp_path: Path, front: str, body: str, board: B.Board, rules: list,
          modifiers: list | None = None) -> int:
    want = B.count(board, rules, modifiers)
    status, got = solve_count(tmp_path, front, body)
    assert got == min(want, CAP), f"solver {got}, brute force {want}"
    assert status == {0: "none", 1: "unique"}.get(want, "multiple")
    return want


R1 = [(1, 1), (1, 2), (1, 3)]
B13 = B.Board(1, 3, range(1, 4))
B14 = B.Board(1, 4, range(1, 5))
B22S = B.Board(2, 2, range(1, 3), shading=True)
B23S = B.Board(2, 3, range(1, 4), shading=True)


@pytest.mark.parametrize("nots", [0, 1, 2])
def test_cage(tmp_path: Path, nots: int) -> None:
    rule = B.cage(R1[:2], 5)
    rule = B.NOT(rule) if nots % 2 else rule
    n = check(tmp_path, "board: 1x3\n", "not " * nots + "cage r1c1-r1c2 total 5", B13, [rule])
    assert n > 0


def test_cage_repeats_negates_only_the_sum(tmp_path: Path) -> None:
    check(tmp_path, "board: 1x4\n", "not cage r1c1-r1c2-r1c3 total 6 repeats true", B14,
          [B.NOT(B.cage([(1, 1), (1, 2), (1, 3)], 6, repeats=True))])
    check(tmp_path, "board: 1x4\n", "cage r1c1-r1c2-r1c3 total 6 repeats true", B14,
          [B.cage([(1, 1), (1, 2), (1, 3)], 6, repeats=True)])


def test_cage_sum_alias_is_the_same(tmp_path: Path) -> None:
    a = solve_count(tmp_path, "board: 1x3\n", "cage r1c1-r1c2 sum 4")
    b = solve_count(tmp_path, "board: 1x3\n", "cage r1c1-r1c2 total 4")
    assert a == b


@pytest.mark.parametrize("negated", [False, True])
def test_renban(tmp_path: Path, negated: bool) -> None:
    rule = B.renban([(1, 1), (1, 2), (1, 3)])
    check(tmp_path, "board: 1x4\n", ("not " if negated else "") + "renban r1c1-r1c2-r1c3",
          B14, [B.NOT(rule) if negated else rule])


@pytest.mark.parametrize(("dist", "negated"), [(False, False), (True, False), (True, True)])
def test_nabner(tmp_path: Path, dist: bool, negated: bool) -> None:
    rule = B.nabner([(1, 1), (1, 2), (1, 3)], dist)
    text = ("not " if negated else "") + "nabner r1c1-r1c2-r1c3" + (
        " distinct true" if dist else "")
    check(tmp_path, "board: 1x4\n", text, B14, [B.NOT(rule) if negated else rule])


@pytest.mark.parametrize("negated", [False, True])
def test_quadruple(tmp_path: Path, negated: bool) -> None:
    cells = [(1, 1), (1, 2), (1, 3), (1, 4)]
    rule = B.quadruple(cells, [2, 2, 3])
    text = ("not " if negated else "") + "quadruple r1c1-r1c2-r1c3-r1c4 digits [2,2,3]"
    check(tmp_path, "board: 1x4\n", text, B14, [B.NOT(rule) if negated else rule])


@pytest.mark.parametrize("negated", [False, True])
def test_absent_digits(tmp_path: Path, negated: bool) -> None:
    rule = B.absent(R1[:2], [1, 2])
    text = ("not " if negated else "") + "absent-digits r1c1-r1c2 digits [1,2]"
    check(tmp_path, "board: 1x3\n", text, B13, [B.NOT(rule) if negated else rule])


@pytest.mark.parametrize("negated", [False, True])
def test_anti_king(tmp_path: Path, negated: bool) -> None:
    board = B.Board(2, 2, range(1, 3))
    rule = B.anti_king(2, 2)
    check(tmp_path, "board: 2x2\n", ("not " if negated else "") + "anti-king", board,
          [B.NOT(rule) if negated else rule])


@pytest.mark.parametrize("negated", [False, True])
def test_yin_yang_on_three_by_three(tmp_path: Path, negated: bool) -> None:
    # the meaning also rules out 2x2 checkerboards, which the brute force does not: the counts
    # agree only because the rest of the rule already does (a 2x3 board has no room for one
    # with both colours connected around it; 3x3 has)
    board = B.Board(3, 3, range(1, 2), shading=True)
    rule = B.yin_yang(3, 3)
    check(tmp_path, "board: 3x3\ngivens: |\n  1 1 1\n  1 1 1\n  1 1 1\n",
          ("not " if negated else "") + "yin-yang", board, [B.NOT(rule) if negated else rule])


@pytest.mark.parametrize("negated", [False, True])
def test_yin_yang(tmp_path: Path, negated: bool) -> None:
    board = B.Board(2, 3, range(1, 2), shading=True)  # digits fixed: 1x.. alphabet of one
    rule = B.yin_yang(2, 3)
    check(tmp_path, "board: 2x3\ngivens: |\n  1 1 1\n  1 1 1\n",
          ("not " if negated else "") + "yin-yang", board, [B.NOT(rule) if negated else rule])


@pytest.mark.parametrize("keyword", ["if", "unless"])
@pytest.mark.parametrize("negated", [False, True])
def test_uniform_condition(tmp_path: Path, keyword: str, negated: bool) -> None:
    S = [(1, 1), (1, 2)]
    base = B.cage(S, 3)
    base = B.NOT(base) if negated else base
    wrap = B.IF if keyword == "if" else B.UNLESS
    body = "yin-yang\n" + ("not " if negated else "") + f"cage r1c1-r1c2 total 3 {keyword} uniform"
    check(tmp_path, "board: 2x2\n", body, B22S, [B.yin_yang(2, 2), wrap(base, B.uniform(S))])


@pytest.mark.parametrize("keyword", ["if", "unless"])
def test_distinct_condition_on_a_set(tmp_path: Path, keyword: str) -> None:
    S = [(1, 1), (1, 2), (1, 3)]
    wrap = B.IF if keyword == "if" else B.UNLESS
    check(tmp_path, "board: 1x4\n", f"cage r1c1-r1c2-r1c3 total 7 repeats true {keyword} distinct",
          B14, [wrap(B.cage(S, 7, repeats=True), B.distinct_cond(S))])


@pytest.mark.parametrize(("cells", "connected"), [("r1c1-r1c2", True), ("r1c1-r1c3", False)])
def test_connected_condition_is_a_constant_of_the_cells(tmp_path: Path, cells: str,
                                                         connected: bool) -> None:
    S = [(1, 1), (1, 2)] if connected else [(1, 1), (1, 3)]
    check(tmp_path, "board: 1x3\n", f"cage {cells} total 4 if connected", B13,
          [B.IF(B.cage(S, 4), B.connected_cond(S))])


def test_negate_all_negates_each_rule_once(tmp_path: Path) -> None:
    # two rules: the case holds when each is false, not when their conjunction is
    check(tmp_path, "board: 1x4\nnegate: all\n",
          "a: cage r1c1-r1c2 total 5\nb: renban r1c3-r1c4",
          B14, [B.NOT(B.cage([(1, 1), (1, 2)], 5)), B.NOT(B.renban([(1, 3), (1, 4)]))])


def test_explicit_not_cancels_negate_all(tmp_path: Path) -> None:
    check(tmp_path, "board: 1x4\nnegate: all\n",
          "a: not cage r1c1-r1c2 total 5\nb: renban r1c3-r1c4",
          B14, [B.cage([(1, 1), (1, 2)], 5), B.NOT(B.renban([(1, 3), (1, 4)]))])


def test_negate_all_before_the_condition(tmp_path: Path) -> None:
    S = [(1, 1), (1, 2)]
    # negate: all wraps the base rule, then `unless uniform` wraps that: ¬P(S) → ¬R
    check(tmp_path, "board: 2x2\nnegate: all\n",
          "not yin-yang\ncage r1c1-r1c2 total 3 unless uniform", B22S,
          [B.yin_yang(2, 2), B.UNLESS(B.NOT(B.cage(S, 3)), B.uniform(S))])


def test_value_modifier_feeds_cage_sums(tmp_path: Path) -> None:
    S = [(1, 1), (1, 2)]
    check(tmp_path, "board: 1x3\n", "value-modifier r1c1-r1c2\ncage r1c1-r1c2 total 5", B13,
          [B.cage(S, 5)], modifiers=[(S, 1, 2)])


def test_sudoku_4x4_and_its_negation(tmp_path: Path) -> None:
    grid = "  1 2 3 4\n  3 4 1 2\n  2 1 4 3\n  4 3 . .\n"
    board = B.Board(4, 4, range(1, 5), givens={
        (r + 1, c + 1): int(ch) for r, row in enumerate(grid.split("\n")[:4])
        for c, ch in enumerate(row.split()) if ch != "."})
    rule = _sudoku4
    check(tmp_path, f"givens: |\n{grid}", "sudoku 4x4", board, [rule])
    check(tmp_path, f"givens: |\n{grid}", "not sudoku 4x4", board, [B.NOT(rule)])


def _sudoku4(d: B.Digits, v: B.Digits, s: B.Shade) -> bool:
    houses = [[(r, c) for c in range(1, 5)] for r in range(1, 5)]
    houses += [[(r, c) for r in range(1, 5)] for c in range(1, 5)]
    houses += [[(br + i, bc + j) for i in (0, 1) for j in (0, 1)]
               for br in (1, 3) for bc in (1, 3)]
    return all(B.distinct([d[c] for c in h]) for h in houses)


def _thermo(path: list[B.Cell]) -> B.Rule:
    return lambda d, v, s: all(d[a] < d[b] for a, b in zip(path, path[1:], strict=False))


def _distinct_at(path: list[B.Cell]) -> B.Rule:
    """Digits at different positions differ: a cell listed twice makes it false."""
    return lambda d, v, s: all(d[a] != d[b] for i, a in enumerate(path)
                               for b in path[i + 1:])


@pytest.mark.parametrize(
    ("cells", "path"),
    [("r1c1-r1c3-r1c2", [(1, 1), (1, 3), (1, 2)]),
     ("r1c1-r1c2-r1c1", [(1, 1), (1, 2), (1, 1)])],
)
def test_distinct_condition_on_a_path_uses_positions(tmp_path: Path, cells: str,
                                                      path: list[B.Cell]) -> None:
    # `distinct` on an ordered path is distinctAt: a repeated cell makes the condition false,
    # so `unless distinct` then forces the thermometer (impossible with a repeat)
    check(tmp_path, "board: 1x4\n", f"not thermo {cells} unless distinct", B14,
          [B.UNLESS(B.NOT(_thermo(path)), _distinct_at(path))])


def _lunchbox(path: list[B.Cell], total: int) -> B.Rule:
    def rule(d: B.Digits, v: B.Digits, s: B.Shade) -> bool:
        ds = [d[c] for c in path]
        if len(set(ds)) != len(ds):
            return False
        i, j = sorted((ds.index(min(ds)), ds.index(max(ds))))
        return sum(v[c] for c in path[i + 1:j]) == total
    return rule


@pytest.mark.parametrize("negated", [False, True])
@pytest.mark.parametrize("total", [3, 4])
def test_lunchbox_on_a_full_line_reads_modified_values(tmp_path: Path, total: int,
                                                       negated: bool) -> None:
    # a line with as many cells as digits is read by an automaton only where its values are
    # its digits; one of r1c2 and r1c3 counts double here, so the general reading decides
    line = [(1, 1), (1, 2), (1, 3), (1, 4)]
    rule = _lunchbox(line, total)
    text = ("not " if negated else "") + f"lunchbox r1c1-r1c2-r1c3-r1c4 total {total}"
    check(tmp_path, "board: 1x4\n", "value-modifier r1c2-r1c3\n" + text, B14,
          [B.NOT(rule) if negated else rule], modifiers=[(line[1:3], 1, 2)])
