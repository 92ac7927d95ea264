"""puzz.link links under pzprjs's other names of a genre read as the genre's own, and a
puzzlekit NumberLink's case comes back the same through its link."""

from __future__ import annotations

import json

import pytest
from puzzlink_fixtures import FIXTURES

from sapphire.importers import puzzlekit_to_case
from sapphire.importers.puzzlink import export_puzzlink, puzzlink_to_case

GENRES = FIXTURES.parent / "genres"
NUMBERLINK = json.loads((GENRES / "numberlink.json").read_text(encoding="utf-8"))[
    "puzzlekit"]["puzzles"][0]


def test_a_puzzlekit_numberlink_comes_back_the_same_through_its_link() -> None:
    case_text = puzzlekit_to_case("NumberLink", NUMBERLINK["problem"])
    again = puzzlink_to_case(export_puzzlink(case_text))

    def rules(text: str) -> str:  # the note on janko.at's rules stays behind
        return "\n".join(line for line in text.splitlines()
                         if not line.startswith(("source:", "notes:")))
    assert rules(again) == rules(case_text)


@pytest.mark.parametrize(("alias", "genre"), [("pearl", "mashu"), ("bridges", "hashikake"),
                                              ("heyawacky", "heyawake"), ("bag", "cave")])
def test_pzprjs_other_names_of_a_genre_read_alike(alias: str, genre: str) -> None:
    samples = [e for path in sorted(GENRES.glob("*.json"))
               for e in json.loads(path.read_text(encoding="utf-8")).get(
                   "puzzlink", {"puzzles": []})["puzzles"]]
    url = next(e["url"][0] for e in samples if e["genre"] == genre)
    other = url.replace(f"?{genre}/", f"?{alias}/")
    assert puzzlink_to_case(other).split("\n", 2)[2] == puzzlink_to_case(url).split("\n", 2)[2]
