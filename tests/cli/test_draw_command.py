"""`sapphire draw` and `solve --format svg` over a case: every example and a puzzle of every
imported genre draws, PNG output is a PNG of the picture's size, a bad `draw` declaration is an
error at its place, and answers are drawn over the puzzle."""

from __future__ import annotations

import json
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.importers import puzzlekit_to_case

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").rglob("*.case"))
FIXTURES = ROOT / "tests" / "fixtures" / "importers"
GENRES = [(g, entries[0]) for g, entries in json.loads(
    (FIXTURES / "puzzlekit_samples.json").read_text(encoding="utf-8"))["genres"].items()]
for path in sorted((FIXTURES.parent / "genres").glob("*.json")):  # the genre modules' own
    part = json.loads(path.read_text(encoding="utf-8")).get("puzzlekit", {})
    GENRES += [(g, entries[0]) for g, entries in
               (part.get("genres") or ({part["genre"]: part["puzzles"]} if part else {})).items()]


def of_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(NS + tag) if e.get("class") == cls]


@pytest.mark.parametrize("case", EXAMPLES, ids=lambda p: p.name)
def test_every_example_case_draws(case: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["draw", str(case)]) == 0
    root = ET.fromstring(capsys.readouterr().out)
    assert root.tag == NS + "svg"
    assert not of_class(root, "text", "digit")  # the puzzle only: no answer


@pytest.mark.parametrize(("genre", "entry"), GENRES, ids=[g for g, _ in GENRES])
def test_a_puzzle_of_every_imported_genre_draws(genre: str, entry: dict, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"{genre}.case"
    path.write_text(puzzlekit_to_case(genre, entry["problem"]), encoding="utf-8")
    assert main(["draw", str(path)]) == 0
    root = ET.fromstring(capsys.readouterr().out)
    assert len(list(root.iter(NS + "line"))) > 4


def test_png_output_is_a_png_of_the_pictures_size(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    case = str(ROOT / "examples" / "cases" / "killer-sudoku.case")
    assert main(["draw", case]) == 0
    root = ET.fromstring(capsys.readouterr().out)
    out = tmp_path / "killer.png"
    assert main(["draw", case, "-o", str(out)]) == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (int(root.get("width")), int(root.get("height")))


def test_an_svg_file_and_an_unknown_suffix(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    case = str(ROOT / "examples" / "cases" / "classic-sudoku.case")
    assert main(["draw", case, "-o", str(tmp_path / "p.svg")]) == 0
    ET.fromstring((tmp_path / "p.svg").read_text(encoding="utf-8"))
    assert main(["draw", case, "-o", str(tmp_path / "p.gif")]) == 1
    assert "cannot tell the picture's format from" in capsys.readouterr().err
    assert not (tmp_path / "p.gif").exists()
    program = ROOT / "examples" / "slitherlink" / "slitherlink-rules.sapphire"
    assert main(["draw", str(program)]) == 1
    assert "draw takes a case file" in capsys.readouterr().err


def test_a_bad_draw_declaration_is_an_error_at_its_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "pair.md").write_text(
        "---\nkind: pair\nscope: cells\ncells: path\ndraw: [{dot: {fill: red}}]\n---\n"
        "Two cells that differ.\n\n```sapphire\n⦗face (S 0)⦘ ≠ ⦗face (S 1)⦘\n```\n",
        encoding="utf-8")
    case = tmp_path / "p.case"
    case.write_text("---\nlibrary: rules\nboard: 2x2\n---\npair r1c1-r1c2\n", encoding="utf-8")
    assert main(["draw", str(case)]) == 1
    err = capsys.readouterr().err
    assert f"{rules / 'pair.md'}:5:21: error: 'fill' of 'dot' is one of white, black, grey, " \
        "not 'red'" in err


def test_solve_draws_givens_black_and_found_digits_blue(
        capsys: pytest.CaptureFixture[str]) -> None:
    case = str(ROOT / "examples" / "cases" / "classic-sudoku.case")
    assert main(["solve", case, "--format", "svg"]) == 0
    root = ET.fromstring(capsys.readouterr().out)
    given, found = of_class(root, "text", "given"), of_class(root, "text", "digit")
    assert len(given) + len(found) == 81 and given and found
    assert {t.get("fill") for t in given} == {"black"}
    assert {t.get("fill") for t in found} == {"#1f5fbf"}
    assert of_class(root, "line", "box")


def test_solve_marks_where_answers_differ(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    case = tmp_path / "p.case"
    case.write_text("---\nlibrary: std\ngivens: |\n  1 2 3 4\n  3 4 1 2\n  . . . .\n"
                    "  . . . .\n---\nsudoku 4x4\n", encoding="utf-8")
    assert main(["solve", str(case), "--format", "svg"]) == 0
    root = ET.fromstring(capsys.readouterr().out)
    panels = [g for g in root.iter(NS + "g") if g.get("class") == "answer"]
    assert len(panels) == 2
    marked = {(r.get("x"), r.get("y")) for r in of_class(panels[0], "rect", "differ")}
    # rows 3 and 4 are 2 1 4 3 / 4 3 2 1 or 2 3 4 1 / 4 1 2 3 …: the answers differ somewhere
    # there and nowhere in the given rows
    assert marked and all(int(y) >= 80 for _, y in marked)


def test_draw_refuses_to_overwrite_a_file_without_force(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = ROOT / "examples" / "cases" / "killer-sudoku.case"
    target = tmp_path / "p.svg"
    target.write_text("mine\n", encoding="utf-8")
    assert main(["draw", str(case), "-o", str(target)]) == 1
    assert "exists, and draw does not overwrite it" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == "mine\n"
    assert main(["draw", str(case), "-o", str(target), "--force"]) == 0
    assert target.read_text(encoding="utf-8").startswith("<svg")


def test_solve_writes_its_answer_picture_as_svg_or_png(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = str(ROOT / "examples" / "cases" / "killer-sudoku.case")
    assert main(["solve", case, "--format", "svg"]) == 0
    shown = capsys.readouterr().out
    assert main(["solve", case, "--format", "svg", "-o", str(tmp_path / "a.svg")]) == 0
    assert capsys.readouterr().out == ""
    assert (tmp_path / "a.svg").read_text(encoding="utf-8") == shown
    assert main(["solve", case, "--format", "svg", "-o", str(tmp_path / "a.png")]) == 0
    data = (tmp_path / "a.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    root = ET.fromstring(shown)
    assert struct.unpack(">II", data[16:24]) == (int(root.get("width")),
                                                 int(root.get("height")))
    assert main(["solve", case, "--candidates", "--format", "svg"]) == 0
    shown = capsys.readouterr().out
    assert main(["solve", case, "--candidates", "--format", "svg",
                 "-o", str(tmp_path / "c.svg")]) == 0
    assert (tmp_path / "c.svg").read_text(encoding="utf-8") == shown


@pytest.mark.parametrize(("extra", "says"), [
    (["-o", "a.png"], "-o writes a picture, and goes with --format svg"),
    (["--format", "json", "-o", "a.png"], "-o writes a picture, and goes with --format svg"),
    (["--format", "svg", "-o", "a.gif"], "cannot tell the picture's format from 'a.gif'"),
    (["--format", "svg", "-o", "taken.svg"], "taken.svg exists, and solve does not overwrite it"),
])
def test_solve_refuses_a_picture_file_it_cannot_write(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        extra: list[str], says: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "taken.svg").write_text("mine\n", encoding="utf-8")
    case = str(ROOT / "examples" / "cases" / "killer-sudoku.case")
    assert main(["solve", case, *extra]) == 1
    assert says in capsys.readouterr().err
    assert (tmp_path / "taken.svg").read_text(encoding="utf-8") == "mine\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken.svg"]
