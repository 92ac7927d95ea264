"""Galaxies (Tentaisho): the board cut into regions, each symmetric about the one centre it
holds, which may lie in a cell, on an edge or where four cells meet.

The case is `numbered-regions` listing the first cell of each centre and each hole, a
`galaxy` listing the cells around each centre (`black true` for a centre drawn black, which
says only which galaxies the setter means to shade for the picture; it is kept so that a link
comes back as it was) and `hole` listing the holes, cells cut out of the board (puz.link's
boards need not be rectangles), which are a region of their own. The answer is the region map.

* puzzlekit (`Galaxies`): one block, a centre marked in the cell whose top-left it is nearest:
  `0` the cell's centre, `1` the middle of its right edge, `2` of its bottom edge, `3` its
  bottom-right corner; `b` after a code marks a centre drawn black, and `#` a hole. The
  solution names each cell's galaxy.
* puz.link (`tentaisho`, pzprjs's `tentaisho.js`): the centres (stars) on the
  (2·COLS−1)×(2·ROWS−1) places inside the grid, in reading order: a character `0`-`f` is a
  star (odd: black, even: white) followed by its value halved places without one; `g`-`z`
  skip 1-20 places. Then, when the board has holes, a bit per cell (five to a base-32
  character, 1 a cell cut out). A pzprv3 answer holds its stars and holes (`X`) in 2·ROWS−1
  lines, then the borders (ROWS lines of COLS−1 vertical ones, ROWS−1 lines of COLS horizontal
  ones), which part the board into the answer's regions.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer, canonical_regions
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell
from sapphire.formats.encodings import B36, Body, border_bits, encode_border_bits, rooms
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, read_layout, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

STEPS = {0: ((0, 0),), 1: ((0, 0), (0, 1)), 2: ((0, 0), (1, 0)),
         3: ((0, 0), (0, 1), (1, 0), (1, 1))}
"""The cells around a centre, by its code, as steps from its first (top-left) cell."""

HINT = ("a centre is 0 (in the cell), 1 (on its right edge), 2 (on its bottom edge) or 3 (on its "
        "bottom-right corner), with b after it when drawn black; '-' is a cell without one and "
        "'#' a hole in the board")


@dataclass(frozen=True)
class Centre:
    """A galaxy's centre, by the cell whose top-left it is nearest."""

    cell: Cell
    code: int
    """Where in or beside `cell` it lies: 0 its middle, 1 its right edge, 2 its bottom edge, 3
    its bottom-right corner."""
    black: bool = False
    """Drawn black: a galaxy the setter means to shade in the picture."""

    @property
    def cells(self) -> list[Cell]:
        """The cells around it (one, two side by side, or a 2×2 square)."""
        return [(self.cell[0] + dr, self.cell[1] + dc) for dr, dc in STEPS[self.code]]

    @property
    def mark(self) -> str:
        """How the puzzlekit layout writes it (`3`, `1b`)."""
        return f"{self.code}" + ("b" if self.black else "")


@dataclass(frozen=True)
class Clues:
    """A Galaxies puzzle: the board, its centres in reading order of their cells, and its
    holes."""

    rows: int
    cols: int
    centres: tuple[Centre, ...] = ()
    holes: frozenset[Cell] = frozenset()


class Galaxies(Genre[Clues]):
    puzzlekit = "Galaxies"
    puzzlink = "tentaisho"
    kinds = ("numbered-regions", "galaxy", "hole")
    tells = ("galaxy",)

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        b.board = (rows, cols)
        for centre in clues.centres:
            (r, c) = centre.cell
            if any(y > rows or x > cols for y, x in centre.cells):
                raise ClueError(f"the centre {centre.mark} at r{r}c{c} lies on the board's edge",
                                HINT, at=centre.cell)
            if set(centre.cells) & clues.holes:
                raise ClueError(f"the centre {centre.mark} at r{r}c{c} touches a hole", HINT,
                                at=centre.cell)
        taken: set[Cell] = set()
        for centre in clues.centres:
            if taken & set(centre.cells):
                (r, c) = centre.cell
                raise ClueError(f"the centre at r{r}c{c} shares a cell with another centre",
                                "two centres never touch the same cell: each cell is in one "
                                "galaxy", at=centre.cell)
            taken.update(centre.cells)
        # with no centres too: no galaxy can then hold one, so the board has no answer
        b.add("numbered-regions", sorted([c.cell for c in clues.centres] + list(clues.holes)))
        for centre in clues.centres:
            b.add("galaxy", centre.cells, black=centre.black)
        if clues.holes:
            b.add("hole", sorted(clues.holes))

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        centres, holes = [], set()
        for r, row in enumerate(lay.blocks[0], 1):
            for c, t in enumerate(row, 1):
                src.places[(r, c)] = t
                if t.text == "#":
                    holes.add((r, c))
                elif t.text != "-":
                    code = t.text.removesuffix("b")
                    if code not in ("0", "1", "2", "3"):
                        raise src.at(t, f"'{t.text}' at r{r}c{c} is not a centre 0-3, '-' or "
                                     "'#'", HINT)
                    centres.append(Centre((r, c), int(code), t.text.endswith("b")))
        return Clues(lay.rows, lay.cols, tuple(centres), frozenset(holes))

    def read_solution(self, src: Source) -> Answer:
        return {"regions": canonical_regions([[t.text.lower() for t in row]
                                              for row in solution_grid(src)])}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        width = 2 * cols - 1
        places = width * (2 * rows - 1)
        centres: dict[Cell, Centre] = {}
        s = 0
        while s < places and not body.done():
            at, ch = body.pos, body.peek()
            body.pos += 1
            if ch in B36[:16]:
                v = int(ch, 16)
                y, x = divmod(s, width)
                cell = (y // 2 + 1, x // 2 + 1)
                if cell in centres:
                    raise body.error(f"two centres share r{cell[0]}c{cell[1]}", at,
                                     hint="each cell holds at most one centre at its middle, "
                                          "right edge, bottom edge or bottom-right corner")
                centres[cell] = Centre(cell, x % 2 + 2 * (y % 2), bool(v % 2))
                s += v // 2 + 1
            elif "g" <= ch <= "z":
                s += int(ch, 36) - 15
            else:
                raise body.error(f"'{ch}' is not a centre or a gap", at,
                                 hint="0-f a centre (odd black) and the places without one "
                                      "after it, halved; g-z skip 1-20 places")
        holes = set()
        if not body.done():
            bits = border_bits(body, cols * rows, "the holes (a bit per cell)")
            holes = {(k // cols + 1, k % cols + 1) for k, bit in enumerate(bits) if bit}
        return Clues(rows, cols, tuple(c for cell, c in sorted(centres.items())
                                       if cell not in holes), frozenset(holes))

    def encode(self, clues: Clues) -> str:
        width = 2 * clues.cols - 1
        stars = {(2 * (r - 1) + c.code // 2) * width + 2 * (col - 1) + c.code % 2:
                 2 if c.black else 1 for c in clues.centres for r, col in [c.cell]}
        out: list[str] = []
        gap = s = 0
        places = width * (2 * clues.rows - 1)
        while s < places:
            if s not in stars:
                gap += 1
                if gap == 20:
                    out.append("z")
                    gap = 0
                s += 1
                continue
            if gap:
                out.append(B36[gap + 15])
                gap = 0
            after = next((i for i in range(1, 8) if s + i in stars), None)
            if after is None:  # the next seven places are passed over with it
                out.append(f"{13 + stars[s]:x}")
                s += 8
            else:
                out.append(f"{2 * (after - 1) + stars[s] - 1:x}")
                s += after
        if gap:
            out.append(B36[gap + 15])
        if clues.holes:
            out.append(encode_border_bits([int((r, c) in clues.holes)
                                           for r in range(1, clues.rows + 1)
                                           for c in range(1, clues.cols + 1)]))
        return "".join(out)

    def from_case(self, case: Readback) -> Clues:
        """Each `galaxy` as its centre, each `hole` cell as a hole; `numbered-regions` must
        number exactly the centres' first cells and the holes."""
        centres: dict[Cell, Centre] = {}
        holes: set[Cell] = set()
        numbered: set[Cell] = set()
        for rule in case.rules("numbered-regions", "galaxy", "hole"):
            listed = case.cells(rule)
            if rule.reference == "numbered-regions":
                numbered.update(listed)
                continue
            for r, c in [listed[0]] if rule.reference == "galaxy" else listed:
                if (r, c) in centres or (r, c) in holes:
                    raise case.refuse_rule(rule, f"r{r}c{c} has a centre or hole already")
                if rule.reference == "hole":
                    holes.add((r, c))
            if rule.reference == "hole":
                continue
            (r, c) = listed[0]
            steps = tuple((y - r, x - c) for y, x in listed)
            code = next((k for k, s in STEPS.items() if s == steps), None)
            if code is None:
                raise case.refuse_rule(rule, "a centre is one cell, two side by side or a 2×2 "
                                             "square listed from its top-left cell")
            centres[(r, c)] = Centre((r, c), code, case.param(rule, "black") is True)
        if numbered != set(centres) | holes:
            r, c = sorted(numbered ^ (set(centres) | holes))[0]
            raise case.refuse(f"r{r}c{c} is numbered without its centre or hole, or the "
                              "other way round", at=case.rules()[0])
        return Clues(case.rows, case.cols, tuple(centres[k] for k in sorted(centres)),
                     frozenset(holes))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        rows, cols = file.rows, file.cols
        dots = "".join(t for row in file.body[:2 * rows - 1] for t in row)
        width = 2 * cols - 1
        hole = [dots[2 * r * width + 2 * c:2 * r * width + 2 * c + 1] == "X"
                for r in range(rows) for c in range(cols)]
        start = 2 * rows - 1
        across = [int(t == "1") for row in file.block(start, rows, cols - 1, "vertical borders")
                  for t in row]
        down = [int(t == "1") for row in file.block(start + rows, rows - 1, cols,
                                                      "horizontal borders") for t in row]
        across = [int(b or hole[k // (cols - 1) * cols + k % (cols - 1)]
                      or hole[k // (cols - 1) * cols + k % (cols - 1) + 1])
                  for k, b in enumerate(across)]
        down = [int(b or hole[k] or hole[k + cols]) for k, b in enumerate(down)]
        room = rooms(cols, rows, across, down)
        return {"regions": canonical_regions([[room[r * cols + c] for c in range(cols)]
                                              for r in range(rows)])}
