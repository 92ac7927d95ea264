"""What the tests of the genre modules share (`tests/genres/test_<genre>.py`): a genre's fixture
puzzles, the checks every genre with those formats passes, and the plain-Python pieces of the
brute forces that count the answers of tiny boards.

A genre's fixture is `tests/fixtures/genres/<module>.json`: `puzzlekit` holds puzzles of the
puzzlekit dataset (`problem`, `solution`, `key`) and `puzzlink` pzprjs's test links (`url`, a
list, and the accepted `answer` in pzprv3), each with the `source` it was copied from. A
family's module holds each member's puzzlekit puzzles under `genres`, by its puzzlekit name
(and records whose status is disputed under `disputed`, alike), and its links each name their
genre (`genre`, pzprjs's name); `fixture` gives each such puzzle its `genre` too.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sapphire.diagnostics import SapphireError
from sapphire.formats.answer import canonical_regions
from sapphire.formats.genre import Genre
from sapphire.genres import read_pzprv3, read_solution
from sapphire.importers import import_puzzle
from sapphire.importers.puzzlink import export_puzzlink
from sapphire.pipeline import solve_case

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "genres"

Cell = tuple[int, int]


def fixture(name: str, genre: Genre[Any] | None = None) -> dict[str, list[dict[str, Any]]]:
    """The puzzles of `tests/fixtures/genres/NAME.json`, by format: all of them, or those of
    one `genre` of the module (a family's file holds several genres'). A family's puzzlekit
    puzzles are each given their `genre`."""
    data = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    out: dict[str, list[dict[str, Any]]] = {}
    for fmt, part in data.items():
        if not isinstance(part, dict):
            continue
        if "genres" in part:  # a family's puzzlekit puzzles, by genre
            out[fmt] = [{"genre": g, **e} for g, entries in part["genres"].items()
                        for e in entries if genre is None or g == genre.puzzlekit]
        elif fmt == "puzzlink":
            out[fmt] = [e for e in part["puzzles"] if genre is None
                        or e.get("genre", part.get("genre")) in (genre.puzzlink, *genre.aliases)]
        else:
            out[fmt] = part["puzzles"] if genre is None or part.get("genre") in (
                None, genre.puzzlekit) else []
    return out


def disputed(name: str, genre: str) -> list[dict[str, Any]]:
    """The puzzlekit records of `genre` whose status is disputed, in a family's fixture NAME."""
    data = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    return data["puzzlekit"].get("disputed", {}).get(genre, [])


def body(text: str) -> str:
    """The case text after its front matter's `library:` line (the rest is exact)."""
    return text.split("library: std\n", 1)[1]


def rules(text: str) -> list[str]:
    """The rule lines of a case text."""
    return text.split("\n---\n", 1)[1].splitlines()


def answer(case_text: str, tmp_path: Path, want: dict[str, Any]) -> dict[str, Any]:
    """The parts named in `want` of the case's one answer (it must be unique), a region map
    named canonically, as the readers of solutions and answer files name it."""
    path = tmp_path / "p.case"
    path.write_text(case_text, encoding="utf-8")
    res = solve_case(str(path), max_solutions=2, time_limit=60)
    assert (res.status, res.count) == ("unique", 1)
    got = dict(res.solutions[0])
    if got.get("regions") is not None:
        got["regions"] = canonical_regions(got["regions"])
    return {part: got.get(part) for part in want}


def solves_to_its_solution(genre: str, entry: dict[str, Any], tmp_path: Path) -> None:
    """A puzzlekit problem imports and solves to its recorded solution alone."""
    want = read_solution(genre, entry["solution"], problem=entry["problem"])
    case = import_puzzle(f"puzzlekit:{genre}", entry["problem"])
    assert answer(case, tmp_path, want) == want


def solves_to_its_answer(entry: dict[str, Any], tmp_path: Path) -> None:
    """Each link of a puz.link entry imports, with the link as its source, to a case whose one
    answer is the entry's accepted answer."""
    want = read_pzprv3(entry["answer"])
    for url in entry["url"]:
        case = import_puzzle("puzzlink", url)
        assert case.startswith(f"---\nsource: {url}\n")
        assert answer(case, tmp_path, want) == want


def comes_back_as_itself(entry: dict[str, Any]) -> None:
    """Each link of a puz.link entry, imported and written back, is the same link."""
    for url in entry["url"]:
        assert export_puzzlink(import_puzzle("puzzlink", url)) == url


def comes_back_through_its_link(genre: str, problem: str) -> None:
    """A puzzlekit problem's case, written as a link and imported again, has the same rules
    and front matter (but for its source)."""
    case = import_puzzle(f"puzzlekit:{genre}", problem)
    again = import_puzzle("puzzlink", export_puzzlink(case))
    assert body(again) == body(case)


def refusal(run: Any, *args: Any, **kwargs: Any) -> tuple[str, str, int, int, str]:
    """The one error `run(*args, **kwargs)` raises: its kind, file, line, column and
    message."""
    try:
        run(*args, **kwargs)
    except SapphireError as e:
        (d,) = e.diagnostics
        assert d.span is not None
        return d.kind, d.span.file, d.span.line, d.span.col, d.message
    raise AssertionError("no error")


# -- brute forces of tiny boards ------------------------------------------------------------


def count(tmp_path: Path, case_text: str, most: int = 200) -> tuple[str, int]:
    """The status and number of answers of a case (a tiny one: all are found, `most` at
    most)."""
    path = tmp_path / "edge.case"
    path.write_text(case_text, encoding="utf-8")
    res = solve_case(str(path), max_solutions=most, time_limit=60)
    assert res.complete
    return res.status, res.count


def status_of(n: int) -> str:
    """The status of a puzzle with `n` answers."""
    return {0: "none", 1: "unique"}.get(n, "multiple")


def board(rows: int, cols: int) -> list[Cell]:
    """Every cell, in reading order, (row, column) from 1."""
    return [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]


def around(cell: Cell, cells: set[Cell] | list[Cell]) -> list[Cell]:
    """The side neighbours of `cell` among `cells`."""
    r, c = cell
    return [x for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if x in cells]


def connected(cells: set[Cell]) -> bool:
    """Whether `cells` hang together through side neighbours (no cells do)."""
    todo = list(cells)[:1]
    seen = set(todo)
    while todo:
        for nb in around(todo.pop(), cells):
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


def shadings(cells: list[Cell]) -> Iterator[set[Cell]]:
    """Every set of shaded cells among `cells`."""
    for bits in itertools.product((0, 1), repeat=len(cells)):
        yield {cell for cell, b in zip(cells, bits, strict=True) if b}


def partitions(cells: list[Cell]) -> Iterator[list[set[Cell]]]:
    """Every way to cut the cells into groups."""
    if not cells:
        yield []
        return
    first, rest = cells[0], cells[1:]
    for k in range(len(rest) + 1):
        for others in itertools.combinations(rest, k):
            group = {first, *others}
            left = [x for x in rest if x not in group]
            for tail in partitions(left):
                yield [group, *tail]


def grid_text(rows: int, cols: int, marks: dict[Cell, str], head: str = "") -> str:
    """A puzzlekit problem of one block: the size line (and `head`, lines before the grid),
    then `marks` in their cells and `-` elsewhere."""
    grid = [" ".join(marks.get((r, c), "-") for c in range(1, cols + 1))
            for r in range(1, rows + 1)]
    return "\n".join([f"{rows} {cols}", *([head] if head else []), *grid]) + "\n"
