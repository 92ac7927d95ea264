"""The public Python API, and the one loaded case behind every entry point.

`load` (or `import_puzzle`, or `load_program` for a `.sapphire` program with its data) gives a
`Puzzle`: the case loaded once. Each stage runs the first time something needs it (read and
resolve the library, instantiate, ground) and its result is kept, so one `Puzzle` solves,
explains, lists candidates, verifies an answer and draws without reading anything twice. The
command line, the page (`sapphire.serve`) and batch (`sapphire.batch`) all work through it;
`sapphire solve --format json` prints a `Solved`'s `to_json()`. Modules are imported when
first used, so `import sapphire` stays cheap (the command line imports this module for
`format_named` without loading the solver).
"""

from __future__ import annotations

import difflib
import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from sapphire.case.model import Case
    from sapphire.deadline import Deadline
    from sapphire.diagnostics import Diagnostic
    from sapphire.explain import Why
    from sapphire.lang.instance import Instance
    from sapphire.lang.syntax import Program
    from sapphire.library import Library
    from sapphire.meaning import Instantiated
    from sapphire.model import GroundModel
    from sapphire.pipeline import Candidates, Solved
    from sapphire.verify import Verdict

CASE_LABEL = "<case>"
"""How errors name a case given as text."""

TimeLimit: TypeAlias = "float | Deadline | None"
"""A time limit as the API takes it: seconds from the call, a deadline already running (one
request's solve and candidates share it), or None for none."""


def format_named(name: str) -> str:
    """The import format `name` stands for, letters in any case (`puzzlekit:sudoku` is
    `puzzlekit:Sudoku`); an unknown name is an error with the closest format as its hint."""
    from sapphire.diagnostics import error
    from sapphire.importers import FORMAT_ALIASES, FORMATS

    by_folded = {f.casefold(): f for f in FORMATS} | FORMAT_ALIASES
    found = by_folded.get(name.strip().casefold())
    if found is not None:
        return found
    close = difflib.get_close_matches(name.casefold(), list(by_folded), n=1, cutoff=0.6)
    raise error("unknown-format", f"unknown import format '{name}'",
                hint=f"did you mean '{by_folded[close[0]]}'?" if close
                else "formats: " + ", ".join(FORMATS))


@dataclass
class ProgramData:
    """The instance data a `.sapphire` program is solved on, and where it came from."""

    values: dict[str, Any]
    """Scalars and nested-list maps by name."""
    path: str | None = None
    """The data file, so that errors about the data point into it (with `text`)."""
    text: str | None = None


@dataclass
class Puzzle:
    """A case (its text, and the file it came from), or a `.sapphire` program with its data
    (`program`), loaded once: each stage's result is kept for the next question."""

    text: str | None
    """The case file's (or program's) text; None to read it from `path` when first needed."""
    path: str = CASE_LABEL
    """Where it came from: errors name it, and a library folder is found beside it (for a
    case given as text, from the current directory)."""
    library_roots: Sequence[str] = ()
    """Folders besides the case file's own its library folders may be in."""
    fetch: str = "auto"
    """How definitions named by URL use their cache (`sapphire.library.fetch.MODES`)."""
    program: ProgramData | None = None
    """A `.sapphire` program's data; None for a case file."""
    _parsed: tuple[Case, Library] | None = field(default=None, init=False, repr=False,
                                                 compare=False)
    _instantiated: Instantiated | None = field(default=None, init=False, repr=False,
                                               compare=False)
    _typed: tuple[Program, Instance] | None = field(default=None, init=False, repr=False,
                                                    compare=False)
    _model: GroundModel | None = field(default=None, init=False, repr=False, compare=False)

    # ------------------------------------------------------------------ the stages, kept
    def parsed(self) -> tuple[Case, Library]:
        """The case read and its library resolved (`sapphire.meaning.load_case`)."""
        if self._parsed is None:
            from sapphire.meaning import load_case

            self._refuse_program("a case's library is read from")
            self._parsed = load_case(self.path, self.library_roots, self.fetch, text=self.text)
        return self._parsed

    def instantiated(self) -> Instantiated:
        """The case's rules instantiated into one program (`sapphire.meaning`)."""
        if self._instantiated is None:
            from sapphire.meaning import instantiate_checked

            self._instantiated = instantiate_checked(*self.parsed())
        return self._instantiated

    def typed(self) -> tuple[Program, Instance]:
        """The program and its instance, checked and typed: a case's instantiated rules, or
        a `.sapphire` program bound to its data (`sapphire.pipeline.prepare_program`)."""
        if self._typed is None:
            if self.program is None:
                inst = self.instantiated()
                self._typed = inst.program, inst.instance
            else:
                from sapphire.pipeline import prepare_program

                data = self.program
                self._typed = prepare_program(self.path, data.values, data.path, data.text,
                                              self.text)
        return self._typed

    def grounded(self, deadline: Deadline) -> GroundModel | None:
        """The ground model (`sapphire.pipeline.ground_model`); None when the deadline passed
        while grounding, which leaves nothing kept (the next question grounds again)."""
        if self._model is None:
            from sapphire.ground.grounder import TimeUp
            from sapphire.pipeline import ground_model

            try:
                self._model = ground_model(*self.typed(), deadline)
            except TimeUp:
                return None
        return self._model

    def _staged(self, deadline: Deadline) -> tuple[float, dict[str, float], GroundModel | None]:
        """The stages up to grounding: when they started, the seconds each took this time
        (a stage already kept takes none), and the ground model."""
        t0 = time.perf_counter()
        self.typed()
        t1 = time.perf_counter()
        gm = self.grounded(deadline)
        t2 = time.perf_counter()
        first = "parse" if self.program is not None else "instantiate"
        return t0, {first: t1 - t0, "ground": t2 - t1}, gm

    def _answer(self, decoded: dict[str, Any]) -> dict[str, Any]:
        """A decoded answer in the case's terms (its grids), or a program's as it is."""
        if self.program is not None:
            return decoded
        from sapphire.meaning import case_answer

        return case_answer(self.instantiated(), decoded)

    def _refuse_program(self, what: str) -> None:
        """A usage error when this is a program: `what` takes case files only."""
        if self.program is not None:
            from sapphire.diagnostics import error

            raise error("usage", f"{what} case files, not .sapphire programs", None)

    # ------------------------------------------------------------------ the questions
    def solve(self, max_solutions: int = 2, time_limit: TimeLimit = None,
              backend: str = "auto", count: int | None = None,
              workers: int | None = None) -> Solved:
        """Solve as `sapphire solve` does: at most `max_solutions` answers shown, `count`
        counts up to that many, `time_limit` in seconds from this call (the stages not yet
        run count in it)."""
        from sapphire.deadline import deadline_of
        from sapphire.pipeline import search_answers

        deadline = deadline_of(time_limit)
        start, timings, gm = self._staged(deadline)
        res = search_answers(gm, start=start, timings=timings, max_solutions=max_solutions,
                             deadline=deadline, workers=workers, backend=backend,
                             count_limit=count, answer=self._answer)
        if self.program is None:
            res.picture = self.draw
        return res

    def why(self, time_limit: TimeLimit = None, backend: str = "auto",
            workers: int | None = None, solved: Solved | None = None) -> Why | None:
        """Why the case has no solution (lines and givens that clash, and which one alone
        to drop) or several (the cells where the first two differ); None when unique. It
        explains `solved` when given (this case's solve), else solves first; `time_limit`
        is for the solve and then again for the explanation."""
        from sapphire.deadline import deadline_of
        from sapphire.explain import why

        self._refuse_program("--why explains")
        if solved is None:
            solved = self.solve(time_limit=time_limit, backend=backend, workers=workers)
        return why(*self.parsed(), solved.status, solved.solutions,
                   deadline=deadline_of(time_limit), workers=workers, backend=backend)

    def candidates(self, time_limit: TimeLimit = None, backend: str = "auto",
                   workers: int | None = None) -> Candidates:
        """Every value some answer gives each cell, as `sapphire solve --candidates` finds
        them; `.to_json()` is what it prints, `.complete` whether the search was exhausted."""
        from sapphire.deadline import deadline_of
        from sapphire.pipeline import search_candidate_values

        self._refuse_program("--candidates reads")
        deadline = deadline_of(time_limit)
        start, timings, gm = self._staged(deadline)
        return search_candidate_values(gm, start=start, timings=timings, answer=self._answer,
                                       deadline=deadline, workers=workers, backend=backend,
                                       form=self.instantiated().form)

    def verify(self, answer: str, time_limit: TimeLimit = None, label: str = "<answer>"
               ) -> Verdict:
        """Check an answer written as `sapphire verify` reads it (a text grid, or the JSON
        `solve` prints): `.valid`, the `.broken` rule lines, `.to_json()`."""
        from sapphire.deadline import deadline_of
        from sapphire.verify import check_answer

        case, lib = self.parsed()
        return check_answer(case, lib, answer, label, deadline=deadline_of(time_limit),
                            inst=self.instantiated())

    def answer_drawing(self) -> tuple[list[list[int | None]] | None, dict[str, str]]:
        """How the case's answers are drawn: the clue grid a rule binds (`binds: {NAME:
        clues}`) and the shape of each map its rules report (their definitions' `answer`)."""
        from sapphire.case.givens import clue_grid

        case, lib = self.parsed()
        shapes: dict[str, str] = {}
        binds_clues = False
        for rule in case.rules:
            d = lib.resolve(rule.reference)
            if d is not None:
                shapes.update(d.answer)
                binds_clues = binds_clues or any(what == "clues" for _, what in d.binds)
        return (clue_grid(case, lib.declares_board) if binds_clues else None), shapes

    def conflict_cells(self, found: Why | None) -> set[tuple[int, int]]:
        """The cells (row, column from 1) of the rule lines and givens a `--why` conflict
        names, which a picture tints; none for another explanation, or none at all."""
        if found is None or found.differ is not None:
            return set()
        case, _ = self.parsed()
        lines = {entry["line"] for entry in found.conflict}
        cells = {(ref.cell.row, ref.cell.col) for rule in case.rules
                 if rule.span is not None and rule.span.line in lines for ref in rule.cells}
        for given in found.givens:
            row, _, col = str(given["cell"])[1:].partition("c")
            cells.add((int(row), int(col)))
        return cells

    def draw(self, answers: Sequence[dict[str, Any]] = (), *,
             differ: Collection[tuple[int, int]] | None = None,
             candidates: Mapping[tuple[int, int], Sequence[int]] | None = None,
             highlight: Collection[tuple[int, int]] = ()) -> str:
        """The puzzle as SVG, as `sapphire draw` draws it, or `answers` drawn over it (see
        `sapphire.render.picture` for the marks)."""
        from sapphire.render import picture

        case, lib = self.parsed()
        return picture(case, lib, answers, shapes=self.answer_drawing()[1], differ=differ,
                       candidates=candidates, highlight=highlight)

    def check(self) -> list[Diagnostic]:
        """Every problem `sapphire check` reports (none: `solve` will search)."""
        from sapphire.diagnostics import read_text

        self._refuse_program("check of a Puzzle reads")
        text = self.text if self.text is not None else read_text(self.path)
        return check_case(text, self.path, self.library_roots, self.fetch)

    def _repr_svg_(self) -> str:
        return self.draw()


def check_case(text: str, path: str, roots: Sequence[str] = (), fetch: str = "auto",
               deadline: Deadline | None = None) -> list[Diagnostic]:
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
                  deadline: Deadline | None = None) -> tuple[list[Diagnostic], bool]:
    """The parser's `diagnostics` joined with the library's checks of `case` (each problem
    once, in file order); when there are none, the case is instantiated, type-checked and
    grounded as `solve` would (a `SapphireError` raised). The flag says whether grounding
    went to the end before `deadline` (True when nothing was grounded). The `check` command
    calls this with the library it loaded, which its tests replace by a stand-in that may
    lack some checks."""
    from sapphire.deadline import UNBOUNDED
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
    return found, check_grounded(inst.program, inst.instance, deadline or UNBOUNDED)


def load(source: str | Path, *, library_roots: Sequence[str] = ()) -> Puzzle:
    """A case from its text (anything with a line break, or starting with `---`) or from
    the path of a case file."""
    from sapphire.diagnostics import read_text

    if isinstance(source, str) and ("\n" in source or source.startswith("---")):
        return Puzzle(source, CASE_LABEL, tuple(library_roots))
    return Puzzle(read_text(source, "unreadable-file"), str(source), tuple(library_roots))


def load_program(path: str | Path, data: dict[str, Any] | None = None, *,
                 data_path: str | None = None, data_text: str | None = None,
                 text: str | None = None) -> Puzzle:
    """A `.sapphire` program with its instance data (scalars and nested-list maps), to solve
    as a `Puzzle`. With the data file's path and text, errors about the data point into it;
    with `text`, that is the program and `path` only names it in errors."""
    return Puzzle(text, str(path), program=ProgramData(data or {}, data_path, data_text))


def import_puzzle(format: str, text: str, *, ignore_cosmetic: bool = False) -> Puzzle:
    """A puzzle in another format (`iss`, `fpuzzles`, `puzzlekit:GENRE`, letters in any case)
    as a case, as `sapphire import` writes it."""
    from sapphire.importers import import_puzzle as convert

    fmt = format_named(format)
    return Puzzle(convert(fmt, text, ignore_cosmetic=ignore_cosmetic), f"<{fmt.split(':')[0]}>")


def solve_program(program_path: str, data: dict[str, Any], *, max_solutions: int = 2,
                  time_limit: TimeLimit = None, workers: int | None = None,
                  data_path: str | None = None, data_text: str | None = None,
                  backend: str = "auto", count_limit: int | None = None,
                  text: str | None = None) -> Solved:
    """Solve a `.sapphire` program on instance data (`load_program(...).solve(...)`)."""
    return load_program(program_path, data, data_path=data_path, data_text=data_text,
                        text=text).solve(max_solutions, time_limit, backend, count_limit,
                                         workers)


def __getattr__(name: str) -> Any:
    """`Solved`, the pipeline's result type, imported when first asked for."""
    if name == "Solved":
        from sapphire.pipeline import Solved

        return Solved
    raise AttributeError(f"module 'sapphire.api' has no attribute {name!r}")


__all__ = ["ProgramData", "Puzzle", "Solved", "case_problems", "check_case", "format_named",
           "import_puzzle", "load", "load_program", "solve_program"]
