"""`sapphire kinds [QUERY]`: the library's kinds found by name, title, other names and prose,
one line each, as text or JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.library import load_library


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["kinds", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_query_lists_the_kinds_it_finds_best_first(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    status, out, err = run(capsys, "killer")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == ["cage", "little-killer", "rellik-cage",
                                                    "any-of"]
    assert lines[0].startswith("cage           Killer cage — The values in the cage's cells")
    assert all(len(line) <= 100 for line in lines)


def test_words_of_a_query_need_no_quotes(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "german", "whispers")[1].split()[0] == "whisper"


def test_no_query_lists_every_kind(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys)
    kinds = [line.split()[0] for line in out.splitlines()]
    assert status == 0 and kinds == load_library("std", Path(".")).kinds()
    assert "prelude" not in kinds


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "kropki", "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["query"] == "kropki" and data["count"] == 6
    first = data["kinds"][0]
    assert (first["kind"], first["title"], first["matched"], first["on"]) == (
        "black-dot", "Black Kropki dot", "name", "kropki")
    assert "kropki" in first["also"] and first["summary"].endswith(".")
    assert [k["matched"] for k in data["kinds"]] == ["name", "name"] + ["words of a name"] * 3 \
        + ["description"]


def test_nothing_found_is_said_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "zebra") == (
        0, "", f"no kind matches 'zebra'; 'sapphire kinds' lists all "
        f"{len(load_library('std', Path('.')).kinds())}\n")


def test_a_library_folder_is_searched_with_std(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "zebra-line.md").write_text(
        "---\nkind: zebra-line\ntitle: Zebra line\nscope: cells\ncells: path\n"
        "also: [stripes]\n---\n\nDigits alternate odd and even.\n\n```text\nzebra-line r1c1-r1c2\n"
        "```\n\n```sapphire\n∀⟨r c⟩∈S: ⦗face r c⦘¬=0\n```\n", encoding="utf-8")
    status, out, _ = run(capsys, "stripes", "--library", str(tmp_path))
    assert status == 0 and out.split()[:3] == ["zebra-line", "Zebra", "line"]
    status, out, err = run(capsys, "--library", str(tmp_path / "none"))
    assert status == 1 and "no such folder" in err
