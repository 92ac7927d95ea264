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
    source_line,
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


DataPlace = Callable[[str], Span]
"""Where a top-level name of the instance data is written, for the errors about it."""


def _nowhere(name: str) -> Span:
    return Span("<data>", 1, 1)


def key_places(path: str, text: str) -> DataPlace:
    """The line and column of each top-level name in a data file's text (its first `"name":`),
    or the file's start for a name not found that way."""

    def place(name: str) -> Span:
        m = re.search(re.escape(json.dumps(name)) + r"\s*:", text)
        if m is None:
            return Span(path, 1, 1)
        line = text.count("\n", 0, m.start()) + 1
        col = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
        return Span(path, line, col, line, col + len(json.dumps(name)))

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
                     source: str | None = None) -> Instance:
    """Instance JSON: scalars become parameters, nested lists become given map points. `place`
    and the data's `source` text put errors where a name is written."""
    inst = Instance()
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
