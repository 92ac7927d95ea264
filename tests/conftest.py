"""Shared fixtures: a definition cache of the run's own, and the bundled seed program's path."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest
from seed_fixtures import SEED

# parsed definitions go to a folder of this run's own (commands run as subprocesses too), not
# to the user's cache, which would keep an entry for every temporary library folder
_DEFINITIONS = tempfile.mkdtemp(prefix="sapphire-definitions-")
os.environ["SAPPHIRE_DEFINITION_CACHE"] = _DEFINITIONS
atexit.register(shutil.rmtree, _DEFINITIONS, ignore_errors=True)


@pytest.fixture
def seed_path() -> str:
    return str(SEED)
