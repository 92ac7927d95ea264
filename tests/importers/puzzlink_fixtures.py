"""The puz.link fixture links (copied from the shared corpus's puzzlink.json, pzprjs's test links,
MIT): loading a fixture file, the answer parts a case solves to, to compare with the answer
pzprjs accepts, and the check every fixture link passes (it imports with its source and
solves to that answer)."""

from __future__ import annotations

import json
from pathlib import Path

from slitherlink_corpus import inside_from_values

from sapphire.formats.answer import canonical_regions
from sapphire.genres import read_pzprv3
from sapphire.importers.puzzlink import puzzlink_to_case
from sapphire.pipeline import solve_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"


def load(name: str) -> list[dict]:
    """The entries of `tests/fixtures/importers/NAME`."""
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))["puzzles"]


def solved(case_text: str, tmp_path: Path, want: dict[str, object]) -> dict[str, object]:
    """The parts named in `want` of the case's one answer (it must be unique), a region map
    named canonically as a pzprv3 answer's is, and a loop's `inside` worked out from its
    cells' values as pzprv3 writes a Slitherlink's."""
    case = tmp_path / "p.case"
    case.write_text(case_text, encoding="utf-8")
    res = solve_case(str(case), max_solutions=2)
    assert res.status == "unique"
    got = dict(res.solutions[0])
    if "inside" in want:
        inside = want["inside"]
        assert isinstance(inside, list)
        return {"inside": inside_from_values(got.get("values", {}), len(inside), len(inside[0]))}
    if "regions" in got:
        got["regions"] = canonical_regions(got["regions"])
    return {part: got.get(part) for part in want}


def solves_to_its_answer(entry: dict, tmp_path: Path) -> None:
    """Each link of a fixture entry imports, with the link as its source, to a case whose one
    answer is the entry's accepted answer."""
    want = read_pzprv3(entry["answer"])
    for url in entry["url"]:
        case_text = puzzlink_to_case(url)
        assert case_text.startswith(f"---\nsource: {url}\n")
        assert solved(case_text, tmp_path, want) == want
