"""What a batch solves: its INPUTS read into jobs, one per puzzle.

An input is a case file, a folder (every `*.case` below it, in path order), or a corpus JSON
file: `iss.json` and `fpuzzles.json` (lists of puzzles) or a puzzlekit genre file (`genre`
and `puzzles`), each of whose entries is one job. A job carries the puzzle's text, so the
workers never read the corpus file again, and an id (the file, or `FILE.json#INDEX`) that a
resumed run uses to skip what is already done.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from sapphire.diagnostics import Span, error


@dataclass(frozen=True)
class Job:
    """One puzzle of a batch."""

    id: str
    """The case file as given, or `FILE.json#INDEX` for a corpus entry: unique in a run."""
    format: str = "case"
    """`case`, or the import format of a corpus entry (`iss`, `fpuzzles`, `puzzlekit:GENRE`)."""
    text: str = ""
    """A corpus entry's puzzle text (a case file is read by the worker)."""
    name: str = ""
    """A corpus entry's name, or its key in a puzzlekit file."""
    source: str | None = None
    """Where a corpus entry comes from, for the imported case's `source:` line."""


def read_jobs(inputs: Sequence[str]) -> list[Job]:
    """Every puzzle of `inputs`, in order, each once however its path is written (`in/x.case`
    and `./in/x.case` are one job, under the first spelling); an input that names no puzzles,
    or a case that is no regular file of its folder, is an error before anything is solved."""
    jobs: list[tuple[str, Job]] = []
    for spec in inputs:
        path = Path(spec)
        if path.is_dir():
            jobs.extend((_case_file(p, path), Job(str(p))) for p in sorted(path.rglob("*.case")))
        elif path.suffix.lower() == ".json":
            key = _regular_file(path)
            jobs.extend((f"{key}#{i}", job) for i, job in enumerate(_corpus_jobs(spec)))
        elif path.exists() or path.is_symlink():
            jobs.append((_case_file(path, path.parent), Job(spec)))
        else:
            raise error("io", f"cannot read {spec}: no such file or folder", None,
                        hint="give case files, folders of them, or corpus JSON files")
    seen: set[str] = set()
    unique = [job for key, job in jobs if not (key in seen or seen.add(key))]
    if not unique:
        raise error("bad-input", "the inputs hold no puzzles", None,
                    hint="a folder is searched for *.case files")
    return unique


def _case_file(path: Path, folder: Path) -> str:
    """The resolved path of the case file `path` of `folder`, refused unless it is a regular
    file that, links followed, stays inside `folder`: a FIFO would hold a worker until its
    deadline, and a link out of the folder (`x.case` to `/etc/passwd`) would put a line of
    another file in the puzzle's error record."""
    real = _regular_file(path)
    if path.is_symlink() or real.parent != path.parent.resolve():
        root = folder.resolve()
        if real != root and root not in real.parents:
            raise error("bad-input", f"{path} links to a file outside {folder}, which is not "
                        "read", None, hint="copy the case into the folder, or name the file "
                        "it links to")
    return str(real)


def _regular_file(path: Path) -> Path:
    """`path` resolved, refused unless it is a regular file (not a FIFO, a device or a
    folder), checked without opening it."""
    try:
        real = path.resolve(strict=True)
        mode = os.stat(real).st_mode
    except (OSError, RuntimeError) as e:  # a dangling link, a loop of links
        raise error("io", f"cannot read {path}: {getattr(e, 'strerror', None) or e}",
                    None) from None
    if not stat.S_ISREG(mode):
        raise error("bad-input", f"{path} is not a regular file, and is not read", None,
                    hint="a batch reads case files, folders of them and corpus JSON files")
    return real


def _corpus_jobs(spec: str) -> Iterator[Job]:
    from sapphire.importers import GENRES
    from sapphire.importers.input import read_corpus

    fmt, puzzles = read_corpus(spec)
    genre = fmt.partition(":")[2]
    if fmt.startswith("puzzlekit:") and genre not in GENRES:
        raise error("bad-input", f"{spec}: the importer does not read the genre '{genre}'",
                    Span(spec, 1, 1), hint="genres: " + ", ".join(GENRES))
    for puzzle in puzzles:
        entry = puzzle.entry or {}
        yield Job(puzzle.label or spec, fmt, puzzle.text,
                  str(entry.get("name") or entry.get("key") or ""), puzzle.source)
