"""The README's Python session runs as written (`doctest`), from the repository's root, where
its paths point."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_python_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    failed, attempted = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                                         optionflags=doctest.ELLIPSIS)
    assert attempted >= 10
    assert failed == 0
