"""Parsed definitions kept on disk, so that a fresh process reads a rule definition without
loading markdown-it or parsing Markdown, YAML and Sapphire again.

An entry is served only when three things hold: the definition file's text now is the text the
entry was made from (compared whole, so a changed file is always read again); the code that
read it is unchanged (the version, and the size and modification time of the source files of
the packages that read definitions and of the Markdown and YAML parsers); and the entry's
checksum holds. Anything else (a corrupt, truncated or foreign entry) is ignored and rewritten.
Only definitions that read without an error are kept, so every diagnostic comes from a real
read.

The folder is `$SAPPHIRE_DEFINITION_CACHE`, else `$XDG_CACHE_HOME/sapphire/definitions`, else
`~/.cache/sapphire/definitions`; an empty `SAPPHIRE_DEFINITION_CACHE` turns the cache off. A
folder that cannot be written is skipped silently.

Entries are pickles, and loading a pickle runs whatever code its writer chose: so an entry is
loaded only from a folder that belongs to the user and that no one else may write to, and only
when the entry file itself belongs to the user and no one else may write to it (checked on the
opened file, which is not followed through a link). Any other folder, such as a shared
`XDG_CACHE_HOME` or a group-writable folder on a cluster's disk, is not used at all: the
definitions are read from their Markdown, as with the cache off. Entries are written readable
and writable by the user alone. (A data-only format would need an encoding of every class a
definition and its parsed programs hold, dozens of syntax nodes, kept in step with them; the
ownership check keeps entries what they are, and lets only the user's own writes be loaded.)
On a system without user ids (Windows) the cache is off.
"""

from __future__ import annotations

import os
import pickle
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from sapphire.library.definition import Prelude, RuleDefinition, meaning_program, remember_program

ENV = "SAPPHIRE_DEFINITION_CACHE"
MAGIC = b"sapphire-definition-1\n"
"""The first bytes of every entry; a new layout of entries takes a new number."""

_READERS = ("", "lang", "library", "case")
"""The folders of the sapphire package (relative to it) whose modules read a definition or
define the classes an entry holds; their files' sizes and times are part of every entry."""

T = TypeVar("T", RuleDefinition, Prelude)


def cache_dir() -> Path | None:
    """The folder entries live in, or None when the cache is turned off."""
    explicit = os.environ.get(ENV)
    if explicit is not None:
        return Path(explicit) if explicit else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "sapphire" / "definitions"


_CODE: list[tuple[Any, ...]] = []


def code_stamp() -> tuple[Any, ...]:
    """What identifies the code that reads definitions: worked out once per process (the code
    does not change while it runs)."""
    if not _CODE:
        from sapphire.version import __version__

        # the package's folder (os.path: pathlib costs more, per file)
        package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        files: list[tuple[str, int, int]] = []
        for folder in _READERS:
            where = os.path.join(package, folder)
            try:
                names = sorted(n for n in os.listdir(where) if n.endswith(".py"))
            except OSError:
                names = []
            for name in names:
                files.append(_stat(os.path.join(where, name)))
        for module in ("yaml", "markdown_it"):
            files.append(_module_stamp(module))
        _CODE.append((__version__, sys.version, tuple(files)))
    return _CODE[0]


def _stat(path: Path | str) -> tuple[str, int, int]:
    try:
        st = os.stat(path)
    except OSError:
        return (str(path), -1, -1)
    return (str(path), st.st_size, st.st_mtime_ns)


def _module_stamp(name: str) -> tuple[str, int, int]:
    """The size and time of a third-party package's `__init__.py`, found without importing
    it (markdown-it alone takes longer to import than a cached read of the whole case)."""
    from importlib.machinery import PathFinder

    spec = PathFinder.find_spec(name)
    origin = spec.origin if spec is not None else None
    return _stat(origin) if origin else (name, -1, -1)


def _entry_path(folder: Path, what: str, label: str) -> Path:
    """One entry per file read: a changed file replaces its entry rather than adding one."""
    data = label.encode("utf-8", "surrogatepass")
    return folder / f"{what}-{zlib.crc32(data):08x}{zlib.adler32(data):08x}.pickle"


def _parse_definition(text: str, path: str) -> RuleDefinition:
    """The reader's `parse_definition`, its module loaded on the first read that misses."""
    from sapphire.library.reader import parse_definition as read

    return read(text, path)


def _parse_prelude(text: str, path: str) -> Prelude:
    """The reader's `parse_prelude`, its module loaded on the first read that misses."""
    from sapphire.library.reader import parse_prelude as read

    return read(text, path)


def parse_definition(text: str, path: str) -> RuleDefinition:
    """`reader.parse_definition`, served from the cache when an entry fits."""
    return _cached("definition", text, path, _parse_definition, RuleDefinition)


def parse_prelude(text: str, path: str) -> Prelude:
    """`reader.parse_prelude`, served from the cache when an entry fits."""
    return _cached("prelude", text, path, _parse_prelude, Prelude)


def private(st: os.stat_result) -> bool:
    """Whether a file or folder belongs to this process's user and no one else may write to
    it (neither its group nor others)."""
    getuid = getattr(os, "getuid", None)
    return getuid is not None and st.st_uid == getuid() and not st.st_mode & 0o022


_PRIVATE: dict[Path, bool] = {}
"""Whether each cache folder is the user's own, found once per process."""


def _private_folder(folder: Path) -> bool:
    """Whether `folder` may hold entries to load: the user's own and writable by no one else
    (made so when it does not exist yet)."""
    if folder not in _PRIVATE:
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            _PRIVATE[folder] = private(os.stat(folder))
        except OSError:
            _PRIVATE[folder] = False
    return _PRIVATE[folder]


def _cached(what: str, text: str, label: str, parse: Callable[[str, str], T],
            cls: type[T]) -> T:
    folder = cache_dir()
    if folder is None or not _private_folder(folder):
        return parse(text, label)
    entry = _entry_path(folder, what, label)
    key = (what, label, code_stamp())
    hit = _load(entry, key, text, cls)
    if hit is not None:
        found, programs = hit
        for line, block, program in programs:
            remember_program(label, line, block, program)
        return found
    found = parse(text, label)  # an error propagates, and nothing is stored
    _store(entry, key, text, found, _programs(found))
    return found


def _programs(found: RuleDefinition | Prelude) -> list[tuple[int, str, Any]]:
    """The Sapphire blocks of a definition, parsed: kept beside it when they parse (a block
    that does not is reported where it is used, as without the cache)."""
    from sapphire.diagnostics import SapphireError

    blocks = [(found.meaning_line, found.meaning)]
    if isinstance(found, RuleDefinition):
        blocks += [(line, text) for line, text in ((found.implied_line, found.implied),
                                                   (found.guide_line, found.guide),
                                                   (found.settles_line, found.settles)) if text]
    out: list[tuple[int, str, Any]] = []
    for line, block in blocks:
        try:
            out.append((line, block, meaning_program(found.path, line, block)))
        except SapphireError:
            continue
    return out


def _load(entry: Path, key: tuple[Any, ...], text: str, cls: type[T]
          ) -> tuple[T, list[tuple[int, str, Any]]] | None:
    """The entry's definition and parsed blocks if it fits `key` and `text`; else None."""
    try:
        fd = os.open(entry, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    with open(fd, "rb") as f:
        try:
            if not private(os.fstat(fd)):  # written, or writable, by someone else
                return None
            data = f.read()
        except OSError:
            return None
    head = len(MAGIC) + 4
    if not data.startswith(MAGIC) or len(data) < head:
        return None
    payload = data[head:]
    if int.from_bytes(data[len(MAGIC):head], "big") != zlib.crc32(payload):
        return None
    try:
        stored_key, stored_text, found, programs = pickle.loads(payload)
    except Exception:  # noqa: BLE001 - any unreadable entry is a miss, never an error
        return None
    if stored_key != key or stored_text != text or type(found) is not cls:
        return None
    return found, programs


_UNWRITABLE: set[Path] = set()
"""Folders a write failed in this process: not tried again for every definition."""


def _store(entry: Path, key: tuple[Any, ...], text: str, found: Any,
           programs: list[tuple[int, str, Any]]) -> None:
    """Write atomically (a reader sees a whole entry or none); any failure is silent."""
    folder = entry.parent
    if folder in _UNWRITABLE:
        return
    try:
        payload = pickle.dumps((key, text, found, programs), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - a value pickle cannot hold: just not cached
        return
    data = MAGIC + zlib.crc32(payload).to_bytes(4, "big") + payload
    tmp = entry.with_name(f".{entry.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0),
                     0o600)
        with open(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, entry)
    except OSError:
        _UNWRITABLE.add(folder)
        try:
            tmp.unlink()
        except OSError:
            pass
