"""`--why`: a clashing set of rule lines of a case with no answer, each of them needed (checked
against every subset), and the differing cells of a case with several."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.deadline import Deadline
from sapphire.explain import Given, conflict, differences
from sapphire.meaning import load_case


def case_file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "c.case"
    path.write_text(text, encoding="utf-8")
    return str(path)


FRONT = "---\nlibrary: std\n---\nsudoku 4x4\n"

# lines 5 and 7 clash (r1c2 and r2c1 share the top-left box, and both cages put the other of 1
# and 2 beside r1c1), so do lines 7 and 8 (r3c1 would be a third 1 or 2 in column 1); line 6
# clashes with nothing
CLASH = (FRONT + "cage-1: cage r1c1-r1c2 total 3\ncage-4: cage r3c3-r4c4 total 5\n"
         "cage-2: cage r1c1-r2c1 total 3\ncage-3: cage r3c3-r3c4 total 7\n")


def brute_minimal_conflicts(tmp_path: Path, lines: list[str]) -> list[set[int]]:
    """Every set of the numbered lines whose case has no answer and each of whose proper
    subsets has one (the line numbers count from 5, below the front matter and sudoku)."""
    def none(chosen: tuple[int, ...]) -> bool:
        text = FRONT + "".join(lines[i - 5] + "\n" for i in chosen)
        return main(["solve", case_file(tmp_path, text), "--format", "json"]) == 2

    numbers = range(5, 5 + len(lines))
    out: list[set[int]] = []
    for k in range(1, len(lines) + 1):
        for chosen in itertools.combinations(numbers, k):
            if none(chosen) and not any(s <= set(chosen) for s in out):
                out.append(set(chosen))
    return out


def test_the_conflict_is_a_clash_that_needs_each_of_its_lines(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case, lib = load_case(case_file(tmp_path, CLASH))
    found = conflict(case, lib)
    assert found is not None and found.minimal
    assert [r.reference for r in found.frame] == ["sudoku"]
    clashes = brute_minimal_conflicts(tmp_path, CLASH.splitlines()[4:])
    capsys.readouterr()
    assert clashes == [{5, 7}, {7, 8}]
    assert {r.span.line for r in found.lines} in clashes


def test_a_case_with_an_answer_has_no_conflict(tmp_path: Path) -> None:
    case, lib = load_case(case_file(tmp_path, FRONT + "cage-1: cage r1c1-r1c2 total 3\n"))
    assert conflict(case, lib) is None


def test_clashing_givens_are_named_with_the_lines(tmp_path: Path) -> None:
    # r1c1=1 and r2c2=1 share the top-left box; r4c1=4 clashes with nothing, nor does line 5
    text = ("---\nlibrary: std\ngivens: |\n  1 . . .\n  . 1 . .\n  . . . .\n  4 . . .\n---\n"
            "sudoku 4x4\ncage-1: cage r3c3-r3c4 total 7\n")
    case, lib = load_case(case_file(tmp_path, text))
    found = conflict(case, lib)
    assert found is not None and found.minimal
    ones = (Given("givens", 1, 1, 1), Given("givens", 2, 2, 1))
    assert (found.lines, found.givens) == ((), ones)
    assert found.fixes == ones
    # a line and a given: the cage's total 7 on digits 1-4 takes 3 and 4, so r1c1 cannot be 1
    text = ("---\nlibrary: std\ngivens: |\n  1 . . .\n  . . . .\n  . . . .\n  . . . 4\n---\n"
            "sudoku 4x4\ncage-1: cage r1c1-r1c2 total 7\ncage-2: cage r3c3-r3c4 total 3\n")
    case, lib = load_case(case_file(tmp_path, text))
    found = conflict(case, lib)
    assert found is not None
    assert ([r.span.line for r in found.lines], found.givens) == (
        [10], (Given("givens", 1, 1, 1),))


def test_why_text_names_the_givens(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ("---\nlibrary: std\ngivens: |\n  1 . . .\n  . . . .\n  . . . .\n  . . . .\n---\n"
            "sudoku 4x4\ncage-1: cage r1c1-r1c2 total 7\n")
    assert main(["solve", case_file(tmp_path, text), "--why"]) == 2
    assert capsys.readouterr().out.splitlines()[1:] == [
        "why: these have no solution together, with line 9:",
        "  10: cage-1: cage r1c1-r1c2 total 7",
        "  givens: r1c1=1",
        "  dropping just one of these gives a solution: line 10, r1c1=1",
    ]


def test_a_frame_with_no_answer_names_nothing_else(tmp_path: Path) -> None:
    text = "---\nlibrary: std\ndigits: 1-3\n---\nsudoku 4x4\ncage-1: cage r1c1-r1c2 total 3\n"
    case, lib = load_case(case_file(tmp_path, text))
    found = conflict(case, lib)
    assert found is not None and (found.lines, found.givens) == ((), ())
    assert [r.span.line for r in found.frame] == [5]


def test_why_in_text_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = case_file(tmp_path, CLASH)
    assert main(["solve", path, "--why"]) == 2
    assert capsys.readouterr().out.splitlines()[1:] == [
        "why: these have no solution together, with line 4:",
        "  5: cage-1: cage r1c1-r1c2 total 3",
        "  7: cage-2: cage r1c1-r2c1 total 3",
        # line 7 is in both clashes, so dropping it alone mends the case; line 5 is not
        "  dropping just one of these gives a solution: line 7",
    ]
    assert main(["solve", path, "--why", "--format", "json"]) == 2
    assert json.loads(capsys.readouterr().out)["why"] == {
        "conflict": [{"line": 5, "text": "cage-1: cage r1c1-r1c2 total 3"},
                     {"line": 7, "text": "cage-2: cage r1c1-r2c1 total 3"}],
        "givens": [], "frame": [{"line": 4, "text": "sudoku 4x4"}], "minimal": True,
        "fixes": [{"line": 7, "text": "cage-2: cage r1c1-r2c1 total 3"}]}
    # without --why the output has no explanation
    assert main(["solve", path, "--format", "json"]) == 2
    assert "why" not in json.loads(capsys.readouterr().out)


def test_why_lists_where_two_answers_differ(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    text = ("---\nlibrary: std\ngivens: |\n  1 2 3 4\n  3 4 1 2\n  . . . .\n  . . . .\n---\n"
            "sudoku 4x4\n")
    assert main(["solve", case_file(tmp_path, text), "--why", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    a, b = out["solutions"]
    want = [f"r{r}c{c}" for r in (3, 4) for c in (1, 2, 3, 4)
            if a["digits"][r - 1][c - 1] != b["digits"][r - 1][c - 1]]
    assert out["why"] == {"differ": want} and len(want) >= 4


def test_differences_cover_digits_shading_and_regions() -> None:
    first = {"digits": [[1, 2], [2, 1]], "shading": [[0, 1], [0, 0]], "regions": [[1, 1], [2, 2]]}
    second = {"digits": [[1, 2], [2, 1]], "shading": [[0, 0], [0, 0]], "regions": [[1, 2], [1, 2]]}
    assert differences(first, second) == ["r1c2", "r2c1"]


def test_why_is_for_case_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prog = tmp_path / "p.sapphire"
    prog.write_text("x∈{0⋯3}\n", encoding="utf-8")
    assert main(["solve", str(prog), "--why"]) == 1
    assert "--why explains case files" in capsys.readouterr().err


def test_out_of_time_lists_everything_and_says_so(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import sapphire.explain as explain

    monkeypatch.setattr(explain, "has_answer", lambda *a, **k: None)  # every solve times out
    case, lib = load_case(case_file(tmp_path, CLASH))
    found = conflict(case, lib, deadline=Deadline.after(1))
    assert found is not None and not found.minimal and found.fixes == ()
    assert [r.span.line for r in found.lines] == [5, 6, 7, 8]


def test_a_case_the_caller_refuted_is_not_solved_again(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import sapphire.explain as explain

    seen: list[int] = []
    real = explain.has_answer

    def counting(gm, **k):  # noqa: ANN001, ANN202 - the pipeline's own signature
        seen.append(len(gm.constraints))
        return real(gm, **k)

    monkeypatch.setattr(explain, "has_answer", counting)
    case, lib = load_case(case_file(tmp_path, CLASH))
    again = conflict(case, lib)
    solves = len(seen)
    seen.clear()
    once = conflict(case, lib, refuted=True)
    assert again is not None and once is not None and once.lines == again.lines
    assert len(seen) == solves - 1
