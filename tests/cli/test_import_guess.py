"""`sapphire import INPUT` with no format: it is guessed from the input (a link, a pasted
puzzle, a corpus file, standard input), and the case is the one the named format gives;
`sudokupad` names the importer that reads SudokuPad's links."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from sapphire.cli import main

ROOT = Path(__file__).resolve().parents[2]
SLITHER = "https://puzz.link/p?slither/5/5/cbcbcddad"


def _imported(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["import", *args]) == 0
    return capsys.readouterr().out


def _links(capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(["export", "fpuzzles", str(ROOT / "examples" / "first-killer.case"),
                 "--link"]) == 0
    return capsys.readouterr().out.splitlines()


def test_a_puzzlink_link_without_its_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert _imported(capsys, SLITHER) == _imported(capsys, "puzzlink", SLITHER)


def test_an_iss_string_without_its_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert _imported(capsys, ".~R1C1_5.AntiKing") == _imported(capsys, "iss",
                                                                ".~R1C1_5.AntiKing")


def test_f_puzzles_and_sudokupad_links_without_their_format(
        capsys: pytest.CaptureFixture[str]) -> None:
    fpuzzles, sudokupad = _links(capsys)
    named = _imported(capsys, "fpuzzles", fpuzzles)
    assert _imported(capsys, fpuzzles) == named
    assert "cage-5: cage r4c1-r4c2 total 7" in named
    assert _imported(capsys, sudokupad) == _imported(capsys, "fpuzzles", sudokupad)


def test_sudokupad_is_a_format_name(capsys: pytest.CaptureFixture[str]) -> None:
    _, sudokupad = _links(capsys)
    assert _imported(capsys, "sudokupad", sudokupad) == _imported(capsys, "fpuzzles",
                                                                   sudokupad)
    assert _imported(capsys, "SudokuPad", sudokupad) == _imported(capsys, "fpuzzles",
                                                                   sudokupad)


def test_a_corpus_file_is_told_by_its_entries(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    corpus = tmp_path / "mine.json"
    corpus.write_text(json.dumps([{"name": "a", "canonical_input": ".~R1C1_5.AntiKing"}]),
                      encoding="utf-8")
    assert "anti-king" in _imported(capsys, f"{corpus}#a")


def test_standard_input_is_guessed_from_its_text(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b".~R1C1_5.AntiKing\n")))
    out = _imported(capsys, "-")
    assert "source: standard input, imported as iss" in out and "anti-king" in out


def test_puzzlekit_text_needs_its_format(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    problem = tmp_path / "p.txt"
    problem.write_text("4 4\n1 - - -\n- - - -\n- - - -\n- - - -\n", encoding="utf-8")
    assert main(["import", str(problem)]) == 1
    assert capsys.readouterr().err == (
        f"{problem}:1:1: error: cannot tell the format of the puzzle\n"
        "  hint: name it before the input: sapphire import FORMAT INPUT, with FORMAT iss, "
        "fpuzzles (SudokuPad too), puzzlink or puzzlekit:GENRE\n")


def test_a_format_alone_asks_for_the_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "iss"]) == 1
    assert capsys.readouterr().err == ("error: import iss needs the puzzle after the format\n"
                                       "  hint: sapphire import iss INPUT\n")
