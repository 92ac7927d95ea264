"""The bundled seed program and the Slitherlink fixture puzzles, for the tests that read them.

A module of its own rather than names in `conftest.py`: another folder's `conftest.py`
(tests/serve) is also imported as `conftest`, so `from conftest import …` would depend on
which one came first."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "examples" / "slitherlink" / "slitherlink-rules.sapphire"
FIXTURES = ROOT / "tests" / "fixtures" / "slitherlink"


def slitherlink_fixtures() -> list[Path]:
    return sorted(p for p in FIXTURES.glob("*.json") if "sample" not in p.name)


def load_fixture(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))
