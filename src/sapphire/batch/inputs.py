"""What a batch solves: its INPUTS read into jobs, one per puzzle.

An input is a case file, a folder (every `*.case` below it, in path order), or a corpus JSON
file: `iss.json` and `fpuzzles.json` (lists of puzzles) or a puzzlekit genre file (`genre`
and `puzzles`), each of whose entries is one job. A job carries the puzzle's text, so the
workers never read the corpus file again, and an id (the file, or `FILE.json#INDEX`) that a
resumed run uses to skip what is already done.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sapphire.diagnostics import Span, error, read_text


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
    from sapphire.importers.input import entry_source

    text = read_text(spec)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise error("bad-input", f"{spec} is not JSON: {e.msg}", Span(spec, e.lineno, e.colno),
                    source=text, hint="a .json input is a corpus file") from None
    fmt, entries = _corpus_format(data, spec)
    if fmt.startswith("puzzlekit:") and fmt.split(":", 1)[1] not in GENRES:
        raise error("bad-input", f"{spec}: the importer does not read the genre "
                    f"'{fmt.split(':', 1)[1]}'", Span(spec, 1, 1),
                    hint="genres: " + ", ".join(GENRES))
    genre_source = data.get("source") if isinstance(data, dict) else None
    for i, entry in enumerate(entries):
        yield Job(f"{spec}#{i}", fmt, _puzzle_text(fmt, entry),
                  str(entry.get("name") or entry.get("key") or ""),
                  entry_source(fmt, entry, genre_source))


def _corpus_format(data: Any, spec: str) -> tuple[str, list[dict[str, Any]]]:
    """The import format of a corpus file's entries, told by their fields, and the entries."""
    if isinstance(data, dict) and isinstance(data.get("puzzles"), list):
        fmt, entries = f"puzzlekit:{data.get('genre', '')}", data["puzzles"]
    elif isinstance(data, list) and data and all(isinstance(e, dict) for e in data):
        if all("canonical_input" in e or "input" in e for e in data):
            fmt = "iss"
        elif all("raw" in e for e in data):
            fmt = "fpuzzles"
        else:
            fmt = ""
        entries = data
    else:
        fmt, entries = "", []
    if not fmt or not all(isinstance(e, dict) for e in entries):
        raise error("bad-input", f"{spec} is not a corpus file this batch reads", Span(spec, 1, 1),
                    hint="iss.json (entries with canonical_input), fpuzzles.json (entries with "
                         "raw) or a puzzlekit genre file (genre and puzzles)")
    return fmt, entries


def _puzzle_text(fmt: str, entry: dict[str, Any]) -> str:
    if fmt == "iss":
        return str(entry.get("canonical_input") or entry.get("input") or "")
    if fmt == "fpuzzles":
        return str(entry.get("raw", ""))
    return str(entry.get("problem", ""))
