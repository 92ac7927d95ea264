"""What `sapphire check` says to someone writing a rule kind of their own, for the slips a new
author makes: a misspelt parameter, a bracket or a word where a symbol of the language
belongs, and a kind that reads the shading it does not declare."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.cli import main

KIND = """---
kind: mycage
title: My cage
scope: cells
cells: set
parameters:
  total:
    type: integer
    required: true
---

# My cage

```sapphire
{meaning}
```
"""

CASE = "---\nlibrary: ./\nboard: 4x4\n---\nsudoku 4x4\nmycage r1c1-r1c2 total 3\n"


def _check(tmp_path: Path, meaning: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    (tmp_path / "mycage.md").write_text(KIND.format(meaning=meaning), encoding="utf-8")
    (tmp_path / "t.case").write_text(CASE, encoding="utf-8")
    assert main(["check", str(tmp_path / "t.case")]) == 1
    return capsys.readouterr().err.splitlines()


def test_a_misspelt_parameter_is_named_with_the_parameters(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _check(tmp_path, "(Σ⟨r c⟩∈S: ⦗value r c⦘) = totl", capsys)
    assert err[0] == (f"{tmp_path / 'mycage.md'}:15:27: error: the meaning of 'mycage' reads "
                      "'totl', which is no parameter of the kind and no name the prelude gives")
    assert err[1:3] == ["  (Σ⟨r c⟩∈S: ⦗value r c⦘) = totl", "                            ^^^^"]
    assert err[3] == "  hint: did you mean 'total'? the parameters of 'mycage' are total"


def test_a_square_bracket_points_to_the_map_brackets(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _check(tmp_path, "(Σ⟨r c⟩∈S: [value r c]) = total", capsys)
    assert err[0].endswith(":15:12: error: unknown operator or character '['")
    assert err[-1] == "  hint: a map is read with ⦗ ⦘ (U+2997 and U+2998): ⦗value r c⦘"


def test_an_unknown_character_points_to_the_language_page(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _check(tmp_path, "(Σ⟨r c⟩∈S: ⦗value r c⦘) = total @ 1", capsys)
    assert err[-1] == "  hint: docs/language.md lists the accepted symbols under 'Operators'"
    assert (Path(__file__).parents[2] / "docs" / "language.md").read_text(
        encoding="utf-8").count("\n## Operators\n") == 1


def test_the_word_sum_hints_at_sigma(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    err = _check(tmp_path, "(sum i∈S: 1) = total", capsys)
    assert err[0].endswith(":15:6: error: unexpected 'i' after a complete expression")
    assert err[-1] == "  hint: a sum is written with Σ: 'Σ⟨r c⟩∈S: ⦗value r c⦘' (∑ is read too)"


def test_a_kind_reading_the_shading_is_told_it_may_declare_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _check(tmp_path, "(Σ⟨r c⟩∈S: ⦗shade r c⦘) = total", capsys)
    assert err[0].endswith(":6:1: error: 'mycage' reads the shading, but no rule declares it")
    assert err[-1].startswith(
        "  hint: if the lines of 'mycage' make the shading, add 'declares: [shading]' to the "
        f"front matter of {tmp_path / 'mycage.md'}; else add a line that declares it: '")


def test_a_bundled_kind_reading_the_shading_names_kinds_that_declare_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "t.case").write_text("---\nlibrary: std\nboard: 4x4\n---\nisland r1c1 size 2\n",
                                     encoding="utf-8")
    assert main(["check", str(tmp_path / "t.case")]) == 1
    assert capsys.readouterr().err.splitlines()[-1] == (
        "  hint: add a line that declares them: 'nurikabe'")
