"""Kuromasu and Cave (`sapphire.genres.kuromasu`): their fixture puzzles (tests/fixtures/genres/
kuromasu.json) solve to their recorded answers in both formats and come back through their
links; the case text is exact; malformed text, broken links and cases the link cannot carry
are refused at their place; the answers read; boards without numbers and boards one cell tall
or wide count as a brute force of the rules does."""

from __future__ import annotations

from pathlib import Path

import pytest
from genre_checks import (
    around,
    board,
    comes_back_as_itself,
    comes_back_through_its_link,
    connected,
    count,
    fixture,
    grid_text,
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

PUZZLES = fixture("kuromasu")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: f"{e['genre']} {e['key']}")
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution(entry["genre"], entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: f"{e['genre']} {e['key']}")
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link(entry["genre"], entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_numbers_see_cells() -> None:
    text = "2 2\n3 -\n- 2\n"
    seen = ["seen-cells-1: seen-cells r1c1 count 3", "seen-cells-2: seen-cells r2c2 count 2"]
    kuromasu = puzzlekit_to_case("Kuromasu", text)
    assert rules(kuromasu) == ["shaded-apart", "unshaded-connected", *seen]
    cave = puzzlekit_to_case("Cave", text)
    assert rules(cave) == ["unshaded-connected", "shaded-reach-edge", *seen]
    assert export_puzzlink(kuromasu) == "https://puzz.link/p?kurodoko/2/2/3h2"
    assert export_puzzlink(cave) == "https://puzz.link/p?cave/2/2/3h2"
    assert rules(puzzlink_to_case("p?bag/2/2/3h2")) == rules(cave)


@pytest.mark.parametrize(("genre", "text", "line", "col", "says"), [
    ("Kuromasu", "2 2\n0 -\n- -\n", 2, 1, "the number 0 at r1c1 is not 1 or more"),
    ("Cave", "2 2\n3 q\n- -\n", 2, 3, "'q' at r1c2 is neither '-' nor a number"),
    ("Cave", "2 2\n3 -\n", 2, 4, "expected row 2 of the grid, found the end of the text"),
])
def test_malformed_text_is_refused_at_its_place(genre: str, text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, genre, text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit {genre} problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?kurodoko/3/3/i.i", "bad-puzzlink", 35,
     "not a puzz.link link: a Kurodoko clue without its number ('?') is not read"),
    ("https://puzz.link/p?cave/3/3/g3.", "bad-puzzlink", 32,
     "not a puzz.link link: a Cave clue without its number ('?') is not read"),
    ("https://puzz.link/p?cave/3/3/g3!", "bad-puzzlink", 32,
     "not a puzz.link link: '!' is not a number or a gap"),
    ("https://puzz.link/p?kurodoko/3/3/0", "puzzlink-clues", 34,
     "the kurodoko it holds does not read: the number 0 at r1c1 is not 1 or more"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


def test_a_case_with_a_rule_the_link_cannot_hold_is_refused() -> None:
    case = puzzlink_to_case("https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i")
    assert refusal(export_puzzlink, case + "shade-count r1c1 count 0\n")[4] == (
        "the case cannot be written as a puzz.link link: a kurodoko link cannot hold its "
        "'shade-count' rule(s)")


def test_the_answers_read() -> None:
    # a Cave's solution marks the cave, which the case leaves unshaded
    assert read_solution("Cave", "1 3\nx - x\n") == {"shading": [[0, 1, 0]]}
    assert read_solution("Kuromasu", "1 3\nx - X\n") == {"shading": [[1, 0, 1]]}
    assert read_pzprv3("pzprv3/kurodoko/1/3/2 . . /+ . # /") == {"shading": [[0, 0, 1]]}
    assert read_pzprv3("pzprv3/cave/1/3/2 . . /+ # # /") == {"shading": [[0, 1, 1]]}


# -- boards without numbers, and one cell tall or wide, against a brute force ---------------


def seen(cell: Cell, white: set[Cell]) -> int:
    """The cells of `white` that `cell` sees along its row and column, itself included."""
    n = 1
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        r, c = cell[0] + dr, cell[1] + dc
        while (r, c) in white:
            n += 1
            r, c = r + dr, c + dc
    return n


def brute(genre: str, rows: int, cols: int, numbers: dict[Cell, int]) -> int:
    """Kuromasu: shadings with no two shaded cells side by side, the unshaded cells together
    and each number the count of unshaded cells its cell sees (a numbered cell is unshaded).
    Cave: the unshaded cells (the cave) together, every shaded cell joined to the board's edge
    through shaded cells, and each number the count of cave cells its cell sees."""
    cells = board(rows, cols)
    n = 0
    for shaded in shadings(cells):
        white = set(cells) - shaded
        if set(numbers) & shaded or not connected(white):
            continue
        if genre == "Kuromasu" and any(around(x, shaded) for x in shaded):
            continue
        if genre == "Cave":
            edge = {x for x in shaded if x[0] in (1, rows) or x[1] in (1, cols)}
            todo, reach = list(edge), set(edge)
            while todo:
                for nb in around(todo.pop(), shaded):
                    if nb not in reach:
                        reach.add(nb)
                        todo.append(nb)
            if reach != shaded:
                continue
        n += all(seen(x, white) == k for x, k in numbers.items())
    return n


@pytest.mark.parametrize("genre", ["Kuromasu", "Cave"])
@pytest.mark.parametrize("rows, cols, numbers", [
    (1, 1, {}),
    (1, 4, {}),
    (2, 2, {}),
    (1, 4, {(1, 2): 2}),
    (4, 1, {(1, 1): 1, (4, 1): 2}),
    (3, 3, {(2, 2): 5}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, genre: str, rows: int, cols: int,
                                       numbers: dict[Cell, int]) -> None:
    want = brute(genre, rows, cols, numbers)
    case = puzzlekit_to_case(genre, grid_text(rows, cols,
                                              {x: str(k) for x, k in numbers.items()}))
    assert count(tmp_path, case) == (status_of(want), want)
    if numbers or genre == "Cave":  # a Kuromasu's case is told by its seen-cells lines too
        link = export_puzzlink(case)
        assert count(tmp_path, puzzlink_to_case(link)) == (status_of(want), want)
