"""Shared fixtures: a definition cache of the run's own, and the bundled seed program's path."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from seed_fixtures import SEED

# the benchmarks' readers of the shared corpus (`bench/slitherlink_corpus.py`) serve the tests too
sys.path.append(str(Path(__file__).resolve().parents[1] / "bench"))

# parsed definitions go to a folder of this run's own (commands run as subprocesses too), not
# to the user's cache, which would keep an entry for every temporary library folder
_DEFINITIONS = tempfile.mkdtemp(prefix="sapphire-definitions-")
os.environ["SAPPHIRE_DEFINITION_CACHE"] = _DEFINITIONS
atexit.register(shutil.rmtree, _DEFINITIONS, ignore_errors=True)


@pytest.fixture
def seed_path() -> str:
    return str(SEED)
