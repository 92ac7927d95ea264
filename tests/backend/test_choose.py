"""`auto`'s choice of backend from a model's features (`sapphire.backend.choose`).

A region map goes to CP-SAT unless each of its groups has a certain member and it is small;
a variable with more values than a board side or two goes to CP-SAT. Whichever backend is
chosen, the answers are the same, and as many as brute force finds.
"""

from __future__ import annotations

import pytest
from test_partition import brute, program

from sapphire.backend import choose as chooser
from sapphire.backend import solve
from sapphire.backend.choose import SAT_VALUES
from sapphire.builtins.connected import RegionMap, region_map
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.ground.implied import imply
from sapphire.lang.parser import parse_program
from sapphire.model import GroundModel
from sapphire.pipeline import answer_variables


def grounded(text: str) -> GroundModel:
    return imply(ground(parse_program(text, "t.sapphire"), data_to_instance({})))


def chosen(gm: GroundModel) -> str:
    return chooser.choose(gm, answer_variables(gm))


# three groups on a 2×3 board; with a cell fixed in each, every group is anchored
LABELS, FIXED = [1, 2, 3], {(1, 1): 1, (1, 3): 2, (2, 2): 3}
ANCHORED = program(2, 3, "1 2 3", "1 2 3",
                   "".join(f"⦗g {r} {c}⦘={v}\n" for (r, c), v in FIXED.items()))
LOOSE = program(2, 3, "1 2 3", "1 2 3", "⦗g 1 1⦘=1\n")


def test_a_region_map_tells_whether_each_group_has_a_certain_member() -> None:
    assert region_map(grounded(ANCHORED)) == RegionMap(groups=3, cells=6, anchored=True)
    assert region_map(grounded(LOOSE)) == RegionMap(groups=3, cells=6, anchored=False)
    assert region_map(grounded(program(2, 3, "0 1", "1"))) is None


def test_an_anchored_region_map_goes_to_sat_unless_large(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert chosen(grounded(ANCHORED)) == "sat"
    assert chosen(grounded(LOOSE)) == "cpsat"
    monkeypatch.setattr(chooser, "ANCHORED_CELLS", 5)
    assert chosen(grounded(ANCHORED)) == "cpsat"


@pytest.mark.parametrize("text, fixed", [(ANCHORED, FIXED), (LOOSE, {(1, 1): 1})])
def test_either_choice_counts_the_region_maps_brute_force_finds(
        text: str, fixed: dict[tuple[int, int], int]) -> None:
    gm = grounded(text)
    av = answer_variables(gm)
    res = solve(gm, av, backend="auto", max_solutions=10_000)
    assert res.backend == chosen(gm)
    answers = {tuple(s[v] for v in av) for s in res.solutions}
    assert len(answers) == len(res.solutions) == brute(2, 3, LABELS, LABELS, fixed)


@pytest.mark.parametrize("values, backend", [(SAT_VALUES, "sat"), (SAT_VALUES + 1, "cpsat")])
def test_a_wide_variable_goes_to_cpsat(values: int, backend: str) -> None:
    # x + y = values + 1 with x, y ∈ 1⋯values: one answer per x, on either backend
    text = f"x∈{{1⋯{values}}}\ny∈{{1⋯{values}}}\nx+y={values + 1}\nx<=3\n"
    gm = grounded(text)
    assert chosen(gm) == backend
    res = solve(gm, answer_variables(gm), backend="auto", max_solutions=10)
    assert res.backend == backend and len(res.solutions) == 3
