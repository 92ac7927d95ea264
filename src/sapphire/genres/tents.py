"""Tents: a tent beside each tree, one tree to a tent, no two tents touching even diagonally,
and as many tents in a row or column as its number says.

The case is a `tents` line listing the trees (with no trees too: then no cell holds a tent)
and a `shade-count` per number on its column or row. The answer's shading is the tents.

* puzzlekit (`Tent`): a line of column counts, a line of row counts (`-` for none), then the
  grid: `x` a tree, `-` an open cell. The solution marks the tents `o` (the trees stay `x`).
* puz.link (`tents`, pzprjs's `tents.js`): the counts outside the grid in number16 (above the
  columns left to right, then left of the rows top to bottom), then the trees: each
  character either marks a cell as a tree and skips the 0-17 cells after it (`0`-`h`), or
  skips 1-18 cells (`i`-`z`), counted on from the cell it stands for. A pzprv3 answer's first
  grid holds the outside counts and the cells, `A` a tent.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell, grid_columns, grid_rows
from sapphire.formats.encodings import B36, Body, encode_number16, number16
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Part, Source, counts, read_lines, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

COUNT_HINT = "a count is the number of tents in its line, '-' for none given"


@dataclass(frozen=True)
class Clues:
    """A Tents puzzle: the board, its trees and the counts of tents given outside it."""

    rows: int
    cols: int
    trees: frozenset[Cell] = frozenset()
    """The cells holding a tree, (row, column) from 1."""
    column_counts: tuple[int | None, ...] = ()
    """Each column's number of tents, left to right (None: not given)."""
    row_counts: tuple[int | None, ...] = ()
    """Each row's number of tents, top to bottom (None: not given)."""


class Tents(Genre[Clues]):
    puzzlekit = "Tent"
    puzzlink = "tents"
    kinds = ("tents", "shade-count")
    tells = ("tents",)

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        b.board = (rows, cols)
        b.add("tents", sorted(clues.trees))  # with no trees too: then no cell holds a tent
        for what, given, lines in (("column", clues.column_counts, grid_columns(rows, cols)),
                                   ("row", clues.row_counts, grid_rows(rows, cols))):
            for k, (count, line) in enumerate(zip(given, lines, strict=True), 1):
                if count is None:
                    continue
                if count > len(line):
                    raise ClueError(f"the count {count} of {what} {k} is more than its "
                                    f"{len(line)} cells", COUNT_HINT, at=(what, k))
                b.add("shade-count", line, id_stem=what, count=count)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_lines(src, lambda rows, cols: [
            Part("the line of column counts", 1, cols),
            Part("the line of row counts", 1, rows, "row"),
            Part("the grid", rows, cols)])
        trees = set()
        for r, row in enumerate(lay.blocks[2], 1):
            for c, tok in enumerate(row, 1):
                if tok.text.lower() == "x":
                    trees.add((r, c))
                elif tok.text != "-":
                    raise src.at(tok, f"'{tok.text}' at r{r}c{c} is neither 'x' nor '-'",
                                 "a cell is x (a tree) or '-' (open)")
        return Clues(lay.rows, lay.cols, frozenset(trees),
                     counts(src, lay.blocks[0][0], "column", COUNT_HINT),
                     counts(src, lay.blocks[1][0], "row", COUNT_HINT))

    def read_solution(self, src: Source) -> Answer:
        return {"shading": [[int(t.text.lower() == "o") for t in row]
                            for row in solution_grid(src)]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        outside = [v if v is not None and v >= 0 else None for v in number16(body, cols + rows)]
        trees = set()
        k = 0
        while k < cols * rows and not body.done():
            ch = body.peek()
            if ch not in B36:
                raise body.error(f"'{ch}' is not a tree's place", hint="the trees are 0-h (a "
                                 "tree, then that many cells without one) or i-z (1-18 cells "
                                 "without)")
            v = int(ch, 36)
            if v <= 17:
                trees.add((k // cols + 1, k % cols + 1))
                k += v + 1
            else:
                k += v - 17
            body.pos += 1
        return Clues(rows, cols, frozenset(trees), tuple(outside[:cols]), tuple(outside[cols:]))

    def encode(self, clues: Clues) -> str:
        out = encode_number16([*clues.column_counts, *clues.row_counts])
        size = clues.rows * clues.cols
        marks = sorted((r - 1) * clues.cols + c - 1 for r, c in clues.trees)
        chars: list[str] = []
        k = 0
        for n, mark in enumerate(marks):
            while mark - k > 0:  # cells without a tree before this one: up to 18 at a time
                step = min(18, mark - k)
                chars.append(B36[step + 17])
                k += step
            end = marks[n + 1] if n + 1 < len(marks) else size
            step = min(17, end - mark - 1)
            chars.append(B36[step])
            k = mark + step + 1
        return out + "".join(chars)

    def from_case(self, case: Readback) -> Clues:
        """The trees of the `tents` line, and each `shade-count` on a whole column or row as
        its count outside the grid."""
        trees: set[Cell] = set()
        given: dict[tuple[str, int], int] = {}
        for rule in case.rules("tents", "shade-count"):
            if rule.reference == "tents":
                trees.update(case.cells(rule))
                continue
            line = case.line(case.cells(rule))
            if line is None:
                raise case.refuse_rule(rule, "a tents link counts tents in whole rows and "
                                             "columns")
            given[line] = case.number(rule, "count")
        case.within(given.values(), 0, 4095)
        return Clues(case.rows, case.cols, frozenset(trees),
                     tuple(given.get(("column", c)) for c in range(1, case.cols + 1)),
                     tuple(given.get(("row", r)) for r in range(1, case.rows + 1)))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        grid = file.block(0, file.rows + 1, file.cols + 1, "grid")
        return {"shading": [[int(t == "A") for t in row[1:]] for row in grid[1:]]}
