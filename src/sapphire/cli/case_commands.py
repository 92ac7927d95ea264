"""`sapphire check FILE` and `sapphire fmt FILE [--write]` (`check` also reads programs).

Both parse first and print every diagnostic on stderr. The case's library gives the checks
and the preferred parameter names; `fmt` needs none, and when the library fails to load it
writes names as given (`check` reports why it did not load).
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
from sapphire.cli import fetch_mode, is_program
from sapphire.diagnostics import Diagnostic, InternalError, SapphireError, error
from sapphire.library import Library, load_case_library

if TYPE_CHECKING:
    from sapphire.case.writer import HoldsRules, PreferredAlias


def _print_diagnostics(diagnostics: list[Diagnostic]) -> None:
    for d in diagnostics:
        print(d.render(), file=sys.stderr)


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


def run_check(args: argparse.Namespace) -> int:
    """Parse, then check against the library; print every problem (exit 1) or `ok` (exit 0).
    A `.sapphire` program is parsed and type-checked (its data is checked by `solve`)."""
    path: str = args.file
    if is_program(path):
        from sapphire.lang.types import check_program
        from sapphire.pipeline import read_program

        check_program(read_program(path))
        print("ok")
        return 0
    try:
        text = read_case_text(path)
        case, diagnostics = parse_case_partial(text, path)
        roots = getattr(args, "library_root", None) or ()
        library = _load_library(case, roots, fetch_mode(args)) if case.front.library else None
        if library is not None and hasattr(library, "check_case"):
            seen = {(d.kind, d.span.line, d.span.col) for d in diagnostics if d.span}
            for d in library.check_case(case):
                if d.span is None or (d.kind, d.span.line, d.span.col) not in seen:
                    diagnostics.append(d)
            if not diagnostics and hasattr(library, "check_board"):
                diagnostics = library.check_board(case)
            diagnostics.sort(key=lambda d: (d.span.line, d.span.col) if d.span else (0, 0))
    except SapphireError as e:
        _print_diagnostics(e.diagnostics)
        return 1
    if diagnostics:
        _print_diagnostics(diagnostics)
        return 1
    print("ok")
    return 0


def run_fmt(args: argparse.Namespace) -> int:
    """Print the canonical form, or with `--write` replace the file with it. A file that does
    not parse is never rewritten."""
    path: str = args.file
    if is_program(path):
        raise error("usage", f"fmt writes case files in canonical form, and {path} is a "
                    ".sapphire program", None, hint="a program is kept as it is written")
    try:
        case = parse_case_file(path)
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
