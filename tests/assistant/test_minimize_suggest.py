"""`minimize` and `suggest` on 4×4 sudokus, against a brute force over all 288 grids."""

from __future__ import annotations

import random

import pytest
from sudoku_grids import GRIDS, matching

import sapphire.api as api
from sapphire.assistant.cases import case_text
from sapphire.assistant.minimize import minimize
from sapphire.assistant.suggest import suggest
from sapphire.diagnostics import SapphireError
from sapphire.explain import Given


def case_of(givens: dict[tuple[int, int], int]) -> str:
    rows = ["  " + " ".join(str(givens.get((r, c), ".")) for c in range(1, 5))
            for r in range(1, 5)]
    return "---\nlibrary: std\ngivens: |\n" + "\n".join(rows) + "\n---\nsudoku 4x4\n"


def test_there_are_288_grids() -> None:
    assert len(GRIDS) == 288


@pytest.mark.parametrize("seed", range(4))
def test_minimize_finds_exactly_the_givens_whose_removal_keeps_it_unique(seed: int) -> None:
    rng = random.Random(seed)
    grid = rng.choice(GRIDS)
    cells = rng.sample([(r, c) for r in range(1, 5) for c in range(1, 5)], 8)
    givens = {(r, c): grid[r - 1][c - 1] for r, c in cells}
    assert len(matching(givens)) == 1
    case, lib = api.load(case_of(givens)).parsed()
    found = minimize(case, lib)
    redundant = {(g.row, g.col) for g in found.redundant if isinstance(g, Given)}
    brute = {cell for cell in givens
             if len(matching({k: v for k, v in givens.items() if k != cell})) == 1}
    assert redundant == brute
    kept = {k: v for k, v in givens.items()
            if k not in {(g.row, g.col) for g in found.removed if isinstance(g, Given)}}
    assert len(matching(kept)) == 1
    for cell in kept:  # every given left is needed
        assert len(matching({k: v for k, v in kept.items() if k != cell})) > 1
    assert found.minimal == (not brute)
    again = api.load(case_text(found.minimal_case)).solve()
    assert again.status == "unique"


@pytest.mark.parametrize("seed", range(4))
def test_suggest_adds_givens_that_make_it_unique(seed: int) -> None:
    rng = random.Random(100 + seed)
    grid = rng.choice(GRIDS)
    cells = rng.sample([(r, c) for r in range(1, 5) for c in range(1, 5)], 2)
    givens = {(r, c): grid[r - 1][c - 1] for r, c in cells}
    assert len(matching(givens)) > 1
    case, lib = api.load(case_of(givens)).parsed()
    found = suggest(case, lib)
    assert found.proved and found.added
    more = {**givens, **{(g.row, g.col): g.value for g in found.added}}
    assert len(matching(more)) == 1  # unique by brute force
    for g in found.added:  # and each added given is needed
        assert len(matching({k: v for k, v in more.items() if k != (g.row, g.col)})) > 1
    assert api.load(case_text(found.case)).solve().status == "unique"


def test_suggest_on_a_case_with_no_answer_points_to_why() -> None:
    case, lib = api.load(case_of({(1, 1): 1, (1, 2): 1})).parsed()
    with pytest.raises(SapphireError) as e:
        suggest(case, lib)
    assert "--why" in str(e.value)


def test_minimize_refuses_a_case_with_several_answers() -> None:
    case, lib = api.load(case_of({(1, 1): 1})).parsed()
    with pytest.raises(SapphireError) as e:
        minimize(case, lib)
    assert "sapphire suggest" in str(e.value)
