"""Solution counts of the shading kinds for connectivity, 2×2 blocks and shapes (Aqre, Canal
View, Chocona, Cocktail Lamp, Fobidoshi, Norinori, Nurimisaki, Paint Area, Shimaguni, Snake,
Tile Paint, Yajikabe), against brute force on tiny boards.

Each kind's reference semantics is written here from its prose, independently of the Sapphire
meaning in its .md file; the solver's count of shadings must equal brute force over every
shading of the board, for the rule and for its negation. Boards one cell tall or wide, and lines
listing no cells where a kind allows it, are counted too.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from counting import NOT, Cell, Grid, Rule, brute, case_error, cells_of, check, one_group

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))

# --- reference semantics ---------------------------------------------------------------------


def size(g: Grid) -> tuple[int, int]:
    return max(r for r, _ in g), max(c for _, c in g)


def king_group(cells: list[Cell]) -> bool:
    """Whether the cells are one group through shared edges or corners (none: trivially)."""
    todo = cells[:1]
    seen = set(todo)
    while todo:
        r, c = todo.pop()
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                nb = (r + dr, c + dc)
                if nb in cells and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
    return len(seen) == len(set(cells))


def groups(cells: list[Cell]) -> list[list[Cell]]:
    """The groups of the cells joined through shared edges."""
    left, out = set(cells), []
    for start in cells:
        if start not in left:
            continue
        left.discard(start)
        todo, grp = [start], [start]
        while todo:
            r, c = todo.pop()
            for dr, dc in STEPS:
                nb = (r + dr, c + dc)
                if nb in left:
                    left.discard(nb)
                    todo.append(nb)
                    grp.append(nb)
        out.append(grp)
    return out


def neighbours_of(g: Grid, cell: Cell, shade: int) -> int:
    """How many side neighbours of the cell, on the board, have the shade."""
    r, c = cell
    return sum(g.get((r + dr, c + dc)) == shade for dr, dc in STEPS)


def blocks_2x2(g: Grid) -> list[list[Cell]]:
    rows, cols = size(g)
    return [[(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            for r in range(1, rows) for c in range(1, cols)]


def shaded_connected(diagonal: bool = False, shade: int = 1) -> Rule:
    def f(g: Grid) -> bool:
        cells = [x for x in g if g[x] == shade]
        return king_group(cells) if diagonal else one_group(cells)
    return f


def one_block(S: list[Cell], shade: int = 1) -> Rule:
    """The listed cells of the shade are one group through edges between listed cells."""
    return lambda g: one_group([x for x in S if g[x] == shade])


def no_2x2(shade: int = 1) -> Rule:
    return lambda g: not any(all(g[x] == shade for x in b) for b in blocks_2x2(g))


def same_shading(S: list[Cell]) -> Rule:
    return lambda g: len({g[x] for x in S}) == 1


def shaded_neighbours(S: list[Cell], count: int, shade: int = 1) -> Rule:
    return lambda g: all(neighbours_of(g, x, shade) == count for x in S if g[x] == shade)


def shaded_rectangles(shade: int = 1, square: bool = False, width: int = 0) -> Rule:
    """Every group of the shade is a filled rectangle (a square; its shorter side at most
    `width`)."""
    def f(g: Grid) -> bool:
        for grp in groups([x for x in g if g[x] == shade]):
            h = max(r for r, _ in grp) - min(r for r, _ in grp) + 1
            w = max(c for _, c in grp) - min(c for _, c in grp) + 1
            if h * w != len(grp) or (square and h != w) or (width and min(h, w) > width):
                return False
        return True
    return f


def shaded_path(ends: list[Cell], loop: bool = False) -> Rule:
    """The shaded cells are one chain that never touches itself, not even at a corner: walked
    from one end (or around the loop), a cell touches only the cells just before and after it
    along the chain, and, where it turns, the one two steps away. The listed cells are ends."""
    def f(g: Grid) -> bool:
        cells = [x for x in g if g[x]]
        if not cells or not one_group(cells):
            return False
        order = chain(cells, loop)
        if order is None or any(e not in (order[0], order[-1]) for e in ends):
            return False
        if loop and ends:
            return False
        n = len(order)
        for i in range(n):
            for j in range(i + 1, n):
                gap = j - i if not loop else min(j - i, n - (j - i))
                a, b = order[i], order[j]
                touch = max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
                if touch and gap > 2:  # two steps apart, they touch only at a turn
                    return False
        return True
    return f


def chain(cells: list[Cell], loop: bool) -> list[Cell] | None:
    """The cells in order along a path (a loop: around it), or None when they are neither."""
    nb = {x: [y for y in cells if abs(x[0] - y[0]) + abs(x[1] - y[1]) == 1] for x in cells}
    if any(len(v) > 2 for v in nb.values()):
        return None
    ends = [x for x in cells if len(nb[x]) <= 1]
    if loop != (not ends) or (loop and len(cells) < 4):
        return None
    order = [ends[0] if ends else cells[0]]
    while len(order) < len(cells):
        nxt = [y for y in nb[order[-1]] if y not in order]
        if not nxt:
            return None
        order.append(nxt[0])
    return order


def dead_ends(S: list[Cell], count: int = 1, shade: int = 0) -> Rule:
    def f(g: Grid) -> bool:
        marked = {x for x in g if g[x] == shade and neighbours_of(g, x, shade) == count}
        return marked == set(S)
    return f


def seen_shaded(S: list[Cell], count: int) -> Rule:
    """Each listed cell is unshaded, and the runs of shaded cells starting next to it in the
    four directions hold `count` cells together."""
    def sees(g: Grid, cell: Cell) -> int:
        n = 0
        for dr, dc in STEPS:
            r, c = cell[0] + dr, cell[1] + dc
            while g.get((r, c)) == 1:
                n += 1
                r, c = r + dr, c + dc
        return n
    return lambda g: all(g[x] == 0 and sees(g, x) == count for x in S)


def equal_shade_counts(S: list[Cell], cuts: list[int]) -> Rule:
    def f(g: Grid) -> bool:
        bounds = [0, *sorted(cuts), len(S)]
        counts = [sum(g[x] for x in S[a:b]) for a, b in zip(bounds, bounds[1:], strict=False)]
        return len(set(counts)) <= 1
    return f


# --- counts on a 3×3 board (every shading of the nine cells) --------------------------------

CORNERS = cells_of("r1c1-r1c3-r3c1-r3c3")
BOARD_3X3 = [(r, c) for r in range(1, 4) for c in range(1, 4)]
ALL_3X3 = "-".join(f"r{r}c{c}" for r, c in BOARD_3X3)

CASES: list[tuple[str, Rule]] = [
    ("shaded-connected", shaded_connected()),
    ("shaded-connected diagonal true", shaded_connected(True)),
    ("unshaded-connected diagonal true", shaded_connected(True, 0)),
    ("unshaded-connected diagonal false", shaded_connected(False, 0)),
    ("one-block r1c1-r1c2-r1c3-r2c3-r3c3", one_block(cells_of("r1c1-r1c2-r1c3-r2c3-r3c3"))),
    ("one-block r1c1-r1c3-r3c1-r3c3", one_block(CORNERS)),
    ("one-block r2c2 unshaded true", one_block(cells_of("r2c2"), 0)),
    (f"one-block {ALL_3X3} unshaded true", one_block(BOARD_3X3, 0)),
    ("no-2x2", no_2x2()),
    ("no-2x2 unshaded true", no_2x2(0)),
    ("same-shading r1c1-r1c2-r2c1", same_shading(cells_of("r1c1-r1c2-r2c1"))),
    ("same-shading r2c2", same_shading(cells_of("r2c2"))),
    ("same-shading r1c1-r3c3", same_shading(cells_of("r1c1-r3c3"))),
    (f"shaded-neighbours {ALL_3X3} count 1", shaded_neighbours(BOARD_3X3, 1)),
    (f"shaded-neighbours {ALL_3X3} count 2", shaded_neighbours(BOARD_3X3, 2)),
    ("shaded-neighbours r2c2 count 4", shaded_neighbours(cells_of("r2c2"), 4)),
    ("shaded-neighbours r1c1-r2c2 count 0", shaded_neighbours(cells_of("r1c1-r2c2"), 0)),
    (f"shaded-neighbours {ALL_3X3} count 2 unshaded true", shaded_neighbours(BOARD_3X3, 2, 0)),
    ("shaded-rectangles", shaded_rectangles()),
    ("shaded-rectangles unshaded true", shaded_rectangles(0)),
    ("shaded-rectangles square true", shaded_rectangles(square=True)),
    ("shaded-rectangles square true unshaded true", shaded_rectangles(0, square=True)),
    ("shaded-rectangles width 1", shaded_rectangles(width=1)),
    ("shaded-rectangles width 2", shaded_rectangles(width=2)),
    ("shaded-rectangles width 1 square true", shaded_rectangles(square=True, width=1)),
    ("shaded-path", shaded_path([])),
    ("shaded-path r1c1", shaded_path(cells_of("r1c1"))),
    ("shaded-path r1c1-r3c3", shaded_path(cells_of("r1c1-r3c3"))),
    ("shaded-path r1c1-r1c3", shaded_path(cells_of("r1c1-r1c3"))),
    ("shaded-path r2c2-r1c2", shaded_path(cells_of("r2c2-r1c2"))),
    ("shaded-path loop true", shaded_path([], loop=True)),
    ("shaded-path r1c1 loop true", shaded_path(cells_of("r1c1"), loop=True)),
    ("dead-ends r1c1-r3c3", dead_ends(cells_of("r1c1-r3c3"))),
    ("dead-ends r2c2", dead_ends(cells_of("r2c2"))),
    ("dead-ends r1c2-r3c2 count 2", dead_ends(cells_of("r1c2-r3c2"), 2)),
    ("dead-ends r1c1 shaded true", dead_ends(cells_of("r1c1"), 1, 1)),
    ("dead-ends", dead_ends([])),
    ("dead-ends count 0", dead_ends([], 0)),
    ("seen-shaded r2c2 count 2", seen_shaded(cells_of("r2c2"), 2)),
    ("seen-shaded r1c1 count 0", seen_shaded(cells_of("r1c1"), 0)),
    ("seen-shaded r1c1 count 4", seen_shaded(cells_of("r1c1"), 4)),
    ("seen-shaded r1c2-r3c2 count 1", seen_shaded(cells_of("r1c2-r3c2"), 1)),
    ("equal-shade-counts r1c1-r1c2-r1c3-r3c1-r3c2-r3c3 cuts [3]",
     equal_shade_counts(cells_of("r1c1-r1c2-r1c3-r3c1-r3c2-r3c3"), [3])),
    ("equal-shade-counts r1c1-r1c2-r2c1-r2c2-r3c3 cuts [2, 4]",
     equal_shade_counts(cells_of("r1c1-r1c2-r2c1-r2c2-r3c3"), [2, 4])),
    ("equal-shade-counts r1c1-r2c2-r3c3 cuts []", equal_shade_counts(cells_of("r1c1"), [])),
    ("equal-shade-counts r1c1-r1c2-r1c1 cuts [2]",
     equal_shade_counts(cells_of("r1c1-r1c2-r1c1"), [2])),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), CASES, ids=[c[0][:60] for c in CASES])
def test_kind_counts_on_3x3(tmp_path: Path, line: str, rule: Rule, negated: bool) -> None:
    want = brute(3, 3, range(2), [NOT(rule) if negated else rule])
    check(tmp_path, "board: 3x3\n", ("not " if negated else "") + line, want)


# --- boards one cell tall or wide -----------------------------------------------------------

LINE_CASES: list[tuple[str, Callable[[list[Cell]], Rule]]] = [
    ("shaded-connected", lambda _: shaded_connected()),
    ("shaded-connected diagonal true", lambda _: shaded_connected(True)),
    ("unshaded-connected diagonal true", lambda _: shaded_connected(True, 0)),
    ("one-block {0}-{1}-{3}-{4}", lambda x: one_block([x[0], x[1], x[3], x[4]])),
    ("no-2x2", lambda _: no_2x2()),
    ("no-2x2 unshaded true", lambda _: no_2x2(0)),
    ("same-shading {1}-{2}-{4}", lambda x: same_shading([x[1], x[2], x[4]])),
    ("shaded-neighbours {0}-{1}-{2}-{3}-{4} count 1", lambda x: shaded_neighbours(x, 1)),
    ("shaded-neighbours {1}-{2}-{3} count 2 unshaded true",
     lambda x: shaded_neighbours(x[1:4], 2, 0)),
    ("shaded-rectangles", lambda _: shaded_rectangles()),
    ("shaded-rectangles square true", lambda _: shaded_rectangles(square=True)),
    ("shaded-rectangles width 1", lambda _: shaded_rectangles(width=1)),
    ("shaded-path", lambda _: shaded_path([])),
    ("shaded-path {1}-{3}", lambda x: shaded_path([x[1], x[3]])),
    ("shaded-path loop true", lambda _: shaded_path([], loop=True)),
    ("dead-ends {0}-{3}", lambda x: dead_ends([x[0], x[3]])),
    ("dead-ends", lambda _: dead_ends([])),
    ("seen-shaded {2} count 2", lambda x: seen_shaded([x[2]], 2)),
    ("equal-shade-counts {0}-{1}-{3}-{4} cuts [2]",
     lambda x: equal_shade_counts([x[0], x[1], x[3], x[4]], [2])),
]
"""Each line with `{k}` standing for the k-th cell (from 0) along the board's five cells, and
its reference rule built from those cells."""


@pytest.mark.parametrize("board", ["1x5", "5x1"])
@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule_of"), LINE_CASES, ids=[c[0] for c in LINE_CASES])
def test_kind_counts_on_one_row_or_column(tmp_path: Path, line: str,
                                          rule_of: Callable[[list[Cell]], Rule], negated: bool,
                                          board: str) -> None:
    rows, cols = map(int, board.split("x"))
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    text = line.format(*(f"r{r}c{c}" for r, c in cells))
    rule = rule_of(cells)
    want = brute(rows, cols, range(2), [NOT(rule) if negated else rule])
    check(tmp_path, f"board: {board}\n", ("not " if negated else "") + text, want)


# --- larger shapes on a 2×4 and a 4×2 board -------------------------------------------------

@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("board", "line", "rule"), [
    ("2x4", "shaded-rectangles square true", shaded_rectangles(square=True)),
    ("4x2", "shaded-rectangles square true unshaded true", shaded_rectangles(0, square=True)),
    ("2x4", "shaded-rectangles width 1", shaded_rectangles(width=1)),
    ("2x4", "shaded-path r1c1-r2c4", shaded_path(cells_of("r1c1-r2c4"))),
    ("4x2", "shaded-path loop true", shaded_path([], loop=True)),
    ("2x4", "shaded-connected diagonal true", shaded_connected(True)),
], ids=lambda v: v if isinstance(v, str) else "")
def test_kind_counts_on_2x4(tmp_path: Path, board: str, line: str, rule: Rule,
                            negated: bool) -> None:
    rows, cols = map(int, board.split("x"))
    want = brute(rows, cols, range(2), [NOT(rule) if negated else rule])
    check(tmp_path, f"board: {board}\n", ("not " if negated else "") + line, want)


# --- the kinds together, as the genres state them --------------------------------------------

def test_a_norinori_as_its_rules(tmp_path: Path) -> None:
    # two regions of a 2×3 board, each with two shaded cells, the shading cut into dominoes
    left, right = cells_of("r1c1-r2c1-r2c2"), cells_of("r1c2-r1c3-r2c3")
    everything = [(r, c) for r in (1, 2) for c in (1, 2, 3)]
    rules = [lambda g: sum(g[x] for x in left) == 2, lambda g: sum(g[x] for x in right) == 2,
             shaded_neighbours(everything, 1)]
    want = brute(2, 3, range(2), rules)
    check(tmp_path, "board: 2x3\n",
          "left: shade-count r1c1-r2c1-r2c2 count 2\nright: shade-count r1c2-r1c3-r2c3 count 2\n"
          "shaded-neighbours r1c1-r1c2-r1c3-r2c1-r2c2-r2c3 count 1", want)


def test_a_nurimisaki_as_its_rules(tmp_path: Path) -> None:
    # circles at r1c1 and r3c3, the number 3 on r1c1; no 2×2 of one shade; unshaded connected
    rules = [dead_ends(CORNERS[:1] + CORNERS[3:]), no_2x2(), no_2x2(0),
             shaded_connected(False, 0), lambda g: g[(1, 1)] == 0]
    want = brute(3, 3, range(2), rules)
    assert want > 0
    check(tmp_path, "board: 3x3\n", "dead-ends r1c1-r3c3\nshaded: no-2x2\nunshaded: no-2x2 "
          "unshaded true\nunshaded-connected\nshade-count r1c1 count 0", want)


def test_a_snake_on_a_ring(tmp_path: Path) -> None:
    # the ring's cells alone may be shaded: the snake between r1c2 and r2c1 goes the long way
    rules = [shaded_path(cells_of("r1c2-r2c1")), lambda g: g[(2, 2)] == 0]
    want = brute(3, 3, range(2), rules)
    assert want == 1
    check(tmp_path, "board: 3x3\n", "shaded-path r1c2-r2c1\nshade-count r2c2 count 0", want)


def test_a_line_of_a_kind_without_cells_is_refused(tmp_path: Path) -> None:
    for line in ("one-block", "same-shading", "shaded-neighbours count 1", "seen-shaded count 1",
                 "equal-shade-counts cuts [1]"):
        kinds = [d.kind for d in case_error(tmp_path, "board: 2x2\n", line).diagnostics]
        assert kinds == ["missing-cells"], line
