"""A malformed ISS string is an error that names the constraint, never a traceback: every
constraint of the fixture puzzles is imported with each shorter argument list, and every
constraint type the importer reads is imported with no arguments at all."""

from __future__ import annotations

import pytest
from iss_fixtures import load

from sapphire.diagnostics import SapphireError
from sapphire.importers import iss_to_case
from sapphire.importers.iss.handlers import HANDLERS


def _pieces() -> list[tuple[str, str]]:
    """(the puzzle's `.Shape` or '', one constraint) of every fixture puzzle."""
    out = []
    for entry in load("iss_samples.json"):
        parts = entry["canonical_input"].split(".")[1:]
        shape = next((f".{p}" for p in parts if p.startswith("Shape~")), "")
        out.extend((shape, p) for p in parts if p and not p.startswith(("Shape~", "~")))
    return sorted(set(out))


def _imports_or_refuses(text: str) -> SapphireError | None:
    try:
        iss_to_case(text)
    except SapphireError as e:
        return e
    return None


@pytest.mark.parametrize(("shape", "piece"), _pieces())
def test_every_shorter_argument_list_imports_or_is_refused(shape: str, piece: str) -> None:
    kind, *args = piece.split("~")
    for k in range(len(args)):
        _imports_or_refuses(f"{shape}.{'~'.join([kind, *args[:k]])}")


@pytest.mark.parametrize("kind", sorted(HANDLERS))
def test_a_constraint_without_arguments_is_refused_by_name(kind: str) -> None:
    refused = _imports_or_refuses(f".{kind}")
    if refused is not None:
        text = str(refused)
        assert kind in text or "the import writes" in text, text


def test_a_missing_argument_names_the_constraint_as_written() -> None:
    refused = _imports_or_refuses(".LittleKiller~5.Cage.Foo")
    assert refused is not None
    assert refused.kinds == ["bad-iss", "bad-iss", "unsupported-import"]
    assert [d.message for d in refused.diagnostics[:2]] == [
        "not an ISS constraint string: '.LittleKiller~5' has too few arguments",
        "not an ISS constraint string: '.Cage' has too few arguments"]
    refused = _imports_or_refuses(".Or.Cage.~R1C1_1.End")  # inside a group: the branch
    assert refused is not None and refused.kinds == ["bad-iss"]
    assert "'.Cage' has too few arguments" in str(refused)


@pytest.mark.parametrize(("text", "written"), [
    (".Cage~5", "cage total 5"),
    (".Or.Cage~3.~R1C1_1.End", 'any-of rules ["cage total 3","quadruple r1c1 digits [1]"]'),
])
def test_a_rule_line_the_library_refuses_is_shown_as_written(text: str, written: str) -> None:
    refused = _imports_or_refuses(text)
    assert refused is not None
    # placed at the constraint string's start: which constraint wrote the line is not kept
    assert str(refused).startswith(f"<iss>:1:1: error: the import writes `{written}`, and "
                                   "'cage' applies to cells, and none are listed")
