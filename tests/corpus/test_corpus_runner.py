"""`bench/corpus.py` on a corpus of three ISS puzzles: it keeps going past failures, counts per
constraint type, and lists each failure with its reason (an unsupported type, a disputed
record)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "importers"


def load_runner():  # noqa: ANN201 - the bench script as a module
    spec = importlib.util.spec_from_file_location("corpus_runner", ROOT / "bench" / "corpus.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_runner_table_and_failures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    samples = json.loads((FIXTURES / "iss_samples.json").read_text(encoding="utf-8"))["puzzles"]
    (disputed,) = json.loads((FIXTURES / "iss_disputed.json").read_text(encoding="utf-8"))[
        "puzzles"]
    thermo = next(p for p in samples if p["name"] == "Thermo")
    unknown = {**thermo, "name": "made-up type", "constraint_base_types": ["Frobnicate"],
               "canonical_input": ".Frobnicate~R1C1~R1C2"}
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "iss.json").write_text(json.dumps([thermo, unknown, disputed]), encoding="utf-8")
    assert load_runner().main(["iss.json", "--corpus", str(corpus), "--time-limit", "30"]) == 0
    out = capsys.readouterr().out
    assert "== iss.json: 1/3 matched" in out
    rows = {line.split()[0]: line.split()[1:5] for line in out.splitlines()
            if line.startswith(("Thermo ", "Frobnicate ", "Sandwich "))}
    assert rows == {"Thermo": ["1", "1", "1", "1"], "Frobnicate": ["1", "0", "0", "0"],
                    "Sandwich": ["1", "1", "1", "0"]}
    assert "failures: disputed record 1, unsupported 1" in out
    assert "0-indexed: Sums and indexing: disputed record: wrong status: multiple, " \
           "expected unique; the record says unique" in out
    assert "made-up type: unsupported: " in out and "Frobnicate" in out


def test_rerun_takes_only_the_earlier_timeouts(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    samples = json.loads((FIXTURES / "iss_samples.json").read_text(encoding="utf-8"))["puzzles"]
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "iss.json").write_text(json.dumps(samples), encoding="utf-8")
    earlier = tmp_path / "earlier.json"
    earlier.write_text(json.dumps({"iss.json": [
        {"name": "Thermo", "matched": False, "reason": "timeout: no status within 20 s"},
        {"name": samples[0]["name"], "matched": True, "reason": ""},
    ]}), encoding="utf-8")
    runner = load_runner()
    assert runner.main(["iss.json", "--corpus", str(corpus), "--rerun", str(earlier)]) == 0
    out = capsys.readouterr().out
    assert "== iss.json: 1/1 matched" in out
    assert [line.split()[0] for line in out.splitlines()
            if line.split() and line.split()[0] == "Thermo"] == ["Thermo"]
    with pytest.raises(SystemExit, match="cannot read the earlier run"):
        runner.main(["iss.json", "--corpus", str(corpus), "--rerun", str(tmp_path / "none")])
    earlier.write_text(json.dumps(["Thermo"]), encoding="utf-8")
    with pytest.raises(SystemExit, match="is not what --json writes"):
        runner.main(["iss.json", "--corpus", str(corpus), "--rerun", str(earlier)])
