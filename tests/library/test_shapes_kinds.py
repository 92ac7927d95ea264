"""Solution counts of the kinds added for Yajilin (a loop beside shaded cells), against brute
force on tiny boards.

Each kind's reference semantics is written here from its prose, independently of the Sapphire
meaning in its .md file. The solver counts answers (the shading, and the loop's edges where the
case has a loop); brute force enumerates the same: every shading of the board, and every edge
set the loop channel can answer (the borders of sets of the squares between cell centres),
judged by the rules' prose. Each rule is checked plain and negated.
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
    check(tmp_path, f"board: {board}\n", ("not " if negated else "") + line, want)


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
