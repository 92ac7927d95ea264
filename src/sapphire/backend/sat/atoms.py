"""The values at which an atom holds, worked out on plain integers for the SAT lowering.

An atom is `lin op 0` or `lin ∈ domain`; the lowering asks, for one variable's sorted values
or a range of partial sums, where the atom holds, and writes literals over those places.
"""

from __future__ import annotations

import bisect
import math

from sapphire.diagnostics import InternalError
from sapphire.model import Cmp, InSet


def supports(f: Cmp | InSet, c: int, rest: int, values: list[int], negated: bool
              ) -> list[tuple[int, int]]:
    """The places of the values w in `values` (sorted) for which the atom `f` holds (or, when
    `negated`, fails) when its linear expression is `c·w + rest`, as half-open runs of
    places: found by bisection, so a pair of wide variables costs a few steps per value
    rather than a product."""
    runs: list[tuple[float, float]]
    if type(f) is InSet:
        runs = [divide(c, lo - rest, hi - rest) for lo, hi in f.domain.intervals]  # type: ignore[union-attr]
    else:
        op = f.op  # type: ignore[union-attr]
        if op in ("=", "¬="):
            runs = [divide(c, -rest, -rest)]
        elif op == "<=":
            runs = [divide(c, -math.inf, -rest)]
        else:
            runs = [divide(c, -rest, math.inf)]
        if op == "¬=":
            negated = not negated
    inside: list[tuple[int, int]] = []
    for lo, hi in runs:
        i = bisect.bisect_left(values, lo)
        j = bisect.bisect_right(values, hi)
        if i < j:
            inside.append((i, j))
    if not negated:
        return inside
    out: list[tuple[int, int]] = []
    at = 0
    for i, j in inside:
        if at < i:
            out.append((at, i))
        at = j
    if at < len(values):
        out.append((at, len(values)))
    return out


def divide(c: int, lo: float, hi: float) -> tuple[float, float]:
    """The w with lo ≤ c·w ≤ hi, as a closed range of integers (c ≠ 0)."""
    if c < 0:
        c, lo, hi = -c, -hi, -lo
    first = lo if lo == -math.inf else -((-lo) // c)
    last = hi if hi == math.inf else hi // c
    return first, last


def atom_holds(f: Cmp | InSet, value: int) -> bool:
    """Whether the atom holds when its linear expression has `value`."""
    if type(f) is InSet:
        return value in f.domain  # type: ignore[union-attr]
    op = f.op  # type: ignore[union-attr]
    if op == "=":
        return value == 0
    if op == "¬=":
        return value != 0
    if op == "<=":
        return value <= 0
    if op == ">=":
        return value >= 0
    raise InternalError(f"unknown comparison {op}")


def accepted_bits(f: Cmp | InSet, lo: int, hi: int) -> int:
    """The values in lo..hi at which `f` holds, as bits (bit k: lo + k)."""
    if type(f) is InSet:
        ivs = [(max(a, lo), min(b, hi)) for a, b in f.domain.intervals]  # type: ignore[union-attr]
    else:
        op = f.op  # type: ignore[union-attr]
        ivs = {"=": [(0, 0)], "¬=": [(lo, -1), (1, hi)], "<=": [(lo, min(0, hi))],
               ">=": [(max(0, lo), hi)]}[op]
    bits = 0
    for a, b in ivs:
        a, b = max(a, lo), min(b, hi)
        if a <= b:
            bits |= ((1 << (b - a + 1)) - 1) << (a - lo)
    return bits
