"""Library layers: `library: [std, ./mine]` stacks each library on those named before it.

A later layer adds kinds; it replaces a lower layer's kind only where its definition says
`overrides: true`, and defining such a kind without it is an error at the file, so that a
setter's folder never changes what a std kind means by accident. The prelude is the lowest
layer's that has one. Where a layer replaces a file, `Library.shadowing` records it and
`sapphire check` reports it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from sapphire.case.model import Case
from sapphire.diagnostics import (
    Diagnostic,
    SapphireError,
    Span,
    error,
    read_text,
    source_line,
)
from sapphire.library.library import (
    PRELUDE,
    Library,
    Shadowing,
    _shown,
    load_library,
)


def _field_line(path: str, field: str) -> tuple[int, str | None]:
    """The line of a definition file's front-matter `field` (1 when it cannot be found), and
    that line's text, where an error about the field is placed."""
    try:
        lines = read_text(path).splitlines()
    except SapphireError:
        return 1, None
    for i, line in enumerate(lines[1:], start=2):
        if line.startswith(f"{field}:"):
            return i, line
        if line.strip() == "---":
            break
    return 1, lines[0] if lines else None


def _stack(below: Library, layer: Library, label: str) -> Library:
    """`layer` over the layers `below`: its kinds are added, and one that a lower layer has
    replaces it only where its definition says `overrides: true`; defining such a kind
    without it (or overriding one that no lower layer has) is an error at the file. The
    prelude is the lowest layer's that has one."""
    problems: list[Diagnostic] = []
    shadowing: list[Shadowing] = []
    own = {**layer._local, **layer._predicate_defs}
    for kind in sorted(set(own) | set(layer._unread)):
        d = own.get(kind)
        path = d.path if d is not None else str(layer._unread[kind])
        earlier = below._defines(kind)
        if d is not None and d.overrides and earlier is not None:
            shadowing.append(Shadowing(kind, path, earlier))
        elif d is not None and d.overrides:
            line, text = _field_line(path, "overrides")
            problems.append(Diagnostic(
                "overrides-nothing", f"'{kind}' says it overrides a kind of a library below "
                f"it, and none defines '{kind}'", Span(path, line, 1),
                hint="leave out 'overrides: true', or check the kind's name", source_line=text))
        elif earlier is not None:
            line, text = _field_line(path, "kind")
            hint = "name std first in the list, below the folders that add to it" \
                if layer.root == "std" else ("add 'overrides: true' to its front matter to "
                                             "replace it, or give the kind another name")
            problems.append(Diagnostic(
                "kind-redefined", f"kind '{kind}' is already defined by {earlier}",
                Span(path, line, 1), hint=hint, source_line=text))
    if problems:
        raise SapphireError(problems)
    first = below._own_prelude()
    if first is not None and layer._prelude is not None:
        shadowing.append(Shadowing(PRELUDE, first.path, layer._prelude.path))
    stacked = Library(label, own.values(), first or layer._prelude,
                      remote=layer._remote, cache_dir=layer._cache_dir, unread=layer._unread,
                      fetch_mode=layer._fetch_mode, below=below)
    stacked.shadowing.extend(shadowing)
    return stacked


def load_layers(layers: Sequence[str], base_dir: Path, *, cache_dir: Path | None = None,
                roots: Sequence[Path | str] = (), fetch: str = "auto") -> Library:
    """The libraries `layers` names, lowest first, each opened as `load_library` opens it and
    stacked on those before it (`_stack`): later ones add kinds, and override an earlier one's
    only where their definition says `overrides: true`."""
    if not layers:
        raise error("missing-library", "no library is named",
                    hint="write 'library: std' in the front matter")
    seen: set[str] = set()
    lib: Library | None = None
    for root in layers:
        if root in seen:
            raise error("bad-library", f"library {_shown(root)!r} is named twice",
                        hint="name each library once, lowest first")
        seen.add(root)
        layer = load_library(root, base_dir, cache_dir=cache_dir, roots=roots, fetch=fetch)
        lib = layer if lib is None else _stack(lib, layer, f"{lib.root} + {root}")
    assert lib is not None
    return lib


def load_case_library(case: Case, roots: Sequence[Path | str] = (),
                      fetch: str = "auto") -> Library:
    """The libraries `case` declares (`FrontMatter.libraries`: a folder named alone is layered
    on `std`), found from the case file's folder (and within it, or within `roots`); an error
    that names no place (a missing folder, an insecure URL, a folder out of bounds) is placed
    at the front matter's `library`."""
    layers = case.front.libraries
    if not layers:  # the case reader refuses such a case first; one built in code may not
        raise error("missing-library", "the case declares no library", Span(case.path, 1, 1),
                    hint="write 'library: std' in the front matter")
    try:
        return load_layers(layers, Path(case.path).resolve().parent, roots=roots, fetch=fetch)
    except SapphireError as exc:
        at = case.front.spans.get("library")
        if at is None:
            raise
        raise SapphireError([
            d if d.span is not None else Diagnostic(d.kind, d.message, at, d.hint,
                                                    source_line(case.source, at.line), d.notes)
            for d in exc.diagnostics]) from None
