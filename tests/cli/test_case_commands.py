"""`sapphire check` and `sapphire fmt`, run through `sapphire.cli.main`.

The library stage is replaced by a stand-in module so these tests pin down this stage's
behaviour both without a library and with one; the real library gets one integration test.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

import pytest

from sapphire.case.model import Case
from sapphire.cli import main
from sapphire.diagnostics import Diagnostic, SapphireError, Span

EXAMPLE = Path(__file__).parents[2] / "examples" / "yin-yagn-excerpt.case"
GOOD = "---\nlibrary: std\n---\nc-1: cage r1c1-r1c2   sum 3\nc-2: not cage r1c3-r1c4 total 5\n"
BAD = "---\nlibrary: std\n---\ncage r0c1 total 3\nrenban r1c1 if unform\n"


class FakeLibrary:
    """Stands in for the library stage's `Library`."""

    def __init__(self, diagnostics: list[Diagnostic] | None = None) -> None:
        self.diagnostics = diagnostics or []
        self.checked: list[Case] = []

    def preferred_name(self, reference: str, param_name: str) -> str:
        return "total" if (reference, param_name) == ("cage", "sum") else param_name

    def check_case(self, case: Case) -> list[Diagnostic]:
        self.checked.append(case)
        return self.diagnostics


def install_library(monkeypatch: pytest.MonkeyPatch, load_library: Any | None) -> None:
    """Replace `sapphire.library` with a module holding `load_library` (or lacking it)."""
    module = types.ModuleType("sapphire.library")
    if load_library is not None:
        module.load_library = load_library  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sapphire.library", module)


@pytest.fixture
def no_library(monkeypatch: pytest.MonkeyPatch) -> None:
    install_library(monkeypatch, None)


def write(tmp_path: Path, text: str, name: str = "p.case") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


# -- check ----------------------------------------------------------------------------------


@pytest.mark.usefixtures("no_library")
def test_check_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(write(tmp_path, GOOD))]) == 0
    out, err = capsys.readouterr()
    assert (out, err) == ("ok\n", "")


@pytest.mark.usefixtures("no_library")
def test_check_reports_every_error_with_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, BAD)
    assert main(["check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"{path}:4:6: error: 'r0c1' is not a cell: rows and columns count from 1\n"
        "  cage r0c1 total 3\n"
        "       ^^^^\n"
        "  hint: the top-left cell is r1c1; write a cell as rROWcCOLUMN, e.g. r1c2\n"
        f"{path}:5:16: error: unknown condition predicate 'unform'\n"
        "  renban r1c1 if unform\n"
        "                 ^^^^^^\n"
        "  hint: did you mean 'uniform'?\n"
    )


@pytest.mark.usefixtures("no_library")
def test_check_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(tmp_path / "nope.case")]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_check_adds_library_diagnostics(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, GOOD)
    problem = Diagnostic(
        "missing-definition", "no definition of 'cage'", Span(str(path), 4, 7), "check the name"
    )
    lib = FakeLibrary([problem])
    calls: list[tuple[str, Path]] = []

    def load_library(root: str, base_dir: Path) -> FakeLibrary:
        calls.append((root, base_dir))
        return lib

    install_library(monkeypatch, load_library)
    assert main(["check", str(path)]) == 1
    assert calls == [("std", tmp_path.resolve())]
    assert [r.reference for r in lib.checked[0].rules] == ["cage", "cage"]
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:4:7: error: no definition of 'cage'\n")


def test_check_with_a_library_that_finds_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    install_library(monkeypatch, lambda root, base_dir: FakeLibrary())
    assert main(["check", str(write(tmp_path, GOOD))]) == 0
    assert capsys.readouterr().out == "ok\n"


def test_check_reports_a_library_that_fails_to_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def load_library(root: str, base_dir: Path) -> FakeLibrary:
        raise SapphireError([Diagnostic("library-not-found", f"no library at {root}")])

    install_library(monkeypatch, load_library)
    assert main(["check", str(write(tmp_path, GOOD))]) == 1
    assert "error: no library at std" in capsys.readouterr().err


def test_check_runs_the_library_on_the_lines_that_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lib = FakeLibrary()
    install_library(monkeypatch, lambda root, base_dir: lib)
    assert main(["check", str(write(tmp_path, BAD))]) == 1
    assert len(lib.checked) == 1  # the syntax errors and the library's, in one report


# -- fmt ------------------------------------------------------------------------------------


@pytest.mark.usefixtures("no_library")
def test_fmt_prints_canonical_form_without_touching_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, GOOD)
    assert main(["fmt", str(path)]) == 0
    assert capsys.readouterr().out == GOOD.replace("   sum", " sum")
    assert path.read_text() == GOOD


@pytest.mark.usefixtures("no_library")
def test_fmt_write_rewrites_then_is_stable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, GOOD.replace("\n", "\r\n"))
    assert main(["fmt", str(path), "--write"]) == 0
    assert capsys.readouterr().out == f"reformatted {path}\n"
    assert path.read_bytes() == GOOD.replace("   sum", " sum").encode()
    assert main(["fmt", str(path), "--write"]) == 0
    assert capsys.readouterr().out == ""


@pytest.mark.usefixtures("no_library")
def test_fmt_write_never_rewrites_a_file_that_does_not_parse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, BAD + "anti-king   \n")
    before = path.read_bytes()
    assert main(["fmt", str(path), "--write"]) == 1
    assert path.read_bytes() == before
    out, err = capsys.readouterr()
    assert out == "" and f"{path}:4:6: error:" in err


def test_fmt_uses_the_library_preferred_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    install_library(monkeypatch, lambda root, base_dir: FakeLibrary())
    assert main(["fmt", str(write(tmp_path, GOOD))]) == 0
    out = capsys.readouterr().out
    assert "c-1: cage r1c1-r1c2 total 3\n" in out


def test_fmt_degrades_when_the_library_cannot_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Unhelpful(FakeLibrary):
        def preferred_name(self, reference: str, param_name: str) -> str:
            raise SapphireError([Diagnostic("missing-definition", reference)])

    install_library(monkeypatch, lambda root, base_dir: Unhelpful())
    assert main(["fmt", str(write(tmp_path, GOOD))]) == 0
    assert "c-1: cage r1c1-r1c2 sum 3\n" in capsys.readouterr().out


def test_fmt_degrades_when_the_library_fails_to_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def load_library(root: str, base_dir: Path) -> FakeLibrary:
        raise SapphireError([Diagnostic("library-not-found", root)])

    install_library(monkeypatch, load_library)
    assert main(["fmt", str(write(tmp_path, GOOD))]) == 0
    assert "c-1: cage r1c1-r1c2 sum 3\n" in capsys.readouterr().out


@pytest.mark.usefixtures("no_library")
def test_fmt_leaves_the_yin_yagn_example_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fmt", str(EXAMPLE)]) == 0
    assert capsys.readouterr().out == EXAMPLE.read_text(encoding="utf-8")


def test_the_real_library_accepts_the_yin_yagn_example(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import importlib

    if not hasattr(importlib.import_module("sapphire.library"), "load_library"):
        pytest.skip("the library stage does not provide load_library yet")
    assert main(["fmt", str(EXAMPLE)]) == 0
    assert capsys.readouterr().out == EXAMPLE.read_text(encoding="utf-8")
    assert main(["check", str(EXAMPLE)]) == 0
    assert capsys.readouterr().out == "ok\n"
