"""The YAML front matter of a case file: the one list of known keys, loading and checking.

PyYAML's node marks give every key and value a position, so an error points at what the setter
wrote. Timestamps are not resolved (``source: 2024-01-01`` stays text) because front matter is
written back verbatim and must mean what it says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import yaml

from sapphire.case._report import Reporter
from sapphire.case.givens import (
    MAX_BOARD_SIDE,
    MAX_DIGITS,
    MAX_EXTRA_CELLS,
    extra_cell_count,
    parse_board,
    parse_digits,
    too_large_board,
)
from sapphire.case.model import FrontMatter, JsonValue
from sapphire.case.yaml_nodes import node_problem
from sapphire.diagnostics import (
    did_you_mean,
    line_col,
    long_number,
    number_too_long,
    unreadable_character,
)

NEGATE_VALUES = ("none", "all")
DELIMITER = "---"


class _Loader(yaml.SafeLoader):
    """SafeLoader without timestamp resolution, so dates stay the text the setter wrote."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


class _Dumper(yaml.SafeDumper):
    """Writes multi-line text (givens, shading) as ``|`` blocks, the way a setter would."""


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.ScalarNode:
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(str, _represent_str)


def dump_front_matter(fields: dict[str, JsonValue]) -> str:
    """YAML text for `fields`, used when a case was built in code and has no verbatim text."""
    if not fields:
        return ""
    text: str = yaml.dump(
        fields, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=1_000_000
    )
    return text


@dataclass
class ValuePlace:
    """Where a front-matter value stands, so errors inside givens can point at a character."""

    node: yaml.Node
    first_line: int
    """1-based file line of the YAML text's first line."""
    lines: list[str] = field(default_factory=list)
    """The file's lines."""

    def locate(self, value_line: int, index: int) -> tuple[int, int]:
        """File line and column (1-based) of character `index` on line `value_line` of the value."""
        node = self.node
        start_line = self.first_line + node.start_mark.line
        start_col = node.start_mark.column + 1
        text = node.value if isinstance(node.value, str) else ""
        parts = text.split("\n")
        if value_line >= len(parts):
            return start_line, start_col
        part = parts[value_line]
        style = getattr(node, "style", None)
        if style == "|":
            # Literal blocks start on the line after the indicator, one source line per line
            # (folded '>' blocks join lines, so they fall back to the value's start).
            line = start_line + 1 + value_line
            src = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
            if part and src.endswith(part):
                return line, len(src) - len(part) + index + 1
            return start_line, start_col
        if style is None and len(parts) == 1:
            return start_line, start_col + index
        if style in ("'", '"') and len(parts) == 1 and "\\" not in text and "'" not in text:
            return start_line, start_col + 1 + index
        return start_line, start_col


@dataclass
class FrontMatterResult:
    """The front matter read, with where each value was written, for the later checks'
    errors."""

    front: FrontMatter
    places: dict[str, ValuePlace]
    body_start: int
    """0-based index of the first body line."""
    present: bool


def parse_front_matter(lines: list[str], rep: Reporter) -> FrontMatterResult:
    """Read the block between the opening and closing ``---`` lines, reporting every problem."""
    if not lines or lines[0].rstrip() != DELIMITER:
        rep.report(
            "missing-library",
            "the case file declares no library",
            1,
            1,
            hint="start the file with front matter: '---', 'library: std', '---'",
        )
        return FrontMatterResult(FrontMatter({}), {}, 0, False)
    close = next((i for i in range(1, len(lines)) if lines[i].rstrip() == DELIMITER), None)
    if close is None:
        rep.report(
            "unclosed-front-matter",
            "the front matter opened here is never closed",
            1,
            1,
            width=3,
            hint="end the front matter with a line holding only '---'",
        )
        return FrontMatterResult(FrontMatter({}), {}, len(lines), True)
    raw = "".join(line + "\n" for line in lines[1:close])
    fields, spans, places = _load(raw, rep)
    front = FrontMatter(fields or {}, raw, spans)
    if fields is not None:
        _check_fields(front, places, rep)
    return FrontMatterResult(front, places, close + 1, True)


def _indenting_tab(raw: str, line: int) -> int | None:
    """Where a tab stands among the spaces that start line `line` (0-based) of the front
    matter, or None: YAML's own message about it names the character, not the cure."""
    lines = raw.split("\n")
    text = lines[line] if 0 <= line < len(lines) else ""
    indent = text[:len(text) - len(text.lstrip(" \t"))]
    return indent.index("\t") if "\t" in indent else None


def _load(
    raw: str, rep: Reporter
) -> tuple[dict[str, JsonValue] | None, dict[str, Any], dict[str, ValuePlace]]:
    """Fields, key spans and value places; fields is None when the YAML could not be read."""
    first_line = 2
    loader: _Loader | None = None
    try:
        # PyYAML checks the text for characters it refuses as the loader is built, raising a
        # ReaderError that has an offset but no mark: both are bad input, placed.
        loader = _Loader(raw)
        node = loader.get_single_node()
        problem = node_problem(node) if node is not None else None
        if problem is not None:
            mark = problem.node.start_mark
            rep.report(problem.kind, problem.message, first_line + mark.line, mark.column + 1,
                       hint=problem.hint)
            return None, {}, {}
        data = loader.construct_document(node) if node is not None else None
    except yaml.reader.ReaderError as e:
        line, col = line_col(raw, e.position)
        rep.report(
            "bad-yaml",
            f"the front matter holds {unreadable_character(e.character)}",
            first_line + line - 1,
            col,
            hint="delete it; inside double quotes it can be written as an escape such as "
            "\\x01",
        )
        return None, {}, {}
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = first_line + (mark.line if mark else 0)
        col = (mark.column + 1) if mark else 1
        tab = _indenting_tab(raw, mark.line) if mark else None
        if tab is not None:
            rep.report("bad-yaml", "the front matter is not valid YAML: a tab indents this "
                       "line", line, tab + 1, hint="use spaces: YAML indents with spaces only")
            return None, {}, {}
        rep.report(
            "bad-yaml",
            f"the front matter is not valid YAML: {e.problem or e.context}",
            line,
            col,
            hint="front matter is 'key: value' lines; quote text holding ': ' or ' #'",
        )
        return None, {}, {}
    finally:
        if loader is not None:
            loader.dispose()
    if node is None:
        return {}, {}, {}
    if not isinstance(node, yaml.MappingNode) or not isinstance(data, dict):
        rep.report(
            "bad-yaml",
            "the front matter must be 'key: value' lines",
            first_line + node.start_mark.line,
            node.start_mark.column + 1,
            hint="for example 'library: std'",
        )
        return None, {}, {}
    fields: dict[str, JsonValue] = {}
    spans: dict[str, Any] = {}
    places: dict[str, ValuePlace] = {}
    seen: dict[str, int] = {}
    for key_node, value_node in node.value:
        key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node)
        line = first_line + key_node.start_mark.line
        col = key_node.start_mark.column + 1
        if key in seen:
            rep.report(
                "duplicate-front-matter-key",
                f"'{key}' is given twice in the front matter",
                line,
                col,
                len(key),
                hint=f"it is first given on line {seen[key]}; keep one",
            )
            continue
        seen[key] = line
        spans[key] = rep.span(line, col, len(key))
        places[key] = ValuePlace(value_node, first_line, rep.lines)
    for key, value in data.items():
        fields[str(key)] = value
    return fields, spans, places


def _check_fields(front: FrontMatter, places: dict[str, ValuePlace], rep: Reporter) -> None:
    def at_value(key: str) -> tuple[int, int]:
        place = places[key]
        mark = place.node.start_mark
        return place.first_line + mark.line, mark.column + 1

    def value_error(key: str, kind: str, message: str, hint: str) -> None:
        line, col = at_value(key)
        rep.report(kind, message, line, col, hint=hint)

    for key, value in front.fields.items():
        if key not in FRONT_MATTER_KEYS:
            span = front.spans.get(key)
            line, col = (span.line, span.col) if span else (1, 1)
            hint = PROSE_KEYS.get(key.lower()) or did_you_mean(
                key, list(FRONT_MATTER_KEYS)) or ("known keys: " + ", ".join(FRONT_MATTER_KEYS))
            rep.report(
                "unknown-front-matter-key",
                f"unknown front-matter key '{key}'",
                line,
                col,
                len(key),
                hint=hint,
            )
            continue
        spec = FRONT_MATTER_KEYS[key]
        at = long_number(value) if spec.numbers and isinstance(value, str) else None
        if at is not None:  # refused before anything converts it
            line, col = places[key].locate(0, at[0])
            d = number_too_long(value[at[0]:at[1]], None, hint=spec.numbers)
            rep.report(d.kind, d.message, line, col, at[1] - at[0], hint=d.hint)
            continue
        problem = spec.check(value)
        if problem is not None:
            value_error(key, *problem)
    if "library" not in front.fields:
        rep.report(
            "missing-library",
            "the case file declares no library",
            1,
            1,
            width=3,
            hint="add 'library: std' (or a folder, or an https URL) to the front matter",
        )


def _check_text(value: JsonValue) -> tuple[str, str, str] | None:
    if isinstance(value, dict | list):
        return (
            "bad-front-matter-value",
            "expected text here",
            "write it on one line or as a '|' block",
        )
    return None


def _check_library(value: JsonValue) -> tuple[str, str, str] | None:
    if isinstance(value, list):
        if not value:
            return ("missing-library", "the list of libraries is empty",
                    "name them in order, like 'library: [std, ./mine]'")
        if not all(isinstance(v, str) and v.strip() for v in value):
            return ("bad-library", "each library in the list is a name: std or a folder",
                    "write 'library: [std, ./mine]'")
        https = [v for v in value if isinstance(v, str) and v.startswith("https://")]
        if https and len(value) > 1:
            return ("bad-library", "a library fetched from an https URL is named alone, not "
                    "in a list", "layer folders and std; name an https library alone")
        return None
    if not isinstance(value, str) or not value.strip():
        return (
            "missing-library",
            "the library must be named",
            "write 'library: std', a folder, an https URL, or a list of libraries",
        )
    return None


def _check_negate(value: JsonValue) -> tuple[str, str, str] | None:
    if value in NEGATE_VALUES and isinstance(value, str):
        return None
    if isinstance(value, bool):  # yes, no, on, off, true and false in YAML
        says = f"and YAML reads it as {str(value).lower()}"
    elif value is None:
        says = "and it is empty"
    elif isinstance(value, list | dict):
        says = f"and it is a {'list' if isinstance(value, list) else 'mapping'}"
    else:
        says = f"not '{value}'"
    hint = did_you_mean(value, NEGATE_VALUES) if isinstance(value, str) else None
    return (
        "bad-negate-value",
        f"negate must be 'none' or 'all', {says}",
        hint or "write 'negate: none' or 'negate: all'",
    )


def _check_board(value: JsonValue) -> tuple[str, str, str] | None:
    size = parse_board(value)
    if size is None:
        return (
            "bad-board",
            f"the board size '{value}' is not ROWSxCOLUMNS",
            "write the size like 9x9",
        )
    if max(size) > MAX_BOARD_SIDE:
        return too_large_board(size)
    return None


def _check_digits(value: JsonValue) -> tuple[str, str, str] | None:
    if parse_digits(value) is None:
        return (
            "bad-digits",
            f"the digits '{value}' are not LOW-HIGH with 0 <= LOW <= HIGH <= {MAX_DIGITS:,}",
            "write the range of digits the cells hold, like 0-8 or 1-9",
        )
    return None


def _check_extra_cells(value: JsonValue) -> tuple[str, str, str] | None:
    if extra_cell_count(value) == 0:
        return (
            "bad-extra-cells",
            f"extra-cells must be a count from 1 to {MAX_EXTRA_CELLS}, not '{value}'",
            "write how many extra cells stand below the board, like 'extra-cells: 3'",
        )
    return None


def _check_grid(value: JsonValue) -> tuple[str, str, str] | None:
    if not isinstance(value, str):
        return (
            "bad-front-matter-value",
            "expected rows of the board as a '|' block",
            "write 'givens: |' and then one indented line per row",
        )
    return None


Check = Callable[[JsonValue], "tuple[str, str, str] | None"]
"""Checks one value; returns (kind, message, hint) for a problem."""


@dataclass(frozen=True)
class FrontMatterKey:
    """A front-matter field the case format knows: what it says, and how its value is
    checked."""

    description: str
    check: Check
    numbers: str | None = None
    """For a value whose text holds numbers (`9x9`, `0-8`): the hint of one too long to
    read, which says what bound they keep."""


FRONT_MATTER_KEYS: dict[str, FrontMatterKey] = {
    "title": FrontMatterKey("the puzzle's title", _check_text),
    "library": FrontMatterKey(
        "the library root: std (bundled), a folder relative to the case file (layered on std), "
        "an https URL, or a list of std and folders layered in order ([std, ./mine])",
        _check_library,
    ),
    "negate": FrontMatterKey("none or all; all negates every declared rule once", _check_negate),
    "board": FrontMatterKey(
        "the board size as ROWSxCOLUMNS, like 9x9, when no rule declares it", _check_board,
        f"a board has at most {MAX_BOARD_SIDE} rows and {MAX_BOARD_SIDE} columns",
    ),
    "digits": FrontMatterKey(
        "the digits the cells hold as LOW-HIGH, like 0-8, when they are not 1 to the board's "
        "size (or the N of `sudoku NxN`)",
        _check_digits,
        f"the digits run from 0 to {MAX_DIGITS:,} at most",
    ),
    "extra-cells": FrontMatterKey(
        "how many extra cells stand below the board, in rows of its width (r10c1, r10c2, … on "
        "a 9×9 board): digits that clues read, outside every global rule",
        _check_extra_cells,
    ),
    "givens": FrontMatterKey(
        "the given digits, one line per board row, then optionally the extra cells' rows",
        _check_grid,
    ),
    "shading": FrontMatterKey("the given shading, one line per board row", _check_grid),
    "clues": FrontMatterKey(
        "numbers shown in cells that are clues, not digits (0-9, A-Z for 10-35), one line per "
        "board row",
        _check_grid,
    ),
    "author": FrontMatterKey("who set the puzzle", _check_text),
    "source": FrontMatterKey("where the puzzle comes from", _check_text),
    "notes": FrontMatterKey("free text", _check_text),
    "construction": FrontMatterKey("free text saying how the puzzle was made", _check_text),
}
"""Every front-matter key Sapphire knows (the one list), with what it holds and its check.
Any other key is an error."""

PROSE_KEYS = {key: "a puzzle's rules and other words for the solver go under 'notes' (free "
              "text); the rules Sapphire reads are the rule lines after the front matter"
              for key in ("rules", "rule", "description", "instructions", "text", "ruleset")}
"""Keys a setter writes for the puzzle's prose, which belongs in `notes`: the hint of an
unknown key, which by spelling alone would point elsewhere (`rules` is close to `clues`)."""
