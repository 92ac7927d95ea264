"""The kind catalogue of the docs (`docs/hooks/catalogue.py`, run when the site is built)
covers every kind of the bundled library: a page with its title, other names, parameters and
meaning, and a picture of its example (the catalogue draws none from a case that does not
check)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from sapphire.library import load_library

ROOT = Path(__file__).resolve().parents[1]


def hook():
    spec = importlib.util.spec_from_file_location("catalogue", ROOT / "docs/hooks/catalogue.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def built() -> tuple[object, dict[str, str]]:
    module = hook()
    return module, module.catalogue(ROOT)


def test_every_kind_has_a_page_and_a_picture(built) -> None:
    _, files = built
    lib = load_library("std", ROOT)
    kinds = lib.kinds()
    assert len(kinds) > 100
    pages = {p.removeprefix("kinds/").removesuffix(".md") for p in files
             if p.startswith("kinds/") and p.endswith(".md")}
    assert pages == {*kinds, "prelude"}
    for d in lib.definitions():
        page = files[f"kinds/{d.kind}.md"]
        assert f"# {d.title}\n" in page and f"Kind `{d.kind}`" in page
        assert all(name in page for name in d.also)
        assert all(f"`{p.name}`" in page for p in d.params)
        assert f"](pictures/{d.kind}.svg)" in page and d.meaning.strip() in page
        assert files[f"kinds/pictures/{d.kind}.svg"].startswith("<svg")
        assert f"(kinds/{d.kind}.md)" in files["kinds.md"]


def test_a_synopsis_says_how_a_line_is_written(built) -> None:
    module, files = built
    lib = load_library("std", ROOT)
    assert module.synopsis(lib.resolve("cage")) == "cage CELLS total N [repeats true|false]"
    assert module.synopsis(lib.resolve("sudoku")).startswith("sudoku ")
    assert "| `sum` | integer | required | `total` (preferred) |" in files["kinds/cage.md"]
