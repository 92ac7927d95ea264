"""A cell listed twice: an error in the cells of a `cells: set` kind, reported at the repeat
whatever wraps the line; a meaning of its own along a `cells: path` kind, so no error there.

Under `not` and every condition the repeat stays an error: `BAD_LINES` in
test_library_validate.py holds a repeated cage cell for that.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sapphire.case.parser import parse_case, parse_case_file, parse_case_partial
from sapphire.case.writer import write_case
from sapphire.cli import main
from sapphire.library import load_library, std_root

FILE = "d.case"
FRONT = "---\nlibrary: std\nboard: 4x4\n---\n"
EXAMPLES = Path(__file__).parents[2] / "examples"
STD = load_library("std", Path("."))
CELL_KINDS = [k for k in sorted(STD.kinds()) if STD.resolve(k).scope == "cells"]


@pytest.fixture(scope="module")
def std():
    return STD


def found(std, text: str) -> list[tuple[str, str, int, int]]:
    """Every library error of a case: kind, file, line, column."""
    return [(d.kind, d.span.file, d.span.line, d.span.col)
            for d in std.check_case(parse_case(text, FILE))]


def repeats(std, text: str) -> list[tuple[int, int]]:
    """Where the `repeated-cell` errors of a case stand, whatever else it gets wrong."""
    case, _ = parse_case_partial(text, FILE)
    return [(d.span.line, d.span.col) for d in std.check_case(case) if d.kind == "repeated-cell"]


def test_a_set_cell_written_twice_is_an_error_at_the_second(std) -> None:
    text = FRONT + "sudoku-ish: latin-square\nad: all-different r1c1-r1c1-r1c2\n"
    (d,) = std.check_case(parse_case(text, FILE))
    assert (d.kind, d.span.line, d.span.col, d.span.end_col) == ("repeated-cell", 6, 24, 28)
    assert d.message == ("r1c1 is listed again among the cells of 'all-different', which form "
                         "a set")
    assert d.notes == ("r1c1 is first listed at column 19",)
    assert d.hint == "a set holds each cell once: drop this r1c1, or write the cell meant"
    assert d.render().splitlines() == [
        f"{FILE}:6:24: error: {d.message}",
        "  ad: all-different r1c1-r1c1-r1c2",
        "                         ^^^^",
        "  note: r1c1 is first listed at column 19",
        f"  hint: {d.hint}",
    ]


def test_every_repeat_is_reported_and_commas_count_alike(std) -> None:
    # third and fourth listings are errors of their own; each points back to column 6
    text = FRONT + "cage r1c1,r1c2-r1c1,r1c1-r2c2-r1c2 total 9\n"
    got = std.check_case(parse_case(text, FILE))
    assert [(d.kind, d.span.line, d.span.col) for d in got] == [
        ("repeated-cell", 5, 16), ("repeated-cell", 5, 21), ("repeated-cell", 5, 31)]
    assert [d.notes for d in got] == [("r1c1 is first listed at column 6",),
                                      ("r1c1 is first listed at column 6",),
                                      ("r1c2 is first listed at column 11",)]


@pytest.mark.parametrize("line", [
    "not renban r1c3-r1c4-r1c3",
    "not not renban r1c3-r1c4-r1c3 if distinct",
    "x: not renban r1c3-r1c4-r1c3 unless connected",
    "x: renban r1c3-r1c4-r1c3 if uniform",
    "x: not renban r1c3-r1c4-r1c3 unless uniform",
])
@pytest.mark.parametrize("negate", ["", "negate: all\n"])
def test_a_repeat_stays_an_error_under_not_and_conditions(std, line: str, negate: str) -> None:
    text = FRONT.replace("---\n", "---\n" + negate, 1) + f"yin-yang\n{line}\n"
    col = line.rindex("r1c3") + 1
    assert found(std, text) == [("repeated-cell", FILE, 6 + bool(negate), col)]


def test_a_set_without_repeats_is_fine(std) -> None:
    text = FRONT + ("latin-square\nad: all-different r1c1-r1c2-r2c1\ncage r3c1,r3c2 total 3\n"
                    "renban r1c1-r1c2\neven r4c4\nquadruple r1c1-r1c2-r2c1-r2c2 digits [1,1]\n")
    # a cell may stand in several lines, and a digit twice in a parameter: only a line's own
    # cells form the set
    assert found(std, text) == []


def test_an_entry_of_a_rules_parameter_is_checked_at_its_own_position(std) -> None:
    text = FRONT + 'any-of rules ["renban r1c2-r1c3", "all-different r2c1-r2c2-r2c1"]\n'
    assert found(std, text) == [("repeated-cell", f"{FILE}:5 any-of rules, entry", 2, 25)]


@pytest.mark.parametrize("kind", CELL_KINDS)
def test_set_kinds_refuse_a_repeat_and_path_kinds_read_it(std, kind: str) -> None:
    """Every std kind with cells: the front matter's `cells` alone decides."""
    d = std.resolve(kind)
    line = f"{kind} r1c1-r1c2-r1c1"
    text = FRONT + f"{line}\n"
    assert repeats(std, text) == ([(5, len(kind) + 12)] if d.cells == "set" else [])


@pytest.mark.parametrize("line", [
    "whisper r1c1-r1c2-r2c2-r2c1-r1c1 difference 2",  # a closed loop returns to its start
    "sum r3c1-r3c1-r3c2 total 5",  # a twice-listed cell counts twice
    "thermo r1c1-r1c2-r1c1",  # no solution, which solve --why names; no malformed line
    "not arrow r1c1-r1c2-r1c1",
    "palindrome r4c1-r4c2-r4c1 if distinct",
])
def test_a_path_may_list_a_cell_again(std, line: str) -> None:
    assert found(std, FRONT + f"sudoku 4x4\n{line}\n") == []


def text_blocks(path: Path) -> list[str]:
    """The ```text examples of a definition file."""
    return re.findall(r"^```text\n(.*?)^```$", path.read_text(encoding="utf-8"), re.M | re.S)


def test_no_library_example_or_bundled_case_repeats_a_set_cell(std) -> None:
    blocks = [(p.name, b) for p in sorted(std_root().glob("*.md")) for b in text_blocks(p)]
    assert len(blocks) > 50  # not vacuous
    for name, block in blocks:
        text = block if block.startswith("---\n") else "---\nlibrary: std\n---\n" + block
        assert repeats(std, text) == [], f"{name}: {block}"
    cases = sorted(EXAMPLES.glob("**/*.case"))
    assert cases
    for path in cases:
        assert [d for d in std.check_case(parse_case_file(path))
                if d.kind == "repeated-cell"] == [], path


def test_check_reports_it_and_fmt_keeps_the_text_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`fmt` reads no library check (like an unknown parameter, the repeat needs the
    definition to be an error), so it writes the line unchanged; `check` and `solve` report
    it."""
    text = FRONT + "sudoku-ish: latin-square\nad: all-different r1c1-r1c1-r1c2\n"
    path = tmp_path / FILE
    path.write_text(text, encoding="utf-8")
    assert write_case(parse_case(text)) == text
    assert main(["fmt", str(path)]) == 0
    assert capsys.readouterr().out == text
    assert main(["fmt", str(path), "--write"]) == 0
    assert path.read_text(encoding="utf-8") == text
    capsys.readouterr()
    assert main(["check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"{path}:6:24: error: r1c1 is listed again")
    assert main(["solve", str(path)]) == 1
    assert f"{path}:6:24: error: r1c1 is listed again" in capsys.readouterr().err
