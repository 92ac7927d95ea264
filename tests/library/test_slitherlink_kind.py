"""The `slitherlink` kind finds exactly the loops the seed program finds: its meaning keeps the
seed's edges, counts and inside cells and states connectivity where the seed proves it with
the ordering `id`. Checked by listing every answer of both on small boards, blank and with
clues, on both backends."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from seed_fixtures import load_fixture, slitherlink_fixtures

from sapphire.pipeline import solve_case, solve_program

Board = list[list[int | None]]


def case_loops(tmp_path: Path, clues: Board, backend: str) -> set[tuple]:
    rows = "\n".join("  " + " ".join("." if v is None else str(v) for v in row)
                     for row in clues)
    path = tmp_path / "board.case"
    path.write_text(f"---\nlibrary: std\nboard: {len(clues)}x{len(clues[0])}\nclues: |\n{rows}"
                    "\n---\nslitherlink\n", encoding="utf-8")
    res = solve_case(str(path), max_solutions=1000, backend=backend)
    assert res.count < 1000
    return {_loop(a["values"]) for a in res.solutions}


def seed_loops(seed_path: str, clues: Board) -> set[tuple]:
    data = {"n": len(clues), "m": len(clues[0]), "pim": clues}
    res = solve_program(seed_path, data, max_solutions=1000, backend="sat")
    assert res.count < 1000
    return {_loop(a) for a in res.solutions}


def _loop(values: dict) -> tuple:
    return (tuple(tuple(r) for r in values["vrt"] if r[-1]),
            tuple(tuple(r) for r in values["hrz"] if r[-1]))


def test_the_boards_have_none_one_and_several_loops(seed_path: str) -> None:
    counts = {len(seed_loops(seed_path, b)) for b in boards()}
    assert 0 in counts and 1 in counts and any(c > 1 for c in counts)


def boards() -> list[Board]:
    """Blank 2×2, 2×3 and 3×3 boards, clue boards drawn with a fixed seed (some with several
    loops, some with none) and a 5×5 puzzle with one."""
    rng = random.Random(35)
    out: list[Board] = [[[None] * 2] * 2, [[None] * 3] * 2, [[None] * 3] * 3,
                        load_fixture(slitherlink_fixtures()[0])["data"]["pim"]]
    for rows, cols, clues in ((3, 3, 2), (3, 3, 4), (3, 4, 3), (3, 4, 5), (4, 3, 4)):
        board: Board = [[None] * cols for _ in range(rows)]
        for _ in range(clues):
            board[rng.randrange(rows)][rng.randrange(cols)] = rng.randrange(4)
        out.append(board)
    return out


@pytest.mark.parametrize("board", boards(), ids=lambda b: "/".join(
    "".join("." if v is None else str(v) for v in row) for row in b))
def test_the_kind_and_the_seed_find_the_same_loops(board: Board, seed_path: str,
                                                    tmp_path: Path) -> None:
    expected = seed_loops(seed_path, board)
    assert case_loops(tmp_path, board, "sat") == expected
    if len(expected) < 100:  # CP-SAT lists 213 loops in some 20 s: one cut and block at a time
        assert case_loops(tmp_path, board, "cpsat") == expected


def test_the_blank_boards_have_the_lattices_cycles(tmp_path: Path) -> None:
    # cycles of the 3×3 and 4×4 lattices of points (OEIS A140517: 13, 213)
    assert len(case_loops(tmp_path, [[None] * 2] * 2, "sat")) == 13
    assert len(case_loops(tmp_path, [[None] * 3] * 3, "sat")) == 213
