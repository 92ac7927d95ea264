"""Reading an import's INPUT argument: a link, a file, a corpus entry, standard input, or the
puzzle itself.

`read_input` turns a command line's INPUT into the puzzle text: a link, a file holding one
puzzle (for `fpuzzles` also one puzzle's own JSON), a corpus JSON file (`iss.json`,
`fpuzzles.json`, a puzzlekit genre file) with a selector after `#` that is an entry's 0-based
index or its name (`name` in iss.json and fpuzzles.json, `key` in a puzzlekit file), `-` for
standard input, or the puzzle itself as pasted: an ISS constraint string, an f-puzzles payload
or JSON.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sapphire.diagnostics import (
    NumberTooLong,
    Span,
    decode_text,
    error,
    integer,
    json_number_error,
    read_text,
)


@dataclass
class ImportedPuzzle:
    """One puzzle read from an INPUT argument: its text and what the input says about it."""

    text: str
    source: str | None = None
    title: str | None = None
    entry: dict[str, Any] | None = None
    """The corpus entry it came from, when it came from a corpus JSON file."""
    label: str | None = None
    """What names the text in an error: the file as given, `<stdin>`, or `FILE.json#KEY` (then
    lines count within the entry's text); None for a link or a pasted puzzle."""


def _entries(data: Any, path: str) -> list[dict[str, Any]]:
    if isinstance(data, dict) and isinstance(data.get("puzzles"), list):
        entries = data["puzzles"]
    elif isinstance(data, list):
        entries = data
    else:
        raise error("bad-input", "the JSON file is neither a list of puzzles nor a puzzlekit "
                    "genre file", Span(path, 1, 1),
                    hint="give iss.json, a puzzlekit GENRE.json, or a puzzle file")
    if not all(isinstance(e, dict) for e in entries):
        raise error("bad-input", "the JSON file's puzzles are not all objects", Span(path, 1, 1),
                    hint="give iss.json, a puzzlekit GENRE.json, or a puzzle file")
    return entries


def _name(entry: dict[str, Any]) -> str:
    return str(entry.get("name") or entry.get("key") or "")


def entry_source(fmt: str, entry: dict[str, Any], genre_source: Any = None) -> str:
    """Where a corpus entry comes from, for the case's `source:` line."""
    if fmt == "iss":
        where = entry.get("src") or ""
        base = f"Interactive Sudoku Solver example '{entry.get('name', '')}'"
        return f"{base}, {where}" if where else base
    if fmt == "fpuzzles":
        src = entry.get("source") if isinstance(entry.get("source"), dict) else {}
        where = ", ".join(str(src[k]) for k in ("repo", "path", "commit", "license")
                          if src.get(k))
        base = f"f-puzzles '{entry.get('name', '')}'"
        return f"{base} ({where})" if where else base
    link = entry.get("source") or ""
    repo = genre_source.get("repo") if isinstance(genre_source, dict) else None
    base = f"{repo or 'puzzlekit-dataset'} {fmt.split(':', 1)[-1]} {entry.get('key', '')}"
    return f"{link} (via {base})" if link else base


_INPUT_HINTS = {
    "iss": "INPUT is a file, FILE.json#NAME, a link, '-' for standard input, or the constraint "
           "string itself (it begins with '.', as in .~R1C1_5.AntiKing)",
    "fpuzzles": "INPUT is a file, FILE.json#NAME, a link, '-' for standard input, or the "
                "puzzle itself: its N4Ig… payload or its JSON",
    "puzzlekit": "INPUT is a file holding the problem, GENRE.json#KEY, or '-' for standard "
                 "input",
}

INLINE_ISS = re.compile(r"\.[~A-Za-z]")
"""How an ISS constraint string begins (`.~R1C1_5`, `.Cage~…`, `.AntiKing`), and no path does:
`./puzzle.txt` and `../puzzle.txt` stay file names."""

INLINE_FPUZZLES = ("{", "N4Ig")
"""How an f-puzzles puzzle's JSON and its compressed payload begin."""


def inline_puzzle(fmt: str, spec: str) -> bool:
    """Whether INPUT is the puzzle itself rather than a file name: an ISS constraint string, or
    an f-puzzles payload or JSON. Asked only when no file has that name."""
    text = spec.strip()
    if fmt == "iss":
        return INLINE_ISS.match(text) is not None
    return fmt == "fpuzzles" and text.startswith(INLINE_FPUZZLES)


def _names_a_file(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:  # a name too long for the file system: a constraint string, no file
        return False


def _as_read(fmt: str, raw: str) -> str:
    """A file's or standard input's text as the importer gets it: as written, since every
    importer's errors give lines and columns of it (each skips blank space itself)."""
    return raw


def _stdin() -> str:
    stream = getattr(sys.stdin, "buffer", None)  # bytes, so that bad UTF-8 is placed
    return decode_text(stream.read(), "<stdin>") if stream is not None else sys.stdin.read()


def read_input(fmt: str, spec: str) -> ImportedPuzzle:
    """Read INPUT: a link (given as it is, and kept as the case's source), the puzzle itself
    (see `inline_puzzle`), `-` for standard input, a puzzle file, or `FILE.json#SELECTOR`
    picking one corpus entry."""
    if spec.strip().startswith(("http://", "https://")):
        return ImportedPuzzle(spec.strip(), f"{spec.strip()}, imported as {fmt}")
    if spec == "-":
        raw = _stdin()
        return ImportedPuzzle(_as_read(fmt, raw), f"standard input, imported as {fmt}",
                              label="<stdin>")
    path_text, _, selector = spec.partition("#")
    path = Path(path_text)
    if inline_puzzle(fmt, spec) and not _names_a_file(path):
        return ImportedPuzzle(spec.strip(), f"the command line, imported as {fmt}")
    raw = read_text(path_text, hint=_INPUT_HINTS.get(fmt.partition(":")[0]))
    if not selector and not path.suffix == ".json":
        return ImportedPuzzle(_as_read(fmt, raw), label=path_text)
    try:
        data = json.loads(raw, parse_int=integer)
    except NumberTooLong:
        raise json_number_error(raw, path_text) from None
    except json.JSONDecodeError as e:
        raise error("bad-input", f"{path_text} is not JSON: {e.msg}",
                    Span(path_text, e.lineno, e.colno), source=raw,
                    hint="a .json INPUT is a corpus file (iss.json, fpuzzles.json, a puzzlekit "
                         "genre file) or, for fpuzzles, one puzzle's JSON") from None
    if fmt == "fpuzzles" and isinstance(data, dict) and "puzzles" not in data:
        return ImportedPuzzle(raw, label=path_text)  # one puzzle's own JSON
    entries = _entries(data, path_text)
    if not selector:
        if len(entries) == 1:
            selector = "0"
        else:
            raise error("bad-input", f"{path_text} holds {len(entries)} puzzles; say which",
                        Span(path_text, 1, 1),
                        hint=f"write {path_text}#0 (an index from 0) or {path_text}#NAME")
    chosen: dict[str, Any] | None = None
    if selector.isdecimal() and len(selector) <= len(str(len(entries))) \
            and int(selector) < len(entries):
        chosen = entries[int(selector)]
    else:
        chosen = next((e for e in entries if _name(e) == selector), None)
    if chosen is None:
        raise error("bad-input", f"{path_text} has no puzzle '{selector}'",
                    Span(path_text, 1, 1),
                    hint=f"an index from 0 to {len(entries) - 1}, or an entry's name")
    genre_source = data.get("source") if isinstance(data, dict) else None
    # lines and columns count within the entry's text
    return entry_puzzle(fmt, chosen, f"{path_text}#{selector}", genre_source)


def entry_puzzle(fmt: str, entry: dict[str, Any], label: str,
                 genre_source: Any = None) -> ImportedPuzzle:
    """One corpus entry as the puzzle an importer of `fmt` reads, named `label` in errors."""
    if fmt == "iss":
        text = str(entry.get("canonical_input") or entry.get("input") or "")
        return ImportedPuzzle(text, entry_source(fmt, entry), str(entry.get("name") or ""),
                              entry, label)
    if fmt == "fpuzzles":
        return ImportedPuzzle(str(entry.get("raw", "")), entry_source(fmt, entry),
                              str(entry.get("name") or ""), entry, label)
    return ImportedPuzzle(str(entry.get("problem", "")), entry_source(fmt, entry, genre_source),
                          None, entry, label)


def corpus_format(data: Any) -> str | None:
    """The import format of a corpus file's entries, told by their fields: `iss` (entries
    with `canonical_input`), `fpuzzles` (entries with `raw`), `puzzlekit:GENRE` (a genre
    file's `genre` and `puzzles`); None for anything else."""
    if isinstance(data, dict) and isinstance(data.get("puzzles"), list):
        return f"puzzlekit:{data.get('genre', '')}"
    if not isinstance(data, list) or not data or not all(isinstance(e, dict) for e in data):
        return None
    if all("canonical_input" in e or "input" in e for e in data):
        return "iss"
    return "fpuzzles" if all("raw" in e for e in data) else None


def guess_format(text: str, label: str = "<import>") -> str:
    """The import format of a puzzle given without one, from how it starts: a puzz.link link,
    an f-puzzles or SudokuPad link, payload or JSON, else an ISS string or link. Puzzlekit
    text looks like many genres and needs its name (`puzzlekit:GENRE`)."""
    low = text.strip().lower()
    if "p?" in low and ("puzz.link" in low or "pzv.jp" in low or "pzprxs" in low
                        or low.startswith("p?")):
        return "puzzlink"
    if any(mark in low for mark in ("f-puzzles.com", "sudokupad.app", "sudokupad.svencodes")) \
            or text.strip().startswith(("N4Ig", "{", "scl", "fpuzzles")):
        return "fpuzzles"
    if INLINE_ISS.match(text.strip()) or "?q=" in text:
        return "iss"
    raise error("unknown-format", "cannot tell the format of the puzzle", Span(label, 1, 1),
                hint="name it before the input: sapphire import FORMAT INPUT, with FORMAT "
                     "iss, fpuzzles (SudokuPad too), puzzlink or puzzlekit:GENRE")


def guess_input(spec: str) -> tuple[str, ImportedPuzzle]:
    """An INPUT given without its format, read, and the format guessed from it: a link or a
    pasted puzzle by how it starts, a corpus file by its entries' fields, one puzzle's JSON as
    f-puzzles', any other file or standard input by its text."""
    if spec == "-":
        raw = _stdin()
        fmt = guess_format(raw, "<stdin>")
        return fmt, ImportedPuzzle(raw, f"standard input, imported as {fmt}", label="<stdin>")
    path_text, _, selector = spec.partition("#")
    if not _names_a_file(Path(path_text)):
        if not spec.strip().startswith(("http://", "https://")) and not (
                INLINE_ISS.match(spec.strip()) or spec.strip().startswith(INLINE_FPUZZLES)
                or spec.strip().lower().startswith("p?")):
            read_text(path_text, hint="INPUT is a link, a file, FILE.json#NAME, '-' for "
                      "standard input, or the puzzle itself")  # says there is no such file
        fmt = guess_format(spec, "<import>")
        return fmt, read_input(fmt, spec)
    raw = read_text(path_text)
    if selector or Path(path_text).suffix == ".json":
        try:
            data = json.loads(raw, parse_int=integer)
        except (NumberTooLong, json.JSONDecodeError):
            data = None  # read_input says what is wrong with it
        fmt = corpus_format(data) or ("fpuzzles" if isinstance(data, dict) else None)
        if fmt is not None:
            return fmt, read_input(fmt, spec)
    fmt = guess_format(raw, path_text)
    return fmt, read_input(fmt, spec)


def read_corpus(path: str) -> tuple[str, list[ImportedPuzzle]]:
    """Every puzzle of a corpus JSON file, each labelled `FILE#INDEX`, and their format."""
    text = read_text(path)
    try:
        data = json.loads(text, parse_int=integer)
    except NumberTooLong:
        raise json_number_error(text, path) from None
    except json.JSONDecodeError as e:
        raise error("bad-input", f"{path} is not JSON: {e.msg}", Span(path, e.lineno, e.colno),
                    source=text, hint="a .json input is a corpus file") from None
    fmt = corpus_format(data)
    if fmt is None:
        raise error("bad-input", f"{path} is not a corpus file", Span(path, 1, 1),
                    hint="iss.json (entries with canonical_input), fpuzzles.json (entries with "
                         "raw) or a puzzlekit genre file (genre and puzzles)")
    genre_source = data.get("source") if isinstance(data, dict) else None
    return fmt, [entry_puzzle(fmt, e, f"{path}#{i}", genre_source)
                 for i, e in enumerate(_entries(data, path))]
