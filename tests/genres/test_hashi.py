"""Hashi (`sapphire.genres.hashi`): its fixture puzzles (tests/fixtures/genres/hashi.json) solve
to their recorded answers in both formats and come back through their links; the case text is
exact; malformed text and broken links are refused at their place; the answers read; boards
without islands and boards one cell tall or wide count as a brute force of the rules does."""

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

PUZZLES = fixture("hashi")
Cell = tuple[int, int]
LINK = "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3"


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Hashi", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Hashi", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_case_text() -> None:
    assert body(puzzlekit_to_case("Hashi", "3 3\n2 - 3\n- - -\n- - 1\n")) == """\
board: 3x3
---
hashi r1c1-r1c3-r3c3
bridges-1: bridge-count r3c3 count 1
bridges-2: bridge-count r1c1 count 2
bridges-3: bridge-count r1c3 count 3
"""


def test_a_link_is_its_islands() -> None:
    assert body(puzzlink_to_case(LINK)) == """\
board: 5x5
---
hashi r1c1-r1c3-r2c2-r2c5-r3c1-r4c2-r4c4-r5c1-r5c3-r5c5
bridges-1: bridge-count r4c4 count 1
bridges-2: bridge-count r1c3-r2c5 count 2
bridges-3: bridge-count r2c2-r3c1-r4c2-r5c1-r5c5 count 3
bridges-4: bridge-count r1c1-r5c3 count 4
"""


@pytest.mark.parametrize("alias", ["hashi", "bridges"])
def test_pzprjs_other_names_read_alike(alias: str) -> None:
    other = LINK.replace("?hashikake/", f"?{alias}/")
    assert body(puzzlink_to_case(other)) == body(puzzlink_to_case(LINK))
    assert export_puzzlink(puzzlink_to_case(other)) == LINK


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n1 -\n- x\n", 3, 3, "'x' at r2c2 is neither '-' nor a number"),
    ("2 2\n1 - -\n- -\n", 2, 5, "expected 2 tokens on row 1 of the grid, found 3"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Hashi", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Hashi problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    # a `?` island: refused at its `.`, which the rules here cannot number
    ("https://puzz.link/p?hashikake/3/1/1g.", "unsupported", 37,
     "the island at r1c3 has no number, which the Hashi rules here need"),
    ("https://puzz.link/p?hashikake/3/1/1!", "bad-puzzlink", 36,
     "not a puzz.link link: '!' is not a number or a gap"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


def test_a_count_on_no_island_is_refused_at_its_rule() -> None:
    case = puzzlekit_to_case("Hashi", "1 3\n1 - 1\n") + "extra: bridge-count r1c2 count 1\n"
    kind, _, line, _, message = refusal(export_puzzlink, case)
    assert (kind, line) == ("unsupported", len(case.splitlines()))
    assert message == ("the case cannot be written as a puzz.link link: its 'bridge-count' "
                       "rule: a count is a number on an island of the 'hashi' line")


def test_an_island_without_a_count_is_written_as_a_question_mark() -> None:
    case = "---\nlibrary: std\nboard: 1x3\n---\nhashi r1c1-r1c3\nbridge-count r1c1 count 1\n"
    assert export_puzzlink(case) == "https://puzz.link/p?hashikake/3/1/1g."


def test_the_answers_read() -> None:
    assert read_solution("Hashi", "3 3\n- 2 -\n- - a\n- - -\n") == {
        "links": {"across": [[2, 2, 0], [0, 0, 0], [0, 0, 0]],
                  "down": [[0, 0, 1], [0, 0, 1], [0, 0, 0]]}}
    assert read_pzprv3("pzprv3/hashikake/1/3/1 . 1 /1 -1 /") == {
        "links": {"across": [[1, 0, 0]], "down": [[0, 0, 0]]}}


# -- boards without islands, and one cell tall or wide, against a brute force --------------


def brute(rows: int, cols: int, islands: dict[Cell, int]) -> int:
    """Bridges (0-2) between islands in line with only water between them, none crossing
    another, each island with its number of them, all islands joined."""
    pairs = []
    for (r, c) in islands:
        for dr, dc in ((0, 1), (1, 0)):
            path, (y, x) = [], (r + dr, c + dc)
            while 1 <= y <= rows and 1 <= x <= cols and (y, x) not in islands:
                path.append((y, x))
                y, x = y + dr, x + dc
            if (y, x) in islands:
                pairs.append(((r, c), (y, x), set(path), dr == 0))
    n = 0
    for counts in itertools.product((0, 1, 2), repeat=len(pairs)):
        used = [p for p, k in zip(pairs, counts, strict=True) if k]
        if any(a[2] & b[2] and a[3] != b[3] for a, b in itertools.combinations(used, 2)):
            continue
        got = dict.fromkeys(islands, 0)
        for (a, b, _, _), k in zip(pairs, counts, strict=True):
            got[a] += k
            got[b] += k
        if got != islands:
            continue
        seen = set(list(islands)[:1])
        todo = list(seen)
        while todo:
            x = todo.pop()
            for a, b, _, _ in used:
                for p, q in ((a, b), (b, a)):
                    if p == x and q not in seen:
                        seen.add(q)
                        todo.append(q)
        n += len(seen) == len(islands)
    return n


@pytest.mark.parametrize(("rows", "cols", "islands"), [
    (2, 2, {}),  # no islands: the one answer without bridges
    (1, 3, {}),
    (1, 1, {}),
    (1, 1, {(1, 1): 1}),  # one island with nowhere to go
    (1, 4, {(1, 1): 2, (1, 4): 2}),
    (1, 4, {(1, 1): 1, (1, 3): 2, (1, 4): 1}),
    (4, 1, {(1, 1): 1, (4, 1): 2}),
    (3, 3, {(1, 1): 2, (1, 3): 2, (3, 1): 2, (3, 3): 2}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       islands: dict[Cell, int]) -> None:
    want = brute(rows, cols, islands)
    case = puzzlekit_to_case("Hashi", grid_text(rows, cols,
                                                {x: str(n) for x, n in islands.items()}))
    assert count(tmp_path, case) == (status_of(want), want)
    assert count(tmp_path, puzzlink_to_case(export_puzzlink(case))) == (status_of(want), want)
