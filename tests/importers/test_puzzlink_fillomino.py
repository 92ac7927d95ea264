"""puzz.link's `fillomino`: the corpus link (copied from ../shared/corpus/puzzlink.json, MIT)
imports, solves to pzprjs's accepted answer and comes back as it was; the puzzlekit fixtures
go to a link and back to the same case; a link with given borders and a case a link cannot
hold are refused at their place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from puzzlink_fixtures import solved

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_pzprv3
from sapphire.importers import puzzlekit_to_case
from sapphire.importers.puzzlink import export_puzzlink, puzzlink_to_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
LINKS = json.loads((FIXTURES / "puzzlink_fillomino.json").read_text(encoding="utf-8"))["puzzles"]
PUZZLEKIT = json.loads((FIXTURES / "puzzlekit_fillomino.json").read_text(encoding="utf-8")
                       )["genres"]["Fillomino"]


def test_the_corpus_link_solves_to_its_answer_and_comes_back(tmp_path: Path) -> None:
    (entry,) = LINKS
    url = entry["url"][0]
    case = puzzlink_to_case(url)
    want = {"digits": read_pzprv3(entry["answer"])["digits"]}
    assert solved(case, tmp_path, want) == want
    assert export_puzzlink(case) == url


def test_a_link_reads_as_the_puzzlekit_givens() -> None:
    # number16: `h` skips two cells, `4` a given; a `.` is a given left unknown: no given
    assert puzzlink_to_case("p?fillomino/3/2/h4.h").split("library: std\n", 1)[1] == """\
board: 2x3
digits: 1-5
givens: |
  . . 4
  . . .
---
fillomino
"""


@pytest.mark.parametrize("entry", PUZZLEKIT, ids=[e["key"] for e in PUZZLEKIT])
def test_a_puzzlekit_fixture_goes_to_a_link_and_back(entry: dict) -> None:
    case = puzzlekit_to_case("Fillomino", entry["problem"])
    link = export_puzzlink(case)
    assert link.startswith("https://puzz.link/p?fillomino/")
    again = puzzlink_to_case(link)
    assert again.split("library: std\n", 1)[1] == case.split("library: std\n", 1)[1]


def test_given_numbers_past_g_go_to_the_link_too() -> None:
    case = puzzlekit_to_case("Fillomino", "3 6\n17 - - - - -\n- - - - - -\n- - - - - 1\n")
    assert export_puzzlink(case) == "https://puzz.link/p?fillomino/6/3/-11v1"


def test_borders_given_between_cells_are_refused_at_their_start() -> None:
    link = "p?fillomino/2/2/h2g1000"
    with pytest.raises(SapphireError) as exc:
        puzzlink_to_case(link)
    (d,) = exc.value.diagnostics
    assert d.message == "not a puzz.link link: borders given between cells are not read"
    assert d.span is not None and d.span.col == link.index("1000") + 1


def test_answers_read_from_pzprv3() -> None:
    assert read_pzprv3("pzprv3/fillomino/2/2/2 . /. 1 /. 2 /3 . /0 /1 /1 0 /") == {
        "digits": [[2, 2], [3, 1]]}
