"""puzz.link's `battleship` (our Battleship), read from a link into the puzzlekit text that the
puzzlekit importer states, written back from a case, and its pzprv3 answers read.

The body, as pzprjs encodes it (`src/variety/statuepark.js`, which holds the genre, and
`src/puzzle/Encode.js`): the counts outside the grid in `number16`, above the columns left to
right, then left of the rows top to bottom; the cells in `number16`, a given ship part or water
by pzprjs's shape numbers (0 water, 1 a top end, 2 a bottom end, 3 a left end, 4 a right end, 5
a middle, 6 a ship of one cell); then the fleet: `//` and a preset's key (`c` three ships of
one cell, two of two and one of three; `d` 4, 3, 2 and 1 ships of one to four cells; `e` 5, 4,
3, 2 and 1 of one to five), or `/`, the number of ships and each ship `/`-separated, as its
width and height in base 36 and then its cells' bits five to a base-32 character.

A fleet of bent pieces, a bend part (shape numbers 7-10) and a ship part of unknown shape (`.`)
have no place in our Battleship, whose ships are straight, so such links are refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sapphire.case import Case, RuleLine
from sapphire.diagnostics import error
from sapphire.formats import readback
from sapphire.formats.encodings import (
    B36,
    UNKNOWN,
    Body,
    Value,
    encode_number16,
    number16,
    outside16,
)
from sapphire.genres.bridge.puzzlink.puzzle import Puzzle

Cell = tuple[int, int]

PRESETS = {"c": {1: 3, 2: 2, 3: 1}, "d": {1: 4, 2: 3, 3: 2, 4: 1},
           "e": {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}}
"""pzprjs's fleets by their key: how many ships of each length."""
PARTS = {0: "x", 1: "n", 2: "s", 3: "w", 4: "e", 5: "m", 6: "o"}
"""A given cell's puzzlekit token by pzprjs's shape number."""
B32 = "0123456789abcdefghijklmnopqrstuv"


@dataclass
class FleetPuzzle(Puzzle):
    """A Battleship: `cells` the given parts by shape number, `outside` the column counts then
    the row counts, `fleet` how many ships of each length."""

    fleet: dict[int, int] = field(default_factory=dict)


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


def read_battleship(body: Body, cols: int, rows: int) -> FleetPuzzle:
    count = cols * rows
    outside: list[Value] = [None] * (cols + rows)
    cells: list[Value] = [None] * count
    if not body.text[body.pos:].startswith("/"):
        outside = outside16(body, cols + rows)
        start = body.pos
        cells = number16(body, count)
        bad = next((v for v in cells if v is not None and v not in PARTS), None)
        if bad is not None:
            what = "a ship part of unknown shape ('.')" if bad == UNKNOWN else f"the part {bad}"
            raise body.error(f"{what} is not read: our ships are straight and every part "
                             "names its place", start,
                             hint="0 water, 1-4 the top, bottom, left and right end, 5 a middle, "
                                  "6 a ship of one cell")
    return FleetPuzzle(cols, rows, cells, outside, fleet=_fleet(body))


def battleship_text(p: FleetPuzzle) -> str:
    most = max(p.fleet, default=0)
    head = f"{p.rows} {p.cols} " + " ".join(str(p.fleet.get(n, 0)) for n in range(1, most + 1))
    out = p.outside or [None] * (p.cols + p.rows)

    def line(values: list[Value]) -> str:
        return " ".join("-" if v is None or v < 0 else str(v) for v in values)

    grid = [" ".join(PARTS.get(p.cells[r * p.cols + c], "-")  # type: ignore[arg-type]
                     for c in range(p.cols)) for r in range(p.rows)]
    return "\n".join([head.strip(), line(out[:p.cols]), line(out[p.cols:]), *grid]) + "\n"


def _piece(length: int) -> str:
    bits = "1" * length + "0" * (-length % 5)
    chars = "".join(B32[int(bits[k:k + 5], 2)] for k in range(0, len(bits), 5))
    return f"{B36[length]}1{chars}".rstrip("0")


def battleship_body(p: FleetPuzzle) -> str:
    clues = encode_number16(p.outside or []) + encode_number16(p.cells)
    key = next((k for k, fleet in PRESETS.items() if fleet == p.fleet), None)
    if key:
        return f"{clues}//{key}"
    ships = [_piece(n) for n, many in sorted(p.fleet.items()) for _ in range(many)]
    return f"{clues}/{len(ships)}/" + "/".join(ships)


# -- cases written back as links ------------------------------------------------------------------


def _count(rule: RuleLine) -> int:
    return readback.number(rule, "count")


def _around(cell: Cell, rows: int, cols: int) -> list[Cell]:
    r, c = cell
    return [x for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 1 <= x[0] <= rows and 1 <= x[1] <= cols]


ENDS = {(1, 0): 1, (-1, 0): 2, (0, 1): 3, (0, -1): 4}
"""An end part's shape number by the step from it to the next cell of its ship."""


def battleship_puzzle(case: Case, rows: int, cols: int, declares: object) -> FleetPuzzle:
    """The `fleet`, each `shade-count` on a whole row or column as its count, and the given
    parts as the importer states them, rule after rule: water a cell with count 0; a ship of
    one cell its cell with count 1 and then its neighbours with count 0; a middle its cell and
    then its neighbours with at least 2; an end its cell and the next one with count 2, then
    the cell behind it with count 0 (off the board at the board's edge)."""
    cells: list[Value] = [None] * (rows * cols)
    outside: list[Value] = [None] * (cols + rows)
    fleet: dict[int, int] = {}
    rules = [r for r in case.rules]
    k = 0
    while k < len(rules):
        rule, nxt = rules[k], rules[k + 1] if k + 1 < len(rules) else None
        listed = readback.cells(rule)
        k += 1
        if rule.reference == "fleet":
            ships = next((p.value for p in rule.params if p.name == "ships"), [])
            for pair in ships if isinstance(ships, list) else []:
                if isinstance(pair, list) and len(pair) == 2:
                    fleet[pair[0]] = fleet.get(pair[0], 0) + pair[1]  # type: ignore[index,operator]
            continue
        if rule.reference != "shade-count" or not listed:
            raise readback.refuse_rule(rule, "a battleship link holds counts and given parts only")
        count = _count(rule)
        if len(listed) > 1 and listed == [(r, listed[0][1]) for r in range(1, rows + 1)]:
            outside[listed[0][1] - 1] = count
            continue
        if len(listed) > 1 and listed == [(listed[0][0], c) for c in range(1, cols + 1)]:
            outside[cols + listed[0][0] - 1] = count
            continue
        first = listed[0]
        here = (first[0] - 1) * cols + first[1] - 1
        if len(listed) == 1 and count == 0:
            cells[here] = 0
        elif len(listed) == 1 and count == 1 and nxt is not None and \
                sorted(readback.cells(nxt)) == sorted(_around(first, rows, cols)):
            part = {("shade-count", 0): 6, ("shade-at-least", 2): 5}.get(
                (nxt.reference, _count(nxt)))
            if part is None:
                raise readback.refuse_rule(nxt, "a ship part's neighbours hold no ship cell (a "
                                           "ship of one cell) or at least 2 (a middle)")
            cells[here] = part
            k += 1
        elif len(listed) == 2 and count == 2 and (listed[1][0] - first[0],
                                                  listed[1][1] - first[1]) in ENDS:
            step = (listed[1][0] - first[0], listed[1][1] - first[1])
            cells[here] = ENDS[step]
            behind = (first[0] - step[0], first[1] - step[1])
            if nxt is not None and nxt.reference == "shade-count" \
                    and readback.cells(nxt) == [behind] and _count(nxt) == 0:
                k += 1
        else:
            raise readback.refuse_rule(rule, "it is none of a line's count, water or a ship part")
    return FleetPuzzle(cols, rows, cells, outside, fleet=dict(sorted(fleet.items())))


EXPORT_KINDS: dict[str, tuple[set[str], set[str]]] = {
    "battleship": ({"fleet"}, {"fleet", "shade-count", "shade-at-least"}),
}
"""What tells the genre's case, and every kind its link can carry (see `export.KINDS`)."""
EXPORT_LIMITS: dict[str, tuple[int, int]] = {"battleship": (0, 255)}
EXPORT_PUZZLES = {"battleship": battleship_puzzle}


def read_fleet_answer(genre: str, rows: int, cols: int, rest: list[list[str]]
                      ) -> dict[str, object] | None:
    """A pzprv3 Battleship's shading: after the fleet line, ROWS+1 lines of COLS+1 (the counts
    and the given parts, 1-10 a ship's), then ROWS lines of the answer (`#` a ship cell)."""
    if genre != "battleship":
        return None
    lines = [row for row in rest if row]
    grid, answer = lines[1:rows + 2], lines[rows + 2:2 * rows + 2]
    if len(grid) < rows + 1 or len(answer) < rows or any(len(row) < cols for row in answer) \
            or any(len(row) < cols + 1 for row in grid):
        raise error("bad-pzprv3", f"the pzprv3 answer is short of its {rows + 1} lines of "
                    f"clues and {rows} lines of {cols} cells", hint="a pzprv3 file as pzprjs "
                                                                   "writes it")
    return {"shading": [[1 if answer[r][c] == "#" or grid[r + 1][c + 1].lstrip("c") in
                         {str(n) for n in range(1, 11)} | {"-"} else 0 for c in range(cols)]
                        for r in range(rows)]}
