"""Yajilin (`sapphire.genres.yajilin`): its fixture puzzles (tests/fixtures/genres/yajilin.json)
solve to their recorded answers in both formats and come back through their links; the case
text is exact; malformed text and broken links are refused at their place; the answers read;
boards without clues and boards one cell tall or wide count as a brute force of the rules
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
    rules,
    solves_to_its_answer,
    solves_to_its_solution,
    status_of,
)

from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("yajilin")
Cell = tuple[int, int]
LINK = "https://puzz.link/p?yajilin/5/5/m32j10"


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Yajilin", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Yajilin", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_case_text() -> None:
    assert body(puzzlekit_to_case("Yajilin", "3 3\n- - -\n- 1w s0\n- - -\n")) == """\
board: 3x3
---
loop
shaded-apart
loop-or-shaded r1c1-r1c2-r1c3-r2c1-r3c1-r3c2-r3c3
blank-cell r2c2-r2c3
arrow-shade-count-1: arrow-shade-count r2c2-r2c1 count 1
arrow-shade-count-2: arrow-shade-count r2c3-r3c3 count 0
"""


def test_a_link_is_its_arrows() -> None:
    assert rules(puzzlink_to_case(LINK))[-3:] == [
        "blank-cell r3c4-r5c5",
        "arrow-shade-count-1: arrow-shade-count r3c4-r3c3-r3c2-r3c1 count 2",
        "arrow-shade-count-2: arrow-shade-count r5c5-r4c5-r3c5-r2c5-r1c5 count 0"]


def test_yajirin_reads_as_yajilin_and_is_written_so() -> None:
    assert export_puzzlink(puzzlink_to_case(LINK.replace("yajilin", "yajirin"))) == LINK


def test_an_arrow_off_the_board_is_written_pointing_off_it() -> None:
    # r1c2's arrow points up, off the board: its line lists r1c2 alone, and the link written
    # points it up again (any way off the board counts no cell)
    case = puzzlink_to_case("https://puzz.link/p?yajilin/3/3/a10g")
    assert "arrow-shade-count r1c2 count 0" in case
    assert export_puzzlink(case) == "https://puzz.link/p?yajilin/3/3/a10g"


@pytest.mark.parametrize(("count_", "body_"), [(15, "4f"), (16, "910"), (255, "9ff"),
                                               (256, "-4100"), (4095, "-4fff")])
def test_a_number_is_written_in_as_few_characters_as_it_takes(count_: int, body_: str) -> None:
    text = f"1 2\n{count_}e -\n"
    link = export_puzzlink(puzzlekit_to_case("Yajilin", text))
    assert link == f"https://puzz.link/p?yajilin/2/1/{body_}a"
    assert rules(puzzlink_to_case(link)) == rules(puzzlekit_to_case("Yajilin", text))


def test_a_number_past_what_a_link_writes_is_refused() -> None:
    # before, 4096 and more passed and were written with four hex digits, a broken link
    case = puzzlekit_to_case("Yajilin", "1 2\n4096e -\n")
    assert refusal(export_puzzlink, case)[4] == ("the case cannot be written as a puzz.link "
                                                 "link: a yajilin link writes numbers 0-4095, "
                                                 "not 4096")


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 3\n- 2e -\n- - 2q\n", 3, 5, "'2q' at r2c3 is not a clue such as 2e or '-'"),
    ("2 3\n- 2e -\n- -\n", 3, 4, "expected 3 tokens on row 2 of the grid, found 2"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Yajilin", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Yajilin problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?yajilin/3/3/a1.", "bad-puzzlink", 35,
     "not a puzz.link link: an arrow without its number ('.') is not read"),
    ("https://puzz.link/p?yajilin/3/3/a!", "bad-puzzlink", 34,
     "not a puzz.link link: '!' is not a Yajilin clue"),
    # a clue without an arrow (direction 0): refused at it, which the rules here cannot count
    ("https://puzz.link/p?yajilin/3/3/a02g", "unsupported", 34,
     "the clue at r1c2 has no arrow, which the Yajilin rules here need"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


def test_an_arrow_that_stops_short_of_the_edge_is_refused_at_its_rule() -> None:
    case = puzzlekit_to_case("Yajilin", "1 3\n0e - -\n")
    case = case.replace("arrow-shade-count r1c1-r1c2-r1c3", "arrow-shade-count r1c1-r1c2")
    kind, _, line, _, message = refusal(export_puzzlink, case)
    assert (kind, line) == ("unsupported", len(case.splitlines()))
    assert message == ("the case cannot be written as a puzz.link link: its 'arrow-shade-count' "
                       "rule: an arrow's cells run straight from the clue to the edge of the "
                       "board")


def test_the_answers_read() -> None:
    assert read_solution("Yajilin", "2 3\nx se sw\n- ne nw\n") == {
        "shading": [[1, 0, 0], [0, 0, 0]],
        "loop": {"across": [[0, 1, 0], [0, 1, 0]], "down": [[0, 1, 1], [0, 0, 0]]}}
    (entry,) = PUZZLES["puzzlink"]
    got = read_pzprv3(entry["answer"])
    assert got["shading"] == [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [1, 0, 1, 0, 0],
                              [0, 0, 0, 0, 0], [0, 0, 0, 1, 0]]
    assert got["loop"]["across"][0] == [1, 1, 0, 1, 0]
    assert got["loop"]["down"][0] == [1, 0, 1, 1, 1]


# -- boards without clues, and one cell tall or wide, against a brute force ----------------


def brute(rows: int, cols: int, arrows: dict[Cell, tuple[int, str]]) -> int:
    """One loop (not empty) through side neighbours among the cells without a clue, with every
    such cell it misses shaded, no two shaded cells side by side, and each arrow's count of
    shaded cells from it to the edge."""
    steps = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}
    free = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
            if (r, c) not in arrows]
    links = [(p, q) for p in free for q in ((p[0], p[1] + 1), (p[0] + 1, p[1])) if q in free]
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
        shaded = {x for x in free if x not in nbs}
        if len(seen) != len(nbs) or any((r + 1, c) in shaded or (r, c + 1) in shaded
                                        for r, c in shaded):
            continue
        good = True
        for (r, c), (k, way) in arrows.items():
            dr, dc = steps[way]
            ray = [(r + i * dr, c + i * dc) for i in range(1, rows + cols)]
            good &= sum(x in shaded for x in ray) == k
        n += good
    return n


@pytest.mark.parametrize(("rows", "cols", "arrows"), [
    (2, 2, {}),  # no clues: the one loop around all four cells
    (2, 3, {}),
    (3, 3, {}),  # the loops of a 3x3 board whose missed cells are apart
    (1, 1, {}),  # one cell, one row, one column: no loop at all
    (1, 4, {}),
    (4, 1, {(1, 1): (0, "s")}),
    (3, 3, {(2, 2): (0, "e")}),
    (3, 3, {(1, 1): (1, "e")}),
    (3, 4, {(3, 1): (1, "n")}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       arrows: dict[Cell, tuple[int, str]]) -> None:
    want = brute(rows, cols, arrows)
    marks = {x: f"{k}{way}" for x, (k, way) in arrows.items()}
    case = puzzlekit_to_case("Yajilin", grid_text(rows, cols, marks))
    assert count(tmp_path, case) == (status_of(want), want)
    assert count(tmp_path, puzzlink_to_case(export_puzzlink(case))) == (status_of(want), want)
