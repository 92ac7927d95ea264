"""Solution counts of the kinds added for Gokigen Naname (a diagonal per cell), Hashi (bridges),
Dominos (dominoes as links) and Magnetic (poles as digits), against brute force on tiny boards.

As in test_shapes_kinds.py, each kind's reference semantics is written here from its prose,
independently of its Sapphire meaning, and the solver's count must equal brute force's, for the
rule and for `not` the rule.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pytest
from counting import NOT, Cell, Grid, Rule, brute, cells_of, check

Edge = frozenset[Cell]
Links = dict[Edge, int]
"""How many links join each pair of side-by-side cells."""


def link_edges(rows: int, cols: int) -> list[Edge]:
    return ([frozenset({(r, c), (r, c + 1)}) for r in range(1, rows + 1) for c in range(1, cols)]
            + [frozenset({(r, c), (r + 1, c)}) for r in range(1, rows) for c in range(1, cols + 1)])


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
    ("2x2", "corner-diagonals r1c1-r1c2-r2c1-r2c2 count 2", corner_count((1, 1), 2)),
    ("2x2", "corner-diagonals r1c1 count 1", corner_count((0, 0), 1)),
    ("2x3", "corner-diagonals r2c2-r2c3 count 1", corner_count((2, 2), 1)),
    ("2x3", "corner-diagonals r1c3-r2c3 count 0", corner_count((1, 3), 0)),
    ("2x3", "corner-diagonals r2c3 count 1", corner_count((2, 3), 1)),
    ("1x1", "corner-diagonals r1c1 count 1", lambda g: False),  # four corners: each must hold
    ("1x1", "corner-diagonals r1c1 corner 2 count 1", corner_count((0, 1), 1)),
    ("1x3", "corner-diagonals r1c2-r1c3 corner 3 count 0", corner_count((1, 2), 0)),
    ("1x3", "corner-diagonals r1c2-r1c3 corner 2 count 2", corner_count((0, 2), 2)),
    ("1x3", "corner-diagonals r1c2-r1c3 count 1",  # at both corners the cells meet at
     lambda g: corner_count((0, 2), 1)(g) and corner_count((1, 2), 1)(g)),
    ("3x1", "corner-diagonals r2c1-r3c1 corner 4 count 1", corner_count((2, 0), 1)),
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
