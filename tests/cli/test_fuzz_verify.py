"""Fuzzing the answers `sapphire verify` reads, as text and as JSON: any answer is checked
(exit 0 or 2) or refused with every error at ANSWER:LINE:COL, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fuzzing import FUZZ, STRESS, errors_without_a_place, inputs, stressed
from hypothesis import given

from sapphire.cli import main

CASE = Path(__file__).parents[2] / "examples" / "cases" / "killer-sudoku.case"
ANSWER = [[4, 3, 6, 1, 5, 2], [2, 5, 1, 6, 3, 4], [5, 6, 2, 4, 1, 3], [3, 1, 4, 2, 6, 5],
          [6, 4, 5, 3, 2, 1], [1, 2, 3, 5, 4, 6]]
SEEDS = [
    "\n".join(" ".join(map(str, row)) for row in ANSWER) + "\n",
    "".join(f"{''.join(map(str, row))}\n" for row in ANSWER),
    "status: unique\nsolution 1:\n" + "".join(f"  {' '.join(map(str, r))}\n" for r in ANSWER),
    json.dumps({"digits": ANSWER}),
    json.dumps({"status": "unique", "solutions": [{"digits": ANSWER}]}, indent=1),
]


def verifies_or_is_placed(text: str, tmp_path_factory: pytest.TempPathFactory,
                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "answer.txt"
    path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
    code = main(["verify", str(CASE), str(path)])
    err = capsys.readouterr().err
    assert code in (0, 1, 2), f"verify exited {code}:\n{err}"
    assert "Traceback" not in err
    assert errors_without_a_place(err, str(path)) == [], err


def test_the_seeds_are_valid(tmp_path_factory: pytest.TempPathFactory,
                             capsys: pytest.CaptureFixture[str]) -> None:
    for seed in SEEDS:
        path = tmp_path_factory.mktemp("seed") / "answer.txt"
        path.write_text(seed, encoding="utf-8")
        assert main(["verify", str(CASE), str(path)]) == 0, capsys.readouterr().err


@FUZZ
@given(text=inputs(SEEDS))
def test_fuzz_verify_places_every_error(text: str, tmp_path_factory: pytest.TempPathFactory,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    verifies_or_is_placed(text, tmp_path_factory, capsys)


@STRESS
@given(text=stressed(SEEDS))
def test_stress_verify_places_every_error(text: str,
                                          tmp_path_factory: pytest.TempPathFactory,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    verifies_or_is_placed(text, tmp_path_factory, capsys)
