"""Fuzzing every importer: an ISS string, an f-puzzles JSON or payload, a puzzlekit problem
of each genre, mutated, either imports or is refused with every error at FILE:LINE:COL of the
text, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fuzzing import FUZZ, STRESS, inputs, stressed, unplaced
from hypothesis import given

from sapphire.diagnostics import SapphireError
from sapphire.formats.common import decompress
from sapphire.importers import import_puzzle

FIXTURES = Path(__file__).parents[1] / "fixtures" / "importers"


def _load(name: str) -> object:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


ISS = [str(p.get("canonical_input") or p.get("input"))
       for p in _load("iss_samples.json")["puzzles"]][:60]  # type: ignore[index]
ISS += [".~R1C1_5.Cage~17~R1C1~R1C2.Or.~R2C2_1.Thermo~R3C3~R3C4.End.AntiKing"]
FPUZZLES: list[str] = []
for entry in _load("fpuzzles_mit.json"):  # type: ignore[union-attr]
    raw = entry["raw"]
    FPUZZLES.append(raw)
    plain = decompress(raw) if not raw.startswith(("{", "scl", "http")) else None
    if plain:  # the JSON itself too, so that edits land in its syntax
        FPUZZLES.append(json.dumps(json.loads(plain), indent=1))
PUZZLEKIT = _load("puzzlekit_samples.json")["genres"]  # type: ignore[index]


def imports_or_is_placed(fmt: str, text: str) -> None:
    try:
        import_puzzle(fmt, text, label="p.txt")
    except SapphireError as e:
        assert unplaced(e.diagnostics) == []
    except RecursionError:  # the command reports input nested too deep as such (exit 1)
        pass


@FUZZ
@given(text=inputs(ISS))
def test_fuzz_iss(text: str) -> None:
    imports_or_is_placed("iss", text)


@FUZZ
@given(text=inputs(FPUZZLES))
def test_fuzz_fpuzzles(text: str) -> None:
    imports_or_is_placed("fpuzzles", text)


@pytest.mark.parametrize("genre", sorted(PUZZLEKIT))
def test_fuzz_puzzlekit(genre: str) -> None:
    seeds = [e["problem"] for e in PUZZLEKIT[genre]]

    @FUZZ
    @given(text=inputs(seeds))
    def run(text: str) -> None:
        imports_or_is_placed(f"puzzlekit:{genre}", text)

    run()


@STRESS
@given(text=stressed(ISS))
def test_stress_iss(text: str) -> None:
    imports_or_is_placed("iss", text)


@STRESS
@given(text=stressed(FPUZZLES))
def test_stress_fpuzzles(text: str) -> None:
    imports_or_is_placed("fpuzzles", text)
