"""Solution counts of the kinds added for the Latin-square and clued-digit genres of the
puzzlekit dataset (Doppelblock, Eulero, Bosanowa, Burokku), against brute force on tiny boards.

Each kind's reference semantics is written here in plain Python from its prose, independently
of the Sapphire meaning in its .md file, and the solver's count must equal brute force, for the
rule and for its negation, on boards one cell tall or wide too.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from counting import NOT, Cell, Grid, Rule, brute, cells_of, check, givens_front, one_group

# --- reference semantics ---------------------------------------------------------------------


def between_sum(P: list[Cell], total: int, digit: int = 0) -> Rule:
    """Exactly two cells hold `digit`; the cells written between them add up to `total`."""
    def f(g: Grid) -> bool:
        ends = [i for i, c in enumerate(P) if g[c] == digit]
        return len(ends) == 2 and sum(g[c] for c in P[ends[0] + 1:ends[1]]) == total
    return f


def pair_parts(S: list[Cell], base: int) -> Rule:
    """No two cells share a first part, nor a second part, of the pairs their digits stand for
    (1..base² only; any other digit stands for no pair)."""
    def f(g: Grid) -> bool:
        pairs = [divmod(g[c] - 1, base) for c in S if 1 <= g[c] <= base * base]
        firsts = [a for a, _ in pairs]
        seconds = [b for _, b in pairs]
        return len(set(firsts)) == len(firsts) and len(set(seconds)) == len(seconds)
    return f


def difference_sum(S: list[Cell]) -> Rule:
    """Each listed cell's digit is the sum of its differences with its listed side
    neighbours."""
    listed = set(S)

    def f(g: Grid) -> bool:
        for (r, c) in listed:
            near = [x for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if x in listed]
            if g[(r, c)] != sum(abs(g[(r, c)] - g[x]) for x in near):
                return False
        return True
    return f


# --- between-sum -----------------------------------------------------------------------------

ROW = "r1c1-r1c2-r1c3-r1c4"
COLUMN = "r1c1-r2c1-r3c1-r4c1"

BETWEEN_CASES: list[tuple[str, int, int, str, range, Rule]] = [
    (f"between-sum {ROW} total 3", 1, 4, "digits: 0-3\n", range(4),
     between_sum(cells_of(ROW), 3)),
    (f"between-sum {ROW} total 0", 1, 4, "digits: 0-3\n", range(4),
     between_sum(cells_of(ROW), 0)),
    ("between-sum r1c4-r1c2-r1c1 total 2", 1, 4, "digits: 0-3\n", range(4),
     between_sum(cells_of("r1c4-r1c2-r1c1"), 2)),
    (f"between-sum {ROW} total 2 digit 3", 1, 4, "digits: 0-3\n", range(4),
     between_sum(cells_of(ROW), 2, 3)),
    (f"between-sum {ROW} total 5 digit 1", 1, 4, "digits: 1-4\n", range(1, 5),
     between_sum(cells_of(ROW), 5, 1)),
    (f"between-sum {COLUMN} total 1", 4, 1, "digits: 0-3\n", range(4),
     between_sum(cells_of(COLUMN), 1)),
    ("between-sum r1c2 total 0", 1, 4, "digits: 0-3\n", range(4),
     between_sum(cells_of("r1c2"), 0)),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rows", "cols", "front", "digits", "rule"), BETWEEN_CASES,
                         ids=[f"{c[0]} {c[1]}x{c[2]}" for c in BETWEEN_CASES])
def test_between_sum_counts(tmp_path: Path, line: str, rows: int, cols: int, front: str,
                            digits: range, rule: Rule, negated: bool) -> None:
    want = brute(rows, cols, digits, [NOT(rule) if negated else rule])
    check(tmp_path, f"board: {rows}x{cols}\n{front}", ("not " if negated else "") + line, want)


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
def test_between_sum_reads_modified_values(tmp_path: Path, negated: bool) -> None:
    # one of r1c2 and r1c3 counts double: the ends are found by their digits, the total
    # between them reads values; an answer (its digits) counts once whichever cell doubles
    P = cells_of(ROW)

    def rule(g: Grid, doubled: Cell) -> bool:
        ends = [i for i, c in enumerate(P) if g[c] == 0]
        values = {c: g[c] * (2 if c == doubled else 1) for c in P}
        held = len(ends) == 2 and sum(values[c] for c in P[ends[0] + 1:ends[1]]) == 4
        return held != negated

    want = brute(1, 4, range(4), [lambda g: rule(g, (1, 2)) or rule(g, (1, 3))])
    check(tmp_path, "board: 1x4\ndigits: 0-3\n",
          "value-modifier r1c2-r1c3\n" + ("not " if negated else "") + f"between-sum {ROW} total 4",
          want)


# --- pair-parts ------------------------------------------------------------------------------

PAIR_CASES: list[tuple[str, int, int, range, Rule]] = [
    ("pair-parts r1c1-r1c2 base 2", 1, 4, range(1, 5), pair_parts(cells_of("r1c1-r1c2"), 2)),
    ("pair-parts r1c1-r1c2-r1c3 base 2", 1, 4, range(1, 5),
     pair_parts(cells_of("r1c1-r1c2-r1c3"), 2)),
    (f"pair-parts {ROW} base 2", 1, 4, range(5), pair_parts(cells_of(ROW), 2)),
    ("pair-parts r1c1-r1c2-r1c3 base 3", 1, 3, range(1, 10),
     pair_parts(cells_of("r1c1-r1c2-r1c3"), 3)),
    ("pair-parts r1c1-r1c2-r1c3 base 2", 1, 3, range(6),
     pair_parts(cells_of("r1c1-r1c2-r1c3"), 2)),
    (f"pair-parts {COLUMN} base 2", 4, 1, range(5), pair_parts(cells_of(COLUMN), 2)),
    ("pair-parts r1c3 base 1", 1, 4, range(1, 5), pair_parts(cells_of("r1c3"), 1)),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rows", "cols", "digits", "rule"), PAIR_CASES,
                         ids=[f"{c[0]} {c[1]}x{c[2]} {c[3].start}-{c[3].stop - 1}"
                              for c in PAIR_CASES])
def test_pair_parts_counts(tmp_path: Path, line: str, rows: int, cols: int, digits: range,
                           rule: Rule, negated: bool) -> None:
    want = brute(rows, cols, digits, [NOT(rule) if negated else rule])
    front = f"board: {rows}x{cols}\ndigits: {digits.start}-{digits.stop - 1}\n"
    check(tmp_path, front, ("not " if negated else "") + line, want)


def latin_squares(n: int) -> list[tuple[tuple[int, ...], ...]]:
    rows = list(itertools.permutations(range(1, n + 1)))
    return [sq for sq in itertools.product(rows, repeat=n)
            if all(len({row[c] for row in sq}) == n for c in range(n))]


def test_pair_parts_make_a_graeco_latin_square(tmp_path: Path) -> None:
    # a 3×3 board of the pairs 1..9, each once, no row or column sharing a part: the
    # Graeco-Latin squares of order 3, that is the ordered pairs of orthogonal Latin squares
    squares = latin_squares(3)
    want = sum(len({(a[r][c], b[r][c]) for r in range(3) for c in range(3)}) == 9
               for a in squares for b in squares)
    assert (len(squares), want) == (12, 72)
    board = [(r, c) for r in range(1, 4) for c in range(1, 4)]
    lines = [[(r, c) for c in range(1, 4)] for r in range(1, 4)]
    lines += [[(r, c) for r in range(1, 4)] for c in range(1, 4)]
    body = "all-different " + "-".join(f"r{r}c{c}" for r, c in board) + "\n"
    body += "\n".join(f"p{i}: pair-parts {'-'.join(f'r{r}c{c}' for r, c in line)} base 3"
                      for i, line in enumerate(lines))
    check(tmp_path, "board: 3x3\ndigits: 1-9\n", body, want)


# --- difference-sum --------------------------------------------------------------------------

DIFF_CASES: list[tuple[str, int, int, range, Rule, Grid]] = [
    ("difference-sum r1c1-r1c2-r2c1-r2c2", 2, 2, range(5),
     difference_sum(cells_of("r1c1-r1c2-r2c1-r2c2")), {}),
    ("difference-sum r1c1-r1c2-r2c2", 2, 2, range(5),
     difference_sum(cells_of("r1c1-r1c2-r2c2")), {}),
    (f"difference-sum {ROW}", 1, 4, range(5), difference_sum(cells_of(ROW)), {}),
    ("difference-sum r1c1-r1c2-r1c4", 1, 4, range(5),
     difference_sum(cells_of("r1c1-r1c2-r1c4")), {}),
    ("difference-sum r1c1-r2c1-r3c1", 4, 1, range(5),
     difference_sum(cells_of("r1c1-r2c1-r3c1")), {}),
    ("difference-sum r1c1-r1c2-r1c3-r2c1-r2c2-r2c3", 2, 3, range(5),
     difference_sum(cells_of("r1c1-r1c2-r1c3-r2c1-r2c2-r2c3")), {(1, 1): 2, (2, 3): 2}),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rows", "cols", "digits", "rule", "givens"), DIFF_CASES,
                         ids=[f"{c[0]} {c[1]}x{c[2]}" for c in DIFF_CASES])
def test_difference_sum_counts(tmp_path: Path, line: str, rows: int, cols: int, digits: range,
                               rule: Rule, givens: Grid, negated: bool) -> None:
    want = brute(rows, cols, digits, [NOT(rule) if negated else rule], givens)
    front = (f"board: {rows}x{cols}\ndigits: {digits.start}-{digits.stop - 1}\n"
             + givens_front(rows, cols, givens))
    check(tmp_path, front, ("not " if negated else "") + line, want)


def test_difference_sum_answers_a_small_bosanowa(tmp_path: Path) -> None:
    # three circles along row 1 over a row of holes, r1c1 given 3: only 3, 6, 3
    rule = difference_sum(cells_of("r1c1-r1c2-r1c3"))
    givens = {(1, 1): 3, (2, 1): 0, (2, 2): 0, (2, 3): 0}
    want = brute(2, 3, range(10), [rule, lambda g: g[(1, 2)] > 0 and g[(1, 3)] > 0], givens)
    assert want == 1
    check(tmp_path, "board: 2x3\ndigits: 0-9\n" + givens_front(2, 3, givens),
          "black-cell r2c1-r2c2-r2c3\nabsent-digits r1c1-r1c2-r1c3 digits [0]\n"
          "difference-sum r1c1-r1c2-r1c3", want)


# --- chaos-construction with repeated digits -------------------------------------------------

Regions = dict[Cell, int]


def partitions(rows: int, cols: int, size: int) -> list[Regions]:
    """Every division of the board into connected regions of `size` cells, numbered 1, 2, …
    in the reading order of their first cells."""
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    n = len(cells) // size
    out = []
    for labels in itertools.product(range(1, n + 1), repeat=len(cells)):
        firsts = [labels.index(g) if g in labels else -1 for g in range(1, n + 1)]
        if -1 in firsts or firsts != sorted(firsts):
            continue
        groups = [[c for c, g in zip(cells, labels, strict=True) if g == k]
                  for k in range(1, n + 1)]
        if all(len(grp) == size and one_group(grp) for grp in groups):
            out.append(dict(zip(cells, labels, strict=True)))
    return out


def chaos_repeats(rows: int, cols: int, size: int, repeats: set[int]):  # noqa: ANN201
    """chaos-construction on a given region map: a division of the board into connected
    regions of `size` cells, in which no digit outside `repeats` stands twice."""
    good = {tuple(sorted(m.items())) for m in partitions(rows, cols, size)}

    def f(g: Grid, m: Regions) -> bool:
        if tuple(sorted(m.items())) not in good:
            return False
        seen: set[tuple[int, int]] = set()
        for c, k in m.items():
            if g[c] in repeats:
                continue
            if (k, g[c]) in seen:
                return False
            seen.add((k, g[c]))
        return True
    return f


def count_with_maps(rows: int, cols: int, digits: range, maps: list[Regions], rule,
                    givens: Grid) -> int:
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    free = [c for c in cells if c not in givens]
    n = 0
    for vs in itertools.product(digits, repeat=len(free)):
        g = {**givens, **dict(zip(free, vs, strict=True))}
        n += sum(1 for m in maps if rule(g, m))
    return n


CHAOS_CASES: list[tuple[int, int, int, range, Grid]] = [
    (2, 3, 3, range(3), {(1, 1): 1, (2, 3): 1}),
    (2, 3, 2, range(3), {(1, 2): 2, (2, 2): 0}),
    (1, 4, 2, range(3), {}),
    (4, 1, 2, range(3), {(2, 1): 1}),
    (2, 2, 2, range(2), {}),
]


@pytest.mark.parametrize(("rows", "cols", "size", "digits", "givens"), CHAOS_CASES,
                         ids=[f"{c[0]}x{c[1]} size {c[2]}" for c in CHAOS_CASES])
def test_chaos_construction_with_repeats_counts(tmp_path: Path, rows: int, cols: int, size: int,
                                                digits: range, givens: Grid) -> None:
    maps = partitions(rows, cols, size)
    want = count_with_maps(rows, cols, digits, maps, chaos_repeats(rows, cols, size, {0}),
                           givens)
    assert 0 < want
    front = (f"board: {rows}x{cols}\ndigits: {digits.start}-{digits.stop - 1}\n"
             + givens_front(rows, cols, givens))
    check(tmp_path, front, f"chaos-construction size {size} repeats [0]", want)


def test_repeats_let_a_blank_stand_twice_where_no_other_digit_may(tmp_path: Path) -> None:
    # the same 2×2 board: with 0 repeating, the two blanks of column 1 may share a region
    # (the columns, or the rows); without, only the rows divide it
    givens = {(1, 1): 0, (1, 2): 1, (2, 1): 0, (2, 2): 2}
    front = "board: 2x2\ndigits: 0-2\n" + givens_front(2, 2, givens)
    maps = partitions(2, 2, 2)
    for repeats, line in (({0}, "chaos-construction size 2 repeats [0]"),
                          (set(), "chaos-construction size 2 repeats []"),
                          (set(), "chaos-construction size 2")):
        want = count_with_maps(2, 2, range(3), maps, chaos_repeats(2, 2, 2, repeats), givens)
        assert want == (2 if repeats else 1)
        check(tmp_path, front, line, want)


def test_not_chaos_construction_with_repeats_reads_the_same_region_map(tmp_path: Path) -> None:
    # negated, the formula fails on the case's one region map (numbers 1..4 on a 2×2 board),
    # the digits given so that the count stays small
    givens = {(1, 1): 0, (1, 2): 0, (2, 1): 1, (2, 2): 2}
    cells = [(r, c) for r in (1, 2) for c in (1, 2)]
    maps = [dict(zip(cells, labels, strict=True))
            for labels in itertools.product(range(1, 5), repeat=4)]
    rule = chaos_repeats(2, 2, 2, {0})
    want = count_with_maps(2, 2, range(3), maps, lambda g, m: not rule(g, m), givens)
    assert want == 256 - 2  # the rows and the columns keep it
    check(tmp_path, "board: 2x2\ndigits: 0-2\n" + givens_front(2, 2, givens),
          "not chaos-construction size 2 repeats [0]", want)
