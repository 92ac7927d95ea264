"""The sudoku family: digits 1-N in an N×N square, each row and column holding each digit once,
with the boxes of a sudoku or with other regions, and the clues of each variant.

* Sudoku: the boxes and the given digits (`sudoku NxN`, the givens in the front matter). The
  library's `sudoku` says which sizes have boxes; another size is a puzzle it cannot state,
  refused as `unsupported-import` at the size.
* KillerSudoku: boxes and cages, each holding different digits adding up to its total (`cage`
  per cage); no givens.
* Renban: no boxes (`latin-square`); each group holds a run of consecutive digits in any order
  (`renban` per group of two or more cells).
* JigsawSudoku: no boxes; each jigsaw piece holds 1-N once (`all-different` per piece, ids
  `piece-K`).
* ConsecutiveSudoku: no boxes; a bar between two cells joins consecutive digits (`white-dot`,
  ids `bar-K`), and since every bar is drawn, two neighbours without one hold digits that are
  not consecutive (`nabner`, ids `no-bar-K`), each pair in reading order of its first cell,
  the right neighbour before the one below.
* EvenOddSudoku: boxes; a marked cell holds an even (`even`) or an odd (`odd`) digit.
* SkyscraperSudoku: boxes; a clue outside the grid is how many skyscrapers (the digits as
  heights) are seen from it along its row or column (`skyscraper`, the cells nearest first).

The answer is the digits. A given or a clue says nothing in a case without it: a puzzle
without givens has no `givens:` grid, one without marks no `even` or `odd` line, and a group,
piece or cage of one cell no line (it states nothing a Latin square does not).

* puzzlekit: the first line is `N N`, then blocks of N lines of N tokens (`-` is an empty
  cell). Sudoku: the givens (1-N; 16×16 puzzles use 10-16). KillerSudoku: the totals (each
  cage's total in one of its cells, `-` in the others), then the cage block naming each
  cell's cage. Renban and JigsawSudoku: the givens, then the block naming each cell's group
  or piece. ConsecutiveSudoku: the givens, then a bar code per cell, the sum of 1 (a bar on
  its right edge), 2 (bottom), 4 (left) and 8 (top), which two neighbours must agree on.
  EvenOddSudoku: one block, a given digit, `E` (even) or `O` (odd) in every cell.
  SkyscraperSudoku: four lines of outside clues (above the columns, below them, left of the
  rows, right of them; `-` for none), then the givens. A solution is the digits in the same
  layout.
* puz.link (`sudoku` alone, pzprjs's `sudoku.js`): a square link, the givens in number16 (a
  `.` given left unknown is no given). A pzprv3 answer writes its size once, then N lines of
  givens and N lines of entered digits (`.` on a given).

A fault of the dataset: JigsawSudoku 661_6x6 has four answers as written, its pieces and givens
not fixing the digits. Its known answer also holds different digits on both diagonals (no other
puzzle of the sample does, and a random answer would only by rare chance), and with either
diagonal rule the puzzle has exactly that answer: the janko.at original most likely has
diagonal constraints that the dataset's text does not carry. The import states what the text
says (tests/genres/test_sudokus.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeVar

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder, digit_symbol
from sapphire.formats.common import DOWN, RIGHT, Cell, grid_columns, grid_rows
from sapphire.formats.encodings import UNKNOWN, Body, encode_number16, number16
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import (
    Block,
    Layout,
    Part,
    Row,
    Source,
    Token,
    groups_of,
    number,
    rc,
    read_layout,
    read_parts,
    read_size,
    solution_digits,
    square_side,
    tokens,
)
from sapphire.formats.pzprv3 import Pzprv3, block
from sapphire.formats.readback import Readback

Givens = tuple[tuple[int | None, ...], ...]
"""Each row's given digits, None for a cell without one."""

SIZE = "size"
"""The key of `Source.places` under which a reader stores the size line (`N N`), where an
error about the board's size points."""

SIDES = ("above the columns", "below the columns", "left of the rows", "right of the rows")
"""The four lines of a SkyscraperSudoku's outside clues, in the order the text gives them."""


@dataclass(frozen=True)
class Clues:
    """A sudoku of the family: the board and its given digits (no givens: none)."""

    rows: int
    cols: int
    givens: Givens = ()


@dataclass(frozen=True)
class KillerClues(Clues):
    """A Killer Sudoku: its cages, each its cells and their total."""

    cages: tuple[tuple[tuple[Cell, ...], int], ...] = ()


@dataclass(frozen=True)
class GroupClues(Clues):
    """A Latin square with groups (Renban's runs, JigsawSudoku's pieces), each its cells."""

    groups: tuple[tuple[Cell, ...], ...] = ()


@dataclass(frozen=True)
class BarClues(Clues):
    """A ConsecutiveSudoku: the pairs of side neighbours with a bar between them, each
    (cell, its right or lower neighbour)."""

    bars: frozenset[tuple[Cell, Cell]] = frozenset()


@dataclass(frozen=True)
class ParityClues(Clues):
    """An EvenOddSudoku: the cells marked even and those marked odd."""

    even: tuple[Cell, ...] = ()
    odd: tuple[Cell, ...] = ()


@dataclass(frozen=True)
class SkylineClues(Clues):
    """A SkyscraperSudoku: the outside clues above the columns, below them, left of the rows
    and right of them, each line's in order (None: no clue)."""

    outside: tuple[tuple[int | None, ...], ...] = ((), (), (), ())


C = TypeVar("C", bound=Clues)
"""A member's clues."""


class _Square(Genre[C]):
    """What the family shares: the square, its givens and its digits as the answer."""

    def given_hint(self, n: int) -> str:
        """What a given of this genre's text may be."""
        return f"a given is a digit 1-{n}, '-' for an empty cell"

    def read_givens(self, src: Source, grid: Block, n: int) -> Givens:
        """The digits of a block of givens (`-` an empty cell), each token kept in
        `src.places` under its cell; a given outside 1-N is refused by `build`."""
        out = []
        for r, row in enumerate(grid):
            line: list[int | None] = []
            for c, tok in enumerate(row):
                src.places[(r + 1, c + 1)] = tok
                line.append(None if tok.text == "-" else
                            number(src, tok, f"at {rc(r, c)}", self.given_hint(n)))
            out.append(tuple(line))
        return tuple(out)

    def add_givens(self, b: CaseBuilder, clues: C) -> None:
        """The givens as the front matter's grid (none when nothing is given)."""
        n = clues.rows
        for r, row in enumerate(clues.givens):
            for c, d in enumerate(row):
                if d is not None and not 1 <= d <= n:
                    raise ClueError(f"the given {d} at {rc(r, c)} is outside 1-{n}",
                                    self.given_hint(n), at=(r + 1, c + 1))
        if any(d is not None for row in clues.givens for d in row):
            b.grids["givens"] = [[digit_symbol(d) for d in row] for row in clues.givens]

    def read_solution(self, src: Source) -> Answer:
        return {"digits": solution_digits(src)}


def square(src: Source, lay: Layout) -> int:
    """The side of a square layout (else an error at its size line), its size line kept in
    `src.places` under `SIZE`."""
    first, last = lay.head[0], lay.head[1]
    line = src.text.splitlines()[first.line - 1]
    src.places[SIZE] = Token(line[first.col - 1:last.end - 1], first.line, first.col)
    return square_side(src, lay)


def add_sudoku(b: CaseBuilder, n: int) -> None:
    """`sudoku NxN`, or a refusal naming the sizes the library's `sudoku` has boxes for."""
    size = f"{n}x{n}"
    d = b.library.resolve("sudoku")
    if d is None or size not in dict(d.boxes):
        sizes = ", ".join(dict(d.boxes)) if d is not None else "none"
        raise ClueError(f"no sudoku with boxes on a {size} board",
                        f"the library's sudoku has boxes on: {sizes}", at=SIZE,
                        kind="unsupported-import")
    b.add("sudoku", positional=size)


def add_latin(b: CaseBuilder, n: int) -> None:
    """A square without boxes: `board: NxN` and `latin-square`."""
    b.board = (n, n)
    b.add("latin-square")


class Sudoku(_Square[Clues]):
    puzzlekit = "Sudoku"
    puzzlink = "sudoku"
    kinds = ("sudoku",)
    tells = ("sudoku",)

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        add_sudoku(b, clues.rows)
        self.add_givens(b, clues)

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the givens block",))
        n = square(src, lay)
        return Clues(n, n, self.read_givens(src, lay.blocks[0], n))

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        link = body.link
        cols, rows = body.cols, body.rows
        if cols != rows:
            size = f"{cols}/{rows}"
            at = link.text.rfind(size, 0, link.body_at)
            raise link.error(f"a sudoku is square, but the size is {cols}x{rows}", at,
                             at + len(size), hint="COLS and ROWS are equal")
        cells = [None if v == UNKNOWN else v for v in number16(body, cols * rows)]
        return Clues(rows, cols, tuple(tuple(cells[r * cols:(r + 1) * cols])
                                       for r in range(rows)))

    def encode(self, clues: Clues) -> str:
        givens = clues.givens or ((None,) * clues.cols,) * clues.rows
        return encode_number16([d for row in givens for d in row])

    def from_case(self, case: Readback) -> Clues:
        grid = case.digits() or [[None] * case.cols for _ in range(case.rows)]
        case.within((d for row in grid for d in row), 1, 8191)
        return Clues(case.rows, case.cols, tuple(tuple(row) for row in grid))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        n = file.rows  # the file writes one size
        rest = file.lines[3:]
        givens = block(rest, 0, n, n, "givens")
        entered = block(rest, n, n, n, "digits")
        return {"digits": [[_digit(a if a != "." else g) for g, a in zip(gr, ar, strict=True)]
                           for gr, ar in zip(givens, entered, strict=True)]}


def _digit(token: str) -> int:
    """The digit of a pzprv3 cell (0 when it holds none)."""
    digits = "".join(ch for ch in token if ch.isdigit())
    return int(digits) if digits else 0


class KillerSudoku(_Square[KillerClues]):
    puzzlekit = "KillerSudoku"
    kinds = ("sudoku", "cage")

    def build(self, b: CaseBuilder, clues: KillerClues) -> None:
        add_sudoku(b, clues.rows)
        for cells, total in clues.cages:
            b.add("cage", cells, sum=total)

    def read_puzzlekit(self, src: Source) -> KillerClues:
        lay = read_layout(src, ("the totals block", "the cage block"))
        n = square(src, lay)
        totals, cage_block = lay.blocks
        hint = ("each cage's total stands in one of its cells in the totals block, '-' in its "
                "other cells")
        cages = []
        for cells in groups_of(cage_block):
            given = [((r, c), totals[r - 1][c - 1]) for r, c in cells
                     if totals[r - 1][c - 1].text != "-"]
            if len(given) != 1:
                (r0, c0) = cells[0]
                where = given[1][1] if given else cage_block[r0 - 1][c0 - 1]
                raise src.at(where, f"the cage at r{r0}c{c0} has {len(given)} totals, not one",
                             hint)
            (r, c), tok = given[0]
            src.places[(r, c)] = tok  # where an error about the cage's total points
            cages.append((tuple(cells), number(src, tok, f"at r{r}c{c}", hint)))
        return KillerClues(n, n, cages=tuple(cages))


class Renban(_Square[GroupClues]):
    puzzlekit = "Renban"
    kinds = ("latin-square", "renban")
    group_kind: ClassVar[str] = "renban"
    """The kind each group of two or more cells is."""
    group_stem: ClassVar[str | None] = None
    """The stem of the groups' ids (None: the kind's)."""
    group_block: ClassVar[str] = "the group block"
    """What the text's second block is called in an error."""

    def build(self, b: CaseBuilder, clues: GroupClues) -> None:
        add_latin(b, clues.rows)
        self.add_givens(b, clues)
        for cells in clues.groups:
            if len(cells) > 1:
                b.add(self.group_kind, cells, id_stem=self.group_stem)

    def read_puzzlekit(self, src: Source) -> GroupClues:
        lay = read_layout(src, ("the givens block", self.group_block))
        n = square(src, lay)
        return GroupClues(n, n, self.read_givens(src, lay.blocks[0], n),
                          tuple(tuple(cells) for cells in groups_of(lay.blocks[1])))


class JigsawSudoku(Renban):
    puzzlekit = "JigsawSudoku"
    kinds = ("latin-square", "all-different")
    group_kind = "all-different"
    group_stem = "piece"
    group_block = "the region block"


class ConsecutiveSudoku(_Square[BarClues]):
    puzzlekit = "ConsecutiveSudoku"
    kinds = ("latin-square", "white-dot", "nabner")

    def build(self, b: CaseBuilder, clues: BarClues) -> None:
        n = clues.rows
        add_latin(b, n)
        self.add_givens(b, clues)
        for r in range(1, n + 1):
            for c in range(1, n + 1):
                for dr, dc in (RIGHT, DOWN):
                    if r + dr > n or c + dc > n:
                        continue
                    pair = ((r, c), (r + dr, c + dc))
                    if pair in clues.bars:
                        b.add("white-dot", pair, id_stem="bar")
                    else:
                        b.add("nabner", pair, id_stem="no-bar")

    def read_puzzlekit(self, src: Source) -> BarClues:
        lay = read_layout(src, ("the givens block", "the bar block"))
        n = square(src, lay)
        givens = self.read_givens(src, lay.blocks[0], n)
        hint = ("a bar code is the sum of 1 (a bar on the right), 2 (below), 4 (left) and 8 "
                "(above)")
        toks = lay.blocks[1]
        codes = [[number(src, t, f"at {rc(r, c)}", hint, dash=False) for c, t in enumerate(row)]
                 for r, row in enumerate(toks)]
        for r, row in enumerate(codes):
            for c, v in enumerate(row):
                if v > 15:
                    raise src.at(toks[r][c], f"the bar code {v} at {rc(r, c)} is not 0-15", hint)
        bars = set()
        for r in range(n):
            for c in range(n):
                for (dr, dc), mine, theirs in ((RIGHT, 1, 4), (DOWN, 2, 8)):
                    rr, cc = r + dr, c + dc
                    if rr >= n or cc >= n:
                        continue
                    if bool(codes[r][c] & mine) != bool(codes[rr][cc] & theirs):
                        raise src.at(toks[r][c], f"the bar codes of {rc(r, c)} and "
                                     f"{rc(rr, cc)} disagree about the bar between them",
                                     "a bar between two cells is in the codes of both")
                    if codes[r][c] & mine:
                        bars.add(((r + 1, c + 1), (rr + 1, cc + 1)))
        return BarClues(n, n, givens, frozenset(bars))


class EvenOddSudoku(_Square[ParityClues]):
    puzzlekit = "EvenOddSudoku"
    kinds = ("sudoku", "even", "odd")

    def given_hint(self, n: int) -> str:
        return f"a cell holds a given digit 1-{n}, E (even) or O (odd)"

    def build(self, b: CaseBuilder, clues: ParityClues) -> None:
        add_sudoku(b, clues.rows)
        self.add_givens(b, clues)
        if clues.even:
            b.add("even", clues.even)
        if clues.odd:
            b.add("odd", clues.odd)

    def read_puzzlekit(self, src: Source) -> ParityClues:
        lay = read_layout(src, ("the grid",))
        n = square(src, lay)
        marks: dict[str, list[Cell]] = {"E": [], "O": []}
        digits: Block = []
        for r, row in enumerate(lay.blocks[0], 1):
            out = []
            for c, t in enumerate(row, 1):
                if t.text.upper() in marks:
                    marks[t.text.upper()].append((r, c))
                    out.append(Token("-", t.line, t.col))
                else:
                    out.append(t)
            digits.append(out)
        return ParityClues(n, n, self.read_givens(src, digits, n), tuple(marks["E"]),
                           tuple(marks["O"]))


class SkyscraperSudoku(_Square[SkylineClues]):
    puzzlekit = "SkyscraperSudoku"
    kinds = ("sudoku", "skyscraper")

    def build(self, b: CaseBuilder, clues: SkylineClues) -> None:
        n = clues.rows
        add_sudoku(b, n)
        self.add_givens(b, clues)
        downs, acrosses = grid_columns(n, n), grid_rows(n, n)
        views = (downs, [d[::-1] for d in downs], acrosses, [a[::-1] for a in acrosses])
        for seen, paths in zip(clues.outside, views, strict=True):
            for visible, cells in zip(seen, paths, strict=True):
                if visible is not None:
                    b.add("skyscraper", cells, visible=visible)

    def read_puzzlekit(self, src: Source) -> SkylineClues:
        lines = tokens(src.text)
        rows, cols = read_size(src, lines, extra=True)
        lay = Layout(rows, cols, lines[0], [])
        n = square(src, lay)
        lay.blocks = read_parts(src, lines, [
            *(Part(f"the line of clues {side}", 1, n, "column" if k < 2 else "row")
              for k, side in enumerate(SIDES)),
            Part("the givens block", n, n)])
        return SkylineClues(n, n, self.read_givens(src, lay.blocks[4], n),
                            tuple(self.read_clues(src, block[0], side)
                                  for block, side in zip(lay.blocks[:4], SIDES, strict=True)))

    def read_clues(self, src: Source, line: Row, side: str) -> tuple[int | None, ...]:
        """One line of outside clues (`-` for none); `side` names it (`above the columns`)."""
        what = "column" if "column" in side else "row"
        return tuple(None if tok.text == "-" else number(
            src, tok, side.replace(f"the {what}s", f"{what} {k}"),
            "a clue is how many skyscrapers are seen, '-' for none")
            for k, tok in enumerate(line, 1))
