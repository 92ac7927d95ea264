"""An `iss.json` record whose status we dispute: "0-indexed: Sums and indexing" is recorded as
unique, and our reading of its rules gives 201 answers.

The recorded answer and 200 others obey every rule as ISS describes it. Each of the 200 puts
five cells between the 0 and the 8 of row 5 (the sandwich clue, 17: e.g. 3+6+2+5+1). ISS rules
those out because its sandwich handler picks the possible distances between the two ends from
the total as if the digits ran 1-9 (five different digits of 2-8 add up to at least 20), not
from the total after the shift to 0-8. These tests keep our reading: the second answer below is
an answer, checked by the independent evaluator like every answer of a solve."""

from __future__ import annotations

import json
from pathlib import Path

from sapphire.importers import iss_to_case
from sapphire.pipeline import solve_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
(RECORD,) = json.loads((FIXTURES / "iss_disputed.json").read_text(encoding="utf-8"))["puzzles"]


def solve_iss(tmp_path: Path, constraint_string: str) -> str:
    path = tmp_path / "puzzle.case"
    path.write_text(iss_to_case(constraint_string, title=RECORD["name"]), encoding="utf-8")
    return solve_case(str(path), max_solutions=2, time_limit=60).status


def with_givens(digits: str) -> str:
    """The record's constraint string with every cell given (ISS `~RrCc_d` givens)."""
    return RECORD["canonical_input"] + "." + "".join(
        f"~R{i // 9 + 1}C{i % 9 + 1}_{d}" for i, d in enumerate(digits))


def test_the_record_has_more_than_one_answer(tmp_path: Path) -> None:
    assert RECORD["expected_status"] == "unique"
    assert solve_iss(tmp_path, RECORD["canonical_input"]) == "multiple"


def sandwich_width(digits: str) -> tuple[int, int]:
    """How many cells of row 5 lie between its 0 and its 8, and what they add up to."""
    row5 = [int(d) for d in digits[36:45]]
    lo, hi = sorted((row5.index(0), row5.index(8)))
    return hi - lo - 1, sum(row5[lo + 1:hi])


def test_recorded_and_second_answer_both_obey_every_rule(tmp_path: Path) -> None:
    assert solve_iss(tmp_path, with_givens(RECORD["solution"])) == "unique"
    assert solve_iss(tmp_path, with_givens(RECORD["second_answer"])) == "unique"
    # where they part: the second answer's sandwich is five cells wide, which ISS refuses
    assert sandwich_width(RECORD["solution"]) == (4, 17)
    assert sandwich_width(RECORD["second_answer"]) == (5, 17)
