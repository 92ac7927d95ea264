"""puzz.link links: every corpus link of a genre we read imports and solves to its accepted
answer (tests/fixtures/importers/puzzlink_samples.json, copied from pzprjs's tests), and the
links of the genres we do not read are refused by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from puzzlink_fixtures import solves_to_its_answer

from sapphire.diagnostics import SapphireError
from sapphire.importers.puzzlink import NAMES, puzzlink_to_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
SAMPLES = json.loads((FIXTURES / "puzzlink_samples.json").read_text(encoding="utf-8"))["puzzles"]
OURS = [e for e in SAMPLES if e["genre"] in NAMES]
OTHERS = [e for e in SAMPLES if e["genre"] not in NAMES]


def test_the_samples_cover_the_genres_we_read() -> None:
    # the genres in modules of their own: tests/genres/test_<module>.py, and a fixture each
    modules = [e["genre"] for path in sorted((FIXTURES.parent / "genres").glob("*.json"))
               for e in json.loads(path.read_text(encoding="utf-8")).get(
                   "puzzlink", {"puzzles": []})["puzzles"]]
    assert sorted([*(e["genre"] for e in OURS), *modules]) == sorted(NAMES)


@pytest.mark.parametrize("entry", OURS, ids=[e["genre"] for e in OURS])
def test_a_corpus_link_solves_to_its_accepted_answer(entry: dict, tmp_path: Path) -> None:
    solves_to_its_answer(entry, tmp_path)


@pytest.mark.parametrize("entry", OTHERS, ids=[e["genre"] for e in OTHERS])
def test_a_genre_we_lack_is_named(entry: dict) -> None:
    url = entry["url"][0]
    with pytest.raises(SapphireError) as exc:
        puzzlink_to_case(url)
    d = exc.value.diagnostics[0]
    assert d.kind == "unsupported"
    assert d.message == f"the puzz.link genre '{entry['genre']}' is not one Sapphire reads"
    assert d.hint == "genres read: " + ", ".join(NAMES)
    assert d.span is not None and d.span.col == url.index("?") + 2

