"""`sapphire check` and `sapphire fmt`, run through `sapphire.cli.main`.

The library stage is replaced by a stand-in module so these tests pin down this stage's
behaviour both without a library and with one; the real library gets one integration test.
"""

from __future__ import annotations

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
    """Give the commands `load_library(root, base_dir)` in place of the library stage, or no
    library at all."""
    from sapphire.cli import case_commands

    def load(case: Case, roots: Any = (), fetch: str = "auto") -> Any | None:
        if load_library is None:
            return None
        return load_library(case.front.library, Path(case.path).resolve().parent)

    monkeypatch.setattr(case_commands, "load_case_library", load)


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
    assert main(["fmt", str(EXAMPLE)]) == 0
    assert capsys.readouterr().out == EXAMPLE.read_text(encoding="utf-8")
    assert main(["check", str(EXAMPLE)]) == 0
    assert capsys.readouterr().out == "ok\n"


# -- with the bundled library ----------------------------------------------------------------

STD = "---\nlibrary: std\nboard: 4x4\ndigits: 1-4\n---\n"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# "The total parameter aliases cage sum; the writer uses total."
@pytest.mark.parametrize("line", ["cage r1c1-r1c2 sum 3 total 3",
                                  "nabner r1c1-r1c2 different true distinct true"])
def test_fmt_keeps_an_alias_given_with_its_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str
) -> None:
    """Spelling `sum` as `total` would give `total` twice: `fmt` keeps both as written, and
    `check` reports the second."""
    path = write(tmp_path, STD + line + "\n")
    assert run(["fmt", str(path)], capsys) == (0, STD + line + "\n", "")
    code, _, err = run(["check", str(path)], capsys)
    assert code == 1 and err.count("error:") == 1 and "repeats" in err


def test_fmt_spells_the_parameters_of_any_of_entries(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each entry is a rule line of its own: its names are spelled as on a line, and nothing
    else in it changes; an entry that does not parse stays as written."""
    line = ('any-of rules ["a: cage  r1c1-r1c2 sum 3", "b: cage r1c3-r1c4 sum 3 total 3", '
            '"cage r2c1 sum=3"]')
    code, out, _ = run(["fmt", str(write(tmp_path, STD + line + "\n"))], capsys)
    assert code == 0
    assert out == STD + ('any-of rules ["a: cage  r1c1-r1c2 total 3",'
                         '"b: cage r1c3-r1c4 sum 3 total 3","cage r2c1 sum=3"]\n')


def test_check_reports_an_unknown_predicate_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, STD + "yin-yang\ncage r1c1-r1c2 total 3 if unifrom\n")
    code, _, err = run(["check", str(path)], capsys)
    assert code == 1
    assert err.splitlines()[0] == f"{path}:7:27: error: unknown condition predicate 'unifrom'"
    assert err.count("error:") == 1


@pytest.mark.parametrize("line", ["cage R1C1-r1c2 total 3", "cage r1c1, r1c2 total 3",
                                  "cage r1c1-r1c2 total=3", "cage c1: r1c1-r1c2 total 3"])
def test_check_reports_a_line_once_where_reading_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str
) -> None:
    """The rest of a line the reader could not read is not called missing."""
    code, _, err = run(["check", str(write(tmp_path, STD + line + "\n"))], capsys)
    assert code == 1 and err.count("error:") == 1
    assert "needs its parameter" not in err and "none are listed" not in err


@pytest.mark.parametrize("body", ["not anti-king\n", ""])
def test_check_reports_a_case_without_a_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str
) -> None:
    """What `solve` would refuse, `check` reports."""
    path = write(tmp_path, "---\nlibrary: std\ndigits: 1-4\n---\n" + body)
    for command in ("check", "solve"):
        code, _, err = run([command, str(path)], capsys)
        assert code == 1
        assert err.startswith(f"{path}:1:1: error: the case does not say how big the board is\n")


def test_a_missing_library_folder_is_placed_at_the_library_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "---\nboard: 4x4\nlibrary: nosuch\n---\nsudoku 4x4\n")
    for command in ("check", "solve"):
        code, _, err = run([command, str(path)], capsys)
        assert code == 1
        assert err.startswith(f"{path}:3:1: error: library folder ")
        assert "  library: nosuch\n" in err


def test_fmt_add_ids_names_each_line_of_a_repeated_kind(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = tmp_path / "ids.case"
    case.write_text("---\nlibrary: std\n---\nsudoku 4x4\ncage r1c1-r1c2 total 3\n"
                    "cage-2: cage r1c3-r2c3 total 4\ncage r2c1-r3c1 total 5  # a note\n"
                    "not cage r3c3-r3c4 total 7\nthermo r1c1-r2c1\n", encoding="utf-8")
    assert main(["fmt", str(case)]) == 1
    assert capsys.readouterr().err.count("so each instance needs its own id") == 3
    assert main(["fmt", "--add-ids", "--write", str(case)]) == 0
    assert case.read_text(encoding="utf-8").splitlines()[4:] == [
        "cage-1: cage r1c1-r1c2 total 3", "cage-2: cage r1c3-r2c3 total 4",
        "cage-3: cage r2c1-r3c1 total 5  # a note", "cage-4: not cage r3c3-r3c4 total 7",
        "thermo r1c1-r2c1"]
    capsys.readouterr()
    assert main(["check", str(case)]) == 0


def test_fmt_add_ids_writes_nothing_when_another_error_stands(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = tmp_path / "bad.case"
    text = "---\nlibrary: std\n---\nsudoku 4x4\ncage r1c1-r1c2 total 3\ncage r1c3 total\n"
    case.write_text(text, encoding="utf-8")
    assert main(["fmt", "--add-ids", "--write", str(case)]) == 1
    assert case.read_text(encoding="utf-8") == text
