"""Shared fixtures: the bundled seed program and the Slitherlink fixture puzzles."""

from __future__ import annotations

import atexit
import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# parsed definitions go to a folder of this run's own (commands run as subprocesses too), not
# to the user's cache, which would keep an entry for every temporary library folder
_DEFINITIONS = tempfile.mkdtemp(prefix="sapphire-definitions-")
os.environ["SAPPHIRE_DEFINITION_CACHE"] = _DEFINITIONS
atexit.register(shutil.rmtree, _DEFINITIONS, ignore_errors=True)
SEED = ROOT / "examples" / "slitherlink" / "slitherlink-rules.sapphire"
FIXTURES = ROOT / "tests" / "fixtures" / "slitherlink"


def slitherlink_fixtures() -> list[Path]:
    return sorted(p for p in FIXTURES.glob("*.json") if "sample" not in p.name)


@pytest.fixture
def seed_path() -> str:
    return str(SEED)


def load_fixture(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))
