"""puzz.link links: every corpus link of a genre we read imports and solves to its accepted
answer (tests/fixtures/importers/puzzlink_samples.json, copied from pzprjs's tests), and the
links of the genres we do not read are refused by name.

The nonogram record's answer is of another puzzle than its link (a 3x10 grid, where the link
is 6x6): its link is checked against the runs it states, and the answer against a link made
from the answer file's own clues."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from puzzlink_fixtures import solved, solves_to_its_answer

from sapphire.diagnostics import SapphireError
from sapphire.formats.encodings import encode_outside16
from sapphire.genres import read_pzprv3
from sapphire.genres.bridge.puzzlink.genres import nonogram_outside
from sapphire.importers.puzzlink import NAMES, puzzlink_to_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
SAMPLES = json.loads((FIXTURES / "puzzlink_samples.json").read_text(encoding="utf-8"))["puzzles"]
OURS = [e for e in SAMPLES if e["genre"] in NAMES and e["genre"] != "nonogram"]
NONOGRAM = next(e for e in SAMPLES if e["genre"] == "nonogram")
OTHERS = [e for e in SAMPLES if e["genre"] not in NAMES]


def test_the_samples_cover_the_genres_we_read() -> None:
    numlin = ["numlin", "arukone"]  # their samples: tests/importers/test_puzzlink_numlin.py
    # the shading and region genres' links are in their own fixtures
    # (tests/importers/test_puzzlink_shading.py, test_puzzlink_regions.py)
    shading = json.loads((FIXTURES / "puzzlink_shading.json").read_text(encoding="utf-8"))
    regions = json.loads((FIXTURES / "puzzlink_regions.json").read_text(encoding="utf-8"))
    # the genres in modules of their own: tests/genres/test_<module>.py, and a fixture each
    modules = [e["genre"] for path in sorted((FIXTURES.parent / "genres").glob("*.json"))
               for e in json.loads(path.read_text(encoding="utf-8")).get(
                   "puzzlink", {"puzzles": []})["puzzles"]]
    assert sorted([*(e["genre"] for e in OURS), "nonogram", *numlin,
                   *(e["genre"] for e in shading["puzzles"]),
                   *(e["genre"] for e in regions["puzzles"]), *modules]) == sorted(NAMES)


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


def runs(line: list[int]) -> list[int]:
    """The lengths of the runs of 1s in a line."""
    out, n = [], 0
    for v in [*line, 0]:
        if v:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return out


def test_the_nonogram_link_solves_to_the_runs_it_states(tmp_path: Path) -> None:
    (url,) = NONOGRAM["url"]
    got = solved(puzzlink_to_case(url), tmp_path, {"shading": None})["shading"]
    assert isinstance(got, list)
    columns = [[row[c] for row in got] for c in range(6)]
    # the link's clues, each column's nearest the grid first, read by hand
    assert [runs(c) for c in columns] == [[2, 1], [1, 1, 1], [1], [1, 1, 1], [2, 1], []]
    assert [runs(r) for r in got] == [[2, 1], [1, 1], [1, 2], [], [1, 1], [3]]


def test_the_nonogram_answer_is_of_its_own_clues(tmp_path: Path) -> None:
    # the answer file holds a 3x10 puzzle's clues (two columns left, five rows above): the link
    # made of them solves to the answer
    lines = [line.split() for line in NONOGRAM["answer"].split("/")[4:]]
    assert NONOGRAM["answer"].startswith("pzprv3/nonogram/10/3/")
    above = [[int(lines[k][2 + c]) for k in range(5) if lines[k][2 + c] != "."]
             for c in range(3)]
    left = [[int(t) for t in lines[5 + r][:2] if t != "."] for r in range(10)]
    outside = nonogram_outside(3, 10, [*above, *left])
    link = f"p?nonogram/3/10/{encode_outside16(outside)}"
    want = read_pzprv3(NONOGRAM["answer"])
    assert solved(puzzlink_to_case(link), tmp_path, want) == want
