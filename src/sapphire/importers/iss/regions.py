"""ISS handlers for global rules and regions: anti-king, windoku, jigsaw pieces, …."""

from __future__ import annotations

from collections.abc import Callable

from sapphire.case.model import JsonValue
from sapphire.formats.common import Cell, Malformed, Unsupported, region_box_dims
from sapphire.importers.iss.converter import Converter
from sapphire.importers.iss.geometry import doppelganger_groups
from sapphire.importers.iss.reader import Item

GLOBALS = {
    "AntiKing": "anti-king", "AntiKnight": "anti-knight", "AntiConsecutive": "anti-consecutive",
    "Windoku": "windoku", "DisjointSets": "disjoint-sets",
}
"""Global ISS constraints without arguments, and the kind each becomes."""


def global_rule(cv: Converter, it: Item) -> None:
    kind = GLOBALS[it.type]
    s = cv.shape
    box = cv.boxes
    if it.type == "Windoku" and box is not None and (s.rows, s.cols, box) != (9, 9, (3, 3)):
        if s.rows != s.cols:
            raise Unsupported(it.type, "a grid that is not square")
        cv.need(it.type, "windows")  # windows the size of the grid's boxes
        cv.b.add("windows", positional=f"{box[0]}x{box[1]}", early=True)
        return
    if it.type == "DisjointSets" and box is not None and (s.rows, s.cols, box) != (9, 9, (3, 3)):
        cv.need(it.type, "disjoint-boxes")  # the positions of the grid's own boxes
        cv.b.add("disjoint-boxes", positional=f"{box[0]}x{box[1]}", early=True)
        return
    cv.need(it.type, kind)  # windoku and disjoint-sets require a 9×9 board
    cv.b.add(kind, early=True)


def diagonal(cv: Converter, it: Item) -> None:
    kind = "anti-diagonal" if cv.number("Diagonal", it.args[0]) > 0 else "main-diagonal"
    cv.need("Diagonal", kind)
    cv.b.add(kind, early=True)


def jigsaw(cv: Converter, it: Item) -> None:
    cv.need("Jigsaw", "all-different")
    layout = it.args[-1] if it.args else ""
    s = cv.shape
    if len(layout) != s.rows * s.cols:
        raise Unsupported("Jigsaw", f"the layout has {len(layout)} cells, the grid "
                          f"{s.rows * s.cols}")
    regions: dict[str, list[Cell]] = {}
    for i, ch in enumerate(layout):
        regions.setdefault(ch, []).append((i // s.cols + 1, i % s.cols + 1))
    if len(regions) == 1:
        return
    odd = 0
    for cells in regions.values():
        if len(cells) == cv.regions:
            cv.b.add("all-different", cells, id_stem="piece")
        else:
            odd += 1  # ISS allows one region of another size (a partly filled grid)
            if odd > 1:
                raise Unsupported("Jigsaw", "regions of different sizes")


def region_same_values(cv: Converter, it: Item) -> None:
    """Every region holds the same values: the grid's boxes (jigsaw pieces are refused)."""
    box = cv.boxes
    if box is None or any(x.type == "Jigsaw" for x in cv.flat):
        raise Unsupported(it.type, "regions that are not the grid's boxes")
    cv.need(it.type, "same-box-digits")
    cv.b.add("same-box-digits", positional=f"{box[0]}x{box[1]}", early=True)


def anti_taxicab(cv: Converter, it: Item) -> None:
    cv.need(it.type, "anti-taxicab")
    if cv.shape.values[0] != 1:
        raise Unsupported(it.type, "distances on a grid whose digits do not start at 1")
    cv.b.add("anti-taxicab", early=True)


def global_rule_of(kind: str) -> Callable[[Converter, Item], None]:
    """A handler adding the global rule `kind` (refused where its `requires` is not met: the
    entropy and modular kinds group the digits 1-3, 4-6 and 7-9)."""
    def handler(cv: Converter, it: Item) -> None:
        cv.need(it.type, kind)
        cv.b.add(kind, early=True)
    return handler


def connected_values(cv: Converter, it: Item) -> None:
    """`.ConnectedValues~LAYER~V1_V2…[~SIZE]`: the cells holding those values form one connected
    group (of SIZE cells when given); LAYER is empty for the grid, else a group of extra cells
    (a `connected-group` over its cells, which must stand side by side as in ISS)."""
    layer = it.args[0] if it.args else ""
    group = cv.groups.get(layer) if layer else None
    if layer and group is None:
        raise Unsupported("Var", f"the extra cells of group '{layer}', which no .Var declares")
    cv.need(it.type, "connected-group" if group else "connected-values")
    if len(it.args) < 2 or not it.args[1]:
        raise Unsupported(it.type, "no values")
    values = sorted({cv.number(it.type, v) for v in it.args[1].split("_")})
    lo, hi = cv.shape.values
    if values[0] < lo or values[-1] > hi:
        raise Malformed(it.type, f"values {it.args[1]} outside the grid's {lo}-{hi}")
    size = cv.number(it.type, it.args[2]) if len(it.args) > 2 and it.args[2] else 0
    params: dict[str, JsonValue] = {"digits": values}
    if size:
        params["size"] = size
    if group is not None:
        cv.as_laid_out(group, "connected values")
        cv.b.add("connected-group", cv.cells([group.cell_id(i) for i in range(group.count)]),
                 **params)
        return
    cv.b.add("connected-values", early=True, **params)


def doppelganger(cv: Converter, it: Item) -> None:
    """`.Doppelganger`: a `doppelganger` line over the missing digits of the rows, columns and
    boxes (ISS's `DGR…`, `DGC…`, `DGB…` cells)."""
    cv.need(it.type, "doppelganger")
    s = cv.shape
    doppelganger_groups(s)  # refuses a grid the rule is not for
    box = region_box_dims(s.rows, s.cols, max(s.rows, s.cols))
    assert box is not None
    # DGR is a row of cells under the grid, one per column: the digit that column misses; DGC
    # a column beside it, one per row
    cells = [cv.groups[g].cell_id(i) for g in ("DGC", "DGR", "DGB") for i in range(s.rows)]
    cv.b.add("doppelganger", cv.cells(cells), early=True, height=box[0], width=box[1])
