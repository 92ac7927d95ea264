"""A puzzlekit record whose status we dispute: JigsawSudoku 661_6x6 is recorded as unique,
but the dataset's problem keeps only eight givens, and they allow several answers. The recorded
answer and a second one each obey every rule (the independent evaluator checks every answer of
a solve), so the record's status, not our reading, is at fault."""

from __future__ import annotations

import json
from pathlib import Path

from sapphire.importers import puzzlekit_to_case
from sapphire.pipeline import solve_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
DATA = json.loads((FIXTURES / "puzzlekit_disputed.json").read_text(encoding="utf-8"))
(RECORD,) = DATA["puzzles"]


def solve_problem(tmp_path: Path, problem: str) -> str:
    path = tmp_path / "puzzle.case"
    path.write_text(puzzlekit_to_case(DATA["genre"], problem), encoding="utf-8")
    return solve_case(str(path), max_solutions=2, time_limit=60).status


def with_answer(answer: str) -> str:
    """The problem with its givens replaced by every digit of `answer` (same `6 6` header)."""
    lines = RECORD["problem"].strip().splitlines()
    digits = answer.strip().splitlines()[1:]
    return "\n".join([lines[0], *digits, *lines[1 + len(digits):]])


def test_the_record_has_more_than_one_answer(tmp_path: Path) -> None:
    assert solve_problem(tmp_path, RECORD["problem"]) == "multiple"


def test_recorded_and_second_answer_both_obey_every_rule(tmp_path: Path) -> None:
    assert RECORD["solution"] != RECORD["second_answer"]
    assert solve_problem(tmp_path, with_answer(RECORD["solution"])) == "unique"
    assert solve_problem(tmp_path, with_answer(RECORD["second_answer"])) == "unique"
