"""A rule's implied facts, on a Slitherlink kind whose meaning is the seed program verbatim
(`tests/fixtures/ordered-slitherlink`, the ordering `id` included) and whose implied block
states the connectivity the ordering proves: the facts keep every loop, they hold only where
the rule is asserted, and with them the search works without the ordering and still finds the
known loop."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from seed_fixtures import load_fixture, slitherlink_fixtures

from sapphire.backend.cpsat import search as cpsat
from sapphire.builtins.connected import Connected
from sapphire.diagnostics import SapphireError
from sapphire.ground import witness
from sapphire.ground.grounder import ground
from sapphire.meaning.instantiate import instantiate_checked, load_case
from sapphire.pipeline import solve_case


@pytest.fixture
def relaxed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small boards searched through the relaxation, as large ones are."""
    monkeypatch.setattr(cpsat, "LARGE_MODEL", 0)
    monkeypatch.setattr(cpsat, "ENUMERATION_BUDGETS", ())
    monkeypatch.setattr(cpsat, "RELAX_AFTER", 0.0)


ORDERED = Path(__file__).parents[1] / "fixtures" / "ordered-slitherlink"


def case(tmp_path: Path, clues: list[list[int | None]], negated: bool = False,
         library: str | None = None) -> str:
    if library is None:  # a case reads a library folder beside it: the fixture's copy
        if not (tmp_path / "ordered").exists():
            shutil.copytree(ORDERED, tmp_path / "ordered")
        library = "ordered"
    rows = "\n".join("  " + " ".join("." if v is None else str(v) for v in row)
                     for row in clues)
    text = (f"---\nlibrary: {library}\nboard: {len(clues)}x{len(clues[0])}\nclues: |\n{rows}\n---\n"
            + ("not " if negated else "") + "slitherlink\n")
    path = tmp_path / "puzzle.case"
    path.write_text(text, encoding="utf-8")
    return str(path)


def edges(rows: list[list[int]], n_rows: int, n_cols: int) -> list[list[int | None]]:
    grid: list[list[int | None]] = [[None] * n_cols for _ in range(n_rows)]
    for a, b, v in rows:
        if 0 <= a < n_rows and 0 <= b < n_cols:
            grid[a][b] = v
    return grid


@pytest.mark.usefixtures("relaxed")
@pytest.mark.parametrize("backend", ["cpsat", "sat"])
def test_every_loop_of_a_blank_board_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             backend: str) -> None:
    # the 4×4 lattice has 213 cycles (OEIS A140517); the ordering of a 3×3 board has 17
    # values, so a lower width makes it a witness and the relaxation searches without it
    monkeypatch.setattr(witness, "WITNESS_VALUES", 8)
    res = solve_case(case(tmp_path, [[None] * 3] * 3), max_solutions=300, backend=backend)
    assert (res.status, len(res.solutions)) == ("multiple", 213)
    assert "witness" in res.timings


def test_implied_facts_hold_only_where_the_rule_is_asserted(tmp_path: Path) -> None:
    c, lib = load_case(case(tmp_path, [[None, 0], [None, None]]))
    inst = instantiate_checked(c, lib)
    assert len(inst.program.implied) == 1
    gm = ground(inst.program, inst.instance)
    implied = [con for con in gm.constraints if con.implied]
    assert len(implied) == 2 and all(isinstance(con.formula, Connected) for con in implied)
    assert not any(isinstance(con.formula, Connected) for con in gm.constraints
                   if not con.implied)
    # `not slitherlink` holds where the meaning fails, and there the facts need not hold
    c, lib = load_case(case(tmp_path, [[None, 0], [None, None]], negated=True))
    assert instantiate_checked(c, lib).program.implied == ()


@pytest.mark.usefixtures("relaxed")
@pytest.mark.parametrize("backend", ["cpsat", "sat"])
@pytest.mark.parametrize("path", slitherlink_fixtures()[:2], ids=lambda p: p.stem)
def test_fixture_solves_through_the_relaxation(path: Path, tmp_path: Path, backend: str) -> None:
    fx = load_fixture(path)
    n, m = fx["data"]["n"], fx["data"]["m"]
    res = solve_case(case(tmp_path, fx["data"]["pim"]), backend=backend)
    assert res.status == "unique"
    assert "witness" in res.timings  # a 5×5 board: an ordering of 37 values
    values = res.solutions[0]["values"]
    assert edges(values["vrt"], n + 1, m) == fx["solution"]["vrt"]
    assert edges(values["hrz"], n, m + 1) == fx["solution"]["hrz"]


def test_a_small_board_is_solved_with_its_ordering_alone(tmp_path: Path) -> None:
    """CP-SAT searches a small board with its ordering; the SAT backend always relaxes it."""
    fx = load_fixture(slitherlink_fixtures()[0])
    res = solve_case(case(tmp_path, fx["data"]["pim"]), backend="cpsat")
    assert res.status == "unique" and "witness" not in res.timings
    assert "enumerate" in res.timings  # the implied connectivity left out, as at 5x5 before


def test_a_fact_the_meaning_does_not_imply_is_reported(tmp_path: Path) -> None:
    """Claim that the top-left cell is always inside: the blank 2x2 board has loops without
    it. A search that leaves the implied facts out finds one and reports the fact (CP-SAT
    on a small board; a relaxation trusts its facts)."""
    lib = tmp_path / "lib"
    lib.mkdir()
    text = (ORDERED / "slitherlink.md").read_text(encoding="utf-8")
    wrong = text.replace("```sapphire implied\n", "```sapphire implied\n⦗in? 0 0⦘=1\n")
    (lib / "slitherlink.md").write_text(wrong, encoding="utf-8")
    line = wrong.splitlines().index("⦗in? 0 0⦘=1") + 1
    with pytest.raises(SapphireError) as exc:
        solve_case(case(tmp_path, [[None, None], [None, 2]], library=str(lib)), max_solutions=20,
                   backend="cpsat")
    d = exc.value.diagnostics[0]
    assert (d.kind, d.span.line) == ("not-implied", line)
    assert d.span.file.endswith("slitherlink.md") and "implied" in (d.hint or "")
