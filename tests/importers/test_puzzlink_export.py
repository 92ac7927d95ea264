"""`export_puzzlink`: a case written back as a link. Every corpus link comes back exactly as
pzprjs writes it; every puzzlekit fixture puzzle of a genre puzz.link has comes back, through
its link, as the same case (so with the same solutions); a case the link cannot hold is
refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.diagnostics import SapphireError
from sapphire.importers import puzzlekit_to_case
from sapphire.importers.puzzlink import NAMES, export_puzzlink, puzzlink_to_case
from sapphire.pipeline import solve_case

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
SAMPLES = json.loads((FIXTURES / "puzzlink_samples.json").read_text(encoding="utf-8"))["puzzles"]
LINKS = [e["url"][0] for e in SAMPLES if e["genre"] in NAMES]
PUZZLEKIT = [(genre, e) for name in ("puzzlekit_samples.json", "puzzlekit_genres.json")
             for genre, entries in json.loads((FIXTURES / name).read_text(encoding="utf-8"))
             ["genres"].items() for e in entries]
OURS = {"Slitherlink", "Sudoku", "Masyu", "Kakuro", "Skyscraper",
        }


def rules(case_text: str) -> str:
    """A case without its `source:` line."""
    return "\n".join(line for line in case_text.splitlines() if not line.startswith("source:"))


@pytest.mark.parametrize("url", LINKS, ids=[u.split("?")[1].split("/")[0] for u in LINKS])
def test_a_corpus_link_comes_back_as_it_was(url: str) -> None:
    assert export_puzzlink(puzzlink_to_case(url)) == url


def written(genre: str, problem: str) -> bool:
    if genre == "Skyscraper":  # puzz.link's Skyscrapers has heights 1-N, no diagonals
        head = problem.split("\n", 1)[0].split()
        return len(head) == 3 and head[0] == head[2]
    return genre in OURS


WRITTEN = [(g, e) for g, e in PUZZLEKIT if written(g, e["problem"])]


@pytest.mark.parametrize(("genre", "entry"), WRITTEN,
                         ids=[f"{g}-{e['key']}" for g, e in WRITTEN])
def test_a_puzzlekit_case_comes_back_the_same_through_its_link(genre: str, entry: dict) -> None:
    case_text = puzzlekit_to_case(genre, entry["problem"])
    link = export_puzzlink(case_text)
    assert rules(puzzlink_to_case(link)) == rules(case_text)


def test_the_fixtures_reach_every_genre_written() -> None:
    assert {g for g, _ in WRITTEN} == OURS


def test_an_exported_link_solves_as_the_case_does(tmp_path: Path) -> None:
    case_text = puzzlekit_to_case("Masyu", next(e for g, e in PUZZLEKIT if g == "Masyu")["problem"])
    again = puzzlink_to_case(export_puzzlink(case_text))
    answers = []
    for k, text in enumerate((case_text, again)):
        path = tmp_path / f"{k}.case"
        path.write_text(text, encoding="utf-8")
        res = solve_case(str(path), max_solutions=2)
        answers.append((res.status, res.solutions))
    assert answers[0] == answers[1]
    assert answers[0][0] == "unique"


def test_export_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = tmp_path / "slither.case"
    case.write_text(puzzlink_to_case("p?slither/5/5/cbcbcddad"), encoding="utf-8")
    assert main(["export", "puzzlink", str(case)]) == 0
    assert capsys.readouterr().out == "https://puzz.link/p?slither/5/5/cbcbcddad\n"


REFUSED = {
    "KillerSudoku": "a sudoku link cannot hold its 'cage' rule(s)",
    "Thermometer": "its rules are none of the genres written as links",
    "Renban": "its rules are none of the genres written as links",
}


@pytest.mark.parametrize(("genre", "why"), REFUSED.items())
def test_a_case_the_link_cannot_hold_is_refused(genre: str, why: str) -> None:
    entry = next(e for g, e in PUZZLEKIT if g == genre)
    with pytest.raises(SapphireError) as exc:
        export_puzzlink(puzzlekit_to_case(genre, entry["problem"]))
    assert exc.value.diagnostics[0].kind == "unsupported"
    assert exc.value.diagnostics[0].message == (
        f"the case cannot be written as a puzz.link link: {why}")


def test_a_skyscraper_with_empty_plots_is_refused() -> None:
    entry = next(e for g, e in PUZZLEKIT if g == "Skyscraper" and not written(g, e["problem"])
                 and len(e["problem"].split("\n", 1)[0].split()) == 3)
    with pytest.raises(SapphireError) as exc:
        export_puzzlink(puzzlekit_to_case("Skyscraper", entry["problem"]))
    assert exc.value.diagnostics[0].message == (
        "the case cannot be written as a puzz.link link: a puzz.link Skyscrapers holds the "
        "heights 1-N, with no empty plot")


def test_a_rule_the_link_cannot_hold_is_placed(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    case = tmp_path / "towers.case"
    case.write_text("---\nlibrary: std\nboard: 3x3\n---\nlatin-square\n"
                    "skyscraper-1: skyscraper r1c2-r2c2 visible 1\n", encoding="utf-8")
    assert main(["export", "puzzlink", str(case)]) == 1
    assert capsys.readouterr().err == (
        f"{case}:6:1: error: the case cannot be written as a puzz.link link: its 'skyscraper' "
        "rule: a clue sees a whole row or column from its end\n"
        "  skyscraper-1: skyscraper r1c2-r2c2 visible 1\n"
        "  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n")
