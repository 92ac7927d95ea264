"""What the importers and genres share: where an error points, what an importer refuses, grid
geometry, cell names, solution strings, and the converter every format's own one starts from.

Geometry is stated once here: the named steps between cells, rays to the grid's edge, box
shapes and box numbers, little-killer diagonals, rows and columns as outside clues see them,
and adjacent pairs. The case itself is written by `builder.CaseBuilder`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from lzstring import LZString  # type: ignore[import-untyped]

from sapphire.diagnostics import Diagnostic, SapphireError, Span, integer, span_at
from sapphire.formats.builder import CaseBuilder
from sapphire.library.library import Library

Cell = tuple[int, int]
"""A cell as (row, column), both from 1."""
Step = tuple[int, int]
"""A move from a cell to another: (rows down, columns right)."""

LONGEST_SHOWN_LINE = 300
"""An error shows the line it points into up to this length; a puzzle pasted as one line of
JSON is thousands of characters long, and its caret would scroll off any terminal."""


@dataclass(frozen=True)
class Where:
    """The text an importer reads, as written, and what names it in an error (its file, its
    corpus entry `FILE.json#KEY`, or `<iss>` for a puzzle given on the command line): every
    error an importer raises points into it, so that the user finds what to mend."""

    label: str
    text: str

    def start(self) -> int:
        """The offset of the puzzle's first character (past leading blank space)."""
        return len(self.text) - len(self.text.lstrip())

    def span(self, start: int | None = None, end: int | None = None) -> Span:
        """The span of `text[start:end]`; the puzzle's first character when `start` is None."""
        first = self.start() if start is None else max(0, min(start, len(self.text)))
        return span_at(self.label, self.text, first, max(first + 1, end or 0))

    def diagnostic(self, kind: str, message: str, start: int | None = None,
                   end: int | None = None, hint: str | None = None) -> Diagnostic:
        span = self.span(start, end)
        lines = self.text.splitlines()
        line = lines[span.line - 1] if 0 < span.line <= len(lines) else None
        shown = line if line is not None and len(line) <= LONGEST_SHOWN_LINE else None
        return Diagnostic(kind, message, span, hint, shown)

    def placed(self, exc: SapphireError) -> SapphireError:
        """`exc` with every diagnostic that has no place put at the puzzle's start: what the
        puzzle as a whole lacks (a grid, a rule kind the library has not) has no nearer one."""
        if all(d.span is not None for d in exc.diagnostics):
            return exc
        return SapphireError([
            d if d.span is not None else
            Diagnostic(d.kind, d.message, self.span(), d.hint,
                       self.diagnostic(d.kind, "").source_line, d.notes)
            for d in exc.diagnostics])



class Unsupported(Exception):
    """A constraint an importer cannot turn into rule lines; `what` names it (its type or key)
    and `detail` says why. Importers collect these and report them all at once."""

    def __init__(self, what: str, detail: str = "") -> None:
        super().__init__(what)
        self.what = what
        self.detail = detail


class Malformed(Unsupported):
    """A constraint that is not written as its format writes it (a bad cell, a number that is
    not one, a missing list): the input is wrong, not the library short of a kind."""



def unsupported(what: str, detail: str, hint: str | None = None) -> SapphireError:
    return SapphireError([Diagnostic("unsupported-import", f"{what}: {detail}", None, hint)])



def decompress(payload: str) -> str | None:
    """The text LZ-String compressed to base64 in a link (f-puzzles, SudokuPad), or None when
    the payload is not such a text (the decoder raises on some and returns nothing on others)."""
    try:
        return LZString.decompressFromBase64(payload) or None
    except Exception:
        return None


# -- geometry ---------------------------------------------------------------------------------

UP: Step = (-1, 0)
DOWN: Step = (1, 0)
LEFT: Step = (0, -1)
RIGHT: Step = (0, 1)
UP_LEFT: Step = (-1, -1)
UP_RIGHT: Step = (-1, 1)
DOWN_LEFT: Step = (1, -1)
DOWN_RIGHT: Step = (1, 1)
ORTHOGONAL = (UP, LEFT, RIGHT, DOWN)
"""The four steps to a cell's side neighbours, in reading order of the neighbours."""
KING = (UP_LEFT, UP, UP_RIGHT, LEFT, RIGHT, DOWN_LEFT, DOWN, DOWN_RIGHT)
"""The eight steps to the cells around a cell, in reading order of those cells."""
BLOCK_2X2 = ((0, 0), RIGHT, DOWN, DOWN_RIGHT)
"""The steps from a 2×2 block's top-left cell to its four cells, in reading order."""


def moved(cell: Cell, step: Step) -> Cell:
    """The cell one `step` from `cell` (on the grid or not)."""
    return cell[0] + step[0], cell[1] + step[1]


def on_grid(cell: Cell, rows: int, cols: int) -> bool:
    return 1 <= cell[0] <= rows and 1 <= cell[1] <= cols


def neighbours(cell: Cell, steps: tuple[Step, ...], rows: int, cols: int) -> list[Cell]:
    """The cells one of `steps` from `cell` that are on the grid, in the order of `steps`."""
    return [x for x in (moved(cell, s) for s in steps) if on_grid(x, rows, cols)]


def ray(start: Cell, step: Step, rows: int, cols: int) -> list[Cell]:
    """The cells from `start` (itself included) on, one `step` at a time, until the grid ends;
    empty when `start` is off the grid."""
    out: list[Cell] = []
    while on_grid(start, rows, cols):
        out.append(start)
        start = moved(start, step)
    return out


def pieces(cells: list[Cell]) -> list[list[Cell]]:
    """The orthogonally connected pieces of `cells`, each in reading order."""
    left = set(cells)
    out = []
    for start in cells:
        if start not in left:
            continue
        left.discard(start)
        todo, piece = [start], [start]
        while todo:
            r, c = todo.pop()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in left:
                    left.discard(nb)
                    todo.append(nb)
                    piece.append(nb)
        out.append(sorted(piece))
    return out


def grid_rows(rows: int, cols: int) -> list[list[Cell]]:
    """Each row's cells, left to right."""
    return [[(r, c) for c in range(1, cols + 1)] for r in range(1, rows + 1)]


def grid_columns(rows: int, cols: int) -> list[list[Cell]]:
    """Each column's cells, top to bottom."""
    return [[(r, c) for r in range(1, rows + 1)] for c in range(1, cols + 1)]


OUTSIDE = ("above the columns", "below the columns", "left of the rows", "right of the rows")
"""The four sides of clues outside the grid, in the order puzzlekit's layouts and pzprjs's
links write them."""


def sightlines(rows: int, cols: int) -> list[list[Cell]]:
    """The cells each clue outside the grid looks along, nearest first, in the order of
    `OUTSIDE`: each column from above, each column from below, each row from the left, each
    row from the right (2·COLS + 2·ROWS lines)."""
    downs, acrosses = grid_columns(rows, cols), grid_rows(rows, cols)
    return [*downs, *(d[::-1] for d in downs), *acrosses, *(a[::-1] for a in acrosses)]


def sightline_name(k: int, rows: int, cols: int) -> str:
    """Where the `k`-th outside clue (from 0, as `sightlines` orders them) stands:
    `above column 2`, `left of row 3`."""
    side = 0 if k < cols else 1 if k < 2 * cols else 2 if k < 2 * cols + rows else 3
    line = k - (0, cols, 2 * cols, 2 * cols + rows)[side] + 1
    what = "column" if side < 2 else "row"
    return OUTSIDE[side].replace(f"the {what}s", f"{what} {line}")


def row_or_column(rows: int, cols: int, axis: str, k: int, forward: bool) -> list[Cell] | None:
    """Row k (`axis` "R") or column k ("C") as an outside clue sees it: left to right or top
    to bottom when `forward`, else from the other end; None when there is no such line."""
    if axis == "R" and 1 <= k <= rows:
        cells = [(k, c) for c in range(1, cols + 1)]
    elif axis == "C" and 1 <= k <= cols:
        cells = [(r, k) for r in range(1, rows + 1)]
    else:
        return None
    return cells if forward else cells[::-1]



def region_box_dims(rows: int, cols: int, size: int) -> tuple[int, int] | None:
    """The boxes of `size` cells on a rows×cols grid (height, width), as ISS and f-puzzles draw
    them: the most nearly square box shape that tiles the grid, either way round (the shorter
    side across the rows when both fit); None when no box shape does."""
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


def box_index(cell: Cell, box: tuple[int, int], cols: int) -> int:
    """The number of the box of shape `box` (height, width) that holds `cell`, counting boxes
    from 0 in reading order on a grid `cols` wide."""
    (r, c), (height, width) = cell, box
    return (r - 1) // height * (cols // width) + (c - 1) // width


def little_killer_cells(rows: int, cols: int) -> dict[Cell, list[Cell]]:
    """Each little-killer diagonal by its first cell, as ISS lays them out: from the left side
    going down-right, the right side going up-left, the top going down-left and the bottom going
    up-right; a diagonal already seen from another side is not listed again."""
    out: dict[Cell, list[Cell]] = {}
    seen: set[frozenset[Cell]] = set()
    starts = ([((r, 1), DOWN_RIGHT) for r in range(1, rows)]
              + [((r, cols), UP_LEFT) for r in range(2, rows)]
              + [((1, c), DOWN_LEFT) for c in range(2, cols + 1)]
              + [((rows, c), UP_RIGHT) for c in range(2, cols)])
    for start, step in starts:
        cells = ray(start, step, rows, cols)
        key = frozenset(cells)
        if len(cells) > 1 and key not in seen:
            seen.add(key)
            out[cells[0]] = cells
    return out


def adjacent_pairs(cells: list[Cell], place: Callable[[Cell], tuple[str, int, int]] | None = None
                   ) -> list[tuple[Cell, Cell]]:
    """Orthogonally adjacent pairs among `cells`, each once, in ISS's order (each cell with its
    later neighbours to the left, right, above and below). `place` gives where a cell stands
    (its grid or group of extra cells, row and column); by default the cell's own row and
    column."""
    where = place or (lambda c: ("grid", c[0], c[1]))
    rest = {where(c): c for c in dict.fromkeys(cells)}
    out = []
    for a in list(rest.values()):
        layer, r, c = where(a)
        del rest[(layer, r, c)]
        for dr, dc in (LEFT, RIGHT, UP, DOWN):
            b = (layer, r + dr, c + dc)
            if b in rest:
                out.append((a, rest[b]))
    return out


# -- cell names and solutions -----------------------------------------------------------------

CELL_NAME = re.compile(r"[Rr](\d+)[Cc](\d+)")
"""A cell named as f-puzzles names it: `R1C1`, `R10C3`."""


def read_cell(name: str, *, one_character: bool = False) -> Cell | None:
    """The cell `R1C1` names (in either case), or None when `name` names none. f-puzzles writes
    the row and column in decimal (`R10C3`); ISS writes each as one base-17 character
    (`one_character`: `RaCg` is row 10, column 16)."""
    if not one_character:
        m = CELL_NAME.fullmatch(name)
        return (integer(m[1]), integer(m[2])) if m else None  # or NumberTooLong
    if len(name) == 4 and name[0] in "Rr" and name[2] in "Cc":
        try:
            return int(name[1], 17), int(name[3], 17)
        except ValueError:
            return None
    return None


def solution_rows(solution: str, rows: int, cols: int | None = None) -> list[list[int]]:
    """A solution written one character per cell in reading order (ISS's, and the corpus's
    f-puzzles answers) as rows of digits: digits 0-9, or letters A… for 1… (and `0` for 0)
    when the puzzle has more than nine values."""
    cols = rows if cols is None else cols
    cells = solution[: rows * cols]
    letters = not cells.isdigit()
    vals = [ord(ch.upper()) - ord("A") + 1 if letters and ch != "0" else int(ch)
            for ch in cells]
    return [vals[i * cols:(i + 1) * cols] for i in range(rows)]


# -- the converter ----------------------------------------------------------------------------


class Converter:
    """What each format's converter starts from: the case being built (`b`), the text as
    written (`where`, where errors point) and what the library cannot say (`problems`: by the
    format's name for it, why)."""

    def __init__(self, library: Library | None, where: Where) -> None:
        self.b = CaseBuilder.using(library)
        self.where = where
        """The puzzle as written, where errors point."""
        self.problems: dict[str, str] = {}

    def need(self, what: str, kind: str, board: tuple[int, int] | None = None,
             digits: range | None = None) -> None:
        """Refuse `what` (a constraint type) unless the library has the rule `kind`, written
        for this `board` and these `digits` when given (the kind's `requires`)."""
        if not self.b.has(kind):
            raise Unsupported(what, f"the library has no '{kind}' rule")
        if board is not None and digits is not None:
            unmet = self.b.unmet(kind, board, digits)
            if unmet is not None:
                raise Unsupported(what, f"the library's '{kind}' is written for {unmet}")
