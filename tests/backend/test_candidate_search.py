"""The backends' candidates search: the values some answer gives each answer variable, found
without listing every answer, and equal to the union over all answers (brute force in plain
Python, and the answers a full count lists) on small boards, on both backends."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from sapphire.backend import candidates
from sapphire.deadline import Deadline
from sapphire.meaning import instantiate_checked, load_case
from sapphire.model import GroundModel
from sapphire.pipeline import answer_variables, ground_model, search_model

BACKENDS = ("sat", "cpsat")


def grounded(text: str) -> GroundModel:
    case, lib = load_case("t.case", (), "auto", text=text)
    inst = instantiate_checked(case, lib)
    return ground_model(inst.program, inst.instance)


def found(gm: GroundModel, backend: str, time_limit: float | None = None
          ) -> tuple[dict[tuple[str, tuple[int, ...]], set[int]], bool, int]:
    """Per answer point (name, index), the candidates the backend finds; whether it finished;
    how many answers it used."""
    res = candidates(gm, answer_variables(gm), backend=backend,
                     deadline=Deadline.after(time_limit))
    out: dict[tuple[str, tuple[int, ...]], set[int]] = {}
    for v in answer_variables(gm):
        var = gm.variables[v]
        out[var.name, var.index] = {s[v] for s in res.solutions}
    return out, not res.timed_out, len(res.solutions)


def sudoku_4x4_grids() -> list[tuple[tuple[int, ...], ...]]:
    """All 288 4×4 sudoku grids, by brute force over row permutations."""
    rows = list(itertools.permutations(range(1, 5)))
    grids = []
    for g in itertools.product(rows, repeat=4):
        cols_ok = all(len({g[r][c] for r in range(4)}) == 4 for c in range(4))
        boxes_ok = all(len({g[r][c] for r in (br, br + 1) for c in (bc, bc + 1)}) == 4
                       for br in (0, 2) for bc in (0, 2))
        if cols_ok and boxes_ok:
            grids.append(g)
    return grids


GRIDS = sudoku_4x4_grids()

GIVENS = [
    ("1 . . .", ". . 3 .", ". . . .", ". . . ."),
    ("1 . . .", ". . . .", ". . . .", ". . . 2"),
    (". . . .", ". 2 . .", ". . 4 .", ". . . ."),
    ("1 2 . .", ". . . .", ". . . .", ". . 2 1"),  # several answers, most cells decided
    ("1 2 3 4", "3 4 1 2", "2 1 4 3", ". . . ."),  # unique
    ("1 1 . .", ". . . .", ". . . .", ". . . ."),  # none
]


def sudoku_case(givens: tuple[str, ...]) -> str:
    return "---\nlibrary: std\ngivens: |\n" + "".join(f"  {row}\n" for row in givens) + \
        "---\nsudoku 4x4\n"


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("givens", GIVENS, ids=lambda g: "/".join(g))
def test_sudoku_candidates_are_the_union_of_every_answer(backend: str,
                                                         givens: tuple[str, ...]) -> None:
    fixed = {(r, c): int(x) for r, row in enumerate(givens)
             for c, x in enumerate(row.split()) if x != "."}
    answers = [g for g in GRIDS if all(g[r][c] == x for (r, c), x in fixed.items())]
    gm = grounded(sudoku_case(givens))
    got, complete, used = found(gm, backend)
    assert complete
    expected = {("face", (r + 1, c + 1)): {g[r][c] for g in answers}
                for r in range(4) for c in range(4) if (r, c) not in fixed}
    assert got == expected
    # far fewer answers than all of them: each one brings a value not seen before
    assert used <= 1 + sum(max(len(v) - 1, 0) for v in expected.values())
    assert used <= max(len(answers), 1)


def yin_yang_shadings(n: int, given: dict[tuple[int, int], int]) -> list[dict]:
    """Every n×n yin-yang shading with the given cells, by brute force."""

    def connected(cells: set[tuple[int, int]]) -> bool:
        if not cells:
            return True
        todo, seen = [next(iter(cells))], set()
        while todo:
            r, c = todo.pop()
            if (r, c) in seen:
                continue
            seen.add((r, c))
            todo += [x for x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if x in cells]
        return seen == cells

    out = []
    board = [(r, c) for r in range(n) for c in range(n)]
    for bits in itertools.product((0, 1), repeat=n * n):
        s = dict(zip(board, bits, strict=True))
        if any(s[cell] != x for cell, x in given.items()):
            continue
        if any(len({s[r, c], s[r + 1, c], s[r, c + 1], s[r + 1, c + 1]}) == 1
               for r in range(n - 1) for c in range(n - 1)):
            continue
        if connected({x for x in board if s[x]}) and connected({x for x in board if not s[x]}):
            out.append(s)
    return out


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("n,given", [(3, {(0, 0): 1, (2, 2): 0}), (4, {(0, 0): 1, (3, 3): 0}),
                                     (4, {(0, 1): 1, (1, 1): 0, (2, 2): 1})])
def test_yin_yang_candidates_are_the_union_of_every_shading(
        backend: str, n: int, given: dict[tuple[int, int], int]) -> None:
    grid = [["." for _ in range(n)] for _ in range(n)]
    for (r, c), x in given.items():
        grid[r][c] = str(x)
    text = f"---\nlibrary: std\nboard: {n}x{n}\nshading: |\n" + \
        "".join(f"  {' '.join(row)}\n" for row in grid) + "---\nyin-yang\n"
    shadings = yin_yang_shadings(n, given)
    assert len(shadings) > 2  # the test asks something
    got, complete, _ = found(grounded(text), backend)
    assert complete
    assert got == {("shade", (r + 1, c + 1)): {s[r, c] for s in shadings}
                   for r in range(n) for c in range(n) if (r, c) not in given}


KILLER = """---
library: std
---
sudoku 4x4
cage-1: cage r1c1-r1c2 total 3
cage-2: cage r3c3-r3c4 total 7
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_candidates_match_the_answers_a_full_count_lists(backend: str) -> None:
    gm = grounded(KILLER)
    res, counted = search_model(gm, max_solutions=1000, count_limit=1000, backend="sat")
    assert counted.complete and 2 < counted.found < 1000
    got, complete, _ = found(gm, backend)
    assert complete
    expected: dict[tuple[str, tuple[int, ...]], set[int]] = {}
    for v in answer_variables(gm):
        var = gm.variables[v]
        expected[var.name, var.index] = {s[v] for s in res.solutions}
    assert got == expected


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_time_limit_leaves_candidates_incomplete(backend: str) -> None:
    gm = grounded("---\nlibrary: std\n---\nsudoku 9x9\n")
    _, complete, _ = found(gm, backend, time_limit=1e-6)
    assert not complete


def test_a_case_file_of_the_examples_has_one_candidate_per_cell() -> None:
    path = Path(__file__).resolve().parents[2] / "examples" / "cases" / "killer-sudoku.case"
    case, lib = load_case(str(path), (), "auto")
    inst = instantiate_checked(case, lib)
    gm = ground_model(inst.program, inst.instance)
    for backend in BACKENDS:
        got, complete, used = found(gm, backend)
        assert complete and used == 1
        assert all(len(v) == 1 for v in got.values())
