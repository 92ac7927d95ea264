"""Solution counts of the kinds added for imported puzzles, against brute force on tiny boards.

Each kind's reference semantics below is written from its prose, independently of the
Sapphire meaning in its .md file, so a wrong meaning or a wrong negation shows up as a count
mismatch. Boards are small enough to enumerate; the 9×9-only kinds (windoku, disjoint-sets)
run on a solved grid with a few cells left open.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from counting import (
    NOT,
    Cell,
    Grid,
    Rule,
    brute,
    cells_of,
    check,
    counting_circles,
    givens_front,
    lunchbox,
    solve_count,
    solved_except,
    x_sum,
)


def pairs(S: list[Cell]) -> list[tuple[Cell, Cell]]:
    return list(itertools.pairwise(S))


# --- reference semantics, one per kind ------------------------------------------------------

def thermo(S: list[Cell]) -> Rule:
    return lambda g: all(g[a] < g[b] for a, b in pairs(S))


def arrow(S: list[Cell]) -> Rule:
    return lambda g: g[S[0]] == sum(g[c] for c in S[1:])


def little_killer(S: list[Cell], total: int) -> Rule:
    return lambda g: sum(g[c] for c in S) == total


def white_dot(S: list[Cell]) -> Rule:
    return lambda g: all(abs(g[a] - g[b]) == 1 for a, b in pairs(S))


def black_dot(S: list[Cell]) -> Rule:
    return lambda g: all(g[a] == 2 * g[b] or g[b] == 2 * g[a] for a, b in pairs(S))


def xv(S: list[Cell], total: int) -> Rule:
    return lambda g: all(g[a] + g[b] == total for a, b in pairs(S))


def whisper(S: list[Cell], diff: int = 5) -> Rule:
    return lambda g: all(abs(g[a] - g[b]) >= diff for a, b in pairs(S))


def palindrome(S: list[Cell]) -> Rule:
    return lambda g: [g[c] for c in S] == [g[c] for c in reversed(S)]


def between(S: list[Cell]) -> Rule:
    def f(g: Grid) -> bool:
        lo, hi = sorted((g[S[0]], g[S[-1]]))
        return all(lo < g[c] < hi for c in S[1:-1])
    return f


def all_different(S: list[Cell]) -> Rule:
    return lambda g: len({g[c] for c in S}) == len(set(S))


def column_indexer(S: list[Cell]) -> Rule:
    return lambda g: all(g[(r, g[(r, c)])] == c for r, c in S)


def row_indexer(S: list[Cell]) -> Rule:
    return lambda g: all(g[(g[(r, c)], c)] == r for r, c in S)


def skyscraper(S: list[Cell], visible: int) -> Rule:
    return lambda g: sum(all(g[S[j]] < g[S[i]] for j in range(i))
                         for i in range(len(S))) == visible


def pill_arrow(S: list[Cell], pill: int = 2) -> Rule:
    return lambda g: int("".join(str(g[c]) for c in S[:pill])) == sum(g[c] for c in S[pill:])


def zipper(S: list[Cell]) -> Rule:
    def f(g: Grid) -> bool:
        k = len(S)
        sums = [g[S[i]] + g[S[k - 1 - i]] for i in range(k // 2)]
        target = g[S[k // 2]] if k % 2 else sums[0]
        return all(x == target for x in sums)
    return f


def numbered_room(S: list[Cell], digit: int) -> Rule:
    return lambda g: g[S[0]] <= len(S) and g[S[g[S[0]] - 1]] == digit


def greater_than(S: list[Cell]) -> Rule:
    return lambda g: all(g[a] > g[b] for a, b in pairs(S))


def lines(rows: int, cols: int) -> list[list[Cell]]:
    return ([[(r, c) for c in range(1, cols + 1)] for r in range(1, rows + 1)]
            + [[(r, c) for r in range(1, rows + 1)] for c in range(1, cols + 1)])


def latin_square(rows: int, cols: int) -> Rule:
    return lambda g: all(all_different(line)(g) for line in lines(rows, cols))


def apart(steps: list[tuple[int, int]]) -> Rule:
    def f(g: Grid) -> bool:
        for (r, c), d in g.items():
            for dr, dc in steps:
                if g.get((r + dr, c + dc)) == d:
                    return False
        return True
    return f


KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


def anti_consecutive(g: Grid) -> bool:
    return all(abs(g[(r, c)] - g[nb]) != 1 for (r, c) in g
               for nb in ((r + 1, c), (r, c + 1)) if nb in g)


def main_diagonal(n: int) -> Rule:
    return all_different([(i, i) for i in range(1, n + 1)])


def anti_diagonal(n: int) -> Rule:
    return all_different([(i, n + 1 - i) for i in range(1, n + 1)])


# --- cell rules on a 1×4 board --------------------------------------------------------------

B14 = ("board: 1x4\n", 1, 4, range(1, 5))

CELL_CASES: list[tuple[str, Rule]] = [
    ("thermo r1c2-r1c1-r1c4", thermo(cells_of("r1c2-r1c1-r1c4"))),
    ("arrow r1c3-r1c1-r1c2", arrow(cells_of("r1c3-r1c1-r1c2"))),
    ("arrow r1c4-r1c1", arrow(cells_of("r1c4-r1c1"))),
    ("little-killer r1c1-r1c2-r1c3 total 6", little_killer(cells_of("r1c1-r1c2-r1c3"), 6)),
    ("white-dot r1c1-r1c2", white_dot(cells_of("r1c1-r1c2"))),
    ("white-dot r1c1-r1c2-r1c3", white_dot(cells_of("r1c1-r1c2-r1c3"))),
    ("black-dot r1c1-r1c2", black_dot(cells_of("r1c1-r1c2"))),
    ("black-dot r1c3-r1c2-r1c1", black_dot(cells_of("r1c3-r1c2-r1c1"))),
    ("xv r1c1-r1c2 total 5", xv(cells_of("r1c1-r1c2"), 5)),
    ("xv r1c1-r1c2-r1c3 total 5", xv(cells_of("r1c1-r1c2-r1c3"), 5)),
    ("whisper r1c1-r1c2-r1c3 difference 2", whisper(cells_of("r1c1-r1c2-r1c3"), 2)),
    ("whisper r1c1-r1c2", whisper(cells_of("r1c1-r1c2"))),
    ("palindrome r1c1-r1c2-r1c3-r1c4", palindrome(cells_of("r1c1-r1c2-r1c3-r1c4"))),
    ("palindrome r1c4-r1c2-r1c1", palindrome(cells_of("r1c4-r1c2-r1c1"))),
    ("between r1c1-r1c2-r1c3", between(cells_of("r1c1-r1c2-r1c3"))),
    ("between r1c4-r1c1-r1c2-r1c3", between(cells_of("r1c4-r1c1-r1c2-r1c3"))),
    ("all-different r1c1-r1c2-r1c4", all_different(cells_of("r1c1-r1c2-r1c4"))),
]


CELL_CASES += [
    ("counting-circles r1c1-r1c2-r1c3", counting_circles(cells_of("r1c1-r1c2-r1c3"))),
    ("skyscraper r1c1-r1c2-r1c3-r1c4 visible 2",
     skyscraper(cells_of("r1c1-r1c2-r1c3-r1c4"), 2)),
    ("skyscraper r1c4-r1c3-r1c2 visible 1", skyscraper(cells_of("r1c4-r1c3-r1c2"), 1)),
    ("zipper r1c1-r1c2-r1c3", zipper(cells_of("r1c1-r1c2-r1c3"))),
    ("zipper r1c4-r1c1-r1c2-r1c3", zipper(cells_of("r1c4-r1c1-r1c2-r1c3"))),
    ("lunchbox r1c1-r1c2-r1c3-r1c4 total 2", lunchbox(cells_of("r1c1-r1c2-r1c3-r1c4"), 2)),
    ("lunchbox r1c3-r1c1-r1c4 total 0", lunchbox(cells_of("r1c3-r1c1-r1c4"), 0)),
    ("x-sum r1c1-r1c2-r1c3-r1c4 total 6", x_sum(cells_of("r1c1-r1c2-r1c3-r1c4"), 6)),
    ("x-sum r1c4-r1c3-r1c2 total 3", x_sum(cells_of("r1c4-r1c3-r1c2"), 3)),
    ("numbered-room r1c1-r1c2-r1c3-r1c4 digit 2",
     numbered_room(cells_of("r1c1-r1c2-r1c3-r1c4"), 2)),
    ("numbered-room r1c4-r1c3-r1c2 digit 4", numbered_room(cells_of("r1c4-r1c3-r1c2"), 4)),
    ("greater-than r1c1-r1c2", greater_than(cells_of("r1c1-r1c2"))),
    ("greater-than r1c3-r1c2-r1c4", greater_than(cells_of("r1c3-r1c2-r1c4"))),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), CELL_CASES, ids=[c[0] for c in CELL_CASES])
def test_cell_rule_counts(tmp_path: Path, line: str, rule: Rule, negated: bool) -> None:
    front, rows, cols, digits = B14
    want = brute(rows, cols, digits, [NOT(rule) if negated else rule])
    check(tmp_path, front, ("not " if negated else "") + line, want)


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), [
    ("pill-arrow r1c1-r1c2-r1c3-r1c4-r1c5", pill_arrow(cells_of("r1c1-r1c2-r1c3-r1c4-r1c5"))),
    ("pill-arrow r1c2-r1c1-r1c3-r1c4-r1c5 pill 2",
     pill_arrow(cells_of("r1c2-r1c1-r1c3-r1c4-r1c5"))),
    ("pill-arrow r1c1-r1c2-r1c3-r1c4-r1c5 pill 3",
     pill_arrow(cells_of("r1c1-r1c2-r1c3-r1c4-r1c5"), 3)),
])
def test_pill_arrow_counts(tmp_path: Path, line: str, rule: Rule, negated: bool) -> None:
    # a 1×5 board has the digits 1-5, so a two-digit pill (at least 11) can match three cells
    # and a three-digit one (at least 111) cannot. Of the 5⁵ fillings, too many to count
    # exactly, those with a 1 in r1c1 and a 5 in r1c5 are counted: the first pill is 1x then,
    # the second x1
    givens = {(1, 1): 1, (1, 5): 5}
    want = brute(1, 5, range(1, 6), [NOT(rule) if negated else rule], givens)
    check(tmp_path, "board: 1x5\n" + givens_front(1, 5, givens),
          ("not " if negated else "") + line, want)


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), [
    ("column-indexer r1c1-r2c1-r3c2", column_indexer(cells_of("r1c1-r2c1-r3c2"))),
    ("row-indexer r1c1-r1c3", row_indexer(cells_of("r1c1-r1c3"))),
])
def test_indexer_counts(tmp_path: Path, line: str, rule: Rule, negated: bool) -> None:
    # 3⁹ fillings are too many to count exactly: four cells off both lines are given, so the
    # indexing cells stay open and point at given and at open cells
    givens = {(1, 2): 2, (2, 2): 1, (2, 3): 3, (3, 1): 3}
    want = brute(3, 3, range(1, 4), [NOT(rule) if negated else rule], givens)
    check(tmp_path, "board: 3x3\n" + givens_front(3, 3, givens),
          ("not " if negated else "") + line, want)


def test_aliases_and_defaults(tmp_path: Path) -> None:
    a = solve_count(tmp_path, "board: 1x4\n", "little-killer r1c1-r1c2 sum 5")
    b = solve_count(tmp_path, "board: 1x4\n", "little-killer r1c1-r1c2 total 5")
    assert a == b
    c = solve_count(tmp_path, "board: 1x4\n", "whisper r1c1-r1c2 difference 5")
    d = solve_count(tmp_path, "board: 1x4\n", "whisper r1c1-r1c2")
    assert c == d


def test_condition_on_a_path(tmp_path: Path) -> None:
    # `if distinct` on a path reads distinctAt: positions differ. Palindromes of different
    # digits exist only on one cell, so on two cells the rule holds exactly when they repeat.
    rule = palindrome(cells_of("r1c1-r1c2"))
    cond = all_different(cells_of("r1c1-r1c2"))
    want = brute(1, 4, range(1, 5), [lambda g: not cond(g) or rule(g)])
    check(tmp_path, "board: 1x4\n", "palindrome r1c1-r1c2 if distinct", want)


# --- global rules on 3×3 and 4×4 boards -----------------------------------------------------

# 3⁹ fillings of a 3×3 board are too many to count exactly, so four cells are given: 1 3 / 3 2
# in the top left, which leaves the two diagonals different counts; the anti-consecutive case
# gets corners instead, as the 3 and 2 are neighbours
GIVENS_3X3 = {(1, 1): 1, (1, 2): 3, (2, 1): 3, (2, 2): 2}

GLOBAL_CASES: list[tuple[str, Rule, Grid]] = [
    ("latin-square", latin_square(3, 3), GIVENS_3X3),
    ("anti-knight", apart(KNIGHT), GIVENS_3X3),
    ("anti-consecutive", anti_consecutive, {(1, 1): 1, (1, 3): 3, (3, 1): 3, (3, 3): 1}),
    ("main-diagonal", main_diagonal(3), GIVENS_3X3),
    ("anti-diagonal", anti_diagonal(3), GIVENS_3X3),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule", "givens"), GLOBAL_CASES,
                         ids=[c[0] for c in GLOBAL_CASES])
def test_global_rule_counts(tmp_path: Path, line: str, rule: Rule, givens: Grid,
                            negated: bool) -> None:
    # a 3×3 board without a sudoku line has the digits 1–3
    want = brute(3, 3, range(1, 4), [NOT(rule) if negated else rule], givens)
    check(tmp_path, "board: 3x3\n" + givens_front(3, 3, givens),
          ("not " if negated else "") + line, want)


def test_x_sudoku_on_4x4(tmp_path: Path) -> None:
    rules = [latin_square(4, 4), main_diagonal(4), anti_diagonal(4)]
    boxes = [[(r, c) for r in (br, br + 1) for c in (bc, bc + 1)]
             for br in (1, 3) for bc in (1, 3)]
    rules += [all_different(b) for b in boxes]
    rows = ["12..", "3.1.", ".3.1", "..4."]  # from 1234/3412/4321/2143, seven cells open
    givens = {(r + 1, c + 1): int(ch) for r, row in enumerate(rows) for c, ch in enumerate(row)
              if ch != "."}
    want = brute(4, 4, range(1, 5), rules, givens)
    grid = "".join("  " + " ".join(row) + "\n" for row in rows)
    check(tmp_path, f"givens: |\n{grid}", "sudoku 4x4\nmain-diagonal\nanti-diagonal", want)
    check(tmp_path, f"givens: |\n{grid}", "sudoku 4x4", brute(4, 4, range(1, 5), [
        latin_square(4, 4), *[all_different(b) for b in boxes]], givens))


# --- 9×9-only rules, on a solved grid with a few cells open ---------------------------------

def windoku(g: Grid) -> bool:
    return all(all_different([(4 * p + i, 4 * q + j) for i in (2, 3, 4) for j in (2, 3, 4)])(g)
               for p in (0, 1) for q in (0, 1))


def disjoint(g: Grid) -> bool:
    return all(all_different([(3 * p + i, 3 * q + j) for p in range(3) for q in range(3)])(g)
               for i in (1, 2, 3) for j in (1, 2, 3))


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), [("windoku", windoku), ("disjoint-sets", disjoint)])
def test_nine_by_nine_rule_counts(tmp_path: Path, line: str, rule: Rule, negated: bool) -> None:
    # three open cells, 9³ fillings: r2c2 and r3c4 share a window, r5c5 is in none; r2c2 and
    # r5c5 are like cells of their boxes, r3c4 is alone in its disjoint set
    givens = solved_except({(2, 2), (3, 4), (5, 5)})
    want = brute(9, 9, range(1, 10), [NOT(rule) if negated else rule], givens)
    check(tmp_path, "board: 9x9\n" + givens_front(9, 9, givens), ("not " if negated else "") + line,
          want)


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "weights", "total"), [
    ("sum r1c1-r1c2-r1c2 total 7", {(1, 1): 1, (1, 2): 2}, 7),
    ("sum r1c3-r1c1-r1c4 total 6", {(1, 3): 1, (1, 1): 1, (1, 4): 1}, 6),
])
def test_sum_counts_a_cell_as_often_as_it_is_listed(
        tmp_path: Path, line: str, weights: dict[Cell, int], total: int, negated: bool) -> None:
    def rule(g: Grid) -> bool:
        return sum(w * g[c] for c, w in weights.items()) == total
    want = brute(1, 4, range(1, 5), [NOT(rule) if negated else rule])
    check(tmp_path, "board: 1x4\n", ("not " if negated else "") + line, want, cap=256)
