"""puzz.link links of lits (copied from ../shared/corpus/puzzlink.json into
fixtures/importers/puzzlink_regions.json; pzprjs's test links, MIT): each imports and solves to
its accepted pzprv3 answer, is written back as the same link, and a broken one is refused where
it breaks."""

from __future__ import annotations

from pathlib import Path

import pytest
from puzzlink_fixtures import load, solved, solves_to_its_answer

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_pzprv3
from sapphire.importers.puzzlink import export_puzzlink, puzzlink_to_case

ENTRIES = load("puzzlink_regions.json")


def test_the_fixture_holds_the_genre() -> None:
    assert sorted(e["genre"] for e in ENTRIES) == ["lits"]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["genre"] for e in ENTRIES])
def test_a_link_solves_to_its_accepted_answer(entry: dict, tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["genre"] for e in ENTRIES])
def test_a_link_is_written_back_as_itself(entry: dict, tmp_path: Path) -> None:
    for url in entry["url"]:
        link = export_puzzlink(puzzlink_to_case(url))
        assert link == url
        want = read_pzprv3(entry["answer"])
        assert solved(puzzlink_to_case(link), tmp_path, want) == want


def test_the_answers_read() -> None:
    by = {e["genre"]: read_pzprv3(e["answer"]) for e in ENTRIES}
    assert by["lits"] == {"shading": [[1, 0, 1, 1], [1, 1, 1, 0], [1, 0, 1, 0], [1, 1, 1, 1]]}


@pytest.mark.parametrize(("link", "col", "message"), [
    ("https://puzz.link/p?lits/4/4/9q0", 33,  # just past the end
     "the link ends where the borders between cells one above the other should be"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, col: int, message: str) -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlink_to_case(link)
    (d,) = exc.value.diagnostics
    assert d.span is not None
    assert (d.message, d.span.col) == (f"not a puzz.link link: {message}", col)
