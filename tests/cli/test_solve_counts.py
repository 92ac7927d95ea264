"""Counts that say what they are: `complete` in the JSON, "at least N" in the text when the
time limit or the answers asked for stopped the search, and `--count` to count them all."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from sapphire.backend import BackendResult
from sapphire.cli import main
from sapphire.deadline import Deadline
from sapphire.pipeline import STOPPED_BY_LIMIT, STOPPED_BY_TIME, search_model

EMPTY_4X4 = "---\nlibrary: std\n---\nsudoku 4x4\n"
"""288 answers."""
YIN_YANG = "---\nlibrary: std\n---\nnot sudoku 4x4\nyin-yang\n"
"""Over a million answers (the digits are all but free): far more than a second finds."""


def solve(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str], *args: str
          ) -> tuple[int, dict]:
    path = tmp_path / "p.case"
    path.write_text(text, encoding="utf-8")
    code = main(["solve", str(path), "--format", "json", *args])
    return code, json.loads(capsys.readouterr().out)


def text_of(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    path = tmp_path / "p.case"
    path.write_text(text, encoding="utf-8")
    assert main(["solve", str(path), *args]) == 0
    return capsys.readouterr().out.splitlines()[0]


def test_count_counts_every_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = solve(tmp_path, EMPTY_4X4, capsys, "--count")
    assert code == 0
    assert (out["status"], out["count"], out["complete"]) == ("multiple", 288, True)
    assert len(out["solutions"]) == 2 and "stopped" not in out
    first = text_of(tmp_path, EMPTY_4X4, capsys, "--count", "--max-solutions", "1")
    assert "; 288 solutions in all, 1 shown;" in first


def test_count_up_to_a_limit_says_at_least(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    _, out = solve(tmp_path, EMPTY_4X4, capsys, "--count", "100")
    assert (out["count"], out["complete"], out["stopped"]) == (100, False, "limit")
    assert "at least 100 solutions (the count limit was reached)" in text_of(
        tmp_path, EMPTY_4X4, capsys, "--count", "100")


def test_answers_asked_for_are_a_lower_bound(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    _, out = solve(tmp_path, EMPTY_4X4, capsys)
    assert (out["count"], out["complete"], out["stopped"]) == (2, False, "limit")
    assert "at least 2 solutions" in text_of(tmp_path, EMPTY_4X4, capsys)


def test_a_unique_answer_is_a_complete_count(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    givens = "givens: |\n  1 2 3 4\n  3 4 1 2\n  2 1 4 3\n  . . . .\n"
    text = EMPTY_4X4.replace("---\nsudoku", givens + "---\nsudoku")
    _, out = solve(tmp_path, text, capsys, "--time-limit", "30")
    assert (out["status"], out["count"], out["complete"]) == ("unique", 1, True)
    assert "; 1 solution;" in text_of(tmp_path, text, capsys)


def test_a_count_the_guide_settled_says_so(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    # three pairs along the rows of a 3x3 board, cells allowed to stay empty: NumberLink's
    # guide-settles proves the one guided answer, which fills the board, the only one
    text = "---\nlibrary: std\nboard: 3x3\n---\nnumberlink r1c1-r1c3-r2c1-r2c3-r3c1-r3c3\n"
    _, out = solve(tmp_path, text, capsys)
    assert (out["status"], out["count"], out["complete"]) == ("unique", 1, True)
    assert out["timings"]["settled by the guides"] == 1
    first = text_of(tmp_path, text, capsys)
    assert first.startswith("status: unique — unique solution; 1 solution; ")
    assert first.endswith(" s; proved by the rule's guide (its guide-settles block)")
    assert not text_of(tmp_path, text.replace("r3c3\n", "r3c3 fill true\n"), capsys).endswith(
        "(its guide-settles block)")


def test_the_time_limit_makes_a_count_a_lower_bound(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, out = solve(tmp_path, YIN_YANG, capsys, "--count", "--time-limit", "1")
    assert code == 0 and out["status"] == "multiple"
    assert 100 < out["count"] < 1_000_000  # the search leaves time to verify what it found
    assert (out["complete"], out["stopped"]) == (False, "time")
    first = text_of(tmp_path, YIN_YANG, capsys, "--count", "--time-limit", "1")
    assert "; at least " in first and "(the time limit stopped the count)" in first


def test_count_must_be_positive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.case"
    path.write_text(EMPTY_4X4, encoding="utf-8")
    assert main(["solve", str(path), "--count", "0"]) == 1
    assert "--count must be at least 1" in capsys.readouterr().err


# -- the pipeline's reading of a backend's result ---------------------------------------------

def _model():  # a ground model of x ∈ {0..3}: four answers
    from sapphire.ground.grounder import data_to_instance, ground
    from sapphire.lang.parser import parse_program

    return ground(parse_program("x∈{0⋯3}\n", "p.sapphire"), data_to_instance({}))


@pytest.mark.parametrize(("status", "found", "late", "complete", "stopped"), [
    ("multiple", 3, False, True, ""),  # fewer than asked, in time: exhausted
    ("multiple", 3, True, False, STOPPED_BY_TIME),  # fewer than asked, stopped by the clock
    ("multiple", 5, False, False, STOPPED_BY_LIMIT),  # as many as asked
    ("unknown", 1, True, False, STOPPED_BY_TIME),
    ("unique", 1, True, True, ""),  # proven, whenever it came back
])
def test_a_count_is_complete_only_when_the_search_was_exhausted(
    monkeypatch: pytest.MonkeyPatch, status: str, found: int, late: bool, complete: bool,
    stopped: str
) -> None:
    gm = _model()

    def fake(gm, answer_vars, *, backend, max_solutions, deadline, workers, **_):  # noqa: ANN001, ANN003
        answers = [[x] for x in range(4)] * 2
        return BackendResult(status, answers[:found], {}, "sat", timed_out=late)

    monkeypatch.setattr("sapphire.backend.solve", fake)
    monkeypatch.setattr("sapphire.pipeline._verify", lambda gm, solutions: None)
    _, counted = search_model(gm, max_solutions=2, count_limit=5,
                               deadline=Deadline.after(0.2))
    assert (counted.found, counted.complete, counted.stopped) == (found, complete, stopped)


def test_a_count_counts_only_answers_verified_within_the_time_limit(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    gm = _model()
    answers = [[x % 4] for x in range(5000)]

    def fake(gm, answer_vars, *, backend, max_solutions, deadline, workers, **_):  # noqa: ANN001, ANN003
        return BackendResult("multiple", list(answers), {}, "sat")  # exhausted, at once

    def slow(gm, solutions) -> None:  # noqa: ANN001
        time.sleep(0.05)  # a batch of answers takes a while to verify

    monkeypatch.setattr("sapphire.backend.solve", fake)
    monkeypatch.setattr("sapphire.pipeline._verify", slow)
    t0 = time.perf_counter()
    res, counted = search_model(gm, max_solutions=2, count_limit=10_000,
                                 deadline=Deadline.after(0.3))
    assert time.perf_counter() - t0 < 1.0  # 20 batches would take 1 s
    assert (counted.complete, counted.stopped) == (False, STOPPED_BY_TIME)
    assert 2 <= counted.found < 5000 and len(res.solutions) == 2
    _, counted = search_model(gm, max_solutions=2, count_limit=10_000)  # no limit: all
    assert (counted.found, counted.complete) == (5000, True)
