"""NumberLink (`sapphire.genres.numberlink`): the puzzlekit NumberLink (janko.at's Arukone,
every cell on a line) and puz.link's `numlin` (cells may stay empty) and `arukone` (every cell
on a line unless the flag `e` drops it). Their fixture puzzles
(tests/fixtures/genres/numberlink.json) solve to their recorded answers and come back through
their links; the case text is exact; malformed text and broken links are refused at their
place; the answers read; boards without numbers and boards one cell tall or wide count as a
brute force of the rules does."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from genre_checks import (
    comes_back_as_itself,
    count,
    fixture,
    grid_text,
    refusal,
    rules,
    solves_to_its_answer,
    solves_to_its_solution,
    status_of,
)

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("numberlink")
Cell = tuple[int, int]
LINK = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
ARUKONE = "https://puzz.link/p?arukone/4/4/12l3123j"


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("NumberLink", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link_but_for_its_note(entry: dict) -> None:
    case = puzzlekit_to_case("NumberLink", entry["problem"])
    link = export_puzzlink(case)
    assert link.startswith("https://puzz.link/p?arukone/")
    assert "notes:" not in puzzlink_to_case(link)
    assert rules(puzzlink_to_case(link)) == rules(case)


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_case_text() -> None:
    case = puzzlekit_to_case("NumberLink", "2 3\n2 1 -\n1 - 2\n")
    assert case == """\
---
source: puzzlekit-dataset NumberLink problem
notes: janko.at's Arukone has no rule that every cell be on a line, though its puzzles leave \
none empty; `fill true` asks it, so a unique answer here is the only one that fills the board.
library: std
board: 2x3
---
numberlink r1c2-r2c1-r1c1-r2c3 fill true
"""


def test_a_numlin_link_is_its_pairs_without_filling_every_cell() -> None:
    assert puzzlink_to_case(LINK) == f"""\
---
source: {LINK}
library: std
board: 5x5
---
numberlink r1c1-r4c2-r2c1-r4c5-r2c4-r5c5
"""


def test_cells_of_a_numlin_may_stay_empty(tmp_path: Path) -> None:
    # 1 in the corners of the top row of a 2x3 board: its line may take any of the four
    # paths between them, three of which leave cells empty
    assert count(tmp_path, puzzlink_to_case("numlin/3/2/1g1i")) == ("multiple", 4)


def test_an_arukone_link_fills_every_cell_unless_its_flag_says_not(tmp_path: Path) -> None:
    assert rules(puzzlink_to_case(ARUKONE)) == [
        "numberlink r1c1-r3c2-r1c2-r3c3-r3c1-r3c4 fill true"]
    flagged = puzzlink_to_case("arukone/e/4/4/12l3123j")
    assert rules(flagged) == ["numberlink r1c1-r3c2-r1c2-r3c3-r3c1-r3c4"]
    # with cells let empty, line 2 may also cut r1c4 and r2c4 off: r1c2-r1c3-r2c3-r3c3
    assert count(tmp_path, flagged) == ("multiple", 2)
    # the flag `e` comes back as the numlin it means
    assert export_puzzlink(flagged) == "https://puzz.link/p?numlin/4/4/12l3123j"


def test_export_numbers_the_pairs_in_order() -> None:
    # the pairs come back in the order of their numbers, each in reading order
    case = "---\nlibrary: std\nboard: 3x4\n---\nnumberlink r1c1-r3c4-r2c2-r1c4\n"
    link = export_puzzlink(case)
    assert link == "https://puzz.link/p?numlin/4/3/1h2g2k1"
    assert rules(puzzlink_to_case(link)) == ["numberlink r1c1-r3c4-r1c4-r2c2"]
    case = "---\nlibrary: std\nboard: 3x3\n---\nnumberlink r1c1-r1c3-r2c1-r3c3 fill true\n"
    assert export_puzzlink(case) == "https://puzz.link/p?arukone/3/3/1g12j2"


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 3\n1 - x\n1 - -\n", 2, 5, "'x' at r1c3 is neither '-' nor a number"),
    ("2 3\n1 2 1\n1 - 2\n", 3, 1, "number 1 stands in 3 cells, not two"),
    ("2 3\n1 2 -\n1 - -\n", 2, 3, "number 2 stands in 1 cell, not two"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "NumberLink", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit NumberLink problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2jG", "bad-puzzlink", 42,
     "not a puzz.link link: 'G' is not a number or a gap"),
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j.", "unsupported", 42,
     "the line's end at r5c5 has no number ('?')"),
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j4", "puzzlink-clues", 32,
     "the numlin it holds does not read: number 3 stands in 1 cell, not two"),
    ("https://puzz.link/p?arukone/2/1/111", "bad-puzzlink", 35,
     "not a puzz.link link: 1 character(s) past the end of the puzzle"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


@pytest.mark.parametrize(("rules_", "says"), [
    ("numberlink r1c1-r1c2-r1c3\n", "its 'numberlink' rule: its cells are not pairs"),
    ("numberlink r1c1-r1c2-r1c1-r1c3\n", "its 'numberlink' rule: r1c1 ends two lines"),
])
def test_a_case_the_link_cannot_carry_is_refused_at_its_rule(rules_: str, says: str) -> None:
    case = "---\nlibrary: std\nboard: 1x3\n---\n" + rules_
    assert refusal(export_puzzlink, case) == (
        "unsupported", "<case>", 5, 1, f"the case cannot be written as a puzz.link link: {says}")


def test_more_pairs_than_an_arukone_can_letter_are_refused() -> None:
    cells = "-".join(f"r{r}c{c}" for r in range(1, 12) for c in range(1, 11))
    case = f"---\nlibrary: std\nboard: 11x10\n---\nnumberlink {cells} fill true\n"
    assert refusal(export_puzzlink, case)[4] == (
        "the case cannot be written as a puzz.link link: a arukone link writes numbers 1-52, "
        "not 53")


def test_the_answers_read() -> None:
    assert read_solution("NumberLink", "2 3\ne w s\ne ew nw\n") == {
        "links": {"across": [[1, 0, 0], [1, 1, 0]], "down": [[0, 0, 1], [0, 0, 0]]}}
    numlin, arukone = PUZZLES["puzzlink"]
    assert read_pzprv3(numlin["answer"]) == {"links": {
        "across": [[1, 0, 1, 1, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0],
                   [1, 1, 0, 1, 0]],
        "down": [[0, 1, 1, 0, 1], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [1, 0, 1, 1, 0],
                 [0, 0, 0, 0, 0]]}}
    assert read_pzprv3(arukone["answer"]) == {"links": {
        "across": [[0, 1, 1, 0], [1, 0, 1, 0], [0, 0, 0, 0], [1, 1, 1, 0]],
        "down": [[1, 0, 0, 1], [0, 1, 1, 0], [1, 0, 0, 1], [0, 0, 0, 0]]}}
    with pytest.raises(SapphireError) as exc:
        read_pzprv3(arukone["answer"].replace("passallcell/", ""))
    assert exc.value.diagnostics[0].message == (
        "an arukone answer starts with 'passallcell' or 'dontpassallcell'")


# -- boards without numbers, and one cell tall or wide, against a brute force --------------


def brute(rows: int, cols: int, numbers: dict[Cell, int], fill: bool) -> int:
    """Sets of links between side neighbours where each numbered cell ends one line and every
    other cell is passed through or (without `fill`) left empty, and each line (a group of
    linked cells) runs between the two cells of one number."""
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    links = [((r, c), (r, c + 1)) for r, c in cells if c < cols]
    links += [((r, c), (r + 1, c)) for r, c in cells if r < rows]
    n = 0
    for bits in itertools.product((0, 1), repeat=len(links)):
        nbs: dict[Cell, list[Cell]] = {x: [] for x in cells}
        for (p, q), bit in zip(links, bits, strict=True):
            if bit:
                nbs[p].append(q)
                nbs[q].append(p)
        if any(len(nbs[x]) != (1 if x in numbers else 2) for x in cells
               if x in numbers or fill or nbs[x]):
            continue
        seen: set[Cell] = set()
        good = True
        for x in cells:
            if x in seen or not nbs[x]:
                continue
            group, todo = {x}, [x]
            while todo:
                for q in nbs[todo.pop()]:
                    if q not in group:
                        group.add(q)
                        todo.append(q)
            seen |= group
            ends = [numbers[y] for y in group if y in numbers]
            good &= len(ends) == 2 and ends[0] == ends[1]
        n += good
    return n


@pytest.mark.parametrize(("rows", "cols", "numbers"), [
    (2, 2, {}),  # no numbers: janko.at's has no answer, a numlin the empty one
    (1, 3, {}),
    (1, 1, {}),
    (1, 4, {(1, 1): 1, (1, 4): 1}),
    (1, 4, {(1, 1): 1, (1, 3): 1}),
    (4, 1, {(1, 1): 1, (2, 1): 1, (3, 1): 2, (4, 1): 2}),
    (2, 3, {(1, 1): 1, (1, 3): 1}),
    (3, 3, {(1, 1): 1, (3, 3): 1, (1, 3): 2, (3, 1): 2}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int,
                                       numbers: dict[Cell, int]) -> None:
    text = grid_text(rows, cols, {x: str(n) for x, n in numbers.items()})
    filled = brute(rows, cols, numbers, fill=True)
    case = puzzlekit_to_case("NumberLink", text)
    assert count(tmp_path, case) == (status_of(filled), filled)
    free = brute(rows, cols, numbers, fill=False)
    link = export_puzzlink(case).replace("?arukone/", "?numlin/")
    assert count(tmp_path, puzzlink_to_case(link)) == (status_of(free), free)
    flagged = link.replace("?numlin/", "?arukone/e/")
    assert count(tmp_path, puzzlink_to_case(flagged)) == (status_of(free), free)
