"""Skyscraper (`sapphire.genres.skyscraper`, puz.link's `skyscrapers`): its fixture puzzles
(tests/fixtures/genres/skyscraper.json: heights 1-N, empty plots, diagonals) solve to their
recorded answers, and those a link can carry come back through it; pzprjs's test link solves
to its answer and comes back; the case text is exact; malformed text and broken links are
refused at their place; a case the link cannot hold is refused; the answers read; boards
without clues, one cell, with empty plots or diagonals, count as a brute force of the rules
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
    refusal,
    solves_to_its_answer,
    solves_to_its_solution,
    status_of,
)

from sapphire.cli import main
from sapphire.formats.common import sightlines
from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import puzzlekit_to_case, puzzlink_to_case
from sapphire.importers.puzzlink import export_puzzlink

PUZZLES = fixture("skyscraper")
Cell = tuple[int, int]


def plain(problem: str) -> bool:
    """Whether a puzzlekit Skyscraper is of heights 1-N without diagonals, as links are."""
    head = problem.split("\n", 1)[0].split()
    return len(head) == 3 and head[0] == head[2]


PLAIN = [e for e in PUZZLES["puzzlekit"] if plain(e["problem"])]
OTHER = [e for e in PUZZLES["puzzlekit"] if not plain(e["problem"])]


@pytest.mark.parametrize("entry", PUZZLES["puzzlekit"], ids=lambda e: e["key"])
def test_a_puzzlekit_puzzle_solves_to_its_solution(entry: dict, tmp_path: Path) -> None:
    solves_to_its_solution("Skyscraper", entry, tmp_path)


@pytest.mark.parametrize("entry", PLAIN, ids=lambda e: e["key"])
def test_a_puzzlekit_case_comes_back_through_its_link(entry: dict) -> None:
    comes_back_through_its_link("Skyscraper", entry["problem"])


@pytest.mark.parametrize("entry", PUZZLES["puzzlink"], ids=lambda e: e["genre"])
def test_a_link_solves_to_its_accepted_answer_and_comes_back(entry: dict,
                                                              tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)
    comes_back_as_itself(entry)


@pytest.mark.parametrize("alias", ["skyscraper", "building"])
def test_pzprjs_other_names_read_alike(alias: str) -> None:
    (entry,) = PUZZLES["puzzlink"]
    url = entry["url"][0]
    other = url.replace("?skyscrapers/", f"?{alias}/")
    assert body(puzzlink_to_case(other)) == body(puzzlink_to_case(url))


def test_the_case_text_with_empty_plots_and_diagonals() -> None:
    text = "3 3 2 D\n2 - -\n- - -\n- - 1\n- - -\n- 0 -\n- - -\n- - -\n"
    assert body(puzzlekit_to_case("Skyscraper", text)) == """\
board: 3x3
digits: 0-2
givens: |
  . 0 .
  . . .
  . . .
---
latin-square
main-diagonal
anti-diagonal
skyscraper-1: skyscraper r1c1-r2c1-r3c1 visible 2
skyscraper-2: skyscraper r3c1-r3c2-r3c3 visible 1
"""
    case = puzzlekit_to_case("Skyscraper", "2 2 2\n1 - \n- -\n- -\n- -\n- -\n- -\n")
    assert body(case) == "board: 2x2\n---\nlatin-square\nskyscraper r1c1-r2c1 visible 1\n"
    assert export_puzzlink(case) == "https://puzz.link/p?skyscrapers/2/2/1m"


@pytest.mark.parametrize(("text", "line", "col", "says"), [
    ("2 2 5\n" + "- -\n" * 6, 1, 5, "the first line '2 2 5' is not 'N N H' with H = N or N-1, "
     "and an optional D"),
    ("2 2 1 X\n" + "- -\n" * 6, 1, 7, "the first line '2 2 1 X' is not 'N N H' with H = N or "
     "N-1, and an optional D"),
    ("2 2 1\n" + "- -\n" * 4 + "2 -\n- -\n", 6, 1, "the given 2 at r1c1 is outside 0-1"),
    ("2 2 2\n" + "- -\n" * 4 + "0 -\n- -\n", 6, 1, "the given 0 at r1c1 is outside 1-2"),
    ("2 2 2\n- -\n- -\n- x\n" + "- -\n" * 3, 4, 3, "'x' left of row 2 is neither '-' nor a "
     "number"),
    ("2 3 2\n" + "- -\n" * 6, 1, 1, "a 2x3 grid is not square"),
])
def test_malformed_text_is_refused_at_its_place(text: str, line: int, col: int,
                                                says: str) -> None:
    assert refusal(puzzlekit_to_case, "Skyscraper", text, label="p.txt") == (
        "bad-puzzlekit", "p.txt", line, col, f"not a puzzlekit Skyscraper problem: {says}")


@pytest.mark.parametrize(("link", "kind", "col", "message"), [
    ("https://puzz.link/p?skyscrapers/4/3/k13h4j3g", "bad-puzzlink", 33,
     "not a puzz.link link: a skyscrapers is square, but the size is 4x3"),
    ("https://puzz.link/p?skyscrapers/2/2/g!", "bad-puzzlink", 38,
     "not a puzz.link link: '!' is not a number or a gap"),
    ("https://puzz.link/p?building/2/2/n3", "puzzlink-clues", 34,
     "the skyscrapers it holds does not read: the given 3 at r1c1 is outside 1-2"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, kind: str, col: int,
                                                  message: str) -> None:
    assert refusal(puzzlink_to_case, link) == (kind, "<puzzlink>", 1, col, message)


def test_a_case_with_empty_plots_or_diagonals_is_refused() -> None:
    for entry in OTHER:
        kind, *_, message = refusal(export_puzzlink,
                                    puzzlekit_to_case("Skyscraper", entry["problem"]))
        assert kind == "unsupported"
        assert message in (
            "the case cannot be written as a puzz.link link: a puzz.link Skyscrapers holds "
            "the heights 1-N, with no empty plot",
            "the case cannot be written as a puzz.link link: a skyscrapers link cannot hold "
            "its 'anti-diagonal', 'main-diagonal' rule(s)")


def test_a_clue_on_part_of_a_line_is_refused_at_its_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = tmp_path / "towers.case"
    case.write_text("---\nlibrary: std\nboard: 3x3\n---\nlatin-square\n"
                    "skyscraper-1: skyscraper r1c2-r3c2 visible 1\n", encoding="utf-8")
    assert main(["export", "puzzlink", str(case)]) == 1
    assert capsys.readouterr().err == (
        f"{case}:6:1: error: the case cannot be written as a puzz.link link: its 'skyscraper' "
        "rule: a clue sees a whole row or column from its end\n"
        "  skyscraper-1: skyscraper r1c2-r3c2 visible 1\n"
        "  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n")


def test_a_number_the_link_cannot_write_is_refused() -> None:
    case = puzzlink_to_case("https://puzz.link/p?skyscrapers/2/2/1m").replace(
        "visible 1", "visible 300")
    kind, *_, message = refusal(export_puzzlink, case)
    assert (kind, message) == ("unsupported", "the case cannot be written as a puzz.link "
                               "link: a skyscrapers link writes numbers 1-255, not 300")


def test_the_answers_read() -> None:
    (entry,) = PUZZLES["puzzlink"]
    assert read_pzprv3(entry["answer"])["digits"][0] == [2, 1, 4, 3]
    assert read_solution("Skyscraper", "2 2 1\n1 0\n0 1\n") == {"digits": [[1, 0], [0, 1]]}
    assert refusal(read_solution, "Skyscraper", "2 2 1 D\n1 0\n", label="s.txt")[:4] == (
        "bad-puzzlekit", "s.txt", 2, 4)


# -- edge boards, against a brute force ------------------------------------------------------


def seen(heights: list[int]) -> int:
    """How many skyscrapers a clue sees along `heights`, nearest first (0 is no skyscraper)."""
    tallest, n = 0, 0
    for h in heights:
        if h > tallest:
            tallest, n = h, n + 1
    return n


def brute(n: int, top: int, diagonals: bool, outside: list[int | None]) -> int:
    """Rows and columns each hold 1..H once (and 0 in the other cell when H = N-1), the
    diagonals too when asked, and each clue sees its number."""
    cells = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    heights = list(range(1 if top == n else 0, top + 1))
    found = 0
    for rows in itertools.product(itertools.permutations(heights), repeat=n):
        g = {(r, c): rows[r - 1][c - 1] for r, c in cells}
        lines = [[g[(r, c)] for r in range(1, n + 1)] for c in range(1, n + 1)]
        if diagonals:
            lines += [[g[(k, k)] for k in range(1, n + 1)],
                      [g[(k, n + 1 - k)] for k in range(1, n + 1)]]
        if any(len(set(line)) < n for line in lines):
            continue
        found += all(v is None or seen([g[x] for x in line]) == v
                     for v, line in zip(outside, sightlines(n, n), strict=True))
    return found


@pytest.mark.parametrize(("n", "top", "diagonals", "outside"), [
    (1, 1, False, {}), (2, 2, False, {}), (3, 3, False, {}), (2, 1, False, {}),
    (3, 2, False, {}), (3, 3, True, {}), (3, 3, False, {0: 2, 10: 1}),
    (3, 2, False, {3: 2, 6: 1}), (4, 3, True, {}),
])
def test_edge_boards_match_brute_force(tmp_path: Path, n: int, top: int, diagonals: bool,
                                       outside: dict[int, int]) -> None:
    clues = [outside.get(k) for k in range(4 * n)]
    want = brute(n, top, diagonals, clues)
    marks = ["-" if v is None else str(v) for v in clues]
    text = "\n".join([f"{n} {n} {top}" + (" D" if diagonals else ""),
                      *(" ".join(marks[k * n:(k + 1) * n]) for k in range(4)),
                      *[" ".join("-" * n)] * n]) + "\n"
    assert count(tmp_path, puzzlekit_to_case("Skyscraper", text)) == (status_of(want), want)
