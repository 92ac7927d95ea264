"""What every importer shares: building a case from rules, writing it canonically, reading input.

`CaseBuilder` collects the front matter and the rule lines of one puzzle. `build()` gives each
kind that is used more than once an id (`cage-1`, `cage-2`, …, as the case syntax requires),
writes the case with the library's preferred parameter names, parses the text back and checks
it against the library, and returns that text: the canonical form, as `sapphire fmt` prints it.

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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lzstring import LZString  # type: ignore[import-untyped]

from sapphire.case.givens import parse_board
from sapphire.case.model import Case, Cell, CellRef, FrontMatter, JsonValue, Param, RuleLine
from sapphire.case.parser import parse_case
from sapphire.case.writer import write_case
from sapphire.diagnostics import (
    Diagnostic,
    SapphireError,
    Span,
    decode_text,
    error,
    read_text,
    span_at,
)
from sapphire.library.library import Library, load_library

LETTERS = "ABCDEFG"
"""Given digits 10-16 as the case format writes them (one character per cell)."""
IMPORTED = "<imported>"
"""The label of an imported case's text while it is checked; the user never sees that text."""


LONGEST_SHOWN_LINE = 300
"""An error shows the line it points into up to this length; a puzzle pasted as one line of
JSON is thousands of characters long, and its caret would scroll off any terminal."""


@dataclass(frozen=True)
class Where:
    """The text an importer reads, as written, and what names it in an error (its file, its
    corpus entry `FILE.json#KEY`, or `<iss>` for a puzzle given on the command line): every
    error an importer raises points into it, so that the user finds what to mend."""

    label: str
    text: str

    def start(self) -> int:
        """The offset of the puzzle's first character (past leading blank space)."""
        return len(self.text) - len(self.text.lstrip())

    def span(self, start: int | None = None, end: int | None = None) -> Span:
        """The span of `text[start:end]`; the puzzle's first character when `start` is None."""
        first = self.start() if start is None else max(0, min(start, len(self.text)))
        return span_at(self.label, self.text, first, max(first + 1, end or 0))

    def diagnostic(self, kind: str, message: str, start: int | None = None,
                   end: int | None = None, hint: str | None = None) -> Diagnostic:
        span = self.span(start, end)
        lines = self.text.splitlines()
        line = lines[span.line - 1] if 0 < span.line <= len(lines) else None
        shown = line if line is not None and len(line) <= LONGEST_SHOWN_LINE else None
        return Diagnostic(kind, message, span, hint, shown)

    def placed(self, exc: SapphireError) -> SapphireError:
        """`exc` with every diagnostic that has no place put at the puzzle's start: what the
        puzzle as a whole lacks (a grid, a rule kind the library has not) has no nearer one."""
        if all(d.span is not None for d in exc.diagnostics):
            return exc
        return SapphireError([
            d if d.span is not None else
            Diagnostic(d.kind, d.message, self.span(), d.hint,
                       self.diagnostic(d.kind, "").source_line, d.notes)
            for d in exc.diagnostics])


def json_key_offsets(text: str, start: int = 0) -> dict[str, int]:
    """The offset of each key of the JSON object at `text[start:]` (its top level only; the
    last of a repeated key, as `json.loads` keeps it), for errors about one key's value. Empty
    when the text is not such an object; a key whose value does not read ends the scan."""
    decode = json.JSONDecoder().raw_decode
    space = re.compile(r"[ \t\n\r]*")
    found: dict[str, int] = {}

    def skip(i: int) -> int:
        return space.match(text, i).end()  # type: ignore[union-attr]  # always matches

    try:
        i = skip(start)
        if text[i] != "{":
            return found
        i = skip(i + 1)
        while i < len(text) and text[i] == '"':
            at = i
            key, i = decode(text, i)
            i = skip(i)
            if text[i] != ":":
                break
            found[key] = at
            i = skip(decode(text, skip(i + 1))[1])
            if text[i] != ",":
                break
            i = skip(i + 1)
    except (ValueError, IndexError, RecursionError):
        pass
    return found


def std_library() -> Library:
    """The bundled library every imported case names (`library: std`)."""
    return load_library("std", Path.cwd())


def decompress(payload: str) -> str | None:
    """The text LZ-String compressed to base64 in a link (f-puzzles, SudokuPad), or None when
    the payload is not such a text (the decoder raises on some and returns nothing on others)."""
    try:
        return LZString.decompressFromBase64(payload) or None
    except Exception:
        return None


def digit_symbol(d: int | None) -> str:
    """One cell of a `givens:` grid: `.` for no digit, 0-9, then A-G for 10-16 (0 is a digit
    only where the case's `digits:` starts at 0)."""
    if d is None:
        return "."
    if 0 <= d <= 9:
        return str(d)
    if 10 <= d <= 16:
        return LETTERS[d - 10]
    raise error("bad-digit", f"the digit {d} cannot be written in a case file's givens",
                hint="givens hold 0-9 and A-G (10-16)")


def grid_text(grid: list[list[str]], board_rows: int | None = None) -> str:
    """A front-matter grid: one board row per line, cells separated by single spaces; rows past
    `board_rows` (the extra cells') after a line of dashes."""
    lines = [" ".join(row) for row in grid]
    if board_rows is not None and len(lines) > board_rows:
        lines.insert(board_rows, "-" * len(lines[0]))
    return "".join(line + "\n" for line in lines)


@dataclass
class Rule:
    """One rule line before ids are given out."""

    kind: str
    cells: tuple[tuple[int, int], ...] = ()
    params: tuple[tuple[str, JsonValue], ...] = ()
    positional: str | None = None
    id_stem: str | None = None
    """The stem of this line's id when the kind repeats (default: the kind)."""
    early: bool = False


@dataclass
class CaseBuilder:
    """The front matter and rule lines of one imported puzzle."""

    library: Library = field(default_factory=std_library)
    title: str | None = None
    author: str | None = None
    notes: str | None = None
    """Free text: the setter's rules as written, and what an import left out."""
    board: tuple[int, int] | None = None
    """Written as `board:` (only when no rule declares the board)."""
    digits: tuple[int, int] | None = None
    """Written as `digits: LOW-HIGH` (only when the cells hold other digits than 1..N)."""
    extra_cells: int = 0
    """Written as `extra-cells:` when there are any."""
    grids: dict[str, list[list[str]]] = field(default_factory=dict)
    """`givens`, `shading` or `clues`, as rows of one-character symbols (givens may go on
    with the extra cells' rows)."""
    source: str | None = None
    rules: list[Rule] = field(default_factory=list)

    def has(self, kind: str) -> bool:
        return self.library.resolve(kind) is not None

    def is_sudoku(self, rows: int, cols: int, boxes: tuple[int, int] | None) -> bool:
        """Whether the grid is a square with the boxes the library's `sudoku` has for it."""
        sudoku = self.library.resolve("sudoku")
        return (rows == cols and boxes is not None and sudoku is not None
                and dict(sudoku.boxes).get(f"{rows}x{cols}") == boxes)

    def add_grid(self, rows: int, cols: int, boxes: tuple[int, int] | None) -> None:
        """The grid's first lines: `sudoku NxN` where `is_sudoku`, else `board:`,
        `latin-square` and, when the grid has boxes, `boxes HxW`."""
        if self.is_sudoku(rows, cols, boxes):
            self.add("sudoku", positional=f"{rows}x{cols}", early=True)
            return
        self.board = (rows, cols)
        self.add("latin-square", early=True)
        if boxes is not None:
            self.add("boxes", positional=f"{boxes[0]}x{boxes[1]}", early=True)

    def add(self, kind: str, cells: list[tuple[int, int]] | tuple[tuple[int, int], ...] = (),
            *, positional: str | None = None, id_stem: str | None = None, early: bool = False,
            **params: JsonValue) -> None:
        """Add a rule line; `early` puts it before every line added without it (global rules
        follow the board's line, clues come after them in the order given)."""
        rule = Rule(kind, tuple(cells), tuple(params.items()), positional, id_stem)
        if early:
            self.rules.insert(sum(1 for r in self.rules if r.early), rule)
            rule.early = True
        else:
            self.rules.append(rule)

    def case(self) -> Case:
        fields: dict[str, JsonValue] = {}
        if self.title:
            fields["title"] = self.title
        if self.author:
            fields["author"] = self.author
        if self.source:
            fields["source"] = self.source
        if self.notes:
            fields["notes"] = self.notes
        fields["library"] = "std"
        if self.board is not None:
            fields["board"] = f"{self.board[0]}x{self.board[1]}"
        if self.digits is not None:
            fields["digits"] = f"{self.digits[0]}-{self.digits[1]}"
        if self.extra_cells:
            fields["extra-cells"] = self.extra_cells
        for key in ("givens", "shading", "clues"):
            grid = self.grids.get(key)
            if grid is not None:
                fields[key] = grid_text(grid, self._board_rows())
        uses: dict[str, int] = {}
        for r in self.rules:
            uses[r.kind] = uses.get(r.kind, 0) + 1
        seen: dict[str, int] = {}
        lines: list[RuleLine] = []
        for r in self.rules:
            rid = None
            if uses[r.kind] > 1 or r.id_stem:  # a repeated kind needs an id on every line
                stem = r.id_stem or r.kind
                seen[stem] = seen.get(stem, 0) + 1
                rid = f"{stem}-{seen[stem]}"
            refs = tuple(CellRef(Cell(a, b)) for a, b in r.cells)
            lines.append(RuleLine(
                reference=r.kind, id=rid, cells=refs, separators=("-",) * max(0, len(refs) - 1),
                positional=r.positional, params=tuple(Param(n, v) for n, v in r.params)))
        return Case(FrontMatter(fields), tuple(lines))

    def _board_rows(self) -> int | None:
        """The board's rows, from `board` or the `sudoku NxN` line."""
        if self.board is not None:
            return self.board[0]
        size = parse_board(next((r.positional for r in self.rules if r.kind == "sudoku"), None))
        return size[0] if size else None

    def rule_texts(self) -> list[str]:
        """The rule lines alone, with their ids: the entries of an `any-of`/`all-of`."""
        text = write_case(self.case(), self.library.preferred_name, self.library.holds_rules)
        return text.split("\n---\n", 1)[1].splitlines()  # after the closing delimiter

    def build(self) -> str:
        """The canonical, checked case text. A rule line the library refuses (a constraint
        of the input that lists no cells, say) is reported with that line, since the user
        never sees the text it stands in."""
        text = write_case(self.case(), self.library.preferred_name, self.library.holds_rules)
        case = parse_case(text, IMPORTED)
        problems = self.library.check_case(case)
        if problems:
            lines = text.splitlines()

            def written(d: Diagnostic) -> str:
                # an entry of an any-of is checked as its own text, labelled with its line
                m = re.match(rf"{re.escape(IMPORTED)}(?::(\d+))?", d.span.file) if d.span else None
                line = (int(m[1]) if m[1] else d.span.line) if m and d.span else 0
                return f"the import writes `{lines[line - 1]}`, and " \
                    if 0 < line <= len(lines) else ""

            raise SapphireError([
                Diagnostic(d.kind, written(d) + d.message, None, "the input's constraint for it "
                           "lacks a part (its cells, say) or holds one the rule does not take")
                for d in problems])
        return write_case(case, self.library.preferred_name, self.library.holds_rules)


class Unsupported(Exception):
    """A constraint an importer cannot turn into rule lines; `what` names it (its type or key)
    and `detail` says why. Importers collect these and report them all at once."""

    def __init__(self, what: str, detail: str = "") -> None:
        super().__init__(what)
        self.what = what
        self.detail = detail


class Malformed(Unsupported):
    """A constraint that is not written as its format writes it (a bad cell, a number that is
    not one, a missing list): the input is wrong, not the library short of a kind."""


def row_or_column(rows: int, cols: int, axis: str, k: int, forward: bool) -> list[Cell] | None:
    """Row k (`axis` "R") or column k ("C") as an outside clue sees it: left to right or top
    to bottom when `forward`, else from the other end; None when there is no such line."""
    if axis == "R" and 1 <= k <= rows:
        cells = [(k, c) for c in range(1, cols + 1)]
    elif axis == "C" and 1 <= k <= cols:
        cells = [(r, k) for r in range(1, rows + 1)]
    else:
        return None
    return cells if forward else cells[::-1]


def unsupported(what: str, detail: str, hint: str | None = None) -> SapphireError:
    return SapphireError([Diagnostic("unsupported-import", f"{what}: {detail}", None, hint)])


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


def read_input(fmt: str, spec: str) -> ImportedPuzzle:
    """Read INPUT: a link (given as it is, and kept as the case's source), the puzzle itself
    (see `inline_puzzle`), `-` for standard input, a puzzle file, or `FILE.json#SELECTOR`
    picking one corpus entry."""
    if spec.strip().startswith(("http://", "https://")):
        return ImportedPuzzle(spec.strip(), f"{spec.strip()}, imported as {fmt}")
    if spec == "-":
        stream = getattr(sys.stdin, "buffer", None)  # bytes, so that bad UTF-8 is placed
        raw = decode_text(stream.read(), "<stdin>") if stream is not None else sys.stdin.read()
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
        data = json.loads(raw)
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
    if selector.isdigit() and int(selector) < len(entries):
        chosen = entries[int(selector)]
    else:
        chosen = next((e for e in entries if _name(e) == selector), None)
    if chosen is None:
        raise error("bad-input", f"{path_text} has no puzzle '{selector}'",
                    Span(path_text, 1, 1),
                    hint=f"an index from 0 to {len(entries) - 1}, or an entry's name")
    genre_source = data.get("source") if isinstance(data, dict) else None
    label = f"{path_text}#{selector}"  # lines and columns count within the entry's text
    if fmt == "iss":
        text = str(chosen.get("canonical_input") or chosen.get("input") or "")
        return ImportedPuzzle(text, entry_source(fmt, chosen), str(chosen.get("name") or ""),
                              chosen, label)
    if fmt == "fpuzzles":
        return ImportedPuzzle(str(chosen.get("raw", "")), entry_source(fmt, chosen),
                              str(chosen.get("name") or ""), chosen, label)
    return ImportedPuzzle(str(chosen.get("problem", "")), entry_source(fmt, chosen, genre_source),
                          None, chosen, f"{path_text}#{selector}")
