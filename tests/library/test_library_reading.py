"""What a case's library may read: a folder within the case file's folder (or one the user
allows with --library-root), and in it only regular files of bounded size inside those
folders, links followed. A file that is no definition is reported, never shown."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.library import load_library, std_root
from sapphire.library.library import MAX_DEFINITION_BYTES

SECRET = "toor:x:0:0:secret-first-line:/toor:/bin/bash"
CASE = "---\nlibrary: [{library}]\nboard: 4x4\n---\nanti-king\n"


def library(folder: Path) -> Path:
    """A library folder holding the bundled anti-king and its prelude."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("anti-king.md", "prelude.md"):
        shutil.copy(std_root() / name, folder / name)
    return folder


def check(case_dir: Path, lib: str, capsys: pytest.CaptureFixture[str], *extra: str
          ) -> tuple[int, str]:
    case_dir.mkdir(parents=True, exist_ok=True)
    path = case_dir / "p.case"
    path.write_text(CASE.format(library=lib), encoding="utf-8")
    code = main(["check", str(path), *extra])
    out = capsys.readouterr()
    return code, out.out + out.err


def test_a_folder_beside_the_case_is_read(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    library(tmp_path / "case" / "rules")
    assert check(tmp_path / "case", "rules", capsys) == (0, "ok\n")
    assert check(tmp_path / "case", str(tmp_path / "case" / "rules"), capsys) == (0, "ok\n")


@pytest.mark.parametrize("name", ["../elsewhere", "ABSOLUTE", "/etc", "../../.."])
def test_a_folder_outside_the_case_folder_is_refused(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    library(tmp_path / "elsewhere")
    lib = str(tmp_path / "elsewhere") if name == "ABSOLUTE" else name
    code, out = check(tmp_path / "case", lib, capsys)
    assert code == 1
    assert f"{tmp_path / 'case' / 'p.case'}:2:1: error: library folder" in out
    assert "is outside the case file's folder" in out and "--library-root" in out


def test_the_command_line_may_allow_another_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    library(tmp_path / "elsewhere")
    for command in (["--library-root", str(tmp_path / "elsewhere")],
                    ["--library-root", str(tmp_path)]):  # a folder it is within
        assert check(tmp_path / "case", "../elsewhere", capsys, *command) == (0, "ok\n")
    path = tmp_path / "case" / "p.case"
    assert main(["solve", str(path), "--library-root", str(tmp_path)]) == 0
    assert main(["solve", str(path)]) == 1
    capsys.readouterr()


def test_a_folder_linked_from_outside_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    library(tmp_path / "elsewhere")
    (tmp_path / "case").mkdir()
    os.symlink(tmp_path / "elsewhere", tmp_path / "case" / "rules")
    code, out = check(tmp_path / "case", "rules", capsys)
    assert code == 1 and "is outside the case file's folder" in out


def test_a_link_to_a_file_outside_is_not_read_nor_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "passwd").write_text(SECRET + "\n", encoding="utf-8")
    rules = library(tmp_path / "case" / "rules")
    os.symlink(tmp_path / "passwd", rules / "a.md")
    code, out = check(tmp_path / "case", "rules", capsys)
    assert code == 1
    assert f"{rules / 'a.md'}:1:1: error: {rules / 'a.md'} links to a file outside" in out
    assert "toor" not in out and "secret" not in out


def test_a_link_within_the_case_folder_is_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = library(tmp_path / "case" / "rules")
    (rules / "anti-king.md").rename(tmp_path / "case" / "kept.md")
    os.symlink(tmp_path / "case" / "kept.md", rules / "anti-king.md")
    assert check(tmp_path / "case", "rules", capsys) == (0, "ok\n")


def test_a_file_that_is_no_definition_is_reported_without_its_contents(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = library(tmp_path / "case" / "rules")
    (rules / "a.md").write_text(SECRET + "\nmore\n", encoding="utf-8")
    (rules / "b.md").write_bytes(b"\xff\xfe" + SECRET.encode())
    code, out = check(tmp_path / "case", "rules", capsys)
    assert code == 1
    assert f"{rules / 'a.md'}:1:1: error:" in out and f"{rules / 'b.md'}:1:1: error:" in out
    assert "toor" not in out and "secret" not in out


def test_a_definition_with_a_mistake_still_shows_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = library(tmp_path / "case" / "rules")
    (rules / "a.md").write_text("---\nkind: a\nscope: nowhere\n---\n", encoding="utf-8")
    code, out = check(tmp_path / "case", "rules", capsys)
    assert code == 1 and "  scope: nowhere" in out


def test_a_fifo_is_refused_without_waiting(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    rules = library(tmp_path / "case" / "rules")
    os.mkfifo(rules / "f.md")
    result: list[tuple[int, str]] = []
    worker = threading.Thread(target=lambda: result.append(check(tmp_path / "case", "rules",
                                                                  capsys)), daemon=True)
    worker.start()
    worker.join(20)
    if worker.is_alive():  # unblock it, so that the test run can end
        fd = os.open(rules / "f.md", os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
        pytest.fail("reading the library waited on a FIFO")
    code, out = result[0]
    assert code == 1 and f"{rules / 'f.md'} is not a regular file" in out


def test_devices_and_large_files_are_not_read(tmp_path: Path) -> None:
    rules = library(tmp_path / "rules")
    with open(rules / "big.md", "wb") as f:
        f.write(b"---\nkind: big\n---\n" + b" " * MAX_DEFINITION_BYTES)
    os.symlink("/dev/zero", rules / "zero.md")
    with pytest.raises(Exception) as info:
        load_library("rules", tmp_path, roots=["/"])  # even where every folder is allowed
    messages = [d.message for d in info.value.diagnostics]  # type: ignore[attr-defined]
    assert messages == [f"{rules / 'big.md'} is larger than a rule definition may be "
                        f"({MAX_DEFINITION_BYTES:,} bytes), and is not read",
                        f"{rules / 'zero.md'} is not a regular file, and is not read"]
