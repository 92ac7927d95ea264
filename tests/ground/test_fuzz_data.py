"""Fuzzing the instance data reader: a program's data file, read and checked against the
program as `sapphire solve PROGRAM --data DATA` does before it grounds, either reads or is
refused with every error at its FILE:LINE:COL, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzzing import FUZZ, STRESS, inputs, stressed, unplaced
from hypothesis import given

from sapphire.cli.solve import _read_data
from sapphire.diagnostics import SapphireError
from sapphire.ground.grounder import data_to_instance
from sapphire.lang.instance import check_data, key_places
from sapphire.lang.types import typecheck_program
from sapphire.pipeline import read_program

ROOT = Path(__file__).parents[2]
PROGRAM = read_program(str(ROOT / "examples" / "slitherlink" / "slitherlink-rules.sapphire"))
SEEDS = [p.read_text(encoding="utf-8")
         for p in sorted((ROOT / "examples" / "slitherlink").glob("*.json"))]
SEEDS += ['{"n": 2, "m": 2, "pim": [[null, 3], [1, null]]}', '{"n": 1, "m": 1}']


@FUZZ
@given(text=inputs(SEEDS))
def test_fuzz_data_is_read_or_refused_at_a_place(
    text: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    read_or_refused(text, tmp_path_factory)


@STRESS
@given(text=stressed(SEEDS))
def test_stress_data_is_read_or_refused_at_a_place(
    text: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    read_or_refused(text, tmp_path_factory)


def read_or_refused(text: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "d.json"
    path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
    try:
        data, raw = _read_data(str(path))
        assert raw is not None
        place = key_places(str(path), raw)
        inst = data_to_instance(data, place, raw, str(path))
        check_data(PROGRAM, inst, place, raw)
        typecheck_program(PROGRAM, inst.constants, inst.terms)
    except SapphireError as e:
        assert unplaced(e.diagnostics) == []
    except RecursionError:  # the command reports input nested too deep as such (exit 1)
        pass

