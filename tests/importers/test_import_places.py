"""ISS and f-puzzles imports place every error as puzzlekit's do: FILE:LINE:COL of the text as
written (blank lines and spaces before it counted), the line and a caret, and a hint. A JSON
syntax error is placed at its line and column, not named inside the message."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.diagnostics import Diagnostic, SapphireError
from sapphire.importers import import_puzzle

GRID4 = '[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]'


def failures(fmt: str, text: str, label: str = "p.txt") -> list[Diagnostic]:
    with pytest.raises(SapphireError) as exc:
        import_puzzle(fmt, text, label=label)
    return exc.value.diagnostics


def places(fmt: str, text: str) -> list[tuple[str, str, int, int]]:
    found = failures(fmt, text)
    assert all(d.span is not None and d.hint for d in found)
    return [(d.kind, d.span.file, d.span.line, d.span.col) for d in found]  # type: ignore[union-attr]


# -- f-puzzles --------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "line", "col"), [
    ('{"size": 4,\n "grid": [\n   [}\n', 3, 5),
    ('\n\n  {"size": 4 "grid": []}', 3, 14),
    ('{"size": 4, "grid": ' + GRID4 + ',}', 1, len('{"size": 4, "grid": ' + GRID4) + 2),
    ('{"size": 4, "title": "a\x01b"}', 1, 24),
])
def test_a_json_syntax_error_is_placed_at_its_line_and_column(text: str, line: int,
                                                              col: int) -> None:
    (d,) = failures("fpuzzles", text)
    assert (d.kind, d.span.file, d.span.line, d.span.col) == ("bad-input", "p.txt", line, col)
    assert "line" not in d.message  # the place is the span's, not words in the message
    assert d.source_line is not None and d.hint


def test_a_bad_key_is_placed_at_the_key() -> None:
    text = '{"size": 4,\n "grid": ' + GRID4 + ',\n "killercage": 5,\n "nosuchkey": 1}\n'
    assert places("fpuzzles", text) == [("bad-input", "p.txt", 3, 2),
                                        ("unsupported-import", "p.txt", 4, 2)]


def test_a_bad_size_or_grid_is_placed_at_its_key() -> None:
    assert places("fpuzzles", '{"grid": [],\n  "size": 99}') == [("bad-input", "p.txt", 2, 3)]
    assert places("fpuzzles", '{"size": 4,\n  "grid": []}') == [("bad-input", "p.txt", 2, 3)]


def test_a_drawing_is_placed_at_its_key() -> None:
    text = '{"size": 4, "grid": ' + GRID4 + ',\n"line": [{"lines": [["R1C1", "R1C2"]]}]}'
    assert places("fpuzzles", text) == [("cosmetic-shape", "p.txt", 2, 1)]


def test_what_has_no_nearer_place_is_at_the_puzzle_start() -> None:
    assert places("fpuzzles", "\n  N4Igzzzz") == [("bad-input", "p.txt", 2, 3)]
    assert places("fpuzzles", "\n[1, 2]") == [("bad-input", "p.txt", 2, 1)]


# -- ISS --------------------------------------------------------------------------------------

def test_iss_errors_are_placed_at_their_constraint() -> None:
    text = "\n  .~R1C1_5.Cage~x~R1C1~R1C2\n  .Frobnicate~3\n"
    assert places("iss", text) == [("bad-iss", "p.txt", 2, 11),
                                   ("unsupported-import", "p.txt", 3, 3)]


@pytest.mark.parametrize(("text", "line", "col"), [
    ("abc", 1, 1),
    ("\n\n.And.AntiKing", 3, 1),
    (".AntiKing .End", 1, 11),
    ("https://example.org/iss?x=1", 1, 1),
])
def test_a_malformed_iss_string_is_placed(text: str, line: int, col: int) -> None:
    assert places("iss", text) == [("bad-iss", "p.txt", line, col)]


# -- the command line -------------------------------------------------------------------------

@pytest.mark.parametrize(("fmt", "text", "place"), [
    ("fpuzzles", '\n{"size": 4,\n "grid": [}\n', "3:11"),
    ("iss", "\n.~R1C1_5.Nope\n", "2:9"),
])
def test_import_from_a_file_prints_file_line_col(
    fmt: str, text: str, place: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "puzzle.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["import", fmt, str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:{place}: error: "), err


def test_a_corpus_entry_is_placed_within_its_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "iss.json"
    path.write_text('[{"name": "a", "input": ".AntiKing.Zap"}]', encoding="utf-8")
    assert main(["import", "iss", f"{path}#a"]) == 1
    assert capsys.readouterr().err.startswith(f"{path}#a:1:10: error: ")


def test_standard_input_is_placed_as_stdin(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    import io
    import sys

    class Stdin:
        buffer = io.BytesIO(b'\n\n  {"size": 4, "grid": [}')

    monkeypatch.setattr(sys, "stdin", Stdin)
    assert main(["import", "fpuzzles", "-"]) == 1
    assert capsys.readouterr().err.startswith("<stdin>:3:24: error: ")
