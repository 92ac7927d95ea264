"""SudokuPad's compressed links: the short JSON of an `scl…` payload read back (short keys,
left-out empty objects, t/f, colours, single quotes), a whole link imported, and payloads that
do not read named as bad input with the place where they go wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lzstring import LZString  # type: ignore[import-untyped]

from sapphire.cli import main
from sapphire.diagnostics import SapphireError
from sapphire.importers import fpuzzles_to_case
from sapphire.importers.sudokupad import unzip
from sapphire.pipeline import solve_case

BOXES = ",".join(f"[[{r},{c}],[{r},{c + 1}],[{r + 1},{c}],[{r + 1},{c + 1}]]"
                 for r in (0, 2) for c in (0, 2))


def scl(short: str) -> str:
    return "scl" + LZString.compressToBase64(short)


def test_short_keys_left_out_objects_and_values() -> None:
    data = unzip(scl("{ce:[[{v:3},,],[,{v:12},]],ca:[{v:'it\\'s',ce:[[0,1]],c:#0,r:t}],"
                     "u:[{ct:[0.5,1.5],c2:#F,c1:FF00aa,th:-1.5e0,r:f}],x:null,y:[true,false]}")[3:])
    assert data["cells"] == [[{"value": 3}, {}, {}], [{}, {"value": 12}, {}]]
    assert data["cages"] == [{"value": "it's", "cells": [[0, 1]], "color": "#000000",
                              "rounded": True}]
    assert data["underlays"] == [{"center": [0.5, 1.5], "backgroundColor": "#FFFFFF",
                                  "borderColor": "#FF00aa", "thickness": -1.5,
                                  "rounded": False}]
    assert data["x"] is None and data["y"] == [True, False]


def test_double_quoted_text_and_escapes() -> None:
    # a payload holding a double quote keeps JSON's own quoting
    data = unzip(scl('{t:"say \\"hi\\"\\n",te:"caf\\u00e9",ce:[]}')[3:])
    assert data == {"title": 'say "hi"\n', "text": "café", "cells": [{}]}


def test_a_link_imports_with_its_givens_regions_and_metadata() -> None:
    short = ("{id:'sxsm_x',ce:[[{v:1},,,],[,,,],[,,,],[,,,{v:4}]],re:[" + BOXES + "],"
             "ca:[{v:'title: Tiny'},{v:'author: Me'},{v:'rules: Normal sudoku.'}]}")
    text = fpuzzles_to_case("https://sudokupad.app/" + scl(short))
    assert text.startswith("---\ntitle: Tiny\nauthor: Me\n")
    assert "notes: Normal sudoku.\n" in text
    assert "givens: |\n  1 . . .\n  . . . .\n  . . . .\n  . . . 4\n" in text
    assert text.endswith("---\nsudoku 4x4\n")


@pytest.mark.parametrize(("short", "says"), [
    ("{ce:[[{v:1},,],}", "at character 16: a value was expected, not '}'"),
    ("{ce:[[{v:1},,],[x]]}", "at character 17: a number, a string, a list or an object was "
                             "expected, not 'x]]}'"),
    ("{ce:[[{v:'1}]]}", "a closing ' was expected"),
    ("{t:'a\\qb'}", "at character 6: an escape such as \\n or \\' was expected"),
    ("{ce:[[{v:1}]]", "at character 14: ',' or '}' was expected, not 'the end'"),
    ("{ce:[[{v:1}]]}x", "the end of the puzzle was expected, not 'x'"),
    ("{'ce':[[{:1}]]}", "a key was expected, not ':1}]]}'"),
    ("[1,2]", "a SudokuPad puzzle is an object in braces"),
])
def test_a_payload_that_does_not_read_is_bad_input(short: str, says: str) -> None:
    with pytest.raises(SapphireError) as exc:
        unzip(scl(short)[3:])
    [d] = exc.value.diagnostics
    assert d.kind == "bad-input" and says in d.message
    assert "sudokupad.app/scl" in (d.hint or "")


def test_a_payload_that_does_not_decompress_is_bad_input() -> None:
    with pytest.raises(SapphireError) as exc:
        fpuzzles_to_case("https://sudokupad.app/scl@@@")
    assert exc.value.diagnostics[0].message == "the SudokuPad payload does not decompress"


def test_a_link_on_the_command_line_is_read_as_it_is(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    short = ("{ce:[[{v:1},,,],[,,{v:3},],[,{v:4},,],[,,,{v:4}]],re:[" + BOXES + "],"
             "ca:[{v:'title: Tiny'}]}")
    link = "https://sudokupad.app/" + scl(short)
    out = tmp_path / "tiny.case"
    assert main(["import", "fpuzzles", link, "-o", str(out)]) == 0
    assert f"source: {link}, imported as fpuzzles\n" in out.read_text(encoding="utf-8")
    res = solve_case(str(out))
    assert res.status == "unique" and res.solutions[0]["digits"][0] == [1, 3, 4, 2]
    # a short name is on SudokuPad's server, which the importer does not ask
    assert main(["import", "fpuzzles", "https://sudokupad.app/abc123"]) == 1
    err = capsys.readouterr().err
    assert "error: the link holds no puzzle" in err and "share it again" in err


@pytest.mark.parametrize("key", ["regions", "cages"])
def test_sudoku_maker_json_whose_lists_are_not_lists_is_bad_input(key: str) -> None:
    data = {"cells": [[{}] * 4] * 4, key: 5}
    with pytest.raises(SapphireError) as exc:
        fpuzzles_to_case(json.dumps(data))
    [d] = exc.value.diagnostics
    assert d.kind == "bad-input" and d.message == f"a SudokuPad puzzle's '{key}' is not a list"
