"""Every example case, every std kind's worked example and a puzzle of every imported genre (the
importer fixtures: ISS, f-puzzles, puzzlekit and puzz.link; the genre modules' fixtures) draws
with no line left in the legend: each clue a setter sees on the grid is drawn, and what has no
clue on the grid is stated in words under the picture only for the kinds listed here, each
with its reason."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sapphire.importers import import_puzzle
from sapphire.library import load_library, std_root
from sapphire.meaning import load_case
from sapphire.render import drawing_of, picture

ROOT = Path(__file__).parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "importers"

LEGEND_ALLOWED: dict[str, str] = {}
"""Kinds whose lines may stay in the legend ("Not drawn"), with the reason. None may: every std
kind declares a drawing."""

WORDS: dict[str, str] = {
    **{k: "a rule over the whole grid with no clue on it; SudokuPad and f-puzzles state it in "
          "the rules text" for k in (
        "anti-king", "anti-knight", "anti-consecutive", "anti-taxicab", "anti-black-dot",
        "anti-xv", "global-entropy", "global-mod", "dutch-flatmates", "connected-values",
        "disjoint-boxes", "disjoint-sets", "same-box-digits", "full-rank-no-ties",
        "doppelganger", "apart", "neighbour-count")},
    **{k: "says that no mark is missing (the negative constraint); its cells are those of the "
          "marks drawn already" for k in (
        "strict-kropki", "strict-xv", "strict-white-dot", "strict-black-dot")},
    "all-of": "holds rule lines written inside it, which a setter states in words",
    "any-of": "holds rule lines written inside it, which a setter states in words",
    "different-regions": "a chaos construction's rule between unknown regions; nothing to mark",
    "shade-run": "a Nonogram's run stated alone; the whole clue is a shade-pattern's",
    "number-gap": "over a whole row or column (Hanare's, on every line) it is a rule of the grid "
                  "stated in words; over part of a line it is drawn as the line",
    "absent-digits": "over several cells (a Kakuro's 'no 0 in a white cell', a region's missing "
                     "digits) it has no common picture; on one cell it is drawn as the cell's "
                     "pencil marks",
}
"""Kinds drawn as words under the picture ("Rules: …"), with the reason no mark is drawn."""


def fixture(name: str) -> object:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def genre_modules_puzzles() -> list[tuple[str, dict]]:
    """The first puzzlekit puzzle of each genre of the genre modules' fixtures
    (tests/fixtures/genres), by its genre."""
    out = []
    for path in sorted((FIXTURES.parent / "genres").glob("*.json")):
        part = json.loads(path.read_text(encoding="utf-8")).get("puzzlekit", {})
        groups = part.get("genres") or ({part["genre"]: part["puzzles"]} if part else {})
        out += [(genre, entries[0]) for genre, entries in groups.items()]
    return out


def imported() -> list[object]:
    """(format, puzzle text) named: one puzzle per puzzlekit and puzz.link genre, and every ISS
    and f-puzzles sample (each stands for the kinds it shows)."""
    out = []
    for genre, entries in fixture("puzzlekit_samples")["genres"].items():  # type: ignore[index]
        out.append(pytest.param(f"puzzlekit:{genre}", entries[0]["problem"],
                                id=f"puzzlekit:{genre}"))
    for genre, entry in genre_modules_puzzles():  # the genres in modules of their own
        out.append(pytest.param(f"puzzlekit:{genre}", entry["problem"], id=f"puzzlekit:{genre}"))
    for name in ("iss_samples", "iss_more_kinds", "iss_shapes_chaos"):
        for entry in fixture(name)["puzzles"]:  # type: ignore[index]
            out.append(pytest.param("iss", entry["canonical_input"], id=f"iss:{entry['name']}"))
    for entry in fixture("fpuzzles_mit"):  # type: ignore[union-attr]
        out.append(pytest.param("fpuzzles", entry["raw"], id=f"fpuzzles:{entry['name']}"))
    for entry in fixture("puzzlink_samples")["puzzles"]:  # type: ignore[index]
        if entry["genre"] != "renban":  # refused by the importer (tests/importers)
            out.append(pytest.param("puzzlink", entry["url"][0], id=f"puzzlink:{entry['genre']}"))
    for path in sorted((FIXTURES.parent / "genres").glob("*.json")):  # the genre modules' own
        data = json.loads(path.read_text(encoding="utf-8"))
        for entry in data.get("puzzlink", {}).get("puzzles", []):  # each member's link
            out.append(pytest.param("puzzlink", entry["url"][0], id=f"puzzlink:{entry['genre']}"))
    return out


def worked_examples() -> list[object]:
    """Each std kind's first ```text example as a case: on a 9×9 board unless it declares one."""
    out = []
    for md in sorted(std_root().glob("*.md")):
        blocks = re.findall(r"^```text\n(.*?)^```$", md.read_text(encoding="utf-8"), re.M | re.S)
        if md.stem == "prelude" or not blocks:
            continue
        block = blocks[0]
        if not block.startswith("---\n"):
            lines = [ln if re.match(r"\S+: ", ln) else f"l{k}: {ln}"
                     for k, ln in enumerate(block.strip().split("\n"))]
            board = any(re.search(r"\b(sudoku|latin-square)\b", ln) for ln in lines)
            block = ("---\nlibrary: std\n" + ("" if board else "board: 9x9\n") + "---\n"
                     + "\n".join(lines) + "\n")
        out.append(pytest.param(block, id=md.stem))
    return out


def check(path: Path) -> None:
    case, lib = load_case(str(path))
    drawn = drawing_of(case, lib)
    left = {k.split(" (")[0] for k in drawn.legend}
    assert left <= set(LEGEND_ALLOWED), f"{path.name}: not drawn: {drawn.legend}"
    worded = {lib.resolve(r.reference).kind for r in case.rules
              if lib.resolve(r.reference) is not None
              and any(w == lib.resolve(r.reference).title
                      or w.startswith(lib.resolve(r.reference).title + ":")
                      for w in drawn.rules)}
    assert worded <= set(WORDS), f"{path.name}: stated in words only: {worded - set(WORDS)}"
    ET.fromstring(picture(case, lib))  # the picture is well-formed SVG


@pytest.mark.parametrize("path", sorted(ROOT.glob("examples/**/*.case")),
                         ids=lambda p: p.name)
def test_every_example_case_draws(path: Path) -> None:
    check(path)


@pytest.mark.parametrize(("fmt", "text"), imported())
def test_a_puzzle_of_every_imported_genre_draws(tmp_path: Path, fmt: str, text: str) -> None:
    path = tmp_path / "p.case"
    path.write_text(import_puzzle(fmt, text, ignore_cosmetic=True), encoding="utf-8")
    check(path)


@pytest.mark.parametrize("text", worked_examples())
def test_every_kinds_worked_example_draws(tmp_path: Path, text: str) -> None:
    path = tmp_path / "example.case"
    path.write_text(text, encoding="utf-8")
    check(path)


def test_every_std_kind_declares_a_drawing_and_words_only_where_listed() -> None:
    lib = load_library("std", Path("."))
    undeclared = sorted(k for k in lib.kinds() if lib.resolve(k).draw is None)
    assert undeclared == sorted(LEGEND_ALLOWED)
    in_words = sorted(k for k in lib.kinds()  # wholly, or in some shape (`when`)
                        if (lib.resolve(k).draw or ())
                        and any(d.element == "rule" for d in lib.resolve(k).draw))
    assert in_words == sorted(WORDS)
