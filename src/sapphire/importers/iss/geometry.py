"""ISS's grid: cell names, the shape, groups of extra cells and chaos region cells."""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.case.givens import MAX_EXTRA_CELLS
from sapphire.formats.common import Cell, Unsupported, read_cell, region_box_dims


def parse_cell(cell_id: str) -> Cell:
    """`R1C1` -> (1, 1); row and column are one base-17 character each (`RaCg` -> (10, 16))."""
    cell = read_cell(cell_id, one_character=True)
    if cell is not None:
        return cell
    # anything else names an extra cell outside the grid: a `Var`, or one that a constraint
    # such as ChaosConstruction or Doppelganger adds
    raise Unsupported("Var", f"extra cell {cell_id}")


@dataclass
class Shape:
    rows: int = 9
    cols: int = 9
    values: tuple[int, int] = (1, 9)
    """The lowest and highest value."""
    raw: bool = False
    """`~Raw`: no row or column rule."""


def parse_shape(args: list[str]) -> Shape:
    """`9x9`, `6x8`, `6x6~9` (values 1-9), `9x9~0-8` (values 0-8)."""
    spec = "~".join(args)
    dims, _, vals = spec.partition("~")
    raw = vals.endswith("~Raw") or vals == "Raw"
    vals = vals.removesuffix("Raw").removesuffix("~")
    try:
        r, c = (int(x) for x in dims.split("x"))
        lo, hi = 1, max(r, c)
        if vals:
            a, dash, b = vals.partition("-")
            lo, hi = (int(a), int(b)) if dash else (1, int(a))
    except ValueError:
        raise Unsupported("Shape", f"the grid '{spec}'") from None
    if not (1 <= r <= 16 and 1 <= c <= 16) or lo not in (0, 1) or hi > 16 \
            or hi - lo + 1 < max(r, c):
        raise Unsupported("Shape", f"the grid '{spec}'")
    return Shape(r, c, (lo, hi), raw)


def var_count(text: str, grid_cols: int) -> tuple[int, int]:
    """How many cells a `.Var` group has, and in how many columns ISS lays them out: a count
    (`27`) in the grid's columns, rows×columns (`9x9`); anything else is one cell."""
    rows, x, cols = text.partition("x")
    try:
        n, columns = (int(rows) * int(cols), int(cols)) if x else (int(text or "1"), grid_cols)
    except ValueError:
        n, columns = 1, grid_cols
    if not 1 <= n <= MAX_EXTRA_CELLS or columns < 1:
        raise Unsupported("Var", f"a group of {text} cells")
    return n, columns


def doppelganger_groups(shape: Shape) -> dict[str, tuple[int, int]]:
    """The extra cells `.Doppelganger` adds: the digit each column (`DGR1`…, a row of cells
    under the grid), row (`DGC1`…, a column beside it) and box (`DGB1`…, laid out as the boxes
    are) misses. (ISS's hidden `DGZ` cell is no clue's and is left out.)"""
    box = region_box_dims(shape.rows, shape.cols, max(shape.rows, shape.cols))
    if shape.rows != shape.cols or box is None or shape.values != (0, shape.rows):
        raise Unsupported("Doppelganger", "a grid that is not square with digits 0-N and boxes")
    n = shape.rows
    return {"DGR": (n, n), "DGC": (n, n), "DGB": (box[0] * box[1], box[1])}


@dataclass(frozen=True)
class VarGroup:
    """One `.Var` group: its cells' prefix (`VX`), how many, the columns ISS lays them out in,
    and where its first cell stands among the case's extra cells."""

    name: str
    count: int
    columns: int
    start: int

    def cell_id(self, i: int) -> str:
        """ISS's name of the group's cell `i` (from 0): `VX1`…, or `VX` alone for one cell."""
        return self.name if self.count == 1 else f"{self.name}{i + 1}"

    def index(self, cell_id: str) -> int | None:
        """The position in the group of an ISS cell name, or None when it is not the group's."""
        if self.count == 1:
            return 0 if cell_id == self.name else None
        rest = cell_id.removeprefix(self.name)
        if rest == cell_id or not rest.isdigit() or not 1 <= int(rest) <= self.count:
            return None
        return int(rest) - 1


def var_cell(shape: Shape, cell_id: str, prefix: str) -> Cell:
    """A numbered extra cell such as ChaosConstruction's `CC10`, which stands for the grid cell
    with that 1-based reading-order number (`CC10` is R2C1 on a 9-wide grid)."""
    if cell_id.startswith(prefix) and cell_id[len(prefix):].isdigit():
        n = int(cell_id[len(prefix):])
        if 1 <= n <= shape.rows * shape.cols:
            return ((n - 1) // shape.cols + 1, (n - 1) % shape.cols + 1)
    raise Unsupported("Var", f"extra cell {cell_id}")
