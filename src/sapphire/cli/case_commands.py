"""`sapphire check FILE` and `sapphire fmt FILE [--write]`.

Both parse first and print every diagnostic on stderr. The library stage is used when it is
importable (for checks and for preferred parameter names); without it, `check` reports syntax
problems only and `fmt` writes names as given, so these commands work at every stage.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from sapphire.case.model import Case
from sapphire.case.parser import (
    parse_case,
    parse_case_file,
    parse_case_partial,
    read_case_text,
)
from sapphire.case.writer import PreferredAlias, write_case
from sapphire.diagnostics import Diagnostic, InternalError, SapphireError


def _print_diagnostics(diagnostics: list[Diagnostic]) -> None:
    for d in diagnostics:
        print(d.render(), file=sys.stderr)


def _load_library(case: Case, path: str) -> Any | None:
    """The case's library via `sapphire.library.load_library`, or None when that stage is not
    available yet. A library that exists but fails to load raises `SapphireError`."""
    try:
        load_library = importlib.import_module("sapphire.library").load_library
    except (ImportError, AttributeError):
        return None
    root = case.front.library
    if root is None:
        return None
    try:
        return load_library(root, Path(path).resolve().parent)
    except (ImportError, AttributeError):
        return None


def _preferred_alias(library: Any | None) -> PreferredAlias | None:
    """The library's preferred parameter names, falling back to the written name when the
    library cannot say (unknown kind, stage not ready)."""
    if library is None or not hasattr(library, "preferred_name"):
        return None

    def preferred(reference: str, name: str) -> str:
        try:
            chosen = library.preferred_name(reference, name)
        except (SapphireError, KeyError, LookupError, AttributeError, ImportError):
            return name
        return chosen if isinstance(chosen, str) and chosen else name

    return preferred


def run_check(args: argparse.Namespace) -> int:
    """Parse, then check against the library; print every problem (exit 1) or `ok` (exit 0)."""
    path: str = args.file
    try:
        text = read_case_text(path)
        case, diagnostics = parse_case_partial(text, path)
        library = _load_library(case, path) if case.front.library else None
        if library is not None and hasattr(library, "check_case"):
            seen = {(d.kind, d.span.line, d.span.col) for d in diagnostics if d.span}
            for d in library.check_case(case):
                if d.span is None or (d.kind, d.span.line, d.span.col) not in seen:
                    diagnostics.append(d)
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
    try:
        case = parse_case_file(path)
    except SapphireError as e:
        _print_diagnostics(e.diagnostics)
        return 1
    try:
        alias = _preferred_alias(_load_library(case, path))
    except SapphireError:
        alias = None  # formatting needs no library; `check` reports why it did not load
    text = write_case(case, alias)
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
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
