"""puzz.link links of battleship (copied from ../shared/corpus/puzzlink.json into
fixtures/importers/puzzlink_fleet.json; pzprjs's test links, MIT): each imports and solves to its
accepted pzprv3 answer, is written back as the same link, a puzzlekit case of Battleship comes
back the same through its link, and a broken link is refused where it
breaks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from puzzlink_fixtures import FIXTURES, load, solves_to_its_answer

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_pzprv3
from sapphire.importers import puzzlekit_to_case
from sapphire.importers.puzzlink import export_puzzlink, puzzlink_to_case

ENTRIES = load("puzzlink_fleet.json")
PUZZLEKIT = {genre: entries[0] for name in ("puzzlekit_regions.json", "puzzlekit_shapes.json")
             for genre, entries in json.loads((FIXTURES / name).read_text(encoding="utf-8"))
             ["genres"].items()}


def test_the_fixture_holds_battleship() -> None:
    assert [e["genre"] for e in ENTRIES] == ["battleship"]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["genre"] for e in ENTRIES])
def test_a_link_solves_to_its_accepted_answer(entry: dict, tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["genre"] for e in ENTRIES])
def test_a_link_is_written_back_as_itself(entry: dict) -> None:
    for url in entry["url"]:
        assert export_puzzlink(puzzlink_to_case(url)) == url


def test_the_answers_read() -> None:
    by = {e["genre"]: read_pzprv3(e["answer"]) for e in ENTRIES}
    assert by["battleship"]["shading"][3] == [1, 1, 0, 0, 0, 0]  # r4c1, a given left end


@pytest.mark.parametrize("genre", ["Battleship"])
def test_a_puzzlekit_case_comes_back_the_same_through_its_link(genre: str) -> None:
    case_text = puzzlekit_to_case(genre, PUZZLEKIT[genre]["problem"])
    again = puzzlink_to_case(export_puzzlink(case_text))

    def rules(text: str) -> str:
        return "\n".join(line for line in text.splitlines() if not line.startswith("source:"))
    assert rules(again) == rules(case_text)


def test_a_fleet_of_no_preset_is_listed_ship_by_ship() -> None:
    text = "1 7 1 0 1\n- - - - - - -\n-\n- - - - - - -\n"
    link = export_puzzlink(puzzlekit_to_case("Battleship", text))
    assert link == "https://puzz.link/p?battleship/7/1/nm/2/11g/31s"
    assert "fleet ships [[1,1],[3,1]]\n" in puzzlink_to_case(link)


@pytest.mark.parametrize(("link", "col", "message"), [
    ("https://puzz.link/p?battleship/3/3/lo//q", 40, "'q' is not a fleet's key"),
    ("https://puzz.link/p?battleship/3/3/lo/1/22u", 41,
     "'22u' is a 2x2 piece, not a straight ship"),
    ("https://puzz.link/p?battleship/3/3/l7n//c", 37,
     "the part 7 is not read: our ships are straight and every part names its place"),
    ("https://puzz.link/p?battleship/3/3/lq", 38,
     "expected the fleet, '/' and its number of ships"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, col: int, message: str) -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlink_to_case(link)
    (d,) = exc.value.diagnostics
    assert d.span is not None
    assert (d.message, d.span.col) == (f"not a puzz.link link: {message}", col)
