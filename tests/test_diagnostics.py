"""Files the user names are read in one way: text that is not UTF-8, a directory or a missing
file is an error that names the file (and, for a bad byte, its line and column), never a
traceback, whichever command reads it."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.diagnostics import SapphireError, read_text
from sapphire.library import load_library, std_root

PROGRAM = Path(__file__).resolve().parents[1] / "examples" / "slitherlink"


def test_a_bad_byte_is_placed_by_line_and_character(tmp_path: Path) -> None:
    path = tmp_path / "t.case"
    path.write_bytes("---\nlibrary: std\n---\nthermo r1c1 ⇒ r1c\xe9".encode() + b"\xff\n")
    with pytest.raises(SapphireError) as exc:
        read_text(path)
    d = exc.value.diagnostics[0]
    assert d.kind == "io" and d.message == f"cannot read {path}: byte 0xff is not UTF-8"
    assert (d.span.line, d.span.col) == (4, 19)  # characters, not bytes: ⇒ and é are one each
    assert d.render().splitlines()[1:3] == ["  thermo r1c1 ⇒ r1cé�", " " * 20 + "^"]


def test_newlines_are_read_as_written_only_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "t.case"
    path.write_bytes(b"a\r\nb\rc\n")
    assert read_text(path) == "a\nb\nc\n"
    assert read_text(path, newlines=False) == "a\r\nb\rc\n"


def test_a_file_that_cannot_be_opened(tmp_path: Path) -> None:
    with pytest.raises(SapphireError) as exc:
        read_text(tmp_path, "unreadable-file", hint="name a file")
    d = exc.value.diagnostics[0]
    assert d.kind == "unreadable-file" and d.hint == "name a file"
    assert d.message.startswith(f"cannot read {tmp_path}: ")


@pytest.mark.parametrize("command", [
    ["solve", "{bad}"], ["check", "{bad}"], ["fmt", "{bad}"],
    ["solve", str(PROGRAM / "slitherlink-rules.sapphire"), "--data", "{bad}"],
    ["solve", "{bad}.sapphire", "--data", str(PROGRAM / "puzzle-5x5.json")],
    ["import", "iss", "{bad}"], ["import", "fpuzzles", "{bad}"],
    ["import", "puzzlekit:Sudoku", "{bad}"],
], ids=lambda c: " ".join(c[:2]) + (" --data" if "--data" in c and c[-1] == "{bad}" else ""))
def test_every_command_refuses_text_that_is_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture,
                                                     command: list[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"---\nlibrary: std\n---\nanti-king\x80\n")
    if "{bad}.sapphire" in command:  # a program: the name says so
        bad = tmp_path / "bad.sapphire"
        bad.write_bytes(b"---\nlibrary: std\n---\nanti-king\x80\n")
        command = [part.replace("{bad}.sapphire", "{bad}") for part in command]
    assert main([part.replace("{bad}", str(bad)) for part in command]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{bad}:4:10: error: cannot read {bad}: byte 0x80 is not UTF-8\n")
    assert "Traceback" not in err


def test_a_library_file_that_is_not_utf8_is_listed(tmp_path: Path) -> None:
    lib = tmp_path / "lib"
    shutil.copytree(std_root(), lib)
    (lib / "thermo.md").write_bytes(b"---\nkind: thermo\n\xfe\n")
    with pytest.raises(SapphireError) as exc:
        load_library("./lib", tmp_path)
    bad = [d for d in exc.value.diagnostics if d.span and d.span.file.endswith("thermo.md")]
    assert [(d.kind, d.span.line, d.span.col) for d in bad] == [("io", 3, 1)]


def test_standard_input_that_is_not_utf8(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b".~R1C1_5\n.AntiKing\xff")))
    assert main(["import", "iss", "-"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("<stdin>:2:10: error: cannot read <stdin>: byte 0xff is not UTF-8\n")
