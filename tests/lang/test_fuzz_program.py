"""Fuzzing the Sapphire program reader through `sapphire check PROGRAM.sapphire`: any text
is parsed and type-checked, or refused with every error at FILE:LINE:COL, never a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fuzzing import FUZZ, inputs
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
    path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
    code = main(["check", str(path)])
    err = capsys.readouterr().err
    assert code in (0, 1), err
    assert "Traceback" not in err
    placed = re.compile(re.escape(str(path)) + r":\d+:\d+: error: ")
    loose = [line for line in err.splitlines()
             if "error:" in line and not line.startswith(" ") and not placed.match(line)]
    assert loose == [], err
