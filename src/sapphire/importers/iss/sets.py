"""ISS handlers for the digits of a set of cells: quadruples, counts, all-different."""

from __future__ import annotations

from sapphire.case.model import JsonValue
from sapphire.formats.common import BLOCK_2X2, Malformed, Unsupported
from sapphire.importers.iss.chaos import region_cells
from sapphire.importers.iss.converter import Converter
from sapphire.importers.iss.geometry import var_cell
from sapphire.importers.iss.reader import Item


def quad(cv: Converter, it: Item) -> None:
    cv.need("Quad", "quadruple")
    cells = [cv.offset(it.args[0], dr, dc) for dr, dc in BLOCK_2X2]
    cv.b.add("quadruple", cells, digits=[cv.number("Quad", v) for v in it.args[1:]])


def digit_counts(cv: Converter, it: Item) -> None:
    """`.LookAndSay~1617~CELLS` (one 6, one 7) and `.ContainExact~2_5_5~CELLS`."""
    cv.need(it.type, "digit-counts")
    clue = it.args[0] if it.args else ""
    counts: dict[int, int] = {}
    if it.type == "LookAndSay":
        if not clue.isdigit() or len(clue) % 2:
            raise Malformed(it.type, f"the clue '{clue}' is not count-digit pairs")
        for i in range(0, len(clue), 2):
            counts[int(clue[i + 1])] = counts.get(int(clue[i + 1]), 0) + int(clue[i])
    else:
        for v in clue.split("_"):
            d = cv.number(it.type, v)
            counts[d] = counts.get(d, 0) + 1
    pairs: list[JsonValue] = [[n, d] for d, n in counts.items()]
    cv.b.add("digit-counts", cv.cells(it.args[1:]), counts=pairs)


def contain_at_least(cv: Converter, it: Item) -> None:
    cv.need(it.type, "quadruple")
    digits = [cv.number(it.type, v) for v in (it.args[0] if it.args else "").split("_")]
    cv.b.add("quadruple", cv.cells(it.args[1:]), digits=digits)


def all_different(cv: Converter, it: Item) -> None:
    """`.AllDifferent~CELLS`: different digits, or over region cells different regions."""
    regions = region_cells(cv, it, it.args)
    if regions is not None:
        cv.need(it.type, "different-regions")
        cv.b.add("different-regions", regions)
        return
    cv.need(it.type, "all-different")
    cv.b.add("all-different", cv.cells(it.args))


def count_distinct(cv: Converter, it: Item) -> None:
    """`.CountDistinct~CONTROL~CELLS`: how many digits the cells hold, or over region cells how
    many regions they lie in."""
    regions = region_cells(cv, it, it.args[1:])
    if regions is not None:
        cv.need(it.type, "count-regions")
        cv.b.add("count-regions", cv.cells(it.args[:1]) + regions)
        return
    cv.need(it.type, "count-distinct")
    cv.b.add("count-distinct", cv.cells(it.args))


def same_values(cv: Converter, it: Item) -> None:
    """`.SameValues~SETS~CELLS`: grid cells, or chaos region cells (`CC…`) one to a set, which
    then share a region."""
    sets = cv.number(it.type, it.args[0] if it.args else "")
    items = it.args[1:]
    if items and all(a.startswith("CC") for a in items):
        if sets != len(items):
            raise Unsupported(it.type, "sets of several region cells")
        cv.need(it.type, "same-region")
        cv.b.add("same-region", [var_cell(cv.shape, a, "CC") for a in items])
        return
    cv.need(it.type, "same-values")
    cells = cv.cells(items)
    if sets < 1 or len(cells) % sets:
        raise Unsupported(it.type, f"{len(cells)} cells in {sets} sets")
    cv.b.add("same-values", cells, sets=sets)
