"""Fuzzing the case reader through `sapphire check` and `sapphire fmt`: any text is either
accepted or refused with every error at FILE:LINE:COL, never a traceback (exit 70)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzzing import FUZZ, STRESS, check_command, inputs, stressed
from hypothesis import given

from sapphire.cli import main

ROOT = Path(__file__).parents[2]
SEEDS = [p.read_text(encoding="utf-8")
         for p in sorted((ROOT / "examples" / "cases").glob("*.case"))]
SEEDS += [
    "---\nlibrary: std\ntitle: \"a\"\nextra-cells: 2\ngivens: |\n  1 . . .\n  . . . .\n"
    "  . . . .\n  . . . 4\n  . .\n---\nsudoku 4x4\ncage-1: not cage r1c1-r1c2 total 7 if uniform\n"
    "cage-2: cage r5c1,r5c2 total 3\nany-of rules [\"renban r1c1-r1c2\", \"thermo r2c1-r2c3\"]\n",
    "---\nlibrary: std\nnegate: all\nboard: 3x3\n---\nanti-king\nnot not nabner r1c1-r2c2 "
    "distinct true unless connected\n",
]


@FUZZ
@given(text=inputs(SEEDS))
def test_fuzz_check_and_fmt_place_every_error(
    text: str, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "p.case"
    for command in ("check", "fmt"):
        check_command(main, [command], path, text, lambda: capsys.readouterr().err)


@STRESS
@given(text=stressed(SEEDS))
def test_stress_check_places_every_error(
    text: str, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "p.case"
    check_command(main, ["check"], path, text, lambda: capsys.readouterr().err)
