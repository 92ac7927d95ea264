"""puzz.link's `easyasabc` (ABCEndView): the corpus link (copied from
../shared/corpus/puzzlink.json, MIT) import, solve to pzprjs's accepted answers and come back
as they were; the puzzlekit fixtures of both genres go to a link and back to the same case;
malformed links and cases a link cannot hold are refused at their place."""

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
LINKS = json.loads((FIXTURES / "puzzlink_numbers.json").read_text(encoding="utf-8"))["puzzles"]
PUZZLEKIT = json.loads((FIXTURES / "puzzlekit_numbers.json").read_text(encoding="utf-8"))["genres"]


@pytest.mark.parametrize("entry", LINKS, ids=[e["genre"] for e in LINKS])
def test_a_corpus_link_solves_to_its_answer_and_comes_back(tmp_path: Path, entry: dict) -> None:
    url = entry["url"][0]
    case = puzzlink_to_case(url)
    want = {"digits": read_pzprv3(entry["answer"])["digits"]}
    assert solved(case, tmp_path, want) == want
    assert export_puzzlink(case) == url


def test_easyasabc_letters_stand_around_the_grid() -> None:
    case = puzzlink_to_case("p?easyasabc/4/4/3/1m2h3g3h")
    assert "digits: 0-3\n" in case
    assert case.endswith("first-seen-1: first-seen r1c1-r2c1-r3c1-r4c1 digit 1\n"
                         "first-seen-2: first-seen r1c1-r1c2-r1c3-r1c4 digit 2\n"
                         "first-seen-3: first-seen r4c1-r4c2-r4c3-r4c4 digit 3\n"
                         "first-seen-4: first-seen r2c4-r2c3-r2c2-r2c1 digit 3\n")


def test_answers_read_from_pzprv3() -> None:
    assert read_pzprv3("pzprv3/easyasabc/2/2/1/. . . . /. 1 - . /. + 1 . /. . . . /") == {
        "digits": [[1, 0], [0, 1]]}


@pytest.mark.parametrize("genre", ["ABCEndView"])
def test_a_puzzlekit_fixture_goes_through_a_link_unchanged(genre: str) -> None:
    entry = PUZZLEKIT[genre][0]
    case = puzzlekit_to_case(genre, entry["problem"])
    if genre == "ABCEndView" and "givens:" in case:
        pytest.skip("an easyasabc link holds no givens")
    link = export_puzzlink(case)
    back = puzzlink_to_case(link)
    assert back.split("---\n", 2)[2] == case.split("---\n", 2)[2]


@pytest.mark.parametrize(("link", "says", "col"), [
    ("p?easyasabc/3/3/x1g", "expected the number of letters and '/'", 17),
    ("p?easyasabc/3/3/4/1", "4 letters do not fit a 3x3 grid", 17),
    ("p?easyasabc/3/3/2/3", "the outside clue 3 is not a letter 1-2", 17),
])
def test_malformed_links_are_placed(link: str, says: str, col: int) -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlink_to_case(link)
    d = exc.value.diagnostics[0]
    assert says in d.message
    assert d.span is not None and (d.span.line, d.span.col) == (1, col)


def test_an_easyasabc_case_with_givens_is_refused() -> None:
    case = puzzlink_to_case("p?easyasabc/4/4/3/1m2h3g3h").replace(
        "digits: 0-3\n", "digits: 0-3\ngivens: |\n  1 . . .\n  . . . .\n  . . . .\n  . . . .\n")
    with pytest.raises(SapphireError) as exc:
        export_puzzlink(case)
    assert "holds no givens" in str(exc.value)
