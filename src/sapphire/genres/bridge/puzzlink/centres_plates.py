"""puz.link's `magnets` (Magnetic), read from a link into the puzzlekit text that the
puzzlekit builder states, written back from a case, and its pzprv3 answers read.

The body, as pzprjs encodes it (`src/variety/magnets.js`, `src/puzzle/Encode.js`):

* `magnets`: the counts outside the grid, `number16`: for each column its minus count then its
  plus count, then for each row likewise; the plate borders (bits as a LITS's rooms); then,
  when a pole is given or the board has holes, the given poles three cells to a base-27
  character (1 plus, 2 minus) and a bit per cell, 1 a hole. An `a` flag before the size (like
  poles attract) is another puzzle and is refused.

A hole is a cell in no plate that holds no pole.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sapphire.case import Case
from sapphire.case.givens import digit_grid
from sapphire.diagnostics import error
from sapphire.formats import readback
from sapphire.formats.encodings import (
    Body,
    Value,
    border_bits,
    circle,
    encode_border_bits,
    encode_circle,
    encode_number16,
    outside16,
    rooms,
)
from sapphire.formats.pzprv3 import block
from sapphire.genres.bridge.puzzlink.puzzle import Puzzle

Cell = tuple[int, int]
HOLE = -1
"""A cell cut out of the board."""


def _holes(body: Body, count: int) -> list[bool]:
    """A bit per cell, 1 a hole; none when the link ends before them."""
    if body.done():
        return [False] * count
    return [bool(b) for b in border_bits(body, count, "the holes (a bit per cell)")]


def _encode_holes(holes: list[bool]) -> str:
    return encode_border_bits([int(h) for h in holes]) if any(holes) else ""


# -- Magnetic -----------------------------------------------------------------------------------


@dataclass
class PlatePuzzle(Puzzle):
    """A Magnetic: `cells` the given poles (1 plus, 2 minus, HOLE a hole); `plates` each cell's
    plate, numbered from 1 in reading order (0 a hole); `outside` per column its minus and
    plus counts, then per row likewise."""

    plates: list[int] = field(default_factory=list)


def _flags(body: Body) -> str:
    """The segment pzprjs keeps between the genre and the size (`a` in `magnets/a/5/5/…`)."""
    link = body.link
    rest = link.text[:link.body_at].split("?", 1)[-1].split("/")
    return "".join(part for part in rest[1:] if part and not part.isdecimal())


def read_magnets(body: Body, cols: int, rows: int) -> PlatePuzzle:
    if "a" in _flags(body):
        raise body.error("the 'a' flag (like poles attract) is another puzzle than Magnetic",
                         0, hint="a Magnetic link has no flag before its size")
    outside = outside16(body, 2 * (cols + rows))
    borders_at = body.pos
    across = border_bits(body, (cols - 1) * rows, "the borders between cells side by side")
    down = border_bits(body, cols * (rows - 1), "the borders between cells one above the other")
    count = cols * rows
    given: list[int] = circle(body, count) if not body.done() else [0] * count
    holes = _holes(body, count)
    cells: list[Value] = [HOLE if h else (v or None) for v, h in zip(given, holes, strict=True)]
    plates = _plates(cols, rows, across, down, holes)
    alone = next((k for k, n in enumerate(plates) if n and plates.count(n) == 1), None)
    if alone is not None:
        raise body.error(f"the plate of one cell r{alone // cols + 1}c{alone % cols + 1} is not "
                         "read: pzprjs lets it hold a lone pole, where a plate holds two poles "
                         "or none", borders_at, hint="every plate has two cells or more")
    return PlatePuzzle(cols, rows, cells, outside, plates=plates)


def _plates(cols: int, rows: int, across: list[int], down: list[int], holes: list[bool]
            ) -> list[int]:
    """Each cell's plate (a hole joins none, whatever borders it has), 0 for a hole."""
    across = [int(across[r * (cols - 1) + c] or holes[r * cols + c] or holes[r * cols + c + 1])
              for r in range(rows) for c in range(cols - 1)]
    down = [int(down[r * cols + c] or holes[r * cols + c] or holes[(r + 1) * cols + c])
            for r in range(rows - 1) for c in range(cols)]
    room = rooms(cols, rows, across, down)
    names: dict[int, int] = {}
    return [0 if holes[k] else names.setdefault(room[k], len(names) + 1)
            for k in range(cols * rows)]


def magnets_text(p: PlatePuzzle) -> str:
    out = p.outside or [None] * (2 * (p.cols + p.rows))

    def line(values: list[Value]) -> str:
        return " ".join("-" if v is None or v < 0 else str(v) for v in values)

    cols, rows = p.cols, p.rows
    lines = [line(out[1:2 * cols:2]), line(out[0:2 * cols:2]),
             line(out[2 * cols + 1::2]), line(out[2 * cols::2])]
    if any(v is not None for v in p.cells):
        lines += [" ".join({1: "+", 2: "-", HOLE: "x"}.get(p.cells[r * cols + c] or 0, ".")
                           for c in range(cols)) for r in range(rows)]
    lines += [" ".join(str(p.plates[r * cols + c] or "#") for c in range(cols))
              for r in range(rows)]
    return "\n".join([f"{rows} {cols}", *lines]) + "\n"


def magnets_body(p: PlatePuzzle) -> str:
    cols, rows = p.cols, p.rows
    plate = p.plates

    def parted(a: int, b: int) -> int:  # no border is written beside a hole
        return int(plate[a] != plate[b] and plate[a] != 0 and plate[b] != 0)

    across = [parted(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
    down = [parted(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
    body = encode_number16(p.outside or []) + encode_border_bits(across) + encode_border_bits(down)
    if any(v is not None for v in p.cells):
        body += encode_circle([v if v in (1, 2) else 0 for v in p.cells])
        body += _encode_holes([v == HOLE for v in p.cells])
    return body


def magnets_puzzle(case: Case, rows: int, cols: int, declares: object) -> PlatePuzzle:
    """The plates of the `magnet` lines, the poles given (a neutral given in no plate is a
    hole), and each `digit-counts` on a whole row or column as its counts outside the grid."""
    plates = [0] * (rows * cols)
    outside: list[Value] = [None] * (2 * (cols + rows))
    n = 0
    for rule in case.rules:
        listed = readback.cells(rule)
        if rule.reference == "magnet":
            n += 1
            for r, c in listed:
                if plates[(r - 1) * cols + c - 1]:
                    raise readback.refuse_rule(rule, f"r{r}c{c} is in two plates")
                plates[(r - 1) * cols + c - 1] = n
        elif rule.reference == "digit-counts":
            if listed == [(r, listed[0][1]) for r in range(1, rows + 1)]:
                at = 2 * (listed[0][1] - 1)
            elif listed == [(listed[0][0], c) for c in range(1, cols + 1)]:
                at = 2 * cols + 2 * (listed[0][0] - 1)
            else:
                raise readback.refuse_rule(rule, "a magnets link counts the poles of whole columns "
                                   "top down and whole rows left to right")
            counts = next((p.value for p in rule.params if p.name == "counts"), [])
            for pair in counts if isinstance(counts, list) else []:
                if not (isinstance(pair, list) and len(pair) == 2 and pair[1] in (1, 2)):
                    raise readback.refuse_rule(rule, "a count is of plus (1) or minus (2) poles")
                outside[at + (1 if pair[1] == 1 else 0)] = pair[0]  # type: ignore[assignment]
    givens = digit_grid(case, declares) or [[None] * cols for _ in range(rows)]  # type: ignore[arg-type]
    cells: list[Value] = [None] * (rows * cols)
    for k in range(rows * cols):
        v = givens[k // cols][k % cols]
        if plates[k] == 0 and v != 0:
            raise error("unsupported", "the case cannot be written as a puzz.link link: "
                        f"r{k // cols + 1}c{k % cols + 1} is in no plate and may hold a pole",
                        case.rules[0].span if case.rules else None)
        if v == 0 and plates[k]:
            raise error("unsupported", "the case cannot be written as a puzz.link link: "
                        f"a neutral given at r{k // cols + 1}c{k % cols + 1}, which a link "
                        "cannot write", case.rules[0].span if case.rules else None)
        cells[k] = HOLE if plates[k] == 0 else v
    return PlatePuzzle(cols, rows, cells, outside, plates=plates)


# -- registration --------------------------------------------------------------------------------

EXPORT_KINDS: dict[str, tuple[set[str], set[str]]] = {
    "magnets": ({"magnet", "poles-apart"}, {"magnet", "poles-apart", "digit-counts"}),
}
"""What tells each genre's case, and every kind its link can carry (see `export.KINDS`)."""
EXPORT_LIMITS: dict[str, tuple[int, int]] = {"magnets": (-1, 255)}
"""The numbers each genre's link can write (a hole is -1)."""
EXPORT_PUZZLES = {"magnets": magnets_puzzle}


# -- pzprv3 answers -----------------------------------------------------------------------------


def read_centres_plates_answer(genre: str, rows: int, cols: int, rest: list[list[str]]
                       ) -> dict[str, object] | None:
    """The answer parts of a pzprv3 file of `magnets`; None for another genre. A Magnetic
    file holds its plate borders, then a grid with the counts, `a1`/`a2` an answer's plus and
    minus."""
    if genre == "magnets":
        lines = [row for row in rest if row]  # the plate borders come first
        grid = block(lines, len(lines) - rows - 2, rows + 2, cols + 2, "grid")
        return {"digits": [[{"a1": 1, "a2": 2, "q1": 1, "q2": 2}.get(t, 0) for t in row[2:]]
                           for row in grid[2:]]}
    return None
