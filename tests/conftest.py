"""Shared fixtures: the bundled seed program and the Slitherlink fixture puzzles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "examples" / "slitherlink" / "slitherlink-rules.sapphire"
FIXTURES = ROOT / "tests" / "fixtures" / "slitherlink"


def slitherlink_fixtures() -> list[Path]:
    return sorted(p for p in FIXTURES.glob("*.json") if "sample" not in p.name)


@pytest.fixture
def seed_path() -> str:
    return str(SEED)


def load_fixture(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))
