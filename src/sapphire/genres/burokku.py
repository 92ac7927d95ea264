"""Burokku (janko.at): cut the board along the grid lines into regions, all of one size, so
that no region holds a symbol twice.

Every cell shows a symbol, or is blank. Where no cell is blank (digits, or the letters A, B,
…), a region has as many cells as there are symbols, so each region holds every symbol once.
Where some cells are blank (`-`, and the letters lower case), a region has as many cells as
the board's side, and holds blanks as it may but no letter twice. Both readings give each of
the dataset's puzzles its recorded answer, except 96_8x8 and 139_9x9: each has that answer
and one more (their test shows both), so their records are listed as disputed.

The case gives every cell (a letter as its place in the alphabet, A = 1; a blank 0) and
states `chaos-construction size K` (K the number of symbols), or `chaos-construction repeats
[0]` (its size, by default, the board's longer side) where there are blanks. The answer is the
regions.

* puzzlekit (`Burokku`): one block, a symbol per cell: `1`-`9`, `A`-`Z` (either case), or `-`
  for a blank. A solution numbers each cell's region.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer, canonical_regions
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, rc, read_layout, solution_grid

HINT = "a cell is a symbol (1-9, or a letter A-Z in either case) or '-' for a blank"


@dataclass(frozen=True)
class Clues:
    """A Burokku puzzle: the symbol of every cell, row by row, 1, 2, … (the letters A, B, …
    by their place in the alphabet), 0 for a blank."""

    rows: int
    cols: int
    symbols: tuple[tuple[int, ...], ...] = ()


def symbol(text: str) -> int | None:
    """A cell's symbol as a number (A = 1), 0 for a blank, None for what is none."""
    if text == "-":
        return 0
    if len(text) == 1 and text.isascii() and text.isalpha():
        return ord(text.upper()) - ord("A") + 1
    if text.isdecimal() and text != "0":
        return int(text)
    return None


class Burokku(Genre[Clues]):
    puzzlekit = "Burokku"
    kinds = ("chaos-construction", "given-number")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        b.board = (rows, cols)
        found = {s for row in clues.symbols for s in row}
        blanks = 0 in found
        size = max(rows, cols) if blanks else len(found)
        if (rows * cols) % size:
            what = "the board's longer side" if blanks else "the number of symbols"
            raise ClueError(f"the board's {rows * cols} cells do not cut into regions of "
                            f"{size} cells ({what})", HINT, at="size")
        b.digits = (0 if blanks else 1, max(found))
        b.add_givens(clues.symbols)
        if blanks:
            b.add("chaos-construction", repeats=[0])
        else:
            b.add("chaos-construction", size=size)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        src.places["size"] = lay.head[0]
        symbols = []
        for r, row in enumerate(lay.blocks[0], 1):
            line = []
            for c, tok in enumerate(row, 1):
                s = symbol(tok.text)
                if s is None:
                    raise src.at(tok, f"'{tok.text}' at {rc(r - 1, c - 1)} is not a symbol",
                                 HINT)
                line.append(s)
            symbols.append(tuple(line))
        return Clues(lay.rows, lay.cols, tuple(symbols))

    def read_solution(self, src: Source) -> Answer:
        return {"regions": canonical_regions([[t.text for t in row]
                                              for row in solution_grid(src)])}
