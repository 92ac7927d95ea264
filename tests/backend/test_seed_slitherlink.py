"""The seed program, unchanged, solves the fixture puzzles uniquely with the known edges;
every answer is re-checked by the independent evaluator inside the pipeline."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from seed_fixtures import SEED, load_fixture, slitherlink_fixtures

from sapphire.diagnostics import SapphireError
from sapphire.evaluator import violations
from sapphire.pipeline import solve_program


def _edges(rows: list[list[int]], n_rows: int, n_cols: int) -> list[list[int]]:
    grid = [[None] * n_cols for _ in range(n_rows)]
    for a, b, v in rows:
        if 0 <= a < n_rows and 0 <= b < n_cols:
            grid[a][b] = v
    return grid  # type: ignore[return-value]


@pytest.mark.parametrize("path", slitherlink_fixtures(), ids=lambda p: p.stem)
def test_seed_solves_fixture(path: Path) -> None:
    fx = load_fixture(path)
    n, m = fx["data"]["n"], fx["data"]["m"]
    res = solve_program(str(SEED), fx["data"])
    assert res.status == "unique"
    sol = res.solutions[0]
    assert _edges(sol["vrt"], n + 1, m) == fx["solution"]["vrt"]
    assert _edges(sol["hrz"], n, m + 1) == fx["solution"]["hrz"]


def test_evaluator_rejects_a_broken_answer() -> None:
    fx = load_fixture(slitherlink_fixtures()[0])
    res = solve_program(str(SEED), fx["data"])
    gm = res.model
    assert gm is not None
    from sapphire.backend.cpsat.search import solve

    raw = solve(gm, [], max_solutions=1).solutions[0]
    assert violations(gm, raw) == []
    # flip one edge variable: some constraint must fail
    k = next(i for i, v in enumerate(gm.variables) if v.name == "vrt")
    broken = list(raw)
    broken[k] = 1 - broken[k]
    assert violations(gm, broken)


def test_removing_clues_gives_multiple() -> None:
    data = {"n": 2, "m": 2, "pim": [[None, None], [None, None]]}
    res = solve_program(str(SEED), data, max_solutions=50)
    # loops on a 2×2 board: 4 unit squares, 4 dominoes... every simple loop of the grid graph
    assert res.status == "multiple"
    assert res.count == 13


def test_a_board_size_typed_wrong_stops_at_once() -> None:
    """A 10000×10000 board is past the grounding budget: its first line, a ∀ over the rows with
    a ∀ over the columns inside, is counted whole before a row is unrolled. Before, the inner
    ∀s were counted one row at a time: 341 s and 7 GB before it was killed."""
    t0 = time.process_time()
    with pytest.raises(SapphireError) as e:
        solve_program(str(SEED), {"n": 10000, "m": 10000})
    d = e.value.diagnostics[0]
    assert (d.kind, d.span.line, d.span.col) == ("too-large", 20, 1)
    assert "here over 100,020,001 values, counting the quantifiers inside it" in d.message
    assert time.process_time() - t0 < 10


def test_the_time_limit_covers_grounding() -> None:
    """A 100×100 board takes seconds to ground; a limit of 0.2 s stops it there, and the search
    never starts (before, the limit began with the search, after the grounding's 30 s)."""
    res = solve_program(str(SEED), {"n": 100, "m": 100}, time_limit=0.2)
    assert (res.status, res.count) == ("unknown", 0)
    assert "ground" in res.timings and "lower" not in res.timings


def test_a_variable_index_over_a_wide_map_joins_its_domains_by_intervals() -> None:
    """⦗id x0 y0⦘ reads one of (n+1)(m+1) points, each ranging over 0..dc: the result's domain
    is their union, 0..dc, found without listing every value of every row."""
    from sapphire.ground.grounder import data_to_instance, ground
    from sapphire.ground.implied import imply
    from sapphire.pipeline import read_program

    gm = imply(ground(read_program(str(SEED)), data_to_instance({"n": 3, "m": 4})))
    (element_var,) = [v for v in gm.variables if v.name == "id[…]"]
    assert str(element_var.domain) == "{0⋯20}"
