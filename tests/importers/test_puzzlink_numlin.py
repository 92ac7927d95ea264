"""puz.link's `numlin` (NumberLink without the rule that every cell is on a line) and `arukone`
(with it, unless the link's flag `e` drops it): what a link reads as, its answer, its export
back character for character, and the refusals.

The links and their accepted answers are pzprjs's own tests' (robx/pzprjs, test/script/
numlin.js and arukone.js, MIT licence), as /work/shared/corpus/puzzlink.json holds them."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_pzprv3
from sapphire.importers.puzzlink import export_puzzlink, puzzlink_to_case
from sapphire.pipeline import solve_case

LINK = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
ANSWER = ("pzprv3/numlin/5/5/1 . . . . /2 . . 3 . /. . . . . /. 1 . . 2 /. . . . 3 /"
          "1 -1 1 1 /0 -1 0 0 /0 -1 -1 0 /0 -1 -1 0 /1 1 -1 1 /0 1 1 0 1 /1 1 1 1 1 /"
          "1 1 1 1 1 /1 0 1 1 0 /")
ARUKONE = "https://puzz.link/p?arukone/4/4/12l3123j"
ARUKONE_ANSWER = ("pzprv3/arukone/4/4/passallcell/A B . . /. . . . /C A B C /. . . . /0 1 1 /"
                  "1 0 1 /0 0 0 /1 1 1 /1 0 0 1 /0 1 1 0 /1 0 0 1 /")


def test_a_numlin_link_is_its_pairs_without_filling_every_cell() -> None:
    assert puzzlink_to_case(LINK) == f"""\
---
source: {LINK}
library: std
board: 5x5
---
numberlink r1c1-r4c2-r2c1-r4c5-r2c4-r5c5
"""


def solve(tmp_path: Path, text: str, count: int | None = None):  # noqa: ANN201
    path = tmp_path / "puzzle.case"
    path.write_text(text, encoding="utf-8")
    return solve_case(str(path), max_solutions=2, count_limit=count)


def test_the_link_solves_uniquely_to_its_accepted_answer(tmp_path: Path) -> None:
    want = read_pzprv3(ANSWER)
    assert want == {"links": {
        "across": [[1, 0, 1, 1, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0],
                   [1, 1, 0, 1, 0]],
        "down": [[0, 1, 1, 0, 1], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [1, 0, 1, 1, 0],
                 [0, 0, 0, 0, 0]]}}
    res = solve(tmp_path, puzzlink_to_case(LINK), count=10)
    assert (res.status, res.count, res.complete) == ("unique", 1, True)
    assert res.solutions[0]["links"] == want["links"]


def test_cells_may_stay_empty(tmp_path: Path) -> None:
    # 1 in the corners of the top row of a 2x3 board: its line may take any of the four
    # paths between them, three of which leave cells empty (only r1c1-r2c1-r2c2-r2c3-r1c3
    # fills every cell)
    res = solve(tmp_path, puzzlink_to_case("numlin/3/2/1g1i"), count=10)
    assert (res.status, res.count, res.complete) == ("multiple", 4, True)


def test_export_writes_the_link_back() -> None:
    assert export_puzzlink(puzzlink_to_case(LINK)) == LINK


def test_export_numbers_the_pairs_in_order() -> None:
    # the pairs come back in the order of their numbers, each in reading order
    case = "---\nlibrary: std\nboard: 3x4\n---\nnumberlink r1c1-r3c4-r2c2-r1c4\n"
    link = export_puzzlink(case)
    assert link == "https://puzz.link/p?numlin/4/3/1h2g2k1"
    assert puzzlink_to_case(link).split("---\n", 2)[2] == "numberlink r1c1-r3c4-r1c4-r2c2\n"


def test_an_arukone_link_fills_every_cell_unless_its_flag_says_not() -> None:
    # puz.link's rules are its own: no note on janko.at's
    assert "notes:" not in puzzlink_to_case(ARUKONE)
    assert puzzlink_to_case(ARUKONE).split("---\n", 2)[2] == (
        "numberlink r1c1-r3c2-r1c2-r3c3-r3c1-r3c4 fill true\n")
    assert puzzlink_to_case("arukone/e/4/4/12l3123j").split("---\n", 2)[2] == (
        "numberlink r1c1-r3c2-r1c2-r3c3-r3c1-r3c4\n")


def test_the_arukone_link_solves_uniquely_to_its_accepted_answer(tmp_path: Path) -> None:
    want = read_pzprv3(ARUKONE_ANSWER)
    assert want == {"links": {
        "across": [[0, 1, 1, 0], [1, 0, 1, 0], [0, 0, 0, 0], [1, 1, 1, 0]],
        "down": [[1, 0, 0, 1], [0, 1, 1, 0], [1, 0, 0, 1], [0, 0, 0, 0]]}}
    res = solve(tmp_path, puzzlink_to_case(ARUKONE), count=10)
    assert (res.status, res.count, res.complete) == ("unique", 1, True)
    assert res.solutions[0]["links"] == want["links"]
    # with cells let empty, line 2 may also cut r1c4 and r2c4 off: r1c2-r1c3-r2c3-r3c3
    res = solve(tmp_path, puzzlink_to_case("arukone/e/4/4/12l3123j"), count=10)
    assert (res.status, res.count, res.complete) == ("multiple", 2, True)


def test_a_filled_numberlink_is_written_as_an_arukone() -> None:
    assert export_puzzlink(puzzlink_to_case(ARUKONE)) == ARUKONE
    case = "---\nlibrary: std\nboard: 3x3\n---\nnumberlink r1c1-r1c3-r2c1-r3c3 fill true\n"
    assert export_puzzlink(case) == "https://puzz.link/p?arukone/3/3/1g12j2"
    # the flag `e` comes back as the numlin it means
    assert export_puzzlink(puzzlink_to_case("arukone/e/4/4/12l3123j")) == (
        "https://puzz.link/p?numlin/4/4/12l3123j")


@pytest.mark.parametrize(("link", "message", "col"), [
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2jG",
     "not a puzz.link link: 'G' is not a number or a gap", 42),
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j.",
     "the line's end at r5c5 has no number ('?')", 42),
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j4",
     "the numlin it holds does not read: number 3 stands in 1 cell, not two", 32),
])
def test_a_bad_link_is_refused_where_it_breaks(link: str, message: str, col: int) -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlink_to_case(link)
    (d,) = exc.value.diagnostics
    assert (d.message, d.span.col if d.span else None) == (message, col)
