"""`sized`: its truth against brute force, both lowerings against the evaluator (plain, under
a condition, negated), the SAT backend's refusal of the negation, and the grounder's refusal
of a body that sums several unknowns."""

from __future__ import annotations

from itertools import product
from pathlib import Path

import pytest
from agreement import assert_backends_agree, equals, evaluated, found, model, var

from sapphire.backend import solve
from sapphire.builtins.sized_groups import SizedGroups, sizes_hold
from sapphire.diagnostics import SapphireError
from sapphire.lang.parser import parse_program
from sapphire.lang.printer import show
from sapphire.model import Domain, Implies, Lin, Not
from sapphire.pipeline import solve_program

CELLS = ((1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3))
"""A 2×3 board, cell i at CELLS[i]."""


def runs(vals: tuple[int, ...]) -> list[set[int]]:
    """Brute force: the cells split into maximal side-joined runs of one value, each grown from
    a cell."""
    left = set(range(len(CELLS)))
    out = []
    while left:
        region = {left.pop()}
        grew = True
        while grew:
            more = {j for j in left for i in region if vals[i] == vals[j]
                    and abs(CELLS[i][0] - CELLS[j][0]) + abs(CELLS[i][1] - CELLS[j][1]) == 1}
            grew = bool(more)
            region |= more
            left -= more
        out.append(region)
    return out


def regions_fit(vals: tuple[int, ...]) -> bool:
    """Every run has as many cells as its value."""
    return all(len(region) == vals[next(iter(region))] for region in runs(vals))


def test_holds_exactly_when_every_region_has_its_size() -> None:
    for vals in product(range(0, 5), repeat=6):
        assert sizes_hold(list(vals), list(CELLS)) == regions_fit(vals), vals


def test_above_n_a_value_n_plus_1_stands_for_every_size_past_n() -> None:
    for vals in product(range(1, 5), repeat=6):  # 4 passes 2+1: never fits
        want = all(v <= 3 for v in vals) and _fits_above(vals)
        assert sizes_hold(list(vals), list(CELLS), 2) == want, vals


def _fits_above(vals: tuple[int, ...]) -> bool:
    """Brute force for above 2: a run of 3s has 3 cells or more, every other run its size."""
    for region in runs(vals):
        v = vals[next(iter(region))]
        if (v == 3 and len(region) < 3) or (v != 3 and len(region) != v):
            return False
    return True


def test_sized_n_is_read_and_written_back() -> None:
    (con,) = parse_program("sized(24)⟨r c⟩∈board: ⦗face r c⦘").constraints
    assert show(con) == "sized(24)⟨r c⟩∈board: ⦗face r c⦘"


def board(fixed: dict[int, int] | None = None) -> SizedGroups:
    """Cell i reads x_i, or the constant `fixed[i]`."""
    fixed = fixed or {}
    return SizedGroups(CELLS, tuple(Lin((), fixed[i]) if i in fixed else var(i)
                                    for i in range(len(CELLS))))


DIGITS = Domain.range(1, 4)


def test_both_backends_find_the_evaluators_answers() -> None:
    got = assert_backends_agree(model([DIGITS] * 6, board({0: 3})))
    assert got == {v for v in product(range(1, 5), repeat=6)
                   if regions_fit((3, *v[1:]))}
    assert (0, 3, 3, 2, 2, 1) not in got and len(got) > 1


def test_under_a_condition_both_backends_agree() -> None:
    # a row of three: few enough answers for CP-SAT's solve per answer and round of cuts
    row = SizedGroups(CELLS[:3], (var(0), var(1), var(2)))
    gm = model([*[Domain.range(1, 3)] * 3, Domain.range(0, 1)], Implies(equals(3, 1), row))
    got = assert_backends_agree(gm)
    assert {v for v in got if v[3] == 1} == {(1, 2, 2, 1), (2, 2, 1, 1), (3, 3, 3, 1)}


def test_the_negation_is_cpsats_and_sat_refuses_it() -> None:
    gm = model([Domain.range(1, 2)] * 6, Not(board({0: 2, 5: 1})))
    assert found(gm, "cpsat") == evaluated(gm)
    with pytest.raises(SapphireError) as exc:
        solve(gm, list(range(6)), backend="sat")
    assert exc.value.kinds == ["sat-unsupported"]
    assert "the negation of 'sized' (a cell whose value is not its group's size)" in str(exc.value)


def test_a_sum_of_unknowns_is_refused_where_it_is_written(tmp_path: Path) -> None:
    text = "∀⟨r c⟩∈{1⋯1}×{1⋯2} ⦗f r c⦘∈{1⋯2}\nsized⟨r c⟩∈{1⋯1}×{1⋯2}: ⦗f r c⦘+⦗f 1 1⦘\n"
    with pytest.raises(SapphireError) as exc:
        solve_program(str(tmp_path / "p.sapphire"), {}, text=text)
    (d,) = exc.value.diagnostics
    assert d.message == "sized reads one unknown per cell, not a sum of several"
    assert d.span is not None and (d.span.line, d.span.col) == (2, 25)
