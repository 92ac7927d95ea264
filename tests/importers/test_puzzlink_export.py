"""`export_puzzlink`: a case written back as a link. Every corpus link of a genre read here
comes back exactly as pzprjs writes it, and the command line writes a case's link."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.importers.puzzlink import NAMES, export_puzzlink, puzzlink_to_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
SAMPLES = json.loads((FIXTURES / "puzzlink_samples.json").read_text(encoding="utf-8"))["puzzles"]
LINKS = [e["url"][0] for e in SAMPLES if e["genre"] in NAMES]


@pytest.mark.parametrize("url", LINKS, ids=[u.split("?")[1].split("/")[0] for u in LINKS])
def test_a_corpus_link_comes_back_as_it_was(url: str) -> None:
    assert export_puzzlink(puzzlink_to_case(url)) == url


def test_export_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = tmp_path / "slither.case"
    case.write_text(puzzlink_to_case("p?slither/5/5/cbcbcddad"), encoding="utf-8")
    assert main(["export", "puzzlink", str(case)]) == 0
    assert capsys.readouterr().out == "https://puzz.link/p?slither/5/5/cbcbcddad\n"
