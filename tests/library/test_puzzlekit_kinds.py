"""Solution counts of the kinds added for puzzlekit genres, against brute force on tiny boards.

As in test_new_kinds.py, each kind's reference semantics is written here from its prose,
independently of the Sapphire meaning in its .md file, and the solver's count (of digits, or of
shadings for the kinds that declare one) must equal brute force, for the rule and its negation.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from counting import (
    NOT,
    Cell,
    Grid,
    Rule,
    brute,
    case_error,
    cells_of,
    check,
    givens_front,
    one_group,
    solve_count,
)

from sapphire.genres.nonogram import runs_pattern as nonogram_pattern

# --- reference semantics ---------------------------------------------------------------------


def skyscraper(S: list[Cell], visible: int) -> Rule:
    # a 0 is an empty plot: not seen, and it hides nothing
    return lambda g: sum(g[S[i]] > 0 and all(g[S[j]] < g[S[i]] for j in range(i))
                         for i in range(len(S))) == visible


def even(S: list[Cell]) -> Rule:
    return lambda g: all(g[c] % 2 == 0 for c in S)


def odd(S: list[Cell]) -> Rule:
    return lambda g: all(g[c] % 2 == 1 for c in S)


def thermometer(S: list[Cell]) -> Rule:
    # the shaded cells are a prefix of the path: once a cell is empty, so is every later one
    def f(g: Grid) -> bool:
        shades = [g[c] for c in S]
        return shades == sorted(shades, reverse=True)
    return f


def shade_count(S: list[Cell], count: int) -> Rule:
    return lambda g: sum(g[c] for c in set(S)) == count


def shade_at_most(S: list[Cell], count: int) -> Rule:
    return lambda g: sum(g[c] for c in set(S)) <= count


def shade_at_least(S: list[Cell], count: int) -> Rule:
    return lambda g: sum(g[c] for c in set(S)) >= count


def runs_with_before(S: list[Cell], g: Grid) -> list[tuple[int, int]]:
    """(shaded cells before the run, its length) for every maximal run along S."""
    out, before, n = [], 0, 0
    for v in [*(g[c] for c in S), 0]:
        if v:
            n += 1
        elif n:
            out.append((before, n))
            before, n = before + n, 0
    return out


def shade_run(S: list[Cell], length: int, before: int = 0) -> Rule:
    return lambda g: (before, length) in runs_with_before(S, g)


# --- digit kinds on a 1×4 board (digits 1-4) -------------------------------------------------

DIGIT_CASES: list[tuple[str, Rule]] = [
    ("even r1c1-r1c3", even(cells_of("r1c1-r1c3"))),
    ("even r1c2", even(cells_of("r1c2"))),
    ("odd r1c4-r1c2-r1c1", odd(cells_of("r1c4-r1c2-r1c1"))),
    ("odd r1c3", odd(cells_of("r1c3"))),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), DIGIT_CASES, ids=[c[0] for c in DIGIT_CASES])
def test_digit_kind_counts(tmp_path: Path, line: str, rule: Rule, negated: bool) -> None:
    want = brute(1, 4, range(1, 5), [NOT(rule) if negated else rule])
    check(tmp_path, "board: 1x4\n", ("not " if negated else "") + line, want)


def black(S: list[Cell]) -> Rule:
    return lambda g: all(g[c] == 0 for c in S)


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize("cells", ["r1c1", "r1c2-r1c4"])
def test_black_cell_counts(tmp_path: Path, cells: str, negated: bool) -> None:
    # a Kakuro's walls hold 0; on digits 0-3 the other cells are free
    rule = black(cells_of(cells))
    want = brute(1, 4, range(0, 4), [NOT(rule) if negated else rule])
    check(tmp_path, "board: 1x4\ndigits: 0-3\n",
          ("not " if negated else "") + f"black-cell {cells}", want)


SKYSCRAPER_CASES: list[tuple[str, Rule]] = [
    ("skyscraper r1c1-r1c2-r1c3-r1c4 visible 2", skyscraper(cells_of("r1c1-r1c2-r1c3-r1c4"), 2)),
    ("skyscraper r1c4-r1c3-r1c2 visible 1", skyscraper(cells_of("r1c4-r1c3-r1c2"), 1)),
    ("skyscraper r1c2-r1c1-r1c3 visible 3", skyscraper(cells_of("r1c2-r1c1-r1c3"), 3)),
    ("skyscraper r1c1-r1c2 visible 0", skyscraper(cells_of("r1c1-r1c2"), 0)),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), SKYSCRAPER_CASES, ids=[c[0] for c in SKYSCRAPER_CASES])
def test_skyscraper_with_empty_plots(tmp_path: Path, line: str, rule: Rule,
                                     negated: bool) -> None:
    # digits 0-3 on a 1×4 board: 0 is a plot without a skyscraper
    want = brute(1, 4, range(0, 4), [NOT(rule) if negated else rule])
    check(tmp_path, "board: 1x4\ndigits: 0-3\n", ("not " if negated else "") + line, want)


def test_even_and_odd_on_large_digits(tmp_path: Path) -> None:
    # a 1×16 board has the digits 1-16: 16 is even, 15 odd; the two cells are fixed by the rest
    givens = " ".join(str(d) if d < 10 else "ABCDEFG"[d - 10] for d in range(1, 15))
    front = f"board: 1x16\ngivens: |\n  {givens} . .\n"
    status, count = solve_count(tmp_path, front, "latin-square\neven r1c16\nodd r1c15")
    assert (status, count) == ("unique", 1)
    status, count = solve_count(tmp_path, front, "latin-square\nodd r1c16-r1c15")
    assert (status, count) == ("none", 0)


# --- shading kinds on a 2×3 board (every shading of the six cells) ---------------------------

SHADE_CASES: list[tuple[str, list[Rule]]] = [
    ("thermometer r1c1-r1c2-r1c3", [thermometer(cells_of("r1c1-r1c2-r1c3"))]),
    ("thermometer r2c3-r1c3-r1c2-r2c2", [thermometer(cells_of("r2c3-r1c3-r1c2-r2c2"))]),
    ("thermometer r1c1", [thermometer(cells_of("r1c1"))]),
    ("shade-count r1c1-r1c2-r1c3 count 2", [shade_count(cells_of("r1c1-r1c2-r1c3"), 2)]),
    ("shade-count r1c1-r2c1-r2c2-r2c3 count 0",
     [shade_count(cells_of("r1c1-r2c1-r2c2-r2c3"), 0)]),
    ("shade-count r2c2 count 1", [shade_count(cells_of("r2c2"), 1)]),
    ("shade-at-most r1c1-r1c2-r2c2 count 1", [shade_at_most(cells_of("r1c1-r1c2-r2c2"), 1)]),
    ("shade-at-most r2c3-r1c3 count 0", [shade_at_most(cells_of("r2c3-r1c3"), 0)]),
    ("shade-at-least r1c1-r1c2-r2c2 count 1",
     [shade_at_least(cells_of("r1c1-r1c2-r2c2"), 1)]),
    ("shade-at-least r1c1-r1c3-r2c1-r2c3 count 3",
     [shade_at_least(cells_of("r1c1-r1c3-r2c1-r2c3"), 3)]),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rules"), SHADE_CASES, ids=[c[0] for c in SHADE_CASES])
def test_shading_kind_counts(tmp_path: Path, line: str, rules: list[Rule],
                             negated: bool) -> None:
    rule = rules[0]
    want = brute(2, 3, range(2), [NOT(rule) if negated else rule])
    check(tmp_path, "board: 2x3\n", ("not " if negated else "") + line, want)


# --- runs along a line of a 1×6 board -------------------------------------------------------

RUN_CASES: list[tuple[str, Rule]] = [
    ("shade-run r1c1-r1c2-r1c3-r1c4-r1c5-r1c6 length 2",
     shade_run(cells_of("r1c1-r1c2-r1c3-r1c4-r1c5-r1c6"), 2)),
    ("shade-run r1c1-r1c2-r1c3-r1c4-r1c5-r1c6 length 1 before 2",
     shade_run(cells_of("r1c1-r1c2-r1c3-r1c4-r1c5-r1c6"), 1, 2)),
    ("shade-run r1c6-r1c5-r1c4-r1c3-r1c2-r1c1 length 3 before 1",
     shade_run(cells_of("r1c6-r1c5-r1c4-r1c3-r1c2-r1c1"), 3, 1)),
    ("shade-run r1c2-r1c3-r1c4 length 3", shade_run(cells_of("r1c2-r1c3-r1c4"), 3)),
    ("shade-run r1c4-r1c1-r1c2 length 1 before 1", shade_run(cells_of("r1c4-r1c1-r1c2"), 1, 1)),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), RUN_CASES, ids=[c[0] for c in RUN_CASES])
def test_shade_run_counts(tmp_path: Path, line: str, rule: Rule, negated: bool) -> None:
    want = brute(1, 6, range(2), [NOT(rule) if negated else rule])
    check(tmp_path, "board: 1x6\n", ("not " if negated else "") + line, want)


def shade_pattern(S: list[Cell], pattern: str) -> Rule:
    """The shading along S, as 0s and 1s, matches `pattern` (Python's own regular expressions)."""
    return lambda g: re.fullmatch(pattern, "".join(str(g[c]) for c in S)) is not None


PATTERN_CASES: list[tuple[str, Rule]] = [
    ('shade-pattern r1c1-r1c2-r1c3-r1c4-r1c5-r1c6 pattern "0*1{2}0+1{1}0*"',
     shade_pattern(cells_of("r1c1-r1c2-r1c3-r1c4-r1c5-r1c6"), "0*1{2}0+1{1}0*")),
    ('shade-pattern r1c6-r1c5-r1c4-r1c3-r1c2-r1c1 pattern "0*1{3}0*"',
     shade_pattern(cells_of("r1c6-r1c5-r1c4-r1c3-r1c2-r1c1"), "0*1{3}0*")),
    ('shade-pattern r1c2-r1c4-r1c6 pattern "0*"', shade_pattern(cells_of("r1c2-r1c4-r1c6"), "0*")),
    ('shade-pattern r1c1-r1c2-r1c3-r1c4 pattern "(10|01)+"',
     shade_pattern(cells_of("r1c1-r1c2-r1c3-r1c4"), "(10|01)+")),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), PATTERN_CASES, ids=[c[0] for c in PATTERN_CASES])
def test_shade_pattern_counts(tmp_path: Path, line: str, rule: Rule, negated: bool) -> None:
    want = brute(1, 6, range(2), [NOT(rule) if negated else rule])
    check(tmp_path, "board: 1x6\n", ("not " if negated else "") + line, want)


def test_a_nonogram_clue_as_a_pattern_is_its_runs(tmp_path: Path) -> None:
    # the importer's pattern for the clue `2 1` allows exactly the shadings with those runs
    line = cells_of("r1c1-r1c2-r1c3-r1c4-r1c5-r1c6")
    want = brute(1, 6, range(2), [lambda g: [n for _, n in runs_with_before(line, g)] == [2, 1]])
    assert want == 6
    pattern = nonogram_pattern([2, 1])
    check(tmp_path, "board: 1x6\n",
          f'shade-pattern r1c1-r1c2-r1c3-r1c4-r1c5-r1c6 pattern "{pattern}"', want)
    blank = brute(1, 6, range(2), [lambda g: not any(g[c] for c in line)])
    check(tmp_path, "board: 1x6\n",
          f'shade-pattern r1c1-r1c2-r1c3-r1c4-r1c5-r1c6 pattern "{nonogram_pattern([])}"', blank)


def test_a_nonogram_line_is_its_runs_and_their_total(tmp_path: Path) -> None:
    # the clue `2 1` on six cells: the runs 2 and 1 (after 2), and three shaded cells in all
    line = cells_of("r1c1-r1c2-r1c3-r1c4-r1c5-r1c6")
    want = brute(1, 6, range(2), [lambda g: [n for _, n in runs_with_before(line, g)] == [2, 1]])
    assert want == 6
    path = "r1c1-r1c2-r1c3-r1c4-r1c5-r1c6"
    check(tmp_path, "board: 1x6\n", f"shade-count {path} count 3\nrun-1: shade-run {path} "
          f"length 2\nrun-2: shade-run {path} length 1 before 2", want)


def test_thermometers_and_counts_together(tmp_path: Path) -> None:
    # a small Thermometer puzzle: two thermometers and the counts of both rows
    rules = [thermometer(cells_of("r1c1-r1c2-r1c3")), thermometer(cells_of("r2c3-r2c2-r2c1")),
             shade_count(cells_of("r1c1-r1c2-r1c3"), 2),
             shade_count(cells_of("r2c1-r2c2-r2c3"), 1)]
    want = brute(2, 3, range(2), rules)
    assert want == 1
    body = ("thermometer-1: thermometer r1c1-r1c2-r1c3\n"
            "thermometer-2: thermometer r2c3-r2c2-r2c1\n"
            "row-1: shade-count r1c1-r1c2-r1c3 count 2\n"
            "row-2: shade-count r2c1-r2c2-r2c3 count 1")
    check(tmp_path, "board: 2x3\n", body, want)
    # a shading given in the front matter fixes cells too
    given = brute(2, 3, range(2), [thermometer(cells_of("r2c1-r2c2")),
                                   shade_count(cells_of("r2c1-r2c2-r2c3"), 1)], {(2, 1): 0})
    assert given == 8  # r2c3 is the shaded one; row 1 is free
    check(tmp_path, "board: 2x3\nshading: |\n  . . .\n  0 . .\n",
          "thermometer r2c1-r2c2\nshade-count r2c1-r2c2-r2c3 count 1", given)


# --- the loop through cell centres: every border of a set of inner squares -------------------
#
# The case's loop channel draws the edges where the squares between cell centres differ, so the
# edge sets it can answer are the borders of sets of the (rows-1)×(cols-1) inner squares. Brute
# force enumerates those sets and judges the edges by the rules' prose.

Edge = frozenset[Cell]


def edge_sets(rows: int, cols: int) -> list[set[Edge]]:
    squares = [(a, b) for a in range(1, rows) for b in range(1, cols)]
    out = []
    for bits in itertools.product((0, 1), repeat=len(squares)):
        inside = {sq for sq, v in zip(squares, bits, strict=True) if v}
        edges: set[Edge] = set()
        for r in range(1, rows + 1):
            for c in range(1, cols + 1):
                # cell r,c to r,c+1 lies between squares (r-1,c) and (r,c); to r+1,c between
                # squares (r,c-1) and (r,c)
                if c < cols and ((r - 1, c) in inside) != ((r, c) in inside):
                    edges.add(frozenset({(r, c), (r, c + 1)}))
                if r < rows and ((r, c - 1) in inside) != ((r, c) in inside):
                    edges.add(frozenset({(r, c), (r + 1, c)}))
        out.append(edges)
    return out


def is_one_loop(edges: set[Edge]) -> bool:
    if not edges:
        return False
    degree: dict[Cell, int] = {}
    for e in edges:
        for x in e:
            degree[x] = degree.get(x, 0) + 1
    if any(d != 2 for d in degree.values()):
        return False
    start = next(iter(degree))
    seen, todo = {start}, [start]
    while todo:
        x = todo.pop()
        for e in edges:
            if x in e:
                (y,) = e - {x}
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
    return len(seen) == len(degree)


def joined(edges: set[Edge], a: Cell, b: Cell) -> bool:
    return frozenset({a, b}) in edges


def white_circle(S: list[Cell]) -> Callable[[set[Edge]], bool]:
    def one(edges: set[Edge], r: int, c: int) -> bool:
        for dr, dc in ((0, 1), (1, 0)):
            before, after = (r - dr, c - dc), (r + dr, c + dc)
            side = [(r - dc, c - dr), (r + dc, c + dr)]
            straight = (joined(edges, before, (r, c)) and joined(edges, (r, c), after)
                        and not any(joined(edges, (r, c), s) for s in side))
            turns = (not joined(edges, (r - 2 * dr, c - 2 * dc), before)
                     or not joined(edges, after, (r + 2 * dr, c + 2 * dc)))
            if straight and turns:
                return True
        return False
    return lambda edges: all(one(edges, r, c) for r, c in S)


def black_circle(S: list[Cell]) -> Callable[[set[Edge]], bool]:
    def one(edges: set[Edge], r: int, c: int) -> bool:
        for axis in (((0, -1), (0, 1)), ((-1, 0), (1, 0))):
            if sum(joined(edges, (r, c), (r + dr, c + dc)) for dr, dc in axis) != 1:
                return False
        return all(joined(edges, (r + dr, c + dc), (r + 2 * dr, c + 2 * dc))
                   for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0))
                   if joined(edges, (r, c), (r + dr, c + dc)))
    return lambda edges: all(one(edges, r, c) for r, c in S)


def loop_count(rows: int, cols: int, rules: list[Callable[[set[Edge]], bool]]) -> int:
    return sum(all(rule(e) for rule in rules) for e in edge_sets(rows, cols))


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize("board", ["2x2", "3x3", "3x4", "4x4"])
def test_loop_counts(tmp_path: Path, board: str, negated: bool) -> None:
    # 4×4 is the smallest board where the squares inside can ring one outside: two loops, one
    # in the other, which only the outside's connection rules out. Its counts (213 and 299) are
    # the slowest of these tests, some seconds each, and are compared exactly all the same
    rows, cols = map(int, board.split("x"))
    rule = (lambda e: not is_one_loop(e)) if negated else is_one_loop
    want = loop_count(rows, cols, [rule])
    check(tmp_path, f"board: {board}\n", "not loop" if negated else "loop", want)


def test_loop_counts_known_values() -> None:
    # the simple cycles of the 3×3 and 4×4 grid graphs
    assert loop_count(3, 3, [is_one_loop]) == 13
    assert loop_count(4, 4, [is_one_loop]) == 213


# on a 3×4 board: a black circle there is on row 1 or 3, as it needs two cells up or down
CIRCLE_CASES: list[tuple[str, Callable[[set[Edge]], bool]]] = [
    ("white-circle r2c2", white_circle([(2, 2)])),
    ("white-circle r1c2", white_circle([(1, 2)])),
    ("white-circle r2c3-r3c2", white_circle([(2, 3), (3, 2)])),
    ("black-circle r1c2", black_circle([(1, 2)])),
    ("black-circle r1c1", black_circle([(1, 1)])),
    ("black-circle r1c3-r1c1", black_circle([(1, 3), (1, 1)])),
]


@pytest.mark.parametrize("with_loop", [True, False], ids=["loop", "not-loop"])
@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), CIRCLE_CASES, ids=[c[0] for c in CIRCLE_CASES])
def test_circle_counts(tmp_path: Path, line: str, rule: Callable[[set[Edge]], bool],
                       negated: bool, with_loop: bool) -> None:
    # with the loop rule or with its negation (any other border of squares). The 3×4 board has
    # 2⁶ borders, 40 of them loops; on 4×4 (2⁹, 213 loops) the counts run to hundreds, and the
    # solver spends tens of ms on each loop answer
    loop_rule = is_one_loop if with_loop else (lambda e: not is_one_loop(e))
    circle = (lambda e: not rule(e)) if negated else rule
    want = loop_count(3, 4, [loop_rule, circle])
    body = ("loop\n" if with_loop else "not loop\n") + ("not " if negated else "") + line
    check(tmp_path, "board: 3x4\n", body, want)


def test_a_circle_needs_the_loop(tmp_path: Path) -> None:
    assert case_error(tmp_path, "board: 3x3\n", "white-circle r2c2").kinds == ["no-loop"]


# --- Nurikabe: a shading and a region map naming the islands ---------------------------------

Pair = tuple[Grid, Grid]


def pairs_of(rows: int, cols: int, shading: Grid | None = None) -> list[Pair]:
    """Every shading of the board with every region map (numbers 1..rows·cols), the cells of
    `shading` shaded as it gives them."""
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    given = shading or {}
    out = []
    for shades in itertools.product((0, 1), repeat=len(cells)):
        shade = dict(zip(cells, shades, strict=True))
        if any(shade[x] != v for x, v in given.items()):
            continue
        for labels in itertools.product(range(1, len(cells) + 1), repeat=len(cells)):
            out.append((shade, dict(zip(cells, labels, strict=True))))
    return out


# A four-cell board has 2⁴ shadings and 4⁴ region maps, and `not nurikabe` holds for nearly all
# of the 4096 pairs: too many to count exactly. So where `not nurikabe` is in play the shading is
# given (the region map cannot be), which leaves 4⁴ pairs. In both, the wall is one cell beside
# an island of three.
SHADINGS: dict[str, Grid] = {
    "2x2": {(1, 1): 0, (1, 2): 0, (2, 1): 1, (2, 2): 0},
    "1x4": {(1, 1): 1, (1, 2): 0, (1, 3): 0, (1, 4): 0},
}


def shading_front(board: str, shading: Grid) -> str:
    rows, cols = map(int, board.split("x"))
    return f"board: {board}\n" + givens_front(rows, cols, shading, "shading")




def nurikabe(rows: int, cols: int) -> Callable[[Pair], bool]:
    def f(p: Pair) -> bool:
        shade, region = p
        if not one_group({x for x, v in shade.items() if v}):
            return False
        for r in range(1, rows):
            for c in range(1, cols):
                if all(shade[x] for x in ((r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1))):
                    return False
        for (r, c), v in shade.items():
            if v and region[(r, c)] != (r - 1) * cols + c:
                return False
            for nb in ((r + 1, c), (r, c + 1)):
                if nb in shade and not v and not shade[nb] and region[nb] != region[(r, c)]:
                    return False
        return True
    return f


def island(cols: int, r: int, c: int, size: int) -> Callable[[Pair], bool]:
    g = (r - 1) * cols + c

    def f(p: Pair) -> bool:
        shade, region = p
        mine = {x for x, v in region.items() if v == g}
        return (shade[(r, c)] == 0 and region[(r, c)] == g and len(mine) == size
                and all(shade[x] == 0 for x in mine) and one_group(mine))
    return f


@pytest.mark.parametrize(("board", "shading"), [
    ("2x2", SHADINGS["2x2"]), ("1x4", SHADINGS["1x4"]),
    ("2x2", {(1, 1): 1, (1, 2): 1, (2, 1): 1, (2, 2): 1}),  # a 2×2 block of wall
    ("1x4", {(1, 1): 0, (1, 2): 1, (1, 3): 0, (1, 4): 1}),  # a wall in two pieces
], ids=["2x2", "1x4", "2x2-block", "1x4-broken"])
@pytest.mark.parametrize(("lines", "rules"), [
    ("nurikabe", lambda n: [n]),
    ("not nurikabe", lambda n: [lambda p: not n(p)]),
], ids=["plain", "not"])
def test_nurikabe_counts(tmp_path: Path, board: str, shading: Grid, lines: str,
                         rules: Callable[[Callable[[Pair], bool]], list]) -> None:
    # on a given shading (see SHADINGS); nurikabe's own count over every shading is the sum of
    # the plain and `not` island counts with nurikabe below
    rows, cols = map(int, board.split("x"))
    want = sum(all(rule(p) for rule in rules(nurikabe(rows, cols)))
               for p in pairs_of(rows, cols, shading))
    check(tmp_path, shading_front(board, shading), lines, want)


@pytest.mark.parametrize(("board", "line", "cell", "size"), [
    ("2x2", "island r1c1 size 2", (1, 1), 2),
    ("2x2", "island r2c2 size 1", (2, 2), 1),
    ("1x4", "island r1c2 size 3", (1, 2), 3),
    ("1x4", "island r1c4 size 2", (1, 4), 2),
])
@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize("with_nurikabe", [True, False], ids=["nurikabe", "not-nurikabe"])
def test_island_counts(tmp_path: Path, board: str, line: str, cell: Cell, size: int,
                       negated: bool, with_nurikabe: bool) -> None:
    # without nurikabe, on a given shading (see SHADINGS)
    rows, cols = map(int, board.split("x"))
    n, i = nurikabe(rows, cols), island(cols, *cell, size)
    shading = {} if with_nurikabe else SHADINGS[board]
    want = sum((n(p) if with_nurikabe else not n(p)) and (i(p) != negated)
               for p in pairs_of(rows, cols, shading))
    body = ("nurikabe\n" if with_nurikabe else "not nurikabe\n") + ("not " if negated else "") \
        + line
    check(tmp_path, shading_front(board, shading), body, want)


def numbered_islands(cols: int, S: list[Cell]) -> Callable[[Pair], bool]:
    labels = {(r - 1) * cols + c for r, c in S}
    return lambda p: all(p[1][x] in labels for x, v in p[0].items() if v == 0)


@pytest.mark.parametrize(("board", "cells"), [("2x2", "r1c1-r2c2"), ("1x4", "r1c3")])
@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize("with_nurikabe", [True, False], ids=["nurikabe", "not-nurikabe"])
def test_numbered_islands_counts(tmp_path: Path, board: str, cells: str, negated: bool,
                                 with_nurikabe: bool) -> None:
    # without nurikabe, on a given shading (see SHADINGS)
    rows, cols = map(int, board.split("x"))
    n, k = nurikabe(rows, cols), numbered_islands(cols, cells_of(cells))
    shading = {} if with_nurikabe else SHADINGS[board]
    want = sum((n(p) if with_nurikabe else not n(p)) and (k(p) != negated)
               for p in pairs_of(rows, cols, shading))
    body = ("nurikabe\n" if with_nurikabe else "not nurikabe\n") \
        + ("not " if negated else "") + f"numbered-islands {cells}"
    check(tmp_path, shading_front(board, shading), body, want)


def test_a_small_nurikabe_is_unique(tmp_path: Path) -> None:
    # 2 . .    the island of r1c1 is r1c1-r2c1 or r1c1-r1c2, that of r2c3 is r2c3 alone; the
    # . . 1    wall must be connected and the numbered cells name every island
    body = ("nurikabe\nisland-1: island r1c1 size 2\nisland-2: island r2c3 size 1\n"
            "numbered-islands r1c1-r2c3")
    status, count = solve_count(tmp_path, "board: 2x3\n", body)
    # r1c1-r1c2 leaves the wall r1c3, r2c1, r2c2 broken; r1c1-r2c1 leaves r1c2, r1c3, r2c2
    assert (status, count) == ("unique", 1)


def test_nurikabe_region_numbers_keep_only_their_own_place_or_a_near_island(
        tmp_path: Path) -> None:
    # nurikabe numbers a shaded cell by its own place and numbered-islands an unshaded one by
    # a listed cell's; island drops the islands too far away. So the grounder leaves r1c4 of
    # this 1×4 board its own place 4 and island 3 (r1c3, size 2), not island 1 (r1c1, size 1)
    from sapphire.ground.grounder import ground
    from sapphire.meaning.instantiate import instantiate_checked, load_case

    path = tmp_path / "n.case"
    path.write_text("---\nlibrary: std\nboard: 1x4\n---\nnurikabe\n"
                    "island-1: island r1c1 size 1\nisland-2: island r1c3 size 2\n"
                    "numbered-islands r1c1-r1c3\n", encoding="utf-8")
    case, lib = load_case(str(path))
    inst = instantiate_checked(case, lib)
    gm = ground(inst.program, inst.instance)
    domains = {v.index: v.domain.values() for v in gm.variables if v.name == "region"}
    assert domains[(1, 4)] == [3, 4]
    assert domains[(1, 2)] == [2, 3]
