"""The genre registry (`sapphire.genres`): every module of the package defines a genre, no two
genres share a name, each writes kinds the bundled library has, each genre module has its test
file and fixture, and the lookups by puzzlekit name, puz.link name and case find the genre;
fuzzed texts and links of every genre module are refused with a place, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzzing import FUZZ, inputs, unplaced
from genre_checks import FIXTURES, fixture
from hypothesis import given

from sapphire import genres
from sapphire.case import parse_case
from sapphire.diagnostics import SapphireError
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.genre import Genre
from sapphire.importers import import_puzzle, puzzlekit_to_case

TESTS = Path(__file__).resolve().parent
MODULES = genres.modules()
"""The genre modules."""


def short(module: object) -> str:
    return getattr(module, "__name__", "").rsplit(".", 1)[-1]


@pytest.mark.parametrize("module", genres.modules(), ids=short)
def test_every_module_defines_a_genre(module: object) -> None:
    assert genres.genres_of(module)  # type: ignore[arg-type]


def test_no_two_genres_share_a_name() -> None:
    assert genres.collisions(genres.genres()) == []


def test_a_name_two_genres_share_is_found() -> None:
    class One(Genre[object]):
        puzzlekit, puzzlink, aliases = "Tent", "one", ("two",)

    class Other(Genre[object]):
        puzzlekit, puzzlink = "tent", "two"

    assert genres.collisions([One(), Other()]) == [
        "puzzlekit:tent is <genre Tent> and <genre tent>",
        "puzzlink:two is <genre Tent> and <genre tent>"]


@pytest.mark.parametrize("genre", genres.genres(), ids=lambda g: g.name)
def test_a_genre_writes_kinds_the_library_has(genre: Genre[object]) -> None:
    assert CaseBuilder().lacking(genre.kinds) == []
    assert set(genre.tells) <= genre.carries <= set(genre.kinds)
    assert genre.offers("build")
    if genre in genres.exported():
        assert genre.tells and genre.offers("decode")
    assert genre.offers("decode") == genre.offers("encode") == bool(genre.puzzlink)


@pytest.mark.parametrize("module", MODULES, ids=short)
def test_every_genre_module_has_its_tests_and_fixture(module: object) -> None:
    name = short(module)
    assert (TESTS / f"test_{name}.py").is_file()
    assert (FIXTURES / f"{name}.json").is_file()
    for genre in genres.genres_of(module):  # type: ignore[arg-type]
        fixed = fixture(name, genre)
        assert genre.offers("read_puzzlekit") == bool(genre.puzzlekit)
        assert bool(fixed.get("puzzlekit")) == genre.offers("read_puzzlekit")
        assert bool(fixed.get("puzzlink")) == genre.offers("decode")


def test_a_puzzlekit_name_is_found_in_any_case() -> None:
    assert genres.by_puzzlekit("tent") is genres.by_puzzlekit("Tent")
    assert puzzlekit_to_case("tent", "1 1\n-\n-\n-\n").startswith(
        "---\nsource: puzzlekit-dataset Tent problem\n")


def test_a_puzzlekit_name_not_read_names_the_closest() -> None:
    with pytest.raises(SapphireError) as exc:
        import_puzzle("puzzlekit:Tents", "1 1\n-\n")
    (d,) = exc.value.diagnostics
    assert (d.kind, d.message, d.hint) == ("unsupported-import",
                                           "puzzlekit genre 'Tents': not imported",
                                           "did you mean 'Tent'?")
    with pytest.raises(SapphireError) as exc:
        import_puzzle("puzzlekit:Qwerty", "1 1\n-\n")
    assert exc.value.diagnostics[0].hint == "genres: " + ", ".join(genres.puzzlekit_names())


def test_a_puz_link_name_or_alias_is_found() -> None:
    assert genres.by_puzzlink("tentaisho") is genres.by_puzzlekit("Galaxies")
    assert genres.by_puzzlink("pearl") is genres.by_puzzlink("mashu") is not None
    assert genres.by_puzzlink("aho") is None


def test_a_case_tells_its_genre() -> None:
    case = parse_case(puzzlekit_to_case("Tent", "1 2\n- -\n1\nx -\n"), "<case>")
    kinds = {r.reference for r in case.rules}
    assert genres.of_case(case, kinds) is genres.by_puzzlekit("Tent")
    assert genres.of_case(case, {"shade-count"}) is None


# -- fuzzed inputs of every genre module ----------------------------------------------------

SEEDS = [(genre, fmt, entry) for module in MODULES
         for genre in genres.genres_of(module)  # type: ignore[arg-type]
         for fmt, entries in fixture(short(module), genre).items() for entry in entries]


@pytest.mark.parametrize(("genre", "fmt", "entry"), SEEDS,
                         ids=[f"{g.name}-{f}" for g, f, _ in SEEDS])
def test_fuzzed_inputs_are_refused_with_a_place(genre: Genre[object], fmt: str,
                                                entry: dict) -> None:
    seeds = entry["url"] if fmt == "puzzlink" else [entry["problem"]]
    name = "puzzlink" if fmt == "puzzlink" else f"puzzlekit:{genre.puzzlekit}"

    @FUZZ
    @given(text=inputs(seeds))
    def run(text: str) -> None:
        try:
            import_puzzle(name, text, label="p.txt")
        except SapphireError as e:
            assert unplaced(e.diagnostics) == []

    run()
