"""puzz.link links: every corpus link of a genre we read imports and solves to its accepted
answer (tests/fixtures/importers/puzzlink_samples.json, copied from pzprjs's tests), and the
links of the genres we do not read are refused by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sapphire.corpus.slitherlink import inside_from_values
from sapphire.diagnostics import SapphireError
from sapphire.importers.puzzlink import NAMES, puzzlink_to_case, read_answer
from sapphire.pipeline import solve_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
SAMPLES = json.loads((FIXTURES / "puzzlink_samples.json").read_text(encoding="utf-8"))["puzzles"]
OURS = [e for e in SAMPLES if e["genre"] in NAMES]
OTHERS = [e for e in SAMPLES if e["genre"] not in NAMES]


def answer_of(case_text: str, tmp_path: Path, want: dict[str, object]) -> dict[str, object]:
    """The unique answer of a case, in the parts `want` names."""
    path = tmp_path / "puzzle.case"
    path.write_text(case_text, encoding="utf-8")
    res = solve_case(str(path), max_solutions=2)
    assert res.status == "unique"
    got = res.solutions[0]
    if "inside" in want:
        inside = want["inside"]
        assert isinstance(inside, list)
        return {"inside": inside_from_values(got.get("values", {}), len(inside), len(inside[0]))}
    return {part: got.get(part) for part in want}


def test_the_samples_cover_the_genres_we_read() -> None:
    assert sorted(e["genre"] for e in OURS) == sorted(NAMES)


@pytest.mark.parametrize("entry", OURS, ids=[e["genre"] for e in OURS])
def test_a_corpus_link_solves_to_its_accepted_answer(entry: dict, tmp_path: Path) -> None:
    want = read_answer(entry["answer"])
    for url in entry["url"]:
        case_text = puzzlink_to_case(url)
        assert case_text.startswith(f"---\nsource: {url}\n")
        assert answer_of(case_text, tmp_path, want) == want


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
