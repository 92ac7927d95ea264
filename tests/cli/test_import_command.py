"""`sapphire import`, run through `sapphire.cli.main`: a puzzlekit error names the file it
came from, with the line and column in it, as a case file's errors do."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from sapphire.cli import main


def test_a_puzzlekit_error_names_the_file_line_and_column(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("3 3\n1 2 x\n- - -\n", encoding="utf-8")
    out = tmp_path / "bad.case"
    assert main(["import", "puzzlekit:Sudoku", str(bad), "-o", str(out)]) == 1
    assert capsys.readouterr().err == (
        f"{bad}:3:6: error: not a puzzlekit Sudoku problem: expected row 3 of the givens block, "
        "found the end of the text\n"
        "  - - -\n"
        "       ^\n"
        "  hint: a puzzlekit Sudoku problem is the size line, then the givens block (3 rows of 3 "
        "tokens)\n")
    assert not out.exists()


def test_a_bad_token_of_a_corpus_entry_is_placed_in_its_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    genre = tmp_path / "KillerSudoku.json"
    problem = "4 4\n3 - 7 -\n5 4 6 3\n- - - -\n6 - 4x -\na a b b\nc d e f\nc d e f\ng g h h\n"
    genre.write_text(json.dumps({"puzzles": [{"key": "k1", "problem": problem}]}))
    assert main(["import", "puzzlekit:KillerSudoku", f"{genre}#k1"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{genre}#k1:5:5: error: not a puzzlekit KillerSudoku problem: '4x' "
                          "at r4c3 is neither '-' nor a number\n  6 - 4x -\n      ^^\n")


def test_standard_input_is_named_stdin(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"\n4 4\n- - - -\n"), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", stdin)
    assert main(["import", "puzzlekit:Sudoku", "-"]) == 1
    assert capsys.readouterr().err.startswith(
        "<stdin>:3:8: error: not a puzzlekit Sudoku problem: expected row 2 of the givens block")
