"""`export fpuzzles`: exact JSON for a small case, the links decode back to it, what f-puzzles
cannot show is named, and importing the export gives back a case with the same answers (over
the MIT f-puzzles fixtures and the ISS samples whose kinds both sides have)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from lzstring import LZString  # type: ignore[import-untyped]

from sapphire.cli import main
from sapphire.diagnostics import SapphireError
from sapphire.importers import fpuzzles_to_case, import_puzzle
from sapphire.importers.fpuzzles.export import (
    FPUZZLES_LINK,
    SUDOKUPAD_LINK,
    Export,
    case_to_fpuzzles,
)
from sapphire.meaning import load_case
from sapphire.pipeline import solve_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
MIT = json.loads((FIXTURES / "fpuzzles_mit.json").read_text(encoding="utf-8"))
ISS = json.loads((FIXTURES / "iss_samples.json").read_text(encoding="utf-8"))["puzzles"]

SMALL = """---
title: Small
author: Setter
library: std
givens: |
  1 . . .
  . . . .
  . . . .
  . . . 1
---
sudoku 4x4
cage-1: cage r1c2-r1c3 total 5
thermo r3c2-r3c1-r2c1
white-dot r2c3-r2c4
xv r2c1-r3c1 total 5
little-killer r2c1-r3c2-r4c3 total 6
arrow r2c2-r3c3
lunchbox r1c4-r2c4-r3c4-r4c4 total 5
absent-digits r2c2 digits [1, 2]
cage-2: not cage r3c2-r4c2 total 3
"""
"""A 4×4 with one clue of each shape f-puzzles writes differently, and one (a negated cage)
that it cannot show."""

LEFT_OUT = ("line 20: cage-2: not cage r3c2-r4c2 total 3 (f-puzzles has no negated or "
            "conditional clues)")

SMALL_JSON = {
    "size": 4,
    "grid": [[{"value": 1, "given": True}, {}, {}, {}],
             [{}, {"givenPencilMarks": [3, 4]}, {}, {}],
             [{}, {}, {}, {}],
             [{}, {}, {}, {"value": 1, "given": True}]],
    "title": "Small", "author": "Setter",
    "ruleset": "Not shown here (f-puzzles has no place for them):\n- " + LEFT_OUT,
    "killercage": [{"cells": ["R1C2", "R1C3"], "value": "5"}],
    "thermometer": [{"lines": [["R3C2", "R3C1", "R2C1"]]}],
    "difference": [{"cells": ["R2C3", "R2C4"]}],
    "xv": [{"cells": ["R2C1", "R3C1"], "value": "V"}],
    "littlekillersum": [{"cell": "R1C0", "cells": ["R2C1", "R3C2", "R4C3"],
                         "direction": "DR", "value": "6"}],
    "arrow": [{"cells": ["R2C2"], "lines": [["R2C2", "R3C3"]]}],
    "sandwichsum": [{"cell": "R0C4", "value": "5"}],
}


def write(tmp_path: Path, text: str, name: str = "c.case") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def export(path: Path) -> Export:
    case, lib = load_case(str(path))
    return case_to_fpuzzles(case, lib)


def answers(path: Path) -> tuple[str, list[Any]]:
    res = solve_case(str(path), max_solutions=2, time_limit=60)
    return res.status, sorted(json.dumps(s["digits"]) for s in res.solutions)


def same_answers_after_round_trip(tmp_path: Path, case_text: str) -> None:
    """Export the case, import the export, and solve both: the same status and answers."""
    original = write(tmp_path, case_text, "original.case")
    found = export(original)
    assert found.left_out == []
    back = write(tmp_path, fpuzzles_to_case(found.json()), "back.case")
    first = answers(original)
    assert first[0] in ("unique", "multiple", "none")
    assert answers(back) == first


def test_the_small_case_is_written_exactly(tmp_path: Path) -> None:
    found = export(write(tmp_path, SMALL))
    assert found.puzzle == SMALL_JSON
    assert json.loads(found.json()) == SMALL_JSON
    assert found.left_out == [LEFT_OUT]


def test_both_links_carry_the_json_compressed(tmp_path: Path) -> None:
    found = export(write(tmp_path, SMALL))
    fpuzzles, sudokupad = found.links()
    assert fpuzzles.startswith(FPUZZLES_LINK) and sudokupad.startswith(SUDOKUPAD_LINK)
    payload = fpuzzles[len(FPUZZLES_LINK):]
    assert sudokupad[len(SUDOKUPAD_LINK):] == payload
    assert LZString.decompressFromBase64(payload) == found.json()
    # and the importer reads either link as the same puzzle
    assert fpuzzles_to_case(fpuzzles) == fpuzzles_to_case(sudokupad) == \
        fpuzzles_to_case(found.json())


def test_the_small_case_without_what_f_puzzles_lacks_comes_back_with_its_answer(
        tmp_path: Path) -> None:
    same_answers_after_round_trip(tmp_path, SMALL.replace(
        "cage-2: not cage r3c2-r4c2 total 3\n", ""))


@pytest.mark.parametrize("entry", [e for e in MIT if e["name"] != "Introduction to Counting "
                                   "Circles"], ids=lambda e: e["name"])
def test_mit_fixtures_come_back_with_the_same_answers(tmp_path: Path,
                                                      entry: dict[str, Any]) -> None:
    same_answers_after_round_trip(tmp_path, import_puzzle("fpuzzles", entry["raw"]))


LACKING = {"Windoku": "windoku", "Zipper lines - easy": "zipper",
           "4x4: Counting circles": "counting-circles",
           "Killer lunchboxes [resolved]": "lunchbox"}
"""ISS samples with clues f-puzzles cannot show, and the kind of the first such line."""


@pytest.mark.parametrize("entry", ISS, ids=lambda e: e["name"])
def test_iss_samples_come_back_with_the_same_answers(tmp_path: Path,
                                                     entry: dict[str, Any]) -> None:
    text = import_puzzle("iss", entry["canonical_input"])
    if entry["name"] in LACKING:
        found = export(write(tmp_path, text))
        assert found.left_out and LACKING[entry["name"]] in found.left_out[0]
        assert "Not shown here" in found.puzzle["ruleset"]
        return
    same_answers_after_round_trip(tmp_path, text)


def test_a_jigsaw_writes_its_regions(tmp_path: Path) -> None:
    entry = next(e for e in ISS if e["name"] == "Jigsaw")
    found = export(write(tmp_path, import_puzzle("iss", entry["canonical_input"])))
    regions = [[c.get("region") for c in row] for row in found.puzzle["grid"]]
    assert any(r is not None for row in regions for r in row)
    assert found.left_out == []


def test_a_case_that_is_no_sudoku_is_refused(tmp_path: Path) -> None:
    slither = Path(__file__).resolve().parents[2] / "examples" / "cases" / "slitherlink-4x4.case"
    with pytest.raises(SapphireError, match="f-puzzles shows sudokus only"):
        export(slither)


def test_the_command_writes_json_links_and_names_what_is_left_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, SMALL)
    assert main(["export", "fpuzzles", str(path)]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == SMALL_JSON
    assert err == f"{path}: not shown in f-puzzles: {LEFT_OUT}\n"
    assert main(["export", "fpuzzles", str(path), "--link"]) == 0
    links = capsys.readouterr().out.splitlines()
    assert [x.split("?")[0] for x in links] == ["https://www.f-puzzles.com/",
                                               links[1]] and links[1].startswith(SUDOKUPAD_LINK)
    target = tmp_path / "out.json"
    assert main(["export", "fpuzzles", str(path), "-o", str(target)]) == 0
    assert json.loads(target.read_text(encoding="utf-8")) == SMALL_JSON
    assert capsys.readouterr().out == ""
    assert main(["export", "puzzle-link", str(path)]) == 1
    assert "unknown export format 'puzzle-link'" in capsys.readouterr().err
    slither = Path(__file__).resolve().parents[2] / "examples" / "cases" / "slitherlink-4x4.case"
    assert main(["export", "fpuzzles", str(slither)]) == 1
    assert "f-puzzles shows sudokus only" in capsys.readouterr().err


def test_a_strict_dot_line_is_shown_only_when_it_frees_the_drawn_dots(tmp_path: Path) -> None:
    front = "---\nlibrary: std\n---\nsudoku 4x4\nwhite-dot r1c1-r1c2\n"
    found = export(write(tmp_path, front + "strict-white-dot r1c1-r1c2\n"))
    assert found.puzzle["nonconsecutive"] is True and found.left_out == []
    found = export(write(tmp_path, front + "strict-white-dot r2c1-r2c2\n"))
    assert "nonconsecutive" not in found.puzzle
    assert found.left_out == ["line 6: strict-white-dot r2c1-r2c2 (f-puzzles frees every dotted "
                              "pair of it, and this line lists other pairs)"]


EVERY_KEY = {
    "size": 9, "title": "Every key", "author": "Setter", "ruleset": "Normal sudoku rules.",
    "grid": [[({"value": 5, "given": True} if (r, c) == (0, 0) else
               {"givenPencilMarks": [1, 2]} if (r, c) == (8, 8) else {})
              for c in range(9)] for r in range(9)],
    "antiknight": True, "antiking": True, "diagonal+": True, "diagonal-": True,
    "disjointgroups": True,
    "killercage": [{"cells": ["R1C2", "R1C3"], "value": "10"}, {"cells": ["R2C2", "R2C3"]}],
    "littlekillersum": [{"cell": "R0C1", "cells": ["R1C2", "R2C3", "R3C4", "R4C5", "R5C6",
                                                   "R6C7", "R7C8", "R8C9"],
                         "direction": "DR", "value": "40"}],
    "arrow": [{"cells": ["R3C1"], "lines": [["R3C1", "R4C1", "R5C1"]]},
              {"cells": ["R3C2", "R3C3"], "lines": [["R3C3", "R4C3", "R5C3"]]}],
    "thermometer": [{"lines": [["R6C1", "R7C1", "R8C1"]]}],
    "palindrome": [{"lines": [["R6C2", "R7C2", "R8C2"]]}],
    "renban": [{"lines": [["R6C3", "R7C3"]]}],
    "whispers": [{"lines": [["R6C4", "R7C4"]], "value": 4}],
    "betweenline": [{"lines": [["R6C5", "R7C5", "R8C5"]]}],
    "difference": [{"cells": ["R9C1", "R9C2"]}, {"cells": ["R9C3", "R9C4"], "value": "3"}],
    "ratio": [{"cells": ["R9C5", "R9C6"]}],
    "xv": [{"cells": ["R9C7", "R9C8"], "value": "X"}],
    "quadruple": [{"cells": ["R4C6", "R4C7", "R5C6", "R5C7"], "values": [1, 2]}],
    "clone": [{"cells": ["R1C9"], "cloneCells": ["R2C8"]}],
    "even": [{"cell": "R5C9"}], "odd": [{"cell": "R6C9"}],
    "minimum": [{"cell": "R7C9"}], "maximum": [{"cell": "R8C8"}],
    "extraregion": [{"cells": ["R2C5", "R2C6", "R2C7"]}],
    "rowindexer": [{"cells": ["R4C8"]}], "columnindexer": [{"cells": ["R4C9"]}],
    "sandwichsum": [{"cell": "R0C5", "value": "12"}],
    "xsum": [{"cell": "R3C10", "value": "20"}],
    "skyscraper": [{"cell": "R10C6", "value": "3"}],
    "negative": ["xv"],
}
"""An f-puzzles puzzle with every key the importer reads (no answer needed)."""


def test_every_key_the_importer_reads_is_written_back(tmp_path: Path) -> None:
    """import(export(case)) is the case, for a case imported with every f-puzzles key: the same
    front matter and the same rule lines (the export groups the lines by f-puzzles key, so the
    extra region f-puzzles writes after the cage without a total comes back beside it)."""
    case_text = fpuzzles_to_case(json.dumps(EVERY_KEY))
    found = export(write(tmp_path, case_text))
    assert found.left_out == []
    back = fpuzzles_to_case(found.json())
    front, body = case_text.split("\n---\n", 1)
    assert back.startswith(front + "\n---\n")
    assert sorted(back.split("\n---\n", 1)[1].splitlines()) == sorted(body.splitlines())
    assert back.count(": all-different ") == case_text.count(": all-different ") == 2
    assert {k for k in found.puzzle} == set(EVERY_KEY)


def test_export_refuses_to_overwrite_a_file_without_force(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, SMALL)
    target = tmp_path / "out.json"
    target.write_text("hand-written\n", encoding="utf-8")
    assert main(["export", "fpuzzles", str(path), "-o", str(target)]) == 1
    assert "exists, and export does not overwrite it" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == "hand-written\n"
    assert main(["export", "fpuzzles", str(path), "-o", str(target), "--force"]) == 0
    assert json.loads(target.read_text(encoding="utf-8")) == SMALL_JSON
