"""Source spans, user-facing diagnostics and the error hierarchy shared by every stage.

Every problem a user can cause is a `Diagnostic` with a `Span`, rendered as
``FILE:LINE:COL: error: message`` followed by the source line, a caret and a hint.
Broken invariants inside Sapphire are `InternalError`, never a `SapphireError`.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path


@dataclass(frozen=True)
class Span:
    """A region of one source file; lines and columns count from 1."""

    file: str
    """Path as the user gave it (or a label such as ``<data>``)."""
    line: int
    col: int
    end_line: int = 0
    """0 means: the same as `line`."""
    end_col: int = 0
    """Exclusive end column on `end_line`; 0 means a one-character span."""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


SHOWN_LINE = 100
"""The most characters of a source line an error shows: a longer line is shown as a window
around the column, as compilers do, so that a report never repeats a whole long line."""

SHOWN_TEXT = 500
"""The most characters of a message, note or hint an error shows; a longer one (one that
quotes a long piece of the input) is cut in its middle."""

SHOWN_NOTES = 20
"""The most notes one error shows."""

SHOWN_PER_KIND = 10
"""The most errors of one kind a report shows; the rest are summarised in one line."""

SHOWN_AT_MOST = 100
"""The most errors a report shows in all; the rest are summarised, a line for each kind."""


def clip(text: str, limit: int = SHOWN_TEXT) -> str:
    """`text`, or its start and end around an ellipsis when it is longer than `limit`."""
    if len(text) <= limit:
        return text
    head = limit * 2 // 3
    return f"{text[:head]}…{text[len(text) - (limit - head - 1):]}"


def window(text: str, col: int, width: int) -> tuple[str, int, int]:
    """The part of a source line shown under an error (an ellipsis for each end cut off),
    with the caret's column and width in it: the whole line up to `SHOWN_LINE` characters,
    else a window that starts a third of its width before `col`."""
    if len(text) <= SHOWN_LINE:
        return text, col, width
    start = max(0, min(col - 1 - SHOWN_LINE // 3, len(text) - SHOWN_LINE))
    end = start + SHOWN_LINE
    before = "…" if start > 0 else ""
    after = "…" if end < len(text) else ""
    caret = max(1, min(width, end - (col - 1)))
    return before + text[start:end] + after, col - start + len(before), caret


def render_all(diagnostics: Sequence[Diagnostic]) -> Iterator[str]:
    """Each diagnostic rendered, in order, up to `SHOWN_PER_KIND` of a kind and
    `SHOWN_AT_MOST` in all; then a line for each kind with errors left out, saying how many
    and on which lines. Thousands of errors, each on a line of its own, make a report of a
    few screens."""
    shown = 0
    per_kind: dict[str, int] = {}
    left: dict[tuple[str, str], list[int]] = {}
    warned = {d.kind for d in diagnostics if d.severity == "warning"}
    for d in diagnostics:
        per_kind[d.kind] = per_kind.get(d.kind, 0) + 1
        if per_kind[d.kind] <= SHOWN_PER_KIND and shown < SHOWN_AT_MOST:
            shown += 1
            yield d.render()
            continue
        line = d.span.line if d.span else 0
        tally = left.setdefault((d.span.file if d.span else "", d.kind), [0, line, line])
        tally[0] += 1
        tally[1], tally[2] = min(tally[1], line), max(tally[2], line)
    for (file, kind), (n, first, last) in left.items():
        lines = (f" on line {first:,}" if first == last else
                 f" on lines {first:,} to {last:,}") if first else ""
        where = f"{file}: " if file else ""
        noun = "error" if kind not in warned else "warning"
        yield (f"{where}note: and {n:,} more {kind} {noun if n == 1 else noun + 's'}{lines}, "
               "not shown")


@dataclass(frozen=True)
class Diagnostic:
    """One problem found in the user's input."""

    kind: str
    """A stable machine-readable name such as ``unbalanced-bracket`` (tests assert on it)."""
    message: str
    span: Span | None = None
    hint: str | None = None
    source_line: str | None = None
    """The text of the offending line, for the caret display."""
    notes: tuple[str, ...] = ()
    """Extra lines, e.g. the 'instantiated from' chain of a library rule."""
    severity: str = "error"
    """`error`, or `warning` for what is allowed but likely a slip (`sapphire check` says so
    and still passes the case)."""

    def render(self) -> str:
        """The diagnostic as the commands print it: a size proportional to what the reader
        needs, not to the input (a long source line is shown as a window around the column,
        and a long message is cut in its middle)."""
        where = f"{self.span}: " if self.span else ""
        out = [f"{where}{self.severity}: {clip(self.message)}"]
        if self.span is not None and self.source_line is not None:
            width = 1
            if self.span.end_col and (self.span.end_line in (0, self.span.line)):
                width = max(1, self.span.end_col - self.span.col)
            text, col, width = window(self.source_line.rstrip("\n"), self.span.col, width)
            out.append(f"  {text}")
            out.append("  " + " " * (col - 1) + "^" * width)
        out.extend(f"  note: {clip(n)}" for n in self.notes[:SHOWN_NOTES])
        if len(self.notes) > SHOWN_NOTES:
            out.append(f"  note: and {len(self.notes) - SHOWN_NOTES:,} more notes")
        if self.hint:
            out.append(f"  hint: {clip(self.hint)}")
        return "\n".join(out)

    def to_json(self) -> dict[str, object]:
        d: dict[str, object] = {"kind": self.kind, "message": clip(self.message)}
        if self.severity != "error":
            d["severity"] = self.severity
        if self.span:
            d.update(file=self.span.file, line=self.span.line, col=self.span.col)
        if self.hint:
            d["hint"] = clip(self.hint)
        if self.notes:
            d["notes"] = [clip(n) for n in self.notes]
        return d


@dataclass
class SapphireError(Exception):
    """A user error: bad input of any kind. Holds every diagnostic found, not just the first."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(render_all(self.diagnostics))

    @property
    def kinds(self) -> list[str]:
        return [d.kind for d in self.diagnostics]

    def to_json(self) -> str:
        return json.dumps([d.to_json() for d in self.diagnostics])


class Collector:
    """The diagnostics found while one text is read or checked, so that one run reports every
    problem: each is given its line of the text as it is added, for the caret display. The case
    reader, the definition reader and the case's validation each collect with one of these."""

    def __init__(self, path: str, lines: Sequence[str]) -> None:
        self.path = path
        self.lines = lines
        """The text's lines, as the reader splits them."""
        self.diagnostics: list[Diagnostic] = []

    def source_line(self, line: int) -> str | None:
        """The text of 1-based `line`, if the text has it."""
        return self.lines[line - 1] if 0 < line <= len(self.lines) else None

    def add(self, kind: str, message: str, span: Span | None, hint: str | None = None,
            notes: tuple[str, ...] = ()) -> None:
        line = self.source_line(span.line) if span else None
        self.diagnostics.append(Diagnostic(kind, message, span, hint, line, notes))

    def raise_if_any(self, *, ordered: bool = False) -> None:
        """Raise every diagnostic collected, if any; `ordered`: by line and column."""
        if not self.diagnostics:
            return
        found = list(self.diagnostics)
        if ordered:
            found.sort(key=lambda d: (d.span.line, d.span.col) if d.span else (0, 0))
        raise SapphireError(found)


class InternalError(Exception):
    """A broken invariant inside Sapphire (a bug), never caused by the user's input alone."""

    def __init__(self, message: str) -> None:
        super().__init__(
            f"internal error: {message}\n"
            "This is a bug in Sapphire; please report it with the input that caused it."
        )


def error(
    kind: str,
    message: str,
    span: Span | None = None,
    *,
    hint: str | None = None,
    source: str | None = None,
    notes: tuple[str, ...] = (),
) -> SapphireError:
    """Build a one-diagnostic error; `source` is the whole file text, from which the line is cut."""
    line = None
    if span is not None and source is not None:
        lines = source.splitlines()
        if 0 < span.line <= len(lines):
            line = lines[span.line - 1]
    return SapphireError([Diagnostic(kind, message, span, hint, line, notes)])


def span_at(file: str, text: str, start: int, end: int) -> Span:
    """The span of `text[start:end]` (offsets into the whole text of `file`); one character
    wide when it runs past its first line."""
    line = text.count("\n", 0, start) + 1
    col = start - (text.rfind("\n", 0, start) + 1) + 1
    width = end - start if "\n" not in text[start:end] else 1
    return Span(file, line, col, line, col + width)


def line_col(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of character `offset` of `text`, for errors (such as
    PyYAML's reader errors) that give only an offset."""
    offset = max(0, min(offset, len(text)))
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def unreadable_character(character: object) -> str:
    """How an error names a character YAML refuses (a control character is invisible, so it
    is named by its code point)."""
    code = character if isinstance(character, int) else None
    if isinstance(character, str) and len(character) == 1:
        code = ord(character)
    if code is None:
        return "a character YAML does not allow"
    return f"the control character U+{code:04X}, which YAML does not allow"


def source_line(source: str | None, line: int) -> str | None:
    """The text of 1-based `line` in `source`, if there is one."""
    if source is None:
        return None
    lines = source.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else None


LONGEST_NUMBER = 100
"""The most digits (leading zeros aside) of a number Sapphire reads from text. Every bound it
knows lies far below (numbers stay within ±1,000,000,000, boards within 1000 rows), and Python
refuses to turn a text of more than 4,300 digits into an integer, since the time that takes
grows with the square of the length: so a longer number is refused as it is read, before it is
converted, with an error placed at it (`integer`, `number_too_long`)."""

_DECIMAL = re.compile(r"[ \t\n\r]*([+-]?)(0*)([0-9]*)[ \t\n\r]*")
_LONG_NUMBER = re.compile(rf"(?<![0-9])0*[1-9][0-9]{{{LONGEST_NUMBER},}}")
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?')


class NumberTooLong(ValueError):
    """A number written with more than `LONGEST_NUMBER` digits; `digits` is its text. A
    `ValueError`, as `int` raises for text that is no number, so that a reader catching that
    still refuses it; a reader that can place it catches this first."""

    def __init__(self, digits: str) -> None:
        super().__init__(f"a number of {significant_digits(digits):,} digits")
        self.digits = digits


def significant_digits(number: str) -> int:
    """How many digits `number` has, its sign, leading zeros and `_` separators aside."""
    return len(number.strip().lstrip("+-").replace("_", "").lstrip("0"))


def integer(text: str) -> int:
    """`int(text)` for text that writes a whole number (optional sign, decimal digits), as
    every reader of numbers in text calls it, and JSON decoding as its `parse_int`; a number
    of more than `LONGEST_NUMBER` digits is `NumberTooLong`, anything else `int`'s own
    `ValueError`."""
    m = _DECIMAL.fullmatch(text)
    if m is None:  # what else int() reads (1_000, digits of other scripts) or refuses
        body = text.strip().lstrip("+-").replace("_", "")
        if body.isdecimal() and len(body) > LONGEST_NUMBER:
            raise NumberTooLong(text.strip())
        return int(text)
    sign, zeros, digits = m.groups()
    if len(digits) > LONGEST_NUMBER:
        raise NumberTooLong(text.strip())
    if not zeros and not digits:
        raise ValueError(f"{text!r} is not a whole number")
    return int(sign + (digits or "0"))


def long_number(text: str, start: int = 0) -> tuple[int, int] | None:
    """Where the first number of more than `LONGEST_NUMBER` digits stands in `text` from
    `start` (any run of digits counts), for a reader that refuses it before it reads it."""
    m = _LONG_NUMBER.search(text, start)
    return m.span() if m else None


def long_json_number(text: str, start: int = 0) -> tuple[int, int] | None:
    """Where the first whole number of more than `LONGEST_NUMBER` digits stands in the JSON
    `text` from `start` (outside its strings), once decoding has refused it."""
    for m in _JSON_TOKEN.finditer(text, start):
        token = m.group()
        if token[0] != '"' and m.group(1) is None and m.group(2) is None \
                and significant_digits(token) > LONGEST_NUMBER:
            return m.span()
    return None


NUMBER_HINT = (f"no number Sapphire reads has more than {LONGEST_NUMBER} digits; check it for "
               "a slip of the keyboard")


def number_too_long(digits: str, span: Span | None, *, hint: str | None = None,
                    source_line: str | None = None) -> Diagnostic:
    """The error of a number with more than `LONGEST_NUMBER` digits, placed at it; `hint` says
    what bound the numbers of its place keep."""
    return Diagnostic("number-too-long",
                      f"the number {clip(digits.strip(), 25)} has "
                      f"{significant_digits(digits):,} digits, too many to read",
                      span, hint or NUMBER_HINT, source_line)


def refuse_long_numbers(text: str, label: str, *, hint: str | None = None) -> None:
    """Raise the error of the first run of more than `LONGEST_NUMBER` digits in `text` (the
    file `label`), leading zeros included, placed at it: what a reader of a whole text whose
    numbers are all short calls before any of its parts converts one, so that no genre's
    code has to guard its own `int()`s."""
    m = _DIGIT_RUN.search(text)
    if m is None:
        return
    span = span_at(label, text, m.start(), m.end())
    d = number_too_long(m.group(), span, hint=hint, source_line=source_line(text, span.line))
    if significant_digits(m.group()) <= LONGEST_NUMBER:  # zeros make it long
        d = replace(d, message=f"the number {clip(m.group(), 25)} is written with "
                               f"{len(m.group()):,} digits, too many to read")
    raise SapphireError([d])


_DIGIT_RUN = re.compile(rf"[0-9]{{{LONGEST_NUMBER + 1},}}")


def json_number_error(text: str, label: str, start: int = 0, *,
                      hint: str | None = None) -> SapphireError:
    """The error of the first number in the JSON `text` (from `start`) with more than
    `LONGEST_NUMBER` digits, placed at it in the file `label`: what a reader raises when
    decoding with `parse_int=integer` raised `NumberTooLong`."""
    where = long_json_number(text, start)
    a, b = where if where is not None else (start, start + 1)
    span = span_at(label, text, a, b)
    return SapphireError([number_too_long(text[a:b], span, hint=hint,
                                          source_line=source_line(text, span.line))])


_JSON_SPACE = re.compile(r"[ \t\n\r]*")


def json_place(text: str, path: Sequence[str | int]) -> tuple[int, int] | None:
    """The start and end offsets, in the JSON `text`, of the value at `path` (object keys and
    0-based list indices; a key given twice is its last, as `json.loads` keeps it), or None
    when the text has no such value. It skips each value on the way with the standard
    decoder, so an error's place costs one pass over the text."""
    decode = json.JSONDecoder().raw_decode

    def skip(i: int) -> int:
        m = _JSON_SPACE.match(text, i)
        return i if m is None else m.end()

    try:
        at = skip(0)
        for step in path:
            if isinstance(step, str):
                if text[at] != "{":
                    return None
                i, found = skip(at + 1), None
                while text[i] == '"':
                    key, i = decode(text, i)
                    i = skip(i)
                    if text[i] != ":":
                        return None
                    i = skip(i + 1)
                    if key == step:
                        found = i
                    i = skip(decode(text, i)[1])
                    if text[i] != ",":
                        break
                    i = skip(i + 1)
                if found is None:
                    return None
                at = found
            else:
                if text[at] != "[":
                    return None
                at = skip(at + 1)
                for _ in range(step):
                    at = skip(decode(text, at)[1])
                    if text[at] != ",":
                        return None
                    at = skip(at + 1)
        return at, decode(text, at)[1]
    except (ValueError, IndexError, RecursionError):  # text the value did not come from
        return None


def did_you_mean(word: str, candidates: list[str] | tuple[str, ...] | set[str]) -> str | None:
    """A 'did you mean' hint for the closest candidate, if any is close enough."""
    if not isinstance(word, str):
        return None
    return _closest(word, tuple(sorted(candidates)))


@functools.lru_cache(maxsize=256)
def _closest(word: str, candidates: tuple[str, ...]) -> str | None:
    """`did_you_mean`, kept for the words asked again: a file that misspells a kind on
    thousands of lines asks for each, and each search compares the word with every kind."""
    import difflib

    close = difflib.get_close_matches(word, candidates, n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None


def read_text(path: str | Path, kind: str = "io", *, newlines: bool = True,
              hint: str | None = None) -> str:
    """The UTF-8 text of a file the user named, or a `SapphireError` of `kind` that names the
    file and the reason (see `decode_text`). `hint` goes with a file that cannot be opened."""
    label = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise error(kind, f"cannot read {label}: {e.strerror or e}", Span(label, 1, 1),
                    hint=hint) from None
    return decode_text(raw, label, kind, newlines=newlines)


STDIN = "-"
"""The file name that stands for standard input on the command line."""

STDIN_LABEL = "<stdin>"
"""How errors in text read from standard input name it (`<stdin>:LINE:COL`)."""


def read_stdin(kind: str = "io", *, newlines: bool = True) -> str:
    """Standard input, read whole as UTF-8 text (see `decode_text`), for a command given `-`
    as its file: errors in it are placed at `STDIN_LABEL`."""
    import sys

    return decode_text(sys.stdin.buffer.read(), STDIN_LABEL, kind, newlines=newlines)


def decode_text(raw: bytes, label: str, kind: str = "io", *, newlines: bool = True) -> str:
    """`raw` as UTF-8 text. Text that is not UTF-8 is an error placed at the line and column of
    its first bad byte, so that the user can find it. `newlines=False` keeps `\\r\\n` and `\\r`
    as they are written (the case writer round-trips them, and the case reader drops a leading
    byte-order mark); otherwise they read as `\\n`, and a byte-order mark is dropped."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        start = raw.rfind(b"\n", 0, e.start) + 1
        line = raw.count(b"\n", 0, e.start) + 1
        col = len(raw[start:e.start].decode("utf-8", errors="replace")) + 1
        raise error(kind, f"cannot read {label}: byte 0x{raw[e.start]:02x} is not UTF-8",
                    Span(label, line, col), hint="save the file as UTF-8 text",
                    source=raw.decode("utf-8", errors="replace")) from None
    if newlines:  # and the byte-order mark some editors put first, which is no character
        text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    return text
