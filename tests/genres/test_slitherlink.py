"""Slitherlink (`sapphire.genres.slitherlink`): its fixture puzzles
(tests/fixtures/genres/slitherlink.json) solve to their recorded answers in both formats and
come back through their links; the case text is exact; malformed text and broken links are
refused at their place; the answers read; boards without clues and boards one cell tall or
wide count as a brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from genre_checks import (
    body,
    comes_back_as_itself,
    comes_back_through_its_link,
    count,
    fixture,
    grid_text,
    refusal,
    status_of,
)
from slitherlink_corpus import inside_from_values

from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import import_puzzle, puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink
from sapphire.pipeline import solve_case

PUZZLES = fixture("slitherlink")
Cell = tuple[int, int]


def inside(case_text: str, tmp_path: Path) -> list[list[int]]:
    """The cells inside the case's one loop (it must be unique), as the readers give them."""
    path = tmp_path / "p.case"
    path.write_text(case_text, encoding="utf-8")
    res = solve_case(str(path), max_solutions=2, time_limit=60)
    assert (res.status, res.count) == ("unique", 1)
    rows, cols = (int(n) for n in case_text.split("board: ", 1)[1].split("\n", 1)[0].split("x"))
    return inside_from_values(res.solutions[0]["values"], rows, cols)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    want = read_solution("Slitherlink", entry["solution"])["inside"]
    assert inside(puzzlekit_to_case("Slitherlink", entry["problem"]), tmp_path) == want


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Slitherlink", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    want = read_pzprv3(entry["answer"])["inside"]
    for url in entry["url"]:
        case = import_puzzle("puzzlink", url)
        assert case.startswith(f"---\nsource: {url}\n")
        assert inside(case, tmp_path) == want
    comes_back_as_itself(entry)


def test_the_case_text() -> None:
    assert body(puzzlekit_to_case("Slitherlink", "2 3\n- 0 -\n3 - 2\n")) == """\
board: 2x3
clues: |
  . 0 .
  3 . 2
---
slitherlink
"""


def test_a_link_is_its_clues_with_the_gaps_folded_in() -> None:
    # pzprjs's four_cell: `c` is a 2 and two empty cells after it, `6` a 1 and one, `d` a 3
    # (and two past the end)
    case = puzzlink_to_case("p?slither/3/2/c6d")
    assert body(case).startswith("board: 2x3\nclues: |\n  2 . .\n  1 . 3\n")
    assert export_puzzlink(case) == "https://puzz.link/p?slither/3/2/c6d"


def test_a_clue_without_its_number_is_no_clue() -> None:
    assert "clues: |\n  . 1\n" in puzzlink_to_case("p?slither/2/1/.1")


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n- 0\n5 -\n", 3, 1, "'5' at r2c1 is not a clue 0-3 or '-'"),
    ("2 2\n- 0\n- x\n", 3, 3, "'x' at r2c2 is not a clue 0-3 or '-'"),
    ("2 2\n- 0\n-\n", 3, 2, "expected 2 tokens on row 2 of the grid, found 1"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Slitherlink", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Slitherlink problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?slither/5/5/cbcbcd!dad", "bad-puzzlink", 39,
     "not a puzz.link link: '!' is not a clue 0-4 or a gap"),
    ("https://puzz.link/p?slither/2/2/4", "puzzlink-clues", 33,
     "the slither it holds does not read: '4' at r1c1 is not a clue 0-3 or '-'"),
    ("https://puzz.link/p?slither/2/2/00000", "bad-puzzlink", 37,
     "not a puzz.link link: 1 character(s) past the end of the puzzle"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


def test_a_clue_the_link_cannot_write_is_refused() -> None:
    case = puzzlekit_to_case("Slitherlink", "1 2\n- 1\n").replace("  . 1\n", "  . 5\n")
    kind, _, line, _, message = refusal(export_puzzlink, case)
    assert (kind, line) == ("unsupported", 1)
    assert message == ("the case cannot be written as a puzz.link link: a slither link writes "
                       "numbers 0-4, not 5")


def test_the_answers_read() -> None:
    assert read_solution("Slitherlink", "2 3\nx x -\n- x -\n") == {
        "inside": [[1, 1, 0], [0, 1, 0]]}
    # a 1x2 loop around both cells: the vertical edges left of r1c1 and right of r1c2
    assert read_pzprv3("pzprv3/slither/1/2/. . /1 0 1 /1 1 /1 1 /") == {"inside": [[1, 1]]}


# -- boards without clues, and one cell tall or wide, against a brute force ----------------


def brute(rows: int, cols: int, clues: dict[Cell, int]) -> int:
    """Sets of the board's edges that are one loop (every corner on two of them or none, all
    of them joined) with each clued cell's number of sides on it."""
    across = [("h", a, c) for a in range(rows + 1) for c in range(1, cols + 1)]
    down = [("v", r, b) for r in range(1, rows + 1) for b in range(cols + 1)]
    edges = across + down

    def ends(e: tuple[str, int, int]) -> tuple[Cell, Cell]:
        way, x, y = e
        return ((x, y - 1), (x, y)) if way == "h" else ((x - 1, y), (x, y))

    n = 0
    for bits in itertools.product((0, 1), repeat=len(edges)):
        on = {e for e, b in zip(edges, bits, strict=True) if b}
        if not on:
            continue
        degree: dict[Cell, list[Cell]] = {}
        for e in on:
            p, q = ends(e)
            degree.setdefault(p, []).append(q)
            degree.setdefault(q, []).append(p)
        if any(len(nbs) != 2 for nbs in degree.values()):
            continue
        start = next(iter(degree))
        seen, todo = {start}, [start]
        while todo:
            for q in degree[todo.pop()]:
                if q not in seen:
                    seen.add(q)
                    todo.append(q)
        if len(seen) != len(degree):
            continue
        sides = {(r, c): sum(e in on for e in (("h", r - 1, c), ("h", r, c), ("v", r, c - 1),
                                                ("v", r, c)))
                 for r, c in clues}
        n += all(sides[cell] == k for cell, k in clues.items())
    return n


@pytest.mark.parametrize(("rows", "cols", "clues"), [
    (2, 2, {}),  # no clues: every loop, 13 of them
    (2, 3, {}),
    (1, 1, {}),  # one cell: the loop around it
    (1, 1, {(1, 1): 0}),  # a 0 in the one cell: no loop at all
    (1, 4, {}),
    (1, 4, {(1, 1): 3, (1, 4): 3}),  # one row: the loop around all four cells
    (4, 1, {(2, 1): 2}),
    (3, 1, {(2, 1): 3}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       clues: dict[Cell, int]) -> None:
    want = brute(rows, cols, clues)
    case = puzzlekit_to_case("Slitherlink", grid_text(rows, cols,
                                                      {k: str(v) for k, v in clues.items()}))
    assert count(tmp_path, case) == (status_of(want), want)


def test_a_link_without_clues_states_every_loop(tmp_path: Path) -> None:
    """A 2x2 link with no clues is the same puzzle as the puzzlekit board without them."""
    case: Any = import_puzzle("puzzlink", "p?slither/2/2/h")
    assert body(case) == "board: 2x2\nclues: |\n  . .\n  . .\n---\nslitherlink\n"
    assert count(tmp_path, case) == ("multiple", brute(2, 2, {}))
