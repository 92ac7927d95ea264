"""Magnetic (Magnets): each plate is neutral or a magnet with one plus and one minus pole, like
poles never touch side by side, and as many plus and minus poles in a row or column as its
numbers say.

A pole is a digit of the case (`digits: 0-2`: 0 neutral, 1 plus, 2 minus): a `magnet` per
plate, `poles-apart`, and a `digit-counts` per row and column with its counts of 1 and 2. A
cell in no plate (a puz.link hole, a janko.at `@`) holds no pole: the case gives it 0.

* puzzlekit (`Magnetic`): a line of the columns' plus counts, one of their minus counts, one
  of the rows' plus counts and one of their minus counts (`-` for none), then optionally a
  block of givens (`+`, `-`, `x` neutral, `.` open), then the plate block naming each cell's
  plate (two cells side by side; puz.link's may be larger), `#` a hole in the board and `@` a
  cell janko.at leaves out of every plate. Its solution holds `+`, `-` or `x` per cell.
* puz.link (`magnets`, pzprjs's `magnets.js`): the counts outside the grid, number16: for
  each column its minus count then its plus count, then for each row likewise; the plate
  borders (bits five to a base-32 character, first those between cells side by side, row by
  row, then those between cells one above the other); then, when a pole is given or the
  board has holes, the given poles three cells to a base-27 character (1 plus, 2 minus) and a
  bit per cell, 1 a hole. An `a` flag before the size (like poles attract) is another puzzle
  and is refused. A pzprv3 answer holds the plate borders, then a grid with the counts,
  `a1`/`a2` an answer's plus and minus.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell, grid_columns, grid_rows, pieces
from sapphire.formats.encodings import (
    Body,
    border_bits,
    circle,
    encode_border_bits,
    encode_circle,
    encode_number16,
    outside16,
    rooms,
)
from sapphire.formats.genre import Genre
from sapphire.formats.puzzlekit import (
    Part,
    Source,
    Token,
    groups_of,
    number,
    rc,
    read_lines,
    solution_grid,
    tokens,
)
from sapphire.formats.pzprv3 import Pzprv3, block
from sapphire.formats.readback import Readback

POLES = {"x": 0, "+": 1, "-": 2}
"""A given pole by its puzzlekit mark (`.` none)."""
NO_PLATE = ("#", "@")
"""A plate block's marks of a cell in no plate: `#` a hole in the board (puz.link's boards
need not be rectangles), `@` a cell janko.at leaves out of every plate."""

Counts = tuple[int | None, ...]


@dataclass(frozen=True)
class Clues:
    """A Magnetic puzzle: the board, its plates, the poles given, and the counts outside."""

    rows: int
    cols: int
    plates: tuple[tuple[Cell, ...], ...] = ()
    """Each plate's cells, plates in reading order of their first cell; a cell in none holds
    no pole."""
    poles: Mapping[Cell, int] = field(default_factory=dict)
    """The poles given: 0 neutral, 1 plus, 2 minus."""
    column_plus: Counts = ()
    """Each column's number of plus poles, left to right (None: not given)."""
    column_minus: Counts = ()
    row_plus: Counts = ()
    row_minus: Counts = ()


class Magnetic(Genre[Clues]):
    puzzlekit = "Magnetic"
    puzzlink = "magnets"
    kinds = ("magnet", "poles-apart", "digit-counts")
    tells = ("magnet", "poles-apart")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        b.board = (rows, cols)
        b.digits = (0, 2)
        given = dict(clues.poles)
        plated = {cell for plate in clues.plates for cell in plate}
        given.update({(r, c): 0 for r in range(1, rows + 1) for c in range(1, cols + 1)
                      if (r, c) not in plated})  # a cell in no plate holds no pole
        if given:
            b.grids["givens"] = [[str(given[(r, c)]) if (r, c) in given else "."
                                  for c in range(1, cols + 1)] for r in range(1, rows + 1)]
        b.add("poles-apart")
        for plate in clues.plates:
            b.add("magnet", plate, id_stem="plate")
        lines = [(clues.column_plus, clues.column_minus, grid_columns(rows, cols), "column"),
                 (clues.row_plus, clues.row_minus, grid_rows(rows, cols), "row")]
        for plus, minus, cells_of, what in lines:
            for p, m, cells in zip(plus, minus, cells_of, strict=True):
                counts = [[n, pole] for n, pole in ((p, 1), (m, 2)) if n is not None]
                if counts:
                    b.add("digit-counts", cells, id_stem=what, counts=counts)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lines = tokens(src.text)  # a givens block makes it 5 + 2·ROWS lines, else 5 + ROWS
        head = lines[0] if lines else []
        givens = bool(head) and head[0].text.isdecimal() and \
            len(lines) - 5 >= 2 * int(head[0].text)
        lay = read_lines(src, lambda rows, cols: [
            Part("the line of the columns' plus counts", 1, cols),
            Part("the line of the columns' minus counts", 1, cols),
            Part("the line of the rows' plus counts", 1, rows, "row"),
            Part("the line of the rows' minus counts", 1, rows, "row"),
            *([Part("the givens block", rows, cols)] if givens else []),
            Part("the plate block", rows, cols)])
        poles: dict[Cell, int] = {}
        for r, row in enumerate(lay.blocks[4] if givens else []):
            for c, t in enumerate(row):
                if t.text not in POLES and t.text != ".":
                    raise src.at(t, f"'{t.text}' at {rc(r, c)} is not +, -, x or '.'",
                                 "a given is + or - (a pole), x (neutral) or '.' (open)")
                if t.text in POLES:
                    poles[(r + 1, c + 1)] = POLES[t.text]
        plates = lay.blocks[-1]
        found = []
        for cells in groups_of(plates):
            tok = plates[cells[0][0] - 1][cells[0][1] - 1]
            if tok.text in NO_PLATE:
                continue
            if len(cells) < 2 or len(pieces(cells)) != 1:
                raise src.at(tok, f"plate '{tok.text}' is not two or more cells side by side",
                             "a plate covers two neighbouring cells (a domino) or more, each "
                             "beside another")
            found.append(tuple(cells))
        hint = "a count is the number of plus (or minus) poles of its line, '-' for none given"

        def counts(toks: list[Token], what: str) -> Counts:
            return tuple(None if t.text == "-" else number(src, t, f"in the counts of {what} "
                                                                   f"{k}", hint)
                         for k, t in enumerate(toks, 1))

        column_plus, column_minus = (counts(lay.blocks[k][0], "column") for k in (0, 1))
        row_plus, row_minus = (counts(lay.blocks[k][0], "row") for k in (2, 3))
        return Clues(lay.rows, lay.cols, tuple(found), poles, column_plus, column_minus,
                     row_plus, row_minus)

    def read_solution(self, src: Source) -> Answer:
        return {"digits": [[{"+": 1, "-": 2}.get(t.text, 0) for t in row]
                           for row in solution_grid(src)]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        if "a" in body.flags:
            raise body.error("the 'a' flag (like poles attract) is another puzzle than "
                             "Magnetic", 0, hint="a Magnetic link has no flag before its size")
        cols, rows = body.cols, body.rows
        outside = [v if v is not None and v >= 0 else None
                   for v in outside16(body, 2 * (cols + rows))]
        borders_at = body.pos
        across = border_bits(body, (cols - 1) * rows, "the borders between cells side by side")
        down = border_bits(body, cols * (rows - 1),
                           "the borders between cells one above the other")
        count = cols * rows
        given = circle(body, count) if not body.done() else [0] * count
        holes = ([bool(b) for b in border_bits(body, count, "the holes (a bit per cell)")]
                 if not body.done() else [False] * count)
        plate = _plates(cols, rows, across, down, holes)
        alone = next((k for k, n in enumerate(plate) if n and plate.count(n) == 1), None)
        if alone is not None:
            raise body.error(f"the plate of one cell r{alone // cols + 1}c{alone % cols + 1} is "
                             "not read: pzprjs lets it hold a lone pole, where a plate holds "
                             "two poles or none", borders_at,
                             hint="every plate has two cells or more")
        plates: dict[int, list[Cell]] = {}
        for k, n in enumerate(plate):
            if n:
                plates.setdefault(n, []).append((k // cols + 1, k % cols + 1))
        poles = {(k // cols + 1, k % cols + 1): v for k, v in enumerate(given)
                 if v and not holes[k]}
        return Clues(rows, cols, tuple(tuple(p) for p in plates.values()), poles,
                     tuple(outside[1:2 * cols:2]), tuple(outside[0:2 * cols:2]),
                     tuple(outside[2 * cols + 1::2]), tuple(outside[2 * cols::2]))

    def encode(self, clues: Clues) -> str:
        cols, rows = clues.cols, clues.rows
        plate = [0] * (rows * cols)
        for n, cells in enumerate(clues.plates, 1):
            for r, c in cells:
                plate[(r - 1) * cols + c - 1] = n

        def parted(a: int, b: int) -> int:  # no border is written beside a hole
            return int(plate[a] != plate[b] and plate[a] != 0 and plate[b] != 0)

        across = [parted(r * cols + c, r * cols + c + 1)
                  for r in range(rows) for c in range(cols - 1)]
        down = [parted(r * cols + c, (r + 1) * cols + c)
                for r in range(rows - 1) for c in range(cols)]
        outside = [v for pair in zip(clues.column_minus, clues.column_plus, strict=True)
                   for v in pair]
        outside += [v for pair in zip(clues.row_minus, clues.row_plus, strict=True)
                    for v in pair]
        body = encode_number16(outside) + encode_border_bits(across) + encode_border_bits(down)
        holes = [n == 0 for n in plate]
        if clues.poles or any(holes):
            body += encode_circle([clues.poles.get((k // cols + 1, k % cols + 1), 0)
                                   for k in range(rows * cols)])
            body += encode_border_bits([int(h) for h in holes]) if any(holes) else ""
        return body

    def from_case(self, case: Readback) -> Clues:
        """The plates of the `magnet` lines, the poles given (a neutral given in no plate is a
        hole), and each `digit-counts` on a whole row or column as its counts outside the
        grid."""
        rows, cols = case.rows, case.cols
        plates: list[tuple[Cell, ...]] = []
        owner: dict[Cell, int] = {}
        given: dict[tuple[str, int, int], int] = {}
        for rule in case.rules("magnet", "digit-counts"):
            listed = case.cells(rule)
            if rule.reference == "magnet":
                for r, c in listed:
                    if (r, c) in owner:
                        raise case.refuse_rule(rule, f"r{r}c{c} is in two plates")
                    owner[(r, c)] = len(plates)
                plates.append(tuple(listed))
                continue
            line = case.line(listed)
            if line is None:
                raise case.refuse_rule(rule, "a magnets link counts the poles of whole columns "
                                             "top down and whole rows left to right")
            counts = case.param(rule, "counts")
            for pair in counts if isinstance(counts, list) else []:
                if not (isinstance(pair, list) and len(pair) == 2 and pair[1] in (1, 2)
                        and isinstance(pair[0], int)):
                    raise case.refuse_rule(rule, "a count is of plus (1) or minus (2) poles")
                given[(*line, pair[1])] = pair[0]
        grid = case.digits() or [[None] * cols for _ in range(rows)]
        poles: dict[Cell, int] = {}
        for r in range(1, rows + 1):
            for c in range(1, cols + 1):
                v = grid[r - 1][c - 1]
                if (r, c) not in owner and v != 0:
                    raise case.refuse(f"r{r}c{c} is in no plate and may hold a pole",
                                      at=case.rules()[0])
                if v == 0 and (r, c) in owner:
                    raise case.refuse(f"a neutral given at r{r}c{c}, which a link cannot "
                                      "write", at=case.rules()[0])
                if v and (r, c) in owner:
                    if v not in (1, 2):
                        raise case.refuse(f"the given {v} at r{r}c{c} is no pole: a magnets "
                                          "link writes 1 (plus) and 2 (minus)")
                    poles[(r, c)] = v
        case.within(given.values(), 0, 255)
        return Clues(rows, cols, tuple(plates), poles,
                     *(tuple(given.get((what, k, pole)) for k in range(1, n + 1))
                       for what, n, pole in (("column", cols, 1), ("column", cols, 2),
                                             ("row", rows, 1), ("row", rows, 2))))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        rows, cols = file.rows, file.cols
        lines = [row for row in file.body if row]  # the plate borders come first
        grid = block(lines, len(lines) - rows - 2, rows + 2, cols + 2, "grid")
        return {"digits": [[{"a1": 1, "a2": 2, "q1": 1, "q2": 2}.get(t, 0) for t in row[2:]]
                           for row in grid[2:]]}


def _plates(cols: int, rows: int, across: list[int], down: list[int], holes: list[bool]
            ) -> list[int]:
    """Each cell's plate, numbered from 1 in reading order of the plates (a hole joins none,
    whatever borders it has), 0 for a hole."""
    across = [int(across[r * (cols - 1) + c] or holes[r * cols + c] or holes[r * cols + c + 1])
              for r in range(rows) for c in range(cols - 1)]
    down = [int(down[r * cols + c] or holes[r * cols + c] or holes[(r + 1) * cols + c])
            for r in range(rows - 1) for c in range(cols)]
    room = rooms(cols, rows, across, down)
    names: dict[int, int] = {}
    return [0 if holes[k] else names.setdefault(room[k], len(names) + 1)
            for k in range(cols * rows)]
