"""The hand-written CP-SAT model of the seed encoding, on the fixtures: it is the bench baseline,
so it must itself find the known answer and prove it unique."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from slitherlink_corpus import SlitherlinkPuzzle, check_loop, read_fixture

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "slitherlink"


def _load_bench():
    name = "handwritten_slitherlink"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, REPO / "bench" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("enumerating", [False, True])
@pytest.mark.parametrize("name", ["pzprjs_test_5x5", "pk_11_5x5", "pk_37_7x7", "pk_268_10x10"])
def test_handwritten_model_finds_the_known_unique_answer(name: str, enumerating: bool) -> None:
    bench = _load_bench()
    p = read_fixture(FIXTURES / f"{name}.json")
    solve = bench.solve_enumerating if enumerating else bench.solve_handwritten
    r = solve(p, time_limit=60)
    assert r.status == "unique"
    assert (r.vrt, r.hrz) == (p.vrt, p.hrz)
    assert check_loop(p, r.vrt, r.hrz)


@pytest.mark.parametrize("enumerating", [False, True])
def test_handwritten_model_reports_multiple_without_clues(enumerating: bool) -> None:
    bench = _load_bench()
    p = SlitherlinkPuzzle("blank", 2, 2, ((None, None), (None, None)), None, None, "")
    solve = bench.solve_enumerating if enumerating else bench.solve_handwritten
    r = solve(p, time_limit=30)
    assert r.status == "multiple"
    assert check_loop(p, r.vrt, r.hrz)


@pytest.mark.parametrize("enumerating", [False, True])
def test_handwritten_model_reports_none_for_contradictory_clues(enumerating: bool) -> None:
    bench = _load_bench()
    p = SlitherlinkPuzzle("bad", 2, 2, ((0, 0), (0, 3)), None, None, "")
    solve = bench.solve_enumerating if enumerating else bench.solve_handwritten
    assert solve(p, time_limit=30).status == "none"
