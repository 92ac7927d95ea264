"""The pipeline's own work: every answer the solver returns is checked by the independent
evaluator before anyone sees it, and `has_answer` says yes, no or unknown."""

from __future__ import annotations

import pytest

import sapphire.backend
from sapphire.backend import BackendResult
from sapphire.diagnostics import InternalError
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.lang.parser import parse_program
from sapphire.pipeline import has_answer, solve_model


def model(text: str):  # noqa: ANN201 - a GroundModel
    return ground(parse_program(text, "t.sapphire"), data_to_instance({}))


def test_has_answer_says_yes_no_or_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    assert has_answer(model("x∈{0⋯3}\nx>2\n")) is True
    assert has_answer(model("x∈{0⋯3}\nx>3\n")) is False
    monkeypatch.setattr(sapphire.backend, "solve", lambda *a, **k: BackendResult("unknown"))
    assert has_answer(model("x∈{0⋯3}\nx>2\n")) is None


def test_a_wrong_answer_from_the_solver_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    gm = model("x∈{0⋯3}\nx>2\n")
    wrong = [0] * len(gm.variables)  # x = 0 breaks x>2
    monkeypatch.setattr(sapphire.backend, "solve",
                        lambda *a, **k: BackendResult("unique", [wrong]))
    with pytest.raises(InternalError, match="fails verification"):
        has_answer(gm)
    with pytest.raises(InternalError, match="fails verification"):
        solve_model(gm)


def test_a_scalar_its_facts_fix_is_in_the_answer() -> None:
    """`x∈{5 6}` and `x¬=6` leave x no choice: no solver variable, but a source variable all
    the same, listed with its value (as a map point fixed so is)."""
    from sapphire.pipeline import decode

    gm = model("x∈{5 6}\nx¬=6\ny∈{0 1}\n∀i∈{0 1} ⦗f i⦘∈{3}\n")
    res = solve_model(gm)
    status, answers = res.status, res.solutions
    assert status == "multiple"
    assert sorted((decode(gm, a) for a in answers), key=lambda d: d["y"]) == [
        {"x": 5, "y": y, "f": [[0, 3], [1, 3]]} for y in (0, 1)]


CANDIDATES_CASE = "---\nlibrary: std\ngivens: |\n  1 2 3 4\n  3 4 1 2\n  . . . .\n  . . . .\n" \
    "---\nsudoku 4x4\n"
"""Four answers: rows 3 and 4 are 2 1 4 3 and 4 3 2 1, or 2 3 4 1 and 4 1 2 3, in either
order; every free cell has two candidates."""


def test_candidates_case_gives_the_union_of_the_answers() -> None:
    from sapphire.pipeline import candidates_case, solve_case

    every = solve_case("t.case", text=CANDIDATES_CASE, max_solutions=100, count_limit=100)
    assert every.complete and every.count > 1
    union = [[sorted({a["digits"][r][c] for a in every.solutions}) for c in range(4)]
             for r in range(4)]
    got = candidates_case("t.case", text=CANDIDATES_CASE)
    assert (got.status, got.complete, got.stopped) == ("multiple", True, "")
    assert got.candidates["digits"] == union
    assert 2 <= got.seen <= every.count


def test_candidates_stopped_by_the_time_limit_are_incomplete(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from sapphire.pipeline import candidates_case

    real = sapphire.backend.candidates

    def stopped(*args, **kwargs) -> BackendResult:  # noqa: ANN002, ANN003
        res = real(*args, **kwargs)
        return BackendResult("multiple", res.solutions[:2], res.timings, res.backend, True)

    monkeypatch.setattr(sapphire.backend, "candidates", stopped)
    got = candidates_case("t.case", text=CANDIDATES_CASE)
    assert (got.status, got.complete, got.stopped, got.seen) == ("multiple", False, "time", 2)


def test_a_wrong_candidate_witness_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from sapphire.pipeline import search_candidates

    gm = model("x∈{0⋯3}\nx>2\n")
    monkeypatch.setattr(sapphire.backend, "candidates",
                        lambda *a, **k: BackendResult("unique", [[0] * len(gm.variables)]))
    with pytest.raises(InternalError, match="fails verification"):
        search_candidates(gm)


def test_verify_names_every_line_that_states_a_broken_constraint() -> None:
    """Two lines stating the same cage ground to one constraint in a solve; the check keeps
    it once for each line, so both are named."""
    from sapphire.meaning import instantiate_checked, load_case
    from sapphire.verify import verify_answer

    text = "---\nlibrary: std\n---\nsudoku 4x4\ncage-1: cage r1c1-r1c2 total 3\n" \
        "cage-2: cage r1c1-r1c2 total 3\n"
    case, lib = load_case("t.case", (), "auto", text=text)
    inst = instantiate_checked(case, lib)
    good = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    assert verify_answer(inst, {"digits": good}).valid
    other = [[2, 1, 3, 4], [3, 4, 1, 2], [1, 2, 4, 3], [4, 3, 2, 1]]  # 2+1 holds the cages too
    assert verify_answer(inst, {"digits": other}).valid
    bad = [[1, 3, 2, 4], [2, 4, 1, 3], [3, 1, 4, 2], [4, 2, 3, 1]]
    checked = verify_answer(inst, {"digits": bad})
    assert not checked.valid
    lines = sorted(checked.spans[b.top].line for b in checked.breaches)
    assert lines == [5, 6]
    assert all(b.points == [("face", (1, 1)), ("face", (1, 2))] for b in checked.breaches)
