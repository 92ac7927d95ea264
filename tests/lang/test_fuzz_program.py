"""Fuzzing the Sapphire program reader through `sapphire check PROGRAM.sapphire`: any text
is parsed and type-checked, or refused with every error at FILE:LINE:COL, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzzing import FUZZ, STRESS, check_command, inputs, stressed
from hypothesis import given

from sapphire.cli import main

ROOT = Path(__file__).parents[2]
SEEDS = [(ROOT / "examples" / "slitherlink" / "slitherlink-rules.sapphire")
         .read_text(encoding="utf-8")]
SEEDS += [p.read_text(encoding="utf-8")
          for p in sorted((ROOT / "tests" / "lang" / "cases").glob("*.sapphire"))[:40]]


@FUZZ
@given(text=inputs(SEEDS))
def test_fuzz_program_check_places_every_error(
    text: str, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "p.sapphire"
    check_command(main, ["check"], path, text, lambda: capsys.readouterr().err)


@STRESS
@given(text=stressed(SEEDS))
def test_stress_program_check_places_every_error(
    text: str, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "p.sapphire"
    check_command(main, ["check"], path, text, lambda: capsys.readouterr().err)
