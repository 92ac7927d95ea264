"""A number of thousands of digits, which Python refuses to convert from text, is one error
placed at the number, of the kind `number-too-long`, wherever it is written: never a traceback
(before, each of these ended in a ValueError, exit status 70)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.diagnostics import (
    LONGEST_NUMBER,
    NumberTooLong,
    integer,
    json_number_error,
)

ROOT = Path(__file__).parents[1]
BIG = "1" * 5000
CASE_HEAD = "---\nlibrary: std\n---\nsudoku 4x4\n"


def test_integer_reads_up_to_the_longest_number_and_refuses_past_it() -> None:
    assert integer("9" * LONGEST_NUMBER) == 10**LONGEST_NUMBER - 1
    assert integer(" -0" + "0" * 5000 + "42 ") == -42  # leading zeros are no digits
    with pytest.raises(NumberTooLong) as e:
        integer("9" * (LONGEST_NUMBER + 1))
    assert e.value.digits == "9" * (LONGEST_NUMBER + 1)
    with pytest.raises(NumberTooLong):
        integer("\u0661" * 5000)  # digits of another script, which int() reads too
    for bad in ("", "-", "1.5", "x"):
        with pytest.raises(ValueError):
            integer(bad)


def test_the_place_in_json_skips_strings() -> None:
    text = '{"a": "' + BIG + '", "b": [1.' + BIG + ", " + BIG + "]}"
    with pytest.raises(NumberTooLong):
        json.loads(text, parse_int=integer)
    d = json_number_error(text, "t.json").diagnostics[0]
    assert (d.kind, d.span.line, d.span.col) == ("number-too-long", 1, 2 * len(BIG) + 21)


def first_error(err: str, path: Path) -> tuple[int, int, str]:
    line = next(x for x in err.splitlines() if "error:" in x)
    assert line.startswith(f"{path}:"), err[:300]
    row, col, rest = line[len(str(path)) + 1:].split(":", 2)
    return int(row), int(col), rest


CASES = {
    "total": (CASE_HEAD + f"cage r1c1-r1c2 total {BIG}\n", 5, 22),
    "cell": (CASE_HEAD + f"cage r{BIG}c1-r1c2 total 3\n", 5, 7),
    "size": (f"---\nlibrary: std\n---\nsudoku {BIG}x4\n", 4, 8),
    "board": (f"---\nlibrary: std\nboard: 4x{BIG}\n---\nlatin-square\n", 3, 10),
    "digits": (f"---\nlibrary: std\ndigits: 1-{BIG}\n---\nsudoku 4x4\n", 3, 11),
    "yaml integer": (f"---\nlibrary: std\nextra-cells: {BIG}\n---\nsudoku 4x4\n", 3, 14),
    "hexadecimal": (f"---\nlibrary: std\ntitle: 0x{'f' * 200}\n---\nsudoku 4x4\n", 3, 8),
}


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("command", ["check", "solve"])
def test_a_case(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str,
                command: str) -> None:
    text, line, col = CASES[name]
    path = tmp_path / "t.case"
    path.write_text(text, encoding="utf-8")
    assert main([command, str(path)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert first_error(err, path)[:2] == (line, col)
    assert "error: the number " in err and ("has 5,000 digits" in err or "200 digits" in err)


def test_a_program_literal_and_its_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    program = tmp_path / "p.sapphire"
    program.write_text(f"x∈{{0⋯{BIG}}}\n", encoding="utf-8")
    assert main(["check", str(program)]) == 1
    err = capsys.readouterr().err
    assert first_error(err, program)[:2] == (1, 6) and "Traceback" not in err
    assert "hint: numbers in a program stay within ±1,000,000,000" in err

    data = tmp_path / "d.json"
    data.write_text('{"n": 5,\n "m": ' + BIG + "}", encoding="utf-8")
    rules = ROOT / "examples" / "slitherlink" / "slitherlink-rules.sapphire"
    assert main(["solve", str(rules), "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert first_error(err, data) == (2, 7, " error: the number 1111111111111111…11111111 has "
                                      "5,000 digits, too many to read")


@pytest.mark.parametrize(("answer", "place"), [
    ('{"digits": [[1, 2, 3, 4], [' + BIG + "]]}", (1, 28)),
    (f"1 2 3 4\n3 4 {BIG} 2\n", (2, 5)),
], ids=["json", "text"])
def test_a_verify_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str], answer: str,
                         place: tuple[int, int]) -> None:
    case = tmp_path / "t.case"
    case.write_text(CASE_HEAD, encoding="utf-8")
    path = tmp_path / "answer.txt"
    path.write_text(answer, encoding="utf-8")
    assert main(["verify", str(case), str(path)]) == 1
    err = capsys.readouterr().err
    assert first_error(err, path)[:2] == place and "Traceback" not in err
    assert "has 5,000 digits, too many to read" in err


FPUZZLES_GRID = json.dumps([[{} for _ in range(4)] for _ in range(4)])


@pytest.mark.parametrize(("fmt", "text", "col"), [
    ("iss", f".~R1C1_5.Cage~{BIG}~R1C1~R1C2", 15),
    ("iss", f".~R1C1_{BIG}", 8),
    ("fpuzzles", '{"size": 4, "grid": [[{"value": ' + BIG + "}]]}", 33),
    ("fpuzzles", '{"size": 4, "grid": ' + FPUZZLES_GRID
     + ', "killercage": [{"cells": ["R1C1"], "value": "' + BIG + '"}]}', 140),
    ("fpuzzles", '{"size": 4, "grid": ' + FPUZZLES_GRID
     + ', "killercage": [{"cells": ["R' + BIG + 'C1"], "value": "3"}]}', 123),
    ("puzzlink", f"p?slither/{BIG}/5/x", 11),
    ("puzzlekit:Sudoku", f"9 {BIG}\n", 3),
    ("puzzlekit:KenKen", f"4 4\n{BIG}+ - - -\n", 1),
], ids=["iss total", "iss given", "fpuzzles number", "fpuzzles text", "fpuzzles cell",
        "puzzlink size", "puzzlekit size", "puzzlekit clue"])
def test_an_import(tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str, text: str,
                   col: int) -> None:
    path = tmp_path / "puzzle.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["import", fmt, str(path)]) == 1
    err = capsys.readouterr().err
    line = text[:text.index(BIG)].count("\n") + 1
    assert first_error(err, path) == (line, col, " error: the number 1111111111111111…11111111 "
                                      "has 5,000 digits, too many to read")
    assert "Traceback" not in err


@pytest.mark.parametrize(("fmt", "text"), [
    ("puzzlink", "p?slither/5/" + "0" * 5000 + "5/x"),
    ("puzzlekit:Thermometer", "9 9\n" + "0" * 5000 + "5 - - - - - - - -\n"),
], ids=["puzzlink", "puzzlekit"])
def test_leading_zeros_count_where_no_number_is_long(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str, text: str) -> None:
    path = tmp_path / "puzzle.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["import", fmt, str(path)]) == 1
    err = capsys.readouterr().err
    assert "0000000000000000…00000005 is written with 5,001 digits, too many to read" in err
    assert "Traceback" not in err


def test_a_pzprv3_answer() -> None:
    from sapphire.diagnostics import SapphireError
    from sapphire.genres import read_pzprv3

    with pytest.raises(SapphireError) as e:
        read_pzprv3(f"pzprv3/sudoku/9/{BIG}/")
    assert [d.kind for d in e.value.diagnostics] == ["number-too-long"]


def test_a_corpus_file_and_its_selector(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    corpus = tmp_path / "c.json"
    corpus.write_text('[{"canonical_input": ".~R1C1_5"}, {"canonical_input": ".~R1C1_6"}]',
                      encoding="utf-8")
    assert main(["import", "iss", f"{corpus}#{BIG}"]) == 1
    assert "has no puzzle" in capsys.readouterr().err
    corpus.write_text(f'[{{"canonical_input": ".~R1C1_5", "n": {BIG}}}]', encoding="utf-8")
    assert main(["import", "iss", f"{corpus}#0"]) == 1
    assert first_error(capsys.readouterr().err, corpus)[:2] == (1, 39)
