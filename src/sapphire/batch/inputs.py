"""What a batch solves: its INPUTS read into jobs, one per puzzle.

An input is a case file, a folder (every `*.case` below it, in path order), or a corpus JSON
file: `iss.json` and `fpuzzles.json` (lists of puzzles) or a puzzlekit genre file (`genre`
and `puzzles`), each of whose entries is one job. A job carries the puzzle's text, so the
workers never read the corpus file again, and an id (the file, or `FILE.json#INDEX`) that a
resumed run uses to skip what is already done.
"""

from __future__ import annotations

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
    """Every puzzle of `inputs`, in order; an input that names no puzzles is an error."""
    jobs: list[Job] = []
    for spec in inputs:
        path = Path(spec)
        if path.is_dir():
            jobs.extend(Job(str(p)) for p in sorted(path.rglob("*.case")))
        elif path.suffix.lower() == ".json":
            jobs.extend(_corpus_jobs(spec))
        elif path.is_file():
            jobs.append(Job(spec))
        else:
            raise error("io", f"cannot read {spec}: no such file or folder", None,
                        hint="give case files, folders of them, or corpus JSON files")
    seen: set[str] = set()
    unique = [j for j in jobs if not (j.id in seen or seen.add(j.id))]
    if not unique:
        raise error("bad-input", "the inputs hold no puzzles", None,
                    hint="a folder is searched for *.case files")
    return unique


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
