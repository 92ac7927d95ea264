"""Importers: exact case text for small puzzles, refusals that name what is missing, the command,
and fixture puzzles (copied from ../shared/corpus) that must solve to their known answers."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from lzstring import LZString  # type: ignore[import-untyped]
from slitherlink_corpus import inside_from_values

from sapphire.case import parse_case, write_case
from sapphire.cli import main
from sapphire.diagnostics import SapphireError
from sapphire.formats.common import adjacent_pairs, little_killer_cells
from sapphire.genres import read_solution
from sapphire.importers import import_puzzle, iss_to_case, puzzlekit_to_case, read_input
from sapphire.importers.iss import parse_iss
from sapphire.importers.iss import read_solution as read_iss_solution
from sapphire.importers.iss.geometry import parse_cell
from sapphire.library import load_library, std_root
from sapphire.pipeline import solve_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
ISS = json.loads((FIXTURES / "iss_samples.json").read_text(encoding="utf-8"))["puzzles"]
PUZZLEKIT = json.loads((FIXTURES / "puzzlekit_samples.json").read_text(encoding="utf-8"))["genres"]
SUDOKUS = json.loads((FIXTURES.parent / "genres" / "sudokus.json").read_text(encoding="utf-8"))
KILLERS = SUDOKUS["puzzlekit"]["genres"]["KillerSudoku"]
PK_CASES = [(g, e) for g, entries in PUZZLEKIT.items() for e in entries]


def solve_text(tmp_path: Path, text: str):  # noqa: ANN201
    path = tmp_path / "imported.case"
    path.write_text(text, encoding="utf-8")
    return solve_case(str(path), max_solutions=2, time_limit=60)


# -- ISS: exact text ------------------------------------------------------------------------

SMALL_ISS = (".Shape~4x4.~R1C1_1~R2C3_4~R4C4_2_3.Cage~5~R1C2~R1C3.Thermo~R4C1~R4C2~R4C3"
             ".X~R3C1~R3C2.WhiteDot~R2C1~R2C2~R3C2.LittleKiller~7~R1C2.AntiKnight.Diagonal~-1")

SMALL_CASE = """\
---
title: small
source: a test
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
cage r1c2-r1c3 total 5
thermo r4c1-r4c2-r4c3
xv r3c1-r3c2 total 10
white-dot-1: white-dot r2c1-r2c2
white-dot-2: white-dot r2c2-r3c2
little-killer r1c2-r2c1 total 7
candidates-1: absent-digits r4c4 digits [1,4]
"""


def test_iss_small_import_is_exact() -> None:
    assert iss_to_case(SMALL_ISS, source="a test", title="small") == SMALL_CASE


def test_imported_text_is_canonical() -> None:
    for entry in ISS[:6]:
        text = iss_to_case(entry["canonical_input"], title=entry["name"])
        assert write_case(parse_case(text)) == text


def test_iss_kinds_and_parameters() -> None:
    text = iss_to_case(".Whisper~R1C1~R1C2.Whisper~4~R2C1~R2C2.V~R5C5~R5C6.Cage~0~R1C1~R2C2"
                       ".Sum~10~R3C3~R4C4.BlackDot~R1C1~R1C3.Quad~R1C1~3~3.Diagonal~1"
                       ".NoBoxes.Jigsaw~" + "".join(str(c // 9) for c in range(81)))
    lines = text.split("---\n")[2].splitlines()
    assert lines[:2] == ["latin-square", "anti-diagonal"]
    assert "whisper-1: whisper r1c1-r1c2" in lines
    assert "whisper-2: whisper r2c1-r2c2 difference 4" in lines
    assert "xv r5c5-r5c6 total 5" in lines
    assert "all-different-1: all-different r1c1-r2c2" in lines  # a cage of total 0: no sum
    assert "cage r3c3-r4c4 total 10 repeats true" in lines
    assert not any(ln.startswith("black-dot") for ln in lines)  # r1c1, r1c3 do not touch
    assert "quadruple r1c1-r1c2-r2c1-r2c2 digits [3,3]" in lines
    assert "piece-9: all-different r9c1-r9c2-r9c3-r9c4-r9c5-r9c6-r9c7-r9c8-r9c9" in lines
    assert "board: 9x9" in text


def test_iss_cells_and_layout_helpers() -> None:
    assert parse_cell("R9C9") == (9, 9)
    assert parse_cell("RaCg") == (10, 16)
    diagonals = little_killer_cells(9, 9)
    assert diagonals[(1, 1)] == [(i, i) for i in range(1, 10)]
    assert diagonals[(1, 3)] == [(1, 3), (2, 2), (3, 1)]
    assert diagonals[(2, 9)] == [(2, 9), (1, 8)]
    assert diagonals[(9, 2)] == [(9, 2), (8, 3), (7, 4), (6, 5), (5, 6), (4, 7), (3, 8), (2, 9)]
    assert (1, 2) in diagonals and (9, 1) not in diagonals
    assert adjacent_pairs([(1, 1), (1, 2), (2, 2), (3, 3)]) == [((1, 1), (1, 2)),
                                                                ((1, 2), (2, 2))]
    items = parse_iss(".And.Cage~3~R1C1~R1C2.Or.~R1C1_1.End.End.AntiKing")
    assert [i.type for i in items] == ["And", "AntiKing"]
    assert [i.type for i in items[0].members] == ["Cage", "Or"]


# -- ISS: refusals --------------------------------------------------------------------------


def refusal(text: str, **kw: object) -> str:
    with pytest.raises(SapphireError) as exc:
        iss_to_case(text, **kw)  # type: ignore[arg-type]
    return str(exc.value)


@pytest.mark.parametrize(("text", "named"), [
    (".~R1C1_1.Or.~R1C2_1.AntiKing.End", "a branch of type 'AntiKing'"),
    (".Or.~R1C1_1.FullRankTies~any.End", "'FullRankTies' that writes no rule"),
    (".NFA~A~_x~R1C1", "'A' is not base64url"),
    (".NFA~gAAAAA~_x~R1C1", "the automaton format 2"),
    (".Regex~A~R1C1", "the pattern 'A' is not base64url"),
    (".Regex~_w~R1C1", "the pattern '_w' is not base64url"),
    (".~R1C1_1.NFA~AbC~R1C1~R1C2", "in '.NFA~AbC~R1C1~R1C2': the automaton's data ends early"),
    (".Shape~9x9~2-10.~R1C1_1", "'9x9~2-10'"),
    (".~R1C1_1~VX1_3", "'Var': extra cell VX1"),  # VX1 needs a .Var group
    (".Sum~3_=_1~R1C1~R1C2", "1 coefficients for 2 cells"),
    (".Sum~3_=_x_1~R1C1~R1C2", "'x' is not a number"),
    (".Regex~WzEtNF0q~R1C1~-~R1C2", "a line with a '-' item"),
    (".Shape~6x8.FullRankTies~none", "'FullRankTies': a grid that is not square"),
    (".Quad~R9C9~1", "R9C9 has no cell 0 down and 1 right of it"),
    (".Shape~4x4.Var~S~s~2x2.Quad~VS2~1", "VS2 has no cell 0 down and 1 right of it"),
    (".Shape~9x9~0-8.ChaosConstruction.NoBoxes.NFA~AjFAGhA~_x~CC1~R1C1",
     "region cells on a grid whose digits do not start at 1"),
])
def test_iss_unsupported_is_an_error_naming_the_type(text: str, named: str) -> None:
    assert named in refusal(text)


def test_a_json_input_that_does_not_read_is_placed(tmp_path: Path) -> None:
    bad = tmp_path / "puzzles.json"
    bad.write_text('{"puzzles": [\n  {"name": 1,}\n]}\n', encoding="utf-8")
    with pytest.raises(SapphireError) as exc:
        read_input("iss", f"{bad}#0")
    d = exc.value.diagnostics[0]
    assert d.kind == "bad-input" and d.span is not None
    assert (d.span.file, d.span.line, d.span.col) == (f"{bad}", 2, 14)  # the stray }
    assert "corpus file" in (d.hint or "")


def test_every_unsupported_type_is_named_at_once() -> None:
    message = refusal(".Cage~5~R1C1~R1C2.Doppelganger.ConnectedValues~VL~1.AntiKing")
    # a doppelganger needs digits 0-9; no .Var declares the group VL
    assert "'Doppelganger'" in message and "'Var'" in message
    assert "'Cage'" not in message


def test_a_kind_missing_from_the_library_is_refused(tmp_path: Path) -> None:
    for name in ("sudoku.md", "cage.md"):
        shutil.copy(std_root() / name, tmp_path / name)
    small = load_library(str(tmp_path), tmp_path)
    text = iss_to_case(".Cage~3~R1C1~R1C2", library=small)
    assert "cage r1c1-r1c2 total 3" in text
    with pytest.raises(SapphireError) as exc:
        iss_to_case(".Cage~3~R1C1~R1C2.Thermo~R1C1~R1C2~R1C3", library=small)
    assert "'Thermo'" in str(exc.value) and "'thermo'" in str(exc.value)
    assert exc.value.kinds == ["unsupported-import"]


@pytest.mark.parametrize("text", ["Cage~3~R1C1~R1C2", ".And.Cage~3~R1C1~R1C2", ".End",
                                  "https://sigh.github.io/Interactive-Sudoku-Solver/"])
def test_malformed_iss_strings(text: str) -> None:
    with pytest.raises(SapphireError) as exc:
        iss_to_case(text)
    assert exc.value.kinds == ["bad-iss"]
    assert "ISS's address bar" in (exc.value.diagnostics[0].hint or "")


def test_an_iss_link_is_read_from_its_query(tmp_path: Path) -> None:
    link = "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Shape~4x4.Cage~3~R1C1%7ER1C2"
    assert iss_to_case(link).endswith("---\nsudoku 4x4\ncage r1c1-r1c2 total 3\n")
    out = tmp_path / "link.case"
    assert main(["import", "iss", link, "-o", str(out)]) == 0
    assert f"source: {link}, imported as iss\n" in out.read_text(encoding="utf-8")


# -- ISS: fixture puzzles solve to their known answers --------------------------------------


@pytest.mark.parametrize("entry", ISS, ids=[e["name"] for e in ISS])
def test_iss_fixture_solves_to_its_answer(tmp_path: Path, entry: dict) -> None:
    text = iss_to_case(entry["canonical_input"], title=entry["name"])
    res = solve_text(tmp_path, text)
    want = {"unique": "unique", "multiple": "multiple", "no_solution": "none"}
    assert res.status == want[entry["expected_status"]]
    if res.status == "unique":
        n = int(entry["grid"].split("x")[0])
        assert res.solutions[0]["digits"] == read_iss_solution(entry["solution"], n)


# -- puzzlekit ------------------------------------------------------------------------------


@pytest.mark.parametrize(("genre", "text", "kind"), [
    ("Mosaic", "1 1\n-\n", "unsupported-import"),  # a genre none of ours
])
def test_puzzlekit_refusals(genre: str, text: str, kind: str) -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlekit_to_case(genre, text)
    assert exc.value.kinds == [kind]


@pytest.mark.parametrize(("genre", "entry"), PK_CASES,
                         ids=[f"{g}-{e['key']}" for g, e in PK_CASES])
def test_puzzlekit_fixture_solves_to_its_answer(tmp_path: Path, genre: str, entry: dict) -> None:
    res = solve_text(tmp_path, puzzlekit_to_case(genre, entry["problem"], source=entry["key"]))
    assert res.status == "unique"
    want = read_solution(genre, entry["solution"])
    got = res.solutions[0]
    if "inside" in want:
        rows, cols = len(want["inside"]), len(want["inside"][0])
        assert inside_from_values(got["values"], rows, cols) == want["inside"]
    for part in ("digits", "shading"):
        if part in want:
            assert got[part] == want[part]


# -- the command and its input ----------------------------------------------------------------


def test_import_command_writes_the_case(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    src = tmp_path / "small.iss"
    src.write_text(SMALL_ISS + "\n", encoding="utf-8")
    out = tmp_path / "small.case"
    assert main(["import", "iss", str(src), "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text == SMALL_CASE.replace("title: small\nsource: a test",
                                      "source: small.iss, imported as iss")
    assert main(["import", "iss", str(src)]) == 0
    assert capsys.readouterr().out == text


def test_import_command_reads_the_puzzle_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture) -> None:
    """A constraint string pasted as INPUT, or piped in as `-`, imports as from a file."""
    pasted = SMALL_CASE.replace("title: small\nsource: a test", "source: the command line, "
                                "imported as iss")
    assert main(["import", "iss", SMALL_ISS]) == 0
    assert capsys.readouterr().out == pasted
    monkeypatch.setattr("sys.stdin", io.StringIO(SMALL_ISS + "\n"))
    assert main(["import", "iss", "-"]) == 0
    assert capsys.readouterr().out == pasted.replace("the command line", "standard input")
    # longer than a file name may be: still the puzzle, not an error from the file system
    many = ".Shape~4x4" + ".Cage~3~R1C1~R1C2" * 30
    assert main(["import", "iss", many]) == 0
    assert capsys.readouterr().out.count("total 3\n") == 30


def test_a_file_wins_over_a_pasted_puzzle_of_its_name(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture) -> None:
    monkeypatch.chdir(tmp_path)
    Path(".AntiKing").write_text(".Shape~4x4.~R1C1_3", encoding="utf-8")
    assert main(["import", "iss", ".AntiKing"]) == 0
    out = capsys.readouterr().out
    assert "source: .AntiKing, imported as iss" in out and "anti-king" not in out
    assert "  3 . . .\n" in out


@pytest.mark.parametrize("spec", ["./missing.iss", "../missing.iss", "missing.iss"])
def test_a_missing_file_is_not_read_as_a_puzzle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                spec: str) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SapphireError) as exc:
        read_input("iss", spec)
    d = exc.value.diagnostics[0]
    assert d.kind == "io" and spec in d.message
    assert "constraint string itself" in (d.hint or "")


@pytest.mark.parametrize("packed", [False, True])
def test_fpuzzles_json_pasted_as_input(capsys: pytest.CaptureFixture, packed: bool) -> None:
    """The puzzle's JSON, or its compressed `N4Ig…` payload, given as INPUT."""
    row = ",".join(["{}"] * 4)
    grid = ",".join([f"[{row}]"] * 4)
    text = '{"size": 4, "grid": [' + grid + ']}'
    pasted = LZString.compressToBase64(text) if packed else text
    assert pasted.startswith("N4Ig" if packed else "{")
    assert main(["import", "fpuzzles", pasted]) == 0
    out = capsys.readouterr().out
    assert out.startswith("---\nsource: the command line, imported as fpuzzles\n")
    assert out.endswith("---\nsudoku 4x4\n")


def test_import_command_reads_a_corpus_entry(tmp_path: Path,
                                             capsys: pytest.CaptureFixture) -> None:
    spec = f"{FIXTURES / 'iss_samples.json'}#Thermo"
    assert main(["import", "iss", spec]) == 0
    text = capsys.readouterr().out
    assert text.startswith("---\ntitle: Thermo\nsource: Interactive Sudoku Solver example")
    assert main(["import", "puzzlekit:KillerSudoku",
                 f"{FIXTURES / 'puzzlekit_samples.json'}#0"]) == 1  # not a genre file
    capsys.readouterr()
    genre = tmp_path / "KillerSudoku.json"
    genre.write_text(json.dumps({"genre": "KillerSudoku", "puzzles": KILLERS}))
    assert main(["import", "puzzlekit:KillerSudoku", f"{genre}#2_4x4"]) == 0
    assert capsys.readouterr().out.endswith(
        puzzlekit_to_case("KillerSudoku", KILLERS[0]["problem"]).split("---\n", 2)[2])
    puzzle = read_input("puzzlekit:KillerSudoku", f"{genre}#1")
    assert puzzle.entry is not None and puzzle.entry["key"] == "583_6x6"


def test_import_command_errors(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    src = tmp_path / "or.iss"
    src.write_text(".Or.~R1C1_1.AntiKing.End", encoding="utf-8")
    out = tmp_path / "none.case"
    assert main(["import", "iss", str(src), "-o", str(out)]) == 1
    assert "'Or'" in capsys.readouterr().err
    assert not out.exists()  # no partial case
    assert main(["import", "janko", str(src)]) == 1
    assert "unknown import format" in capsys.readouterr().err
    assert main(["import", "iss", str(tmp_path / "missing.iss")]) == 1
    assert import_puzzle("iss", ".~R1C1_1").startswith("---\nsource:")


def test_a_cell_listed_twice_counts_twice() -> None:
    # ISS adds a repeated cell twice; a cage's digits still differ, a sum's may repeat
    cage = iss_to_case(".Cage~10~R1C1~R1C1~R1C2")
    assert "all-different r1c1-r1c2\n" in cage and "sum r1c1-r1c1-r1c2 total 10\n" in cage
    plain = iss_to_case(".Sum~10~R1C1~R1C1~R1C2")
    assert "sum r1c1-r1c1-r1c2 total 10\n" in plain and "all-different" not in plain
    no_total = iss_to_case(".Cage~0~R1C1~R1C1~R1C2")
    assert no_total.endswith("sudoku 9x9\nall-different r1c1-r1c2\n")


def test_an_or_of_placements_of_one_digit_or_in_one_cell() -> None:
    # one digit in one of two cells: a quadruple of that digit
    one_digit = iss_to_case(".Or.~R1C2_1.~R1C1_1.End")
    assert one_digit.endswith("quadruple r1c2-r1c1 digits [1]\n")
    # one cell holding one of several digits, through nested groups: the cell's candidates,
    # narrowed by a plain given of the same cell elsewhere
    one_cell = iss_to_case(".Or.And.Or.~R6C1_7.~R6C1_1.End.End.And.~R6C1_3.End.End")
    assert "candidates-1: absent-digits r6c1 digits [2,4,5,6,8,9]" in one_cell
    narrowed = iss_to_case(".Or.~R6C1_7.~R6C1_1.End.~R6C1_1_2")
    assert "\n  . . . . . . . . .\n  1 . ." in narrowed


def test_an_or_of_one_branch_is_that_branch() -> None:
    assert iss_to_case(".Or.And.AllDifferent~R3C8~R4C7.End.End").endswith(
        "all-different r3c8-r4c7\n")


def test_any_other_or_is_an_any_of_line() -> None:
    # each branch as its own rule line; a group as all-of; a placement as a quadruple, and
    # the entries of a kind that stands twice get ids, as the lines of a case do
    text = iss_to_case(".Or.Cage~3~R1C1~R1C2.Lunchbox~3~R1C1~R1C2.End"
                       ".Or.~R1C1_1.And.~R1C1_5.AllDifferent~R3C8~R4C7.End.End"
                       ".Or.~R2C2_1.~R3C3_2.End")
    body = text.split("---\n")[-1]
    assert body == (
        "sudoku 9x9\n"
        'any-of-1: any-of rules ["cage r1c1-r1c2 total 3","lunchbox r1c1-r1c2 total 3"]\n'
        'any-of-2: any-of rules ["quadruple r1c1 digits [1]","all-of rules [\\"quadruple r1c1 '
        'digits [5]\\",\\"all-different r3c8-r4c7\\"]"]\n'
        'any-of-3: any-of rules ["quadruple-1: quadruple r2c2 digits [1]",'
        '"quadruple-2: quadruple r3c3 digits [2]"]\n')
