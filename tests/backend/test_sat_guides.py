"""A rule's guide (a ```sapphire guide block) leads a SAT search that finds no answer soon
to its first answer, and never changes what counts: NumberLink's guide says a line does not
run beside itself. `GUIDE_AFTER` is set to 0 so that the guides lead from the start."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.backend.sat import search
from sapphire.backend.sat.lowering import SatLowering
from sapphire.meaning.instantiate import instantiate_checked, load_case
from sapphire.pipeline import answer_variables, ground_model, solve_case


@pytest.fixture(autouse=True)
def guides_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "GUIDE_AFTER", 0.0)


def solved(tmp_path: Path, board: str, line: str, max_solutions: int,
           backend: str = "sat") -> object:
    path = tmp_path / "case.md"
    path.write_text(f"---\nlibrary: std\nboard: {board}\n---\n{line}\n", encoding="utf-8")
    return solve_case(str(path), max_solutions=max_solutions, backend=backend)


def test_the_first_answer_keeps_the_guide(tmp_path: Path) -> None:
    # r2c2 and r2c3 are joined directly, or by one of many lines around (without the guide,
    # CaDiCaL's first answer is a line of 13 links); only the direct link keeps the guide
    res = solved(tmp_path, "4x4", "numberlink r2c2-r2c3", 1)
    assert res.status == "multiple"
    links = res.solutions[0]["links"]  # type: ignore[attr-defined]
    assert links["across"][1][1] == 1
    assert sum(map(sum, links["across"])) + sum(map(sum, links["down"])) == 1


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_an_answer_breaking_the_guide_still_counts(tmp_path: Path, backend: str) -> None:
    # on a 2x3 board filled by one line from r1c1 to r1c2, the line runs beside itself:
    # r1c1-r2c1-r3c1-r3c2-r2c2-r1c2, the only answer
    res = solved(tmp_path, "3x2", "numberlink r1c1-r1c2 fill true", 3, backend)
    assert (res.status, res.count) == ("unique", 1)


def test_answers_with_and_without_the_guide_are_all_counted(tmp_path: Path) -> None:
    # the direct link keeps the guide; brute force (tests/library/test_shapes_kinds.py)
    # counts the lines of 2x2 r1c1-r1c2: the link, and the way round by r2c1 and r2c2
    res = solved(tmp_path, "2x2", "numberlink r1c1-r1c2", 5)
    assert (res.status, res.count) == ("multiple", 2)


def test_the_model_clauses_never_read_the_guides(tmp_path: Path) -> None:
    path = tmp_path / "case.md"
    path.write_text("---\nlibrary: std\nboard: 4x4\n---\nnumberlink r2c2-r2c3\n", encoding="utf-8")
    inst = instantiate_checked(*load_case(str(path), ()))
    gm = ground_model(inst.program, inst.instance)
    low = SatLowering(gm, answer_variables(gm))
    low.post_model()
    assert low.post_guides()
    # one guide constraint a pair of side neighbours: 12 across, 12 down
    assert len(gm.guides) == 24 and low.guide and low.guide_clauses
    defined = {abs(lit) for clause in low.cnf.clauses for lit in clause}
    assert low.guide not in defined
    assert {abs(lit) for clause in low.guide_clauses for lit in clause} & defined


def test_a_guide_checked_on_answers_is_left_out(tmp_path: Path) -> None:
    # a copy of numberlink whose guide is a connectivity (the cells named 1, the first
    # line's, are one piece): the SAT clauses cannot guard a check on answers by the guides'
    # literal, so there are no guides
    std = Path(__file__).resolve().parents[2] / "src/sapphire/library/std/numberlink.md"
    text = std.read_text(encoding="utf-8").replace("kind: numberlink\n", "kind: linked\n")
    guide_start = text.index("```sapphire guide\n") + len("```sapphire guide\n")
    text = text[:guide_start] + "connected⟨r c⟩∈board: ⦗region r c⦘=1\n```\n"
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "linked.md").write_text(text, encoding="utf-8")
    path = tmp_path / "case.md"
    path.write_text("---\nlibrary: [std, ./mine]\nboard: 2x2\n---\nlinked r1c1-r1c2\n",
                    encoding="utf-8")
    inst = instantiate_checked(*load_case(str(path), ()))
    gm = ground_model(inst.program, inst.instance)
    low = SatLowering(gm, answer_variables(gm))
    low.post_model()
    assert gm.guides and not low.post_guides()
    assert (low.guide, low.guide_clauses, len(low.lazy)) == (0, [], 1)
    res = solve_case(str(path), max_solutions=5, backend="sat")
    assert (res.status, res.count) == ("multiple", 2)
