"""puzz.link links of creek: each test link of pzprjs
(copied from ../shared/corpus/puzzlink.json) imports, solves uniquely to its accepted answer
and is written back as the same link; broken links are refused where they break."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_pzprv3
from sapphire.importers.puzzlink import export_puzzlink, puzzlink_to_case
from sapphire.pipeline import solve_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
ENTRIES = json.loads((FIXTURES / "puzzlink_shading.json").read_text(encoding="utf-8"))["puzzles"]


def test_the_fixture_holds_each_genre() -> None:
    assert sorted(e["genre"] for e in ENTRIES) == ["creek"]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["genre"] for e in ENTRIES])
def test_each_link_solves_to_its_answer_and_exports_as_itself(tmp_path: Path,
                                                               entry: dict) -> None:
    link = entry["url"][0]
    case = puzzlink_to_case(link)
    path = tmp_path / "p.case"
    path.write_text(case, encoding="utf-8")
    res = solve_case(str(path), max_solutions=2)
    assert (res.status, res.count) == ("unique", 1)
    assert res.solutions[0]["shading"] == read_pzprv3(entry["answer"])["shading"]
    assert export_puzzlink(case) == link


def test_a_creek_link_reads_the_corners() -> None:
    # 2x2 cells, 3x3 corners: 1 at the top left corner, then 7 gaps (m), then 0
    case = puzzlink_to_case("https://puzz.link/p?creek/2/2/1m0")
    assert case.split("---\n")[2].splitlines() == [
        "unshaded-connected", "corner-count-1: corner-count r1c1 count 1",
        "corner-count-2: corner-count r2c2 count 0"]


@pytest.mark.parametrize(("link", "col", "message"), [
    ("https://puzz.link/p?creek/2/2/1!", 32, "'!' is not a clue 0-4 or a gap"),
    ("https://puzz.link/p?creek/2/2/1m.", 33, "a corner clue without its number ('?') is not read"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, col: int, message: str) -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlink_to_case(link, label="<link>")
    [d] = exc.value.diagnostics
    assert d.span is not None
    assert (d.span.file, d.span.line, d.span.col) == ("<link>", 1, col)
    assert d.message == f"not a puzz.link link: {message}"
    assert d.hint

