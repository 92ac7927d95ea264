"""`generate`: unique puzzles, proved by both backends and the independent evaluator."""

from __future__ import annotations

import pytest
from sudoku_grids import matching

import sapphire.api as api
from sapphire.assistant.generate import EMPTY, RECIPES, generate
from sapphire.diagnostics import SapphireError

SIZES = {"Sudoku": 4, "Slitherlink": 4, "YinYang": 4, "Masyu": 4, "Akari": 4}


def test_every_genre_generated_has_a_size_here() -> None:
    assert set(SIZES) == set(RECIPES)


@pytest.mark.parametrize("genre", sorted(SIZES))
def test_a_generated_puzzle_is_unique_by_both_backends(genre: str) -> None:
    n = SIZES[genre]
    made = generate(genre, n, n, seed=5)
    for backend in ("sat", "cpsat"):
        solved = api.load(made.case_text).solve(backend=backend)
        assert solved.status == "unique", backend  # every answer is verified by the evaluator
    assert made.clues == sum(t != EMPTY for row in made.grid for t in row)


@pytest.mark.parametrize("genre", sorted(SIZES))
def test_a_minimal_puzzle_needs_every_clue(genre: str) -> None:
    n = SIZES[genre]
    made = generate(genre, n, n, seed=2, minimal=True)
    assert made.minimal
    for r, row in enumerate(made.grid):
        for c, token in enumerate(row):
            if token == EMPTY:
                continue
            less = [list(x) for x in made.grid]
            less[r][c] = EMPTY
            text = f"{n} {n}\n" + "\n".join(" ".join(x) for x in less) + "\n"
            try:
                status = api.import_puzzle(f"puzzlekit:{genre}", text).solve().status
            except SapphireError:
                continue  # the genre's reader refuses the grid without it
            assert status != "unique", (r, c)


def test_a_generated_sudoku_is_unique_by_brute_force_and_the_seed_repeats() -> None:
    made = generate("sudoku", 4, 4, seed=11)
    givens = {(r + 1, c + 1): int(t) for r, row in enumerate(made.grid)
              for c, t in enumerate(row) if t != EMPTY}
    assert len(matching(givens)) == 1
    assert generate("sudoku", 4, 4, seed=11).grid == made.grid
    assert made.link is not None and made.link.startswith("https://puzz.link/p?sudoku/4/4/")


def test_max_level_keeps_a_puzzle_level_zero_logic_solves() -> None:
    from sapphire.assistant.grade import grade

    made = generate("sudoku", 6, 6, seed=3, max_level=0)
    assert made.level == 0
    assert grade(api.load(made.case_text), 0).solved


def test_an_unknown_genre_or_size_is_bad_input() -> None:
    with pytest.raises(SapphireError, match="no generator for the genre 'sudko'"):
        generate("sudko", 4, 4)
    with pytest.raises(SapphireError, match="Sudoku cannot be 5x5"):
        generate("sudoku", 5, 5)
