"""ISS handlers for sums and cages: cages, sums, little killers, sum lines, lunchboxes."""

from __future__ import annotations

from sapphire.case.model import JsonValue
from sapphire.formats.common import Cell, Malformed, Unsupported, box_index, little_killer_cells
from sapphire.importers.iss.converter import Converter
from sapphire.importers.iss.outside import line_cells
from sapphire.importers.iss.reader import Item


def cage(cv: Converter, it: Item) -> None:
    total = cv.number(it.type, it.args[0])
    cells = cv.cells(it.args[1:])
    if len(set(cells)) != len(cells):
        # a cell listed twice counts twice in ISS's sum; a cage's digits still differ
        distinct = list(dict.fromkeys(cells))
        if it.type == "Cage" and len(distinct) > 1:
            cv.need("Cage", "all-different")
            cv.b.add("all-different", distinct)
        if it.type == "Sum" or total:
            cv.need(it.type, "sum")
            cv.b.add("sum", cells, sum=total)
        return
    if it.type == "Cage" and total == 0:
        cv.need("Cage", "all-different")
        cv.b.add("all-different", cells)
        return
    cv.need(it.type, "cage")
    if it.type == "Sum":
        cv.b.add("cage", cells, sum=total, repeats=True)
    else:
        cv.b.add("cage", cells, sum=total)


def sum_clue(cv: Converter, it: Item) -> None:
    """`.Sum~TOTAL~CELLS`, or with one coefficient per cell (`.Sum~7_=_1_1_-1~CELLS`, also
    written without the `=`) a `weighted-sum`."""
    if "_" not in it.args[0]:
        cage(cv, it)
        return
    total, *coeffs = it.args[0].split("_")
    if coeffs[:1] == ["="]:
        coeffs = coeffs[1:]
    cells = cv.cells(it.args[1:])
    if len(coeffs) != len(cells):
        raise Malformed("Sum", f"{len(coeffs)} coefficients for {len(cells)} cells")
    cv.need("Sum", "weighted-sum")
    cv.b.add("weighted-sum", cells, weights=[cv.number("Sum", c) for c in coeffs],
             sum=cv.number("Sum", total))


def little_killer(cv: Converter, it: Item) -> None:
    cv.need("LittleKiller", "little-killer")
    total = cv.number("LittleKiller", it.args[0])
    start = cv.cells([it.args[1]])[0]
    diagonal = little_killer_cells(cv.shape.rows, cv.shape.cols).get(start)
    if diagonal is None:
        raise Malformed("LittleKiller", f"no diagonal starts at {it.args[1]}")
    cv.b.add("little-killer", diagonal, sum=total)


def rellik_cage(cv: Converter, it: Item) -> None:
    """`.RellikCage~TOTAL~CELLS…`: different digits, no group of which adds up to TOTAL."""
    cv.need(it.type, "rellik-cage")  # which requires digits within 0-9
    cv.b.add("rellik-cage", cv.cells(it.args[1:]), total=cv.number(it.type, it.args[0]))


def equal_sum(cv: Converter, it: Item) -> None:
    """`.EqualSum~CELLS~-~CELLS…`: groups with equal sums."""
    cv.need(it.type, "equal-sums")
    cells: list[Cell] = []
    cuts: list[JsonValue] = []
    for arg in it.args:
        if arg == "-":
            if cells and (not cuts or cuts[-1] != len(cells)):
                cuts.append(len(cells))
        else:
            cells.append(cv.cells([arg])[0])
    if not cuts:
        return  # one group: nothing to compare
    cv.b.add("equal-sums", cells, cuts=cuts)


def region_of(cv: Converter) -> dict[Cell, int]:
    """Each cell's box, or its jigsaw piece when the grid has no boxes."""
    s = cv.shape
    boxes = cv.boxes
    if boxes is not None:
        return {(r, c): box_index((r, c), boxes, s.cols)
                for r in range(1, s.rows + 1) for c in range(1, s.cols + 1)}
    jigsaw = next((x for x in cv.flat if x.type == "Jigsaw"), None)
    layout = jigsaw.args[-1] if jigsaw is not None and jigsaw.args else ""
    if len(layout) != s.rows * s.cols:
        raise Unsupported("RegionSumLine", "a grid with neither boxes nor jigsaw pieces")
    return {(i // s.cols + 1, i % s.cols + 1): ord(ch) for i, ch in enumerate(layout)}


def region_sum_line(cv: Converter, it: Item) -> None:
    """`.RegionSumLine~CELLS`: each stretch of the line inside one box (or piece) has the same
    sum; an `equal-sums` cut where the line changes box."""
    cv.need(it.type, "equal-sums")
    cells = cv.cells(it.args)
    region = region_of(cv)
    cuts: list[JsonValue] = [i for i in range(1, len(cells))
                             if region[cells[i]] != region[cells[i - 1]]]
    if cuts:
        cv.b.add("equal-sums", cells, cuts=cuts)


def sum_line(cv: Converter, it: Item) -> None:
    cv.need(it.type, "sum-line")
    total = cv.number(it.type, it.args[0]) if it.args and it.args[0] else 10
    args = it.args[1:]
    loop = bool(args) and args[-1] == "LOOP"
    cells = cv.cells(args[:-1] if loop else args)
    cv.b.add("sum-line", cells, sum=total, loop=loop)


def lunchbox(cv: Converter, it: Item) -> None:
    cv.need(it.type, "lunchbox")
    if it.type == "Sandwich":  # a lunchbox along a whole row or column, seen from its start
        cv.b.add("lunchbox", line_cells(cv, it.args[1], True),
                 sum=cv.number("Sandwich", it.args[0]))
    else:
        cv.b.add("lunchbox", cv.cells(it.args[1:]), sum=cv.number("Lunchbox", it.args[0]))
