"""A candidates search keeps within its time limit: the search leaves part of it for
verifying, the answers it found are verified until the deadline, and those left over are
dropped, the candidates then marked incomplete."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sapphire import pipeline
from sapphire.backend import candidates as backend_candidates
from sapphire.deadline import Deadline
from sapphire.pipeline import (
    answer_variables,
    ground_within,
    instantiate_checked,
    load_case,
    search_candidates,
)

OPEN_4X4 = "---\nlibrary: std\n---\nsudoku 4x4\n"
"""An empty 4×4 sudoku: 288 answers, every digit a candidate of every cell."""


class Passed(Deadline):
    """A deadline that has passed by the time the search returns."""

    def expired(self) -> bool:
        return True


def test_answers_found_are_verified_until_the_deadline_and_the_rest_dropped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    case, lib = load_case("open.case", text=OPEN_4X4)
    inst = instantiate_checked(case, lib)
    gm = ground_within(inst.program, inst.instance, Deadline.after(None))
    assert gm is not None
    found = backend_candidates(gm, answer_variables(gm), backend="sat")
    assert len(found.solutions) > 2 and not found.timed_out
    given: list[Deadline] = []
    monkeypatch.setattr(pipeline.backends, "candidates", lambda *a, **k: given.append(
        k["deadline"]) or replace(found, solutions=list(found.solutions)))
    checked: list[int] = []
    real = pipeline.violations
    monkeypatch.setattr(pipeline, "violations",
                        lambda gm, vals: checked.append(1) or real(gm, vals))

    res, values = search_candidates(gm, deadline=Passed(0.0))
    assert len(checked) == 2 and len(res.solutions) == 2 and res.timed_out
    assert values == {v: sorted({s[v] for s in found.solutions[:2]})
                      for v in answer_variables(gm)}

    checked.clear()
    res, _ = search_candidates(gm)  # no time limit: every answer is verified
    assert len(checked) == len(found.solutions) and not res.timed_out

    limit = Deadline.after(100.0)
    search_candidates(gm, deadline=limit)  # the search leaves time for verifying
    assert given[-1].end < limit.end - 10
