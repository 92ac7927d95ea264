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


# --- a diagonal in each cell: Gokigen Naname --------------------------------------------------
#
# An answer is a diagonal per cell: 1 `\` (joining the cell's top-left and bottom-right
# corners), 2 `/` (top-right and bottom-left) or 0 (none). Corner a,b is the bottom-right
# corner of cell a,b. Brute force tries every such filling.

Corner = tuple[int, int]


def ends_of(r: int, c: int, v: int) -> tuple[Corner, Corner] | None:
    return {1: ((r - 1, c - 1), (r, c)), 2: ((r - 1, c), (r, c - 1))}.get(v)


def has_loop(g: Grid) -> bool:
    """Whether the diagonals close a loop: one joins two corners already joined."""
    parent: dict[Corner, Corner] = {}

    def root(x: Corner) -> Corner:
        while parent.get(x, x) != x:
            x = parent[x]
        return x
    for (r, c), v in g.items():
        ends = ends_of(r, c, v)
        if ends is None:
            continue
        a, b = root(ends[0]), root(ends[1])
        if a == b:
            return True
        parent[a] = b
    return False


def gokigen_rule(g: Grid) -> bool:
    return all(v != 0 for v in g.values()) and not has_loop(g)


def corner_count(corner: Corner, count: int) -> Rule:
    return lambda g: sum(corner in (ends_of(r, c, v) or ()) for (r, c), v in g.items()) == count


GOKIGEN_CASES: list[tuple[str, str, Rule]] = [
    ("2x2", "gokigen", gokigen_rule),
    ("2x3", "gokigen", gokigen_rule),
    ("3x3", "gokigen", gokigen_rule),
    ("2x2", "corner-count r1c1-r1c2-r2c1-r2c2 count 2", corner_count((1, 1), 2)),
    ("2x2", "corner-count r1c1 count 1", corner_count((0, 0), 1)),
    ("2x3", "corner-count r2c2-r2c3 count 1", corner_count((2, 2), 1)),
    ("2x3", "corner-count r1c3-r2c3 count 0", corner_count((1, 3), 0)),
    ("2x3", "corner-count r2c3 count 1", corner_count((2, 3), 1)),
    ("1x1", "corner-count r1c1 count 1", lambda g: False),  # four corners: each must hold
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("board", "line", "rule"), GOKIGEN_CASES,
                         ids=[f"{c[0]} {c[1]}" for c in GOKIGEN_CASES])
def test_diagonal_kind_counts(tmp_path: Path, board: str, line: str, rule: Rule,
                              negated: bool) -> None:
    rows, cols = map(int, board.split("x"))
    if negated and rows * cols > 6:
        pytest.skip("3^9 fillings: past the cap under `not`")
    want = brute(rows, cols, range(3), [NOT(rule) if negated else rule])
    # a corner count reads the diagonals a `gokigen` line declares; `not gokigen` declares them
    # too and asks only that some cell be empty or some loop close, so both are counted with it
    extra = "" if line == "gokigen" else "\nnot gokigen"
    gok: Rule = (lambda g: True) if line == "gokigen" else NOT(gokigen_rule)
    if extra:
        want = brute(rows, cols, range(3), [gok, NOT(rule) if negated else rule])
    check(tmp_path, f"board: {board}\n", ("not " if negated else "") + line + extra, want)


def test_a_corner_count_with_gokigen_counts_the_slants() -> None:
    # r1c1-r1c2-r2c1-r2c2 count 4 is the X: the one answer; count 0 is the diamond, a loop
    assert brute(2, 2, range(3), [gokigen_rule, corner_count((1, 1), 4)]) == 1
    assert brute(2, 2, range(3), [gokigen_rule, corner_count((1, 1), 0)]) == 0


# --- bridges between islands: Hashi -----------------------------------------------------------
#
# An answer is the links (0-2 between each cell and its right and lower neighbour). The prose:
# a cell that is not an island passes bridges straight on (as many out to the right as in from
# the left and none up or down, or the other way about); the islands are joined into one group.


def hashi_rule(rows: int, cols: int, islands: list[Cell]) -> Callable[[Links], bool]:
    board = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]

    def at(links: Links, a: Cell, b: Cell) -> int:
        return links.get(frozenset({a, b}), 0)

    def f(links: Links) -> bool:
        for r, c in board:
            if (r, c) in islands:
                continue
            left, right = at(links, (r, c - 1), (r, c)), at(links, (r, c), (r, c + 1))
            up, down = at(links, (r - 1, c), (r, c)), at(links, (r, c), (r + 1, c))
            if not ((left == right and up == down == 0) or (up == down and left == right == 0)):
                return False
        # the islands are one group over the bridges
        todo = islands[:1]
        seen = set(todo)
        while todo:
            x = todo.pop()
            for e, m in links.items():
                if m and x in e:
                    (y,) = e - {x}
                    if y not in seen:
                        seen.add(y)
                        todo.append(y)
        return all(x in seen for x in islands)
    return f


def bridge_count(cells: list[Cell], count: int) -> Callable[[Links], bool]:
    return lambda links: all(sum(m for e, m in links.items() if x in e) == count for x in cells)


def links_brute(rows: int, cols: int, rules: list[Callable[[Links], bool]]) -> int:
    edges = link_edges(rows, cols)
    return sum(all(rule(dict(zip(edges, ms, strict=True))) for rule in rules)
               for ms in itertools.product((0, 1, 2), repeat=len(edges)))


HASHI_CASES = [("1x3", "r1c1-r1c3"), ("1x3", "r1c2"), ("2x2", "r1c1-r2c2"),
               ("2x2", "r1c1-r1c2-r2c1-r2c2"), ("2x3", "r1c1-r1c3-r2c2")]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("board", "islands"), HASHI_CASES,
                         ids=[f"{b} {i}" for b, i in HASHI_CASES])
def test_hashi_counts(tmp_path: Path, board: str, islands: str, negated: bool) -> None:
    rows, cols = map(int, board.split("x"))
    if negated and rows * cols > 4:
        pytest.skip("3^7 link sets: past the cap under `not`")
    rule = hashi_rule(rows, cols, cells_of(islands))
    want = links_brute(rows, cols, [(lambda x: not rule(x)) if negated else rule])
    check(tmp_path, f"board: {board}\n", ("not " if negated else "") + f"hashi {islands}", want)


BRIDGE_CASES = [("r1c1", 2), ("r1c1-r2c2", 1), ("r1c2", 4), ("r2c1", 0)]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("cells", "count"), BRIDGE_CASES,
                         ids=[f"{c} {n}" for c, n in BRIDGE_CASES])
def test_bridge_count_counts(tmp_path: Path, cells: str, count: int, negated: bool) -> None:
    # four islands on a 2x2 board, joined every way bridges may join them
    rule = bridge_count(cells_of(cells), count)
    want = links_brute(2, 2, [hashi_rule(2, 2, cells_of("r1c1-r1c2-r2c1-r2c2")),
                              (lambda x: not rule(x)) if negated else rule])
    body = ("hashi r1c1-r1c2-r2c1-r2c2\n" + ("not " if negated else "")
            + f"bridge-count {cells} count {count}")
    check(tmp_path, "board: 2x2\n", body, want)


def test_the_hashi_example_has_one_answer() -> None:
    rule = hashi_rule(3, 3, cells_of("r1c1-r1c3-r3c1-r3c3"))
    assert links_brute(3, 3, [rule, bridge_count(cells_of("r1c1-r1c3"), 2),
                              bridge_count(cells_of("r3c1-r3c3"), 1)]) == 1


# --- dominoes laid out: Dominos ---------------------------------------------------------------
#
# An answer is the links. The prose: every cell is on exactly one domino (one link, not a double
# one), and no two dominoes show the same pair of numbers.


def dominoes_rule(rows: int, cols: int, nums: Grid) -> Callable[[Links], bool]:
    board = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]

    def f(links: Links) -> bool:
        if any(m > 1 for m in links.values()):
            return False
        if any(sum(m for e, m in links.items() if x in e) != 1 for x in board):
            return False
        pairs = [tuple(sorted(nums[x] for x in e)) for e, m in links.items() if m]
        return len(pairs) == len(set(pairs))
    return f


def numbers_of(rows: str) -> Grid:
    return {(r, c): int(ch) for r, row in enumerate(rows.split("/"), 1)
            for c, ch in enumerate(row, 1)}


DOMINO_CASES = [("1x4", "0101"), ("2x2", "01/10"), ("2x2", "00/11"), ("2x3", "001/110"),
                ("2x3", "001/011"), ("3x2", "01/12/20")]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("board", "nums"), DOMINO_CASES,
                         ids=[f"{b} {n}" for b, n in DOMINO_CASES])
def test_dominoes_counts(tmp_path: Path, board: str, nums: str, negated: bool) -> None:
    rows, cols = map(int, board.split("x"))
    if negated and rows * cols > 4:
        pytest.skip("3^7 link sets: past the cap under `not`")
    rule = dominoes_rule(rows, cols, numbers_of(nums))
    want = links_brute(rows, cols, [(lambda x: not rule(x)) if negated else rule])
    clues = "".join("  " + " ".join(row) + "\n" for row in nums.split("/"))
    check(tmp_path, f"board: {board}\nclues: |\n{clues}", ("not " if negated else "") + "dominoes",
          want)


def test_the_dominoes_example_has_one_answer() -> None:
    assert links_brute(2, 3, [dominoes_rule(2, 3, numbers_of("001/110"))]) == 1


# --- poles: Magnetic ---------------------------------------------------------------------------
#
# The digits 0-2 are the poles: 0 neutral, 1 plus, 2 minus.


def magnet(S: list[Cell]) -> Rule:
    """Both halves neutral, or one plus and one minus."""
    return lambda g: sorted(g[x] for x in S) in ([0, 0], [1, 2])


def poles_apart(rows: int, cols: int) -> Rule:
    def f(g: Grid) -> bool:
        return not any(g[(r, c)] and g[(r, c)] == g.get((r + dr, c + dc))
                       for r in range(1, rows + 1) for c in range(1, cols + 1)
                       for dr, dc in ((0, 1), (1, 0)))
    return f


POLE_CASES: list[tuple[str, str, Rule]] = [
    ("1x2", "magnet r1c1-r1c2", magnet(cells_of("r1c1-r1c2"))),
    ("2x2", "magnet r2c2-r1c2", magnet(cells_of("r2c2-r1c2"))),
    ("1x3", "poles-apart", poles_apart(1, 3)),
    ("2x2", "poles-apart", poles_apart(2, 2)),
    ("2x3", "poles-apart", poles_apart(2, 3)),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("board", "line", "rule"), POLE_CASES,
                         ids=[f"{c[0]} {c[1]}" for c in POLE_CASES])
def test_pole_kind_counts(tmp_path: Path, board: str, line: str, rule: Rule,
                          negated: bool) -> None:
    rows, cols = map(int, board.split("x"))
    want = brute(rows, cols, range(3), [NOT(rule) if negated else rule])
    check(tmp_path, f"board: {board}\ndigits: 0-2\n", ("not " if negated else "") + line, want)


def test_the_magnet_examples() -> None:
    assert brute(1, 2, range(3), [magnet(cells_of("r1c1-r1c2"))]) == 3
    assert brute(2, 2, range(3), [poles_apart(2, 2), magnet(cells_of("r1c1-r1c2")),
                                  magnet(cells_of("r2c1-r2c2"))]) == 7
