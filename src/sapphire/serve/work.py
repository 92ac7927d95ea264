"""What a worker of the page's pool does with one request: check, solve, explain, import.

Each function takes plain values and returns the JSON object the page reads, so that it can
run in another process (`sapphire.serve.pool`); whatever goes wrong with the setter's text
(bad input, too deep, out of memory, a bug) becomes an `error` object, never the worker's end.
A request loads the case once (`sapphire.api.Puzzle`) and asks it everything it shows.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sapphire.api import Puzzle, check_case
from sapphire.deadline import Deadline
from sapphire.deep import run_deep
from sapphire.diagnostics import Diagnostic, SapphireError, Span, error
from sapphire.serve.editor import board_of, catalogue


@dataclass(frozen=True)
class Settings:
    """What the command line fixed for every request: where the page's case stands and how
    long a solve may take."""

    case_path: str
    """The name the page's case is solved under: beside `--library DIR` (so that a case
    names it as a case file beside it would, `./NAME`), or in an empty folder of its own."""
    library: str | None = None
    """`--library DIR`, the one local folder a case's `library:` may name; None: none."""
    time_limit: float = 10.0
    """Seconds a solve (its answers, then its candidates) may take."""
    backend: str = "auto"


def answered(task: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """`task()` on the deep stack every entry point runs on (`sapphire.deep`), its failures
    turned into the `error` object the page shows."""

    def guarded() -> dict[str, Any]:
        try:
            return task()
        except SapphireError as e:
            return {"status": "error", "diagnostics": [_diagnostic(d) for d in e.diagnostics]}
        except MemoryError:
            return _failure("out-of-memory", "the puzzle needs more memory than a solve may "
                            "take (sapphire serve --memory-limit)")
        except RecursionError:
            return _failure("too-deep", "the case nests too deeply to be read")
        except Exception as e:  # noqa: BLE001 - a bug in Sapphire: the page says so
            return _failure("internal", f"{type(e).__name__}: {e} (a bug: please report it "
                            "with the case)")

    return run_deep(guarded)


def _failure(kind: str, message: str) -> dict[str, Any]:
    return {"status": "error", "diagnostics": [{"kind": kind, "message": message}]}


def _diagnostic(d: Diagnostic) -> dict[str, Any]:
    """A problem as the page shows it: `line` and `col` only when it is in the case itself
    (an error inside a library file names that file instead)."""
    out: dict[str, Any] = {"kind": d.kind, "message": d.message}
    if d.hint:
        out["hint"] = d.hint
    if d.span is not None:
        if d.span.file.endswith(".case") or d.span.file.startswith("<"):
            out.update(line=d.span.line, col=d.span.col)
        else:
            out["file"] = d.span.file
    return out


def _libraries_allowed(text: str, settings: Settings) -> None:
    """Refuse a `library:` folder other than `--library DIR` (or one inside it): the page
    reads no folder of this machine that its user did not name when starting it (std and
    https definitions need none)."""
    from sapphire.case.parser import parse_case_partial

    case, _ = parse_case_partial(text, settings.case_path)
    base = Path(settings.case_path).parent
    allowed = Path(settings.library).resolve() if settings.library is not None else None
    for layer in case.front.libraries:
        if layer == "std" or "://" in layer:
            continue  # the bundled library, or definitions fetched (only https ones)
        folder = (base / layer).resolve()
        if allowed is not None and folder.is_relative_to(allowed):
            continue
        served = (f"only the folder {str(allowed)!r} named when the page was started"
                  if allowed is not None else "no folder of this machine")
        raise error("library-not-served", f"library folder {layer!r}: this page reads {served}",
                    case.front.spans.get("library") or Span(settings.case_path, 1, 1),
                    hint="use 'library: std', or start 'sapphire serve --library DIR' to let "
                         "cases name the folder DIR (as 'library: [std, ./NAME]', NAME being "
                         "DIR's name)")


def _puzzle(text: str, settings: Settings) -> Puzzle:
    """The request's case, loaded once for everything the page shows of it."""
    _libraries_allowed(text, settings)
    return Puzzle(text, settings.case_path)


def solve(text: str, settings: Settings) -> dict[str, Any]:
    """The page after an edit: the case's problems at their lines, or its status, count,
    answer, true candidates, differing cells, its picture with them and its links."""
    return answered(lambda: _solve(text, settings))


def _solve(text: str, settings: Settings) -> dict[str, Any]:
    t0 = time.perf_counter()
    deadline = Deadline.after(settings.time_limit, t0)  # the solve's, then the candidates'
    puzzle = _puzzle(text, settings)
    try:
        solved = puzzle.solve(time_limit=deadline, backend=settings.backend)
    except SapphireError as e:  # the solve stops at the first stage with problems: list all
        problems = check_case(text, settings.case_path, (), deadline=deadline) \
            or e.diagnostics
        return {"status": "error", "diagnostics": [_diagnostic(d) for d in problems]}
    out: dict[str, Any] = {"status": solved.status, "count": solved.count,
                           "complete": solved.complete, "diagnostics": [],
                           "time_limit": settings.time_limit}
    from sapphire.meaning import case_form, differing_cells

    answers: list[dict[str, Any]] = []
    candidates: dict[tuple[int, int], list[int]] | None = None
    differ: list[tuple[int, int]] = []
    if solved.status == "unique":
        answers = solved.solutions[:1]
        out["answer"] = solved.solutions[0]
    elif solved.status in ("multiple", "unknown"):
        if len(solved.solutions) >= 2:
            differ = differing_cells(solved.solutions[0], solved.solutions[1],
                                     case_form(*puzzle.parsed()))
        if not deadline.expired():
            found = puzzle.candidates(time_limit=deadline, backend=settings.backend)
            out["candidates"] = found.to_json()
            candidates = _cell_candidates(found.candidates.get("digits"))
            out["candidates_complete"] = found.complete
        else:
            out["candidates_complete"] = False
    out["differ"] = [f"r{r}c{c}" for r, c in differ]
    out["svg"] = puzzle.draw(answers, differ=differ, candidates=candidates)
    out.update(_editing(puzzle, differ))
    out["exports"] = _exports(puzzle)
    out["seconds"] = round(time.perf_counter() - t0, 4)
    return out


def _cell_candidates(rows: Any) -> dict[tuple[int, int], list[int]] | None:
    """A candidates grid (rows of digit lists, None where a cell has none) as the picture
    takes it: (row, column) from 1 to the digits."""
    if not isinstance(rows, list):
        return None
    return {(r, c): list(ds) for r, row in enumerate(rows, start=1)
            for c, ds in enumerate(row, start=1) if isinstance(ds, list)}


def draw(text: str, settings: Settings) -> dict[str, Any]:
    """The puzzle's picture and the links it exports to, shown while a solve takes longer
    than a moment (a hard puzzle's may take until the time limit); no picture while the
    case has problems that stop it being read."""
    return answered(lambda: _draw(text, settings))


def _draw(text: str, settings: Settings) -> dict[str, Any]:
    puzzle = _puzzle(text, settings)
    svg = puzzle.draw()
    board = {"board": board_of(*puzzle.parsed())}
    try:
        puzzle.instantiated()  # as `sapphire export`, a case with problems has no link
    except SapphireError:
        return {"status": "drawn", "svg": svg, "exports": None, **board}
    return {"status": "drawn", "svg": svg, "exports": _exports(puzzle), **board}


def _editing(puzzle: Puzzle, differ: list[tuple[int, int]]) -> dict[str, Any]:
    """What the page's grid editor and test solve read besides the answer: the board, and
    the puzzle drawn without the answer (shown while the answer is hidden)."""
    return {"board": board_of(*puzzle.parsed()), "puzzle_svg": puzzle.draw(differ=differ)}


def _exports(puzzle: Puzzle) -> dict[str, Any]:
    """The f-puzzles and SudokuPad links and the puzz.link link of the case, or why a format
    cannot hold it."""
    from sapphire.importers.fpuzzles.export import case_to_fpuzzles
    from sapphire.importers.puzzlink import export_puzzlink

    out: dict[str, Any] = {}
    try:
        found = case_to_fpuzzles(*puzzle.parsed())
        fpuzzles, sudokupad = found.links()
        out["fpuzzles"] = {"link": fpuzzles, "sudokupad": sudokupad,
                           "left_out": list(found.left_out)}
    except SapphireError as e:
        out["fpuzzles"] = {"refused": e.diagnostics[0].message if e.diagnostics else "refused"}
    try:
        out["puzzlink"] = {"link": export_puzzlink(puzzle.text, label=puzzle.path)}
    except SapphireError as e:
        out["puzzlink"] = {"refused": e.diagnostics[0].message if e.diagnostics else "refused"}
    return out


def explain(text: str, settings: Settings) -> dict[str, Any]:
    """`--why` for the page: with no solution, the clashing lines and givens (their cells
    tinted in the picture) and which one alone to drop; with several, the differing cells."""
    return answered(lambda: _explain(text, settings))


def _explain(text: str, settings: Settings) -> dict[str, Any]:
    puzzle = _puzzle(text, settings)
    found = puzzle.why(time_limit=settings.time_limit, backend=settings.backend)
    if found is None:
        return {"why": None}
    svg = puzzle.draw(highlight=puzzle.conflict_cells(found))
    return {"why": found.to_json(), "svg": svg}


def import_text(fmt: str, text: str, ignore_cosmetic: bool = False) -> dict[str, Any]:
    """A puzzle in another format (`auto` guesses it from the text) as a case, or the
    problems that stop it, placed in the text given; `ignore_cosmetic` as `sapphire import
    --ignore-cosmetic` has it."""
    return answered(lambda: _import(fmt, text, ignore_cosmetic))


def _import(fmt: str, text: str, ignore_cosmetic: bool) -> dict[str, Any]:
    from sapphire.api import format_named
    from sapphire.importers import import_puzzle

    text = text.strip()
    chosen = guess_format(text) if fmt == "auto" else format_named(fmt)
    source = text if text.startswith(("http://", "https://")) and chosen != "puzzlink" \
        else None
    case = import_puzzle(chosen, text, source=source, label="<import>",
                         ignore_cosmetic=ignore_cosmetic)
    return {"status": "imported", "format": chosen, "case": case}


def guess_format(text: str) -> str:
    """The import format a pasted puzzle is in, from how it starts: a puzz.link link, an
    f-puzzles or SudokuPad link, payload or JSON, else an ISS string or link."""
    low = text.lower()
    if "p?" in low and ("puzz.link" in low or "pzv.jp" in low or "pzprxs" in low
                        or low.startswith("p?")):
        return "puzzlink"
    if any(mark in low for mark in ("f-puzzles.com", "sudokupad.app", "sudokupad.svencodes")) \
            or text.startswith(("N4Ig", "{", "scl", "fpuzzles")):
        return "fpuzzles"
    if text.startswith(".") or "?q=" in text:
        return "iss"
    raise error("unknown-format", "cannot tell the format of the puzzle pasted",
                Span("<import>", 1, 1),
                hint="choose its format in the list (puzzlekit text needs its genre)")


def library_kinds(library: str | None) -> list[dict[str, Any]]:
    """Every kind a case may use, with its parameters and drawing, for the editor's
    suggestions and its palette: the bundled library's, and `--library DIR`'s when given."""
    from sapphire.library import load_layers, load_library, std_root

    lib = load_library("std", std_root())
    if library is not None:
        folder = Path(library).resolve()
        try:
            lib = load_layers(["std", str(folder)], folder.parent)
        except SapphireError:
            pass  # its problems are shown on the case that names it; std's kinds are offered
    return catalogue(lib)
