"""A broken puzz.link link is refused at the character where it breaks, saying what was
expected there, and a link of a genre we lack names it; fuzzed links never raise a
traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fuzzing import FUZZ, inputs, unplaced
from hypothesis import given

from sapphire.cli import main
from sapphire.diagnostics import SapphireError
from sapphire.importers import import_puzzle
from sapphire.importers.puzzlink import puzzlink_to_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
SAMPLES = json.loads((FIXTURES / "puzzlink_samples.json").read_text(encoding="utf-8"))["puzzles"]
LINKS = [e["url"][0] for e in SAMPLES]
SEEDS = LINKS + [u.split("?", 1)[1] for u in LINKS]


@pytest.mark.parametrize(("link", "col", "message"), [
    ("https://puzz.link/p?slither/5/x/cbcbcd", 31,
     "not a puzz.link link: 'x' is not the number of rows (1-100)"),
    ("https://puzz.link/p?slither/5", 30, "not a puzz.link link: the number of rows is missing"),
    ("https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a", 56,
     "not a puzz.link link: the link ends where the total left of row 3 should be"),
    ("https://puzz.link/slither/5/5/cbcbcddad", 40,
     "not a puzz.link link: the link has no '?' before the puzzle"),
    ("p?/5/5/", 3, "not a puzz.link link: the genre is missing"),
])
def test_a_broken_link_is_refused_where_it_breaks(link: str, col: int, message: str) -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlink_to_case(link)
    (d,) = exc.value.diagnostics
    assert (d.message, d.span.col if d.span else None) == (message, col)
    assert d.span is not None and d.span.file == "<puzzlink>" and d.span.line == 1
    assert d.kind in ("bad-puzzlink", "puzzlink-clues", "unsupported")


def test_a_genre_we_lack_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "puzzlink", "https://puzz.link/p?aho/6/6/4i264n6j3n223i4"]) == 1
    assert capsys.readouterr().err == (
        "<puzzlink>:1:21: error: the puzz.link genre 'aho' is not one Sapphire reads\n"
        "  https://puzz.link/p?aho/6/6/4i264n6j3n223i4\n"
        "                      ^^^\n"
        "  hint: genres read: arukone, battleship, bosanowa, cave, creek, doppelblock, "
        "easyasabc, factors, fillomino, gokigen, hashikake, heyawake, hitori, kakuro, kurodoko, "
        "lightup, lits, magnets, mashu, nonogram, numlin, nurikabe, ripple, shikaku, "
        "skyscrapers, slither, sudoku, tentaisho, tents, yajilin, yinyang\n")


@pytest.mark.parametrize("link", ["p?yinyang/5/5/016612300", "yinyang/5/5/016612300",
                                  "https://pzprxs.vercel.app/p?yinyang/5/5/016612300",
                                  "http://pzv.jp/p.html?yinyang/5/5/016612300"])
def test_every_form_of_a_link_reads_alike(link: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "puzzlink", link]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"---\nsource: {link}\nlibrary: std\nboard: 5x5\n")
    assert out.split("source: ", 1)[1].split("\n", 1)[1] == puzzlink_to_case(
        "p?yinyang/5/5/016612300").split("source: ", 1)[1].split("\n", 1)[1]


@FUZZ
@given(text=inputs(SEEDS))
def test_fuzz_puzzlink(text: str) -> None:
    try:
        import_puzzle("puzzlink", text)
    except SapphireError as e:
        assert unplaced(e.diagnostics) == []


@pytest.mark.parametrize(("link", "col", "shown"), [
    ("https://evil.example/p?yinyang/5/5/016612300", 9, "evil.example"),
    ("http://puzz.link.evil.example/p?yinyang/5/5/016612300", 8, "puzz.link.evil.example"),
    ("evil.example/p?yinyang/5/5/016612300", 1, "evil.example"),
    ("javascript:alert(1)//p?yinyang/5/5/016612300", 1, "javascript:alert(1)//p"),
])
def test_a_link_of_another_site_is_refused_at_its_host(link: str, col: int, shown: str,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlink_to_case(link)
    (d,) = exc.value.diagnostics
    assert d.message == f"not a puzz.link link: '{shown}' is not a puzz.link site"
    assert d.span is not None and d.span.col == col
    assert main(["import", "puzzlink", link]) == 1
    assert "source:" not in capsys.readouterr().out
