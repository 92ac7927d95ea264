"""Solution counts of the kinds for tents and regions (Tent, Fillomino, Shikaku, Galaxies, LITS,
Battleship), against brute force on tiny boards.

As in test_puzzlekit_kinds.py, each kind's reference semantics is written here from its prose,
independently of the Sapphire meaning in its .md file, and the solver's count must equal brute
force, for the rule and its negation (where the kind can be negated).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pytest
from counting import (
    Cell,
    Grid,
    RegionRule,
    Regions,
    Rule,
    brute,
    case_error,
    cells_of,
    check,
    givens_front,
    one_group,
    place,
    region_maps,
)

# --- Tent: trees with their own tents -------------------------------------------------------


def tents(trees: list[Cell]) -> Rule:
    """Trees hold no tent, tents do not touch (not even diagonally), and trees and tents pair up
    one to one, each tree with a tent beside it (tried over every pairing)."""
    def f(g: Grid) -> bool:
        tent_cells = [x for x, v in g.items() if v]
        if any(g[t] for t in trees) or len(tent_cells) != len(trees):
            return False
        for (r, c), (r2, c2) in itertools.combinations(tent_cells, 2):
            if abs(r - r2) <= 1 and abs(c - c2) <= 1:
                return False
        return any(all(abs(t[0] - x[0]) + abs(t[1] - x[1]) == 1 for t, x in zip(trees, p,
                                                                                  strict=True))
                   for p in itertools.permutations(tent_cells))
    return f


def shade_count(S: list[Cell], count: int) -> Rule:
    return lambda g: sum(g[c] for c in S) == count


TENT_CASES = [
    ("3x3", "tents r1c1-r3c3", []),
    ("3x3", "tents r2c2", []),
    ("3x3", "tents r1c2-r2c2", []),  # one tent above the other tree's: r1c2's goes to a side
    ("2x4", "tents r1c2-r2c3", []),
    ("3x3", "tents r1c1-r3c3", ["shade-count r1c1-r1c2-r1c3 count 1"]),
    ("3x4", "tents r1c1-r2c3-r3c1", []),
    ("2x2", "tents r1c1-r1c2-r2c1", []),  # three trees, one free cell: no answer
    ("3x3", "tents", []),  # no trees: no tents
    ("1x3", "tents", ["shade-count r1c1-r1c2-r1c3 count 1"]),  # no trees, yet a tent counted
]


@pytest.mark.parametrize(("board", "line", "more"), TENT_CASES,
                         ids=[f"{c[0]} {c[1]} {' '.join(c[2])}" for c in TENT_CASES])
def test_tents_counts(tmp_path: Path, board: str, line: str, more: list[str]) -> None:
    rows, cols = map(int, board.split("x"))
    rules = [tents(cells_of(line.split()[1]) if " " in line else [])]
    for m in more:
        _, cells, _, count = m.split()
        rules.append(shade_count(cells_of(cells), int(count)))
    want = brute(rows, cols, range(2), rules)
    check(tmp_path, f"board: {board}\n", "\n".join([line, *more]), want)


def test_tents_counts_known_value(tmp_path: Path) -> None:
    # the example of tents.md: the tents of r1c1 and r3c3 with one tent in row 1
    check(tmp_path, "board: 3x3\n", "tents r1c1-r3c3\nshade-count r1c1-r1c2-r1c3 count 1", 1)


def test_tents_pairings_of_the_same_tents_are_one_answer(tmp_path: Path) -> None:
    # trees r1c2 and r3c2 both stand beside r2c1 and r2c3: with tents there, either tree may
    # take either tent, and the solver counts that shading once, as brute force does
    want = brute(3, 3, range(2), [tents([(1, 2), (3, 2)])])
    assert want > 0
    check(tmp_path, "board: 3x3\n", "tents r1c2-r3c2", want)


def test_not_tents_is_refused(tmp_path: Path) -> None:
    # the pairing is the solver's choice, so `not tents` would have to range over every pairing
    e = case_error(tmp_path, "board: 3x3\n", "not tents r1c1-r3c3")
    assert [d.kind for d in e.diagnostics] == ["no-domain"]
    assert "toward" in e.diagnostics[0].message



# --- region maps: Shikaku's numbered rectangles ----------------------------------------------

def numbered_regions(cols: int, S: list[Cell]) -> RegionRule:
    """Each listed cell is named after itself, and every cell after some listed cell."""
    names = {place(cols, x) for x in S}
    return lambda m: (all(m[x] == place(cols, x) for x in S)
                      and all(v in names for v in m.values()))


def rectangle(cols: int, cell: Cell, size: int) -> RegionRule:
    """The cells named after `cell` are `size` cells filling their bounding box, `cell` among
    them."""
    def f(m: Regions) -> bool:
        mine = [x for x, v in m.items() if v == place(cols, cell)]
        if cell not in mine or len(mine) != size:
            return False
        rs, cs = [x[0] for x in mine], [x[1] for x in mine]
        return (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1) == size
    return f


def negated(rule: RegionRule) -> RegionRule:
    return lambda m: not rule(m)


def count_maps(rows: int, cols: int, rules: list[RegionRule]) -> int:
    return sum(all(rule(m) for rule in rules) for m in region_maps(rows, cols))


SHIKAKU_CASES: list[tuple[str, list[tuple[str, bool]]]] = [
    # (board, [(line, negated)]): the lines of one count test
    ("2x2", [("numbered-regions r1c1-r2c2", False)]),
    ("2x2", [("numbered-regions r1c1-r2c2", True)]),
    ("2x2", [("numbered-regions r1c1-r2c2", False), ("rectangle r1c1 size 2", False)]),
    ("2x2", [("numbered-regions r1c1-r2c2", False), ("rectangle r2c2 size 3", False)]),
    ("2x2", [("numbered-regions r1c2", False), ("rectangle r1c2 size 4", False)]),
    ("2x2", [("numbered-regions r1c1-r1c2", False), ("rectangle r1c1 size 2", True)]),
    ("2x2", [("rectangle r1c1 size 2", False)]),
    ("1x4", [("rectangle r1c2 size 3", True)]),
    ("1x4", [("numbered-regions r1c2-r1c4", False), ("rectangle r1c2 size 2", False)]),
    ("1x4", [("numbered-regions r1c2-r1c4", False), ("rectangle r1c4 size 3", True)]),
    ("1x4", [("rectangle r1c3 size 2", False), ("numbered-regions r1c3", True)]),
    ("1x4", [("rectangle r1c3 size 2", True), ("numbered-regions r1c1", False)]),
    # two rows, so that a rectangle's reach differs from row to row (a 2×2 from r1c1 never
    # reaches r2c3, a 1×4 never fits)
    ("2x3", [("numbered-regions r1c1-r2c3", False), ("rectangle r1c1 size 4", False)]),
    ("2x3", [("numbered-regions r1c1-r2c3", False), ("rectangle r1c1 size 4", True)]),
    ("2x3", [("numbered-regions r1c2-r2c1", False), ("rectangle r1c2 size 4", True)]),
    ("2x3", [("numbered-regions r1c1-r2c3", False), ("rectangle r2c3 size 3", True)]),
    ("2x3", [("numbered-regions r1c1-r1c3-r2c2", False), ("rectangle r2c2 size 2", False)]),
    ("2x3", [("rectangle r1c1 size 4", False)]),
    ("2x2", [("numbered-regions", False)]),  # no numbered cell: no region holds one
    ("2x2", [("numbered-regions", True)]),
]


def region_rule(line: str, cols: int) -> RegionRule:
    kind, *rest = line.split()
    if kind == "numbered-regions":
        return numbered_regions(cols, cells_of(rest[0]) if rest else [])
    cells = rest.pop(0)
    return rectangle(cols, cells_of(cells)[0], int(rest[1]))


@pytest.mark.parametrize(("board", "lines"), SHIKAKU_CASES,
                         ids=[f"{c[0]} " + " & ".join(("not " if n else "") + t for t, n in c[1])
                              for c in SHIKAKU_CASES])
def test_numbered_region_counts(tmp_path: Path, board: str,
                                lines: list[tuple[str, bool]]) -> None:
    rows, cols = map(int, board.split("x"))
    rules = [negated(region_rule(t, cols)) if n else region_rule(t, cols) for t, n in lines]
    want = count_maps(rows, cols, rules)
    body = "\n".join(f"line-{k}: " + ("not " if n else "") + t for k, (t, n) in enumerate(lines))
    check(tmp_path, f"board: {board}\n", body, want)


def test_shikaku_example_has_one_answer(tmp_path: Path) -> None:
    check(tmp_path, "board: 2x3\n", "numbered-regions r1c1-r2c3\nrectangle-1: rectangle r1c1 "
          "size 2\nrectangle-2: rectangle r2c3 size 4", 1)


# --- Galaxies: regions turned half round about their centres ---------------------------------


def galaxy(cols: int, P: list[Cell]) -> RegionRule:
    """The cells named after the first listed cell hold every listed cell, are one group, and
    hold with each cell the one opposite it across the middle of the first and last cell."""
    (r, c), (r2, c2) = P[0], P[-1]

    def f(m: Regions) -> bool:
        mine = {x for x, v in m.items() if v == place(cols, (r, c))}
        return (set(P) <= mine and one_group(mine)
                and all((r + r2 - y, c + c2 - x) in mine for y, x in mine))
    return f


GALAXY_CASES: list[tuple[str, list[tuple[str, bool]]]] = [
    ("2x2", [("galaxy r1c1-r1c2-r2c1-r2c2", False)]),
    ("2x2", [("galaxy r1c1", False)]),
    ("2x2", [("galaxy r1c1-r2c1", True)]),
    ("1x4", [("galaxy r1c2-r1c3", False)]),
    ("1x4", [("galaxy r1c2", False), ("numbered-regions r1c2-r1c4", False)]),
    ("2x2", [("galaxy r1c1-r2c1", False), ("numbered-regions r1c1-r1c2", False)]),
    ("2x2", [("galaxy r1c1-r2c1", True), ("numbered-regions r1c1-r1c2", False)]),
    ("1x4", [("galaxy r1c1-r1c2", False), ("galaxy r1c3", False),
             ("numbered-regions r1c1-r1c3", False)]),
]


def galaxy_rule(line: str, cols: int) -> RegionRule:
    kind, cells = line.split()
    if kind == "numbered-regions":
        return numbered_regions(cols, cells_of(cells))
    return galaxy(cols, cells_of(cells))


@pytest.mark.parametrize(("board", "lines"), GALAXY_CASES,
                         ids=[f"{c[0]} " + " & ".join(("not " if n else "") + t for t, n in c[1])
                              for c in GALAXY_CASES])
def test_galaxy_counts(tmp_path: Path, board: str, lines: list[tuple[str, bool]]) -> None:
    rows, cols = map(int, board.split("x"))
    rules = [negated(galaxy_rule(t, cols)) if n else galaxy_rule(t, cols) for t, n in lines]
    want = count_maps(rows, cols, rules)
    body = "\n".join(f"line-{k}: " + ("not " if n else "") + t for k, (t, n) in enumerate(lines))
    check(tmp_path, f"board: {board}\n", body, want)


# --- Battleship: a fleet of straight ships that do not touch ---------------------------------


def fleet(ships: list[tuple[int, int]]) -> Rule:
    """The ship cells fall into straight pieces, no two touching even at a corner, with
    exactly `n` pieces of each listed length `l` and none of another length."""
    def f(g: Grid) -> bool:
        cells = {x for x, v in g.items() if v}
        for (r, c), (r2, c2) in itertools.combinations(cells, 2):
            if abs(r - r2) == 1 and abs(c - c2) == 1:
                return False  # touching at a corner (or a bent ship)
        pieces: list[set[Cell]] = []
        for x in sorted(cells):
            piece = next((p for p in pieces if any(abs(x[0] - y[0]) + abs(x[1] - y[1]) == 1
                                                   for y in p)), None)
            if piece is None:
                pieces.append({x})
            else:
                piece.add(x)
        merged = True
        while merged:  # join pieces that a later cell linked
            merged = False
            for p, q in itertools.combinations(pieces, 2):
                if any(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a in p for b in q):
                    p |= q
                    pieces.remove(q)
                    merged = True
                    break
        if any(len({r for r, _ in p}) > 1 and len({c for _, c in p}) > 1 for p in pieces):
            return False
        lengths = sorted(len(p) for p in pieces)
        return lengths == sorted(length for length, n in ships for _ in range(n))
    return f


FLEET_CASES = [
    ("3x3", [(1, 1), (2, 1)], []),
    ("3x3", [(3, 1)], []),
    ("2x3", [(1, 2)], []),
    ("3x3", [(1, 1), (2, 1)], ["shade-count r1c1-r1c2-r1c3 count 2",
                               "shade-count r1c3-r2c3-r3c3 count 0"]),
    ("2x4", [(2, 2)], []),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("board", "ships", "more"), FLEET_CASES,
                         ids=[f"{c[0]} {c[1]} {' '.join(c[2])}" for c in FLEET_CASES])
def test_fleet_counts(tmp_path: Path, board: str, ships: list[tuple[int, int]],
                      more: list[str], negated: bool) -> None:
    rows, cols = map(int, board.split("x"))
    rule = fleet(ships)
    rules = [(lambda g: not rule(g)) if negated else rule]
    lines = [("not " if negated else "") + "fleet ships "
             + "[" + ",".join(f"[{length},{n}]" for length, n in ships) + "]"]
    for k, m in enumerate(more):
        _, cells, _, count = m.split()
        rules.append(shade_count(cells_of(cells), int(count)))
        lines.append(f"count-{k}: {m}")
    want = brute(rows, cols, range(2), rules)
    check(tmp_path, f"board: {board}\n", "\n".join(lines), want)


def test_fleet_example_has_two_answers(tmp_path: Path) -> None:
    check(tmp_path, "board: 3x3\n", "fleet ships [[1,1],[2,1]]\nrow-1: shade-count r1c1-r1c2-"
          "r1c3 count 2\ncolumn-3: shade-count r1c3-r2c3-r3c3 count 0", 2)


# --- LITS: tetrominoes with their shapes as digits --------------------------------------------

SHAPE_CELLS = {1: {(0, 0), (1, 0), (2, 0), (2, 1)}, 2: {(0, 0), (0, 1), (0, 2), (0, 3)},
               3: {(0, 0), (0, 1), (0, 2), (1, 1)}, 4: {(0, 0), (0, 1), (1, 1), (1, 2)},
               5: {(0, 0), (0, 1), (1, 0), (1, 1)}}
"""One placement of each shape, by its digit: L, I, T, S, O."""


def normal(cells: set[Cell]) -> frozenset[Cell]:
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def shape_of(cells: set[Cell]) -> int | None:
    """The digit of the shape the four cells make, turned or mirrored; None for no shape."""
    for digit, shape in SHAPE_CELLS.items():
        forms = set()
        for flip in (1, -1):
            for turn in range(4):
                form = {(flip * r, c) for r, c in shape}
                for _ in range(turn):
                    form = {(c, -r) for r, c in form}
                forms.add(normal(form))
        if normal(cells) in forms:
            return digit
    return None


Pair2 = tuple[Grid, Grid]  # shading and digits


def tetromino(S: list[Cell]) -> Callable[[Pair2], bool]:
    pieces: dict[tuple[int, ...], tuple[set[Cell], int | None]] = {}  # by the cells' shades

    def f(p: Pair2) -> bool:
        shade, digit = p
        key = tuple(shade[x] for x in S)
        if key not in pieces:
            piece = {x for x in S if shade[x]}
            pieces[key] = (piece, shape_of(piece) if len(piece) == 4 and one_group(piece)
                           else None)
        piece, code = pieces[key]
        return code is not None and all(digit[x] == (code if x in piece else 0) for x in S)
    return f


def pairs_over(cells: list[Cell], shading: Grid, digits: Grid) -> list[Pair2]:
    """Every shading and digit map (0-5) of the cells that keeps the given ones."""
    out = []
    for shades in itertools.product((0, 1), repeat=len(cells)):
        shade = dict(zip(cells, shades, strict=True))
        if any(shade[x] != v for x, v in shading.items()):
            continue
        free = [x for x in cells if x not in digits]
        for ds in itertools.product(range(6), repeat=len(free)):
            out.append((shade, {**digits, **dict(zip(free, ds, strict=True))}))
    return out


def front(board: str, shading: Grid, digits: Grid) -> str:
    rows, cols = map(int, board.split("x"))
    return (f"board: {board}\ndigits: 0-5\n" + givens_front(rows, cols, shading, "shading")
            + givens_front(rows, cols, digits))


def board_cells(board: str) -> list[Cell]:
    rows, cols = map(int, board.split("x"))
    return [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]


def all_shaded_but(board: str, *unshaded: Cell) -> Grid:
    return {x: 0 if x in unshaded else 1 for x in board_cells(board)}


TETROMINO_CASES: list[tuple[str, str, Grid, Grid]] = [
    # (board, cells, shading, digits) given; plain counts shadings whose digits follow
    ("2x3", "r1c1-r1c2-r1c3-r2c1-r2c2-r2c3", {(1, 1): 0}, {}),
    ("2x3", "r1c1-r1c2-r1c3-r2c1-r2c2-r2c3", {(1, 2): 0}, {}),
    ("1x4", "r1c1-r1c2-r1c3-r1c4", {}, {}),
    ("3x2", "r1c1-r2c1-r3c1-r3c2", {}, {(1, 1): 1}),
    ("2x3", "r1c1-r1c2-r1c3-r2c2", {}, {(2, 2): 3}),
    # `not`: the shading given, two digits left open
    ("2x3", "r1c1-r1c2-r1c3-r2c1-r2c2-r2c3", all_shaded_but("2x3", (1, 1), (2, 3)),
     {(1, 2): 4, (1, 3): 0, (2, 1): 4, (2, 2): 4}),
    ("2x2", "r1c1-r1c2-r2c1-r2c2", all_shaded_but("2x2"), {(1, 1): 5, (2, 2): 5}),
]


TETROMINO_RUNS = [(*c, negated) for c in TETROMINO_CASES for negated in (False, True)
                  if not negated or len(c[2]) == len(board_cells(c[0]))]
"""Each case plain, and negated where the shading is given (else the count passes the cap)."""


@pytest.mark.parametrize(("board", "cells", "shading", "digits", "negated"), TETROMINO_RUNS,
                         ids=[("not " if c[4] else "") + f"{c[0]} {c[1]} {sorted(c[2].items())} "
                              f"{sorted(c[3].items())}" for c in TETROMINO_RUNS])
def test_tetromino_counts(tmp_path: Path, board: str, cells: str, shading: Grid, digits: Grid,
                          negated: bool) -> None:
    cs = board_cells(board)
    rule = tetromino(cells_of(cells))
    want = sum(rule(p) != negated for p in pairs_over(cs, shading, digits))
    check(tmp_path, front(board, shading, digits), ("not " if negated else "")
          + f"tetromino {cells}", want)


def test_tetromino_shapes_of_the_example(tmp_path: Path) -> None:
    # tetromino.md: with r1c1 unshaded, an O, an S, a T and an L
    check(tmp_path, "board: 2x3\ndigits: 0-5\n", "tetromino r1c1-r1c2-r1c3-r2c1-r2c2-r2c3\n"
          "shade-count r1c1 count 0", 4)


def different_shapes(S: list[Cell]) -> Callable[[Pair2], bool]:
    return lambda p: all(not (p[0][x] and p[0][y]) or p[1][x] != p[1][y]
                         for x, y in itertools.combinations(S, 2))


def connected_wall(rows: int, cols: int) -> Rule:
    def f(g: Grid) -> bool:
        blocks = any(all(g[x] for x in ((r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)))
                     for r in range(1, rows) for c in range(1, cols))
        return not blocks and one_group({x for x, v in g.items() if v})
    return f


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("board", "cells"), [("1x2", "r1c1-r1c2"), ("1x3", "r1c1-r1c3")])
def test_different_shapes_counts(tmp_path: Path, board: str, cells: str, negated: bool) -> None:
    rule = different_shapes(cells_of(cells))
    cs = board_cells(board)
    given = {(1, 2): 0} if board == "1x3" else {}  # the middle cell: unshaded, digit 0
    want = sum(rule(p) != negated for p in pairs_over(cs, given, given))
    check(tmp_path, front(board, given, given), ("not " if negated else "")
          + f"different-shapes {cells}", want)


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize("board", ["2x3", "3x3", "1x4"])
def test_connected_wall_counts(tmp_path: Path, board: str, negated: bool) -> None:
    rows, cols = map(int, board.split("x"))
    rule = connected_wall(rows, cols)
    want = brute(rows, cols, range(2), [(lambda g: not rule(g)) if negated else rule])
    check(tmp_path, f"board: {board}\n", ("not " if negated else "") + "connected-wall", want)
