"""What a program is grounded with: parameters, bound constants and given map points.

Instance data arrives as JSON (scalars, nested lists with null); the meaning stage builds an
`Instance` directly with a case's board, cells and parameters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sapphire.diagnostics import Span, error
from sapphire.lang.syntax import MAX_INTEGER, TermDef, too_large

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


def _in_range(what: str, value: int) -> int:
    """`value`, or the error of a number in the data past `MAX_INTEGER`."""
    if too_large(value):
        raise error("bad-data", f"{what} is {value}, larger than {MAX_INTEGER:,}",
                    Span("<data>", 1, 1), hint=f"numbers in the data stay within ±{MAX_INTEGER:,}")
    return value


def _given_points(name: str, value: list[Any]) -> dict[tuple[int, ...], int]:
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
                        Span("<data>", 1, 1), hint="maps are nested lists of integers and null")
        else:
            pts[idx] = _in_range(f"'{name}' at {list(idx)}", x)
    return pts


def data_to_instance(data: dict[str, Any]) -> Instance:
    """Instance JSON: scalars become parameters, nested lists become given map points."""
    inst = Instance()
    for name, v in data.items():
        if isinstance(v, bool | int):
            inst.constants[name] = _in_range(f"'{name}'", v)
        elif isinstance(v, list):
            inst.points[name] = _given_points(name, v)
        else:
            raise error("bad-data", f"'{name}' is {v!r}: expected a number or nested lists",
                        Span("<data>", 1, 1), hint="scalars as numbers, maps as nested lists")
    return inst
