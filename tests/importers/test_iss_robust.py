"""A malformed ISS string is an error that names the constraint, never a traceback: every
constraint of the fixture puzzles is imported with each shorter argument list, and every
constraint type the importer reads is imported with no arguments at all."""

from __future__ import annotations

import pytest
from iss_fixtures import load

from sapphire.diagnostics import SapphireError
from sapphire.importers import iss_to_case
from sapphire.importers.iss import HANDLERS


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


def test_a_missing_total_names_the_constraint() -> None:
    refused = _imports_or_refuses(".LittleKiller~5")
    assert refused is not None and refused.kinds == ["unsupported-import"]
    assert "too few arguments in .LittleKiller~5" in str(refused)
    refused = _imports_or_refuses(".Cage~5")
    assert refused is not None
    assert str(refused).startswith("error: the import writes `cage total 5`, and 'cage' applies "
                                   "to cells, and none are listed")
