"""Masyu (`sapphire.genres.masyu`): its fixture puzzles (tests/fixtures/genres/masyu.json)
solve to their recorded answers in both formats and come back through their links; the case
text is exact; malformed text and broken links are refused at their place; the answers read;
boards without circles and boards one cell tall or wide count as a brute force of the rules
does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import (
    body,
    comes_back_as_itself,
    comes_back_through_its_link,
    count,
    fixture,
    grid_text,
    refusal,
    solves_to_its_answer,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink
from sapphire.pipeline import solve_case

PUZZLES = fixture("masyu")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Masyu", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Masyu", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_an_exported_link_solves_as_the_case_does(tmp_path: Path) -> None:
    case_text = puzzlekit_to_case("Masyu", PUZZLES["puzzlekit"][0]["problem"])
    again = puzzlink_to_case(export_puzzlink(case_text))
    answers = []
    for k, text in enumerate((case_text, again)):
        path = tmp_path / f"{k}.case"
        path.write_text(text, encoding="utf-8")
        res = solve_case(str(path), max_solutions=2)
        answers.append((res.status, res.solutions))
    assert answers[0] == answers[1]
    assert answers[0][0] == "unique"


@pytest.mark.parametrize("alias", ["masyu", "pearl"])
def test_pzprjs_other_names_read_alike(alias: str) -> None:
    (entry,) = PUZZLES["puzzlink"]
    url = entry["url"][0]
    other = url.replace("?mashu/", f"?{alias}/")
    assert body(puzzlink_to_case(other)) == body(puzzlink_to_case(url))


def test_the_case_text() -> None:
    assert body(puzzlekit_to_case("Masyu", "3 3\nb - 1\n- w -\n2 - -\n")) == """\
board: 3x3
---
loop
white-circle r1c3-r2c2
black-circle r1c1-r3c1
"""


def test_a_board_without_circles_is_its_loop_alone() -> None:
    assert body(puzzlekit_to_case("Masyu", "2 2\n- -\n- -\n")) == "board: 2x2\n---\nloop\n"


def test_a_link_is_its_circles_three_to_a_character() -> None:
    # base 27: `5` is 0·9 + 1·3 + 2, so r1c1 none, r1c2 white, r1c3 black
    case = puzzlink_to_case("p?mashu/3/1/5")
    assert body(case) == ("board: 1x3\n---\nloop\nwhite-circle r1c2\nblack-circle r1c3\n")
    assert export_puzzlink(case) == "https://puzz.link/p?mashu/3/1/5"


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n- -\n- y\n", 3, 3, "'y' at r2c2 is not w, b, 1, 2 or '-'"),
    ("1 2\nb g\n", 2, 3, "'g' at r1c2 is not w, b, 1, 2 or '-'"),
    ("2 2\nb -\n", 2, 4, "expected row 2 of the grid, found the end of the text"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Masyu", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Masyu problem: {says}")


@pytest.mark.parametrize(("link", "col", "message"), [
    ("https://puzz.link/p?mashu/6/6/1063000i3r00", 40,
     "not a puzz.link link: 'r' is not a base-27 digit (0-9, a-q)"),
    ("https://puzz.link/p?mashu/3/1/50", 32,
     "not a puzz.link link: 1 character(s) past the end of the puzzle"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, col: int, message: str) -> None:
    assert refusal(puzzlink_to_case, link) == ("bad-puzzlink", "<puzzlink>", 1, col, message)


def test_a_rule_the_link_cannot_carry_is_refused() -> None:
    case = puzzlekit_to_case("Masyu", "2 2\nb -\n- -\n") + "shaded-apart\n"
    kind, _, line, _, message = refusal(export_puzzlink, case)
    assert (kind, line) == ("unsupported", case.count("\n"))  # at the refused line, the last
    assert message == ("the case cannot be written as a puzz.link link: a mashu link cannot "
                       "hold its 'shaded-apart' rule(s)")


def test_the_answers_read() -> None:
    assert read_solution("Masyu", "2 2\nse sw\nne nw\n") == {
        "loop": {"across": [[1, 0], [1, 0]], "down": [[1, 1], [0, 0]]}}
    # a 2x2 loop: across links r1 and r2 (one each), down links r1c1 and r1c2
    assert read_pzprv3("pzprv3/mashu/2/2/. . /. . /1 /1 /1 1 /") == {
        "loop": {"across": [[1, 0], [1, 0]], "down": [[1, 1], [0, 0]]}}


# -- boards without circles, and one cell tall or wide, against a brute force --------------


def brute(rows: int, cols: int, white: set[Cell], black: set[Cell]) -> int:
    """Sets of links between side neighbours that are one loop (not empty: every cell on two
    links or none, all of them joined) through every circle, straight through a white one and
    turning next to it, turning on a black one and straight on in the cells after it."""
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    links = [((r, c), (r, c + 1)) for r, c in cells if c < cols]
    links += [((r, c), (r + 1, c)) for r, c in cells if r < rows]

    def straight(x: Cell, nbs: dict[Cell, list[Cell]]) -> bool:
        a, b = nbs.get(x, [(0, 0), (0, 0)])
        return len(nbs.get(x, [])) == 2 and (a[0] == b[0] or a[1] == b[1])

    n = 0
    for bits in itertools.product((0, 1), repeat=len(links)):
        on = [link for link, bit in zip(links, bits, strict=True) if bit]
        nbs: dict[Cell, list[Cell]] = {}
        for p, q in on:
            nbs.setdefault(p, []).append(q)
            nbs.setdefault(q, []).append(p)
        if not on or any(len(v) != 2 for v in nbs.values()):
            continue
        start = next(iter(nbs))
        seen, todo = {start}, [start]
        while todo:
            for q in nbs[todo.pop()]:
                if q not in seen:
                    seen.add(q)
                    todo.append(q)
        if len(seen) != len(nbs) or any(x not in nbs for x in white | black):
            continue
        if any(not straight(x, nbs) or all(straight(y, nbs) for y in nbs[x]) for x in white):
            continue
        if any(straight(x, nbs) or not all(straight(y, nbs) for y in nbs[x]) for x in black):
            continue
        n += 1
    return n


@pytest.mark.parametrize(("rows", "cols", "white", "black"), [
    (2, 2, set(), set()),  # no circles: the one 2x2 loop
    (3, 3, set(), set()),  # every loop of a 3x3 board
    (3, 3, {(1, 2)}, set()),
    (3, 3, set(), {(1, 1)}),
    (1, 1, set(), set()),  # one cell: no loop at all
    (1, 4, set(), set()),  # one row: no loop at all
    (4, 1, {(2, 1)}, set()),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int, white: set[Cell],
                                       black: set[Cell]) -> None:
    want = brute(rows, cols, white, black)
    marks = {**{x: "w" for x in white}, **{x: "b" for x in black}}
    case = puzzlekit_to_case("Masyu", grid_text(rows, cols, marks))
    assert count(tmp_path, case) == (status_of(want), want)
