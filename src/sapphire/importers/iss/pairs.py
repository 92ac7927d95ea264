"""ISS handlers for dots and pairs: Kropki dots, X and V, pair tables, strict marks."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from sapphire.case.model import JsonValue
from sapphire.formats.common import Cell, Malformed
from sapphire.importers.iss.converter import Converter
from sapphire.importers.iss.reader import Item, item_groups, mask_bits


def adjacent_marks(kind: str, total: int | None = None) -> Callable[[Converter, Item], None]:
    def handler(cv: Converter, it: Item) -> None:
        cv.need(it.type, kind)
        for a, b in cv.adjacent(it.args):
            if total is None:
                cv.b.add(kind, [a, b])
            else:
                cv.b.add(kind, [a, b], sum=total)
    return handler


def pair_table(cv: Converter, key: str) -> set[tuple[int, int]]:
    """The digit pairs an ISS pairwise key allows: one bit per (first, second) pair of values,
    first-major, six bits to a base64url character, lowest bit first."""
    bits = mask_bits(key)
    if bits is None:
        raise Malformed("Pair", f"the key '{key}' is not base64url")
    values = list(cv.alphabet)
    out = set()
    for n, (a, b) in enumerate(itertools.product(values, values)):
        if n in bits:
            out.add((a, b))
    return out


def cell_groups(cv: Converter, items: list[str]) -> list[list[Cell]]:
    """The cells of each group of `item_groups`."""
    return [cv.cells(g) for g in item_groups(items)]


def pair_relation(cv: Converter, it: Item) -> None:
    """`.Pair~KEY~_NAME~CELLS~~CELLS…` (consecutive cells) and `.PairX` (every two cells)."""
    kind = "pairs" if it.type == "Pair" else "all-pairs"
    cv.need(it.type, kind)
    table = pair_table(cv, it.args[0] if it.args else "")
    if it.type == "PairX":  # ISS makes the relation symmetric
        table = {(a, b) for a, b in table if (b, a) in table}
    allowed: list[JsonValue] = [[a, b] for a, b in sorted(table)]
    for group in cell_groups(cv, it.args[1:]):
        cv.b.add(kind, group, allowed=allowed)


def _marked_pairs(cv: Converter, types: tuple[str, ...]) -> list[Cell]:
    cells: list[Cell] = []
    for other in cv.flat:
        if other.type in types:
            for a, b in cv.adjacent(other.args):
                cells += [a, b]
    return cells


def strict_marks(kind: str, marks: tuple[str, ...], unmarked: tuple[str, ...]
            ) -> Callable[[Converter, Item], None]:
    """All marks given: `kind` over the marked pairs, or, with no marks at all, the global
    rules `unmarked` that forbid every mark's relation."""
    def handler(cv: Converter, it: Item) -> None:
        cells = _marked_pairs(cv, marks)
        if not cells:
            for rule in unmarked:
                cv.need(it.type, rule)
                cv.b.add(rule, early=True)
            return
        cv.need(it.type, kind)
        cv.b.add(kind, cells, early=True)
    return handler
