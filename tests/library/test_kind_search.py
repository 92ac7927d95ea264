"""Kinds found by the words setters use: the `also` field of a definition, the search that
ranks kinds by name, title, other names and prose, and the "did you mean" of an unknown kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.case.parser import parse_case
from sapphire.diagnostics import SapphireError
from sapphire.library import load_library, parse_definition
from sapphire.library.search import CLOSE, EXACT, TEXT, WORDS, first_sentence, search, suggestions

BODY = ("The rule explained.\n\n```text\nthing r1c1\n```\n\n"
        "```sapphire\n∀⟨r c⟩∈S: ⦗face r c⦘¬=5\n```\n")


def definition(front: str):
    return parse_definition(f"---\nkind: thing\nscope: cells\ncells: set\n{front}---\n\n{BODY}",
                            "thing.md")


def errors(front: str) -> list[tuple[str, int, int, str]]:
    with pytest.raises(SapphireError) as exc:
        definition(front)
    return [(d.kind, d.span.line, d.span.col, d.message) for d in exc.value.diagnostics]


@pytest.fixture(scope="module")
def std():
    return load_library("std", Path("."))


def test_also_is_read_in_lower_case() -> None:
    assert definition("also: [Killer, killer cage]\n").also == ("killer", "killer cage")
    assert definition("").also == ()


def test_bad_also_values_are_errors_at_their_place() -> None:
    # line 5 is the field: a name alone is not a list
    assert errors("also: killer\n") == [
        ("bad-field", 5, 7, "'also' must be a list such as [a, b]")]
    assert errors("also: [killer, 3]\n") == [("bad-field", 5, 16, "'also' holds names, not 3")]
    assert errors("also: [killer, '  ']\n") == [
        ("bad-field", 5, 16, "'also' holds names of one line, not an empty one")]
    assert errors("also: [killer, Killer]\n") == [
        ("bad-field", 5, 16, "'also' names 'Killer' twice")]


def test_also_in_the_prelude_is_an_unknown_field() -> None:
    from sapphire.library import parse_prelude

    with pytest.raises(SapphireError) as exc:
        parse_prelude("---\nkind: prelude\nalso: [x]\n---\n\nText.\n\n```sapphire\ntrue\n```\n",
                      "prelude.md")
    assert ("unknown-field", 3) in [(d.kind, d.span.line) for d in exc.value.diagnostics]


@pytest.mark.parametrize(("name", "kinds"), [
    ("killer", ["cage"]),
    ("killer-cage", ["cage"]),  # the title, not rellik-cage, the opposite rule
    ("kropki", ["black-dot", "white-dot"]),
    ("sandwich", ["lunchbox"]),
    ("german-whispers", ["whisper"]),
    ("masyu", ["black-circle", "loop", "white-circle"]),
    ("renbam", ["renban"]),  # spelt close
    ("thermometr", ["thermo", "thermometer"]),  # close to a title and to a kind
    ("zebra", []),
])
def test_suggestions_by_title_and_other_names(std, name: str, kinds: list[str]) -> None:
    assert [f.kind for f in suggestions(std.definitions(), name)] == kinds


def test_search_ranks_names_before_words_before_spelling_before_prose(std) -> None:
    found = search(std.definitions(), "killer")
    assert [(f.kind, f.tier) for f in found] == [
        ("cage", EXACT), ("little-killer", WORDS), ("rellik-cage", WORDS), ("any-of", TEXT)]
    assert found[0].matched == "killer"
    assert [(f.kind, f.tier) for f in search(std.definitions(), "cagee")] == [("cage", CLOSE)]


def test_search_without_a_query_lists_every_kind(std) -> None:
    found = search(std.definitions())
    assert [f.kind for f in found] == std.kinds()
    assert len(found) > 100 and found[0].tier == 0


def test_search_of_prose_words_only(std) -> None:
    # no kind is named for mercury; the shading thermometer's prose fills it with some
    found = search(std.definitions(), "mercury")
    assert [(f.kind, f.tier) for f in found] == [("thermometer", TEXT)]
    assert search(std.definitions(), "mercury", prose=False) == []


def test_first_sentence_skips_the_heading_and_cuts() -> None:
    prose = "# Cage\n\nThe values add up. Digits differ.\n\nMore."
    assert first_sentence(prose) == "The values add up."
    assert first_sentence(prose, 10) == "The value…"


def check(std, line: str) -> tuple[str, str | None]:
    case = parse_case(f"---\nlibrary: std\n---\nsudoku 9x9\n{line}\n", "t.case")
    (d,) = std.check_case(case)
    return d.kind, d.hint


@pytest.mark.parametrize(("line", "hint"), [
    ("killer r1c1-r1c2", "did you mean 'cage' (Killer cage)?"),
    ("killer-cage r1c1-r1c2 total 3", "did you mean 'cage' (Killer cage)?"),
    ("kropki r1c1-r1c2",
     "did you mean 'black-dot' (Black Kropki dot) or 'white-dot' (White Kropki dot)?"),
    ("sandwich r1c1-r1c9", "did you mean 'lunchbox' (Lunchbox, also called sandwich)?"),
    ("renbam r1c1-r1c2", "did you mean 'renban'?"),
    ("zebra r1c1", "'sapphire kinds WORD' searches the library's {} kinds by title, other "
     "names and description"),
])
def test_unknown_kind_hints_by_title_and_other_names(std, line: str, hint: str) -> None:
    assert check(std, line) == ("missing-definition", hint.format(len(std.kinds())))
