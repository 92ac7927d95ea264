"""Heyawake (`sapphire.genres.heyawake`): its fixture puzzles (tests/fixtures/genres/
heyawake.json) solve to their recorded answers in both formats and come back through their
links; the case text is exact; malformed text, broken links and cases the link cannot carry
are refused at their place; the answers read; boards without numbers and boards one cell tall
or wide count as a brute force of the rules does."""

from __future__ import annotations

import itertools
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
    rules,
    shadings,
    solves_to_its_answer,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("heyawake")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Heyawake", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Heyawake", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_rooms_and_the_stretches_across_two_borders() -> None:
    case = puzzlekit_to_case("Heyawake", "1 4\n- 1 - -\na b b c\n")
    assert body(case) == """\
board: 1x4
---
shaded-apart
unshaded-connected
room-1: room r1c1
room-2: room r1c2-r1c3 count 1
room-3: room r1c4
span-1: shade-at-least r1c1-r1c2-r1c3-r1c4 count 1
"""
    # borders right of r1c1 and of r1c3 (10100 is k), none below; then the numbers - 1 -
    assert export_puzzlink(case) == "https://puzz.link/p?heyawake/4/1/kg1g"


def test_a_room_name_given_to_two_pieces_is_two_rooms() -> None:
    # the number belongs to the piece it stands in, as the dataset's 216_10x18 needs
    lines = rules(puzzlekit_to_case("Heyawake", "1 3\n1 - -\na b a\n"))
    assert [x for x in lines if x.startswith("room")] == [
        "room-1: room r1c1 count 1", "room-2: room r1c3", "room-3: room r1c2"]


def test_a_link_is_its_rooms_and_their_numbers() -> None:
    # 3x2: a border right of r1c1 and r2c1 parts the first column from the rest; the rooms'
    # numbers 1 and 2 (number16) stand in r1c1 and r1c2
    lines = rules(puzzlink_to_case("https://puzz.link/p?heyawake/3/2/k012"))
    assert [x for x in lines if "room" in x] == ["room-1: room r1c1-r2c1 count 1",
                                                 "room-2: room r1c2-r1c3-r2c2-r2c3 count 2"]
    assert body(puzzlink_to_case("p?heyawacky/3/2/k012")) == body(
        puzzlink_to_case("p?heyawake/3/2/k012"))


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 3\n5 - -\n- - -\na a b\na a b\n", 2, 1, "room 'a' has 4 cells, fewer than its number 5"),
    ("1 3\n1 2 -\na a b\n", 2, 3, "room 'a' has two numbers, 1 and 2"),
    ("1 3\n1 - q\na a b\n", 2, 5, "'q' at r1c3 is neither '-' nor a number"),
    ("1 3\n1 - -\n", 2, 6, "expected the room block, found the end of the text"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Heyawake", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Heyawake problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?heyawake/3/2/k", "bad-puzzlink", 35, "not a puzz.link link: the "
     "link ends where the borders between cells one above the other should be"),
    ("https://puzz.link/p?heyawake/3/2/w", "bad-puzzlink", 34, "not a puzz.link link: 'w' is "
     "not a base-32 digit where the borders between cells side by side should be"),
    ("https://puzz.link/p?heyawake/3/2/k0.", "bad-puzzlink", 36, "not a puzz.link link: a "
     "room's clue without its number ('?') is not read"),
    ("https://puzz.link/p?heyawake/3/2/k03", "puzzlink-clues", 34, "the heyawake it holds "
     "does not read: room '0' has 2 cells, fewer than its number 3"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


ROOMS = "---\nlibrary: std\nboard: 1x3\n---\nshaded-apart\nunshaded-connected\n"


@pytest.mark.parametrize(("rules_", "line", "message"), [
    ("room-1: room r1c1-r1c2\nroom-2: room r1c2-r1c3\n", 8, "its 'room' rule: r1c2 is in two "
     "rooms"),
    ("room r1c1-r1c2\n", 1, "the rooms do not cover the board (r1c3 is in none)"),
    ("room-1: room r1c1\nroom-2: room r1c2-r1c3\nshade-at-least r1c2-r1c3 count 1\n", 9,
     "its 'shade-at-least' rule: it is not a stretch across two room borders that holds a "
     "shaded cell"),
])
def test_a_case_the_link_cannot_carry_is_refused_at_its_place(rules_: str, line: int,
                                                             message: str) -> None:
    assert refusal(export_puzzlink, ROOMS + rules_)[2:] == (
        line, 1, f"the case cannot be written as a puzz.link link: {message}")


def test_the_answers_read() -> None:
    assert read_solution("Heyawake", "1 3\nx - X\n") == {"shading": [[1, 0, 1]]}
    assert read_pzprv3("pzprv3/heyawake/1/3/1/0 0 0 /1 . . /# + . /") == {
        "shading": [[1, 0, 0]]}


# -- boards without numbers, and one cell tall or wide, against a brute force ---------------


def brute(rows: int, cols: int, rooms: dict[Cell, str], numbers: dict[str, int]) -> int:
    """Shadings where no two shaded cells touch side by side, the unshaded cells hang
    together, each numbered room holds that many shaded cells, and no unshaded run along a row
    or column crosses two room borders."""
    cells = board(rows, cols)
    lines = [[(r, c) for c in range(1, cols + 1)] for r in range(1, rows + 1)]
    lines += [[(r, c) for r in range(1, rows + 1)] for c in range(1, cols + 1)]
    n = 0
    for shaded in shadings(cells):
        white = set(cells) - shaded
        if any(around(x, shaded) for x in shaded) or not connected(white):
            continue
        if any(sum(rooms[x] == name for x in shaded) != k for name, k in numbers.items()):
            continue
        crosses = False
        for line in lines:
            run: list[Cell] = []
            for x in [*line, None]:
                if x is not None and x in white:
                    run.append(x)
                    continue
                crosses |= sum(rooms[a] != rooms[b] for a, b in itertools.pairwise(run)) > 1
                run = []
        n += not crosses
    return n


@pytest.mark.parametrize("layout, numbers", [
    (["a"], {}),
    (["a b c d"], {}),  # an unshaded run r1c1-r1c4 would cross three borders
    (["a a b b"], {"a": 1}),
    (["a", "b", "b", "c"], {"b": 0}),
    (["a a", "a a"], {}),
    (["a b c", "a b c"], {"b": 1}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, layout: list[str],
                                       numbers: dict[str, int]) -> None:
    rooms = {(r, c): t for r, line in enumerate(layout, 1)
             for c, t in enumerate(line.split(), 1)}
    rows, cols = len(layout), len(layout[0].split())
    given: dict[Cell, str] = {}
    for name, k in numbers.items():
        given[min(x for x in rooms if rooms[x] == name)] = str(k)
    grid = [" ".join(given.get((r, c), "-") for c in range(1, cols + 1))
            for r in range(1, rows + 1)]
    text = "\n".join([f"{rows} {cols}", *grid, *layout]) + "\n"
    want = brute(rows, cols, rooms, numbers)
    case = puzzlekit_to_case("Heyawake", text)
    assert count(tmp_path, case) == (status_of(want), want)
    assert count(tmp_path, puzzlink_to_case(export_puzzlink(case))) == (status_of(want), want)
