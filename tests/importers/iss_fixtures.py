"""The ISS fixture puzzles (copied from the shared corpus, MIT licence): loading a fixture file
and checking that a puzzle imports and solves to its known status and answer."""

from __future__ import annotations

import json
from pathlib import Path

from sapphire.importers import iss_to_case
from sapphire.importers.iss import read_solution
from sapphire.pipeline import solve_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
STATUS = {"unique": "unique", "multiple": "multiple", "no_solution": "none"}


def load(name: str) -> list[dict]:
    """The puzzles of `tests/fixtures/importers/NAME`."""
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))["puzzles"]


def assert_solves(tmp_path: Path, entry: dict) -> None:
    """The entry imports, and its case solves with the corpus's status (and answer, when
    unique)."""
    path = tmp_path / "p.case"
    path.write_text(iss_to_case(entry["canonical_input"], title=entry["name"]), encoding="utf-8")
    res = solve_case(str(path), time_limit=60)
    assert res.status == STATUS[entry["expected_status"]]
    if res.status == "unique":
        rows, cols = (int(x) for x in entry["grid"].split("x"))
        assert res.solutions[0]["digits"] == read_solution(entry["solution"], rows, cols)
