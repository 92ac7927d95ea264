"""`--why` names cells given in the front matter beside digit givens: a yin-yang's shading
circles and a Slitherlink's clue numbers take part in the conflict and in the fixes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.explain import Given, conflict
from sapphire.meaning import load_case
from sapphire.pipeline import solve_case

# A 4×4 yin-yang given whole (b shaded, w not):
#   b b b b / b w w w / b w b w / b b b w
# with r2c2 flipped to b, which closes the 2×2 block r1c1-r2c2 in one shade: no answer.
YIN_YANG = """---
library: std
board: 4x4
shading: |
  b b b b
  b b w w
  b w b w
  b b b w
---
yin-yang
"""

# the 6×6 Slitherlink of the puzzlekit samples (30_6x6) with r3c4's clue 0 typed as 3
SLITHERLINK = """---
library: std
board: 6x6
clues: |
  . 3 . 3 . .
  . 1 . 2 . .
  . . . 3 . 3
  0 2 . . . 1
  . . 2 1 . 1
  3 . . . 2 .
---
slitherlink
"""


def case_file(tmp_path: Path, text: str, name: str = "c.case") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def blanked(text: str, key: str, given: Given) -> str:
    """The case with one given cell of grid `key` written `.`."""
    lines = text.split("\n")
    n = lines.index(f"{key}: |") + given.row
    cells = lines[n].split()
    cells[given.col - 1] = "."
    lines[n] = "  " + " ".join(cells)
    return "\n".join(lines)


def test_a_flipped_yin_yang_circle_is_named_and_is_the_fix(tmp_path: Path) -> None:
    case, lib = load_case(case_file(tmp_path, YIN_YANG))
    found = conflict(case, lib)
    assert found is not None and found.minimal and found.lines == ()
    flipped = Given("shading", 2, 2, 1)
    assert flipped in found.givens
    assert found.fixes == (flipped,)
    # each member is needed: blanking any one of them (all others kept) gives an answer
    for given in found.givens:
        text = YIN_YANG
        for other in (g for g in case_givens(case) if g not in found.givens):
            text = blanked(text, "shading", other)
        res = solve_case(case_file(tmp_path, blanked(text, "shading", given), "sub.case"))
        assert res.status in ("unique", "multiple"), given
    # and all of them together have none
    text = YIN_YANG
    for other in (g for g in case_givens(case) if g not in found.givens):
        text = blanked(text, "shading", other)
    assert solve_case(case_file(tmp_path, text, "all.case")).status == "none"


def case_givens(case: object) -> list[Given]:
    from sapphire.case.givens import shading_grid

    rows = shading_grid(case) or []  # type: ignore[arg-type]
    return [Given("shading", r, c, v) for r, row in enumerate(rows, 1)
            for c, v in enumerate(row, 1) if v is not None]


def test_why_json_and_text_name_the_shading_circle(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = case_file(tmp_path, YIN_YANG)
    assert main(["solve", path, "--why", "--format", "json"]) == 2
    why = json.loads(capsys.readouterr().out)["why"]
    assert {"cell": "r2c2", "shading": 1} in why["givens"]
    assert why["conflict"] == [] and why["fixes"] == [{"cell": "r2c2", "shading": 1}]
    assert why["frame"] == [{"line": 10, "text": "yin-yang"}]
    assert main(["solve", path, "--why"]) == 2
    text = capsys.readouterr().out.splitlines()
    assert text[1] == "why: these have no solution together, with line 10:"
    assert text[2].startswith("  givens: ") and "r2c2 shaded" in text[2]
    assert text[3] == "  dropping just one of these gives a solution: r2c2 shaded"


def test_a_wrong_slitherlink_clue_is_named(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = case_file(tmp_path, SLITHERLINK)
    assert main(["solve", path, "--why", "--format", "json"]) == 2
    why = json.loads(capsys.readouterr().out)["why"]
    wrong = {"cell": "r3c4", "clue": 3, "grid": "clues"}
    assert wrong in why["givens"] and wrong in why["fixes"]
    assert why["minimal"] and why["conflict"] == []
    # the clue as it was (0) solves, so the fix is real
    fixed = SLITHERLINK.replace(". . . 3 . 3", ". . . 0 . 3")
    assert solve_case(case_file(tmp_path, fixed, "fixed.case")).status == "unique"
    assert main(["solve", path, "--why"]) == 2
    assert "r3c4 clue 3" in capsys.readouterr().out


def test_why_draws_the_clashing_givens_tinted(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    import xml.etree.ElementTree as ET

    from sapphire.render.svg import CELL

    assert main(["solve", case_file(tmp_path, YIN_YANG), "--why", "--format", "svg"]) == 2
    root = ET.fromstring(capsys.readouterr().out)
    tinted = {(round(float(e.get("y")) / CELL) + 1, round(float(e.get("x")) / CELL) + 1)
              for e in root.iter() if e.get("class") == "highlight"}
    assert tinted == {(1, 2), (2, 1), (2, 2)}  # the clashing circles --why names
