"""The bundled library reads a definition when a case names its kind, and the whole folder when
asked for every kind; answers and errors are those of reading it all at once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.library import cache, load_library, std_root
from sapphire.library import library as library_module


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The definition files read, with the on-disk cache off so that every read shows."""
    monkeypatch.setenv(cache.ENV, "")
    seen: list[str] = []
    real = cache._parse_definition

    def spy(text: str, path: str):  # type: ignore[no-untyped-def]
        seen.append(Path(path).stem)
        return real(text, path)

    monkeypatch.setattr(cache, "_parse_definition", spy)
    return seen


def test_a_kind_is_read_when_named(tmp_path: Path, reads: list[str]) -> None:
    std = load_library("std", tmp_path, cache_dir=tmp_path / "fetched")
    assert reads == []
    assert std.prelude.predicates  # the prelude is read with the library
    cage = std.resolve("cage")
    assert cage is not None and cage.kind == "cage"
    assert std.resolve("cage") is cage
    assert std.resolve("no-such-kind") is None
    assert std.predicate("uniform") is not None and std.predicate("cage") is None
    assert reads == ["cage"]


def test_lists_of_kinds_read_every_file(tmp_path: Path, reads: list[str]) -> None:
    std = load_library("std", tmp_path, cache_dir=tmp_path / "fetched")
    std.resolve("thermo")
    files = sorted(p.stem for p in std_root().glob("*.md") if p.stem != "prelude")
    assert std.kinds() == files
    assert sorted(reads) == files  # each once
    assert [d.kind for d in std.definitions()] == files
    shading = std.declarers("shading")
    assert "yin-yang" in shading and std.resolve(shading[0]).scope == "global"


def test_the_process_opens_the_bundled_library_once(tmp_path: Path) -> None:
    assert load_library("std", tmp_path) is load_library("std", Path("."))


def test_a_broken_bundled_file_reports_the_folder_as_a_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bundled file that does not read (an edit in a working copy) is reported with every
    other problem of the folder, as a local library folder reports its own."""
    std = tmp_path / "std"
    shutil.copytree(std_root(), std)
    (std / "thermo.md").write_text("no front matter\n", encoding="utf-8")
    (std / "other.md").write_text((std / "renban.md").read_text(encoding="utf-8"),
                                  encoding="utf-8")
    monkeypatch.setattr(library_module, "std_root", lambda: std)
    lib = load_library("std", tmp_path, cache_dir=tmp_path / "fetched")
    assert lib.resolve("cage") is not None
    for name in ("thermo", "other"):
        with pytest.raises(SapphireError) as exc:
            lib.resolve(name)
        got = [(d.kind, Path(d.span.file).name) for d in exc.value.diagnostics]
        assert got == [("kind-mismatch", "other.md"), ("missing-front-matter", "thermo.md")]
    with pytest.raises(SapphireError):
        lib.kinds()
