"""Battleship (`sapphire.genres.battleship`): its fixture puzzles (tests/fixtures/genres/
battleship.json) solve to their recorded answers in both formats and come back through their
links; the case text is exact; malformed text and broken links are refused at their place, and
a case its link cannot carry at its rule line; the answers read; boards without clues, one cell
tall or wide, count as a brute force of the rules does."""

from __future__ import annotations

from pathlib import Path

import pytest
from genre_checks import (
    around,
    board,
    body,
    comes_back_as_itself,
    comes_back_through_its_link,
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

PUZZLES = fixture("battleship")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Battleship", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Battleship", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_fleet_the_counts_and_the_parts() -> None:
    case = puzzlekit_to_case("Battleship", "3 3 1 1\n2 - 0\n2 0 -\nn - -\n- - x\n- - -\n")
    assert body(case) == """\
board: 3x3
---
fleet ships [[1,1],[2,1]]
column-1: shade-count r1c1-r2c1-r3c1 count 2
column-2: shade-count r1c3-r2c3-r3c3 count 0
row-1: shade-count r1c1-r1c2-r1c3 count 2
row-2: shade-count r2c1-r2c2-r2c3 count 0
ship-1: shade-count r1c1-r2c1 count 2
water-1: shade-count r2c3 count 0
"""
    assert export_puzzlink(case) == "https://puzz.link/p?battleship/3/3/2g020g1j0i/2/11g/21o"


def test_every_part_and_the_cell_behind_an_end() -> None:
    case = puzzlekit_to_case("Battleship", "3 4 1 1 1\n- - - -\n- - -\no - w -\n- - - -\n"
                                           "- m - E\n")
    assert body(case).split("---\n")[1] == """\
fleet ships [[1,1],[2,1],[3,1]]
ship-1: shade-count r1c1 count 1
around-1: shade-count r2c1-r1c2 count 0
ship-2: shade-count r1c3-r1c4 count 2
water-1: shade-count r1c2 count 0
ship-3: shade-count r3c2 count 1
middle-1: shade-at-least r2c2-r3c1-r3c3 count 2
ship-4: shade-count r3c4-r3c3 count 2
"""
    link = export_puzzlink(case)
    assert link == "https://puzz.link/p?battleship/4/3/m6g3l5g4/3/11g/21o/31s"
    assert puzzlink_to_case(link).split("---\n")[2] == body(case).split("---\n")[1]


def test_a_fleet_of_no_preset_is_listed_ship_by_ship() -> None:
    link = export_puzzlink(puzzlekit_to_case("Battleship", "1 7 1 0 1\n- - - - - - -\n-\n"
                                                           "- - - - - - -\n"))
    assert link == "https://puzz.link/p?battleship/7/1/nm/2/11g/31s"
    assert "fleet ships [[1,1],[3,1]]\n" in puzzlink_to_case(link)


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2 1\n- -\n- -\n- -\n- q\n", 5, 3, "'q' at r2c2 is not a ship part or water"),
    ("2 2 1\n- -\n- -\n- -\nn -\n", 5, 1, "the ship's end 'n' at r2c1 points off the board"),
    ("2 2 0\n- -\n- -\n- -\n- -\n", 1, 6, "expected the fleet after the size, found no ships"),
    ("2 2 1 x\n- -\n- -\n- -\n- -\n", 1, 7,
     "'x' in the fleet (ships of 2 cells) is not a number"),
    ("2 2 1\n- 3\n- -\n- -\n- -\n", 2, 3, "the count 3 of column 2 is more than its 2 cells"),
    ("2 2 1\n- -\n- y\n- -\n- -\n", 3, 3, "'y' in the count of row 2 is neither '-' nor a "
     "number"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Battleship", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Battleship problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?battleship/3/3/lo//q", "bad-puzzlink", 40,
     "not a puzz.link link: 'q' is not a fleet's key"),
    ("https://puzz.link/p?battleship/3/3/lo/1/22u", "bad-puzzlink", 41,
     "not a puzz.link link: '22u' is a 2x2 piece, not a straight ship"),
    ("https://puzz.link/p?battleship/3/3/l7n//c", "bad-puzzlink", 37,
     "not a puzz.link link: the part 7 is not read: our ships are straight and every part "
     "names its place"),
    ("https://puzz.link/p?battleship/3/3/l.n//c", "bad-puzzlink", 37,
     "not a puzz.link link: a ship part of unknown shape ('.') is not read: our ships are "
     "straight and every part names its place"),
    ("https://puzz.link/p?battleship/3/3/lq", "bad-puzzlink", 38,
     "expected the fleet, '/' and its number of ships"),
    ("https://puzz.link/p?battleship/3/3/lo/2/11g", "bad-puzzlink", 44,
     "not a puzz.link link: the fleet lists 1 of its 2 ships"),
    ("https://puzz.link/p?battleship/3/3/5ko//c", "puzzlink-clues", 36,
     "the battleship it holds does not read: the count 5 of column 1 is more than its 3 "
     "cells"),
    ("https://puzz.link/p?battleship/3/3/ll1h//c", "puzzlink-clues", 36,
     "the battleship it holds does not read: the ship's end 'n' at r3c1 points off the "
     "board"),
    ("https://puzz.link/p?battleship/3/3/lo/0", "puzzlink-clues", 36,
     "the battleship it holds does not read: the fleet has no ships"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    got = refusal(puzzlink_to_case, link)
    assert got[0] == kind and got[3] == col
    assert got[4].endswith(message)


def test_a_case_its_link_cannot_carry_is_refused_at_its_rule_line() -> None:
    case = ("---\nlibrary: std\nboard: 2x2\n---\nfleet ships [[1,1]]\n"
            "shade-at-least r1c1-r1c2 count 1\n")
    assert refusal(export_puzzlink, case)[2:] == (
        6, 1, "the case cannot be written as a puzz.link link: its 'shade-at-least' rule: "
              "a battleship link holds counts and given parts only")


def test_a_ship_too_long_for_a_link_is_refused_at_the_fleet() -> None:
    case = "---\nlibrary: std\nboard: 1x40\n---\nfleet ships [[36,1]]\n"
    assert refusal(export_puzzlink, case)[2:] == (
        5, 1, "the case cannot be written as a puzz.link link: its 'fleet' rule: a battleship "
              "link writes ships of 1-35 cells")


def test_the_answers_read() -> None:
    assert read_solution("Battleship", "2 3 1 1\nn - o\ns - -\n") == {
        "shading": [[1, 0, 1], [1, 0, 0]]}
    (entry,) = PUZZLES["puzzlink"]
    assert read_pzprv3(entry["answer"])["shading"][3] == [1, 1, 0, 0, 0, 0]  # r4c1, a left end


# -- edge boards, against a brute force ------------------------------------------------------


STEP = {"n": (1, 0), "s": (-1, 0), "w": (0, 1), "e": (0, -1)}


def ships(shaded: set[Cell]) -> list[list[Cell]] | None:
    """The ships of a shading (each a straight line of cells, in order), or None when a group
    of ship cells is bent or touches another at a corner."""
    out: list[list[Cell]] = []
    seen: set[Cell] = set()
    for start in sorted(shaded):
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            for nb in around(todo.pop(), shaded):
                if nb not in group:
                    group.add(nb)
                    todo.append(nb)
        seen |= group
        if len({r for r, _ in group}) > 1 and len({c for _, c in group}) > 1:
            return None
        out.append(sorted(group))
    for one in out:
        for two in out:
            if one is not two and any(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
                                      for a in one for b in two):
                return None
    return out


def brute(rows: int, cols: int, fleet: dict[int, int], column_counts: list[int | None],
          row_counts: list[int | None], parts: dict[Cell, str]) -> int:
    """Shadings whose ships are straight, touch no other ship and are the fleet, with the
    counts of ship cells in the lines given and each given part: water, a ship of one cell, a
    ship's middle or the end it names."""
    n = 0
    for shaded in shadings(board(rows, cols)):
        fleet_of = ships(shaded)
        if fleet_of is None:
            continue
        lengths = sorted(len(s) for s in fleet_of)
        if lengths != sorted(k for k, many in fleet.items() for _ in range(many)):
            continue
        if any(k is not None and sum(x[1] == c for x in shaded) != k
               for c, k in enumerate(column_counts, 1)):
            continue
        if any(k is not None and sum(x[0] == r for x in shaded) != k
               for r, k in enumerate(row_counts, 1)):
            continue
        ship_of = {x: s for s in fleet_of for x in s}
        ok = True
        for cell, part in parts.items():
            s = ship_of.get(cell)
            if part == "x":
                ok &= s is None
            elif part == "o":
                ok &= s is not None and len(s) == 1
            elif part == "m":
                ok &= s is not None and cell not in (s[0], s[-1])
            else:
                step = STEP[part]
                nxt = (cell[0] + step[0], cell[1] + step[1])
                ok &= (s is not None and len(s) > 1 and nxt in s
                       and cell == (s[0] if part in "nw" else s[-1]))
        n += ok
    return n


def text_of(rows: int, cols: int, fleet: dict[int, int], column_counts: list[int | None],
            row_counts: list[int | None], parts: dict[Cell, str]) -> str:
    head = " ".join(str(fleet.get(k, 0)) for k in range(1, max(fleet) + 1))

    def line(counts: list[int | None]) -> str:
        return " ".join("-" if k is None else str(k) for k in counts)

    grid = [" ".join(parts.get((r, c), "-") for c in range(1, cols + 1))
            for r in range(1, rows + 1)]
    return "\n".join([f"{rows} {cols} {head}", line(column_counts), line(row_counts),
                      *grid]) + "\n"


@pytest.mark.parametrize(("rows", "cols", "fleet", "column_counts", "row_counts", "parts"), [
    (1, 1, {1: 1}, [None], [None], {}),
    (1, 1, {2: 1}, [None], [None], {}),
    (1, 4, {1: 1}, [None] * 4, [None], {}),
    (1, 4, {2: 1}, [None] * 4, [None], {}),
    (4, 1, {2: 1}, [None], [None] * 4, {}),
    (1, 5, {1: 2}, [None] * 5, [None], {}),
    (5, 1, {1: 1, 2: 1}, [None], [None] * 5, {}),
    (1, 4, {2: 1}, [0, None, None, None], [None], {}),
    (1, 5, {1: 1, 2: 1}, [None] * 5, [None], {(1, 1): "o"}),
    (1, 5, {3: 1}, [None] * 5, [None], {(1, 3): "m"}),
    (5, 1, {2: 1}, [None], [None] * 5, {(2, 1): "n"}),
    (1, 4, {2: 1}, [None] * 4, [None], {(1, 4): "e"}),
    (3, 3, {1: 2}, [None] * 3, [None] * 3, {}),
    (3, 3, {1: 1, 2: 1}, [None] * 3, [None] * 3, {}),
    (3, 3, {1: 1, 2: 1}, [2, None, 0], [2, 0, None], {}),
    (3, 4, {1: 1, 2: 1}, [None] * 4, [None] * 3, {(2, 2): "x", (1, 2): "w"}),
    (3, 4, {3: 1}, [None] * 4, [None] * 3, {(2, 2): "m"}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       fleet: dict[int, int], column_counts: list[int | None],
                                       row_counts: list[int | None],
                                       parts: dict[Cell, str]) -> None:
    want = brute(rows, cols, fleet, column_counts, row_counts, parts)
    case = puzzlekit_to_case("Battleship", text_of(rows, cols, fleet, column_counts,
                                                   row_counts, parts))
    assert count(tmp_path, case) == (status_of(want), want)
