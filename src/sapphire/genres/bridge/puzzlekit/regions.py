"""A puzzlekit genre of ships: Battleship.

* `Battleship`: the first line is the size and then the fleet, how many ships of 1, 2, 3, …
  cells; a line of column counts, a line of row counts, then the grid of given parts: `x`
  water, `o` a ship of one cell, `n`, `s`, `w`, `e` the top, bottom, left and right end of a
  ship, `m` a middle part, `-` nothing given. The solution marks every ship cell by its part.
  A `fleet` line, a `shade-count` per count, and each given part as counts of ship cells on
  it and around it (an end: it and the next cell along the ship are ship cells, the cell
  behind it is not; a middle: two of its neighbours are ship cells). The answer's shading is
  the ships.
"""

from __future__ import annotations

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell, grid_columns, grid_rows
from sapphire.formats.puzzlekit import (
    Part,
    Source,
    Token,
    number,
    read_lines,
)

ENDS = {"n": (1, 0), "s": (-1, 0), "w": (0, 1), "e": (0, -1)}
"""A ship's end part, with the step from it to the next cell of its ship."""


def battleship(b: CaseBuilder, src: Source) -> None:
    """The size and the fleet, a line of column counts, a line of row counts, then the grid of
    given parts (see the module docstring)."""
    lay = read_lines(src, lambda rows, cols: [
        Part("the line of column counts", 1, cols), Part("the line of row counts", 1, rows, "row"),
        Part("the grid", rows, cols)], extra=True)
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    fleet = [(length, number(src, t, f"in the fleet (ships of {length} cells)",
                             "after the size, the line lists how many ships of 1, 2, 3, … cells "
                             "the fleet has", dash=False))
             for length, t in enumerate(lay.head[2:], 1)]
    if not any(n for _, n in fleet):
        raise src.after(lay.head[-1], "expected the fleet after the size, found no ships",
                        "after the size, the line lists how many ships of 1, 2, 3, … cells the "
                        "fleet has, such as 10 10 4 3 2 1")
    b.add("fleet", early=True, ships=[[length, n] for length, n in fleet if n])
    hint = "a count is the number of ship cells in its line, '-' for none given"
    _line_counts(b, src, lay.blocks[0][0], grid_columns(rows, cols), "column", hint)
    _line_counts(b, src, lay.blocks[1][0], grid_rows(rows, cols), "row", hint)
    hint = ("a cell is x (water), o (a ship of one cell), n, s, w or e (the top, bottom, left or "
            "right end of a ship), m (a middle part) or '-' (nothing given)")
    for r, row in enumerate(lay.blocks[2], 1):
        for c, t in enumerate(row, 1):
            part = t.text.lower()
            around = [x for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                      if 1 <= x[0] <= rows and 1 <= x[1] <= cols]
            if part == "-":
                continue
            if part == "x":
                b.add("shade-count", [(r, c)], id_stem="water", count=0)
            elif part == "o":
                b.add("shade-count", [(r, c)], id_stem="ship", count=1)
                b.add("shade-count", around, id_stem="around", count=0)
            elif part == "m":
                b.add("shade-count", [(r, c)], id_stem="ship", count=1)
                b.add("shade-at-least", around, id_stem="middle", count=2)
            elif part in ENDS:
                dr, dc = ENDS[part]
                ahead, behind = (r + dr, c + dc), (r - dr, c - dc)
                if not (1 <= ahead[0] <= rows and 1 <= ahead[1] <= cols):
                    raise src.at(t, f"the ship's end '{t.text}' at r{r}c{c} points off the "
                                 "board", hint)
                b.add("shade-count", [(r, c), ahead], id_stem="ship", count=2)
                if 1 <= behind[0] <= rows and 1 <= behind[1] <= cols:
                    b.add("shade-count", [behind], id_stem="water", count=0)
            else:
                raise src.at(t, f"'{t.text}' at r{r}c{c} is not a ship part or water", hint)


def _line_counts(b: CaseBuilder, src: Source, toks: list[Token], lines: list[list[Cell]],
                 what: str, hint: str) -> None:
    """A `shade-count` for each line with a count (`-`: none given)."""
    for k, (tok, cells) in enumerate(zip(toks, lines, strict=True), 1):
        if tok.text != "-":
            count = number(src, tok, f"in the count of {what} {k}", hint)
            if count > len(cells):
                raise src.at(tok, f"the count {count} of {what} {k} is more than its "
                             f"{len(cells)} cells", hint)
            b.add("shade-count", cells, id_stem=what, count=count)


SHIP_PARTS = frozenset("onsewm")
"""The letters of a Battleship solution's ship cells."""


def read_answer(genre: str, block: list[list[str]]) -> dict[str, list[list[int]]] | None:
    """The answer parts of a solution grid (lower-cased tokens) of one of this module's genres,
    None for another genre."""
    if genre == "Battleship":
        return {"shading": [[1 if t in SHIP_PARTS else 0 for t in row] for row in block]}
    return None
