"""What a program is grounded with: parameters, bound constants and given map points.

Instance data arrives as JSON (scalars, nested lists with null); the meaning stage builds an
`Instance` directly with a case's board, cells and parameters.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sapphire.diagnostics import (
    Diagnostic,
    SapphireError,
    Span,
    did_you_mean,
    error,
    json_place,
    source_line,
    span_at,
)
from sapphire.lang.syntax import MAX_INTEGER, Program, TermDef, too_large
from sapphire.lang.types import name_arities

Value = Any  # int | bool | tuple | list


@dataclass
class Instance:
    """What a program is grounded with."""

    constants: dict[str, Value] = field(default_factory=dict)
    """Scalars (int/bool) and constant lists bound by name (parameters, a rule's cells)."""
    points: dict[str, dict[tuple[int, ...], int]] = field(default_factory=dict)
    """Given map points (each an equality constraint), e.g. the clues of `pim`."""
    answer: tuple[str, ...] | None = None
    """Source names that make up an answer; None means every source-level variable."""
    terms: tuple[TermDef, ...] = ()
    """Extra term definitions in scope (a library's prelude)."""
    data: DataText | None = None
    """The data file a user wrote the points in (`data_to_instance`): grounding then checks
    that the program reads each of them (`check_read`). None for the instances the project
    builds itself (a case's givens and clue grids): the case reader already checks those grids
    against the board, library rules the setter did not write read them (a point one of them
    skips is no mistake of the setter's), and there is no data file to place an error in."""


@dataclass(frozen=True)
class DataText:
    """A user's instance data as written: where an error about one of its values points."""

    path: str = "<data>"
    text: str | None = None
    """The file's text; None when the data came as a dict (`sapphire.api`)."""

    def point(self, name: str, idx: tuple[int, ...]) -> Span:
        """The span of the value `name` has at `idx` (its list indices), or the file's start
        when the text does not show it."""
        found = None if self.text is None else json_place(self.text, (name, *idx))
        if found is None or self.text is None:
            return Span(self.path, 1, 1)
        return span_at(self.path, self.text, *found)


DataPlace = Callable[[str], Span]
"""Where a top-level name of the instance data is written, for the errors about it."""


def _nowhere(name: str) -> Span:
    return Span("<data>", 1, 1)


def key_places(path: str, text: str) -> DataPlace:
    """The line and column of each top-level name in a data file's text (its first `"name":`),
    or the file's start for a name not found that way."""

    def place(name: str) -> Span:
        key = json.dumps(name)
        m = re.search(re.escape(key) + r"\s*:", text)
        if m is None:
            return Span(path, 1, 1)
        return span_at(path, text, m.start(), m.start() + len(key))

    return place


def _in_range(what: str, value: int, at: Span, source: str | None) -> int:
    """`value`, or the error of a number in the data past `MAX_INTEGER`."""
    if too_large(value):
        raise error("bad-data", f"{what} is {value}, larger than {MAX_INTEGER:,}", at,
                    hint=f"numbers in the data stay within ±{MAX_INTEGER:,}", source=source)
    return value


def _given_points(name: str, value: list[Any], at: Span,
                  source: str | None) -> dict[tuple[int, ...], int]:
    """The non-null points of a nested-list map, keyed by their 0-based index."""
    pts: dict[tuple[int, ...], int] = {}
    todo: list[tuple[Any, tuple[int, ...]]] = [(value, ())]
    while todo:
        x, idx = todo.pop()
        if isinstance(x, list):
            todo.extend((y, idx + (i,)) for i, y in enumerate(x))
        elif x is None:
            continue
        elif isinstance(x, bool) or not isinstance(x, int):
            raise error("bad-data", f"'{name}' at {list(idx)} is {x!r}, not an integer or null",
                        at, hint="maps are nested lists of integers and null", source=source)
        else:
            pts[idx] = _in_range(f"'{name}' at {list(idx)}", x, at, source)
    return pts


def data_to_instance(data: dict[str, Any], place: DataPlace = _nowhere,
                     source: str | None = None, path: str = "<data>") -> Instance:
    """Instance JSON: scalars become parameters, nested lists become given map points. `place`
    and the data's `source` text put errors where a name is written; the file's `path` and
    `source` put those about one value (`check_read`) where it is written."""
    inst = Instance(data=DataText(path, source))
    for name, v in data.items():
        if isinstance(v, bool | int):
            inst.constants[name] = _in_range(f"'{name}'", v, place(name), source)
        elif isinstance(v, list):
            inst.points[name] = _given_points(name, v, place(name), source)
        else:
            raise error("bad-data", f"'{name}' is {v!r}: expected a number or nested lists",
                        place(name), hint="scalars as numbers, maps as nested lists",
                        source=source)
    return inst


def check_data(program: Program, inst: Instance, place: DataPlace = _nowhere,
               source: str | None = None) -> None:
    """The data names what the program reads, in its shape: a name the program never reads
    (a typo, or data meant for another program), a number for a map, or a map whose points have
    another number of indices than the program's reads, is an error at the name."""
    arities = name_arities(program)
    problems: list[Diagnostic] = []

    def bad(name: str, message: str, hint: str) -> None:
        at = place(name)
        problems.append(Diagnostic("bad-data", message, at, hint, source_line(source, at.line)))

    for name in (*inst.constants, *inst.points):
        arity = arities.get(name)
        if arity is None:
            bad(name, f"the program reads no '{name}'",
                did_you_mean(name, sorted(arities)) or "leave it out, or name what the "
                "program reads: " + ", ".join(sorted(arities)))
        elif name in inst.constants and arity > 0:
            bad(name, f"'{name}' is a map of {arity} indices in the program, and the data "
                "gives it one number", f"write it as lists nested {arity} deep")
        elif name in inst.points:
            depths = {len(idx) for idx in inst.points[name]}
            if arity == 0 or depths - {arity}:
                depth = max(depths - {arity}, default=0)
                bad(name, f"'{name}' is read with {arity} indices in the program, and the data "
                    f"nests {'a point' if arity else 'its values'} {depth} deep",
                    f"write it as lists nested {arity} deep" if arity else
                    f"give '{name}' one number")
    if problems:
        raise SapphireError(problems)


UNREAD_SHOWN = 10
"""Points the program never reads that get a diagnostic each; a note counts the rest."""


def check_read(inst: Instance, read: dict[str, set[tuple[int, ...]]]) -> None:
    """Every non-null point the user's data gives is one the program reads (`read`: the points
    of each map read while grounding): a point it never reads, such as a clue off the board,
    would be dropped without a word. An error at each such value, naming it as the data nests
    it, with the indices the program does read. Only for `inst.data` (a user's file)."""
    data = inst.data
    if data is None:
        return
    unread = [(name, idx) for name, pts in inst.points.items()
              for idx in sorted(pts) if idx not in read.get(name, ())]
    if not unread:
        return
    sizes = ", ".join(f"{k}={v}" for k, v in inst.constants.items() if type(v) is int)
    check = f"check the sizes ({sizes})" if sizes else "check the board size"
    problems: list[Diagnostic] = []
    for name, idx in unread[:UNREAD_SHOWN]:
        at = data.point(name, idx)
        where = _read_box(read.get(name, set()))
        if where is None:
            reads = f"it reads no point of '{name}' with this data"
        elif all(lo <= i <= hi for i, (lo, hi) in zip(idx, where, strict=True)):
            reads = f"it reads only some points of '{name}' within {_box_text(where)}"
        else:
            reads = f"it reads '{name}' within {_box_text(where)}"
        problems.append(Diagnostic(
            "bad-data", f"'{name}' at {list(idx)} is {inst.points[name][idx]}, and the program "
            "never reads that point", at, f"{reads}; leave the point out, or {check}",
            source_line(data.text, at.line)))
    if len(unread) > UNREAD_SHOWN:
        last = problems[-1]
        more = len(unread) - UNREAD_SHOWN
        problems[-1] = Diagnostic(last.kind, last.message, last.span, last.hint,
                                  last.source_line, (f"and {more} more point{'s' * (more > 1)}"
                                                     " the program never reads",))
    raise SapphireError(problems)


def _read_box(points: set[tuple[int, ...]]) -> list[tuple[int, int]] | None:
    """The lowest and highest index of each position among `points`, or None for none."""
    if not points:
        return None
    return [(min(col), max(col)) for col in zip(*points, strict=True)]


def _box_text(box: list[tuple[int, int]]) -> str:
    """`{0⋯4}×{0⋯4}`, as a program writes the index ranges."""
    return "×".join(f"{{{lo}⋯{hi}}}" if lo != hi else f"{{{lo}}}" for lo, hi in box)
