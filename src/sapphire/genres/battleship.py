"""Battleship: place the fleet in the grid, each ship a straight line of cells across or down,
no two ships touching, not even at a corner; a number beside a row or column is how many of
its cells are ship cells, and a cell may be given as water or as a ship's part.

The case is a `fleet` line (its ships as [length, how many] pairs), a `shade-count` per
number over its whole column or row, and each given part as counts of ship cells on and around
it: water its cell with count 0; a ship of one cell its cell with count 1 and its neighbours
with count 0; a middle its cell with count 1 and at least 2 among its neighbours; an end its
cell and the next cell along the ship with count 2, then the cell behind it with count 0 (none
at the board's edge). The answer's shading is the ships.

* puzzlekit (`Battleship`): the size line goes on with the fleet, how many ships of 1, 2, 3, …
  cells; then a line of column counts and a line of row counts (`-` for none), then the grid of
  given parts: `x` water, `o` a ship of one cell, `n`, `s`, `w`, `e` the top, bottom, left and
  right end of a ship, `m` a middle, `-` nothing given. The solution marks every ship cell by
  its part.
* puz.link (`battleship`, pzprjs's `statuepark.js`, which holds the genre, and
  `src/puzzle/Encode.js`): the counts outside the grid in number16, above the columns left to
  right, then left of the rows top to bottom; the cells in number16, a given part by pzprjs's
  shape number (0 water, 1 a top end, 2 a bottom end, 3 a left end, 4 a right end, 5 a middle,
  6 a ship of one cell); then the fleet: `//` and a preset's key (`c` three ships of one cell,
  two of two and one of three; `d` 4, 3, 2 and 1 ships of one to four cells; `e` 5, 4, 3, 2
  and 1 of one to five), or `/`, the number of ships and each ship `/`-separated, as its width
  and height in base 36 and then its cells' bits five to a base-32 character. A fleet of bent
  pieces, a bend part (shape numbers 7-10) and a part of unknown shape (`.`) have no place in
  a Battleship of straight ships, so such links are refused. A pzprv3 answer holds the fleet's
  line, ROWS+1 lines of COLS+1 (the counts and the given parts, 1-10 a ship's), then ROWS lines
  of the answer, `#` a ship cell.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sapphire.diagnostics import error
from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell, grid_columns, grid_rows
from sapphire.formats.encodings import (
    B36,
    UNKNOWN,
    Body,
    encode_number16,
    number16,
    outside16,
)
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Part, Source, counts, number, read_lines, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

ENDS = {"n": (1, 0), "s": (-1, 0), "w": (0, 1), "e": (0, -1)}
"""A ship's end part, with the step from it to the next cell of its ship."""
PARTS = {0: "x", 1: "n", 2: "s", 3: "w", 4: "e", 5: "m", 6: "o"}
"""A given part by pzprjs's shape number."""
SHAPES = {part: shape for shape, part in PARTS.items()}
SHIP_PARTS = frozenset("onsewm")
"""The letters of a solution's ship cells."""
PRESETS = {"c": {1: 3, 2: 2, 3: 1}, "d": {1: 4, 2: 3, 3: 2, 4: 1},
           "e": {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}}
"""pzprjs's fleets by their key: how many ships of each length."""
B32 = "0123456789abcdefghijklmnopqrstuv"

COUNT_HINT = "a count is the number of ship cells in its line, '-' for none given"
PART_HINT = ("a cell is x (water), o (a ship of one cell), n, s, w or e (the top, bottom, left "
             "or right end of a ship), m (a middle part) or '-' (nothing given)")
FLEET_HINT = "after the size, the line lists how many ships of 1, 2, 3, … cells the fleet has"


@dataclass(frozen=True)
class Clues:
    """A Battleship puzzle: the board, the fleet, the counts beside its lines and the parts
    given."""

    rows: int
    cols: int
    fleet: Mapping[int, int] = field(default_factory=dict)
    """How many ships of each length, by length (lengths the fleet has)."""
    column_counts: tuple[int | None, ...] = ()
    """Each column's number of ship cells, left to right (None: not given)."""
    row_counts: tuple[int | None, ...] = ()
    """Each row's number of ship cells, top to bottom (None: not given)."""
    parts: Mapping[Cell, str] = field(default_factory=dict)
    """The parts given, by cell: `x` water, `o` a ship of one cell, `n`, `s`, `w`, `e` the
    top, bottom, left and right end of a ship, `m` a middle."""


def _around(cell: Cell, rows: int, cols: int) -> list[Cell]:
    r, c = cell
    return [x for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 1 <= x[0] <= rows and 1 <= x[1] <= cols]


class Battleship(Genre[Clues]):
    puzzlekit = "Battleship"
    puzzlink = "battleship"
    kinds = ("fleet", "shade-count", "shade-at-least")
    tells = ("fleet",)

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        b.board = (rows, cols)
        if not any(clues.fleet.values()):
            raise ClueError("the fleet has no ships", "a Battleship's fleet has a ship or more")
        b.add("fleet", early=True, ships=[[length, n] for length, n in sorted(clues.fleet.items())
                                          if n])
        for what, given, lines in (("column", clues.column_counts, grid_columns(rows, cols)),
                                   ("row", clues.row_counts, grid_rows(rows, cols))):
            for k, (count, cells) in enumerate(zip(given, lines, strict=True), 1):
                if count is None:
                    continue
                if count > len(cells):
                    raise ClueError(f"the count {count} of {what} {k} is more than its "
                                    f"{len(cells)} cells", COUNT_HINT, at=(what, k))
                b.add("shade-count", cells, id_stem=what, count=count)
        for (r, c), part in sorted(clues.parts.items()):
            around = _around((r, c), rows, cols)
            if part == "x":
                b.add("shade-count", [(r, c)], id_stem="water", count=0)
            elif part == "o":
                b.add("shade-count", [(r, c)], id_stem="ship", count=1)
                b.add("shade-count", around, id_stem="around", count=0)
            elif part == "m":
                b.add("shade-count", [(r, c)], id_stem="ship", count=1)
                b.add("shade-at-least", around, id_stem="middle", count=2)
            else:
                dr, dc = ENDS[part]
                ahead, behind = (r + dr, c + dc), (r - dr, c - dc)
                if not (1 <= ahead[0] <= rows and 1 <= ahead[1] <= cols):
                    raise ClueError(f"the ship's end '{part}' at r{r}c{c} points off the board",
                                    PART_HINT, at=(r, c))
                b.add("shade-count", [(r, c), ahead], id_stem="ship", count=2)
                if 1 <= behind[0] <= rows and 1 <= behind[1] <= cols:
                    b.add("shade-count", [behind], id_stem="water", count=0)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_lines(src, lambda rows, cols: [
            Part("the line of column counts", 1, cols),
            Part("the line of row counts", 1, rows, "row"),
            Part("the grid", rows, cols)], extra=True)
        fleet = {length: number(src, t, f"in the fleet (ships of {length} cells)", FLEET_HINT,
                                dash=False)
                 for length, t in enumerate(lay.head[2:], 1)}
        if not any(fleet.values()):
            raise src.after(lay.head[-1], "expected the fleet after the size, found no ships",
                            FLEET_HINT + ", such as 10 10 4 3 2 1")
        column_counts = counts(src, lay.blocks[0][0], "column", COUNT_HINT)
        row_counts = counts(src, lay.blocks[1][0], "row", COUNT_HINT)
        parts: dict[Cell, str] = {}
        for r, row in enumerate(lay.blocks[2], 1):
            for c, t in enumerate(row, 1):
                part = t.text.lower()
                if part == "-":
                    continue
                if part not in SHAPES:
                    raise src.at(t, f"'{t.text}' at r{r}c{c} is not a ship part or water",
                                 PART_HINT)
                parts[(r, c)] = part
                src.places[(r, c)] = t
        return Clues(lay.rows, lay.cols, {n: k for n, k in fleet.items() if k}, column_counts,
                     row_counts, parts)

    def read_solution(self, src: Source) -> Answer:
        return {"shading": [[int(t.text.lower() in SHIP_PARTS) for t in row]
                            for row in solution_grid(src, extra=True)]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        outside: list[int | None] = [None] * (cols + rows)
        parts: dict[Cell, str] = {}
        if not body.text[body.pos:].startswith("/"):
            outside = [v if v is not None and v >= 0 else None
                       for v in outside16(body, cols + rows)]
            start = body.pos
            for k, v in enumerate(number16(body, cols * rows)):
                if v is None:
                    continue
                if v not in PARTS:
                    what = ("a ship part of unknown shape ('.')" if v == UNKNOWN
                            else f"the part {v}")
                    raise body.error(f"{what} is not read: our ships are straight and every "
                                     "part names its place", start,
                                     hint="0 water, 1-4 the top, bottom, left and right end, 5 "
                                          "a middle, 6 a ship of one cell")
                parts[(k // cols + 1, k % cols + 1)] = PARTS[v]
        return Clues(rows, cols, _fleet(body), tuple(outside[:cols]), tuple(outside[cols:]),
                     parts)

    def encode(self, clues: Clues) -> str:
        cells: list[int | None] = [None] * (clues.rows * clues.cols)
        for (r, c), part in clues.parts.items():
            cells[(r - 1) * clues.cols + c - 1] = SHAPES[part]
        text = (encode_number16([*clues.column_counts, *clues.row_counts])
                + encode_number16(cells))
        fleet = {n: k for n, k in clues.fleet.items() if k}
        key = next((k for k, preset in PRESETS.items() if preset == fleet), None)
        if key:
            return f"{text}//{key}"
        ships = [_piece(n) for n, many in sorted(fleet.items()) for _ in range(many)]
        return f"{text}/{len(ships)}/" + "/".join(ships)

    def from_case(self, case: Readback) -> Clues:
        """The `fleet`, each `shade-count` on a whole column or row (its cells top down or
        left to right) as its count, and the given parts as `build` states them, rule after
        rule (see the module docstring)."""
        rows, cols = case.rows, case.cols
        parts: dict[Cell, str] = {}
        given: dict[tuple[str, int], int] = {}
        fleet: dict[int, int] = {}
        rules = case.rules()
        k = 0
        while k < len(rules):
            rule, nxt = rules[k], rules[k + 1] if k + 1 < len(rules) else None
            listed = case.cells(rule)
            k += 1
            if rule.reference == "fleet":
                ships = case.param(rule, "ships")
                for pair in ships if isinstance(ships, list) else []:
                    if isinstance(pair, list) and len(pair) == 2:
                        length, many = pair
                        if not isinstance(length, int) or not 1 <= length <= 35:
                            raise case.refuse_rule(rule, "a battleship link writes ships of "
                                                         "1-35 cells")
                        fleet[length] = fleet.get(length, 0) + many  # type: ignore[operator]
                continue
            if rule.reference != "shade-count" or not listed:
                raise case.refuse_rule(rule, "a battleship link holds counts and given parts "
                                             "only")
            count = case.number(rule, "count")
            if len(listed) > 1 and listed == [(r, listed[0][1]) for r in range(1, rows + 1)]:
                given[("column", listed[0][1])] = count
                continue
            if len(listed) > 1 and listed == [(listed[0][0], c) for c in range(1, cols + 1)]:
                given[("row", listed[0][0])] = count
                continue
            first = listed[0]
            if len(listed) == 1 and count == 0:
                parts[first] = "x"
            elif len(listed) == 1 and count == 1 and nxt is not None and \
                    sorted(case.cells(nxt)) == sorted(_around(first, rows, cols)):
                part = {("shade-count", 0): "o", ("shade-at-least", 2): "m"}.get(
                    (nxt.reference, case.number(nxt, "count")))
                if part is None:
                    raise case.refuse_rule(nxt, "a ship part's neighbours hold no ship cell (a "
                                                "ship of one cell) or at least 2 (a middle)")
                parts[first] = part
                k += 1
            elif len(listed) == 2 and count == 2 and (
                    step := (listed[1][0] - first[0], listed[1][1] - first[1])) in STEPS:
                parts[first] = STEPS[step]
                behind = (first[0] - step[0], first[1] - step[1])
                if nxt is not None and nxt.reference == "shade-count" \
                        and case.cells(nxt) == [behind] and case.number(nxt, "count") == 0:
                    k += 1
            else:
                raise case.refuse_rule(rule, "it is none of a line's count, water or a ship "
                                             "part")
        case.within(given.values(), 0, 255)
        return Clues(rows, cols, dict(sorted(fleet.items())),
                     tuple(given.get(("column", c)) for c in range(1, cols + 1)),
                     tuple(given.get(("row", r)) for r in range(1, rows + 1)), parts)

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        """The answer's `#`, and the given parts of ships (1-10, `-`) in the clue lines."""
        rows, cols = file.rows, file.cols
        lines = [row for row in file.body if row]
        grid, answer = lines[1:rows + 2], lines[rows + 2:2 * rows + 2]
        if len(grid) < rows + 1 or len(answer) < rows or any(len(row) < cols for row in answer) \
                or any(len(row) < cols + 1 for row in grid):
            raise error("bad-pzprv3", f"the pzprv3 answer is short of its {rows + 1} lines of "
                        f"clues and {rows} lines of {cols} cells",
                        hint="a pzprv3 file as pzprjs writes it")
        ship = {str(n) for n in range(1, 11)} | {"-"}
        return {"shading": [[int(answer[r][c] == "#" or grid[r + 1][c + 1].lstrip("c") in ship)
                             for c in range(cols)] for r in range(rows)]}


STEPS = {step: part for part, step in ENDS.items()}
"""An end part by the step from it to the next cell of its ship."""


def _ship(body: Body, at: int, piece: str) -> int:
    """The length of a straight ship written as a piece, or an error at `at`."""
    hint = "a ship is its width and height in base 36, then its cells' bits in base 32"
    if len(piece) < 3 or any(ch not in B32 for ch in piece[2:]) or not piece[:2].isalnum():
        raise body.error(f"'{piece}' is not a ship", at, hint=hint)
    w, h = int(piece[0], 36), int(piece[1], 36)
    bits = "".join(f"{int(ch, 32):05b}" for ch in piece[2:])[:w * h].ljust(w * h, "0")
    if min(w, h) != 1 or "0" in bits:
        raise body.error(f"'{piece}' is a {w}x{h} piece, not a straight ship", at,
                         hint="our Battleship's ships are straight lines of cells")
    return max(w, h)


def _fleet(body: Body) -> dict[int, int]:
    """The fleet after the clues: a preset (`//c`) or the ships listed."""
    start, rest = body.pos, body.text[body.pos:]
    if rest.startswith("//"):
        key = rest[2:3]
        if key not in PRESETS:
            raise body.error(f"'{key}' is not a fleet's key" if key else "the fleet's key is "
                             "missing", start + 2, hint="the fleets are c, d and e")
        body.pos += 3
        return dict(PRESETS[key])
    parts = rest.split("/")
    if not rest.startswith("/") or len(parts) < 2 or not parts[1].isdecimal():
        raise body.error("expected the fleet, '/' and its number of ships", start,
                         hint="the fleet is //c, //d, //e or /N/ and N ships")
    fleet: dict[int, int] = {}
    at = start + 1 + len(parts[1])  # the '/' before the first ship
    for piece in parts[2:2 + int(parts[1])]:
        length = _ship(body, at + 1, piece)
        fleet[length] = fleet.get(length, 0) + 1
        at += 1 + len(piece)
    if len(parts) < 2 + int(parts[1]):
        raise body.error(f"the fleet lists {len(parts) - 2} of its {parts[1]} ships",
                         len(body.text), hint="each ship follows a '/'")
    body.pos = at
    return dict(sorted(fleet.items()))


def _piece(length: int) -> str:
    """A straight ship of `length` cells as a link writes it: 1 wide, `length` long."""
    bits = "1" * length + "0" * (-length % 5)
    chars = "".join(B32[int(bits[k:k + 5], 2)] for k in range(0, len(bits), 5))
    return f"{B36[length]}1{chars}".rstrip("0")
