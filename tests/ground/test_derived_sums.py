"""Derived sums: what regions and known sums imply together, checked against every answer."""

from __future__ import annotations

import itertools
import random
import time

import pytest

from sapphire.ground.grounder import data_to_instance, ground
from sapphire.ground.implied import DerivedSum, implied_facts, imply
from sapphire.lang.parser import parse_program
from sapphire.model import GroundModel
from sapphire.pipeline import solve_model

SUDOKU = ("∀r∈{1⋯4} ∀c∈{1⋯4} ⦗f r c⦘∈{1⋯4}\n∀r∈{1⋯4}: distinct c∈{1⋯4}: ⦗f r c⦘\n"
          "∀c∈{1⋯4}: distinct r∈{1⋯4}: ⦗f r c⦘\n"
          "∀⟨p q⟩∈{0 1}×{0 1}: distinct⟨i j⟩∈{1 2}×{1 2}: ⦗f 2·p+i 2·q+j⦘\n")
"""A 4×4 sudoku: rows, columns and 2×2 boxes."""

Cell = tuple[int, int]
Grid = dict[Cell, int]


def g(text: str) -> GroundModel:
    return imply(ground(parse_program(text, "t.sapphire"), data_to_instance({})))


def cell(r: int, c: int) -> str:
    return f"⦗f {r} {c}⦘"


def cage(cells: list[Cell], total: int) -> str:
    return "+".join(cell(r, c) for r, c in cells) + f" = {total}\n"


def sudokus() -> list[Grid]:
    """Every 4×4 sudoku grid (288)."""
    out: list[Grid] = []
    cells = [(r, c) for r in range(1, 5) for c in range(1, 5)]

    def fits(grid: Grid, r: int, c: int, v: int) -> bool:
        return all(grid.get(other) != v for other in grid
                   if other[0] == r or other[1] == c
                   or ((other[0] - 1) // 2, (other[1] - 1) // 2) == ((r - 1) // 2, (c - 1) // 2))

    def fill(grid: Grid, k: int) -> None:
        if k == len(cells):
            out.append(dict(grid))
            return
        r, c = cells[k]
        for v in range(1, 5):
            if fits(grid, r, c, v):
                grid[r, c] = v
                fill(grid, k + 1)
                del grid[r, c]

    fill({}, 0)
    return out


SUDOKUS = sudokus()


Equation = tuple[frozenset[tuple[str, int]], int]


def labels(gm: GroundModel, s: DerivedSum) -> Equation:
    """`s` as its terms (variable label, coefficient) and total."""
    return frozenset((gm.variables[v].label(), c) for v, c in s.terms), s.total


def derived(text: str) -> set[Equation]:
    gm = g(text)
    return {labels(gm, s) for s in implied_facts(gm).derived_sums}


def eqs(*items: tuple[tuple[tuple[str, int], ...], int]) -> set[Equation]:
    """Equations written as (terms, total), in a form to compare with `derived`."""
    return {(frozenset(terms), total) for terms, total in items}


def f(r: int, c: int) -> str:
    return f"f({r}, {c})"


def holds(gm: GroundModel, s: DerivedSum, grid: Grid) -> bool:
    return sum(c * grid[gm.variables[v].index] for v, c in s.terms) == s.total  # type: ignore[index]


def check_against_brute_force(pieces: list[tuple[list[Cell], int]], givens: Grid) -> int:
    """Every answer of the sudoku with `pieces` (unit sums) and `givens` satisfies each derived
    sum, and the solver, which posts them, finds exactly the answers brute force finds."""
    text = SUDOKU + "".join(cage(cells, total) for cells, total in pieces)
    text += "".join(f"{cell(r, c)} = {v}\n" for (r, c), v in givens.items())
    gm = g(text)
    answers = [s for s in SUDOKUS
               if all(sum(s[x] for x in cells) == total for cells, total in pieces)
               and all(s[x] == v for x, v in givens.items())]
    assert answers and len(answers) < 300
    facts = implied_facts(gm)
    for s in facts.derived_sums:
        assert all(holds(gm, s, a) for a in answers), labels(gm, s)
    for backend in ("sat", "cpsat"):
        found = solve_model(gm, max_solutions=300, backend=backend).solutions
        assert len(found) == len(answers)
    return len(facts.derived_sums)


def test_a_region_less_the_cage_inside_it_is_a_hidden_cage() -> None:
    # four distinct digits 1..4 total 10; two of them total 3, so the other two total 7
    row = "∀x∈{1⋯4} ⦗f x⦘∈{1⋯4}\ndistinct x∈{1⋯4}: ⦗f x⦘\n"
    assert derived(row + "⦗f 1⦘+⦗f 2⦘ = 3\n") == eqs(((("f(3)", 1), ("f(4)", 1)), 7))
    # the hidden cage's digits are known too: 3 and 4
    facts = implied_facts(g(row + "⦗f 1⦘+⦗f 2⦘ = 3\n"))
    assert [(s.variables, s.sets) for s in facts.value_sets] == [((2, 3), ((3, 4),))]


def test_a_cage_sticking_out_by_one_cell_relates_it_to_the_rest_of_the_region() -> None:
    # x1+x2+y = 6 with y outside the row: x3+x4 = 10 − (6 − y), so x3 + x4 − y = 4
    text = ("∀x∈{1⋯4} ⦗f x⦘∈{1⋯4}\ndistinct x∈{1⋯4}: ⦗f x⦘\ny∈{1⋯4}\n"
            "⦗f 1⦘+⦗f 2⦘+y = 6\n")
    assert derived(text) == eqs(((("f(3)", 1), ("f(4)", 1), ("y", -1)), 4))


def test_a_4x4_sudoku_with_cages() -> None:
    # cage r1c1 r1c2 = 3 lies in row 1 and box 1; cage r3c1 r4c1 r4c2 = 8 in box 3
    text = SUDOKU + cage([(1, 1), (1, 2)], 3) + cage([(3, 1), (4, 1), (4, 2)], 8)
    assert derived(text) == eqs(
        (((f(1, 3), 1), (f(1, 4), 1)), 7),  # row 1 less its cage
        (((f(2, 1), 1), (f(2, 2), 1)), 7),  # box 1 less its cage
        (((f(3, 2), 1),), 2),  # box 3 less its cage: one cell
        (((f(2, 3), 1), (f(2, 4), 1)), 3),  # row 1's cage and box 2 cover row 1
        (((f(4, 3), 1), (f(4, 4), 1), (f(3, 1), -1)), 2),  # row 4, its cage's outie r3c1
        (((f(1, 1), 1), (f(2, 1), 1), (f(4, 2), -1)), 2),  # column 1, its cage's outie r4c2
        (((f(2, 1), 1), (f(2, 2), 1), (f(3, 2), 1)), 9),  # columns 1-2 less both cages
    )  # column 1 less r1c2, and column 2 less r1c1, would read four cells: too long
    answers = [s for s in SUDOKUS if s[1, 1] + s[1, 2] == 3
               and s[3, 1] + s[4, 1] + s[4, 2] == 8]
    gm = g(text)
    for s in implied_facts(gm).derived_sums:
        assert all(holds(gm, s, a) for a in answers)


def test_neighbouring_regions_and_the_cages_mostly_inside_them() -> None:
    # rows 1-2 of a 4×4 sudoku with cages crossing between them and r1c4 given: all their
    # cells but r2c4 are known in sum, so r2c4 = 20 − 8 − 6 − 4
    pieces = [([(1, 1), (2, 1), (2, 2)], 8), ([(1, 2), (1, 3), (2, 3)], 6)]
    text = SUDOKU + "".join(cage(c, t) for c, t in pieces) + f"{cell(1, 4)} = 4\n"
    assert eqs((((f(2, 4), 1),), 2)) <= derived(text)
    check_against_brute_force(pieces, {(1, 4): 4})
    check_against_brute_force([*pieces, ([(1, 4), (2, 4)], 6)], {})


def test_a_row_with_a_given_digit_is_a_region_of_the_rest() -> None:
    # r1c4 = 4 is a constant; the rest of row 1 adds up to 6, its cage r1c1 r1c2 to 3
    text = SUDOKU + cage([(1, 1), (1, 2)], 3) + f"{cell(1, 4)} = 4\n"
    assert eqs((((f(1, 3), 1),), 3)) <= derived(text)
    assert check_against_brute_force([([(1, 1), (1, 2)], 3)], {(1, 4): 4}) > 0


def test_no_sum_where_none_follows() -> None:
    assert implied_facts(g(SUDOKU)).derived_sums == ()
    # a sum with one cell in each row, column and box leaves each of them by three cells
    scattered = cage([(1, 1), (2, 3), (3, 2), (4, 4)], 10)
    assert implied_facts(g(SUDOKU + scattered)).derived_sums == ()
    # conditional cages and weighted sums are no known totals
    row = "∀x∈{1⋯4} ⦗f x⦘∈{1⋯4}\ndistinct x∈{1⋯4}: ⦗f x⦘\nb∈{0 1}\n"
    assert implied_facts(g(row + "b=1 ⇒ ⦗f 1⦘+⦗f 2⦘ = 3\n")).derived_sums == ()
    assert implied_facts(g(row + "⦗f 1⦘+2·⦗f 2⦘ = 5\n")).derived_sums == ()
    # digits that need not all differ make no region
    loose = "∀x∈{1⋯4} ⦗f x⦘∈{1⋯4}\n⦗f 1⦘+⦗f 2⦘ = 3\n"
    assert implied_facts(g(loose)).derived_sums == ()


def test_what_the_model_states_is_not_derived_again() -> None:
    # the cage of r1c1 r1c2 = 3 and one of r1c3 r1c4 = 7 state the hidden cages themselves
    text = SUDOKU + cage([(1, 1), (1, 2)], 3) + cage([(1, 3), (1, 4)], 7)
    assert all({t for t, _ in terms} not in ({f(1, 1), f(1, 2)}, {f(1, 3), f(1, 4)})
               for terms, _ in derived(text))


def test_a_long_sum_reads_the_rest_of_the_rows_it_mostly_covers() -> None:
    # eight cells of a row of nine, less z: the ninth cell and z add up to 45
    text = ("∀x∈{1⋯9} ⦗f x⦘∈{1⋯9}\ndistinct x∈{1⋯9}: ⦗f x⦘\nz∈{1⋯50}\n"
            "(Σx∈{1⋯8}: ⦗f x⦘) = z\n")
    assert derived(text) == eqs(((("f(9)", 1), ("z", 1)), 45))
    # z is 45 less a digit, at least 36: at 36, f(9) is 9
    gm = g(text + "z <= 36\n")
    sols = solve_model(gm, max_solutions=2).solutions
    named = [{v.label(): x for v, x in zip(gm.variables, s, strict=True)} for s in sols]
    assert len(named) == 2 and all(s["z"] == 36 and s["f(9)"] == 9 for s in named)


@pytest.mark.parametrize("seed", range(12))
def test_random_cages_on_a_4x4_sudoku_keep_every_answer(seed: int) -> None:
    # cages (and sums over scattered cells) with the totals of one random grid, some givens
    rng = random.Random(seed)
    solution = rng.choice(SUDOKUS)
    cells = list(solution)
    rng.shuffle(cells)
    pieces: list[tuple[list[Cell], int]] = []
    while len(cells) > 2:
        k = rng.randint(1, 4)
        part, cells = cells[:k], cells[k:]
        if rng.random() < 0.7:
            pieces.append((part, sum(solution[x] for x in part)))
    givens = {x: solution[x] for x in rng.sample(list(solution), rng.randint(0, 2))}
    check_against_brute_force(pieces, givens)


def test_derivation_stays_fast_on_a_16x16_killer() -> None:
    # a 16×16 sudoku with its 256 cells in 64 cages of four along the rows, plus a few
    # crossing two rows: a few milliseconds, not a search
    n = 16
    text = (f"∀r∈{{1⋯{n}}} ∀c∈{{1⋯{n}}} ⦗f r c⦘∈{{1⋯{n}}}\n"
            f"∀r∈{{1⋯{n}}}: distinct c∈{{1⋯{n}}}: ⦗f r c⦘\n"
            f"∀c∈{{1⋯{n}}}: distinct r∈{{1⋯{n}}}: ⦗f r c⦘\n"
            f"∀⟨p q⟩∈{{0⋯3}}×{{0⋯3}}: distinct⟨i j⟩∈{{1⋯4}}×{{1⋯4}}: ⦗f 4·p+i 4·q+j⦘\n")
    for r, c in itertools.product(range(1, n + 1), range(1, n + 1, 4)):
        if r % 2 and c == 5:
            text += cage([(r, c), (r, c + 1), (r + 1, c)], 20)
        elif not (r % 2 == 0 and c == 5):
            text += cage([(r, c + i) for i in range(4)], 34)
    gm = g(text)
    implied_facts(gm)
    t = time.process_time()
    facts = implied_facts(gm)
    assert time.process_time() - t < 0.25
    assert facts.derived_sums


def test_two_sums_along_one_tail_differ_by_their_heads() -> None:
    # two arrows of a 4×4 sudoku share the tail r2c2 r3c3 r4c4; one's head is a 2-digit pill
    # (10·r1c1 + r1c2), the other's r2c1: less each other, the tail cancels
    tail = [(2, 2), (3, 3), (4, 4)]
    grid = SUDOKUS[17]
    t = sum(grid[x] for x in tail)
    pill, head = 10 * grid[1, 1] + grid[1, 2], grid[2, 1]
    run = "+".join(cell(r, c) for r, c in tail)
    text = (SUDOKU + f"{run}+{pill - t} = 10·{cell(1, 1)}+{cell(1, 2)}\n"
            f"{run}+{head - t} = {cell(2, 1)}\n")
    gm = g(text)
    answers = [s for s in SUDOKUS
               if sum(s[x] for x in tail) + pill - t == 10 * s[1, 1] + s[1, 2]
               and sum(s[x] for x in tail) + head - t == s[2, 1]]
    assert answers and len(answers) < 288
    facts = implied_facts(gm)
    assert (frozenset({(f(1, 1), 10), (f(1, 2), 1), (f(2, 1), -1)}), pill - head) \
        in {labels(gm, s) for s in facts.derived_sums}
    for s in facts.derived_sums:
        assert all(holds(gm, s, a) for a in answers), labels(gm, s)
    for backend in ("sat", "cpsat"):
        assert len(solve_model(gm, max_solutions=300, backend=backend).solutions) == len(answers)
