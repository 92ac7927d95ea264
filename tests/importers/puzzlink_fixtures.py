"""The puz.link fixture links (copied from the shared corpus's puzzlink.json, pzprjs's test links,
MIT): loading a fixture file, and the answer parts a case solves to, to compare with the answer
pzprjs accepts."""

from __future__ import annotations

import json
from pathlib import Path

from sapphire.importers.puzzlekit.regions import canonical_regions
from sapphire.pipeline import solve_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"


def load(name: str) -> list[dict]:
    """The entries of `tests/fixtures/importers/NAME`."""
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))["puzzles"]


def solved(case_text: str, tmp_path: Path, want: dict[str, object]) -> dict[str, object]:
    """The parts named in `want` of the case's one answer (it must be unique), a region map
    named canonically as a pzprv3 answer's is."""
    case = tmp_path / "p.case"
    case.write_text(case_text, encoding="utf-8")
    res = solve_case(str(case), max_solutions=2)
    assert res.status == "unique"
    got = dict(res.solutions[0])
    if "regions" in got:
        got["regions"] = canonical_regions(got["regions"])
    return {part: got.get(part) for part in want}
