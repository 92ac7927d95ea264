"""LITS (`sapphire.genres.lits`): its fixture puzzles (tests/fixtures/genres/lits.json) solve to
their recorded answers in both formats and come back through their links; the case text is
exact; malformed text, broken links and cases the link cannot carry are refused at their
place; the answers read; boards with cells in no region and boards one cell tall or wide
count as a brute force of the rules does."""

from __future__ import annotations

from pathlib import Path

import pytest
from genre_checks import (
    around,
    board,
    body,
    comes_back_as_itself,
    comes_back_through_its_link,
    connected,
    count,
    fixture,
    refusal,
    shadings,
    solves_to_its_answer,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("lits")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("LITS", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("LITS", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_regions_tetrominoes_and_their_borders() -> None:
    case = puzzlekit_to_case("LITS", "2 4\n1 1 2 2\n1 1 2 2\n")
    assert body(case) == """\
board: 2x4
digits: 0-5
---
connected-wall
region-1: tetromino r1c1-r1c2-r2c1-r2c2
region-2: tetromino r1c3-r1c4-r2c3-r2c4
border-1: different-shapes r1c2-r1c3
border-2: different-shapes r2c2-r2c3
"""
    # borders right of r1c2 and r2c2 (010 010: 01001 is 9, then 0), none below (0000)
    assert export_puzzlink(case) == "https://puzz.link/p?lits/4/2/900"


def test_cells_in_no_region_are_unshaded_and_the_link_cannot_hold_them() -> None:
    case = puzzlekit_to_case("LITS", "2 3\na a @\na a @\n")
    assert body(case).startswith("board: 2x3\ndigits: 0-5\ngivens: |\n  . . 0\n  . . 0\n")
    assert "outside-1: shade-count r1c3-r2c3 count 0" in case
    assert refusal(export_puzzlink, case)[4] == (
        "the case cannot be written as a puzz.link link: a lits link cannot hold its "
        "'shade-count' rule(s)")


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 4\na a a b\na a a c\n", 2, 7, "the region 'b' has 1 cell, too few for a tetromino"),
    ("2 4\na a a b\na a a\n", 3, 6, "expected 4 tokens on row 2 of the region block, found 3"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "LITS", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit LITS problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?lits/4/4/9q0", "bad-puzzlink", 33,  # just past the end
     "not a puzz.link link: the link ends where the borders between cells one above the "
     "other should be"),
    ("https://puzz.link/p?lits/4/2/w40", "bad-puzzlink", 30, "not a puzz.link link: 'w' is "
     "not a base-32 digit where the borders between cells side by side should be"),
    ("https://puzz.link/p?lits/2/2/o0", "puzzlink-clues", 30,  # the columns, parted
     "the lits it holds does not read: the region '1' has 2 cells, too few for a tetromino"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


@pytest.mark.parametrize(("rules", "line", "message"), [
    ("region-1: tetromino r1c1-r1c2-r1c3-r1c4\nregion-2: tetromino r1c4-r2c1-r2c2-r2c3\n", 6,
     "its 'tetromino' rule: r1c4 is in two rooms"),
    ("tetromino r1c1-r1c2-r1c3-r1c4\n", 5, "r2c1 is in no tetromino's room"),
])
def test_a_case_the_link_cannot_carry_is_refused_at_its_line(rules: str, line: int,
                                                             message: str) -> None:
    case = f"---\nlibrary: std\nboard: 2x4\n---\n{rules}"
    assert refusal(export_puzzlink, case)[2:] == (
        line, 1, f"the case cannot be written as a puzz.link link: {message}")


def test_the_answers_read() -> None:
    assert read_solution("LITS", "2 4\nL - T T\nL L I -\n") == {
        "digits": [[1, 0, 3, 3], [1, 1, 2, 0]], "shading": [[1, 0, 1, 1], [1, 1, 1, 0]]}
    entry = PUZZLES["puzzlink"][0]
    assert read_pzprv3(entry["answer"]) == {
        "shading": [[1, 0, 1, 1], [1, 1, 1, 0], [1, 0, 1, 0], [1, 1, 1, 1]]}


# -- cells in no region, and boards one cell tall or wide, against a brute force ------------

SHAPES = {"L": 1, "I": 2, "T": 3, "S": 4, "O": 5}


def shape(cells: set[Cell]) -> str:
    """The tetromino's letter, whichever way it is turned or mirrored."""
    forms = set()
    pts = list(cells)
    for _ in range(4):
        pts = [(c, -r) for r, c in pts]
        for mirror in (pts, [(r, -c) for r, c in pts]):
            r0, c0 = min(r for r, _ in mirror), min(c for _, c in mirror)
            forms.add(tuple(sorted((r - r0, c - c0) for r, c in mirror)))
    if ((0, 0), (0, 1), (1, 0), (1, 1)) in forms:
        return "O"
    if ((0, 0), (0, 1), (0, 2), (0, 3)) in forms:
        return "I"
    if ((0, 0), (0, 1), (0, 2), (1, 1)) in forms:
        return "T"
    if ((0, 0), (0, 1), (1, 1), (1, 2)) in forms:
        return "S"
    return "L"


def brute(rows: int, cols: int, rooms: dict[Cell, str]) -> int:
    """Shadings where each room (cells named alike, `@` none) holds one tetromino, cells in no
    room stay unshaded, the shaded cells hang together without a 2×2 block, and tetrominoes of
    one shape never touch across a room's border."""
    names = sorted({n for n in rooms.values() if n != "@"})
    n = 0
    for shaded in shadings(board(rows, cols)):
        if any(rooms[x] == "@" for x in shaded) or not connected(shaded):
            continue
        if any({(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= shaded
               for r, c in board(rows, cols)):
            continue
        pieces = {name: {x for x in shaded if rooms[x] == name} for name in names}
        if any(len(p) != 4 or not connected(p) for p in pieces.values()):
            continue
        letter = {x: shape(pieces[rooms[x]]) for x in shaded}
        n += all(rooms[x] == rooms[y] or letter[x] != letter[y]
                 for x in shaded for y in around(x, shaded))
    return n


@pytest.mark.parametrize("layout", [
    ["A A A A", "@ @ @ @"],
    ["A A A A", "A @ @ B", "@ B B B"],
    ["A A @", "A A @", "@ @ @"],
    ["A A A A"],  # one row: the I alone
    ["A", "A", "A", "A", "A"],  # one column of five: an I in two places
    ["A A A A", "B B B B"],  # two I's side by side, one shape across the border
    ["@ @", "@ @"],  # no region at all: the empty shading
])
def test_edge_boards_match_brute_force(tmp_path: Path, layout: list[str]) -> None:
    rooms = {(r, c): t for r, line in enumerate(layout, 1)
             for c, t in enumerate(line.split(), 1)}
    rows, cols = len(layout), len(layout[0].split())
    want = brute(rows, cols, rooms)
    case = puzzlekit_to_case("LITS", "\n".join([f"{rows} {cols}", *layout]) + "\n")
    assert count(tmp_path, case) == (status_of(want), want)
    if "@" not in rooms.values():
        link = export_puzzlink(case)
        assert count(tmp_path, puzzlink_to_case(link)) == (status_of(want), want)
