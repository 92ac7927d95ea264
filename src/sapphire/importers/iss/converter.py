"""The ISS converter: grid, extra cells, groups and givens, and its handlers' helpers.

The converter walks the items and hands each to the handler its table names (`handlers`, given
when it is made: `handlers.HANDLERS`). The handler modules take the converter as their
argument, so they import this module; it imports none of them."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from sapphire.case.givens import extra_cells, extra_rows
from sapphire.diagnostics import SapphireError
from sapphire.formats import common
from sapphire.formats.builder import CaseBuilder, digit_symbol
from sapphire.formats.common import (
    Cell,
    Malformed,
    Unsupported,
    Where,
    adjacent_pairs,
    read_cell,
    region_box_dims,
)
from sapphire.importers.iss.geometry import (
    Shape,
    VarGroup,
    doppelganger_groups,
    parse_cell,
    parse_shape,
    var_count,
)
from sapphire.importers.iss.reader import (
    BASE17,
    GROUPS,
    LABEL,
    Item,
    ShortArguments,
    bad_input,
    mask_bits,
    or_of_placements,
    written_as,
)
from sapphire.library.library import Library

Handler = Callable[["Converter", Item], None]
"""Writes the rule lines of one ISS constraint (or refuses it)."""


class Converter(common.Converter):
    """Turns the constraints of one ISS string into a `CaseBuilder`, each by the handler of
    its type in `handlers`."""

    def __init__(self, items: list[Item], handlers: Mapping[str, Handler],
                 library: Library | None = None, where: Where | None = None) -> None:
        super().__init__(library, where or Where(LABEL, ""))
        self.items = items
        self.handlers = handlers
        """The handler of each ISS type read, by the type's name."""
        self.problem_at: dict[str, int | None] = {}
        """Where the first constraint of each type in `problems` stands."""
        self.malformed: dict[str, int | None] = {}
        """What is written wrongly, one message each, in the order found, with where."""
        self.givens: dict[Cell, set[int]] = {}
        self.shape = Shape()
        self.no_boxes = False
        self.region_size: int | None = None
        self.flat: list[Item] = []
        self.extra: dict[str, Cell] = {}
        """Each extra cell of a `.Var` group by its ISS name (`VX1`, or `VX` alone)."""
        self.groups: dict[str, VarGroup] = {}
        """The `.Var` groups by their cells' prefix (`VX`)."""

    # -- helpers ----------------------------------------------------------------------------

    def handler(self, iss_type: str) -> Handler | None:
        """The handler that writes the rule lines of an ISS type, None for a type not read."""
        return self.handlers.get(iss_type)

    def cells(self, args: list[str]) -> list[Cell]:
        return self.on_board([self.extra.get(a) or parse_cell(a) for a in args])

    def adjacent(self, args: list[str]) -> list[tuple[Cell, Cell]]:
        """Orthogonally adjacent pairs among the cells, as ISS places them: each group of extra
        cells is a grid of its own, in its own columns."""
        cells = self.cells(args)
        places: dict[Cell, tuple[str, int, int]] = {}
        for a, cell in zip(args, cells, strict=True):
            layer, at = self._position(a)
            places[cell] = (layer or "grid", *(at or cell))
        return adjacent_pairs(cells, places.__getitem__)

    def offset(self, cell_id: str, dr: int, dc: int) -> Cell:
        """The cell dr rows and dc columns from `cell_id` in its grid or group of extra cells."""
        moved = self._moved(Item("", [cell_id]), dr, dc)
        if moved is None:
            raise Malformed("cell", f"{cell_id} has no cell {dr} down and {dc} right of it")
        return self.cells(moved.args)[0]

    def on_board(self, out: list[Cell]) -> list[Cell]:
        extra = set(self.extra.values())
        for r, c in out:
            if (r, c) not in extra and not (1 <= r <= self.shape.rows
                                            and 1 <= c <= self.shape.cols):
                raise Malformed("cell", f"R{r}C{c} is off the {self.shape.rows}×"
                                  f"{self.shape.cols} grid")
        return out

    def number(self, iss_type: str, text: str) -> int:
        if text == "" and iss_type in ("Cage", "Lunchbox"):
            return 0  # ISS reads an empty total as 0 (for a cage: no sum)
        try:
            return int(text)
        except ValueError:
            raise Malformed(iss_type, f"'{text}' is not a number") from None

    # -- the conversion ---------------------------------------------------------------------

    def run(self) -> CaseBuilder:
        for it in self.items:  # the grid first: a `.Replicate` mask is laid out on it
            if it.type == "Shape":
                self._guard(it, lambda it=it: self._shape(it))
            elif it.type == "NoBoxes":
                self.no_boxes = True
            elif it.type == "RegionSize":
                self._guard(it, lambda it=it: self._region_size(it))
        self._guard(Item("Var"), self._extra_cells)
        flat: list[Item] = []
        self._flatten(self.items, flat)
        self.flat = flat
        self._guard(Item("grid"), self._grid)
        for it in flat:
            if it.type in ("Shape", "NoBoxes", "RegionSize", "Var"):
                continue
            handler = self.handler(it.type)
            if handler is None:
                self.problems.setdefault(it.type, "no rule kind for it")
                self.problem_at.setdefault(it.type, it.at)
                continue
            self._guard(it, lambda it=it, handler=handler: handler(self, it))
        if self.problems or self.malformed:
            raise SapphireError([bad_input(message, self.where, at)
                                 for message, at in self.malformed.items()] + [
                self.where.diagnostic(
                    "unsupported-import",
                    f"the library cannot express ISS constraint type '{t}': {why}",
                    self.problem_at.get(t),
                    hint="add a rule definition for it, or leave the constraint out")
                for t, why in self.problems.items()])
        self._write_givens()
        return self.b

    def _guard(self, it: Item, f: Callable[[], None]) -> None:
        try:
            f()
        except Malformed as u:
            where = "an .Or branch" if it.type == "AnyOf" else f"'{written_as(it)}'"
            self.malformed.setdefault(f"in {where}: {u.detail}", it.at)
        except Unsupported as u:
            self.problems.setdefault(u.what, u.detail or f"in .{it.type}")
            self.problem_at.setdefault(u.what, it.at)
        except (IndexError, ShortArguments) as e:  # an argument the constraint lacks
            short = e.item if isinstance(e, ShortArguments) else it
            self.malformed.setdefault(f"'{written_as(short)}' has too few arguments",
                                      short.at if short.at is not None else it.at)

    def _flatten(self, items: list[Item], out: list[Item]) -> None:
        for it in items:
            if it.type == "And":
                self._flatten(it.members, out)
            elif it.type == "Or" and len(it.members) == 1:
                self._flatten(it.members, out)  # one branch: it holds
            elif it.type == "Or":
                out.append(or_of_placements(it) or Item("AnyOf", [], it.members, it.at))
            elif it.type == "Replicate":
                self._guard(it, lambda it=it: self._replicate(it, out))
            elif it.type in GROUPS:
                self.problems.setdefault(it.type, "no rule kind for this group")
                self.problem_at.setdefault(it.type, it.at)
            else:
                out.append(it)

    def _replicate(self, it: Item, out: list[Item]) -> None:
        """`.Replicate~MASK[~ANCHOR] … .End`: a copy of the members for every cell of the mask
        (one bit per cell of the anchor's grid or group of extra cells, in reading order, six to
        a base64url character, lowest bit first), each copy moved so that the anchor (R1C1 when
        none is given) lands on that cell. Every cell moves within its own grid or group; a copy
        that would leave it is dropped."""
        mask = it.args[0] if it.args else ""
        bits = mask_bits(mask)
        if bits is None:
            raise Malformed("Replicate", f"the mask '{mask}' is not base64url")
        anchor = it.args[1] if len(it.args) > 1 else "R1C1"
        layer, at = self._position(anchor)
        if layer is None or at is None:
            raise Unsupported("Replicate", f"the anchor '{anchor}'")
        members: list[Item] = []
        self._flatten(it.members, members)
        count, columns = (self.shape.rows * self.shape.cols, self.shape.cols) \
            if layer == "grid" else (self.groups[layer].count, self.groups[layer].columns)
        for n in range(count):
            if n in bits:
                dr, dc = n // columns - at[0], n % columns - at[1]
                copies = [self._moved(m, dr, dc) for m in members]
                if all(c is not None for c in copies):
                    out.extend(c for c in copies if c is not None)

    def _position(self, cell_id: str) -> tuple[str | None, tuple[int, int] | None]:
        """The grid or group (`"grid"`, or the group's prefix) of an ISS cell name, and the
        cell's row and column in it from 0; (None, None) for anything else."""
        cell = read_cell(cell_id, one_character=True)
        if cell is not None:
            return "grid", (cell[0] - 1, cell[1] - 1)
        for g in self.groups.values():
            i = g.index(cell_id)
            if i is not None:
                return g.name, (i // g.columns, i % g.columns)
        return None, None

    def _moved(self, it: Item, dr: int, dc: int) -> Item | None:
        """`it` with every cell (`R1C2`, `R1C2_5`, `VX3`) moved dr rows and dc columns down and
        right within its grid or group; None when a cell leaves it."""
        args = []
        for arg in it.args:
            cell_id, sep, rest = arg.partition("_")
            layer, at = self._position(cell_id)
            if layer is not None and at is not None:
                r, c = at[0] + dr, at[1] + dc
                if layer == "grid":
                    if not (0 <= r < self.shape.rows and 0 <= c < self.shape.cols):
                        return None
                    cell_id = f"R{BASE17[r + 1]}C{BASE17[c + 1]}"
                else:
                    g = self.groups[layer]
                    if not (0 <= c < g.columns and 0 <= r and r * g.columns + c < g.count):
                        return None
                    cell_id = g.cell_id(r * g.columns + c)
                arg = f"{cell_id}{sep}{rest}"
            args.append(arg)
        members = [self._moved(m, dr, dc) for m in it.members]
        if any(m is None for m in members):
            return None
        return Item(it.type, args, [m for m in members if m is not None])

    def _extra_cells(self) -> None:
        """`.Var~PREFIX[~LABEL[~COUNT]]` groups as the case's extra cells. ISS numbers a
        group's cells `VPREFIX1`, `VPREFIX2`, … (one cell is `VPREFIX` alone) and lays the groups
        out in the order of their prefixes; here they follow each other in rows of the grid's
        width below it (so in a group of one grid's width, `VX1` is above `VX10` as in ISS)."""
        specs: dict[str, tuple[int, int]] = {}
        for it in self.items:
            if it.type != "Var":
                continue
            prefix = it.args[0] if it.args else ""
            if not prefix.isalpha() or not prefix.isupper():
                raise Unsupported("Var", f"the group name '{prefix}' (ISS's are A-Z)")
            specs["V" + prefix] = var_count(it.args[2] if len(it.args) > 2 else "",
                                             self.shape.cols)
        if any(it.type == "Doppelganger" for it in self.items):
            specs.update(doppelganger_groups(self.shape))
        n = 0
        ids: list[str] = []
        for name in sorted(specs):
            count, columns = specs[name]
            group = VarGroup(name, count, columns, n)
            self.groups[name] = group
            ids += [group.cell_id(i) for i in range(count)]
            n += count
        cells = extra_cells((self.shape.rows, self.shape.cols), n)
        self.extra = dict(zip(ids, cells, strict=True))
        self.b.extra_cells = n

    def as_laid_out(self, group: VarGroup, why: str) -> None:
        """Refuse a rule that needs `group`'s cells side by side as ISS has them, unless they
        are laid out so here too: in rows of the grid's width from the start of a row."""
        if group.columns != self.shape.cols or group.start % self.shape.cols:
            raise Unsupported("Var", f"{why} on the group {group.name}, whose rows are not "
                              "the grid's")

    def _shape(self, it: Item) -> None:
        self.shape = parse_shape(it.args)

    def _region_size(self, it: Item) -> None:
        size = self.number("RegionSize", it.args[0] if it.args else "")
        if not 1 <= size <= self.shape.rows * self.shape.cols:
            raise Unsupported("RegionSize", f"regions of {size} cells")
        self.region_size = size

    @property
    def regions(self) -> int:
        """How many cells a box or jigsaw piece has: `RegionSize`, else the longer side."""
        return self.region_size or max(self.shape.rows, self.shape.cols)

    @property
    def boxes(self) -> tuple[int, int] | None:
        """The grid's boxes (height, width), None under `.NoBoxes` or when no box shape of
        `regions` cells tiles the grid."""
        s = self.shape
        return None if self.no_boxes else region_box_dims(s.rows, s.cols, self.regions)

    @property
    def alphabet(self) -> range:
        return range(self.shape.values[0], self.shape.values[1] + 1)

    def need(self, what: str, kind: str, board: tuple[int, int] | None = None,
             digits: range | None = None) -> None:
        """Refuse `what` unless the library has `kind`, written for this grid and its
        values."""
        super().need(what, kind, board or (self.shape.rows, self.shape.cols),
                     digits or self.alphabet)

    def _grid(self) -> None:
        """`sudoku NxN` where ISS's grid is one; else `board:`, `latin-square` and `boxes`;
        a raw grid is the board alone. Values other than 1..N (the longer side) are written as
        `digits:`."""
        s = self.shape
        n = max(s.rows, s.cols)
        if s.values != (1, n):
            self.b.digits = s.values
        if s.raw:
            self.b.board = (s.rows, s.cols)
            return
        boxes = self.boxes
        if not self.b.is_sudoku(s.rows, s.cols, boxes):
            self.need("NoBoxes" if self.no_boxes else "Shape", "latin-square")
            if boxes is not None:
                self.need("Shape", "boxes")
        self.b.add_grid(s.rows, s.cols, boxes)

    def _write_givens(self) -> None:
        single = {c: next(iter(v)) for c, v in self.givens.items() if len(v) == 1}
        rows = self.shape.rows
        if any(r > rows for r, _ in single):  # givens go on with the extra cells' rows
            rows += extra_rows((self.shape.rows, self.shape.cols), self.b.extra_cells)
        if single:
            self.b.grids["givens"] = [
                [digit_symbol(single.get((r, c))) for c in range(1, self.shape.cols + 1)]
                for r in range(1, rows + 1)]
        for cell, values in self.givens.items():
            if len(values) != 1:
                missing = [d for d in self.alphabet if d not in values]
                self.b.add("absent-digits", [cell], id_stem="candidates", digits=missing)
