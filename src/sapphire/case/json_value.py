"""A rule line's JSON values: decoded strictly (no NaN, no infinite numbers, no key given
twice) and refused when no case file could hold them."""

from __future__ import annotations

import functools
import json
import math
from typing import NoReturn

from sapphire.case.model import JsonValue
from sapphire.diagnostics import integer

MAX_JSON_DEPTH = 64
"""How deeply a parameter's value may nest lists and objects: far beyond any rule's needs,
and well within what the checks that walk a value can follow."""


TOO_DEEP = f"lists and objects nest more than {MAX_JSON_DEPTH} deep"


def unwritable(value: object) -> str | None:
    """Why a decoded JSON value cannot stand in a case (nested past `MAX_JSON_DEPTH`, or text
    holding half of a UTF-16 surrogate pair, which no file can hold), or None."""
    todo: list[tuple[object, int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if depth >= MAX_JSON_DEPTH:  # the outermost list is at depth 0
            return TOO_DEEP
        if isinstance(item, str):
            texts = [item]
        elif isinstance(item, dict):
            texts = list(item)
            todo.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            texts = []
            todo.extend((v, depth + 1) for v in item)
        else:
            continue
        for text in texts:
            bad = next((ch for ch in text if "\ud800" <= ch <= "\udfff"), None)
            if bad is not None:
                return f"the text holds \\u{ord(bad):04x}, half of a surrogate pair"
    return None


@functools.cache
def json_decoder() -> json.JSONDecoder:
    """The decoder of a parameter's value: JSON as the standard says, nothing more. One
    serves every value (it keeps nothing between values): building one per rule line cost
    more than reading the line's value."""
    return json.JSONDecoder(parse_constant=_reject_constant, parse_float=_finite_float,
                            parse_int=integer, object_pairs_hook=_unique_pairs)


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large")
    return value


def _unique_pairs(pairs: list[tuple[str, JsonValue]]) -> dict[str, JsonValue]:
    out: dict[str, JsonValue] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f'the key "{key}" is given twice')
        out[key] = value
    return out
