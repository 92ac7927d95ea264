"""`sapphire check FILE` and `sapphire fmt FILE [--write]` (`check` also reads programs).

Both parse first and print every diagnostic on stderr. `check` then runs what `solve` runs
before it searches (the library's checks, instantiation, types, grounding), so what it passes
`solve` accepts. The case's library gives the checks and the preferred parameter names; `fmt`
needs none, and when the library fails to load it writes names as given (`check` reports why
it did not load).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sapphire.case.model import Case
from sapphire.case.parser import (
    parse_case,
    parse_case_file,
    parse_case_partial,
    read_case_text,
)
from sapphire.cli.arguments import fetch_mode, reads_program, take_stdin
from sapphire.deadline import Deadline
from sapphire.diagnostics import (
    STDIN,
    Diagnostic,
    InternalError,
    SapphireError,
    error,
    render_all,
)
from sapphire.library import Library, load_case_library

if TYPE_CHECKING:
    from sapphire.case.writer import HoldsRules, PreferredAlias
    from sapphire.lang.instance import Instance
    from sapphire.lang.syntax import Program


def _print_diagnostics(diagnostics: list[Diagnostic]) -> None:
    for shown in render_all(diagnostics):
        print(shown, file=sys.stderr)


def _load_library(case: Case, roots: Sequence[str] = (), fetch: str = "auto"
                  ) -> Library | None:
    """The case's library, or None when it names none; `roots` are the folders besides the
    case file's own it may be in (`--library-root`). A library that fails to load raises
    `SapphireError`."""
    return load_case_library(case, roots, fetch) if case.front.library is not None else None


def _spelling(library: Any | None) -> tuple[PreferredAlias | None, HoldsRules | None]:
    """The library's preferred parameter names, and which parameters hold rule lines; the
    written name, and no rule lines, when the library cannot say (unknown kind, stage not
    ready)."""
    if library is None or not hasattr(library, "preferred_name"):
        return None, None

    def preferred(reference: str, name: str) -> str:
        try:
            chosen = library.preferred_name(reference, name)
        except (SapphireError, KeyError, LookupError, AttributeError, ImportError):
            return name
        return chosen if isinstance(chosen, str) and chosen else name

    def holds_rules(reference: str, name: str) -> bool:
        try:
            return bool(library.holds_rules(reference, name))
        except (SapphireError, KeyError, LookupError, AttributeError, ImportError):
            return False

    return preferred, holds_rules


CHECK_SECONDS = 20.0
"""How long `check` grounds a model when no `--time-limit` is given. Grounding a puzzle takes
milliseconds and the corpus's largest models about a second; past this `check` reports what it
found so far rather than keep the user waiting as long as a solve would."""


def run_check(args: argparse.Namespace) -> int:
    """Run every test that `solve` runs before it searches, and print every problem (exit 1) or
    `ok` (exit 0): parse, check against the library, instantiate, type-check and ground, so a
    clean `check` means `solve` reports no user error (only an answer: none or unknown).
    A `.sapphire` program is grounded on its `--data` as `solve` would ground it."""
    path: str = args.file
    limit = getattr(args, "time_limit", None)
    if limit is not None and not limit > 0:  # NaN too
        raise error("usage", f"--time-limit must be more than 0 seconds, not {limit:g}", None)
    deadline = Deadline.after(CHECK_SECONDS if limit is None else limit)
    data_path: str | None = getattr(args, "data", None)
    program = reads_program(args)
    given = take_stdin(args, newlines=not program)
    path = args.file
    if program:
        return _check_program(path, data_path, deadline, given)
    if data_path is not None:
        raise error("usage", f"--data goes with a .sapphire program, and {path} is read as a "
                    "case file, which holds its own givens", None,
                    hint="a program's file name ends in .sapphire, or --program says so")
    try:
        text = read_case_text(path) if given is None else given
        case, diagnostics = parse_case_partial(text, path)
        roots = getattr(args, "library_root", None) or ()
        library = _load_library(case, roots, fetch_mode(args)) if case.front.library else None
        if isinstance(library, Library):
            from sapphire.library.validate import shadowing_notes

            for note in shadowing_notes(library, case):
                print(note, file=sys.stderr)
        warnings: list[Diagnostic] = []
        if library is not None:
            from sapphire.api import case_problems
            from sapphire.library.advice import case_warnings

            diagnostics, complete = case_problems(case, diagnostics, library, deadline)
            if not complete:
                _stopped_note()
            if isinstance(library, Library) and not diagnostics:
                warnings = case_warnings(library, case)
    except SapphireError as e:
        _print_diagnostics(e.diagnostics)
        return 1
    if diagnostics:  # a warning may follow from an error (a misspelt condition leaves a
        _print_diagnostics(diagnostics)  # shading unread): the errors come alone, and no
        return 1  # warning is looked for (nor a definition fetched again for one)
    _print_diagnostics(warnings)
    print("ok")
    return 0


def _check_program(path: str, data_path: str | None, deadline: Deadline,
                   text: str | None = None) -> int:
    """Parse the program, read its data, type-check and ground it as `solve` does. Without
    data, a program that reads a name where only a constant will do (the seed's `{0⋯n}`)
    expects its data to give it: the grounding, which cannot go on without it, is left to a
    `check` or `solve` with `--data`."""
    from sapphire.lang.types import constant_names
    from sapphire.pipeline import prepare_program

    if data_path is None:
        program, inst = prepare_program(path, {}, text=text)
    else:
        from sapphire.cli.solve import _read_data  # loads the pipeline, as solving does

        data, data_text = _read_data(data_path)
        program, inst = prepare_program(path, data, data_path, data_text or "", text)
    try:
        _ground(program, inst, deadline)
    except SapphireError as e:
        parameters = constant_names(program) if data_path is None else frozenset()
        if not parameters or any(d.kind != "no-domain" for d in e.diagnostics):
            raise
        print(f"note: grounding {path} needs its data ({e.diagnostics[0].message}); give it "
              "with --data to check the grounding too", file=sys.stderr)
    print("ok")
    return 0


def _ground(program: Program, inst: Instance, deadline: Deadline) -> None:
    """Ground as `solve` does and test what the backend would refuse
    (`sapphire.pipeline.check_grounded`); past `deadline`, say that the rest was not checked."""
    from sapphire.pipeline import check_grounded

    if not check_grounded(program, inst, deadline):
        _stopped_note()


def _stopped_note() -> None:
    print("note: grounding stopped at the time limit; the constraints after that point "
          "were not checked (raise it with --time-limit)", file=sys.stderr)


def run_fmt(args: argparse.Namespace) -> int:
    """Print the canonical form, or with `--write` replace the file with it. A file that does
    not parse is never rewritten."""
    path: str = args.file
    if reads_program(args):
        raise error("usage", f"fmt writes case files in canonical form, and {path} is a "
                    ".sapphire program", None, hint="a program is kept as it is written")
    if path == STDIN and args.write:
        raise error("usage", "fmt --write rewrites a file, and - is standard input", None,
                    hint="leave out --write to print the canonical form")
    try:
        given = take_stdin(args, newlines=False)
        path = args.file
        if getattr(args, "add_ids", False):
            case = _case_with_ids(read_case_text(path) if given is None else given, path)
        else:
            case = parse_case_file(path) if given is None else parse_case(given, path)
    except SapphireError as e:
        _print_diagnostics(e.diagnostics)
        return 1
    try:
        roots = getattr(args, "library_root", None) or ()
        alias, holds_rules = _spelling(_load_library(case, roots, fetch_mode(args)))
    except SapphireError:  # formatting needs no library; `check` reports why it did not load
        alias, holds_rules = None, None
    from sapphire.case.writer import write_case  # `check` never writes a case

    text = write_case(case, alias, holds_rules)
    _verify(case, text, alias is not None)
    if not args.write:
        sys.stdout.write(text)
        return 0
    if Path(path).read_bytes() != text.encode("utf-8"):
        _replace(Path(path), text)
        print(f"reformatted {path}")
    return 0


def _case_with_ids(text: str, path: str) -> Case:
    """The case with an id on each line of a repeated kind that lacks one (`fmt --add-ids`);
    any other problem of the text is reported, and nothing is written."""
    from sapphire.case.writer import with_ids

    case, problems = parse_case_partial(text, path)
    others = [d for d in problems if d.kind != "repeated-kind-needs-id"]
    if others:
        raise SapphireError(others)
    return with_ids(case)


def _verify(case: Case, text: str, aliased: bool) -> None:
    """The canonical text must parse, and without aliases mean exactly the same case."""
    try:
        again = parse_case(text, case.path)
    except SapphireError as e:
        raise InternalError(f"the canonical form of {case.path} does not parse:\n{e}") from None
    if not aliased and again != case:
        raise InternalError(f"the canonical form of {case.path} changes its meaning")


def _replace(path: Path, text: str) -> None:
    """Write atomically, so an interrupted `fmt --write` never leaves half a file."""
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
