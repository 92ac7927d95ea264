"""Solution counts of the shading kinds of Hitori, Heyawake, Kuromasu, Cave, Creek and Gappy,
against brute force on tiny boards.

Each kind's reference semantics is written here from its prose, independently of the Sapphire
meaning in its .md file; the solver's count of shadings must equal brute force over every
shading of the board, for the rule and for its negation.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from counting import NOT, Cell, Grid, Rule, brute, case_error, cells_of, check, one_group

ROWS, COLS = 3, 3
BOARD = [(r, c) for r in range(1, ROWS + 1) for c in range(1, COLS + 1)]
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))

# --- reference semantics ---------------------------------------------------------------------


def shaded_apart(g: Grid) -> bool:
    """No two shaded cells share an edge."""
    return not any(g[(r, c)] and g.get((r + dr, c + dc), 0) for r, c in g for dr, dc in STEPS)


def shaded_no_touch(g: Grid) -> bool:
    """No two shaded cells share an edge or a corner."""
    return not any(g[(r, c)] and g.get((r + dr, c + dc), 0) for r, c in g
                   for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))


def unshaded_connected(g: Grid) -> bool:
    return one_group([x for x in g if not g[x]])


def shaded_reach_edge(g: Grid) -> bool:
    """From every shaded cell a path of shaded cells leads to a cell of the outer ring."""
    rows = max(r for r, _ in g)
    cols = max(c for _, c in g)
    todo = [x for x in g if g[x] and (x[0] in (1, rows) or x[1] in (1, cols))]
    seen = set(todo)
    while todo:
        r, c = todo.pop()
        for dr, dc in STEPS:
            nb = (r + dr, c + dc)
            if g.get(nb, 0) and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return seen == {x for x in g if g[x]}


def seen_cells(S: list[Cell], count: int) -> Rule:
    """Each listed cell is unshaded and sees `count` unshaded cells, itself included, looking
    along its row and column up to the first shaded cell or the edge."""
    def sees(g: Grid, cell: Cell) -> int:
        n = 1
        for dr, dc in STEPS:
            r, c = cell[0] + dr, cell[1] + dc
            while (r, c) in g and not g[(r, c)]:
                n += 1
                r, c = r + dr, c + dc
        return n
    return lambda g: all(not g[x] and sees(g, x) == count for x in S)


def unshaded_distinct(numbers: dict[Cell, int]) -> Rule:
    """In every row and column, no number stands in two unshaded cells."""
    def f(g: Grid) -> bool:
        for a in g:
            for b in g:
                same_line = (a[0] == b[0]) != (a[1] == b[1])
                if a < b and same_line and numbers[a] == numbers[b] and not g[a] and not g[b]:
                    return False
        return True
    return f


def shade_count(S: list[Cell], count: int) -> Rule:
    return lambda g: sum(g[x] for x in set(S)) == count


def shade_per_line(count: int) -> Rule:
    """Every row and every column holds `count` shaded cells."""
    def f(g: Grid) -> bool:
        rows = {r for r, _ in g}
        cols = {c for _, c in g}
        return (all(sum(g[(r, c)] for c in cols) == count for r in rows)
                and all(sum(g[(r, c)] for r in rows) == count for c in cols))
    return f


def room(S: list[Cell], count: int = -1) -> Rule:
    return lambda g: count < 0 or sum(g[x] for x in set(S)) == count


def shade_gap(S: list[Cell], gap: int) -> Rule:
    """Exactly two of the line's cells are shaded, with `gap` cells between them."""
    def f(g: Grid) -> bool:
        at = [i for i, x in enumerate(S) if g[x]]
        return len(at) == 2 and at[1] - at[0] == gap + 1
    return f


# --- counts on a 3×3 board (every shading of the nine cells) --------------------------------

CASES: list[tuple[str, Rule]] = [
    ("shaded-apart", shaded_apart),
    ("shaded-no-touch", shaded_no_touch),
    ("unshaded-connected", unshaded_connected),
    ("shaded-reach-edge", shaded_reach_edge),
    ("shade-per-line count 1", shade_per_line(1)),
    ("shade-per-line count 2", shade_per_line(2)),
    ("shade-per-line count 0", shade_per_line(0)),
    ("seen-cells r2c2 count 3", seen_cells(cells_of("r2c2"), 3)),
    ("seen-cells r1c1 count 5", seen_cells(cells_of("r1c1"), 5)),
    ("seen-cells r1c2 count 1", seen_cells(cells_of("r1c2"), 1)),
    ("seen-cells r3c3 count 2", seen_cells(cells_of("r3c3"), 2)),
    ("seen-cells r1c1-r3c3 count 3", seen_cells(cells_of("r1c1-r3c3"), 3)),
    ("room r1c1-r1c2-r2c1 count 2", room(cells_of("r1c1-r1c2-r2c1"), 2)),
    ("room r2c2-r2c3-r3c3 count 0", room(cells_of("r2c2-r2c3-r3c3"), 0)),
    ("corner-count r1c1-r1c2-r2c1-r2c2 count 3", shade_count(cells_of("r1c1-r1c2-r2c1-r2c2"), 3)),
    ("corner-count r3c2-r3c3 count 1", shade_count(cells_of("r3c2-r3c3"), 1)),
    ("corner-count r1c3 count 0", shade_count(cells_of("r1c3"), 0)),
    ("shade-gap r1c1-r1c2-r1c3 gap 1", shade_gap(cells_of("r1c1-r1c2-r1c3"), 1)),
    ("shade-gap r3c1-r2c1-r1c1 gap 0", shade_gap(cells_of("r3c1-r2c1-r1c1"), 0)),
    ("shade-gap r1c2-r2c2-r3c2 gap 2", shade_gap(cells_of("r1c2-r2c2-r3c2"), 2)),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), CASES, ids=[c[0] for c in CASES])
def test_shading_kind_counts(tmp_path: Path, line: str, rule: Rule, negated: bool) -> None:
    want = brute(ROWS, COLS, range(2), [NOT(rule) if negated else rule])
    check(tmp_path, f"board: {ROWS}x{COLS}\n", ("not " if negated else "") + line, want)


def test_a_room_without_a_number_holds_any_shading_and_its_negation_none(
        tmp_path: Path) -> None:
    check(tmp_path, "board: 3x3\n", "room r1c1-r1c2", 2 ** 9)
    check(tmp_path, "board: 3x3\n", "not room r1c1-r1c2", 0)


def test_each_kind_on_a_one_row_board(tmp_path: Path) -> None:
    # a single row: touching is along the row only, every cell is on the edge
    for line, rule in [("shaded-no-touch", shaded_no_touch), ("shaded-apart", shaded_apart),
                       ("shaded-reach-edge", shaded_reach_edge),
                       ("unshaded-connected", unshaded_connected)]:
        for negated in (False, True):
            want = brute(1, 5, range(2), [NOT(rule) if negated else rule])
            check(tmp_path, "board: 1x5\n", ("not " if negated else "") + line, want)


NUMBERS = ["1 1 2", "2 3 1", "3 2 2"]
"""A Hitori's numbers on the 3×3 board: two 1s in row 1, two 2s in row 3 and in column 3."""


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
def test_unshaded_distinct_counts(tmp_path: Path, negated: bool) -> None:
    numbers = {(r, c): int(v) for r, row in enumerate(NUMBERS, 1)
               for c, v in enumerate(row.split(), 1)}
    rule = unshaded_distinct(numbers)
    want = brute(ROWS, COLS, range(2), [NOT(rule) if negated else rule])
    assert want == (2 ** 9 - 240 if negated else 240)
    front = "clues: |\n" + "".join(f"  {row}\n" for row in NUMBERS)
    check(tmp_path, front, ("not " if negated else "") + "unshaded-distinct", want)


def test_unshaded_distinct_reads_numbers_written_as_letters(tmp_path: Path) -> None:
    # 17 is H and 10 is A: the two Hs of row 1 may not both stay unshaded; the rest is free
    numbers = {(1, 1): 17, (1, 2): 17, (1, 3): 10, (2, 1): 1, (2, 2): 2, (2, 3): 3}
    want = brute(2, 3, range(2), [unshaded_distinct(numbers)])
    assert want == 48
    check(tmp_path, "clues: |\n  H H A\n  1 2 3\n", "unshaded-distinct", want)


def test_a_clue_outside_0_9_and_a_z_is_an_error(tmp_path: Path) -> None:
    err = case_error(tmp_path, "clues: |\n  h 1\n", "unshaded-distinct")
    [d] = err.diagnostics
    assert (d.kind, d.message) == ("givens-alphabet", "'h' is not a symbol of the clues")
    assert d.hint == "clues use '.' for an empty cell, the numbers 0-9 and A-Z for 10-35"


def test_a_hitori_as_its_three_rules(tmp_path: Path) -> None:
    # the three kinds together, as the importer writes a Hitori
    numbers = {(r, c): int(v) for r, row in enumerate(NUMBERS, 1)
               for c, v in enumerate(row.split(), 1)}
    rules = [unshaded_distinct(numbers), shaded_apart, unshaded_connected]
    want = brute(ROWS, COLS, range(2), rules)
    front = "clues: |\n" + "".join(f"  {row}\n" for row in NUMBERS)
    check(tmp_path, front, "unshaded-distinct\nshaded-apart\nunshaded-connected", want)


def test_a_cave_as_its_rules(tmp_path: Path) -> None:
    # the cave is unshaded and one piece, its outside reaches the edge, the numbers see
    rules = [unshaded_connected, shaded_reach_edge, seen_cells(cells_of("r2c2"), 4),
             seen_cells(cells_of("r1c1"), 2)]
    want = brute(ROWS, COLS, range(2), rules)
    check(tmp_path, "board: 3x3\n", "unshaded-connected\nshaded-reach-edge\n"
          "seen-1: seen-cells r2c2 count 4\nseen-2: seen-cells r1c1 count 2", want)
