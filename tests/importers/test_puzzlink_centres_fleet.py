"""puzz.link links of magnets (Magnetic) and battleship (copied from
../shared/corpus/puzzlink.json into fixtures/importers/puzzlink_centres_fleet.json; pzprjs's test
links, MIT): each imports and solves to its accepted pzprv3 answer, is written back as the same
link, a puzzlekit case of the genre comes back the same through its link, and a broken link is
refused where it breaks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from puzzlink_fixtures import FIXTURES, load, solved, solves_to_its_answer

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_pzprv3
from sapphire.importers import puzzlekit_to_case
from sapphire.importers.puzzlink import export_puzzlink, puzzlink_to_case

ENTRIES = load("puzzlink_centres_fleet.json")
PUZZLEKIT = {genre: entries[0] for name in ("puzzlekit_regions.json", "puzzlekit_shapes.json")
             for genre, entries in json.loads((FIXTURES / name).read_text(encoding="utf-8"))
             ["genres"].items()}


def test_the_fixture_holds_the_two_genres() -> None:
    assert sorted(e["genre"] for e in ENTRIES) == ["battleship", "magnets"]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["genre"] for e in ENTRIES])
def test_a_link_solves_to_its_accepted_answer(entry: dict, tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["genre"] for e in ENTRIES])
def test_a_link_is_written_back_as_itself(entry: dict) -> None:
    for url in entry["url"]:
        assert export_puzzlink(puzzlink_to_case(url)) == url


def test_the_answers_read() -> None:
    by = {e["genre"]: read_pzprv3(e["answer"]) for e in ENTRIES}
    assert by["magnets"]["digits"][0] == [1, 2, 1, 2, 0]
    assert by["magnets"]["digits"][2] == [1, 2, 0, 0, 2]  # r3c3 is the hole
    assert by["battleship"]["shading"][3] == [1, 1, 0, 0, 0, 0]  # r4c1, a given left end


def test_the_holes_are_read() -> None:
    magnets = puzzlink_to_case(ENTRIES[[e["genre"] for e in ENTRIES].index("magnets")]["url"][0])
    assert "givens: |\n  . . . . .\n  . . . . .\n  . . 0 . .\n" in magnets
    assert "r3c3" not in magnets.split("---", 2)[2].split("digit-counts")[0]


@pytest.mark.parametrize("genre", ["Magnetic", "Battleship", "NumberLink"])
def test_a_puzzlekit_case_comes_back_the_same_through_its_link(genre: str) -> None:
    case_text = puzzlekit_to_case(genre, PUZZLEKIT[genre]["problem"])
    again = puzzlink_to_case(export_puzzlink(case_text))

    def rules(text: str) -> str:  # a NumberLink's note on janko.at's rules stays behind
        return "\n".join(line for line in text.splitlines()
                         if not line.startswith(("source:", "notes:")))
    assert rules(again) == rules(case_text)


def test_a_fleet_of_no_preset_is_listed_ship_by_ship() -> None:
    text = "1 7 1 0 1\n- - - - - - -\n-\n- - - - - - -\n"
    link = export_puzzlink(puzzlekit_to_case("Battleship", text))
    assert link == "https://puzz.link/p?battleship/7/1/nm/2/11g/31s"
    assert "fleet ships [[1,1],[3,1]]\n" in puzzlink_to_case(link)


@pytest.mark.parametrize(("link", "col", "message"), [
    ("https://puzz.link/p?magnets/a/2/2/zz", 35,
     "the 'a' flag (like poles attract) is another puzzle than Magnetic"),
    ("https://puzz.link/p?magnets/3/1/g1j11g", 38, "the plate of one cell r1c1 is not read: "
     "pzprjs lets it hold a lone pole, where a plate holds two poles or none"),
    ("https://puzz.link/p?magnets/2/2/k", 34,
     "the link ends where the borders between cells side by side should be"),
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


def test_a_plate_of_three_cells_comes_through_its_link(tmp_path: Path) -> None:
    # one plate r1c1-r1c3 with a plus in column 1 and a minus in the row: + - 0
    case_text = puzzlekit_to_case("Magnetic", "1 3\n1 - -\n- - -\n1\n1\na a a\n")
    link = export_puzzlink(case_text)
    assert link == "https://puzz.link/p?magnets/3/1/g1j110"
    again = puzzlink_to_case(link)
    assert "plate-1: magnet r1c1-r1c2-r1c3\n" in again
    assert solved(again, tmp_path, {"digits": None}) == {"digits": [[1, 2, 0]]}


@pytest.mark.parametrize(("alias", "genre"), [("pearl", "mashu"), ("bridges", "hashikake"),
                                              ("building", "skyscrapers"),
                                              ("heyawacky", "heyawake"), ("bag", "cave")])
def test_pzprjs_other_names_of_a_genre_read_alike(alias: str, genre: str) -> None:
    samples = [e for name in ("puzzlink_samples.json", "puzzlink_shading.json")
               for e in json.loads((FIXTURES / name).read_text(encoding="utf-8"))["puzzles"]]
    url = next(e["url"][0] for e in samples if e["genre"] == genre)
    other = url.replace(f"?{genre}/", f"?{alias}/")
    assert puzzlink_to_case(other).split("\n", 2)[2] == puzzlink_to_case(url).split("\n", 2)[2]


@pytest.mark.parametrize(("genre", "text", "says"), [
    ("Magnetic", "1 3\n- - -\n- - -\n-\n-\n# a a\n", None),
])
def test_the_puzzlekit_layouts_take_holes(genre: str, text: str, says: str | None) -> None:
    if says is None:
        case = puzzlekit_to_case(genre, text)
        assert ("hole r1c2\n" in case) if genre == "Galaxies" else ("  0 . .\n" in case)
        return
    with pytest.raises(SapphireError) as exc:
        puzzlekit_to_case(genre, text)
    assert says in exc.value.diagnostics[0].message
