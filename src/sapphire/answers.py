"""An answer to check (`sapphire verify`), read from text or from `solve`'s JSON.

Text is the grid `solve` prints: rows of cells separated by spaces, `.` for an empty cell
(a row of one-character cells may also be written without spaces, `534678912`). The digits
come first; a line `shading:` starts the shading rows (`#` or `1` shaded, `.` or `0` not),
`regions:` the region numbers, `extra cells:` the extra cells' digits in reading order. A case
without digits starts with its shading. Lines `status: …` and `solution 1:` are skipped and a
line `solution 2:` ends the answer, so `solve`'s text output can be passed as it is.

JSON is what `solve --format json` prints (its first solution is checked) or one answer object
as it holds them (`digits`, `shading`, `regions`, `extra`, `loop`, `values`). A loop and a
rule's own answer maps (a Slitherlink's edges) are JSON only.
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
    number_too_long,
    source_line,
)

PARTS = {"shading:": "shading", "regions:": "regions", "extra cells:": "extra"}
"""The header lines of the text format, and the part of the answer each starts."""

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


def read_answer(text: str, label: str, rows: int, cols: int, digits: bool,
                extra: int = 0, grid: bool = True) -> AnswerFile:
    """The answer a file holds, for a board of `rows` × `cols` (with `extra` extra cells);
    `digits` says whether the case's answer has digits, so that a grid without a header is
    read as digits or as shading; without `grid` (a loop's or a rule's own maps only) the
    answer must be JSON."""
    if text.lstrip().startswith(("{", "[")):
        return _read_json(text, label)
    if not grid:
        raise error("bad-answer", "this case's answer has no grid of digits or shading to "
                    "write as text", Span(label, 1, 1),
                    hint="give the JSON `solve --format json` prints")
    return _read_text(text, label, rows, cols, digits, extra)


def _read_json(text: str, label: str) -> AnswerFile:
    try:
        data = json.loads(text, parse_int=integer)
    except NumberTooLong:
        raise json_number_error(text, label, hint=ANSWER_NUMBERS) from None
    except json.JSONDecodeError as e:
        raise error("bad-answer", f"invalid JSON: {e.msg}", Span(label, e.lineno, e.colno),
                    source=text, hint="give the JSON `solve --format json` prints, or its "
                    "grid as text") from None
    if isinstance(data, dict) and "solutions" in data:
        sols = data["solutions"]
        if not isinstance(sols, list) or not sols:
            raise error("bad-answer", "the JSON's `solutions` holds no answer",
                        Span(label, 1, 1), hint="the solve it comes from found none")
        data = sols[0]
    if not isinstance(data, dict) or not any(
            k in data for k in ("digits", "shading", "regions", "loop", "links", "diagonals",
                                "values", "extra")):
        raise error("bad-answer", "the JSON holds no answer: expected `solutions` or an answer "
                    "object with `digits`, `shading`, `regions`, `loop`, `links`, `diagonals` or "
                    "`values`",
                    Span(label, 1, 1))
    return AnswerFile(data, {}, label)


def _read_text(text: str, label: str, rows: int, cols: int, digits: bool,
               extra: int) -> AnswerFile:
    part = "digits" if digits else "shading"
    grids: dict[str, list[list[Any]]] = {}
    places: dict[tuple[str, int, int], Span] = {}
    last: dict[str, int] = {}
    started = False
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or (not started and SKIPPED.match(line)):
            continue
        if started and ENDS.match(line):
            break
        if line in PARTS:
            part = PARTS[line]
            if part in grids:
                raise error("bad-answer", f"a second `{line}` block", Span(label, n, 1),
                            source=text, hint="give each part of the answer once")
            grids[part] = []
            started = True
            continue
        started = True
        grid = grids.setdefault(part, [])
        width = cols if part != "extra" else min(cols, extra - cols * len(grid))
        cells = _cells(raw, width)
        if len(cells) != width or width <= 0:
            raise error("bad-answer", f"{len(cells)} cells in a row of the {part}, expected "
                        f"{max(width, 0)}", Span(label, n, 1), source=text,
                        hint=f"the board has {cols} columns; `.` marks an empty cell")
        row = len(grid) + 1
        limit = rows if part != "extra" else -(-extra // cols)
        if row > limit:
            raise error("bad-answer", f"more than {limit} rows of {part}", Span(label, n, 1),
                        source=text, hint=f"the board has {rows} rows; a line `shading:` "
                        "starts the shading")
        values = []
        for c, (col, token) in enumerate(cells, start=1):
            span = Span(label, n, col, n, col + len(token))
            values.append(_value(part, token, span, text))
            places[part, row, c] = span
        grid.append(values)
        last[part] = n
    for part, grid in grids.items():
        want = rows if part != "extra" else -(-extra // cols)
        if len(grid) != want:
            n = last.get(part, len(text.splitlines()) or 1)
            raise error("bad-answer", f"{len(grid)} rows of {part}, expected {want}",
                        Span(label, n + 1 if grid else n, 1), source=text,
                        hint=f"the board has {rows} rows; `.` marks an empty cell")
    if not grids:
        raise error("bad-answer", "the answer file holds no grid", Span(label, 1, 1),
                    hint="rows of digits, `.` for an empty cell; `shading:` before the "
                    "shading's rows of `#` and `.`")
    answer: dict[str, Any] = dict(grids)
    if "extra" in answer:
        answer["extra"] = [x for row in answer["extra"] for x in row]
        places.update({("extra", 1, (r - 1) * cols + c): s
                       for (p, r, c), s in list(places.items()) if p == "extra"})
    return AnswerFile(answer, places, label)


def _cells(raw: str, width: int) -> list[tuple[int, str]]:
    """The row's cells with their columns (from 1): space-separated, or one character each
    when the row is one word of `width` characters."""
    words = [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", raw)]
    if len(words) == 1 and width > 1 and len(words[0][1]) == width:
        col, word = words[0]
        return [(col + i, ch) for i, ch in enumerate(word)]
    return words


def _value(part: str, token: str, span: Span, text: str) -> int | None:
    if part == "shading":
        if token in ("#", "1"):
            return 1
        if token in (".", "0"):
            return 0
        raise error("bad-answer", f"`{token}` is not a shading", span, source=text,
                    hint="`#` (or 1) for a shaded cell, `.` (or 0) for an unshaded one")
    if token == ".":
        return None
    if re.fullmatch(r"-?\d+", token):
        try:
            return integer(token)
        except NumberTooLong:
            raise SapphireError([number_too_long(token, span, hint=ANSWER_NUMBERS,
                                                 source_line=source_line(text, span.line))]
                                ) from None
    raise error("bad-answer", f"`{token}` is not a {'digit' if part != 'regions' else 'region'}",
                span, source=text, hint="a number, or `.` for an empty cell; a line "
                "`shading:` starts the shading")
