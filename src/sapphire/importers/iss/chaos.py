"""ISS handlers for a chaos construction and the clues on its region cells (`CC…`)."""

from __future__ import annotations

from sapphire.formats.common import KING, Cell, Unsupported, neighbours
from sapphire.importers.iss.converter import Converter
from sapphire.importers.iss.geometry import var_cell
from sapphire.importers.iss.reader import Item


def chaos(cv: Converter, it: Item) -> None:
    cv.need("ChaosConstruction", "chaos-construction")
    if cv.region_size is not None and cv.region_size != max(cv.shape.rows, cv.shape.cols):
        cv.b.add("chaos-construction", early=True, size=cv.region_size)
    else:
        cv.b.add("chaos-construction", early=True)


def _chaos_offset(cv: Converter, it: Item) -> int:
    if cv.shape.values[0] != 1:
        raise Unsupported(it.type, "a count on a grid whose digits do not start at 1")
    return cv.number(it.type, it.args[1]) if len(it.args) > 1 and it.args[1] else 0


def chaos_arrow(cv: Converter, it: Item) -> None:
    """`.ChaosArrow~CONTROL~OFFSET~ARM~-~ARM…`: arms of region cells (`CC…`), each from the
    control cell; none means the four directions to the edges."""
    cv.need("ChaosArrow", "chaos-arrow")
    start = cv.cells(it.args[:1])[0]
    offset = _chaos_offset(cv, it)
    arms: list[list[Cell]] = [[]]
    for arg in it.args[2:]:
        if arg == "-":
            arms.append([])
        else:
            arms[-1].append(var_cell(cv.shape, arg, "CC"))
    arms = [a for a in arms if a]
    if not arms:
        r, c = start
        arms = [[(r - i, c) for i in range(r)], [(r + i, c) for i in range(cv.shape.rows - r + 1)],
                [(r, c - i) for i in range(c)], [(r, c + i) for i in range(cv.shape.cols - c + 1)]]
    if any(arm[0] != start for arm in arms):
        raise Unsupported("ChaosArrow", "an arm that does not start at the arrow's cell")
    path = [cell for arm in arms for cell in arm]
    cv.b.add("chaos-arrow", path, offset=offset)


def chaos_count(cv: Converter, it: Item) -> None:
    """`.ChaosCount~CONTROL~OFFSET~CELL…`: region cells (`CC…`), the control cell's first;
    none means the control cell and its eight neighbours."""
    cv.need("ChaosCount", "chaos-count")
    start = cv.cells(it.args[:1])[0]
    offset = _chaos_offset(cv, it)
    cells = [var_cell(cv.shape, a, "CC") for a in it.args[2:]]
    if not cells:
        cells = [start, *neighbours(start, KING, cv.shape.rows, cv.shape.cols)]
    if cells[0] != start:
        raise Unsupported("ChaosCount", "a count whose first cell is not its own cell")
    cv.b.add("chaos-count", cells, offset=offset)


def region_cells(cv: Converter, it: Item, items: list[str]) -> list[Cell] | None:
    """Chaos region cells (`CC…`) as the grid cells whose regions they are; None when the items
    are all grid or extra cells; a mix is refused."""
    region = [a.startswith("CC") for a in items]
    if not any(region):
        return None
    if not all(region):
        raise Unsupported(it.type, "region cells (CC…) mixed with digit cells")
    return [var_cell(cv.shape, a, "CC") for a in items]
