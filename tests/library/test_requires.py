"""`requires:` in a kind's front matter: a kind written for one board or one set of digits is
an error at its rule line on another (not a grounding error inside the library), and the
importers refuse it by reading the same field."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.api import check_case
from sapphire.cli import main
from sapphire.library import std_root


def _problems(body: str, front: str = "") -> list[tuple[str, int, str]]:
    text = f"---\nlibrary: std\n{front}---\n{body}"
    return [(d.kind, d.span.line if d.span else 0, d.message)
            for d in check_case(text, "p.case")]


@pytest.mark.parametrize(("body", "front", "line", "message"), [
    ("sudoku 6x6\nwindoku\n", "", 5,
     "'windoku' is written for a 9×9 board, and this one is 6×6"),
    ("sudoku 4x4\ndisjoint-sets\n", "", 5,
     "'disjoint-sets' is written for a 9×9 board, and this one is 4×4"),
    ("sudoku 6x6\nglobal-entropy\n", "", 5,
     "'global-entropy' is written for the digits 1-9, and this case has 1-6"),
    ("sudoku 9x9\nentropic-line r1c1-r1c2-r1c3\n", "digits: 0-8\n", 6,
     "'entropic-line' is written for the digits 1-9, and this case has 0-8"),
    ("rellik-cage r1c1-r1c2 total 3\n", "board: 4x4\ndigits: 0-10\n", 6,
     "'rellik-cage' is written for digits within 0-9, and this case has 0-10"),
])
def test_a_kind_on_a_board_or_digits_it_is_not_written_for_is_an_error_at_its_line(
        body: str, front: str, line: int, message: str) -> None:
    assert _problems(body, front) == [("unmet-requirement", line, message)]


@pytest.mark.parametrize(("body", "front"), [
    ("sudoku 9x9\nwindoku\ndisjoint-sets\nglobal-mod\n", ""),
    ("sudoku 6x6\nrellik-cage r1c1-r1c2 total 3\n", ""),  # 1-6 lies within 0-9
    ("rellik-cage r1c1-r1c2 total 3\n", "board: 4x4\ndigits: 0-3\n"),
])
def test_a_kind_on_what_it_is_written_for_is_no_error(body: str, front: str) -> None:
    assert _problems(body, front) == []


def _library_with(tmp_path: Path, requires: str) -> Path:
    mine = tmp_path / "mine"
    mine.mkdir()
    text = (std_root() / "windoku.md").read_text(encoding="utf-8")
    text = text.replace("kind: windoku\n", "kind: my-windoku\n").replace(
        "requires: {board: 9x9}\n", f"requires: {requires}\n")
    (mine / "my-windoku.md").write_text(text, encoding="utf-8")
    case = tmp_path / "p.case"
    case.write_text("---\nlibrary: ./mine\n---\nsudoku 9x9\nmy-windoku\n", encoding="utf-8")
    return case


@pytest.mark.parametrize(("requires", "says"), [
    ("{board: big}", "'requires: board' is a size such as 9x9"),
    ("{digits: 9-1}", "'requires: digits' is a range such as 1-9"),
    ("{bord: 9x9}", "unknown field 'bord' in 'requires'"),
])
def test_a_malformed_requires_is_an_error_in_the_definition(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], requires: str, says: str) -> None:
    case = _library_with(tmp_path, requires)
    assert main(["check", str(case)]) == 1
    err = capsys.readouterr().err
    assert "my-windoku.md:5:" in err and says in err


def test_the_iss_importer_refuses_by_the_kinds_requires() -> None:
    from sapphire.diagnostics import SapphireError
    from sapphire.importers.iss import iss_to_case

    with pytest.raises(SapphireError) as e:
        iss_to_case(".Shape~6x6.GlobalEntropy")
    assert e.value.diagnostics[0].kind == "unsupported-import"
    assert ("the library's 'global-entropy' is written for the digits 1-9, and this case has "
            "1-6") in e.value.diagnostics[0].message
