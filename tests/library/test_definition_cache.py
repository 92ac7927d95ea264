"""The on-disk cache of parsed definitions: served only for the very text it was made from, by
the same code, and never an error of its own (an unwritable folder, a corrupt entry)."""

from __future__ import annotations

import os
import pickle
import shutil
import zlib
from pathlib import Path

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.lang import parser
from sapphire.library import cache, load_library, std_root
from sapphire.library import definition as definition_module


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own."""
    where = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV, str(where))
    return where


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files really read (parsed from Markdown) rather than served from the cache."""
    seen: list[str] = []
    real = cache._parse_definition

    def spy(text: str, path: str):  # type: ignore[no-untyped-def]
        seen.append(Path(path).name)
        return real(text, path)

    monkeypatch.setattr(cache, "_parse_definition", spy)
    return seen


def library_with_cage(tmp_path: Path, text: str | None = None) -> Path:
    lib = tmp_path / "lib"
    lib.mkdir(exist_ok=True)
    source = (std_root() / "cage.md").read_text(encoding="utf-8")
    (lib / "cage.md").write_text(text if text is not None else source, encoding="utf-8")
    return lib


def test_a_second_read_is_served_from_the_cache(tmp_path: Path, folder: Path,
                                                reads: list[str]) -> None:
    library_with_cage(tmp_path)
    first = load_library("lib", tmp_path).resolve("cage")
    second = load_library("lib", tmp_path).resolve("cage")
    assert reads == ["cage.md"]
    assert first == second
    assert second is not None and second.program() == first.program()  # type: ignore[union-attr]
    assert [p.name.split("-")[0] for p in folder.iterdir()] == ["definition"]


def test_a_changed_definition_is_read_again(tmp_path: Path, folder: Path,
                                            reads: list[str]) -> None:
    lib = library_with_cage(tmp_path)
    path = lib / "cage.md"
    before = path.stat()
    assert load_library("lib", tmp_path).resolve("cage").title == "Killer cage"  # type: ignore[union-attr]
    text = path.read_text(encoding="utf-8")
    changed = text.replace("title: Killer cage", "title: Killer cagf")
    assert changed != text and len(changed) == len(text)
    path.write_text(changed, encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # the same size and time
    assert load_library("lib", tmp_path).resolve("cage").title == "Killer cagf"  # type: ignore[union-attr]
    assert reads == ["cage.md", "cage.md"]


def test_a_changed_meaning_is_parsed_again(tmp_path: Path, folder: Path) -> None:
    lib = library_with_cage(tmp_path)
    first = load_library("lib", tmp_path).resolve("cage")
    assert first is not None
    text = (lib / "cage.md").read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    lines.insert(first.meaning_line - 1, "∀⟨r c⟩∈S ⦗face r c⦘¬=0\n")
    (lib / "cage.md").write_text("".join(lines), encoding="utf-8")
    again = load_library("lib", tmp_path).resolve("cage")
    assert again is not None and again.meaning != first.meaning
    assert len(again.program().constraints) == len(first.program().constraints) + 1


def test_a_definition_with_an_error_is_reported_every_time(tmp_path: Path, folder: Path,
                                                           reads: list[str]) -> None:
    library_with_cage(tmp_path, "---\nkind: cage\n---\n")
    for _ in range(2):
        with pytest.raises(SapphireError) as exc:
            load_library("lib", tmp_path)
        assert exc.value.kinds == ["missing-meaning", "missing-field", "missing-prose"]
    assert reads == ["cage.md", "cage.md"]
    assert not folder.exists() or not list(folder.iterdir())


@pytest.mark.parametrize("damage", ["garbage", "truncated", "flipped", "empty"])
def test_a_corrupt_entry_is_ignored_and_replaced(tmp_path: Path, folder: Path,
                                                 reads: list[str], damage: str) -> None:
    library_with_cage(tmp_path)
    good = load_library("lib", tmp_path).resolve("cage")
    (entry,) = folder.iterdir()
    data = entry.read_bytes()
    broken = {"garbage": b"not a pickle at all",
              "truncated": data[: len(data) // 2],
              "flipped": data[:-40] + bytes([data[-40] ^ 0xFF]) + data[-39:],
              "empty": b""}[damage]
    entry.write_bytes(broken)
    assert load_library("lib", tmp_path).resolve("cage") == good
    assert reads == ["cage.md", "cage.md"]
    assert entry.read_bytes() != broken  # written again
    assert load_library("lib", tmp_path).resolve("cage") == good
    assert reads == ["cage.md", "cage.md"]


def test_an_entry_of_other_text_or_code_is_not_served(tmp_path: Path, folder: Path,
                                                      reads: list[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    library_with_cage(tmp_path)
    load_library("lib", tmp_path)
    (entry,) = folder.iterdir()
    # another library's cage.md, with its own text: its entry is another file
    other = tmp_path / "other"
    other.mkdir()
    renban = (std_root() / "renban.md").read_text(encoding="utf-8")
    (other / "renban.md").write_text(renban, encoding="utf-8")
    load_library("other", tmp_path)
    entries = sorted(folder.iterdir())
    assert len(entries) == 2
    # an entry copied over another file's entry is not taken for it
    (other_entry,) = [e for e in entries if e != entry]
    shutil.copy(entry, other_entry)
    assert load_library("other", tmp_path).resolve("renban").kind == "renban"  # type: ignore[union-attr]
    # code that changed (another version, an edited parser) reads every file again
    monkeypatch.setattr(cache, "_CODE", [("another version",)])
    assert load_library("lib", tmp_path).resolve("cage").kind == "cage"  # type: ignore[union-attr]
    assert reads == ["cage.md", "renban.md", "renban.md", "cage.md"]


def test_an_unwritable_cache_folder_is_skipped(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch,
                                               reads: list[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(cache.ENV, str(blocker / "cache"))  # a folder cannot be made there
    library_with_cage(tmp_path)
    for _ in range(2):
        d = load_library("lib", tmp_path).resolve("cage")
        assert d is not None and d.kind == "cage" and d.program().constraints
    assert reads == ["cage.md", "cage.md"]
    assert not any(p.name.endswith(".tmp") for p in tmp_path.rglob("*"))


def test_an_empty_setting_turns_the_cache_off(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              reads: list[str]) -> None:
    monkeypatch.setenv(cache.ENV, "")
    assert cache.cache_dir() is None
    library_with_cage(tmp_path)
    load_library("lib", tmp_path)
    load_library("lib", tmp_path)
    assert reads == ["cage.md", "cage.md"]


def test_the_default_folder_is_the_users_cache(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    monkeypatch.delenv(cache.ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == tmp_path / "xdg" / "sapphire" / "definitions"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.cache_dir() == tmp_path / "home" / ".cache" / "sapphire" / "definitions"


def test_parsed_meanings_come_with_the_entry(tmp_path: Path, folder: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    lib = library_with_cage(tmp_path)
    first = load_library("lib", tmp_path).resolve("cage")
    assert first is not None
    program = first.program()
    # a fresh process: no meaning parsed yet; the entry brings the parsed block along
    monkeypatch.setattr(definition_module, "_PROGRAMS", {})
    parsed: list[str] = []
    real = parser.parse_program

    def spy(text: str, path: str):  # type: ignore[no-untyped-def]
        parsed.append(path)
        return real(text, path)

    monkeypatch.setattr(parser, "parse_program", spy)
    again = load_library("lib", tmp_path).resolve("cage")
    assert again is not None and again.program() == program
    assert parsed == []
    assert again.program().constraints[0].span.file == str(lib / "cage.md")


class Planted:
    """A pickle that runs code as it is loaded: what anyone who may write to the cache folder
    (or to an entry) could leave there, to run in every process that reads a definition."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return os.mkdir, (str(self.marker),)


def plant(entry: Path, marker: Path) -> None:
    payload = pickle.dumps(Planted(marker))
    entry.write_bytes(cache.MAGIC + zlib.crc32(payload).to_bytes(4, "big") + payload)


@pytest.mark.parametrize("where", ["folder others may write", "entry others may write",
                                   "entry through a link"])
def test_an_entry_others_could_write_is_never_loaded(tmp_path: Path, folder: Path,
                                                     reads: list[str], where: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    library_with_cage(tmp_path)
    load_library("lib", tmp_path)
    (entry,) = folder.iterdir()
    assert entry.stat().st_mode & 0o777 == 0o600 and folder.stat().st_mode & 0o777 == 0o700
    marker = tmp_path / "ran"
    if where == "entry through a link":
        planted = tmp_path / "elsewhere.pickle"
        plant(planted, marker)
        planted.chmod(0o600)
        entry.unlink()
        entry.symlink_to(planted)
    else:
        plant(entry, marker)
        if where == "folder others may write":
            folder.chmod(0o777)
        else:
            entry.chmod(0o666)
    monkeypatch.setattr(cache, "_PRIVATE", {})  # as a new process finds it
    assert load_library("lib", tmp_path).resolve("cage").kind == "cage"  # type: ignore[union-attr]
    assert not marker.exists()
    assert reads == ["cage.md", "cage.md"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="giving a file to another user takes root")
def test_an_entry_of_another_user_is_never_loaded(tmp_path: Path, folder: Path,
                                                  reads: list[str]) -> None:
    library_with_cage(tmp_path)
    load_library("lib", tmp_path)
    (entry,) = folder.iterdir()
    marker = tmp_path / "ran"
    plant(entry, marker)
    os.chown(entry, 65534, 65534)
    load_library("lib", tmp_path)
    assert not marker.exists() and reads == ["cage.md", "cage.md"]
