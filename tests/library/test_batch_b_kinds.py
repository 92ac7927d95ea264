"""Solution counts of the kinds for numbers in regions and regions drawn around numbers,
against brute force on tiny boards.

As in test_regions_kinds.py, each kind's reference semantics is written here from its prose,
independently of the Sapphire meaning in its .md file, and the solver's count must equal brute
force, for the rule and for its negation.
"""

from __future__ import annotations

import functools
import itertools
from pathlib import Path

import pytest
from counting import (
    NOT,
    Cell,
    Grid,
    RegionRule,
    Regions,
    Rule,
    brute,
    cells_of,
    check,
    givens_front,
    one_group,
    place,
    region_maps,
)

# --- apart: equal numbers never side by side --------------------------------------------------


def apart(digits: list[int], diagonal: bool, equal: bool = True) -> Rule:
    """No two neighbouring cells (by a side, or with `diagonal` by a corner too) hold the same
    digit of `digits`, every digit but 0 when none is listed; without `equal`, no two such
    digits at all."""
    steps = [(0, 1), (1, 0)] + ([(1, 1), (1, -1)] if diagonal else [])

    def counted(v: int | None) -> bool:
        return v is not None and ((v in digits) if digits else v != 0)

    def f(g: Grid) -> bool:
        for (r, c), v in g.items():
            for dr, dc in steps:
                w = g.get((r + dr, c + dc))
                if counted(v) and counted(w) and (v == w or not equal):
                    return False
        return True
    return f


APART_CASES = [
    # (board, digits, line, givens)
    ("2x3", "0-2", "apart", {}),
    ("2x3", "0-2", "apart digits [1]", {}),
    ("2x3", "0-2", "apart digits [0,2]", {}),
    ("2x3", "0-2", "apart diagonal true", {}),
    ("2x3", "1-4", "apart diagonal true", {(1, 1): 1, (2, 3): 2}),
    ("1x5", "0-3", "apart", {}),  # one row: only the right neighbour
    ("4x1", "1-4", "apart diagonal true", {}),  # one column: no corner neighbours at all
    ("3x3", "1-2", "apart", {}),  # two digits and no 0: only the two checkerboards
    ("2x3", "0-2", "apart equal false", {}),
    ("3x3", "0-2", "apart equal false diagonal true", {(2, 2): 0, (1, 1): 1, (3, 3): 0}),
    ("2x3", "0-3", "apart equal false digits [2,3]", {(1, 1): 1, (2, 3): 2}),
    ("1x4", "0-3", "apart equal false", {(1, 1): 2}),
]


@pytest.mark.parametrize("negated", [False, True])
@pytest.mark.parametrize(("board", "digits", "line", "given"), APART_CASES,
                         ids=[f"{c[0]} {c[1]} {c[2]}" for c in APART_CASES])
def test_apart_counts(tmp_path: Path, board: str, digits: str, line: str, given: Grid,
                      negated: bool) -> None:
    rows, cols = map(int, board.split("x"))
    low, high = map(int, digits.split("-"))
    words = line.split()
    listed = [int(x) for x in words[words.index("digits") + 1].strip("[]").split(",")] \
        if "digits" in words else []
    rule = apart(listed, "diagonal" in words, "equal" not in words)
    want = brute(rows, cols, range(low, high + 1), [NOT(rule) if negated else rule], given)
    front = f"board: {board}\ndigits: {digits}\n" + givens_front(rows, cols, given)
    check(tmp_path, front, ("not " if negated else "") + line, want)


def test_apart_two_digits_are_the_checkerboards(tmp_path: Path) -> None:
    check(tmp_path, "board: 3x3\ndigits: 1-2\n", "apart", 2)


# --- neighbour-count: a number counts its numbered neighbours --------------------------------


def neighbour_count(g: Grid) -> bool:
    """Each cell holding a number (not 0) holds how many of its side neighbours hold one."""
    return all(v == sum(g.get(nb, 0) != 0 for nb in ((r + 1, c), (r - 1, c), (r, c + 1),
                                                     (r, c - 1)))
               for (r, c), v in g.items() if v)


NEIGHBOUR_CASES = [
    # (board, digits, givens)
    ("2x3", "0-2", {}),
    ("2x3", "0-3", {(1, 2): 3, (2, 1): 0}),
    ("3x3", "0-4", {(2, 2): 4, (1, 1): 0, (3, 3): 0, (1, 3): 0, (3, 1): 2}),
    ("3x3", "0-1", {}),  # a 1 has exactly one numbered neighbour: dominoes apart
    ("1x5", "0-2", {}),  # one row: at most two neighbours
    ("4x1", "0-2", {(2, 1): 2}),  # one column
    ("2x2", "1-2", {}),  # no 0 allowed: every cell has two numbered neighbours
]


@pytest.mark.parametrize("negated", [False, True])
@pytest.mark.parametrize(("board", "digits", "given"), NEIGHBOUR_CASES,
                         ids=[f"{c[0]} {c[1]} {sorted(c[2])}" for c in NEIGHBOUR_CASES])
def test_neighbour_count_counts(tmp_path: Path, board: str, digits: str, given: Grid,
                                negated: bool) -> None:
    rows, cols = map(int, board.split("x"))
    low, high = map(int, digits.split("-"))
    rule = NOT(neighbour_count) if negated else neighbour_count
    want = brute(rows, cols, range(low, high + 1), [rule], given)
    front = f"board: {board}\ndigits: {digits}\n" + givens_front(rows, cols, given)
    check(tmp_path, front, ("not " if negated else "") + "neighbour-count", want)


def test_neighbour_count_with_two_digits_fills_a_square(tmp_path: Path) -> None:
    check(tmp_path, "board: 2x2\ndigits: 1-2\n", "neighbour-count", 1)


# --- number-gap: numbers as far apart as they differ ------------------------------------------


def number_gap(path: list[Cell]) -> Rule:
    """Each two numbers (not 0) along the path with only 0s between them have as many cells
    between them as they differ."""
    def f(g: Grid) -> bool:
        places = [i for i, x in enumerate(path) if g[x]]
        return all(abs(g[path[i]] - g[path[j]]) == j - i - 1
                   for i, j in itertools.pairwise(places))
    return f


GAP_CASES = [
    # (board, digits, path, givens)
    ("1x5", "0-3", "r1c1-r1c2-r1c3-r1c4-r1c5", {(1, 1): 2}),
    ("1x4", "0-3", "r1c1-r1c2-r1c3-r1c4", {}),
    ("4x1", "0-4", "r1c1-r2c1-r3c1-r4c1", {(4, 1): 0}),  # one column
    ("2x2", "0-3", "r1c1-r1c2-r2c2-r2c1", {}),  # a path that turns
    ("2x3", "0-2", "r1c3-r1c2-r1c1", {(2, 1): 1, (2, 2): 0, (2, 3): 2}),  # written backwards
    ("1x3", "0-2", "r1c2", {}),  # one cell: no two numbers, always kept
    ("1x4", "1-3", "r1c1-r1c2-r1c3-r1c4", {}),  # no 0: neighbours differ by 0, all equal
]


@pytest.mark.parametrize("negated", [False, True])
@pytest.mark.parametrize(("board", "digits", "path", "given"), GAP_CASES,
                         ids=[f"{c[0]} {c[1]} {c[2]}" for c in GAP_CASES])
def test_number_gap_counts(tmp_path: Path, board: str, digits: str, path: str, given: Grid,
                           negated: bool) -> None:
    rows, cols = map(int, board.split("x"))
    low, high = map(int, digits.split("-"))
    rule = number_gap(cells_of(path))
    want = brute(rows, cols, range(low, high + 1), [NOT(rule) if negated else rule], given)
    front = f"board: {board}\ndigits: {digits}\n" + givens_front(rows, cols, given)
    check(tmp_path, front, ("not " if negated else "") + f"number-gap {path}", want)


def test_number_gap_example(tmp_path: Path) -> None:
    # the prose's example: after the 2, nothing, or 2 in r1c2, 1 or 3 in r1c3, 4 in r1c4, 5 in
    # r1c5; counted with the cells after the second number left empty
    front = "board: 1x6\ndigits: 0-5\ngivens: |\n  2 . . . . .\n"
    want = brute(1, 6, range(6), [number_gap(cells_of("r1c1-r1c2-r1c3-r1c4-r1c5-r1c6"))],
                 {(1, 1): 2})
    check(tmp_path, front, "number-gap r1c1-r1c2-r1c3-r1c4-r1c5-r1c6", want)


# --- all-different with repeats: blanks may repeat --------------------------------------------


def all_different(cells: list[Cell], repeats: list[int]) -> Rule:
    """The cells' digits differ, those of `repeats` aside."""
    def f(g: Grid) -> bool:
        vals = [g[x] for x in cells if g[x] not in repeats]
        return len(vals) == len(set(vals))
    return f


REPEATS_CASES = [
    # (board, digits, cells, repeats)
    ("1x4", "0-3", "r1c1-r1c2-r1c3-r1c4", [0]),
    ("1x4", "0-3", "r1c1-r1c2-r1c3-r1c4", [0, 3]),
    ("3x1", "0-4", "r1c1-r2c1-r3c1", [2]),
    ("2x3", "0-2", "r1c1-r2c2-r1c3", [0]),
    ("1x4", "1-4", "r1c1-r1c2-r1c3-r1c4", []),  # no repeats: a permutation
]


@pytest.mark.parametrize("negated", [False, True])
@pytest.mark.parametrize(("board", "digits", "cells", "repeats"), REPEATS_CASES,
                         ids=[f"{c[0]} {c[1]} {c[2]} {c[3]}" for c in REPEATS_CASES])
def test_all_different_repeats_counts(tmp_path: Path, board: str, digits: str, cells: str,
                                      repeats: list[int], negated: bool) -> None:
    rows, cols = map(int, board.split("x"))
    low, high = map(int, digits.split("-"))
    rule = all_different(cells_of(cells), repeats)
    want = brute(rows, cols, range(low, high + 1), [NOT(rule) if negated else rule])
    listed = ",".join(map(str, repeats))
    line = f"all-different {cells}" + (f" repeats [{listed}]" if repeats else "")
    check(tmp_path, f"board: {board}\ndigits: {digits}\n", ("not " if negated else "") + line,
          want)


# --- count-numbers: each number counts the numbers among the cells --------------------------


def count_numbers(cells: list[Cell]) -> Rule:
    """At least one of the cells holds a number (not 0), and every number among them is how
    many of them hold numbers."""
    def f(g: Grid) -> bool:
        nums = [g[x] for x in cells if g[x]]
        return bool(nums) and all(v == len(nums) for v in nums)
    return f


COUNT_NUMBERS_CASES = [
    # (board, digits, cells, givens)
    ("2x2", "0-4", "r1c1-r1c2-r2c1-r2c2", {}),
    ("1x5", "0-3", "r1c1-r1c2-r1c3-r1c4", {(1, 5): 1}),
    ("4x1", "0-4", "r1c1-r2c1-r3c1-r4c1", {}),  # one column
    ("2x3", "0-3", "r1c1-r1c3-r2c2", {(1, 2): 0, (2, 1): 0, (2, 3): 0}),  # cells apart
    ("1x3", "0-2", "r1c2", {}),  # one cell: it holds 1
    ("2x2", "1-3", "r1c1-r1c2-r2c1", {(2, 2): 1}),  # no 0: three numbers, all 3s
]


@pytest.mark.parametrize("negated", [False, True])
@pytest.mark.parametrize(("board", "digits", "cells", "given"), COUNT_NUMBERS_CASES,
                         ids=[f"{c[0]} {c[1]} {c[2]}" for c in COUNT_NUMBERS_CASES])
def test_count_numbers_counts(tmp_path: Path, board: str, digits: str, cells: str,
                              given: Grid, negated: bool) -> None:
    rows, cols = map(int, board.split("x"))
    low, high = map(int, digits.split("-"))
    rule = count_numbers(cells_of(cells))
    want = brute(rows, cols, range(low, high + 1), [NOT(rule) if negated else rule], given)
    front = f"board: {board}\ndigits: {digits}\n" + givens_front(rows, cols, given)
    check(tmp_path, front, ("not " if negated else "") + f"count-numbers {cells}", want)


def test_count_numbers_example(tmp_path: Path) -> None:
    check(tmp_path, "board: 2x2\ndigits: 0-4\n", "count-numbers r1c1-r1c2-r2c1-r2c2", 15)


# --- region maps: divisions, sizes, borders, rectangles --------------------------------------


def groups(m: Regions) -> dict[int, list[Cell]]:
    """The cells carrying each region number, in reading order."""
    out: dict[int, list[Cell]] = {}
    for x in sorted(m):
        out.setdefault(m[x], []).append(x)
    return out


def numbered_regions(cols: int, S: list[Cell], count: int = 1,
                     joined: bool = False) -> RegionRule:
    """Every region holds exactly `count` listed cells and carries the place of the first of
    them in reading order; with `joined`, every region is one group."""
    def f(m: Regions) -> bool:
        for g, cs in groups(m).items():
            listed = [x for x in cs if x in S]
            if len(listed) != count or g != place(cols, listed[0]):
                return False
            if joined and not one_group(cs):
                return False
        return True
    return f


def region_division(cols: int, size: int) -> RegionRule:
    """Every region is one group, carries the place of its first cell in reading order, and
    has `size` cells when a size is given."""
    return lambda m: all(g == place(cols, cs[0]) and one_group(cs) and (not size or
                                                                        len(cs) == size)
                         for g, cs in groups(m).items())


def region_size(cols: int, cells: list[Cell], size: int, low: int, high: int) -> RegionRule:
    """The cells carrying the first cell's place hold every listed cell, are one group, and
    number `size` (when given), at least `low` and at most `high` (when given)."""
    def f(m: Regions) -> bool:
        mine = groups(m).get(place(cols, cells[0]), [])
        n = len(mine)
        return (all(x in mine for x in cells) and one_group(mine) and (not size or n == size)
                and n >= low and (not high or n <= high))
    return f


def border_count(cells: list[Cell], count: int) -> RegionRule:
    """Each cell has `count` sides on the board's edge or between it and another region."""
    return lambda m: all(sum(m.get(nb) != m[x] for nb in ((x[0] + 1, x[1]), (x[0] - 1, x[1]),
                                                          (x[0], x[1] + 1), (x[0], x[1] - 1)))
                             == count for x in cells)


def region_rectangle(cols: int, cell: Cell, span: int = 0, shape: str = "") -> RegionRule:
    """The cells carrying `cell`'s place hold `cell` and fill their bounding box of h rows and
    w columns, with h + w = `span` when given and the shape named (square, tall, wide)."""
    def f(m: Regions) -> bool:
        mine = groups(m).get(place(cols, cell), [])
        if cell not in mine:
            return False
        h = max(r for r, _ in mine) - min(r for r, _ in mine) + 1
        w = max(c for _, c in mine) - min(c for _, c in mine) + 1
        return (h * w == len(mine) and (not span or h + w == span)
                and {"": True, "square": h == w, "tall": h > w, "wide": h < w}[shape])
    return f


def map_rule(line: str, cols: int) -> RegionRule:
    """The brute-force rule of one rule line of the region kinds."""
    kind, *rest = line.split()
    cells = cells_of(rest.pop(0)) if rest and rest[0].startswith("r") else []
    opts = dict(zip(rest[::2], rest[1::2], strict=True))
    if kind == "numbered-regions":
        return numbered_regions(cols, cells, int(opts.get("count", 1)),
                                opts.get("connected") == "true")
    if kind == "region-division":
        return region_division(cols, int(opts.get("size", 0)))
    if kind == "region-size":
        return region_size(cols, cells, int(opts.get("size", 0)), int(opts.get("min", 1)),
                           int(opts.get("max", 0)))
    if kind == "border-count":
        return border_count(cells, int(opts["count"]))
    if kind == "region-rectangle":
        shape = next((s for s in ("square", "tall", "wide") if opts.get(s) == "true"), "")
        each = [region_rectangle(cols, x, int(opts.get("span", 0)), shape) for x in cells]
        return lambda m: all(f(m) for f in each)
    if kind == "different-regions":
        return lambda m: len({m[x] for x in cells}) == len(cells)
    raise ValueError(kind)


def negated(rule: RegionRule) -> RegionRule:
    return lambda m: not rule(m)


@functools.cache
def all_maps(rows: int, cols: int) -> list[Regions]:
    return region_maps(rows, cols)


def check_maps(tmp_path: Path, board: str, lines: list[tuple[str, bool]]) -> None:
    """The solver's count of the lines (each maybe negated) equals the maps brute force keeps."""
    rows, cols = map(int, board.split("x"))
    rules = [negated(map_rule(t, cols)) if n else map_rule(t, cols) for t, n in lines]
    want = sum(all(rule(m) for rule in rules) for m in all_maps(rows, cols))
    body = "\n".join(f"line-{k}: " + ("not " if n else "") + t for k, (t, n) in enumerate(lines))
    check(tmp_path, f"board: {board}\n", body, want)


def case_ids(cases: list[tuple[str, list[tuple[str, bool]]]]) -> list[str]:
    return [f"{c[0]} " + " & ".join(("not " if n else "") + t for t, n in c[1]) for c in cases]


NUMBERED_COUNT_CASES: list[tuple[str, list[tuple[str, bool]]]] = [
    ("1x4", [("numbered-regions r1c1-r1c2-r1c3-r1c4 count 2", False)]),  # the prose's example
    ("1x4", [("numbered-regions r1c1-r1c2-r1c3-r1c4 count 2", True)]),
    ("1x4", [("numbered-regions r1c1-r1c2-r1c3-r1c4 count 2 connected true", False)]),
    ("1x4", [("numbered-regions r1c1-r1c2-r1c3-r1c4 count 2 connected true", True)]),
    ("2x2", [("numbered-regions r1c1-r1c2-r2c2 count 3", False)]),
    ("2x2", [("numbered-regions r1c1-r2c2 connected true", False)]),
    ("2x2", [("numbered-regions r1c1-r2c2 connected true", True)]),
    ("2x3", [("numbered-regions r1c1-r1c3-r2c1-r2c3 count 2 connected true", False)]),
    ("2x3", [("numbered-regions r1c1-r2c3 connected true", False)]),
    ("3x2", [("numbered-regions r1c1-r2c2-r3c1 count 3", False)]),  # three listed, one region
    ("1x4", [("numbered-regions r1c1-r1c2-r1c3 count 2", False)]),  # three listed: none
    ("2x2", [("numbered-regions count 2", False)]),  # nothing listed: no region holds two
]


@pytest.mark.parametrize(("board", "lines"), NUMBERED_COUNT_CASES,
                         ids=case_ids(NUMBERED_COUNT_CASES))
def test_numbered_regions_count_and_connected(tmp_path: Path, board: str,
                                              lines: list[tuple[str, bool]]) -> None:
    check_maps(tmp_path, board, lines)


DIVISION_CASES: list[tuple[str, list[tuple[str, bool]]]] = [
    ("1x4", [("region-division", False)]),
    ("1x4", [("region-division", True)]),
    ("2x2", [("region-division", False)]),
    ("2x2", [("region-division", True)]),
    ("2x2", [("region-division size 2", False)]),
    ("2x2", [("region-division size 2", True)]),
    ("2x3", [("region-division", False)]),
    ("2x3", [("region-division size 3", False)]),  # the prose's example: three answers
    ("3x2", [("region-division size 2", False)]),
    ("2x3", [("region-division size 4", False)]),  # six cells in fours: none
    ("1x5", [("region-division size 5", False)]),  # one row, one region
    ("5x1", [("region-division size 1", False)]),  # one column, cells alone
    ("1x5", [("region-division size 3", False)]),  # three in a row, two left over: none
    ("1x6", [("region-division size 3", False)]),
]


@pytest.mark.parametrize(("board", "lines"), DIVISION_CASES, ids=case_ids(DIVISION_CASES))
def test_region_division_counts(tmp_path: Path, board: str,
                                lines: list[tuple[str, bool]]) -> None:
    check_maps(tmp_path, board, lines)


SIZE_CASES: list[tuple[str, list[tuple[str, bool]]]] = [
    ("2x3", [("numbered-regions r1c1-r2c3", False), ("region-size r1c1 size 4", False),
             ("region-size r2c3 min 1 max 3", False)]),  # the prose's example: two answers
    ("2x2", [("numbered-regions r1c1-r2c2", False), ("region-size r1c1 size 2", False)]),
    ("2x2", [("numbered-regions r1c1-r2c2", False), ("region-size r1c1 size 2", True)]),
    ("1x4", [("numbered-regions r1c1-r1c4", False), ("region-size r1c1 min 2 max 3", False)]),
    ("1x4", [("numbered-regions r1c1-r1c4", False), ("region-size r1c1 min 2 max 3", True)]),
    ("1x4", [("numbered-regions r1c1-r1c2", False), ("region-size r1c1 size 2", True)]),
    ("1x4", [("numbered-regions r1c2", False), ("region-size r1c2 size 4", False)]),
    ("1x4", [("numbered-regions r1c2", False), ("region-size r1c2 size 3", False)]),
    ("4x1", [("region-division", False), ("region-size r1c1 size 2", False)]),  # one column
    ("4x1", [("region-division", False), ("region-size r2c1 min 2", True)]),
    ("2x3", [("region-division", False), ("region-size r1c2 size 3", False)]),
    ("3x2", [("numbered-regions r1c1-r3c2", False), ("region-size r1c1 max 2", False),
             ("region-size r3c2 max 4", False)]),
    ("2x2", [("region-size r1c1 size 3", False), ("region-size r2c2 size 2", False),
             ("region-division", False)]),  # seven cells in all: none
    # two cells listed: they share the region named after the first
    ("1x5", [("numbered-regions r1c1-r1c3-r1c5 count 2", False),
             ("region-size r1c1-r1c3 min 3 max 4", False)]),
    ("1x5", [("numbered-regions r1c1-r1c3-r1c5 count 2", False),
             ("region-size r1c1-r1c3 min 3 max 4", True)]),
    ("2x3", [("numbered-regions r1c1-r1c3-r2c1-r2c3 count 2", False),
             ("region-size r1c1-r2c3 max 4", False)]),
    ("2x3", [("numbered-regions r1c1-r2c3", False), ("region-size r1c1-r2c3", False)]),
    ("2x3", [("numbered-regions r1c1-r1c3-r2c1-r2c3 count 2 connected true", False),
             ("region-size r1c1-r1c3 size 3", True)]),
    ("2x2", [("region-division", False), ("region-size r1c1-r2c2 size 3", False)]),
]


@pytest.mark.parametrize(("board", "lines"), SIZE_CASES, ids=case_ids(SIZE_CASES))
def test_region_size_counts(tmp_path: Path, board: str, lines: list[tuple[str, bool]]) -> None:
    check_maps(tmp_path, board, lines)


BORDER_CASES: list[tuple[str, list[tuple[str, bool]]]] = [
    ("2x3", [("region-division size 3", False), ("border-count r1c2 count 2", False)]),
    ("2x3", [("region-division size 3", False), ("border-count r1c2 count 2", True)]),
    ("2x2", [("region-division", False), ("border-count r1c1 count 4", False)]),
    ("2x2", [("region-division", False), ("border-count r1c1-r2c2 count 3", False)]),
    ("2x2", [("region-division", False), ("border-count r1c1 count 2", True)]),
    ("1x4", [("region-division", False), ("border-count r1c2 count 2", False)]),  # one row
    ("1x4", [("region-division", False), ("border-count r1c2 count 3", True)]),
    ("4x1", [("region-division", False), ("border-count r2c1 count 3", False)]),  # one column
    ("2x2", [("numbered-regions r1c1-r2c2", False), ("border-count r1c2 count 3", False)]),
    ("2x3", [("region-division size 2", False), ("border-count r1c1 count 0", False)]),
]


@pytest.mark.parametrize(("board", "lines"), BORDER_CASES, ids=case_ids(BORDER_CASES))
def test_border_count_counts(tmp_path: Path, board: str, lines: list[tuple[str, bool]]) -> None:
    check_maps(tmp_path, board, lines)


RECTANGLE_CASES: list[tuple[str, list[tuple[str, bool]]]] = [
    ("2x3", [("numbered-regions r1c1-r2c3", False), ("region-rectangle r1c1 span 3", False),
             ("region-rectangle r2c3", False)]),  # the prose's example: one answer
    ("2x3", [("numbered-regions r1c1-r2c3", False), ("region-rectangle r1c1-r2c3", False)]),
    ("2x3", [("numbered-regions r1c1-r2c3", False), ("region-rectangle r1c1", True)]),
    ("2x3", [("numbered-regions r1c1-r2c3", False), ("region-rectangle r1c1 span 3", True),
             ("region-rectangle r2c3", False)]),
    ("2x2", [("numbered-regions r1c1-r2c2", False), ("region-rectangle r1c1 tall true", False)]),
    ("2x2", [("numbered-regions r1c1-r2c2", False), ("region-rectangle r1c1 tall true", True)]),
    ("2x3", [("numbered-regions r1c2-r2c2", False), ("region-rectangle r1c2 wide true", False),
             ("region-rectangle r2c2", False)]),
    ("2x3", [("numbered-regions r1c1-r1c3", False), ("region-rectangle r1c1 square true", False),
             ("region-rectangle r1c3", False)]),
    ("1x4", [("numbered-regions r1c2-r1c4", False), ("region-rectangle r1c2 span 3", False)]),
    ("1x4", [("numbered-regions r1c2-r1c4", False), ("region-rectangle r1c2 span 3", True)]),
    ("4x1", [("numbered-regions r2c1", False), ("region-rectangle r2c1 span 5", False)]),
    ("2x2", [("region-division", False), ("region-rectangle r1c1 square true", False)]),
    ("2x2", [("region-division", False), ("region-rectangle r1c2", False)]),
]


@pytest.mark.parametrize(("board", "lines"), RECTANGLE_CASES, ids=case_ids(RECTANGLE_CASES))
def test_region_rectangle_counts(tmp_path: Path, board: str,
                                 lines: list[tuple[str, bool]]) -> None:
    check_maps(tmp_path, board, lines)
