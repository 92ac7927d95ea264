"""Solution counts of the kinds added for ISS puzzles, against brute force on tiny boards.

Each reference semantics below is written from the kind's prose, independently of the Sapphire
meaning in its .md file, so a wrong meaning or a wrong negation shows up as a count mismatch.
A case's answer is its digits, plus the region map where `chaos-construction` declares one, so
for those kinds brute force counts (digits, region map) pairs.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from counting import (
    CAP,
    NOT,
    Cell,
    Grid,
    Rule,
    brute,
    case_error,
    cells_of,
    check,
    givens_front,
    solve_count,
    solved_except,
)
from counting import one_group as connected

RegionRule = Callable[[Grid, Grid], bool]
"""A rule reading the digits and the region map."""


def board(rows: int, cols: int) -> list[Cell]:
    return [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]


def grids(cells: list[Cell], values: range | list[int]) -> Iterator[Grid]:
    for vs in itertools.product(values, repeat=len(cells)):
        yield dict(zip(cells, vs, strict=True))


def different(vals: list[int]) -> bool:
    return len(set(vals)) == len(vals)


def latin(rows: int, cols: int) -> Rule:
    return lambda g: all(different([g[(r, c)] for c in range(1, cols + 1)])
                         for r in range(1, rows + 1)) and all(
        different([g[(r, c)] for r in range(1, rows + 1)]) for c in range(1, cols + 1))




# --- digits other than 1..N, and boxes of any size ------------------------------------------

def boxes(rows: int, cols: int, bh: int, bw: int) -> Rule:
    return lambda g: all(
        different([g[(p + i, q + j)] for i in range(bh) for j in range(bw)])
        for p in range(1, rows + 1, bh) for q in range(1, cols + 1, bw))


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("rows", "cols", "box", "digits", "givens"), [
    # 4⁸ fillings of a 2×4 board are too many to count exactly: four givens leave 4⁴. Here
    # the first box lacks a 4 only, and the 1 recurs in the second box
    (2, 4, (2, 2), range(1, 5), {(1, 1): 1, (1, 2): 2, (2, 1): 3, (2, 3): 1}),
    # one cell of each 1×2 box given; the two 1s share a row but not a box
    (2, 4, (1, 2), range(1, 5), {(1, 1): 1, (1, 3): 1, (2, 2): 2, (2, 4): 4}),
    (2, 3, (2, 1), range(0, 3), {}),
])
def test_boxes_counts(tmp_path: Path, rows: int, cols: int, box: tuple[int, int],
                      digits: range, givens: Grid, negated: bool) -> None:
    rule = boxes(rows, cols, *box)
    want = brute(rows, cols, digits, [NOT(rule) if negated else rule], givens)
    front = (f"board: {rows}x{cols}\ndigits: {digits.start}-{digits.stop - 1}\n"
             + givens_front(rows, cols, givens))
    check(tmp_path, front, ("not " if negated else "") + f"boxes {box[0]}x{box[1]}", want)


def test_digits_from_zero_with_a_given_zero(tmp_path: Path) -> None:
    rule = latin(3, 3)
    want = sum(rule(g) for g in grids(board(3, 3), range(0, 3)) if g[(1, 1)] == 0)
    givens = "givens: |\n  0 . .\n  . . .\n  . . .\n"
    check(tmp_path, f"board: 3x3\ndigits: 0-2\n{givens}", "latin-square", want)
    # the digits key replaces the 1..N of `sudoku 4x4` too: 4 digits 2-5
    status, count = solve_count(tmp_path, "digits: 2-5\ngivens: |\n  2 3 4 5\n  4 5 2 3\n"
                                "  3 2 5 4\n  5 4 3 .\n", "sudoku 4x4")
    assert (status, count) == ("unique", 1)


def test_a_zero_needs_digits_from_zero(tmp_path: Path) -> None:
    front = "board: 3x3\ngivens: |\n  0 . .\n  . . .\n  . . .\n"
    d = case_error(tmp_path, front, "latin-square").diagnostics[0]
    assert d.kind == "givens-alphabet" and "digits: 0-N" in (d.hint or "")
    assert (d.span.line, d.span.col) == (5, 3)


@pytest.mark.parametrize(("value", "message"), [
    ("0-x", "not LOW-HIGH"), ("5-2", "not LOW-HIGH"), ("1-10001", "not LOW-HIGH"),
    ("9", "LOW-HIGH"),
])
def test_bad_digits_are_positioned_errors(tmp_path: Path, value: str, message: str) -> None:
    d = case_error(tmp_path, f"board: 3x3\ndigits: {value}\n", "latin-square").diagnostics[0]
    assert d.kind == "bad-digits" and message in d.message
    assert (d.span.line, d.span.col) == (4, 9)


def test_boxes_that_do_not_tile_the_board(tmp_path: Path) -> None:
    d = case_error(tmp_path, "board: 4x6\n", "latin-square\nboxes 3x3").diagnostics[0]
    assert d.kind == "bad-positional" and "do not tile" in d.message and d.span.line == 6


# --- chaos construction: unknown regions ----------------------------------------------------

def partitions(rows: int, cols: int, size: int) -> list[Grid]:
    """Every division of the board into connected regions of `size` cells, numbered 1, 2, …
    in the reading order of their first cells."""
    cells = board(rows, cols)
    count = len(cells) // size
    out = []
    for labels in itertools.product(range(1, count + 1), repeat=len(cells)):
        m = dict(zip(cells, labels, strict=True))
        firsts = [next(i for i, c in enumerate(cells) if m[c] == g) if g in labels else None
                  for g in range(1, count + 1)]
        if None in firsts or firsts != sorted(firsts):
            continue
        groups = [[c for c in cells if m[c] == g] for g in range(1, count + 1)]
        if all(len(grp) == size and connected(grp) for grp in groups):
            out.append(m)
    return out


def chaos(rows: int, cols: int, size: int) -> RegionRule:
    """The formula of chaos-construction on a given region map (numbers 1..rows·cols)."""
    cells = board(rows, cols)
    count = len(cells) // size
    good = {tuple(sorted(m.items())) for m in partitions(rows, cols, size)}

    def f(g: Grid, m: Grid) -> bool:
        if tuple(sorted(m.items())) not in good:
            return False
        return all(different([g[c] for c in cells if m[c] == k]) for k in range(1, count + 1))
    return f


def same(m: Grid, a: Cell, b: Cell) -> bool:
    return m[a] == m[b]


def chaos_count(S: list[Cell], offset: int = 0) -> RegionRule:
    cells = list(dict.fromkeys(S))
    return lambda g, m: g[cells[0]] + offset == sum(same(m, c, cells[0]) for c in cells)


def chaos_arrow(P: list[Cell], offset: int = 0) -> RegionRule:
    start = P[0]
    arms: list[list[Cell]] = []
    for c in P:
        if c == start:
            arms.append([])
        else:
            arms[-1].append(c)

    def run(m: Grid, arm: list[Cell]) -> int:
        n = 0
        for c in arm:
            if not same(m, c, start):
                break
            n += 1
        return n
    return lambda g, m: g[start] + offset == 1 + sum(run(m, a) for a in arms)


def brute_regions(rows: int, cols: int, digits: range, maps: list[Grid],
                  rules: list[RegionRule]) -> int:
    cells = board(rows, cols)
    return sum(all(rule(g, m) for rule in rules)
               for m in maps for g in grids(cells, digits))


def test_chaos_construction_counts(tmp_path: Path) -> None:
    # 2×3 board, regions of 3 cells (the longer side), digits 1-3, with a latin square
    maps = partitions(2, 3, 3)
    assert len(maps) == 3  # two rows, and the two pairs of L-trominoes
    rule = chaos(2, 3, 3)
    want = brute_regions(2, 3, range(1, 4), maps, [lambda g, m: latin(2, 3)(g), rule])
    check(tmp_path, "board: 2x3\n", "latin-square\nchaos-construction", want)
    # regions of 2 on the same board: 3 regions of 2 cells, each holding a 1 and a 2
    maps2 = partitions(2, 3, 2)
    want2 = brute_regions(2, 3, range(1, 3), maps2, [chaos(2, 3, 2)])
    assert want2 == 24
    check(tmp_path, "board: 2x3\ndigits: 1-2\n", "chaos-construction size 2", want2)


def test_not_chaos_construction_reads_the_same_region_map(tmp_path: Path) -> None:
    # negated, the formula fails on the case's one region map, whose numbers are 1..4 here
    # (the digits are given, so that the count stays small enough to compare exactly)
    rule = chaos(2, 2, 2)
    cells = board(2, 2)
    maps = list(grids(cells, range(1, 5)))

    def given(g: Grid, m: Grid) -> bool:
        return g == {(1, 1): 1, (1, 2): 2, (2, 1): 2, (2, 2): 1}
    want = brute_regions(2, 2, range(1, 3), maps, [given, lambda g, m: not rule(g, m)])
    assert 60 < want < 256
    check(tmp_path, "board: 2x2\ngivens: |\n  1 2\n  2 1\n", "not chaos-construction",
          want)


def different_regions(S: list[Cell]) -> RegionRule:
    return lambda g, m: len({m[c] for c in S}) == len(S)


def count_regions(S: list[Cell]) -> RegionRule:
    return lambda g, m: g[S[0]] == len({m[c] for c in S[1:]})


def chaos_automaton(P: list[Cell], regions: list[int], moves: list[tuple[int, int, int]],
                    accept: list[int]) -> RegionRule:
    """The word reads a region number at the listed places (the first is 1), else a digit."""
    def f(g: Grid, m: Grid) -> bool:
        now = {0}
        for k, c in enumerate(P):
            symbol = m[c] if k + 1 in regions else g[c]
            now = {b for q, a, b in moves if q in now and a == symbol}
        return bool(now & set(accept))
    return f


# the region and digit of r1c1, then of r1c2: r1c2 in r1c1's region, any digits
SAME_REGION_NFA = [(0, 1, 1), (1, 1, 2), (1, 2, 2), (2, 1, 3), (3, 1, 4), (3, 2, 4), (3, 3, 4)]
# digit of r2c1, then the region of r2c2 and of r2c3: a 2, then two different regions
MIXED_NFA = [(0, 2, 1), (1, 1, 2), (1, 2, 3), (2, 2, 4), (3, 1, 4)]

CHAOS_CASES: list[tuple[str, RegionRule]] = [
    ("chaos-count r1c2-r1c1-r2c2-r1c3", chaos_count(cells_of("r1c2-r1c1-r2c2-r1c3"))),
    ("chaos-count r2c1-r1c1 offset 1", chaos_count(cells_of("r2c1-r1c1"), 1)),
    ("chaos-arrow r1c1-r1c2-r1c3", chaos_arrow(cells_of("r1c1-r1c2-r1c3"))),
    ("chaos-arrow r1c2-r1c1-r1c2-r1c3-r1c2-r2c2",
     chaos_arrow(cells_of("r1c2-r1c1-r1c2-r1c3-r1c2-r2c2"))),
    ("chaos-arrow r2c3-r2c2-r2c1 offset 1", chaos_arrow(cells_of("r2c3-r2c2-r2c1"), 1)),
    ("different-regions r1c2-r2c2", different_regions(cells_of("r1c2-r2c2"))),
    ("different-regions r1c1-r2c3-r1c2", different_regions(cells_of("r1c1-r2c3-r1c2"))),
    ("count-regions r1c1-r1c1-r1c2-r1c3", count_regions(cells_of("r1c1-r1c1-r1c2-r1c3"))),
    ("count-regions r2c2-r1c1-r2c3", count_regions(cells_of("r2c2-r1c1-r2c3"))),
    ("chaos-automaton r1c1-r1c1-r1c2-r1c2 regions [1,3] moves "
     "[[0,1,1],[1,1,2],[1,2,2],[2,1,3],[3,1,4],[3,2,4],[3,3,4]] accept [4]",
     chaos_automaton(cells_of("r1c1-r1c1-r1c2-r1c2"), [1, 3], SAME_REGION_NFA, [4])),
    ("chaos-automaton r2c1-r2c2-r2c3 regions [2,3] moves "
     "[[0,2,1],[1,1,2],[1,2,3],[2,2,4],[3,1,4]] accept [4]",
     chaos_automaton(cells_of("r2c1-r2c2-r2c3"), [2, 3], MIXED_NFA, [4])),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), CHAOS_CASES, ids=[c[0] for c in CHAOS_CASES])
def test_chaos_clue_counts(tmp_path: Path, line: str, rule: RegionRule, negated: bool) -> None:
    maps = partitions(2, 3, 3)
    clue = (lambda g, m: not rule(g, m)) if negated else rule
    want = brute_regions(2, 3, range(1, 4), maps, [chaos(2, 3, 3), clue])
    check(tmp_path, "board: 2x3\n", "chaos-construction\n" + ("not " if negated else "") + line,
          want)


def test_a_chaos_clue_needs_the_region_map(tmp_path: Path) -> None:
    assert case_error(tmp_path, "board: 2x3\n", "chaos-count r1c1-r1c2").kinds == ["no-regions"]


# --- small kinds on tiny boards -------------------------------------------------------------

def pairs(S: list[Cell], allowed: set[tuple[int, int]]) -> Rule:
    return lambda g: all((g[a], g[b]) in allowed for a, b in itertools.pairwise(S))


def all_pairs(S: list[Cell], allowed: set[tuple[int, int]]) -> Rule:
    return lambda g: all((g[a], g[b]) in allowed for a, b in itertools.combinations(S, 2))


def modular(S: list[Cell], m: int) -> Rule:
    return lambda g: all(g[S[i]] % m != g[S[j]] % m for i in range(len(S))
                         for j in range(i + 1, min(i + m, len(S))))


def entropic(S: list[Cell]) -> Rule:
    return lambda g: all((g[S[i]] - 1) // 3 != (g[S[j]] - 1) // 3 for i in range(len(S))
                         for j in range(i + 1, min(i + 3, len(S))))


def sum_line(S: list[Cell], total: int, loop: bool = False) -> Rule:
    def cuttable(vals: list[int]) -> bool:
        # try every way of cutting the line into runs (and, on a loop, every start)
        starts = range(len(vals)) if loop else range(1)
        for s in starts:
            seq = vals[s:] + vals[:s]
            for cuts in itertools.product((False, True), repeat=len(seq) - 1):
                runs, run = [], seq[0]
                for v, cut in zip(seq[1:], cuts, strict=True):
                    if cut:
                        runs.append(run)
                        run = v
                    else:
                        run += v
                runs.append(run)
                if all(r == total for r in runs):
                    return True
        return False
    return lambda g: cuttable([g[c] for c in S])


def hidden_skyscraper(S: list[Cell], digit: int) -> Rule:
    def f(g: Grid) -> bool:
        vals = [g[c] for c in S]
        for i in range(1, len(vals)):
            if vals[i] <= max(vals[:i]):
                return vals[i] == digit
        return False
    return f


def double_arrow(S: list[Cell]) -> Rule:
    return lambda g: sum(g[c] for c in S[1:-1]) == g[S[0]] + g[S[-1]]


def digit_counts(S: list[Cell], counts: list[tuple[int, int]]) -> Rule:
    return lambda g: all(sum(g[c] == d for c in S) == n for n, d in counts)


def same_values(S: list[Cell], sets: int) -> Rule:
    size = len(S) // sets
    return lambda g: len(S) % sets == 0 and all(
        sorted(g[c] for c in S[i * size:(i + 1) * size]) == sorted(g[c] for c in S[:size])
        for i in range(sets))


def equality_cage(S: list[Cell], digits: range) -> Rule:
    half = len(digits) // 2
    low, high = set(digits[:half]), set(digits[len(digits) - half:])

    def f(g: Grid) -> bool:
        vals = [g[c] for c in S]
        return (different(vals) and all(v in low or v in high for v in vals)
                and sum(v % 2 == 0 for v in vals) == sum(v % 2 == 1 for v in vals)
                and sum(v in low for v in vals) == sum(v in high for v in vals))
    return f


STEP = {(1, 2), (2, 1), (2, 3), (3, 2), (3, 4), (4, 3)}

LINE_CASES: list[tuple[str, range, Rule]] = [
    ("pairs r1c1-r1c2-r1c4 allowed [[1,2],[2,1],[2,3],[3,2],[3,4],[4,3]]", range(1, 5),
     pairs(cells_of("r1c1-r1c2-r1c4"), STEP)),
    ("pairs r1c3-r1c2 allowed [[4,1],[2,2]]", range(1, 5),
     pairs(cells_of("r1c3-r1c2"), {(4, 1), (2, 2)})),
    ("all-pairs r1c1-r1c2-r1c3 allowed [[1,3],[3,1],[1,4],[4,1],[2,4],[4,2],[1,1]]",
     range(1, 5), all_pairs(cells_of("r1c1-r1c2-r1c3"),
                            {(1, 3), (3, 1), (1, 4), (4, 1), (2, 4), (4, 2), (1, 1)})),
    ("modular r1c1-r1c2-r1c3-r1c4", range(1, 7), modular(cells_of("r1c1-r1c2-r1c3-r1c4"), 3)),
    ("modular r1c4-r1c1-r1c2 modulus 2", range(1, 7), modular(cells_of("r1c4-r1c1-r1c2"), 2)),
    ("entropic-line r1c1-r1c2-r1c3-r1c4", range(1, 10),
     entropic(cells_of("r1c1-r1c2-r1c3-r1c4"))),
    ("sum-line r1c1-r1c2-r1c3-r1c4 sum 5", range(1, 5),
     sum_line(cells_of("r1c1-r1c2-r1c3-r1c4"), 5)),
    ("sum-line r1c2-r1c1-r1c3 sum 4", range(0, 4), sum_line(cells_of("r1c2-r1c1-r1c3"), 4)),
    ("sum-line r1c1-r1c2-r1c3-r1c4 sum 5 loop true", range(1, 5),
     sum_line(cells_of("r1c1-r1c2-r1c3-r1c4"), 5, True)),
    # zeros: a loop of them has no segment, and a zero may join either neighbour's segment
    ("sum-line r1c3-r1c1-r1c2-r1c4 sum 3 loop true", range(0, 4),
     sum_line(cells_of("r1c3-r1c1-r1c2-r1c4"), 3, True)),
    ("hidden-skyscraper r1c1-r1c2-r1c3-r1c4 digit 2", range(1, 5),
     hidden_skyscraper(cells_of("r1c1-r1c2-r1c3-r1c4"), 2)),
    ("hidden-skyscraper r1c4-r1c3-r1c2 digit 1", range(1, 5),
     hidden_skyscraper(cells_of("r1c4-r1c3-r1c2"), 1)),
    ("double-arrow r1c1-r1c2-r1c3-r1c4", range(1, 5),
     double_arrow(cells_of("r1c1-r1c2-r1c3-r1c4"))),
    ("digit-counts r1c1-r1c2-r1c3 counts [[1,2],[0,4]]", range(1, 5),
     digit_counts(cells_of("r1c1-r1c2-r1c3"), [(1, 2), (0, 4)])),
    ("digit-counts r1c1-r1c2-r1c3-r1c4 counts [[2,3]]", range(1, 5),
     digit_counts(cells_of("r1c1-r1c2-r1c3-r1c4"), [(2, 3)])),
    ("same-values r1c1-r1c2-r1c4-r1c3", range(1, 5),
     same_values(cells_of("r1c1-r1c2-r1c4-r1c3"), 2)),
    ("same-values r1c1-r1c2-r1c3 sets 3", range(1, 5),
     same_values(cells_of("r1c1-r1c2-r1c3"), 3)),
    ("equality-cage r1c1-r1c2-r1c3-r1c4", range(1, 5),
     equality_cage(cells_of("r1c1-r1c2-r1c3-r1c4"), range(1, 5))),
    ("equality-cage r1c1-r1c2", range(1, 6), equality_cage(cells_of("r1c1-r1c2"), range(1, 6))),
    ("equality-cage r1c1-r1c3", range(0, 5), equality_cage(cells_of("r1c1-r1c3"), range(0, 5))),
]


LINE_GIVENS: dict[str, Grid] = {
    # four cells of 1-6 or 1-9 have too many fillings to count exactly, so a digit or two is
    # given: r1c3 holds 5 (2 mod 3); r1c1 and r1c4 are low, so r1c2-r1c3 are middle and high
    "modular r1c1-r1c2-r1c3-r1c4": {(1, 3): 5},
    "entropic-line r1c1-r1c2-r1c3-r1c4": {(1, 1): 1, (1, 4): 2},
}


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "digits", "rule"), LINE_CASES, ids=[c[0] for c in LINE_CASES])
def test_line_rule_counts(tmp_path: Path, line: str, digits: range, rule: Rule,
                          negated: bool) -> None:
    givens = LINE_GIVENS.get(line, {})
    want = brute(1, 4, digits, [NOT(rule) if negated else rule], givens)
    front = f"board: 1x4\ndigits: {digits.start}-{digits.stop - 1}\n" + givens_front(1, 4, givens)
    check(tmp_path, front, ("not " if negated else "") + line, want)


def side_pairs(rows: int, cols: int) -> list[tuple[Cell, Cell]]:
    return [((r, c), (r + dr, c + dc)) for r, c in board(rows, cols)
            for dr, dc in ((0, 1), (1, 0)) if r + dr <= rows and c + dc <= cols]


def strict(rows: int, cols: int, marked: list[tuple[Cell, Cell]],
           bad: Callable[[int, int], bool]) -> Rule:
    free = [p for p in side_pairs(rows, cols)
            if p not in marked and (p[1], p[0]) not in marked]
    return lambda g: not any(bad(g[a], g[b]) for a, b in free)


def kropki_pair(a: int, b: int) -> bool:
    return abs(a - b) == 1 or a == 2 * b or b == 2 * a


def taxicab(rows: int, cols: int) -> Rule:
    cells = board(rows, cols)
    return lambda g: not any(
        g[a] == g[b] and abs(a[0] - b[0]) + abs(a[1] - b[1]) == g[a]
        for a, b in itertools.combinations(cells, 2))


def blocks(rows: int, cols: int) -> list[list[Cell]]:
    return [[(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            for r in range(1, rows) for c in range(1, cols)]


def global_entropy(rows: int, cols: int) -> Rule:
    return lambda g: all({(g[c] - 1) // 3 for c in b} == {0, 1, 2} for b in blocks(rows, cols))


def global_mod(rows: int, cols: int) -> Rule:
    return lambda g: all({g[c] % 3 for c in b} == {0, 1, 2} for b in blocks(rows, cols))


def flatmates(rows: int, cols: int) -> Rule:
    return lambda g: all(g[(r, c)] != 5 or g.get((r - 1, c)) == 1 or g.get((r + 1, c)) == 9
                         for r, c in board(rows, cols))


# Where every filling of the board is too many to count exactly, some cells are given. On 2×3
# three of six: each marked pair keeps an open cell beside a given one
KROPKI_XV_GIVENS = {(1, 1): 1, (1, 3): 5, (2, 2): 4}

GLOBAL_CASES: list[tuple[str, str, int, int, range, Rule, Grid]] = [
    ("strict-kropki", "strict-kropki r1c1-r1c2-r2c2-r1c2", 2, 3, range(1, 7),
     strict(2, 3, [((1, 1), (1, 2)), ((2, 2), (1, 2))], kropki_pair), KROPKI_XV_GIVENS),
    ("strict-xv", "strict-xv r2c1-r2c2", 2, 3, range(1, 7),
     strict(2, 3, [((2, 1), (2, 2))], lambda a, b: a + b in (5, 10)), KROPKI_XV_GIVENS),
    ("anti-taxicab", "anti-taxicab", 2, 3, range(1, 4), taxicab(2, 3), {}),
    # the corners: four of nine cells, the equal digits 4 apart
    ("anti-taxicab 3x3", "anti-taxicab", 3, 3, range(1, 4), taxicab(3, 3),
     {(1, 1): 1, (1, 3): 2, (3, 1): 2, (3, 3): 1}),
    # two of four: a middle and a high digit, both 1 mod 3
    ("global-entropy", "global-entropy", 2, 2, range(1, 10), global_entropy(2, 2),
     {(1, 2): 4, (2, 1): 7}),
    ("global-mod", "global-mod", 2, 2, range(1, 10), global_mod(2, 2), {(1, 2): 4, (2, 1): 7}),
    ("dutch-flatmates", "dutch-flatmates", 3, 1, range(1, 10), flatmates(3, 1), {}),
    # a 5 that needs a 9 below it, and a 1 that keeps r1c1 from being a 5 (it is below, not above)
    ("dutch-flatmates 2x2", "dutch-flatmates", 2, 2, range(1, 10), flatmates(2, 2),
     {(1, 2): 5, (2, 1): 1}),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("name", "line", "rows", "cols", "digits", "rule", "givens"),
                         GLOBAL_CASES, ids=[c[0] for c in GLOBAL_CASES])
def test_board_rule_counts(tmp_path: Path, name: str, line: str, rows: int, cols: int,
                           digits: range, rule: Rule, givens: Grid, negated: bool) -> None:
    want = brute(rows, cols, digits, [NOT(rule) if negated else rule], givens)
    front = (f"board: {rows}x{cols}\ndigits: {digits.start}-{digits.stop - 1}\n"
             + givens_front(rows, cols, givens))
    check(tmp_path, front, ("not " if negated else "") + line, want)


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
def test_same_region_counts(tmp_path: Path, negated: bool) -> None:
    cells = cells_of("r1c1-r2c2")
    maps = partitions(2, 3, 3)

    def rule(g: Grid, m: Grid) -> bool:
        return (m[cells[0]] == m[cells[1]]) != negated
    want = brute_regions(2, 3, range(1, 4), maps, [chaos(2, 3, 3), rule])
    check(tmp_path, "board: 2x3\n", "chaos-construction\n" + ("not " if negated else "")
          + "same-region r1c1-r2c2", want)


def equal_sums(S: list[Cell], cuts: list[int]) -> Rule:
    bounds = [0, *sorted(cuts), len(S)]
    groups = [S[a:b] for a, b in itertools.pairwise(bounds)]
    return lambda g: len({sum(g[c] for c in grp) for grp in groups}) == 1


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), [
    ("equal-sums r1c1-r1c2-r1c3-r1c4 cuts [2]", equal_sums(cells_of("r1c1-r1c2-r1c3-r1c4"), [2])),
    ("equal-sums r1c1-r1c2-r1c3-r1c4 cuts [1,3]",
     equal_sums(cells_of("r1c1-r1c2-r1c3-r1c4"), [1, 3])),
    ("equal-sums r1c4-r1c2-r1c1 cuts [1]", equal_sums(cells_of("r1c4-r1c2-r1c1"), [1])),
])
def test_equal_sums_counts(tmp_path: Path, line: str, rule: Rule, negated: bool) -> None:
    want = sum((not rule(g)) if negated else rule(g) for g in grids(board(1, 4), range(1, 5)))
    check(tmp_path, "board: 1x4\n", ("not " if negated else "") + line, want)


def count_distinct(S: list[Cell]) -> Rule:
    return lambda g: g[S[0]] == len({g[c] for c in S[1:]})


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), [
    ("count-distinct r1c1-r1c2-r1c3-r1c4", count_distinct(cells_of("r1c1-r1c2-r1c3-r1c4"))),
    ("count-distinct r1c3-r1c1-r1c3", count_distinct(cells_of("r1c3-r1c1-r1c3"))),
])
def test_count_distinct_counts(tmp_path: Path, line: str, rule: Rule, negated: bool) -> None:
    want = sum((not rule(g)) if negated else rule(g) for g in grids(board(1, 4), range(1, 5)))
    check(tmp_path, "board: 1x4\n", ("not " if negated else "") + line, want)


def disjoint_boxes(rows: int, cols: int, bh: int, bw: int) -> Rule:
    return lambda g: all(
        different([g[(p + i, q + j)] for p in range(1, rows + 1, bh)
                   for q in range(1, cols + 1, bw)])
        for i in range(bh) for j in range(bw))


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("rows", "cols", "box", "digits", "givens"), [
    # four 1×2 boxes need four digits for their like cells to differ (with 1-3 no filling
    # would); four givens leave 4⁴ fillings, and two of them repeat a digit inside a box
    (2, 4, (1, 2), range(1, 5), {(1, 1): 1, (1, 2): 1, (2, 2): 3, (2, 4): 2}),
    # two 2×2 boxes, 3⁸ fillings: three givens leave 3⁵, with r1c1 and r1c3 paired already
    (2, 4, (2, 2), range(1, 4), {(1, 1): 1, (1, 3): 2, (2, 2): 3}),
    (2, 3, (1, 3), range(1, 4), {}),
])
def test_disjoint_boxes_counts(tmp_path: Path, rows: int, cols: int, box: tuple[int, int],
                               digits: range, givens: Grid, negated: bool) -> None:
    rule = disjoint_boxes(rows, cols, *box)
    want = brute(rows, cols, digits, [NOT(rule) if negated else rule], givens)
    front = (f"board: {rows}x{cols}\ndigits: {digits.start}-{digits.stop - 1}\n"
             + givens_front(rows, cols, givens))
    check(tmp_path, front, ("not " if negated else "") + f"disjoint-boxes {box[0]}x{box[1]}",
          want)


def full_rank(n: int, S: list[Cell], rank: int, ties: bool) -> Rule:
    def f(g: Grid) -> bool:
        lines = {}
        for x in range(1, n + 1):
            row = [(x, c) for c in range(1, n + 1)]
            col = [(r, x) for r in range(1, n + 1)]
            for key, cells in (("r", row), ("rb", row[::-1]), ("c", col), ("cb", col[::-1])):
                lines[(key, x)] = cells
        mine = tuple(g[c] for c in S)
        others = [tuple(g[c] for c in cells) for cells in lines.values() if cells != S]
        return (1 + sum(o < mine for o in others) == rank
                and (ties or all(o != mine for o in others)))
    return f


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "n", "cells", "rank", "ties"), [
    ("full-rank r1c1-r2c1-r3c1 rank 3 ties true", 3, "r1c1-r2c1-r3c1", 3, True),
    ("full-rank r2c3-r2c2-r2c1 rank 5 ties true", 3, "r2c3-r2c2-r2c1", 5, True),
    ("full-rank r1c1-r2c1-r3c1 rank 3", 3, "r1c1-r2c1-r3c1", 3, False),
    ("full-rank r1c2-r1c1 rank 3", 2, "r1c2-r1c1", 3, False),
    ("full-rank r2c1-r2c2 rank 5 ties true", 2, "r2c1-r2c2", 5, True),
])
def test_full_rank_counts(tmp_path: Path, line: str, n: int, cells: str, rank: int, ties: bool,
                          negated: bool) -> None:
    rule = full_rank(n, cells_of(cells), rank, ties)
    sq = latin(n, n)
    want = sum(sq(g) and rule(g) != negated for g in grids(board(n, n), range(1, n + 1)))
    check(tmp_path, f"board: {n}x{n}\n", "latin-square\n" + ("not " if negated else "") + line,
          want)


def lockout(S: list[Cell], difference: int = 4) -> Rule:
    def f(g: Grid) -> bool:
        a, b = g[S[0]], g[S[-1]]
        lo, hi = min(a, b), max(a, b)
        return hi - lo >= difference and all(g[c] < lo or g[c] > hi for c in S[1:-1])
    return f


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule", "givens"), [
    # 6⁴ fillings are too many to count exactly: one digit is given, a 2 inside the first line
    # and a 3 in r1c3 beside the second, which leaves all of the second line's cells open
    ("lockout r1c1-r1c2-r1c3-r1c4 difference 2", lockout(cells_of("r1c1-r1c2-r1c3-r1c4"), 2),
     {(1, 2): 2}),
    ("lockout r1c2-r1c4-r1c1", lockout(cells_of("r1c2-r1c4-r1c1")), {(1, 3): 3}),
])
def test_lockout_counts(tmp_path: Path, line: str, rule: Rule, givens: Grid,
                        negated: bool) -> None:
    want = brute(1, 4, range(1, 7), [NOT(rule) if negated else rule], givens)
    check(tmp_path, "board: 1x4\ndigits: 1-6\n" + givens_front(1, 4, givens),
          ("not " if negated else "") + line, want)


def test_windows_3x3_is_windoku(tmp_path: Path) -> None:
    # a grid that keeps the windows, with three cells open (two in one window): both counts of
    # either polarity are below the cap, so they are compared exactly
    front = "board: 9x9\n" + givens_front(9, 9, solved_except({(2, 2), (3, 4), (5, 5)}))
    for neg in ("", "not "):
        windows = solve_count(tmp_path, front, neg + "windows 3x3")
        assert windows == solve_count(tmp_path, front, neg + "windoku")
        assert 0 < windows[1] < CAP


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
def test_windows_counts(tmp_path: Path, negated: bool) -> None:
    # on a 4×4 board, 2×2 windows: one, at rows and columns 2-3; its four cells are open
    given = {c: 1 for c in board(4, 4)}
    free = [(2, 2), (2, 3), (3, 2), (3, 3)]
    want = 0
    for vals in itertools.product(range(1, 5), repeat=4):
        g = {**given, **dict(zip(free, vals, strict=True))}
        want += different([g[c] for c in free]) != negated
    rows = "".join("  " + " ".join("." if (r, c) in free else "1" for c in range(1, 5)) + "\n"
                   for r in range(1, 5))
    check(tmp_path, f"board: 4x4\ngivens: |\n{rows}", ("not " if negated else "") + "windows 2x2",
          want)
