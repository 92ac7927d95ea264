"""A loaded rule library: the definitions under one root, the prelude, and reference lookup.

The root is `std` (the bundled definitions), a folder relative to the case file, or an https
URL under which `<kind>.md` files live. A rule line may also name a definition by its own https
URL. Local libraries are read and validated whole when loaded, so a broken definition is found
before any case uses it; remote definitions are fetched (once, then cached) on first use. The
bundled library, which its own tests validate whole, is read a file at a time as a case names
its kinds: a kind `k` is the file `k.md`, since every file's kind is its name. Every file read
goes through the on-disk cache of parsed definitions (`sapphire.library.cache`).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from sapphire.case.model import Case
from sapphire.diagnostics import (
    Diagnostic,
    SapphireError,
    Span,
    decode_text,
    error,
    read_text,
)
from sapphire.lang.syntax import Program
from sapphire.library.cache import parse_definition, parse_prelude
from sapphire.library.channel_reader import prelude_problems
from sapphire.library.channels import Channel, merged
from sapphire.library.definition import KIND_RE, Predicate, Prelude, RuleDefinition

PRELUDE = "prelude"


def std_root() -> Path:
    """The folder of the bundled standard library (shipped as package data beside this module;
    found from its path, since `importlib.resources` costs a fresh process its zip support)."""
    return Path(__file__).parent / "std"


@dataclass(frozen=True)
class Shadowing:
    """A file of a higher library layer that replaces a lower layer's (a kind defined with
    `overrides: true`), or a prelude that is not used because a lower layer has one."""

    kind: str
    """The kind replaced, or `prelude`."""
    used: str
    """The file whose definition is used."""
    unused: str
    """The file it replaces, or the prelude that is not used."""

    @property
    def of_prelude(self) -> bool:
        """Whether it is a prelude left unused, not a kind replaced."""
        return self.kind == PRELUDE


def _is_url_reference(reference: str) -> bool:
    return reference.startswith("https://") and reference.endswith(".md")


class Library:
    """Rule definitions and shared predicates, looked up by the references case files write."""

    def __init__(
        self,
        root: str,
        definitions: Iterable[RuleDefinition],
        prelude: Prelude | None,
        *,
        remote: str | None = None,
        cache_dir: Path | None = None,
        unread: dict[str, Path] | None = None,
        fetch_mode: str = "auto",
        below: Library | None = None,
    ) -> None:
        self.root = root
        self._below = below
        """The layers under this one (`library: [std, ./mine]`), asked for what this layer
        does not define."""
        self.shadowing: list[Shadowing] = list(below.shadowing) if below is not None else []
        """Where a layer replaces a lower one's file, lowest first (`check` reports them)."""
        self._local: dict[str, RuleDefinition] = {}
        self._predicate_defs: dict[str, RuleDefinition] = {}
        for d in definitions:
            (self._predicate_defs if d.predicate else self._local)[d.kind] = d
        self._prelude = prelude
        self._remote = remote.rstrip("/") if remote else None
        self._cache_dir = cache_dir
        self._fetch_mode = fetch_mode
        """How fetched definitions use their cache (`sapphire.library.fetch.MODES`)."""
        self._fetched: dict[str, RuleDefinition | None] = {}
        self._unread = dict(unread or {})
        """Files of a folder read on demand (the bundled library), by kind: each is read on
        the first lookup of its name, all of them when a list of kinds is asked for."""
        self._folder = next(iter(self._unread.values())).parent if self._unread else None
        self._channels: tuple[Channel, ...] | None = None

    def _read(self, kind: str) -> None:
        """Read the definition file of `kind` if it is one not read yet. A file that does not
        read as its kind makes the whole folder load as an eager one would, so that every
        problem of the folder is reported together, as for a local library."""
        path = self._unread.get(kind)
        if path is None:
            return
        try:
            d: RuleDefinition | None = parse_definition(read_text(path), str(path))
        except SapphireError:
            d = None
        if d is None or d.kind != kind:
            assert self._folder is not None
            whole = _load_folder(self.root, self._folder, self._cache_dir)  # raises them all
            # it read without a problem this time (the file changed meanwhile): take it whole
            self._local, self._predicate_defs = whole._local, whole._predicate_defs
            self._unread.clear()
            return
        del self._unread[kind]
        (self._predicate_defs if d.predicate else self._local)[d.kind] = d

    def _read_all(self) -> None:
        for kind in sorted(self._unread):
            self._read(kind)

    # -- lookup ---------------------------------------------------------------------------

    @property
    def prelude(self) -> Prelude:
        """The root's prelude.md; the bundled one when the root has none."""
        if self._prelude is None:
            found: Prelude | None = None
            if self._remote is not None:
                from sapphire.library import fetch  # only a library named by a URL fetches

                url = f"{self._remote}/{PRELUDE}.md"
                try:
                    text = fetch.fetch_text(url, self._cache_dir, self._fetch_mode)
                    found = parse_prelude(text, url)
                except fetch.NotFound:
                    found = None
            if found is None and self._below is not None:
                found = self._below.prelude
            self._prelude = found or _std_prelude()
        return self._prelude

    def channel(self, situation: str) -> Program | None:
        """The prelude's ```sapphire channel block for `situation` (`shading`, `modified
        value`, ...); the bundled prelude's when the root's prelude has none."""
        return self.prelude.channel(situation) or _std_prelude().channel(situation)

    def channels(self) -> tuple[Channel, ...]:
        """The answer's channels (`sapphire.library.channels`): the bundled prelude's table
        with the entries of this library's prelude over it. A prelude that gets them wrong (a
        block for no channel) is an error here, where both tables are known."""
        if self._channels is None:
            own, std = self.prelude, _std_prelude()
            if own is std:
                self._channels = std.answer_channels
            else:
                table = merged(std.answer_channels, own.answer_channels)
                problems = prelude_problems(own, table, (s for s, _, _ in std.channels))
                if problems:
                    raise SapphireError(problems)
                self._channels = table
        return self._channels

    def url_for(self, reference: str) -> str | None:
        """The URL a reference is fetched from, if it is fetched at all."""
        if _is_url_reference(reference):
            return reference
        if self._remote is not None and KIND_RE.match(reference):
            return f"{self._remote}/{reference}.md"
        return None

    def resolve(self, reference: str) -> RuleDefinition | None:
        """The definition a rule line's reference names, or None when there is none.

        Raises SapphireError when a fetched definition cannot be fetched or is malformed.
        """
        self._read(reference)
        if reference in self._local:
            return self._local[reference]
        if self._below is not None:
            found = self._below.resolve(reference)
            if found is not None:
                return found
        url = self.url_for(reference)
        if url is None:
            return None
        if url not in self._fetched:
            from sapphire.library import fetch

            try:
                text = fetch.fetch_text(url, self._cache_dir, self._fetch_mode)
            except fetch.NotFound:
                self._fetched[url] = None
            else:
                d = parse_definition(text, url)
                self._fetched[url] = None if d.predicate else d
        return self._fetched[url]

    def kinds(self) -> list[str]:
        """Every kind known without a network request (local ones, and remote ones seen)."""
        self._read_all()
        fetched = {d.kind for d in self._fetched.values() if d is not None}
        below = set(self._below.kinds()) if self._below is not None else set()
        return sorted(set(self._local) | fetched | below)

    def definitions(self) -> list[RuleDefinition]:
        """The local rule definitions of every layer, by kind (a higher layer's where it
        overrides a lower one's)."""
        self._read_all()
        found = {d.kind: d for d in self._below.definitions()} if self._below else {}
        found.update(self._local)
        return [found[k] for k in sorted(found)]

    def reporting(self) -> list[RuleDefinition]:
        """The local definitions that report maps of their meaning as the answer (`answer`).
        Of the files read on demand, only those whose front matter has an `answer` line are
        read, so that drawing a program's answer does not read the whole bundled library."""
        for kind, path in sorted(self._unread.items()):
            try:
                text = read_text(path)
            except SapphireError:
                continue
            front = text.split("\n---", 1)[0]
            if any(line.startswith("answer:") for line in front.splitlines()):
                self._read(kind)
        found = {d.kind: d for d in self._below.reporting()} if self._below else {}
        found.update((k, d) for k, d in self._local.items() if d.answer)
        return [found[k] for k in sorted(found)]

    def predicates(self) -> list[str]:
        """Condition keywords: the prelude's predicates and any `predicate: true` files."""
        self._read_all()
        below = set(self._below.predicates()) - {p.name for p in self._below.prelude.predicates} \
            if self._below is not None else set()
        return sorted({p.name for p in self.prelude.predicates} | set(self._predicate_defs)
                      | below)

    def predicate(self, name: str) -> Predicate | None:
        """What a condition keyword calls."""
        for p in self.prelude.predicates:
            if p.name == name:
                return p
        self._read(name)
        d = self._predicate_defs.get(name)
        if d is None and self._below is not None:
            found = self._below.predicate(name)
            return found if found is not None and found.definition is not None else None
        return Predicate(name, None, None, frozenset(), definition=d) if d is not None else None

    # -- layers ---------------------------------------------------------------------------

    def _defines(self, kind: str) -> str | None:
        """The file of this layer or one below that defines `kind` (read or not), if any."""
        d = self._local.get(kind) or self._predicate_defs.get(kind)
        if d is not None:
            return d.path
        if kind in self._unread:
            return str(self._unread[kind])
        return self._below._defines(kind) if self._below is not None else None

    def _own_prelude(self) -> Prelude | None:
        """The prelude of the lowest layer that has one of its own (not the bundled fallback),
        which every layer above uses."""
        below = self._below._own_prelude() if self._below is not None else None
        return below or self._prelude

    def declarers(self, *declarations: str) -> list[str]:
        """Local kinds that declare all of `declarations` (for hints such as 'add a yin-yang
        line'), global rules first, and of those the ones declaring least (a cell rule such as
        `shade-count` declares the shading too, `nurikabe` the shading and the regions)."""
        found = [d for d in self.definitions() if set(declarations) <= d.declares]
        return [d.kind for d in sorted(found, key=lambda d: (d.scope != "global",
                                                             len(d.declares)))]

    def declares_board(self, reference: str) -> bool:
        """Whether a rule line naming `reference` declares the board with its size argument
        (its kind's `declares: [board]`); what the case reader asks of the library."""
        d = self._quiet(reference)
        return d is not None and "board" in d.declares

    def canonical_param(self, reference: str, name: str) -> str | None:
        """The real name of a parameter written as `name` (an alias or the name), or None."""
        d = self._quiet(reference)
        spec = d.param(name) if d is not None else None
        return spec.name if spec is not None else None

    def preferred_name(self, reference: str, param_name: str) -> str:
        """How the writer spells a parameter (`sum` and `total` -> `total` for cage)."""
        d = self._quiet(reference)
        spec = d.param(param_name) if d is not None else None
        return spec.preferred if spec is not None else param_name

    def holds_rules(self, reference: str, param_name: str) -> bool:
        """Whether a parameter's strings are rule lines (`any-of rules`), which the writer
        spells like lines of their own."""
        d = self._quiet(reference)
        spec = d.param(param_name) if d is not None else None
        return spec is not None and spec.type == "rules"

    def _quiet(self, reference: str) -> RuleDefinition | None:
        try:
            return self.resolve(reference)
        except SapphireError:
            return None

    def check_case(self, case: Case) -> list[Diagnostic]:
        """Every error of `case` that needs the library, all at once, in line order
        (`sapphire.library.validate`, loaded on first use: it reads case files too, which a
        process that only reads definitions does not need)."""
        from sapphire.library import validate

        return validate.check_case(self, case)

    def check_board(self, case: Case) -> list[Diagnostic]:
        """The error of a case, free of other errors, that does not say how big its board is."""
        from sapphire.library import validate

        return validate.check_board(self, case)


_STD: list[Library] = []
"""The bundled library, opened once per process (it never changes while running): each of
its definitions is read at most once."""


def _std() -> Library:
    if not _STD:
        _STD.append(_open_std(None))
    return _STD[0]


def _open_std(cache_dir: Path | None, fetch: str = "auto") -> Library:
    """The bundled library with its prelude read and every other file read when first named."""
    folder = std_root()
    names = sorted(n for n in os.listdir(folder) if n.endswith(".md"))  # as glob("*.md") would
    unread = {path.stem: path for path in (folder / n for n in names)}
    path = unread.pop(PRELUDE, None)
    prelude = None
    if path is not None:
        try:
            prelude = parse_prelude(read_text(path), str(path))
        except SapphireError:
            _load_folder("std", folder, cache_dir)
            raise
    return Library("std", (), prelude, cache_dir=cache_dir, unread=unread, fetch_mode=fetch)


def _std_prelude() -> Prelude:
    prelude = _std()._prelude
    assert prelude is not None, "the bundled library has a prelude.md"
    return prelude


MAX_DEFINITION_BYTES = 1_000_000
"""The largest file a library folder may hold as a definition: the bundled ones are a few
kilobytes, and a file much larger (a link to a disk image, or to /dev/zero) is no definition."""


def _inside(path: Path, roots: Sequence[Path]) -> bool:
    """Whether `path` (resolved) is one of `roots` (resolved) or within one."""
    return any(path == root or root in path.parents for root in roots)


def read_definition_file(path: Path, roots: Sequence[Path]) -> str:
    """The text of one file of a library folder, read only when it is a regular file of at
    most `MAX_DEFINITION_BYTES` that is, links followed, inside `roots` (the folders the
    library may read). A FIFO, a device or a link out of the folder is refused without being
    opened for reading, so that a case from someone else cannot make Sapphire wait forever,
    read a device or show a line of a file elsewhere; the file is opened without blocking and
    checked again once open, so that it cannot be swapped in between."""
    label = str(path)
    hint = "a library folder holds rule definitions: regular Markdown files beside the case"
    try:
        real = path.resolve(strict=True)
    except (OSError, RuntimeError) as e:  # a dangling link, a loop of links
        raise error("library-file", f"cannot read {label}: {getattr(e, 'strerror', None) or e}",
                    Span(label, 1, 1), hint=hint) from None
    if not _inside(real, roots):
        raise error("library-file", f"{label} links to a file outside the library's folder, "
                    "which is not read", Span(label, 1, 1),
                    hint="copy the definition into the folder, or allow its folder with "
                         "--library-root")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        if not stat.S_ISREG(os.stat(real).st_mode):
            raise error("library-file", f"{label} is not a regular file, and is not read",
                        Span(label, 1, 1), hint=hint)
        fd = os.open(real, flags)
        with os.fdopen(fd, "rb") as f:
            st = os.fstat(f.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise error("library-file", f"{label} is not a regular file, and is not read",
                            Span(label, 1, 1), hint=hint)
            raw = f.read(MAX_DEFINITION_BYTES + 1)
    except OSError as e:
        raise error("library-file", f"cannot read {label}: {e.strerror or e}",
                    Span(label, 1, 1), hint=hint) from None
    if len(raw) > MAX_DEFINITION_BYTES:
        raise error("library-file", f"{label} is larger than a rule definition may be "
                    f"({MAX_DEFINITION_BYTES:,} bytes), and is not read", Span(label, 1, 1),
                    hint=hint)
    try:
        return decode_text(raw, label)
    except SapphireError as exc:  # placed, but its line is not shown: it may be anything
        raise SapphireError([Diagnostic(d.kind, d.message, d.span, d.hint, None, d.notes)
                             for d in exc.diagnostics]) from None


def _load_folder(root: str, folder: Path, cache_dir: Path | None,
                 roots: Sequence[Path] = (), fetch: str = "auto") -> Library:
    """Read and validate every .md under `folder`; report every broken file together. Files
    are read as `read_definition_file` allows, within `roots` (default: the folder itself)."""
    problems: list[Diagnostic] = []
    definitions: list[RuleDefinition] = []
    prelude: Prelude | None = None
    within = list(roots) or [folder.resolve()]
    for path in sorted(folder.glob("*.md")):
        label = str(path)
        try:
            text = read_definition_file(path, within)
        except SapphireError as exc:
            problems.extend(exc.diagnostics)
            continue
        try:
            if path.stem == PRELUDE:
                prelude = parse_prelude(text, label)
                continue
            d = parse_definition(text, label)
        except SapphireError as exc:
            problems.extend(_unechoed(exc.diagnostics, text))
            continue
        if d.kind != path.stem:
            lines = text.splitlines()
            line = next((i + 1 for i, ln in enumerate(lines) if ln.startswith("kind:")), 1)
            problems.append(
                Diagnostic("kind-mismatch", f"{path.name} defines kind '{d.kind}'",
                           Span(label, line, 1), hint=f"name the file {d.kind}.md or the kind "
                           f"'{path.stem}'", source_line=lines[line - 1] if lines else None)
            )
            continue
        definitions.append(d)
    if problems:
        raise SapphireError(problems)
    return Library(root, definitions, prelude, cache_dir=cache_dir, fetch_mode=fetch)


def _shown(name: str, most: int = 80) -> str:
    """A name as an error quotes it: at most `most` characters, so that a name thousands of
    characters long does not fill the terminal."""
    return name if len(name) <= most else name[: most - 1] + "…"


def _unechoed(diagnostics: list[Diagnostic], text: str) -> list[Diagnostic]:
    """A file's errors without its lines when it is no rule definition at all (it does not
    open with front matter): such a file is reported, never shown, since a library folder may
    hold anything and the user may not know what is in it."""
    if text.lstrip("\ufeff").startswith("---"):
        return diagnostics
    return [Diagnostic(d.kind, d.message, d.span, d.hint, None, d.notes) for d in diagnostics]


def load_library(root: str, base_dir: Path, *, cache_dir: Path | None = None,
                 roots: Sequence[Path | str] = (), fetch: str = "auto") -> Library:
    """Open the library a case declares: `std`, a folder relative to `base_dir`, or an https URL.

    A folder must be, links followed, within `base_dir` (the case file's folder) or one of
    `roots` (what the user allows on the command line, `--library-root`), and so must each
    file it holds that is read. `cache_dir` holds fetched definitions (default:
    ~/.cache/sapphire/library), used as `fetch` says (`sapphire.library.fetch.MODES`): a
    definition named by its URL is fetched with any library.
    """
    if root == "std":
        if cache_dir is None and fetch == "auto":
            return _std()
        return _open_std(cache_dir, fetch)
    if root.startswith("https://"):
        return Library(root, (), None, remote=root, cache_dir=cache_dir, fetch_mode=fetch)
    if "://" in root:
        raise error("insecure-library-url", f"library {root!r}: only https URLs are fetched",
                    hint="use https://, a folder, or std")
    folder = Path(root)
    if not folder.is_absolute():
        folder = base_dir / folder
    try:
        is_dir = folder.is_dir()
    except OSError as e:  # a name too long for the file system, a path through a non-folder
        raise error("library-not-found", f"library folder {_shown(root)!r} cannot be opened: "
                    f"{e.strerror or e}", hint="name a folder beside the case file, or std"
                    ) from None
    if not is_dir:
        raise error("library-not-found", f"library folder {_shown(str(folder))!r} does not "
                    "exist", hint="library: std uses the bundled definitions")
    allowed = [Path(base_dir).resolve(), *(Path(r).resolve() for r in roots)]
    real = folder.resolve()
    if not _inside(real, allowed):
        raise error("library-outside", f"library folder {_shown(root)!r} is outside the case "
                    "file's folder, and a case may read only its own folder",
                    hint=f"allow it with --library-root {_shown(str(real))}, or move the "
                    "definitions beside the case")
    return _load_folder(root, folder, cache_dir, allowed, fetch)
