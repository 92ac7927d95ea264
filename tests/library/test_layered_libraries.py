"""Layered libraries: `library: [std, ./mine]` adds a folder's kinds to std's; a folder named
alone is layered on std; a kind that a lower layer has is replaced only by a definition saying
`overrides: true`, and `check` notes where one is; paths are relative to the case file."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.diagnostics import SapphireError
from sapphire.library import std_root
from sapphire.pipeline import solve_case

STD = std_root()


def _kind(folder: Path, std_kind: str, kind: str, *, overrides: bool = False) -> Path:
    """A definition file in `folder`: the bundled `std_kind` named `kind`."""
    folder.mkdir(parents=True, exist_ok=True)
    text = (STD / f"{std_kind}.md").read_text(encoding="utf-8")
    text = text.replace(f"kind: {std_kind}\n", f"kind: {kind}\n"
                        + ("overrides: true\n" if overrides else ""), 1)
    path = folder / f"{kind}.md"
    path.write_text(text, encoding="utf-8")
    return path


def _case(folder: Path, library: str, rule: str, name: str = "p.case") -> str:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(f"---\nlibrary: {library}\n---\nsudoku 4x4\n{rule}\n", encoding="utf-8")
    return str(path)


def _first_digits(path: str) -> set[int]:
    """The digits r1c1 takes over every answer of the case (a 4×4 sudoku has 288)."""
    res = solve_case(path, max_solutions=300)
    assert res.complete and res.count == len(res.solutions)
    return {a["digits"][0][0] for a in res.solutions}


@pytest.mark.parametrize("library", ["./mine", "[std, ./mine]", "mine"])
def test_a_one_kind_folder_is_used_beside_std(tmp_path: Path, library: str) -> None:
    _kind(tmp_path / "mine", "even", "my-even")
    path = _case(tmp_path, library, "my-even r1c1")
    res = solve_case(path, max_solutions=300)
    assert res.count == 144 and res.complete  # half of the 4×4 sudoku's 288
    assert {a["digits"][0][0] for a in res.solutions} == {2, 4}


def test_a_folder_alone_in_a_list_does_not_see_std(tmp_path: Path) -> None:
    _kind(tmp_path / "mine", "even", "my-even")
    with pytest.raises(SapphireError) as e:
        solve_case(_case(tmp_path, "[./mine]", "my-even r1c1"))
    assert [d.kind for d in e.value.diagnostics] == ["missing-definition"]
    assert "'sudoku'" in e.value.diagnostics[0].message


def test_an_explicit_override_replaces_the_lower_kind(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`even` made to mean `odd`, with `overrides: true`: the case reads the folder's."""
    mine = _kind(tmp_path / "mine", "odd", "even", overrides=True)
    path = _case(tmp_path, "[std, ./mine]", "even r1c1")
    assert _first_digits(path) == {1, 3}
    assert _first_digits(_case(tmp_path, "std", "even r1c1", "plain.case")) == {2, 4}
    assert main(["check", path]) == 0
    out = capsys.readouterr()
    assert out.out == "ok\n"
    assert out.err == f"{path}:2:1: note: kind 'even' of {mine} overrides {STD / 'even.md'}\n"


def test_an_accidental_redefinition_is_an_error_at_its_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = _kind(tmp_path / "mine", "odd", "even")
    path = _case(tmp_path, "./mine", "even r1c1")
    assert main(["check", path]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{mine}:2:1: error: kind 'even' is already defined by "
                          f"{STD / 'even.md'}\n  kind: even\n")
    assert "overrides: true" in err


def test_overriding_what_no_lower_layer_has_is_an_error(tmp_path: Path) -> None:
    mine = _kind(tmp_path / "mine", "even", "my-even", overrides=True)
    with pytest.raises(SapphireError) as e:
        solve_case(_case(tmp_path, "./mine", "my-even r1c1"))
    (d,) = e.value.diagnostics
    assert (d.kind, str(d.span)) == ("overrides-nothing", f"{mine}:3:1")


def test_std_above_a_folder_with_the_same_kind_is_refused(tmp_path: Path) -> None:
    """Layers are lowest first: std named after a folder may not redefine the folder's kind."""
    _kind(tmp_path / "mine", "odd", "even")
    with pytest.raises(SapphireError) as e:
        solve_case(_case(tmp_path, "[./mine, std]", "even r1c1"))
    (d,) = e.value.diagnostics
    assert d.kind == "kind-redefined" and d.span is not None
    assert d.span.file == str(STD / "even.md") and "name std first" in (d.hint or "")


def test_a_folders_own_prelude_above_std_is_noted_as_unused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _kind(tmp_path / "mine", "even", "my-even")
    (tmp_path / "mine" / "prelude.md").write_text(
        (STD / "prelude.md").read_text(encoding="utf-8"), encoding="utf-8")
    path = _case(tmp_path, "./mine", "my-even r1c1")
    assert main(["check", path]) == 0
    assert capsys.readouterr().err == (
        f"{path}:2:1: note: {tmp_path / 'mine' / 'prelude.md'} is not used: the prelude comes "
        f"from the lowest library that has one, {STD / 'prelude.md'}\n")


def test_layers_are_found_from_the_case_file_within_its_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    _kind(tmp_path / "puzzles" / "rules", "even", "my-even")
    _kind(tmp_path / "shared", "even", "their-even")
    monkeypatch.chdir(tmp_path)  # not where the case is: its folder counts
    near = _case(tmp_path / "puzzles", "[std, ./rules]", "my-even r1c1")
    assert main(["check", near]) == 0
    far = _case(tmp_path / "puzzles", "[std, ./rules, ../shared]", "their-even r1c1", "far.case")
    assert main(["check", far]) == 1
    assert "outside the case file's folder" in capsys.readouterr().err
    assert main(["check", far, "--library-root", str(tmp_path / "shared")]) == 0


@pytest.mark.parametrize(("library", "message"), [
    ("[]", "the list of libraries is empty"),
    ("[std, 3]", "each library in the list is a name"),
    ("[std, 'https://example.org/lib']", "named alone"),
    ("[std, std]", "library 'std' is named twice")])
def test_a_bad_list_of_libraries_is_placed_at_the_key(
        tmp_path: Path, library: str, message: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = _case(tmp_path, library, "even r1c1")
    assert main(["check", path]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:2:") and message in err
