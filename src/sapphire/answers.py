"""An answer to check (`sapphire verify`), read from text or from `solve`'s JSON.

Text is the grid `solve` prints: rows of cells separated by spaces, `.` for an empty cell
(a row of one-character cells may also be written without spaces, `534678912`). Each part of
the answer that is a grid of cells (the prelude's channels of cells: the digits, the shading,
the region map) starts with its heading line (`shading:`, `regions:`), but the first may go
without one: a grid with no heading is the case's first plain channel (its digits, or its
shading when it has none). A channel's text symbols are read back (`#` shaded, `.` not), and
so are their numbers (`1`, `0`); `extra cells:` starts the extra cells' digits in reading
order. Lines `status: …` and `solution 1:` are skipped and a line `solution 2:` ends the
answer, so `solve`'s text output can be passed as it is.

JSON is what `solve --format json` prints (its first solution is checked) or one answer object
as it holds them (`digits`, each channel's key, `extra`, `values`). A part that is not a grid
of cells (a loop, a rule's own answer maps such as a Slitherlink's edges) is JSON only.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from sapphire.diagnostics import (
    NumberTooLong,
    SapphireError,
    Span,
    error,
    integer,
    json_number_error,
    json_place,
    number_too_long,
    source_line,
    span_at,
)
from sapphire.meaning.answer import Part, extra_heading, heading

ANSWER_NUMBERS = "an answer's numbers are digits and region numbers, far shorter than this"

SKIPPED = re.compile(r"(status:.*|solution 1:)$")
ENDS = re.compile(r"solution \d+:$")


@dataclass
class AnswerFile:
    """An answer in the case's shape (`sapphire.meaning.case_answer`), with where each cell's
    value was written, for errors that point into the file."""

    answer: dict[str, Any]
    places: dict[tuple[str, int, int], Span] = field(default_factory=dict)
    """(part, row, column) from 1 → the cell's place in a text file; empty for JSON."""
    label: str = ""
    """The file's name as the user gave it (`-` for standard input)."""


def read_answer(text: str, label: str, parts: list[Part], rows: int, cols: int,
                extra: int = 0) -> AnswerFile:
    """The answer a file holds, for a board of `rows` × `cols` (with `extra` extra cells)
    whose answer has `parts` (`Instantiated.parts`): JSON, or text when some part is a grid
    of cells."""
    if text.lstrip().startswith(("{", "[")):
        return _read_json(text, label, parts)
    grids = [p for p in parts if p.cells]
    if not grids:
        raise error("bad-answer", "this case's answer has no grid of cells to write as text",
                    Span(label, 1, 1), hint="give the JSON `solve --format json` prints")
    return _read_text(text, label, grids, rows, cols, extra)


def _read_json(text: str, label: str, parts: list[Part]) -> AnswerFile:
    try:
        data = json.loads(text, parse_int=integer)
    except NumberTooLong:
        raise json_number_error(text, label, hint=ANSWER_NUMBERS) from None
    except json.JSONDecodeError as e:
        raise error("bad-answer", f"invalid JSON: {e.msg}", Span(label, e.lineno, e.colno),
                    source=text, hint="give the JSON `solve --format json` prints, or its "
                    "grid as text") from None
    within: tuple[str | int, ...] = ()
    if isinstance(data, dict) and "solutions" in data:
        sols = data["solutions"]
        if not isinstance(sols, list) or not sols:
            raise error("bad-answer", "the JSON's `solutions` holds no answer",
                        Span(label, 1, 1), hint="the solve it comes from found none")
        data, within = sols[0], ("solutions", 0)
    keys = [p.key for p in parts] + [p.channel.extra for p in parts
                                     if p.channel is not None and p.channel.extra]
    if not isinstance(data, dict) or not any(k in data for k in keys):
        raise error("bad-answer", "the JSON holds no answer: expected `solutions` or an answer "
                    "object with " + ", ".join(f"`{k}`" for k in keys), Span(label, 1, 1))
    for part in parts:
        if part.reported and part.key in data:
            wrong = _reported_shape(data[part.key], part)
            if wrong is not None:
                path, message, hint = wrong
                found = json_place(text, (*within, part.key, *path))
                span = span_at(label, text, *found) if found else Span(label, 1, 1)
                raise error("bad-answer", message, span, source=text if found else None,
                            hint=hint)
    return AnswerFile(data, {}, label)


def _reported_shape(value: Any, part: Part) -> tuple[tuple[str | int, ...], str, str] | None:
    """Where the maps a case's kinds report (`values`) are not in the shape `solve` prints
    them (an object of maps, each a list of `[a, b, value]` rows of whole numbers), what is
    there and what was expected; None when they are."""
    names = [name for _, name, _ in part.maps]
    row = "[a, b, value]"
    hint = (f"`{part.key}` is as `solve --format json` prints it: "
            + "{" + ", ".join(f'"{n}": [{row}, …]' for n in names) + "}")
    if not isinstance(value, dict):
        return (), (f"`{part.key}` is {_json_kind(value)}, expected an object of the maps "
                    "the case's kinds report: " + ", ".join(f"`{n}`" for n in names)), hint
    for name in names:
        rows = value.get(name)
        if name not in value or not isinstance(rows, list):
            continue  # a missing map, or a scalar, is read as it is (and missing points named)
        for r, got in enumerate(rows):
            where = f"row {r + 1} of `{name}`"
            if not isinstance(got, list):
                return (name, r), f"{where} is {_json_kind(got)}, expected a list {row}", hint
            if len(got) != 3:
                return (name, r), (f"{where} holds {len(got)} "
                                   f"{'item' if len(got) == 1 else 'items'}, expected 3: "
                                   f"{row}"), hint
            for i, x in enumerate(got):
                if (isinstance(x, bool) or not isinstance(x, int)) and not (i == 2 and x is None):
                    return (name, r, i), (f"{where} holds {_json_kind(x)} where a whole "
                                          f"number belongs ({row})"), hint
    return None


def _json_kind(value: Any) -> str:
    """What a JSON value is, as an error names it."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else "an object"


def _read_text(text: str, label: str, grids: list[Part], rows: int, cols: int,
               extra: int) -> AnswerFile:
    by_heading = {heading(p): p.key for p in grids}
    extra_key = next((p.channel.extra for p in grids
                      if p.channel is not None and p.channel.extra), None)
    if extra_key is not None:
        by_heading[extra_heading(extra_key)] = extra_key
    of = {p.key: p for p in grids}
    part = next((p.key for p in grids if p.channel is not None and p.channel.plain),
                grids[0].key)
    parsed: dict[str, list[list[Any]]] = {}
    places: dict[tuple[str, int, int], Span] = {}
    last: dict[str, int] = {}
    started = False
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or (not started and SKIPPED.match(line)):
            continue
        if started and ENDS.match(line):
            break
        if line in by_heading:
            part = by_heading[line]
            if part in parsed:
                raise error("bad-answer", f"a second `{line}` block", Span(label, n, 1),
                            source=text, hint="give each part of the answer once")
            parsed[part] = []
            started = True
            continue
        started = True
        grid = parsed.setdefault(part, [])
        width = cols if part != extra_key else min(cols, extra - cols * len(grid))
        cells = _cells(raw, width)
        if len(cells) != width or width <= 0:
            raise error("bad-answer", f"{len(cells)} cells in a row of the {part}, expected "
                        f"{max(width, 0)}", Span(label, n, 1), source=text,
                        hint=f"the board has {cols} columns; `.` marks an empty cell")
        row = len(grid) + 1
        limit = rows if part != extra_key else -(-extra // cols)
        if row > limit:
            raise error("bad-answer", f"more than {limit} rows of {part}", Span(label, n, 1),
                        source=text, hint=f"the board has {rows} rows; a heading line such as "
                        f"`{heading(grids[-1])}` starts another part")
        values = []
        for c, (col, token) in enumerate(cells, start=1):
            span = Span(label, n, col, n, col + len(token))
            values.append(_value(of.get(part), part, token, span, text))
            places[part, row, c] = span
        grid.append(values)
        last[part] = n
    for part, grid in parsed.items():
        want = rows if part != extra_key else -(-extra // cols)
        if len(grid) != want:
            n = last.get(part, len(text.splitlines()) or 1)
            raise error("bad-answer", f"{len(grid)} rows of {part}, expected {want}",
                        Span(label, n + 1 if grid else n, 1), source=text,
                        hint=f"the board has {rows} rows; `.` marks an empty cell")
    if not parsed:
        raise error("bad-answer", "the answer file holds no grid", Span(label, 1, 1),
                    hint=f"rows of the {grids[0].key}, `.` for an empty cell; "
                    + "; ".join(f"`{heading(p)}` before the {p.key}" for p in grids[1:]))
    answer: dict[str, Any] = dict(parsed)
    if extra_key is not None and extra_key in answer:
        answer[extra_key] = [x for row in answer[extra_key] for x in row]
        places.update({(extra_key, 1, (r - 1) * cols + c): s
                       for (p, r, c), s in list(places.items()) if p == extra_key})
    return AnswerFile(answer, places, label)


def _cells(raw: str, width: int) -> list[tuple[int, str]]:
    """The row's cells with their columns (from 1): space-separated, or one character each
    when the row is one word of `width` characters."""
    words = [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", raw)]
    if len(words) == 1 and width > 1 and len(words[0][1]) == width:
        col, word = words[0]
        return [(col + i, ch) for i, ch in enumerate(word)]
    return words


def _value(part: Part | None, key: str, token: str, span: Span, text: str) -> int | None:
    """A cell's value: one of its channel's text symbols, or a number (`.` is an empty cell,
    unless it is a symbol)."""
    symbols = dict(part.channel.symbols) if part is not None and part.channel is not None \
        else {}
    read = {s: v for v, s in symbols.items()}
    if token in read:
        return read[token]
    if token == "." and not symbols:
        return None
    if re.fullmatch(r"-?\d+", token):
        try:
            number = integer(token)
        except NumberTooLong:
            raise SapphireError([number_too_long(token, span, hint=ANSWER_NUMBERS,
                                                 source_line=source_line(text, span.line))]
                                ) from None
        if not symbols or number in symbols:
            return number
    noun = key[:-1] if key.endswith("s") else key
    written = ", ".join(f"`{s}` (or {v})" for v, s in sorted(symbols.items()))
    raise error("bad-answer", f"`{token}` is not a {noun}", span, source=text,
                hint=f"{written} in the {key}" if symbols else "a number, or `.` for an empty "
                "cell; a heading line (the part's name and a colon) starts another part")
