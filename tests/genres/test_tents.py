"""Tents (`sapphire.genres.tents`): its fixture puzzles (tests/fixtures/genres/tents.json)
solve to their recorded answers in both formats and come back through their links; the case
text is exact; malformed text and broken links are refused at their place; the answers read;
boards without trees and boards one cell tall or wide count as a brute force of the rules
does."""

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
from sapphire.importers import import_puzzle, puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("tents")
Cell = tuple[int, int]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Tent", entry, tmp_path)


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Tent", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


def test_the_case_text() -> None:
    assert body(puzzlekit_to_case("Tent", "2 3\n1 - 1\n- 1\nx - x\n- - -\n")) == """\
board: 2x3
---
tents r1c1-r1c3
column-1: shade-count r1c1-r2c1 count 1
column-2: shade-count r1c3-r2c3 count 1
row-1: shade-count r2c1-r2c2-r2c3 count 1
"""


def test_a_link_is_its_counts_then_its_trees() -> None:
    # 2x3: number16 `1`, `g` (one count skipped), `1`, `g`, `1`; then `0` a tree at r1c1 with
    # no cell skipped after it, `4` another at r1c2 with the last four cells skipped
    case = puzzlink_to_case("p?tents/3/2/1g1g104")
    assert rules(case) == ["tents r1c1-r1c2", "column-1: shade-count r1c1-r2c1 count 1",
                           "column-2: shade-count r1c3-r2c3 count 1",
                           "row-1: shade-count r2c1-r2c2-r2c3 count 1"]
    assert export_puzzlink(case) == "https://puzz.link/p?tents/3/2/1g1g104"


def test_a_long_gap_between_trees_is_written_in_steps() -> None:
    # 40 cells between two trees: the first tree's `h` skips 17 of them, `z` 18 and `m` the
    # last 5, then `0` is the second tree (after `zzi`, the 43 empty outside numbers)
    text = "1 42\n" + " ".join("-" for _ in range(42)) + "\n-\n" + " ".join(
        "x" if c in (0, 41) else "-" for c in range(42)) + "\n"
    link = export_puzzlink(puzzlekit_to_case("Tent", text))
    assert link == "https://puzz.link/p?tents/42/1/zzihzm0"
    assert "tents r1c1-r1c42\n" in puzzlink_to_case(link)


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2\n1 -\n1 -\nx -\n- T\n", 5, 3, "'T' at r2c2 is neither 'x' nor '-'"),
    ("2 2\n1 -\n3 -\nx -\n- -\n", 3, 1, "the count 3 of row 1 is more than its 2 cells"),
    ("2 2\nq -\n1 -\nx -\n- -\n", 2, 1, "'q' in the count of column 1 is neither '-' nor a "
     "number"),
    ("2 2\n1 -\n1\nx -\n- -\n", 3, 2, "expected 2 tokens on the line of row counts, found 1"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Tent", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Tent problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?tents/5/5/2g0h1i1j82!23", "bad-puzzlink", 41,
     "not a puzz.link link: '!' is not a tree's place"),
    ("https://puzz.link/p?tents/2/2/5", "puzzlink-clues", 31,
     "the tents it holds does not read: the count 5 of column 1 is more than its 2 cells"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


def test_a_count_outside_a_whole_line_is_refused_at_its_rule() -> None:
    case = puzzlekit_to_case("Tent", "2 2\n- -\n- -\nx -\n- -\n")
    case += "shade-count r1c2 count 0\n"
    kind, _, line, _, message = refusal(export_puzzlink, case)
    assert (kind, line) == ("unsupported", len(case.splitlines()))
    assert message == ("the case cannot be written as a puzz.link link: its 'shade-count' rule: "
                       "a tents link counts tents in whole rows and columns")


def test_the_answers_read() -> None:
    assert read_solution("Tent", "2 3\nx o -\no x -\n") == {"shading": [[0, 1, 0], [1, 0, 0]]}
    (entry,) = PUZZLES["puzzlink"]
    assert read_pzprv3(entry["answer"]) == {"shading": [
        [0, 1, 0, 0, 0], [0, 0, 0, 0, 1], [1, 0, 0, 0, 0], [0, 0, 0, 0, 1], [1, 0, 0, 0, 0]]}


# -- boards without trees, and one cell tall or wide, against a brute force ----------------


def brute(rows: int, cols: int, trees: set[Cell], col_counts: list[int | None],
          row_counts: list[int | None]) -> int:
    """Shadings (the tents) where no tent stands on a tree, no two tents touch even diagonally,
    the counts hold and the trees and tents pair up one to one as side neighbours."""
    open_cells = [x for x in board(rows, cols) if x not in trees]

    def pairs(ts: list[Cell], tents: set[Cell]) -> bool:
        if not ts:
            return not tents
        return any(pairs(ts[1:], tents - {t}) for t in around(ts[0], tents))

    n = 0
    for tents in shadings(open_cells):
        if any(abs(a - c) <= 1 and abs(b - d) <= 1 for (a, b), (c, d)
               in itertools.combinations(tents, 2)):
            continue
        if any(k is not None and sum(1 for r, _ in tents if r == i) != k
               for i, k in enumerate(row_counts, 1)):
            continue
        if any(k is not None and sum(1 for _, c in tents if c == i) != k
               for i, k in enumerate(col_counts, 1)):
            continue
        n += len(tents) == len(trees) and pairs(sorted(trees), tents)
    return n


def text_of(rows: int, cols: int, trees: set[Cell], col_counts: list[int | None],
            row_counts: list[int | None]) -> str:
    def line(counts: list[int | None]) -> str:
        return " ".join("-" if k is None else str(k) for k in counts)
    grid = [" ".join("x" if (r, c) in trees else "-" for c in range(1, cols + 1))
            for r in range(1, rows + 1)]
    return "\n".join([f"{rows} {cols}", line(col_counts), line(row_counts), *grid]) + "\n"


@pytest.mark.parametrize("rows, cols, trees, col_counts, row_counts", [
    (3, 3, set(), [None, None, 0], [0, None, None]),  # no trees: no tents, whatever the counts
    (4, 4, set(), [None, 1, None, None], [None] * 4),  # no trees, yet a count of 1: no answer
    (2, 2, set(), [None, None], [None, None]),
    (1, 1, set(), [None], [None]),
    (1, 4, {(1, 2)}, [None] * 4, [None]),  # one row: the tent left or right of the tree
    (4, 1, {(2, 1), (3, 1)}, [None], [None] * 4),  # one column: r1 and r4
    (1, 1, {(1, 1)}, [None], [None]),  # a tree with no room for its tent
])
def test_edge_boards_match_brute_force(tmp_path: Path, rows: int, cols: int, trees: set[Cell],
                                       col_counts: list[int | None],
                                       row_counts: list[int | None]) -> None:
    want = brute(rows, cols, trees, col_counts, row_counts)
    case = puzzlekit_to_case("Tent", text_of(rows, cols, trees, col_counts, row_counts))
    assert count(tmp_path, case) == (status_of(want), want)


def test_a_link_without_trees_has_one_answer(tmp_path: Path) -> None:
    """A 3×3 link with no trees and no numbers holds only the empty board."""
    assert count(tmp_path, import_puzzle("puzzlink", "p?tents/3/3/l")) == ("unique", 1)
