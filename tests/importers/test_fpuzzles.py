"""The f-puzzles importer: exact case text, what each key becomes, the refusals (SudokuPad's
formats, drawings whose meaning is only in the rules text, unknown keys, bad input), the
command, and the MIT-licensed corpus fixtures solved to their known answers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from lzstring import LZString  # type: ignore[import-untyped]

from sapphire.cli import main
from sapphire.diagnostics import SapphireError
from sapphire.importers import fpuzzles_to_case, import_puzzle, read_input
from sapphire.importers.fpuzzles import decode_fpuzzles, default_box
from sapphire.importers.iss import read_solution
from sapphire.pipeline import solve_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
MIT = json.loads((FIXTURES / "fpuzzles_mit.json").read_text(encoding="utf-8"))
FPUZZLES = [e for e in MIT if not e["raw"].startswith("scl")]
"""The fixtures that import: f-puzzles JSON, and one SudokuPad (Sudoku Maker) JSON."""


def puzzle(size: int = 4, givens: dict[tuple[int, int], int] | None = None,
           **keys: Any) -> dict[str, Any]:
    grid: list[list[dict[str, Any]]] = [[{} for _ in range(size)] for _ in range(size)]
    for (r, c), v in (givens or {}).items():
        grid[r - 1][c - 1] = {"value": v, "given": True}
    return {"size": size, "grid": grid, **keys}


def rules_of(data: dict[str, Any], **kw: Any) -> list[str]:
    """The rule lines of the imported case."""
    text = fpuzzles_to_case(json.dumps(data), **kw)
    return text.split("---\n", 2)[2].splitlines()


def refusal(data: dict[str, Any] | str, **kw: Any) -> SapphireError:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(SapphireError) as exc:
        fpuzzles_to_case(text, **kw)
    return exc.value


# -- exact text -------------------------------------------------------------------------------

SMALL = puzzle(
    4, {(1, 1): 1, (2, 3): 4}, title="small", author="a setter",
    ruleset="Normal sudoku rules.\n\nArrows sum.", antiknight=True, **{"diagonal-": True},
    killercage=[{"cells": ["R1C2", "R1C3"], "value": "5"}, {"cells": ["R3C3", "R3C4"]}],
    arrow=[{"lines": [["R2C1", "R3C1", "R4C1"], ["R2C1", "R2C2"]], "cells": ["R2C1"]}],
    thermometer=[{"lines": [["R4C1", "R4C2", "R4C3"]]}],
    xv=[{"cells": ["R3C1", "R3C2"], "value": "X"}],
    difference=[{"cells": ["R2C1", "R2C2"]}],
    littlekillersum=[{"cell": "R0C3", "cells": ["R1C2", "R2C1"], "direction": "DL",
                      "value": "7"}],
    skyscraper=[{"cell": "R5C2", "value": "2"}],
    even=[{"cell": "R4C4"}, {"cell": "R1C4"}],
    line=[{"lines": [["R4C1", "R4C2", "R4C3"]], "outlineC": "#000000"}],
)
SMALL["grid"][3][3] = {"givenPencilMarks": [2, 3]}

SMALL_CASE = """\
---
title: small
author: a setter
source: a test
notes: |-
  Normal sudoku rules.

  Arrows sum.
library: std
givens: |
  1 . . .
  . . 4 .
  . . . .
  . . . .
---
sudoku 4x4
anti-knight
main-diagonal
candidates-1: absent-digits r4c4 digits [1,4]
cage r1c2-r1c3 total 5
all-different r3c3-r3c4
arrow-1: arrow r2c1-r3c1-r4c1
arrow-2: arrow r2c1-r2c2
thermo r4c1-r4c2-r4c3
xv r3c1-r3c2 total 10
white-dot r2c1-r2c2
little-killer r1c2-r2c1 total 7
skyscraper r4c2-r3c2-r2c2-r1c2 visible 2
even r4c4-r1c4
"""


def test_small_puzzle_exact_text() -> None:
    """Every line as written; the drawn line repeats the thermometer and is not read again."""
    assert fpuzzles_to_case(json.dumps(SMALL), source="a test") == SMALL_CASE


def test_payload_link_and_json_read_alike() -> None:
    text = json.dumps(SMALL)
    payload = LZString.compressToBase64(text)
    link = "https://www.f-puzzles.com/?load=" + payload
    assert decode_fpuzzles(text) == decode_fpuzzles(payload) == decode_fpuzzles(link) == SMALL
    # a '+' of the payload that a query string turned into a space still reads
    spaced = link.replace("+", " ")
    assert decode_fpuzzles(spaced) == SMALL
    # SudokuPad opening the same f-puzzles puzzle
    assert decode_fpuzzles("https://sudokupad.app/fpuzzles" + payload) == SMALL
    assert decode_fpuzzles("https://sudokupad.app/?puzzleid=fpuzzles" + payload) == SMALL


# -- what each key becomes --------------------------------------------------------------------


def test_each_line_of_an_arrow_is_its_own_arrow_and_pills_read_in_order() -> None:
    lines = rules_of(puzzle(6, arrow=[
        {"cells": ["R1C2", "R1C1"], "lines": [["R1C1", "R2C1", "R3C1"]]},
        {"cells": ["R4C4"], "lines": [["R4C4", "R5C4"], ["R4C4", "R4C5", "R4C6"]]}]))
    assert lines[1:] == ["pill-arrow r1c1-r1c2-r2c1-r3c1", "arrow-1: arrow r4c4-r5c4",
                         "arrow-2: arrow r4c4-r4c5-r4c6"]


def test_default_regions_follow_f_puzzles() -> None:
    assert [default_box(n) for n in (4, 5, 6, 7, 8, 9, 10, 12, 16)] == [
        (2, 2), (1, 5), (2, 3), (1, 7), (2, 4), (3, 3), (2, 5), (3, 4), (4, 4)]
    # a 7x7 grid without regions has its rows as regions: a latin square, one line per row
    lines = rules_of(puzzle(7))
    assert lines[0] == "latin-square"
    assert lines[1] == "region-1: all-different r1c1-r1c2-r1c3-r1c4-r1c5-r1c6-r1c7"
    assert len(lines) == 8


def test_irregular_regions_mix_given_and_default_regions() -> None:
    data = puzzle(4)
    # swap r1c2 (box 0) and r2c3 (box 1); the other cells keep their default boxes
    data["grid"][0][1]["region"] = 1
    data["grid"][1][2]["region"] = 0
    lines = rules_of(data)
    assert lines[:3] == ["latin-square", "region-1: all-different r1c1-r2c1-r2c2-r2c3",
                         "region-2: all-different r1c2-r1c3-r1c4-r2c4"]


def test_standard_boxes_without_a_sudoku_size_are_boxes() -> None:
    lines = rules_of(puzzle(12))
    assert lines[:2] == ["latin-square", "boxes 3x4"]


def test_nonconsecutive_spares_the_dotted_pairs() -> None:
    dots = {"difference": [{"cells": ["R1C1", "R1C2"]}], "ratio": [{"cells": ["R2C1", "R3C1"]}]}
    lines = rules_of(puzzle(4, nonconsecutive=True, **dots))
    assert "strict-white-dot r1c1-r1c2-r2c1-r3c1" in lines
    assert "anti-consecutive" in rules_of(puzzle(4, nonconsecutive=True))


def test_negative_constraints() -> None:
    lines = rules_of(puzzle(4, negative=["ratio", "xv"],
                            ratio=[{"cells": ["R1C1", "R1C2"]}],
                            xv=[{"cells": ["R2C1", "R2C2"], "value": "V"}]))
    assert "strict-black-dot r1c1-r1c2" in lines
    assert "strict-xv r2c1-r2c2" in lines
    # with no dots or marks at all, no pair may have the relation
    assert rules_of(puzzle(4, negative=["ratio", "xv"]))[1:] == ["anti-black-dot", "anti-xv"]


def test_clone_and_outside_clues() -> None:
    lines = rules_of(puzzle(4, clone=[{"cells": ["R1C1", "R1C2"],
                                       "cloneCells": ["R3C3", "R3C4"]}],
                            sandwichsum=[{"cell": "R2C5", "value": "3"}],
                            xsum=[{"cell": "R0C1", "value": "4"}]))
    assert lines[1:] == ["clone-1: same-values r1c1-r3c3", "clone-2: same-values r1c2-r3c4",
                         "lunchbox r2c4-r2c3-r2c2-r2c1 total 3",
                         "x-sum r1c1-r2c1-r3c1-r4c1 total 4"]


def test_minimum_maximum_and_whispers_value() -> None:
    lines = rules_of(puzzle(6, minimum=[{"cell": "R1C1"}], maximum=[{"cell": "R2C2"}],
                            whispers=[{"lines": [["R1C1", "R1C2"]], "value": "3"},
                                      {"lines": [["R5C1", "R5C2"]]}]))
    assert lines[1:] == ["minimum r1c1", "maximum r2c2",
                         "whisper-1: whisper r1c1-r1c2 difference 3",
                         "whisper-2: whisper r5c1-r5c2"]


# -- refusals ---------------------------------------------------------------------------------


def test_drawings_with_meaning_only_in_the_rules_are_named() -> None:
    data = puzzle(4, line=[{"lines": [["R1C1", "R2C2", "R3C3"]]}],
                  cage=[{"cells": ["R1C1", "R1C2"], "value": "A"}],
                  text=[{"cells": ["R0C1"], "value": "3", "fromConstraint": "Skyscraper"}])
    e = refusal(data)
    assert [d.kind for d in e.diagnostics] == ["cosmetic-shape", "cosmetic-shape"]
    assert "line on r1c1-r2c2-r3c3" in e.diagnostics[0].message
    assert "cage 'A' on r1c1-r1c2" in e.diagnostics[1].message
    assert "--ignore-cosmetic" in (e.diagnostics[0].hint or "")


def test_ignore_cosmetic_lists_what_was_left_out() -> None:
    data = puzzle(4, ruleset="Entropic lines.", line=[{"lines": [["R1C1", "R2C2", "R3C3"]]}])
    text = fpuzzles_to_case(json.dumps(data), ignore_cosmetic=True)
    assert ("notes: |-\n  Entropic lines.\n\n  Left out on import (drawings whose meaning is "
            "in the rules text):\n  - line on r1c1-r2c2-r3c3\n") in text


def test_unknown_keys_and_clues_the_library_lacks_are_named() -> None:
    e = refusal(puzzle(4, entropicline=[{"lines": [["R1C1", "R1C2"]]}]))
    assert [d.kind for d in e.diagnostics] == ["unsupported-import"]
    assert "f-puzzles constraint 'entropicline': no rule kind for it" in e.diagnostics[0].message


def test_dots_with_their_own_number() -> None:
    lines = rules_of(puzzle(4, difference=[{"cells": ["R1C1", "R1C2"], "value": "2"},
                                           {"cells": ["R2C1", "R2C2"], "value": "1"}],
                            ratio=[{"cells": ["R3C1", "R3C2"], "value": "3"}]))
    assert lines[1:] == ["white-dot-1: white-dot r1c1-r1c2 difference 2",
                         "white-dot-2: white-dot r2c1-r2c2", "black-dot r3c1-r3c2 ratio 3"]


def test_a_little_killer_without_its_cells_walks_from_the_clue() -> None:
    lines = rules_of(puzzle(4, littlekillersum=[
        {"cell": "R0C1", "direction": "DR", "value": "10"},
        {"cell": "R3C5", "direction": "UL", "value": "5"}]))
    assert lines[1:] == ["little-killer-1: little-killer r1c2-r2c3-r3c4 total 10",
                         "little-killer-2: little-killer r2c4-r1c3 total 5"]
    e = refusal(puzzle(4, littlekillersum=[{"cell": "R0C1", "direction": "XX", "value": "5"}]))
    assert "the direction 'XX' is not DR, DL, UR or UL" in e.diagnostics[0].message


@pytest.mark.parametrize(("text", "says"), [
    ("not a puzzle", "neither JSON nor an f-puzzles payload"),
    ("{\"size\": 4,", "does not read"),
    ("[1, 2]", "is a JSON object"),
    ("https://www.f-puzzles.com/?id=abc", "the link holds no puzzle"),
    (json.dumps({"size": 3, "grid": []}), "is not 4 to 16"),
    (json.dumps({"size": 4, "grid": [[{}] * 4] * 3}), "not 4 rows of 4 cells"),
])
def test_bad_input(text: str, says: str) -> None:
    e = refusal(text)
    assert e.diagnostics[0].kind == "bad-input"
    assert says in e.diagnostics[0].message
    assert e.diagnostics[0].hint


def test_sudokupad_cells_that_are_no_rows() -> None:
    e = refusal(json.dumps({"cells": "none"}))
    assert e.diagnostics[0].kind == "bad-input"
    assert e.diagnostics[0].message == "a SudokuPad puzzle's 'cells' is not a list of rows"
    assert e.diagnostics[0].hint


@pytest.mark.parametrize(("data", "kind", "says"), [
    (puzzle(4, disjointgroups=True), "unsupported-import",
     "'disjointgroups': the library's 'disjoint-sets' is written for a 9×9 board, and this "
     "one is 4×4"),
    (puzzle(4, arrow=[{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"],
                       "lines": [["R1C1", "R1C3"]]}]),
     "unsupported-import", "'arrow': an arrow with a circle of 4 cells"),
    (puzzle(4, negative=["difference"]), "unsupported-import",
     "'negative': the negative constraint 'difference'"),
    (puzzle(4, thermometer={"lines": []}), "bad-input",
     "'thermometer': a list of objects was expected"),
    (puzzle(4, sandwichsum=[{"cell": "R2C2", "value": "3"}]), "bad-input",
     "'sandwichsum': R2C2 is not just outside the grid"),
    (puzzle(4, littlekillersum=[{"cell": "R0C4", "direction": "UR", "value": "5"}]),
     "bad-input", "'littlekillersum': no diagonal runs UR from R0C4"),
    ({"size": 4, "grid": [["x"] * 4] * 4}, "bad-input", "'grid': cell R1C1 is not an object"),
    ({"size": 4, "grid": [[{"region": "a"}, {}, {}, {}]] + [[{}] * 4] * 3}, "bad-input",
     "'grid': 'a' is not a number"),
    (puzzle(4, {(1, 1): 9}), "bad-input", "'grid': a given digit is outside 1-4"),
])
def test_clues_refused_by_key(data: dict[str, Any], kind: str, says: str) -> None:
    e = refusal(data)
    assert [d.kind for d in e.diagnostics] == [kind]
    assert says in e.diagnostics[0].message
    assert e.diagnostics[0].hint

def test_off_grid_cells_are_named() -> None:
    e = refusal(puzzle(4, thermometer=[{"lines": [["R1C1", "R5C1"]]}]))
    assert "'thermometer': R5C1 is off the 4×4 grid" in e.diagnostics[0].message


@pytest.mark.parametrize(("keys", "says"), [
    ({"littlekillersum": [{"cell": "R0C1", "value": "5"}]},
     "'littlekillersum': the direction None is not DR, DL, UR or UL"),
    ({"littlekillersum": [{"cells": "R1C1", "value": "5"}]},
     "'littlekillersum': 'R1C1' is not a list of cells"),
    ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "x"}]},
     "'killercage': 'x' is not a number"),
    ({"thermometer": [{"lines": "R1C1"}]}, "'thermometer': 'R1C1' is not a list of lines"),
    ({"renban": [{"lines": [5]}]}, "'renban': 5 is not a list of cells"),
    ({"even": [{"cell": "A1"}]}, "'even': 'A1' is not a cell like R1C1"),
    ({"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"]}]},
     "'quadruple': a quadruple without digits"),
    ({"xv": [{"cells": ["R1C1", "R1C2"], "value": "Q"}]}, "'xv': the mark 'Q' is neither"),
    ({"line": [{"lines": [["Q"]]}]}, "'drawing': 'Q' is not a cell like R1C1"),
    ({"negative": "ratio"}, "'negative': a list was expected"),
    ({"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": 3}]},
     "'quadruple': '3' is not a list"),
    ({"grid": [[{"givenPencilMarks": 2}, {}, {}, {}]] + [[{}] * 4] * 3},
     "'grid': '2' is not a list"),
])
def test_malformed_clues_are_bad_input_not_missing_kinds(keys: dict[str, Any], says: str
                                                         ) -> None:
    e = refusal(puzzle(4, **keys))
    assert [d.kind for d in e.diagnostics] == ["bad-input"]
    assert says in e.diagnostics[0].message
    assert "export the puzzle again" in (e.diagnostics[0].hint or "")


def test_malformed_and_missing_are_named_together() -> None:
    e = refusal(puzzle(4, entropicline=[], even=[{"cell": "A1"}]))
    assert [d.kind for d in e.diagnostics] == ["bad-input", "unsupported-import"]


def test_sudokupad_links_read_and_ctc_links_are_refused_with_the_reason() -> None:
    # the fixture's SudokuPad link: a 4×4 whose counting circles are drawn only
    scl = next(entry["raw"] for entry in MIT if entry["raw"].startswith("scl"))
    e = refusal("https://sudokupad.app/" + scl)
    assert {d.kind for d in e.diagnostics} == {"cosmetic-shape"} and len(e.diagnostics) == 9
    assert e.diagnostics[0].message == "the circle on r4c1 has a meaning only the rules text gives"
    text = fpuzzles_to_case(scl, ignore_cosmetic=True)
    assert text.startswith("---\ntitle: Introduction to Counting Circles\n"
                           "author: Michael Lefkowitz\n")
    assert text.endswith("---\nsudoku 4x4\n")
    e = refusal("https://sudokupad.app/ctcN4IgzglgXgpiBcA")
    assert "SudokuPad's ctc… format is not read" in e.diagnostics[0].message


def sudokupad(**keys: Any) -> dict[str, Any]:
    cells: list[list[dict[str, Any]]] = [[{} for _ in range(4)] for _ in range(4)]
    cells[0][0] = {"value": 1}
    regions = [[[r, c] for r in (br, br + 1) for c in (bc, bc + 1)]
               for br in (0, 2) for bc in (0, 2)]
    return {"id": "sxsm_test", "cells": cells, "regions": regions, **keys}


def test_sudokupad_json_reads_givens_regions_and_flags() -> None:
    data = sudokupad(metadata={"title": "Pad", "rules": "Anti-king.", "solution": "1234",
                               "antiking": True})
    text = fpuzzles_to_case(json.dumps(data))
    assert text.startswith("---\ntitle: Pad\n")
    assert "notes: Anti-king.\n" in text
    assert text.split("---\n", 2)[2] == "sudoku 4x4\nanti-king\n"
    assert "givens: |\n  1 . . .\n" in text
    # regions other than the boxes: one all-different line per region
    data["regions"] = [[[0, c] for c in range(4)], [[1, c] for c in range(4)],
                       [[2, c] for c in range(4)], [[3, c] for c in range(4)]]
    assert rules_of(data)[:2] == ["latin-square",
                                  "region-1: all-different r1c1-r1c2-r1c3-r1c4"]


def test_sudokupad_drawings_and_unknown_flags_are_named() -> None:
    e = refusal(sudokupad(cages=[{"cells": [[0, 0], [0, 1]], "value": "5"}],
                          lines=[{"wayPoints": [[1, 1], [2, 2]]}]))
    assert [d.kind for d in e.diagnostics] == ["cosmetic-shape", "cosmetic-shape"]
    assert "line on r2c2-r3c3" in e.diagnostics[0].message
    assert "cage '5' on r1c1-r1c2" in e.diagnostics[1].message
    e = refusal(sudokupad(metadata={"fogginess": True}))
    assert "f-puzzles constraint 'fogginess'" in e.diagnostics[0].message
    # an underlay is placed at its centre; a shape that cannot be placed still counts
    e = refusal(sudokupad(underlays=[{"center": [3.5, 0.5], "width": 0.8, "rounded": True}],
                          overlays=[{"backgroundColor": "#FFFFFF"}]))
    assert [d.message for d in e.diagnostics] == [
        "the circle on r4c1 has a meaning only the rules text gives",
        "the circle on no cells has a meaning only the rules text gives"]


def test_sudokupad_metadata_kept_in_cells_less_cages() -> None:
    data = sudokupad(cages=[{"value": "title: Old style"}, {"value": "author: A. Setter"},
                            {"value": "rules: Normal sudoku rules."},
                            {"value": "solution: 1234"}])
    text = fpuzzles_to_case(json.dumps(data))
    assert text.startswith("---\ntitle: Old style\nauthor: A. Setter\n")
    assert "notes: Normal sudoku rules.\n" in text


# -- the command and the fixtures -------------------------------------------------------------


def test_import_command_reads_a_corpus_entry_and_a_puzzle_file(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture
                                                              [str]) -> None:
    out = tmp_path / "frost.case"
    assert main(["import", "fpuzzles", f"{FIXTURES / 'fpuzzles_mit.json'}#Frost",
                 "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("---\ntitle: Frost\n")
    assert "source: f-puzzles 'Frost' (kinnison/kaji, sample-puzzles/frost.json" in text
    puzzle_file = tmp_path / "small.json"
    puzzle_file.write_text(json.dumps(SMALL), encoding="utf-8")
    assert main(["import", "fpuzzles", str(puzzle_file)]) == 0
    assert "cage r1c2-r1c3 total 5" in capsys.readouterr().out
    drawn = tmp_path / "drawn.json"
    drawn.write_text(json.dumps(puzzle(4, line=[{"lines": [["R1C1", "R2C2"]]}])),
                     encoding="utf-8")
    assert main(["import", "fpuzzles", str(drawn)]) == 1
    assert "the line on r1c1-r2c2 has a meaning only the rules text gives" in (
        capsys.readouterr().err)
    assert main(["import", "fpuzzles", str(drawn), "--ignore-cosmetic"]) == 0


@pytest.mark.parametrize("entry", FPUZZLES, ids=[e["name"] for e in FPUZZLES])
def test_fixture_solves_to_its_known_answer(tmp_path: Path, entry: dict[str, Any]) -> None:
    puzzle_in = read_input("fpuzzles", f"{FIXTURES / 'fpuzzles_mit.json'}#{entry['name']}")
    text = import_puzzle("fpuzzles", puzzle_in.text, source=puzzle_in.source,
                         title=puzzle_in.title)
    path = tmp_path / "imported.case"
    path.write_text(text, encoding="utf-8")
    res = solve_case(str(path), max_solutions=2, time_limit=60)
    assert res.status == "unique"
    n = round(len(entry["solution"]) ** 0.5)
    assert res.solutions[0]["digits"] == read_solution(entry["solution"], n)
