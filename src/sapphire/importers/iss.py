"""Import the constraint strings of the Interactive Sudoku Solver (ISS).

The format
----------
A puzzle is one string of constraints, each starting with a dot: `.TYPE~ARG~ARG…` (an ISS
link holds it as its `?q=`, which reads too). Cells are
written `R1C1` with the row and column as one base-17 character each (`R9C9`, then `RaCg` for
row 10, column 16 on a 16×16 grid). Some examples:

* `.~R1C1_5~R1C2_3` — givens (the type is empty); `R1C1_1_2_3` restricts a cell to candidates.
* `.Shape~6x6`, `.Shape~6x8`, `.Shape~6x6~9` (values 1-9), `.Shape~9x9~0-8` — the grid (9×9
  when absent) and optionally its values; `.RegionSize~9` — how many cells a box or jigsaw
  piece has (by default the longer side); boxes are the most nearly square shape of that size
  that tiles the grid.
* `.NoBoxes` — rows and columns only; `.Jigsaw~LAYOUT` — irregular regions, one character per
  cell in row-major order naming the cell's region.
* `.Cage~17~R1C1~R1C2` — a killer cage (total 0: different digits only); `.Sum~…` — a sum
  whose digits may repeat; a cell listed twice in either counts twice (a `sum` line);
  `.Sum~7_=_1_1_-1~…` — one coefficient per cell (a `weighted-sum`);
  `.LittleKiller~22~R1C1` — the diagonal starting at a cell.
* `.Thermo~…`, `.Arrow~…` (circle first), `.Whisper~5~…`, `.Renban~…`, `.Palindrome~…`,
  `.Between~…` — lines through the listed cells in order.
* `.PillArrow~2~…` (the pill's cells first), `.Zipper~…`, `.CountingCircles~…`,
  `.Indexing~C~…` / `.Indexing~R~…` (column or row indexing cells).
* `.Skyscraper~C5~3~4`, `.XSum~…`, `.NumberedRoom~…` — outside clues on both ends of a row
  or column (empty when absent);
  `.Sandwich~8~C1` — the sum between the 1 and the 9 of a row or column.
* `.Lunchbox~11~…` — the sum between the smallest and largest digits of a line.
* `.WhiteDot~A~B`, `.BlackDot~A~B`, `.X~A~B`, `.V~A~B`, `.GreaterThan~A~B` — relations
  between adjacent cells.
* `.Quad~R5C3~2~9` — the 2×2 block with that top-left cell holds 2 and 9.
* `.AntiKing`, `.AntiKnight`, `.AntiConsecutive`, `.Windoku`, `.DisjointSets`,
  `.Diagonal~1` (╱) and `.Diagonal~-1` (╲) — global rules.
* `.ChaosConstruction` — unknown regions, with `.ChaosArrow`, `.ChaosCount`, `.SameValues`,
  `.AllDifferent` and `.CountDistinct` clues on their region cells `CC1`, `CC2`, … (one per
  grid cell in reading order).
* `.Pair~KEY~…`/`.PairX~KEY~…` — a relation between consecutive / all cells, given as a bit
  table of allowed value pairs; `.StrictKropki`, `.StrictXV` (no unmarked pair relates; with
  no marks at all, the global `anti-consecutive`/`anti-black-dot` and `anti-xv`);
  `.Modular`, `.Entropic`, `.SumLine`, `.RegionSumLine`, `.EqualSum`, `.DoubleArrow`,
  `.LookAndSay`, `.ContainExact`, `.ContainAtLeast`, `.SameValues`, `.CountDistinct`,
  `.EqualityCage`, `.HiddenSkyscraper`, `.AntiTaxicab`, `.GlobalEntropy`, `.GlobalMod`,
  `.DutchFlatmates`, `.FullRank` (with `.FullRankTies~any` or `~none`), `.Lockout`,
  `.RegionSameValues` (every box holds the same values), `.ValueIndexing~VALUE~INDEX~LIST…`
  (`indexed-value`), `.RellikCage~TOTAL~…` (`rellik-cage`),
  `.ConnectedValues~~VALUES[~SIZE]` over the grid (`connected-values`); `.Windoku` and
  `.DisjointSets` on grids other than 9×9 take the size of the grid's boxes.
* `.NFA` (an automaton in ISS's packed format) and `.Regex` (a pattern in base64url) — each
  line's digits spell a word the automaton accepts or the pattern matches (`automaton` and
  `regex` lines); a chaos construction's region cells (`CC…`) on an automaton's line feed
  their region numbers (`chaos-automaton`).
* `.And … .End` and `.Or … .End` — groups of constraints, all of which / one of which hold.
  An `.Or` is an `any-of` line with one entry per branch (a group inside it an `all-of`);
  an `.Or` only of placements is shorter: of one digit in one of several cells, a
  `quadruple`; of one cell holding one of several digits, that cell's candidates;
  `.Replicate~MASK … .End` — its constraints copied to every cell of a bit mask of the grid.
* `.Var~X~LABEL~27` — a group of extra cells outside the grid, `VX1` … `VX27` (a group of
  one is `VX`), which clues name like grid cells; `.Doppelganger` (a square grid of digits
  0-N whose houses each miss one digit) adds the extra cells `DGR…`, `DGC…`, `DGB…` holding
  the digits the columns, rows and boxes miss.

What is imported
----------------
Each constraint becomes rule lines of the `std` library: the grid `sudoku NxN` where ISS's grid
is a square sudoku with its standard boxes, else `latin-square` with `board: RxC` and a
`boxes HxW` line when the grid has boxes; values other than 1..N (N the longer side) as the
front matter's `digits: LOW-HIGH`; extra cells as `extra-cells:`, the groups one after another
in rows of the grid's width below it; givens in the front matter (those of extra cells in the
rows below the grid's), and one rule line per clue in the order written. `.And` groups are
flattened and `.Replicate` groups expanded. Anything the library cannot say is refused with an
error that names every such constraint type: an `.Or` with a branch that no entry can say (a
global rule), a rule over a group of extra cells as a grid of its own (`Var`), and each type
with no matching kind.
"""

from __future__ import annotations

import base64
import binascii
import itertools
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field

from sapphire.case.givens import MAX_EXTRA_CELLS, extra_cells, extra_rows
from sapphire.case.model import JsonValue
from sapphire.diagnostics import Diagnostic, SapphireError
from sapphire.importers.builder import CaseBuilder, Rule, digit_symbol
from sapphire.importers.common import (
    Malformed,
    Unsupported,
    Where,
    row_or_column,
)
from sapphire.library.library import Library

Cell = tuple[int, int]


GROUPS = ("And", "Or", "Replicate")
"""Types that open a group closed by `.End`."""


@dataclass
class Item:
    """One constraint `.TYPE~ARGS`, or a group `.And`/`.Or` with its members."""

    type: str
    args: list[str] = field(default_factory=list)
    members: list[Item] = field(default_factory=list)
    at: int | None = None
    """The offset of its '.' in the text as written, for errors about it (None: made by the
    importer, as a copy that `.Replicate` moves)."""


def _written(it: Item) -> str:
    """A constraint as ISS writes it: `.Cage~3~R1C1`, and givens as `.~R1C1_5`."""
    head = ".~" if it.type == "Given" else f".{it.type}~" if it.args else f".{it.type}"
    return head + "~".join(it.args)


class ShortArguments(Exception):
    """A constraint inside an `.Or` branch that lacks an argument its type needs."""

    def __init__(self, item: Item) -> None:
        super().__init__(item.type)
        self.item = item


def parse_iss(text: str, where: Where | None = None) -> list[Item]:
    """The constraints of an ISS string, or of the `?q=` of an ISS link, as a tree (`.And`/`.Or`
    groups hold members). Each item keeps its offset in `text`, so that errors point at it in
    `where` (the text as written and its label)."""
    where = where or Where(LABEL, text)
    written = text
    if text.strip().startswith(("http://", "https://")):
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(text.strip()).query)
        if not query.get("q"):
            raise _bad("the link holds no constraint string (its ?q=…)", text.strip()[:40],
                       where)
        text = query["q"][0]
    # blank space is no part of a constraint string; offsets into it map back to the text
    kept = [i for i, ch in enumerate(text) if not ch.isspace()] if text is written else []
    text = "".join(text.split())

    def at(i: int) -> int | None:
        return kept[i] if kept and i < len(kept) else None

    if text and not text.startswith("."):
        raise _bad("an ISS constraint string starts with '.'", text[:20], where, at(0))
    stack: list[list[Item]] = [[]]
    groups: list[Item] = []
    offset = 0
    for part in text.split(".")[1:]:
        here, offset = at(offset), offset + len(part) + 1
        fields = part.split("~")
        kind, args = fields[0], fields[1:]
        if kind in GROUPS:
            group = Item(kind, args, at=here)
            stack[-1].append(group)
            groups.append(group)
            stack.append(group.members)
        elif kind == "End":
            if len(stack) == 1:
                raise _bad("'.End' closes no '.And' or '.Or'", part, where, here)
            stack.pop()
            groups.pop()
        else:
            stack[-1].append(Item(kind or "Given", args, at=here))
    if len(stack) != 1:
        raise _bad(f"'.{groups[-1].type}' is not closed by '.End'", "", where, groups[-1].at)
    return stack[0]


BASE17 = "0123456789abcdefg"


LABEL = "<iss>"
"""What an error calls a constraint string that comes from no named file."""


def _bad(message: str, near: str, where: Where, at: int | None = None) -> SapphireError:
    return SapphireError([_bad_input(message, where, at, near)])


def _bad_input(message: str, where: Where, at: int | None = None, near: str = "") -> Diagnostic:
    """A constraint written wrongly, at its offset `at` in the text (None: the text's start)."""
    return where.diagnostic(
        "bad-iss", f"not an ISS constraint string: {message}" + (f" (near '{near}')" if near
                                                                  else ""), at,
        None if at is None or not near else at + len(near) + 1,
        "give the constraint string as ISS shows it (.~R1C1_5.Cage~17~R1C2~R1C3…), or the "
        "link in ISS's address bar (…?q=.~R1C1_5…)")


def parse_cell(cell_id: str) -> Cell:
    """`R1C1` -> (1, 1); row and column are one base-17 character each (`RaCg` -> (10, 16))."""
    if len(cell_id) == 4 and cell_id[0] in "Rr" and cell_id[2] in "Cc":
        try:
            return int(cell_id[1], 17), int(cell_id[3], 17)
        except ValueError:
            pass
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


def _var_count(text: str, grid_cols: int) -> tuple[int, int]:
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


def _doppelganger_groups(shape: Shape) -> dict[str, tuple[int, int]]:
    """The extra cells `.Doppelganger` adds: the digit each column (`DGR1`…, a row of cells
    under the grid), row (`DGC1`…, a column beside it) and box (`DGB1`…, laid out as the boxes
    are) misses. (ISS's hidden `DGZ` cell is no clue's and is left out.)"""
    box = region_box_dims(shape.rows, shape.cols, max(shape.rows, shape.cols))
    if shape.rows != shape.cols or box is None or shape.values != (0, shape.rows):
        raise Unsupported("Doppelganger", "a grid that is not square with digits 0-N and boxes")
    n = shape.rows
    return {"DGR": (n, n), "DGC": (n, n), "DGB": (box[0] * box[1], box[1])}


def _doppelganger(cv: Converter, it: Item) -> None:
    """`.Doppelganger`: a `doppelganger` line over the missing digits of the rows, columns and
    boxes (ISS's `DGR…`, `DGC…`, `DGB…` cells)."""
    cv.need(it.type, "doppelganger")
    s = cv.shape
    _doppelganger_groups(s)  # refuses a grid the rule is not for
    box = region_box_dims(s.rows, s.cols, max(s.rows, s.cols))
    assert box is not None
    # DGR is a row of cells under the grid, one per column: the digit that column misses; DGC
    # a column beside it, one per row
    cells = [cv.groups[g].cell_id(i) for g in ("DGC", "DGR", "DGB") for i in range(s.rows)]
    cv.b.add("doppelganger", cv.cells(cells), early=True, height=box[0], width=box[1])


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


def box_dims(n: int) -> tuple[int, int] | None:
    """ISS's boxes for an n×n grid of n values (height, width), or None when it has none."""
    return region_box_dims(n, n, n)


def region_box_dims(rows: int, cols: int, size: int) -> tuple[int, int] | None:
    """ISS's boxes of `size` cells on a rows×cols grid (height, width): the most nearly square
    box shape that tiles the grid, either way round; None when no box shape does."""
    small = int(size ** 0.5)
    while small >= 2:
        if size % small == 0:
            large = size // small
            if rows % small == 0 and cols % large == 0:
                return small, large
            if large != small and rows % large == 0 and cols % small == 0:
                return large, small
        small -= 1
    return None


def little_killer_cells(rows: int, cols: int) -> dict[Cell, list[Cell]]:
    """Each little-killer diagonal by its first cell, as ISS lays them out: from the left side
    going down-right, the right side going up-left, the top going down-left and the bottom going
    up-right; a diagonal already seen from another side is not listed again."""
    out: dict[Cell, list[Cell]] = {}
    seen: set[frozenset[Cell]] = set()

    def add(r: int, c: int, dr: int, dc: int) -> None:
        cells = []
        while 0 <= r < rows and 0 <= c < cols:
            cells.append((r + 1, c + 1))
            r, c = r + dr, c + dc
        key = frozenset(cells)
        if len(cells) <= 1 or key in seen:
            return
        seen.add(key)
        out[cells[0]] = cells

    for r in range(rows - 1):
        add(r, 0, 1, 1)
    for r in range(1, rows - 1):
        add(r, cols - 1, -1, -1)
    for c in range(1, cols):
        add(0, c, 1, -1)
    for c in range(1, cols - 1):
        add(rows - 1, c, -1, 1)
    return out


def adjacent_pairs(cells: list[Cell], place: Callable[[Cell], tuple[str, int, int]] | None = None
                   ) -> list[tuple[Cell, Cell]]:
    """Orthogonally adjacent pairs among `cells`, each once, in ISS's order. `place` gives
    where ISS has a cell (its grid or group of extra cells, row and column); by default the
    cell's own row and column."""
    where = place or (lambda c: ("grid", c[0], c[1]))
    rest = {where(c): c for c in dict.fromkeys(cells)}
    out = []
    for a in list(rest.values()):
        layer, r, c = where(a)
        del rest[(layer, r, c)]
        for b in ((layer, r, c - 1), (layer, r, c + 1), (layer, r - 1, c), (layer, r + 1, c)):
            if b in rest:
                out.append((a, rest[b]))
    return out


GLOBALS = {
    "AntiKing": "anti-king", "AntiKnight": "anti-knight", "AntiConsecutive": "anti-consecutive",
    "Windoku": "windoku", "DisjointSets": "disjoint-sets",
}
"""Global ISS constraints without arguments, and the kind each becomes."""

NINE_ONLY = {"Windoku", "DisjointSets"}


class Converter:
    """Turns the constraints of one ISS string into a `CaseBuilder`."""

    def __init__(self, items: list[Item], library: Library | None = None,
                 where: Where | None = None) -> None:
        self.b = CaseBuilder() if library is None else CaseBuilder(library)
        self.items = items
        self.where = where or Where(LABEL, "")
        """The constraint string as written, where errors point."""
        self.problems: dict[str, str] = {}
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

    def need(self, iss_type: str, kind: str) -> None:
        if not self.b.has(kind):
            raise Unsupported(iss_type, f"the library has no '{kind}' rule")

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
            handler = HANDLERS.get(it.type)
            if handler is None:
                self.problems.setdefault(it.type, "no rule kind for it")
                self.problem_at.setdefault(it.type, it.at)
                continue
            self._guard(it, lambda it=it, handler=handler: handler(self, it))
        if self.problems or self.malformed:
            raise SapphireError([_bad_input(message, self.where, at)
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
            where = "an .Or branch" if it.type == "AnyOf" else f"'{_written(it)}'"
            self.malformed.setdefault(f"in {where}: {u.detail}", it.at)
        except Unsupported as u:
            self.problems.setdefault(u.what, u.detail or f"in .{it.type}")
            self.problem_at.setdefault(u.what, it.at)
        except (IndexError, ShortArguments) as e:  # an argument the constraint lacks
            short = e.item if isinstance(e, ShortArguments) else it
            self.malformed.setdefault(f"'{_written(short)}' has too few arguments",
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
        try:
            sixes = [BASE64URL.index(ch) for ch in mask]
        except ValueError:
            raise Malformed("Replicate", f"the mask '{mask}' is not base64url") from None
        anchor = it.args[1] if len(it.args) > 1 else "R1C1"
        layer, at = self._position(anchor)
        if layer is None or at is None:
            raise Unsupported("Replicate", f"the anchor '{anchor}'")
        members: list[Item] = []
        self._flatten(it.members, members)
        count, columns = (self.shape.rows * self.shape.cols, self.shape.cols) \
            if layer == "grid" else (self.groups[layer].count, self.groups[layer].columns)
        for n in range(count):
            if n // 6 < len(sixes) and sixes[n // 6] >> (n % 6) & 1:
                dr, dc = n // columns - at[0], n % columns - at[1]
                copies = [self._moved(m, dr, dc) for m in members]
                if all(c is not None for c in copies):
                    out.extend(c for c in copies if c is not None)

    def _position(self, cell_id: str) -> tuple[str | None, tuple[int, int] | None]:
        """The grid or group (`"grid"`, or the group's prefix) of an ISS cell name, and the
        cell's row and column in it from 0; (None, None) for anything else."""
        if len(cell_id) == 4 and cell_id[0] in "Rr" and cell_id[2] in "Cc":
            try:
                return "grid", (int(cell_id[1], 17) - 1, int(cell_id[3], 17) - 1)
            except ValueError:
                return None, None
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
            specs["V" + prefix] = _var_count(it.args[2] if len(it.args) > 2 else "",
                                             self.shape.cols)
        if any(it.type == "Doppelganger" for it in self.items):
            specs.update(_doppelganger_groups(self.shape))
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
    def alphabet(self) -> range:
        return range(self.shape.values[0], self.shape.values[1] + 1)

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
        boxes = None if self.no_boxes else region_box_dims(s.rows, s.cols, self.regions)
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


# -- one handler per ISS type ---------------------------------------------------------------


def or_of_placements(it: Item) -> Item | None:
    """An `.Or` whose branches are single placements (`.~R6C1_7`, also inside one-member
    `.And` and nested `.Or` groups) as one item a rule can say: all in one cell, a given
    with candidates (`.~R6C1_1_7`); all of one digit, a `Placements` item (that digit in
    one of the cells); anything else None."""
    found: list[tuple[str, str]] = []

    def collect(x: Item) -> bool:
        if x.type == "Or" or (x.type == "And" and len(x.members) == 1):
            return all(collect(m) for m in x.members)
        if x.type == "Given" and len(x.args) == 1 and not x.members:
            cell, *values = x.args[0].split("_")
            found.extend((cell, v) for v in values)
            return bool(values)
        return False

    if not collect(it) or not found:
        return None
    cells = list(dict.fromkeys(c for c, _ in found))
    values = list(dict.fromkeys(v for _, v in found))
    if len(cells) == 1:
        return Item("Given", ["_".join([cells[0], *values])])
    if len(values) == 1:
        return Item("Placements", [values[0], *cells])
    return None


def _any_of(cv: Converter, it: Item) -> None:
    """An `.Or` of anything else: an `any-of` line with one entry per branch."""
    cv.b.rules.append(_group(cv, "any-of", [branch_rule(cv, m) for m in it.members]))


def branch_rule(cv: Converter, it: Item) -> Rule:
    """One branch of an `.Or` as one rule: a group as `all-of`/`any-of`, a placement as a
    `quadruple` of its digit (candidates as `absent-digits`), any other constraint as its
    handler writes it (several rules: `all-of` them)."""
    if it.type in ("And", "Or") and len(it.members) == 1:
        return branch_rule(cv, it.members[0])
    rules: list[Rule]
    if it.type in ("And", "Or"):
        rules = [branch_rule(cv, m) for m in it.members]
        if it.type == "Or":
            return _group(cv, "any-of", rules)
    elif it.type == "Given":
        rules = []
        lo, hi = cv.shape.values
        for arg in it.args:
            cell_id, *vals = arg.split("_")
            cell = cv.cells([cell_id])[0]
            values = sorted({cv.number("Given", v) for v in vals})
            if len(values) == 1:
                rules.append(Rule("quadruple", (cell,), (("digits", values),)))
            else:
                other = [d for d in range(lo, hi + 1) if d not in values]
                rules.append(Rule("absent-digits", (cell,), (("digits", other),)))
    else:
        handler = HANDLERS.get(it.type)
        if handler is None or it.type in GLOBALS:
            raise Unsupported("Or", f"a branch of type '{it.type}'")
        saved, cv.b = cv.b, CaseBuilder(cv.b.library)
        try:
            handler(cv, it)
            rules = cv.b.rules
        except IndexError:
            raise ShortArguments(it) from None
        finally:
            cv.b = saved
    if not rules:
        raise Unsupported("Or", f"a branch of type '{it.type}' that writes no rule")
    return rules[0] if len(rules) == 1 else _group(cv, "all-of", rules)


def _group(cv: Converter, kind: str, rules: list[Rule]) -> Rule:
    """An `any-of`/`all-of` rule whose entries are `rules`, written as the lines of a case
    (a kind that stands twice gets ids)."""
    cv.need("Or", kind)
    scratch = CaseBuilder(cv.b.library)
    scratch.rules = rules
    return Rule(kind, params=(("rules", scratch.rule_texts()),))  # type: ignore[arg-type]


def _placements(cv: Converter, it: Item) -> None:
    """One digit in at least one of the cells: a `quadruple` of that digit."""
    cv.need("Or", "quadruple")
    cv.b.add("quadruple", cv.cells(it.args[1:]), digits=[cv.number("Or", it.args[0])])


def _given(cv: Converter, it: Item) -> None:
    lo, hi = cv.shape.values
    for arg in it.args:
        cell_id, *vals = arg.split("_")
        cell = cv.cells([cell_id])[0]
        values = {cv.number("Given", v) for v in vals}
        if any(not lo <= v <= hi for v in values):
            raise Malformed("Given", f"a value of {arg} is outside {lo}-{hi}")
        if len(values) > 1:
            cv.need("Given", "absent-digits")
        old = cv.givens.get(cell)
        cv.givens[cell] = values if old is None else old & values


def _cage(cv: Converter, it: Item) -> None:
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


def _sum(cv: Converter, it: Item) -> None:
    """`.Sum~TOTAL~CELLS`, or with one coefficient per cell (`.Sum~7_=_1_1_-1~CELLS`, also
    written without the `=`) a `weighted-sum`."""
    if "_" not in it.args[0]:
        _cage(cv, it)
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


def _path(kind: str) -> Callable[[Converter, Item], None]:
    def handler(cv: Converter, it: Item) -> None:
        cv.need(it.type, kind)
        cv.b.add(kind, cv.cells(it.args))
    return handler


def _whisper(cv: Converter, it: Item) -> None:
    cv.need("Whisper", "whisper")
    args = list(it.args)
    difference = 5
    if args and args[0].lstrip("-").isdigit():
        difference = int(args.pop(0))
    cells = cv.cells(args)
    if difference == 5:
        cv.b.add("whisper", cells)
    else:
        cv.b.add("whisper", cells, difference=difference)


def _pairs(kind: str, total: int | None = None) -> Callable[[Converter, Item], None]:
    def handler(cv: Converter, it: Item) -> None:
        cv.need(it.type, kind)
        for a, b in cv.adjacent(it.args):
            if total is None:
                cv.b.add(kind, [a, b])
            else:
                cv.b.add(kind, [a, b], sum=total)
    return handler


def _little_killer(cv: Converter, it: Item) -> None:
    cv.need("LittleKiller", "little-killer")
    total = cv.number("LittleKiller", it.args[0])
    start = cv.cells([it.args[1]])[0]
    diagonal = little_killer_cells(cv.shape.rows, cv.shape.cols).get(start)
    if diagonal is None:
        raise Malformed("LittleKiller", f"no diagonal starts at {it.args[1]}")
    cv.b.add("little-killer", diagonal, sum=total)


def _quad(cv: Converter, it: Item) -> None:
    cv.need("Quad", "quadruple")
    cells = [cv.offset(it.args[0], dr, dc) for dr, dc in ((0, 0), (0, 1), (1, 0), (1, 1))]
    cv.b.add("quadruple", cells, digits=[cv.number("Quad", v) for v in it.args[1:]])


def _diagonal(cv: Converter, it: Item) -> None:
    kind = "anti-diagonal" if cv.number("Diagonal", it.args[0]) > 0 else "main-diagonal"
    cv.need("Diagonal", kind)
    cv.b.add(kind, early=True)


def _global(cv: Converter, it: Item) -> None:
    kind = GLOBALS[it.type]
    s = cv.shape
    box = None if cv.no_boxes else region_box_dims(s.rows, s.cols, cv.regions)
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
    cv.need(it.type, kind)
    if it.type in NINE_ONLY and cv.shape.rows != 9:
        raise Unsupported(it.type, f"'{kind}' is defined for 9x9 grids only")
    cv.b.add(kind, early=True)


def _jigsaw(cv: Converter, it: Item) -> None:
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


def line_cells(cv: Converter, line_id: str, forward: bool) -> list[Cell]:
    """A whole row (`R3`) or column (`C5`) as an outside clue sees it: left to right or top to
    bottom when `forward`, else from the other end."""
    try:
        k = int(line_id[1:], 17) if len(line_id) == 2 else int(line_id[1:])
    except ValueError:
        raise Malformed("cell", f"'{line_id}' is not a row or column") from None
    cells = row_or_column(cv.shape.rows, cv.shape.cols, line_id[:1], k, forward)
    if cells is None:
        raise Malformed("cell", f"'{line_id}' is not a row or column of the grid")
    return cells


def _outside(kind: str, param: str) -> Callable[[Converter, Item], None]:
    """A clue at either end of a row or column: `.TYPE~C5~FROM_START~FROM_END`."""
    def handler(cv: Converter, it: Item) -> None:
        cv.need(it.type, kind)
        for value, forward in zip(it.args[1:3], (True, False), strict=False):
            if value:
                cv.b.add(kind, line_cells(cv, it.args[0], forward),
                         **{param: cv.number(it.type, value)})
    return handler


def _indexing(cv: Converter, it: Item) -> None:
    kind = {"C": "column-indexer", "R": "row-indexer"}.get(it.args[0] if it.args else "")
    if kind is None:
        raise Unsupported("Indexing", f"unknown indexing '{it.args[:1]}'")
    cv.need("Indexing", kind)
    cv.b.add(kind, cv.cells(it.args[1:]))


def _pill_arrow(cv: Converter, it: Item) -> None:
    cv.need("PillArrow", "pill-arrow")
    size = cv.number("PillArrow", it.args[0])
    if size not in (2, 3):
        raise Unsupported("PillArrow", f"a pill of {size} cells")
    cells = cv.cells(it.args[1:])
    pill = sorted(cells[:size])  # ISS reads the pill in reading order
    if size == 2:
        cv.b.add("pill-arrow", pill + cells[size:])
    else:
        cv.b.add("pill-arrow", pill + cells[size:], pill=size)


def _lunchbox(cv: Converter, it: Item) -> None:
    cv.need(it.type, "lunchbox")
    if it.type == "Sandwich":  # a lunchbox along a whole row or column, seen from its start
        cv.b.add("lunchbox", line_cells(cv, it.args[1], True),
                 sum=cv.number("Sandwich", it.args[0]))
    else:
        cv.b.add("lunchbox", cv.cells(it.args[1:]), sum=cv.number("Lunchbox", it.args[0]))


def var_cell(cv: Converter, cell_id: str, prefix: str) -> Cell:
    """A numbered extra cell such as ChaosConstruction's `CC10`, which stands for the grid cell
    with that 1-based reading-order number (`CC10` is R2C1 on a 9-wide grid)."""
    if cell_id.startswith(prefix) and cell_id[len(prefix):].isdigit():
        n = int(cell_id[len(prefix):])
        if 1 <= n <= cv.shape.rows * cv.shape.cols:
            return ((n - 1) // cv.shape.cols + 1, (n - 1) % cv.shape.cols + 1)
    raise Unsupported("Var", f"extra cell {cell_id}")


def _chaos(cv: Converter, it: Item) -> None:
    cv.need("ChaosConstruction", "chaos-construction")
    if cv.region_size is not None and cv.region_size != max(cv.shape.rows, cv.shape.cols):
        cv.b.add("chaos-construction", early=True, size=cv.region_size)
    else:
        cv.b.add("chaos-construction", early=True)


def _chaos_offset(cv: Converter, it: Item) -> int:
    if cv.shape.values[0] != 1:
        raise Unsupported(it.type, "a count on a grid whose digits do not start at 1")
    return cv.number(it.type, it.args[1]) if len(it.args) > 1 and it.args[1] else 0


def _chaos_arrow(cv: Converter, it: Item) -> None:
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
            arms[-1].append(var_cell(cv, arg, "CC"))
    arms = [a for a in arms if a]
    if not arms:
        r, c = start
        arms = [[(r - i, c) for i in range(r)], [(r + i, c) for i in range(cv.shape.rows - r + 1)],
                [(r, c - i) for i in range(c)], [(r, c + i) for i in range(cv.shape.cols - c + 1)]]
    if any(arm[0] != start for arm in arms):
        raise Unsupported("ChaosArrow", "an arm that does not start at the arrow's cell")
    path = [cell for arm in arms for cell in arm]
    if offset:
        cv.b.add("chaos-arrow", path, offset=offset)
    else:
        cv.b.add("chaos-arrow", path)


def _chaos_count(cv: Converter, it: Item) -> None:
    """`.ChaosCount~CONTROL~OFFSET~CELL…`: region cells (`CC…`), the control cell's first;
    none means the control cell and its eight neighbours."""
    cv.need("ChaosCount", "chaos-count")
    start = cv.cells(it.args[:1])[0]
    offset = _chaos_offset(cv, it)
    cells = [var_cell(cv, a, "CC") for a in it.args[2:]]
    if not cells:
        r, c = start
        cells = [start] + [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                           if (dr or dc) and 1 <= r + dr <= cv.shape.rows
                           and 1 <= c + dc <= cv.shape.cols]
    if cells[0] != start:
        raise Unsupported("ChaosCount", "a count whose first cell is not its own cell")
    if offset:
        cv.b.add("chaos-count", cells, offset=offset)
    else:
        cv.b.add("chaos-count", cells)


BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def pair_table(cv: Converter, key: str) -> set[tuple[int, int]]:
    """The digit pairs an ISS pairwise key allows: one bit per (first, second) pair of values,
    first-major, six bits to a base64url character, lowest bit first."""
    try:
        sixes = [BASE64URL.index(ch) for ch in key]
    except ValueError:
        raise Malformed("Pair", f"the key '{key}' is not base64url") from None
    values = list(cv.alphabet)
    out = set()
    for n, (a, b) in enumerate(itertools.product(values, values)):
        if n // 6 < len(sixes) and sixes[n // 6] >> (n % 6) & 1:
            out.add((a, b))
    return out


def item_groups(items: list[str]) -> list[list[str]]:
    """Items split into groups at empty items; `_NAME` items (a group's label) are skipped."""
    groups: list[list[str]] = [[]]
    for item in items:
        if item == "":
            groups.append([])
        elif not item.startswith("_"):
            groups[-1].append(item)
    return [g for g in groups if g]


def cell_groups(cv: Converter, items: list[str]) -> list[list[Cell]]:
    """The cells of each group of `item_groups`."""
    return [cv.cells(g) for g in item_groups(items)]


def _pair(cv: Converter, it: Item) -> None:
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


def _strict(kind: str, marks: tuple[str, ...], unmarked: tuple[str, ...]
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


def _one_to_nine(cv: Converter, it: Item, kind: str) -> None:
    cv.need(it.type, kind)
    if cv.shape.values != (1, 9):
        raise Unsupported(it.type, f"'{kind}' is stated for the digits 1-9")


def _global_1to9(kind: str) -> Callable[[Converter, Item], None]:
    def handler(cv: Converter, it: Item) -> None:
        _one_to_nine(cv, it, kind)
        cv.b.add(kind, early=True)
    return handler


def _anti_taxicab(cv: Converter, it: Item) -> None:
    cv.need(it.type, "anti-taxicab")
    if cv.shape.values[0] != 1:
        raise Unsupported(it.type, "distances on a grid whose digits do not start at 1")
    cv.b.add("anti-taxicab", early=True)


def _modular(cv: Converter, it: Item) -> None:
    cv.need(it.type, "modular")
    m = cv.number(it.type, it.args[0])
    if m < 1:
        raise Unsupported(it.type, f"modulus {m}")
    cells = cv.cells(it.args[1:])
    if m == 3:
        cv.b.add("modular", cells)
    else:
        cv.b.add("modular", cells, modulus=m)


def _entropic(cv: Converter, it: Item) -> None:
    _one_to_nine(cv, it, "entropic-line")
    cv.b.add("entropic-line", cv.cells(it.args))


def _sum_line(cv: Converter, it: Item) -> None:
    cv.need(it.type, "sum-line")
    total = cv.number(it.type, it.args[0]) if it.args and it.args[0] else 10
    args = it.args[1:]
    loop = bool(args) and args[-1] == "LOOP"
    cells = cv.cells(args[:-1] if loop else args)
    params: dict[str, JsonValue] = {}
    if total != 10:
        params["sum"] = total
    if loop:
        params["loop"] = True
    cv.b.add("sum-line", cells, **params)


def _digit_counts(cv: Converter, it: Item) -> None:
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


def _contain_at_least(cv: Converter, it: Item) -> None:
    cv.need(it.type, "quadruple")
    digits = [cv.number(it.type, v) for v in (it.args[0] if it.args else "").split("_")]
    cv.b.add("quadruple", cv.cells(it.args[1:]), digits=digits)


def _region_cells(cv: Converter, it: Item, items: list[str]) -> list[Cell] | None:
    """Chaos region cells (`CC…`) as the grid cells whose regions they are; None when the items
    are all grid or extra cells; a mix is refused."""
    region = [a.startswith("CC") for a in items]
    if not any(region):
        return None
    if not all(region):
        raise Unsupported(it.type, "region cells (CC…) mixed with digit cells")
    return [var_cell(cv, a, "CC") for a in items]


def _all_different(cv: Converter, it: Item) -> None:
    """`.AllDifferent~CELLS`: different digits, or over region cells different regions."""
    regions = _region_cells(cv, it, it.args)
    if regions is not None:
        cv.need(it.type, "different-regions")
        cv.b.add("different-regions", regions)
        return
    cv.need(it.type, "all-different")
    cv.b.add("all-different", cv.cells(it.args))


def _count_distinct(cv: Converter, it: Item) -> None:
    """`.CountDistinct~CONTROL~CELLS`: how many digits the cells hold, or over region cells how
    many regions they lie in."""
    regions = _region_cells(cv, it, it.args[1:])
    if regions is not None:
        cv.need(it.type, "count-regions")
        cv.b.add("count-regions", cv.cells(it.args[:1]) + regions)
        return
    cv.need(it.type, "count-distinct")
    cv.b.add("count-distinct", cv.cells(it.args))


def _same_values(cv: Converter, it: Item) -> None:
    """`.SameValues~SETS~CELLS`: grid cells, or chaos region cells (`CC…`) one to a set, which
    then share a region."""
    sets = cv.number(it.type, it.args[0] if it.args else "")
    items = it.args[1:]
    if items and all(a.startswith("CC") for a in items):
        if sets != len(items):
            raise Unsupported(it.type, "sets of several region cells")
        cv.need(it.type, "same-region")
        cv.b.add("same-region", [var_cell(cv, a, "CC") for a in items])
        return
    cv.need(it.type, "same-values")
    cells = cv.cells(items)
    if sets < 1 or len(cells) % sets:
        raise Unsupported(it.type, f"{len(cells)} cells in {sets} sets")
    if sets == 2:
        cv.b.add("same-values", cells)
    else:
        cv.b.add("same-values", cells, sets=sets)


def _equal_sum(cv: Converter, it: Item) -> None:
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


def _region_of(cv: Converter) -> dict[Cell, int]:
    """Each cell's box, or its jigsaw piece when the grid has no boxes."""
    s = cv.shape
    boxes = None if cv.no_boxes else region_box_dims(s.rows, s.cols, cv.regions)
    if boxes is not None:
        bh, bw = boxes
        return {(r, c): (r - 1) // bh * s.cols + (c - 1) // bw
                for r in range(1, s.rows + 1) for c in range(1, s.cols + 1)}
    jigsaw = next((x for x in cv.flat if x.type == "Jigsaw"), None)
    layout = jigsaw.args[-1] if jigsaw is not None and jigsaw.args else ""
    if len(layout) != s.rows * s.cols:
        raise Unsupported("RegionSumLine", "a grid with neither boxes nor jigsaw pieces")
    return {(i // s.cols + 1, i % s.cols + 1): ord(ch) for i, ch in enumerate(layout)}


def _region_sum_line(cv: Converter, it: Item) -> None:
    """`.RegionSumLine~CELLS`: each stretch of the line inside one box (or piece) has the same
    sum; an `equal-sums` cut where the line changes box."""
    cv.need(it.type, "equal-sums")
    cells = cv.cells(it.args)
    region = _region_of(cv)
    cuts: list[JsonValue] = [i for i in range(1, len(cells))
                             if region[cells[i]] != region[cells[i - 1]]]
    if cuts:
        cv.b.add("equal-sums", cells, cuts=cuts)


def _full_rank(cv: Converter, it: Item) -> None:
    """`.FullRank~C5~FROM_START~FROM_END`; `.FullRankTies~any` lets lines tie, `~none` (no two
    lines of the whole grid tie: `full-rank-no-ties`, written by `_full_rank_ties`) and the
    default (`only-unclued`) keep clued lines from tying."""
    cv.need(it.type, "full-rank")
    if cv.shape.rows != cv.shape.cols:
        raise Unsupported(it.type, "a grid that is not square")
    modes = [x.args[0] if x.args else "" for x in cv.flat if x.type == "FullRankTies"]
    mode = modes[-1] if modes else "only-unclued"
    if mode not in ("any", "only-unclued", "none"):
        raise Unsupported("FullRankTies", f"the mode '{mode}'")
    for value, forward in zip(it.args[1:3], (True, False), strict=False):
        if value:
            cells = line_cells(cv, it.args[0], forward)
            if mode == "any":
                cv.b.add("full-rank", cells, rank=cv.number(it.type, value), ties=True)
            else:
                cv.b.add("full-rank", cells, rank=cv.number(it.type, value))


def _full_rank_ties(cv: Converter, it: Item) -> None:
    """`.FullRankTies~none`: no two lines of the grid read the same number."""
    if it.args[:1] == ["none"]:
        cv.need(it.type, "full-rank-no-ties")
        if cv.shape.rows != cv.shape.cols:
            raise Unsupported(it.type, "a grid that is not square")
        cv.b.add("full-rank-no-ties", early=True)


def _rellik(cv: Converter, it: Item) -> None:
    """`.RellikCage~TOTAL~CELLS…`: different digits, no group of which adds up to TOTAL."""
    cv.need(it.type, "rellik-cage")
    if cv.shape.values[1] > 9:
        raise Unsupported(it.type, "values above 9 (the library's rellik-cage reads 1-9)")
    cv.b.add("rellik-cage", cv.cells(it.args[1:]), total=cv.number(it.type, it.args[0]))


def _connected_values(cv: Converter, it: Item) -> None:
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


def _region_same_values(cv: Converter, it: Item) -> None:
    """Every region holds the same values: the grid's boxes (jigsaw pieces are refused)."""
    s = cv.shape
    box = None if cv.no_boxes else region_box_dims(s.rows, s.cols, cv.regions)
    if box is None or any(x.type == "Jigsaw" for x in cv.flat):
        raise Unsupported(it.type, "regions that are not the grid's boxes")
    cv.need(it.type, "same-box-digits")
    cv.b.add("same-box-digits", positional=f"{box[0]}x{box[1]}", early=True)


def _base64url(text: str, iss_type: str, refusal: str) -> bytes:
    """ISS's base64url text (its padding left off) as bytes; `refusal` says what it is not."""
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, binascii.Error):
        raise Unsupported(iss_type, refusal) from None


def decode_nfa(text: str) -> tuple[list[tuple[int, int, int]], list[int], list[int]]:
    """ISS's packed automaton: base64url bytes read as a bit stream, most significant bit
    first. A header (format 2 bits, state bits − 1 and symbol count − 1 in 4 bits each, the
    number of start states and of further accepting states, a mask of the accepting start
    states, and for the plain format the width of a state's move count) is followed by the
    states in order: plain, a move count then (symbol − 1, target) pairs; packed, a mask of
    the symbols with a move and one target per symbol. States 0… are the start states, the
    next ones the other accepting states. Returns (moves by symbol, starts, accepts)."""
    raw = _base64url(text, "NFA", f"the automaton '{text[:20]}' is not base64url")
    bits = "".join(f"{b:08b}" for b in raw)
    pos = 0

    def read(n: int) -> int:
        nonlocal pos
        if pos + n > len(bits):
            raise Malformed("NFA", "the automaton's data ends early")
        v = int(bits[pos:pos + n], 2) if n else 0
        pos += n
        return v

    fmt, state_bits, symbols = read(2), read(4) + 1, read(4) + 1
    n_starts, n_accepts = read(state_bits), read(state_bits)
    start_accepts = read(n_starts)
    moves: list[tuple[int, int, int]] = []
    state = 0
    if fmt == 1:
        while len(bits) - pos >= symbols:
            mask = read(symbols)
            moves.extend((state, k + 1, read(state_bits))
                         for k in range(symbols) if mask >> k & 1)
            state += 1
    elif fmt == 0:
        count_bits = read(4)
        symbol_bits = (symbols - 1).bit_length()
        while count_bits and len(bits) - pos >= count_bits:
            for _ in range(read(count_bits)):
                sym = read(symbol_bits)
                moves.append((state, sym + 1, read(state_bits)))
            state += 1
    else:
        raise Unsupported("NFA", f"the automaton format {fmt}")
    starts = list(range(n_starts))
    accepts = [q for q in starts if start_accepts >> q & 1]
    accepts += range(n_starts, n_starts + n_accepts)
    return moves, starts, accepts


Moves = list[tuple[int, int, int]]


def unroll_separators(moves: Moves, starts: list[int], accepts: list[int], separator: int,
                      breaks: list[int], length: int) -> tuple[Moves, list[int], list[int]]:
    """The automaton of the line's digits alone, when ISS feeds it the extra symbol
    `separator` wherever the line has a `-` item (`breaks[k]` of them after k digits): the
    states are numbered per position, so that after digit k the separator moves are taken."""
    step: dict[tuple[int, int], set[int]] = {}
    leaving: dict[int, set[int]] = {}
    for q, a, b in moves:
        step.setdefault((q, a), set()).add(b)
        if a != separator:
            leaving.setdefault(q, set()).add(a)

    def separate(states: set[int], k: int) -> set[int]:
        for _ in range(breaks[k]):
            states = {b for q in states for b in step.get((q, separator), ())}
        return states

    ids: dict[tuple[int, int], int] = {}

    def ident(k: int, q: int) -> int:
        return ids.setdefault((k, q), len(ids))

    layer = separate(set(starts), 0)
    new_starts = [ident(0, q) for q in sorted(layer)]
    out: Moves = []
    for k in range(length):
        nxt: set[int] = set()
        for q in sorted(layer):
            for a in sorted(leaving.get(q, ())):
                for b in sorted(separate(step[(q, a)], k + 1)):
                    out.append((ident(k, q), a, ident(k + 1, b)))
                    nxt.add(b)
        layer = nxt
    new_accepts = [ident(length, q) for q in sorted(layer & set(accepts))]
    return out, new_starts, new_accepts


def _nfa(cv: Converter, it: Item) -> None:
    """`.NFA~AUTOMATON~_NAME~CELLS~~CELLS…`: each line's digits are a word of the automaton,
    whose symbols 1, 2, … are the grid's values from the lowest; a `-` item feeds the symbol
    after the highest value, a separator, which `unroll_separators` builds into the line's
    own automaton. Region cells (`CC…`) on a line feed their region numbers
    (`chaos-automaton`)."""
    moves, starts, accepts = decode_nfa(it.args[0] if it.args else "")
    lo, hi = cv.shape.values
    separator = hi - lo + 2
    for group in item_groups(list(it.args[1:])):
        items = [x for x in group if x != "-"]
        regions = [k + 1 for k, x in enumerate(items) if x.startswith("CC")]
        kind = "chaos-automaton" if regions else "automaton"
        cv.need("NFA", kind)
        if regions and lo != 1:
            raise Unsupported("NFA", "region cells on a grid whose digits do not start at 1")
        cells = [var_cell(cv, x, "CC") if x.startswith("CC") else cv.cells([x])[0]
                 for x in items]
        breaks = [0] * (len(cells) + 1)
        k = 0
        for x in group:
            if x == "-":
                breaks[k] += 1
            else:
                k += 1
        line_moves, line_starts, line_accepts = (
            unroll_separators(moves, starts, accepts, separator, breaks, len(cells))
            if "-" in group else (moves, starts, accepts))
        digit_moves = sorted([q, a - 1 + lo, b] for q, a, b in line_moves if a - 1 + lo <= hi)
        extra = {} if line_starts == [0] else {"start": line_starts}
        cv.b.add(kind, cells, moves=digit_moves, **extra, accept=line_accepts,
                 **({"regions": regions} if regions else {}))


def _regex(cv: Converter, it: Item) -> None:
    """`.Regex~PATTERN~CELLS~~CELLS…`, the pattern in base64url; its characters spell the
    digits themselves (0-9, then letters)."""
    cv.need("Regex", "regex")
    text = it.args[0] if it.args else ""
    refusal = f"the pattern '{text[:20]}' is not base64url-encoded text"
    try:
        pattern = _base64url(text, "Regex", refusal).decode("utf-8")
    except UnicodeDecodeError:
        raise Unsupported("Regex", refusal) from None
    if "-" in it.args[1:]:
        raise Unsupported(it.type, "a line with a '-' item")
    for line in cell_groups(cv, it.args[1:]):
        cv.b.add("regex", line, pattern=pattern)


def _lockout(cv: Converter, it: Item) -> None:
    cv.need(it.type, "lockout")
    difference = cv.number(it.type, it.args[0]) if it.args and it.args[0] else 4
    cells = cv.cells(it.args[1:])
    if difference == 4:
        cv.b.add("lockout", cells)
    else:
        cv.b.add("lockout", cells, difference=difference)


HANDLERS: dict[str, Callable[[Converter, Item], None]] = {
    "Doppelganger": _doppelganger,
    "Lockout": _lockout,
    "RegionSameValues": _region_same_values,
    "ValueIndexing": _path("indexed-value"),
    "RellikCage": _rellik,
    "ConnectedValues": _connected_values,
    "FullRank": _full_rank,
    "FullRankTies": _full_rank_ties,
    "CountDistinct": _count_distinct,
    "Pair": _pair,
    "PairX": _pair,
    "StrictKropki": _strict("strict-kropki", ("WhiteDot", "BlackDot"),
                            ("anti-consecutive", "anti-black-dot")),
    "StrictXV": _strict("strict-xv", ("X", "V"), ("anti-xv",)),
    "AntiTaxicab": _anti_taxicab,
    "GlobalEntropy": _global_1to9("global-entropy"),
    "GlobalMod": _global_1to9("global-mod"),
    "DutchFlatmates": _global_1to9("dutch-flatmates"),
    "Modular": _modular,
    "Entropic": _entropic,
    "SumLine": _sum_line,
    "EqualityCage": _path("equality-cage"),
    "HiddenSkyscraper": _outside("hidden-skyscraper", "digit"),
    "DoubleArrow": _path("double-arrow"),
    "LookAndSay": _digit_counts,
    "ContainExact": _digit_counts,
    "ContainAtLeast": _contain_at_least,
    "SameValues": _same_values,
    "EqualSum": _equal_sum,
    "RegionSumLine": _region_sum_line,
    "ChaosConstruction": _chaos,
    "ChaosArrow": _chaos_arrow,
    "ChaosCount": _chaos_count,
    "Given": _given,
    "Placements": _placements,
    "AnyOf": _any_of,
    "Cage": _cage,
    "Sum": _sum,
    "LittleKiller": _little_killer,
    "Thermo": _path("thermo"),
    "Arrow": _path("arrow"),
    "Renban": _path("renban"),
    "Palindrome": _path("palindrome"),
    "Between": _path("between"),
    "AllDifferent": _all_different,
    "Whisper": _whisper,
    "WhiteDot": _pairs("white-dot"),
    "BlackDot": _pairs("black-dot"),
    "X": _pairs("xv", 10),
    "V": _pairs("xv", 5),
    "Quad": _quad,
    "Diagonal": _diagonal,
    "Jigsaw": _jigsaw,
    "Skyscraper": _outside("skyscraper", "visible"),
    "XSum": _outside("x-sum", "sum"),
    "NumberedRoom": _outside("numbered-room", "digit"),
    "GreaterThan": _pairs("greater-than"),
    "Indexing": _indexing,
    "PillArrow": _pill_arrow,
    "CountingCircles": _path("counting-circles"),
    "Zipper": _path("zipper"),
    "Lunchbox": _lunchbox,
    "NFA": _nfa,
    "Regex": _regex,
    "Sandwich": _lunchbox,
    **{t: _global for t in GLOBALS},
}
"""The ISS types this importer knows; each also needs its kinds in the library."""


def iss_to_case(text: str, *, source: str | None = None, title: str | None = None,
                library: Library | None = None, label: str = LABEL) -> str:
    """The canonical case text for one ISS constraint string; `label` names the text (its
    file) in an error, each of which is placed in it."""
    where = Where(label, text)
    try:
        cv = Converter(parse_iss(text, where), library, where)
        b = cv.run()
        b.title = title or None
        b.source = source or "Interactive Sudoku Solver constraint string"
        return b.build()
    except SapphireError as e:
        raise where.placed(e) from None


def read_solution(solution: str, rows: int, cols: int | None = None) -> list[list[int]]:
    """An ISS solution string as rows of digits: one character per cell, digits 0-9, or
    letters A… for 1… (and `0` for 0) when the puzzle has more than nine values."""
    cols = rows if cols is None else cols
    cells = solution[: rows * cols]
    letters = not cells.isdigit()
    vals = [ord(ch.upper()) - ord("A") + 1 if letters and ch != "0" else int(ch)
            for ch in cells]
    return [vals[i * cols:(i + 1) * cols] for i in range(rows)]
