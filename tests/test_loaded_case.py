"""One loaded case behind every entry point: a case is read, its library resolved, its rules
instantiated and its model grounded once, however many questions the command line, the API or
the page ask of it. Each stage's work is counted where it is done."""

from __future__ import annotations

import importlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import sapphire
import sapphire.pipeline as pipeline
from sapphire.cli import main
from sapphire.diagnostics import SapphireError

instantiate = importlib.import_module("sapphire.meaning.instantiate")
"""The module (`sapphire.meaning` hands out a function of the same name)."""

ROOT = Path(__file__).resolve().parents[1]
KILLER = ROOT / "examples" / "cases" / "killer-sudoku.case"
SEVERAL = "---\nlibrary: std\nboard: 2x2\n---\nlatin-square\n"
CLASH = ("---\nlibrary: std\ngivens: |\n  1 1 . .\n  . . . .\n  . . . .\n  . . . .\n---\n"
         "sudoku 4x4\n")


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many times each stage runs: the case read, its library resolved, its rules
    instantiated, its program grounded."""
    done: Counter[str] = Counter()

    def counted(module: Any, name: str, stage: str) -> None:
        real = getattr(module, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            done[stage] += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, wrapper)

    counted(instantiate, "parse_case_partial", "read")
    counted(instantiate, "load_case_library", "library")
    counted(instantiate, "instantiate", "instantiate")
    counted(pipeline, "ground", "ground")
    return done


def case_file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "p.case"
    path.write_text(text, encoding="utf-8")
    return str(path)


ONCE = {"read": 1, "library": 1, "instantiate": 1, "ground": 1}


def test_solve_why_svg_loads_the_case_once(tmp_path: Path, work: Counter[str],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """The answers, the differing cells and the picture of them, from one load."""
    out = tmp_path / "answer.svg"
    assert main(["solve", case_file(tmp_path, SEVERAL), "--why", "--format", "svg",
                 "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("<svg")
    assert dict(work) == ONCE


def test_solve_why_json_of_a_clash_reads_the_case_once(tmp_path: Path, work: Counter[str],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """The explanation solves cut-down cases of its own (each instantiated and grounded), but
    the case itself is read and its library resolved once."""
    assert main(["solve", case_file(tmp_path, CLASH), "--why", "--format", "json"]) == 2
    assert json.loads(capsys.readouterr().out)["why"]["givens"] == [
        {"cell": "r1c1", "digit": 1}, {"cell": "r1c2", "digit": 1}]
    assert (work["read"], work["library"]) == (1, 1)
    assert work["instantiate"] > 1  # the whole case, then the explanation's cut-down ones


def test_candidates_svg_loads_the_case_once(tmp_path: Path, work: Counter[str]) -> None:
    out = tmp_path / "candidates.svg"
    assert main(["solve", case_file(tmp_path, SEVERAL), "--candidates", "--format", "svg",
                 "-o", str(out)]) == 0
    assert dict(work) == ONCE


def test_a_puzzle_answers_every_question_from_one_load(work: Counter[str]) -> None:
    puzzle = sapphire.load(KILLER)
    solved = puzzle.solve()
    assert solved.status == "unique" and solved._repr_svg_() is not None
    assert puzzle.candidates().complete
    assert puzzle.why() is None
    assert puzzle.verify(json.dumps(solved.solutions[0])).valid
    assert puzzle.draw().startswith("<svg")
    assert dict(work) == ONCE


def test_a_solve_out_of_time_keeps_no_half_ground_model(work: Counter[str]) -> None:
    """A deadline that passes while grounding leaves nothing kept: the next solve grounds."""
    from sapphire.deadline import Deadline

    puzzle = sapphire.load(KILLER)
    assert puzzle.solve(time_limit=Deadline(0.0)).status == "unknown"
    assert puzzle.solve().status == "unique"
    assert (work["instantiate"], work["ground"]) == (1, 2)


def test_a_program_with_its_data_is_a_puzzle_too(work: Counter[str]) -> None:
    puzzle = sapphire.load_program("p.sapphire", {"n": 3}, text="x∈{1⋯n}\nx>n-1\n")
    first = puzzle.solve()
    assert (first.status, first.solutions) == ("unique", [{"x": 3}])
    assert puzzle.solve(max_solutions=1).solutions == [{"x": 3}]
    assert work["ground"] == 1 and work["read"] == 0
    with pytest.raises(SapphireError, match="--candidates reads case files"):
        puzzle.candidates()
