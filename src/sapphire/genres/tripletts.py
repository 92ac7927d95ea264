"""Tripletts (janko.at): the board is cut into regions of three cells; put a circle, a square
or a triangle in every cell so that each region holds three alike or three different
symbols, and cells beside each other (sharing a side) in different regions hold different
symbols.

A circle is the digit 1, a square 2, a triangle 3 (`digits: 1-3`). Each region is an `any-of`
line of two entries, `same-values … sets 3` (three alike) and `all-different` (three
different) (`region-1`, …); each pair of side neighbours across a region's border an
`all-different` line (`border-1`, …). The rules are those of the puzzlekit solver; with them
each of the dataset's puzzles has its recorded answer alone. The answer is the digits.

* puzzlekit (`Tripletts`): the grid, `c`, `s` or `t` (or `1`, `2`, `3`) a given symbol, `-`
  none; then the regions, a block naming each cell's region by a number. A solution is every
  cell's symbol, `c`, `s` or `t`.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, groups_of, rc, read_layout, solution_grid

HINT = "a cell is c (circle), s (square), t (triangle), 1, 2 or 3 for them, or '-'"
SYMBOLS = {"c": 1, "s": 2, "t": 3, "1": 1, "2": 2, "3": 3}


@dataclass(frozen=True)
class Clues:
    """A Tripletts puzzle: the board, its given symbols (1 circle, 2 square, 3 triangle) and
    its regions."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...] = ()
    """Each row's given symbols, None for none."""
    regions: tuple[tuple[Cell, ...], ...] = ()
    """Each region's cells, in reading order."""


class Tripletts(Genre[Clues]):
    puzzlekit = "Tripletts"
    kinds = ("any-of", "same-values", "all-different")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        for cells in clues.regions:
            if len(cells) != 3:
                raise ClueError(f"the region of {rc(cells[0][0] - 1, cells[0][1] - 1)} has "
                                f"{len(cells)} cells, not 3", "every region of a Tripletts "
                                "has three cells", at=("region", cells[0]))
        b.board = (clues.rows, clues.cols)
        b.digits = (1, 3)
        b.add_givens(clues.givens)
        region = {cell: k for k, cells in enumerate(clues.regions) for cell in cells}
        for cells in clues.regions:
            ways = CaseBuilder(b.library)
            ways.add("same-values", cells, sets=3)
            ways.add("all-different", cells)
            b.add("any-of", id_stem="region", rules=list(ways.rule_texts()))
        for cell in sorted(region):
            for nb in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
                if nb in region and region[nb] != region[cell]:
                    b.add("all-different", [cell, nb], id_stem="border")

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid", "the regions"))
        givens = []
        for r, row in enumerate(lay.blocks[0], 1):
            line: list[int | None] = []
            for c, tok in enumerate(row, 1):
                text = tok.text.lower()
                if text != "-" and text not in SYMBOLS:
                    raise src.at(tok, f"'{tok.text}' at {rc(r - 1, c - 1)} is not a symbol",
                                 HINT)
                line.append(SYMBOLS.get(text))
            givens.append(tuple(line))
        regions = sorted(tuple(cells) for cells in groups_of(lay.blocks[1]))
        for cells in regions:
            src.places[("region", cells[0])] = lay.blocks[1][cells[0][0] - 1][cells[0][1] - 1]
        return Clues(lay.rows, lay.cols, tuple(givens), tuple(regions))

    def read_solution(self, src: Source) -> Answer:
        out = []
        for r, row in enumerate(solution_grid(src)):
            line = []
            for c, tok in enumerate(row):
                if tok.text.lower() not in SYMBOLS:
                    raise src.at(tok, f"'{tok.text}' at {rc(r, c)} is not a symbol",
                                 "a cell holds c, s or t")
                line.append(SYMBOLS[tok.text.lower()])
            out.append(line)
        return {"digits": out}
