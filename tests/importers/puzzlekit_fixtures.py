"""The puzzlekit fixture puzzles (copied from the shared corpus's puzzlekit dataset, whose
licence allows it): loading a fixture file, the exact part of an imported case, and a fixture
solved beside its recorded solution."""

from __future__ import annotations

import json
from pathlib import Path

from sapphire.formats.answer import canonical_regions
from sapphire.genres import read_solution
from sapphire.importers import puzzlekit_to_case
from sapphire.pipeline import solve_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"


def load(name: str) -> dict[str, list[dict]]:
    """The puzzles of `tests/fixtures/importers/NAME`, by genre."""
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))["genres"]


def body(text: str) -> str:
    """The case text after its front matter's `library:` line (the rest is exact)."""
    return text.split("library: std\n", 1)[1]


def solved(genre: str, entry: dict, tmp_path: Path) -> tuple[dict, dict]:
    """The parts of the imported puzzle's one answer (it must be unique) that its recorded
    solution names, and that solution; a region map is named as the recorded one is."""
    path = tmp_path / "p.case"
    path.write_text(puzzlekit_to_case(genre, entry["problem"], source=entry.get("key")),
                    encoding="utf-8")
    res = solve_case(str(path), max_solutions=2, time_limit=60)
    assert (res.status, res.count) == ("unique", 1)
    want = read_solution(genre, entry["solution"])
    got = dict(res.solutions[0])
    if "regions" in want:  # a region map equals the recorded one up to the regions' names
        got["regions"] = canonical_regions(got["regions"])
    return {part: got.get(part) for part in want}, want
