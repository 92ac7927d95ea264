"""The public Python API: load or import a puzzle, solve it, explain it, check it.

`sapphire solve` is a thin layer over it: the JSON it prints is `Solved.to_json()`. Modules
are imported when first used, so `import sapphire` stays cheap (the command line imports this
module for `format_named` without loading the solver).
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sapphire.case.model import Case
    from sapphire.diagnostics import Diagnostic
    from sapphire.explain import Why
    from sapphire.library import Library
    from sapphire.pipeline import Candidates, SolveResult
    from sapphire.verify import Verdict

CASE_LABEL = "<case>"
"""How errors name a case given as text."""


def format_named(name: str) -> str:
    """The import format `name` stands for, letters in any case (`puzzlekit:sudoku` is
    `puzzlekit:Sudoku`); an unknown name is an error with the closest format as its hint."""
    from sapphire.diagnostics import error
    from sapphire.importers import FORMATS

    by_folded = {f.casefold(): f for f in FORMATS}
    found = by_folded.get(name.strip().casefold())
    if found is not None:
        return found
    close = difflib.get_close_matches(name.casefold(), list(by_folded), n=1, cutoff=0.6)
    raise error("unknown-format", f"unknown import format '{name}'",
                hint=f"did you mean '{by_folded[close[0]]}'?" if close
                else "formats: " + ", ".join(FORMATS))


@dataclass
class Solved:
    """What a solve found: the object `sapphire solve --format json` prints (`to_json`)."""

    status: str
    """`unique`, `multiple`, `none` or `unknown` (the time limit came first)."""
    count: int
    """Answers found, each verified; all of them when `complete`."""
    complete: bool
    """The search was exhausted, so `count` is the number of all the answers."""
    solutions: list[dict[str, Any]]
    """The answers shown: a case's `digits` (and `shading`, `regions`, `loop`, `extra`,
    `values` where its rules declare them), a program's `values`."""
    seconds: float
    """From reading the input to verified answers, less loading the solver."""
    backend: str
    """The backend that answered (`sat` or `cpsat`); empty when no search ran."""
    stopped: str = ""
    """Why the count is not complete: `limit` or `time`; empty when complete."""
    timings: dict[str, float] = field(default_factory=dict)
    """Seconds per stage (`load` is loading the solver)."""
    why: Why | None = None
    """`--why`, when asked for (`Puzzle.why()`)."""
    drawing: tuple[list[list[int | None]] | None, dict[str, str]] | None = field(
        default=None, repr=False)
    """The case's clue grid and answer shapes, for `_repr_svg_`; None for a program."""
    case: tuple[Case, Library] | None = field(default=None, repr=False)
    """The case and its library, so that `_repr_svg_` draws the answers over the puzzle."""

    def to_json(self) -> dict[str, Any]:
        """The object `sapphire solve --format json` prints, as plain JSON values."""
        out: dict[str, Any] = {
            "status": self.status, "count": self.count, "complete": self.complete,
            "solutions": self.solutions, "seconds": round(self.seconds, 4),
            "backend": self.backend, "timings": {k: round(v, 4) for k, v in self.timings.items()}}
        if not self.complete:  # why the count is only a lower bound
            out["stopped"] = self.stopped
        if self.why is not None:
            out["why"] = self.why.to_json()
        return out

    def _repr_svg_(self) -> str | None:
        """The answers side by side as SVG (Jupyter shows it); None when none has a grid."""
        from sapphire.render import panel_of, picture, svg

        clues, shapes = self.drawing if self.drawing is not None else (None, {})
        if self.case is not None and self.solutions:  # each answer over its puzzle
            return picture(*self.case, self.solutions, shapes=shapes)
        panels = [panel_of(a, clues, shapes) for a in self.solutions]
        if not panels or any(p is None for p in panels):
            return None
        return svg([p for p in panels if p is not None])


def solved(res: SolveResult, solutions: list[dict[str, Any]] | None = None,
           why: Why | None = None) -> Solved:
    """A pipeline result as the API and the command line give it."""
    return Solved(res.status, res.count, res.complete,
                  res.solutions if solutions is None else solutions, res.seconds, res.backend,
                  "" if res.complete else res.stopped, dict(res.timings), why)


def drawing_of(case: Case, lib: Library) -> tuple[list[list[int | None]] | None, dict[str, str]]:
    """How a case's answers are drawn: the clue grid a rule binds (`binds: {NAME: clues}`)
    and the shape of each map its rules report (their definitions' `answer`)."""
    from sapphire.case.givens import clue_grid

    shapes: dict[str, str] = {}
    binds_clues = False
    for rule in case.rules:
        d = lib.resolve(rule.reference)
        if d is not None:
            shapes.update(d.answer)
            binds_clues = binds_clues or any(what == "clues" for _, what in d.binds)
    return (clue_grid(case, lib.declares_board) if binds_clues else None), shapes


@dataclass
class Puzzle:
    """A case (its text, and the file it came from) ready to solve, explain or check."""

    text: str
    """The case file's text."""
    path: str = CASE_LABEL
    """Where it came from: errors name it, and a library folder is found beside it (for a
    case given as text, from the current directory)."""
    library_roots: Sequence[str] = ()
    """Folders besides the case file's own its library folders may be in."""

    def _load(self) -> tuple[Case, Library]:
        from sapphire.meaning import load_case

        return load_case(self.path, self.library_roots, text=self.text)

    def solve(self, max_solutions: int = 2, time_limit: float | None = None,
              backend: str = "auto", count: int | None = None,
              workers: int | None = None) -> Solved:
        """Solve as `sapphire solve` does: at most `max_solutions` answers shown, `count`
        counts up to that many, `time_limit` in seconds from reading the case."""
        from sapphire.pipeline import solve_case

        res = solve_case(self.path, max_solutions=max_solutions, time_limit=time_limit,
                         workers=workers, backend=backend, count_limit=count,
                         library_roots=self.library_roots, text=self.text)
        out = solved(res)
        if res.solutions:
            out.case = self._load()
            out.drawing = drawing_of(*out.case)
        return out

    def why(self, time_limit: float | None = None, backend: str = "auto") -> Why | None:
        """Why the case has no solution (lines and givens that clash, and which one alone
        to drop) or several (the cells where the first two differ); None when unique."""
        from sapphire.explain import why

        res = self.solve(time_limit=time_limit, backend=backend)
        case, lib = self._load()
        return why(case, lib, res.status, res.solutions, time_limit=time_limit,
                   backend=backend)

    def check(self) -> list[Diagnostic]:
        """Every problem `sapphire check` reports (none: `solve` will search)."""
        return check_case(self.text, self.path, self.library_roots)

    def candidates(self, time_limit: float | None = None, backend: str = "auto",
                   workers: int | None = None) -> Candidates:
        """Every value some answer gives each cell, as `sapphire solve --candidates` finds
        them; `.to_json()` is what it prints, `.complete` whether the search was exhausted."""
        from sapphire.pipeline import candidates_case

        return candidates_case(self.path, time_limit=time_limit, workers=workers,
                               backend=backend, library_roots=self.library_roots,
                               text=self.text)

    def verify(self, answer: str, time_limit: float | None = None) -> Verdict:
        """Check an answer written as `sapphire verify` reads it (a text grid, or the JSON
        `solve` prints): `.valid`, the `.broken` rule lines, `.to_json()`."""
        from sapphire.verify import check_answer

        case, lib = self._load()
        return check_answer(case, lib, answer, "<answer>", time_limit=time_limit)

    def draw(self, answers: Sequence[dict[str, Any]] = ()) -> str:
        """The puzzle as SVG, as `sapphire draw` draws it, or `answers` drawn over it."""
        from sapphire.render import picture

        case, lib = self._load()
        return picture(case, lib, answers, shapes=drawing_of(case, lib)[1])

    def _repr_svg_(self) -> str:
        return self.draw()


def check_case(text: str, path: str, roots: Sequence[str] = (), fetch: str = "auto",
               deadline: float | None = None) -> list[Diagnostic]:
    """Every error of a case that solving would report before it searches: parsing, the
    library's checks, instantiation, types and grounding (up to `deadline`)."""
    from sapphire.case.parser import parse_case_partial
    from sapphire.diagnostics import SapphireError
    from sapphire.library import load_case_library

    try:
        case, diagnostics = parse_case_partial(text, path)
        if case.front.library is None:
            return diagnostics
        library = load_case_library(case, roots, fetch)
        return case_problems(case, diagnostics, library, deadline)[0]
    except SapphireError as e:
        return list(e.diagnostics)


def case_problems(case: Case, diagnostics: list[Diagnostic], library: Any,
                  deadline: float | None = None) -> tuple[list[Diagnostic], bool]:
    """The parser's `diagnostics` joined with the library's checks of `case` (each problem
    once, in file order); when there are none, the case is instantiated, type-checked and
    grounded as `solve` would (a `SapphireError` raised). The flag says whether grounding
    went to the end before `deadline` (True when nothing was grounded). The `check` command
    calls this with the library it loaded, which its tests replace by a stand-in that may
    lack some checks."""
    from sapphire.library import Library

    found = list(diagnostics)
    if hasattr(library, "check_case"):
        seen = {(d.kind, d.span.line, d.span.col) for d in found if d.span}
        for d in library.check_case(case):
            if d.span is None or (d.kind, d.span.line, d.span.col) not in seen:
                found.append(d)
        if not found and hasattr(library, "check_board"):
            found = library.check_board(case)
        found.sort(key=lambda d: (d.span.line, d.span.col) if d.span else (0, 0))
    if found or not isinstance(library, Library):
        return found, True
    from sapphire.meaning.instantiate import instantiate_checked
    from sapphire.pipeline import check_grounded

    inst = instantiate_checked(case, library)
    return found, check_grounded(inst.program, inst.instance, deadline)


def load(source: str | Path, *, library_roots: Sequence[str] = ()) -> Puzzle:
    """A case from its text (anything with a line break, or starting with `---`) or from
    the path of a case file."""
    from sapphire.diagnostics import read_text

    if isinstance(source, str) and ("\n" in source or source.startswith("---")):
        return Puzzle(source, CASE_LABEL, tuple(library_roots))
    return Puzzle(read_text(source, "unreadable-file"), str(source), tuple(library_roots))


def import_puzzle(format: str, text: str, *, ignore_cosmetic: bool = False) -> Puzzle:
    """A puzzle in another format (`iss`, `fpuzzles`, `puzzlekit:GENRE`, letters in any case)
    as a case, as `sapphire import` writes it."""
    from sapphire.importers import import_puzzle as convert

    fmt = format_named(format)
    return Puzzle(convert(fmt, text, ignore_cosmetic=ignore_cosmetic), f"<{fmt.split(':')[0]}>")


def solve_program(program_path: str, data: dict[str, Any], **options: Any) -> SolveResult:
    """Solve a `.sapphire` program on instance data (`sapphire.pipeline.solve_program`)."""
    from sapphire.pipeline import solve_program as solve

    return solve(program_path, data, **options)


__all__ = ["Puzzle", "Solved", "case_problems", "check_case", "format_named",
           "import_puzzle", "load", "solve_program"]
