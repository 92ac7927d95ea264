"""A channel is a declaration: the test library `tests/fixtures/channels` adds three channels
no code names, `marks` (0-2 per cell, written `.`, `o`, `x`), `walls` (edges along the grid's
lines) and `steps` (numbers on the edges between cells), each with its kinds, and they flow
through solve (text and JSON), verify (valid and broken answers, JSON and text), candidates,
why and the pictures as the bundled channels do.

`mark-lines` puts one ring and one cross in every row and column, so a 2×2 board has the two
answers [[1, 2], [2, 1]] and [[2, 1], [1, 2]], and a given ring at r1c1 leaves the first.
`walled` walls the board's outline; on a 1×2 board the wall between the cells is free, and
`wall-count r1c2 count 3` takes it away (r1c2's top, bottom and right are walls already).
`stepped` writes on each edge between two cells the sum of their marks: 3 everywhere on a 2×2
board of one ring and one cross per line.
"""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.library import load_library
from sapphire.meaning import instantiate, load_case

FIXTURE = Path(__file__).parents[1] / "fixtures" / "channels"
NS = "{http://www.w3.org/2000/svg}"


def case(tmp_path: Path, board: str, *lines: str) -> str:
    """A case over the test library alone (`[channels]`: its own prelude, no std kinds)."""
    if not (tmp_path / "channels").exists():
        shutil.copytree(FIXTURE, tmp_path / "channels")
    path = tmp_path / f"{lines[-1].split()[0]}-{len(lines)}.case"
    path.write_text(f"---\nlibrary: [channels]\nboard: {board}\n---\n" + "\n".join(lines)
                    + "\n", encoding="utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def test_the_library_adds_its_channels_to_the_bundled_ones() -> None:
    lib = load_library(str(FIXTURE), FIXTURE)
    names = [c.name for c in lib.channels()]
    assert names[-3:] == ["marks", "walls", "steps"] and "shading" in names


def test_marks_solve_as_text_and_json(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = case(tmp_path, "2x2", "mark-lines", "mark r1c1 sign 1")
    code, out = run(capsys, "solve", path)
    assert code == 0 and out.splitlines()[1:] == ["solution 1:", "  marks:", "  o x", "  x o"]
    code, out = run(capsys, "solve", path, "--format", "json")
    assert json.loads(out)["solutions"] == [{"digits": [[None, None], [None, None]],
                                             "marks": [[1, 2], [2, 1]]}]


def test_marks_verify_from_json_and_text(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = case(tmp_path, "2x2", "mark-lines", "mark r1c1 sign 1")
    answers = {"good.json": json.dumps({"marks": [[1, 2], [2, 1]]}),
               "good.txt": "marks:\no x\nx o\n", "plain.txt": "1 2\n2 1\n",
               "bad.json": json.dumps({"marks": [[1, 2], [1, 2]]}),
               "bad.txt": "marks:\no x\no x\n"}
    for name, text in answers.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    for name in ("good.json", "good.txt", "plain.txt"):
        assert run(capsys, "verify", path, str(tmp_path / name))[0] == 0, name
    for name in ("bad.json", "bad.txt"):
        code, out = run(capsys, "verify", path, str(tmp_path / name), "--format", "json")
        (broken,) = json.loads(out)["broken"]
        assert code == 2 and broken["text"] == "mark-lines"
        assert "r2c2 marks" in broken["breaks"][0]["cells"]
    (tmp_path / "wrong.txt").write_text("marks:\no y\nx o\n", encoding="utf-8")
    code = main(["verify", path, str(tmp_path / "wrong.txt")])
    err = capsys.readouterr().err
    assert code == 1 and "`y` is not a mark" in err and "`o` (or 1)" in err


def test_marks_why_and_candidates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = case(tmp_path, "2x2", "mark-lines")
    code, out = run(capsys, "solve", path, "--why")
    assert code == 0
    assert out.splitlines()[-1] == "why: the first two solutions differ in 4 cells: " \
        "r1c1 r1c2 r2c1 r2c2"
    code, out = run(capsys, "solve", path, "--candidates")
    assert out.splitlines()[1:] == ["marks (0 of 4 decided):", "  ? ?", "  ? ?"]
    code, out = run(capsys, "solve", path, "--candidates", "--format", "json")
    got = json.loads(out)
    assert got["candidates"]["marks"] == [[[1, 2], [1, 2]], [[1, 2], [1, 2]]]
    assert got["decided"] == {"marks": 0}


def test_walls_solve_verify_why_and_candidates(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = case(tmp_path, "1x2", "walled", "wall-count r1c2 count 3")
    walls = {"across": [[1, 1], [1, 1]], "down": [[1, 0, 1]]}
    code, out = run(capsys, "solve", path, "--format", "json")
    assert json.loads(out)["solutions"] == [{"digits": [[None, None]], "walls": walls}]
    code, out = run(capsys, "solve", path)
    assert out.splitlines()[1:] == ["solution 1:", "  walls:", "  +───+───+", "  │       │",
                                    "  +───+───+"]
    (tmp_path / "bad.json").write_text(json.dumps(
        {"walls": {"across": [[1, 1], [1, 1]], "down": [[1, 1, 1]]}}), encoding="utf-8")
    code, out = run(capsys, "verify", path, str(tmp_path / "bad.json"))
    assert code == 2 and out.splitlines()[1:] == ["  line 6: wall-count r1c2 count 3",
                                                  "    walls r1c2 left"]
    free = case(tmp_path, "1x2", "walled")
    code, out = run(capsys, "solve", free, "--why", "--format", "json")
    assert json.loads(out)["why"] == {"differ": [], "points": {"walls": ["r1c2 left"]}}
    code, out = run(capsys, "solve", free, "--candidates")
    assert out.splitlines()[1:] == ["walls (6 of 7 edges decided):", "  +───+───+",
                                    "  │   ?   │", "  +───+───+", "  open: r1c2 left"]
    code, out = run(capsys, "solve", free, "--candidates", "--format", "json")
    assert json.loads(out)["points"]["walls"]["open"] == {"r1c2 left": [0, 1]}


def test_the_new_channels_draw(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "solve", case(tmp_path, "2x2", "mark-lines", "mark r1c1 sign 1"),
                    "--format", "svg")
    marks = [e.text for e in ET.fromstring(out).iter(NS + "text") if e.get("class") == "marks"]
    assert code == 0 and marks == ["o", "x", "x", "o"]
    code, out = run(capsys, "solve", case(tmp_path, "1x2", "walled"), "--format", "svg")
    walls = [e for e in ET.fromstring(out).iter(NS + "line") if e.get("class") == "wall"]
    assert code == 0 and len(walls) == 6 + 7  # the two answers: 6 walls, then all 7
    code, out = run(capsys, "draw", case(tmp_path, "2x2", "mark-lines", "mark r1c2 sign 2"))
    assert code == 0 and ET.fromstring(out) is not None


def test_numbers_on_edges_solve_verify_and_draw(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = case(tmp_path, "2x2", "mark-lines", "mark r1c1 sign 1", "stepped")
    steps = {"across": [[3, 0], [3, 0]], "down": [[3, 3], [0, 0]]}
    code, out = run(capsys, "solve", path, "--format", "json")
    assert json.loads(out)["solutions"][0]["steps"] == steps
    code, out = run(capsys, "solve", path)
    assert out.splitlines()[-3:] == ["  steps:", "  across: r1c1–r1c2=3 r2c1–r2c2=3",
                                     "  down: r1c1–r2c1=3 r1c2–r2c2=3"]
    (tmp_path / "bad.json").write_text(json.dumps({
        "marks": [[1, 2], [2, 1]], "steps": {"across": [[3, 0], [2, 0]], "down": steps["down"]}}),
        encoding="utf-8")
    code, out = run(capsys, "verify", path, str(tmp_path / "bad.json"))
    assert code == 2 and "  line 7: stepped" in out and "steps r2c1–r2c2" in out
    code, out = run(capsys, "solve", path, "--format", "svg")
    at = [(e.get("x"), e.get("y"), e.text) for e in ET.fromstring(out).iter(NS + "text")
          if e.get("class") == "steps"]
    assert sorted(at) == [("20", "40", "3"), ("40", "20", "3"), ("40", "60", "3"),
                          ("60", "40", "3")]  # each on the middle of its edge


def test_a_kind_is_checked_against_the_library_channels(tmp_path: Path) -> None:
    """What a kind says of channels is checked where its library is known: a declaration of
    no channel, with the one meant as a hint, and a parameter named as a channel's map."""
    path = case(tmp_path, "2x2", "mark-lines")
    folder = tmp_path / "channels"
    text = (folder / "mark-lines.md").read_text(encoding="utf-8")
    (folder / "mark-lines.md").write_text(text.replace("declares: [marks]",
                                                       "declares: [mraks]"), encoding="utf-8")
    text = (folder / "mark.md").read_text(encoding="utf-8")
    (folder / "mark.md").write_text(text.replace("sign", "mark"), encoding="utf-8")
    case_, lib = load_case(path)
    problems = lib.check_case(case_)
    assert [(d.kind, d.message, d.hint) for d in problems] == [
        ("bad-field", "'mark-lines' declares 'mraks', which is no channel of the prelude",
         "did you mean 'marks'?"),
        ("no-marks", "'mark-lines' reads the marks, but no rule declares it",
         "if the lines of 'mark-lines' make the marks, add 'declares: [marks]' to the front "
         f"matter of {folder / 'mark-lines.md'}")]
    path = case(tmp_path, "2x2", "mark-lines", "mark r1c1 mark 1")
    case_, lib = load_case(path)
    kinds = [d.kind for d in lib.check_case(case_)]
    assert "reserved-name" in kinds


def test_the_instantiated_case_binds_each_channel_once(tmp_path: Path) -> None:
    case_, lib = load_case(case(tmp_path, "1x2", "walled", "wall-count r1c2 count 3"))
    inst = instantiate(case_, lib)
    assert inst.instance.answer == ("wall_across", "wall_down")
    assert [p.key for p in inst.parts] == ["walls"]
