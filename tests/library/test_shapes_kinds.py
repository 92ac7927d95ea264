"""Solution counts of the kinds added for Yajilin (a loop beside shaded cells) and NumberLink
(lines between pairs of numbers), against brute force on tiny boards.

Each kind's reference semantics is written here from its prose, independently of the Sapphire
meaning in its .md file. The solver counts answers (the shading, and the loop's edges where the
case has a loop, the links and region map of a NumberLink); brute force enumerates the same:
every shading of the board, every edge set the loop channel can answer (the borders of sets of
the squares between cell centres), every link set, judged by the rules' prose. Each rule is
checked plain and negated. The other genres' kinds are in test_shapes_grid_kinds.py.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pytest
from counting import CAP, NOT, Cell, Grid, Rule, brute, cells_of, check, givens_front

Edge = frozenset[Cell]
Answer = tuple[set[Edge], Grid]
"""A loop's edges (each the pair of cells it joins) and a shading (1 shaded)."""
LoopRule = Callable[[Answer], bool]


# --- shading only ----------------------------------------------------------------------------

def shaded_apart(rows: int, cols: int) -> Rule:
    def f(g: Grid) -> bool:
        return not any(g[(r, c)] and g.get((r + dr, c + dc), 0)
                       for r in range(1, rows + 1) for c in range(1, cols + 1)
                       for dr, dc in ((0, 1), (1, 0)))
    return f


def arrow_shade_count(S: list[Cell], count: int) -> Rule:
    """The cells after the first (the clue's) hold exactly `count` shaded ones."""
    return lambda g: sum(g[c] for c in S[1:]) == count


SHADE_CASES: list[tuple[str, str, Rule]] = [
    ("2x3", "shaded-apart", shaded_apart(2, 3)),
    ("3x3", "shaded-apart", shaded_apart(3, 3)),
    ("1x5", "shaded-apart", shaded_apart(1, 5)),
    ("1x5", "arrow-shade-count r1c1-r1c2-r1c3-r1c4-r1c5 count 2",
     arrow_shade_count(cells_of("r1c1-r1c2-r1c3-r1c4-r1c5"), 2)),
    ("2x3", "arrow-shade-count r2c3-r1c3 count 1", arrow_shade_count(cells_of("r2c3-r1c3"), 1)),
    ("2x3", "arrow-shade-count r1c3-r1c2-r1c1 count 0",
     arrow_shade_count(cells_of("r1c3-r1c2-r1c1"), 0)),
    ("1x4", "arrow-shade-count r1c2 count 0", arrow_shade_count(cells_of("r1c2"), 0)),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("board", "line", "rule"), SHADE_CASES,
                         ids=[f"{c[0]} {c[1]}" for c in SHADE_CASES])
def test_shading_kind_counts(tmp_path: Path, board: str, line: str, rule: Rule,
                             negated: bool) -> None:
    rows, cols = map(int, board.split("x"))
    want = brute(rows, cols, range(2), [NOT(rule) if negated else rule])
    # `shaded-apart` reads the shading another line declares: one that asks nothing of it
    body = ("not " if negated else "") + line + "\nshade-at-least r1c1 count 0"
    check(tmp_path, f"board: {board}\n", body, want)


def test_the_arrow_does_not_count_its_own_cell(tmp_path: Path) -> None:
    # r1c1 shaded by a given, the arrow from it sees none of the other two
    front = "board: 1x3\n" + givens_front(1, 3, {(1, 1): 1}, "shading")
    check(tmp_path, front, "arrow-shade-count r1c1-r1c2-r1c3 count 0", 1)


# --- the loop and the shading together ------------------------------------------------------

def edge_sets(rows: int, cols: int) -> list[set[Edge]]:
    """Every edge set of the loop channel: where the squares between cell centres (a,b for the
    one between cells a,b and a+1,b+1) differ, inside against outside."""
    squares = [(a, b) for a in range(1, rows) for b in range(1, cols)]
    out = []
    for bits in itertools.product((0, 1), repeat=len(squares)):
        inside = {sq for sq, v in zip(squares, bits, strict=True) if v}
        edges: set[Edge] = set()
        for r in range(1, rows + 1):
            for c in range(1, cols + 1):
                if c < cols and ((r - 1, c) in inside) != ((r, c) in inside):
                    edges.add(frozenset({(r, c), (r, c + 1)}))
                if r < rows and ((r, c - 1) in inside) != ((r, c) in inside):
                    edges.add(frozenset({(r, c), (r + 1, c)}))
        out.append(edges)
    return out


def is_one_loop(edges: set[Edge]) -> bool:
    """The edges are one closed loop: every cell they meet has two of them, and all hang
    together."""
    degree: dict[Cell, int] = {}
    for e in edges:
        for x in e:
            degree[x] = degree.get(x, 0) + 1
    if not edges or any(d != 2 for d in degree.values()):
        return False
    seen, todo = {next(iter(degree))}, [next(iter(degree))]
    while todo:
        x = todo.pop()
        for e in edges:
            if x in e and not e <= seen:
                (y,) = e - {x}
                seen.add(y)
                todo.append(y)
    return len(seen) == len(degree)


def visited(edges: set[Edge], cell: Cell) -> bool:
    return any(cell in e for e in edges)


def loop_or_shaded(S: list[Cell]) -> LoopRule:
    """Each cell is shaded or visited, not both."""
    return lambda a: all(bool(a[1][c]) != visited(a[0], c) for c in S)


def blank_cell(S: list[Cell]) -> LoopRule:
    """Each cell is unshaded and off the loop."""
    return lambda a: all(not a[1][c] and not visited(a[0], c) for c in S)


def loop_brute(rows: int, cols: int, rules: list[LoopRule], givens: Grid) -> int:
    board = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    free = [x for x in board if x not in givens]
    n = 0
    for edges in edge_sets(rows, cols):
        for bits in itertools.product((0, 1), repeat=len(free)):
            shading = {**givens, **dict(zip(free, bits, strict=True))}
            n += all(rule((edges, shading)) for rule in rules)
    return n


LOOP_CASES: list[tuple[str, Grid, str, Callable[[list[Cell]], LoopRule]]] = [
    ("2x3", {}, "loop-or-shaded r1c1-r1c2-r2c2", loop_or_shaded),
    ("2x3", {}, "loop-or-shaded r1c1-r1c2-r1c3-r2c1-r2c2-r2c3", loop_or_shaded),
    ("3x3", {(1, 1): 0, (1, 3): 1, (2, 2): 0, (3, 1): 1, (3, 3): 0},
     "loop-or-shaded r1c1-r1c2-r2c2-r2c3-r3c3", loop_or_shaded),
    ("2x3", {}, "blank-cell r1c1", blank_cell),
    ("2x3", {}, "blank-cell r1c2-r2c3", blank_cell),
    ("3x3", {(1, 1): 0, (1, 3): 1, (2, 1): 0, (3, 1): 1, (3, 3): 0},
     "blank-cell r2c2", blank_cell),
]


@pytest.mark.parametrize("with_loop", [True, False], ids=["loop", "not-loop"])
@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("board", "givens", "line", "kind"), LOOP_CASES,
                         ids=[f"{c[0]} {c[2]}" for c in LOOP_CASES])
def test_loop_and_shading_kind_counts(tmp_path: Path, board: str, givens: Grid, line: str,
                                      kind: Callable[[list[Cell]], LoopRule], negated: bool,
                                      with_loop: bool) -> None:
    rows, cols = map(int, board.split("x"))
    rule = kind(cells_of(line.split()[1]))
    loop_rule: LoopRule = ((lambda a: is_one_loop(a[0])) if with_loop
                           else (lambda a: not is_one_loop(a[0])))
    want = loop_brute(rows, cols, [loop_rule, (lambda a: not rule(a)) if negated else rule],
                      givens)
    assert want <= CAP
    front = f"board: {board}\n" + givens_front(rows, cols, givens, "shading")
    body = ("loop\n" if with_loop else "not loop\n") + ("not " if negated else "") + line
    check(tmp_path, front, body, want)


def test_a_small_yajilin_has_its_one_answer(tmp_path: Path) -> None:
    # 3×3: a clue in the centre says no cell left of it is shaded; the loop runs around it
    body = ("loop\nshaded-apart\nloop-or-shaded r1c1-r1c2-r1c3-r2c1-r2c3-r3c1-r3c2-r3c3\n"
            "blank-cell r2c2\narrow-shade-count r2c2-r2c1 count 0")
    want = loop_brute(3, 3, [lambda a: is_one_loop(a[0]),
                             lambda a: shaded_apart(3, 3)(a[1]),
                             loop_or_shaded(cells_of("r1c1-r1c2-r1c3-r2c1-r2c3-r3c1-r3c2-r3c3")),
                             blank_cell([(2, 2)]),
                             lambda a: a[1][(2, 1)] == 0], {})
    assert want == 1
    check(tmp_path, "board: 3x3\n", body, want)


# --- the links between neighbours: NumberLink ------------------------------------------------
#
# An answer is the links (how many lines join each cell to its right and lower neighbour, 0-2)
# and the region map (a number per cell from 1 to rows·cols). The prose: no doubled link; a
# numbered cell has one link, another none or two (two under `fill true`); the lines are
# paths joining the two cells of a pair, never loops; a line's cells are named by the place in
# reading order of its pair's first cell, a cell on no line by its own place.

Links = dict[Edge, int]


def link_edges(rows: int, cols: int) -> list[Edge]:
    return ([frozenset({(r, c), (r, c + 1)}) for r in range(1, rows + 1) for c in range(1, cols)]
            + [frozenset({(r, c), (r + 1, c)}) for r in range(1, rows) for c in range(1, cols + 1)])


def line_names(rows: int, cols: int, pairs: list[tuple[Cell, Cell]], fill: bool,
               links: Links) -> dict[Cell, int] | None:
    """The region map the prose asks for, or None when the links are not such lines."""
    if any(m > 1 for m in links.values()):
        return None
    used = {e for e, m in links.items() if m}
    board = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    degree = {x: sum(x in e for e in used) for x in board}
    ends = {x for pair in pairs for x in pair}
    for x in board:
        if degree[x] != 1 if x in ends else degree[x] not in ((2,) if fill else (0, 2)):
            return None
    place = {x: (x[0] - 1) * cols + x[1] for x in board}
    names = dict(place)
    seen: set[Cell] = set()
    for a, b in pairs:  # walk each line from its first cell: it must end at the second
        prev, here = None, a
        while True:
            seen.add(here)
            names[here] = place[a]
            step = [y for e in used if here in e for y in e - {here} if y != prev]
            if not step:
                break
            prev, here = here, step[0]
        if here != b:
            return None
    if any(degree[x] and x not in seen for x in board):  # a loop of its own
        return None
    return names


def numberlink_count(rows: int, cols: int, pairs: list[tuple[Cell, Cell]], fill: bool) -> int:
    """How many link sets are such lines; each has exactly one region map, so as many answers.
    A doubled link never is, so only links of 0 or 1 are tried."""
    edges = link_edges(rows, cols)
    return sum(line_names(rows, cols, pairs, fill, dict(zip(edges, ms, strict=True))) is not None
               for ms in itertools.product((0, 1), repeat=len(edges)))


def numberlink_negated_count(rows: int, cols: int, pairs: list[tuple[Cell, Cell]],
                             fill: bool) -> int:
    """How many answers (every link set of 0-2 and every region map) break the rule."""
    edges = link_edges(rows, cols)
    board = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    n = 0
    for ms in itertools.product((0, 1, 2), repeat=len(edges)):
        want = line_names(rows, cols, pairs, fill, dict(zip(edges, ms, strict=True)))
        for names in itertools.product(range(1, rows * cols + 1), repeat=len(board)):
            n += want is None or want != dict(zip(board, names, strict=True))
    return n


def pairs_of(path: str) -> list[tuple[Cell, Cell]]:
    cells = cells_of(path)
    return [(cells[i], cells[i + 1]) for i in range(0, len(cells), 2)]


NUMBERLINK_CASES = [("2x2", "r1c1-r2c2"), ("2x2", "r1c1-r1c2"), ("2x3", "r1c1-r2c3-r1c2-r2c2"),
                    ("3x3", "r1c1-r1c3-r2c1-r3c3"), ("3x3", "r2c2-r3c3"),
                    ("3x3", "r1c1-r3c3-r1c3-r3c1")]


@pytest.mark.parametrize("fill", [False, True], ids=["", "fill"])
@pytest.mark.parametrize(("board", "ends"), NUMBERLINK_CASES,
                         ids=[f"{b} {e}" for b, e in NUMBERLINK_CASES])
def test_numberlink_counts(tmp_path: Path, board: str, ends: str, fill: bool) -> None:
    rows, cols = map(int, board.split("x"))
    want = numberlink_count(rows, cols, pairs_of(ends), fill)
    check(tmp_path, f"board: {board}\n", f"numberlink {ends}" + (" fill true" if fill else ""),
          want)


NEGATED_CASES = [("1x3", "r1c1-r1c3"), ("1x3", "r1c1-r1c2"), ("1x2", "r1c1-r1c2"),
                 ("3x1", "r1c1-r3c1")]


@pytest.mark.parametrize("fill", [False, True], ids=["", "fill"])
@pytest.mark.parametrize(("board", "ends"), NEGATED_CASES,
                         ids=[f"{b} {e}" for b, e in NEGATED_CASES])
def test_not_numberlink_counts(tmp_path: Path, board: str, ends: str, fill: bool) -> None:
    rows, cols = map(int, board.split("x"))
    want = numberlink_negated_count(rows, cols, pairs_of(ends), fill)
    check(tmp_path, f"board: {board}\n",
          f"not numberlink {ends}" + (" fill true" if fill else ""), want)


def test_the_numberlink_example_has_five_answers_and_two_filled() -> None:
    assert numberlink_count(3, 3, pairs_of("r1c1-r1c3-r2c1-r3c3"), False) == 5
    assert numberlink_count(3, 3, pairs_of("r1c1-r1c3-r2c1-r3c3"), True) == 2
