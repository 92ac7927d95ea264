"""puzzlekit genres of tents and regions: Tent."""

from __future__ import annotations

from sapphire.importers.builder import CaseBuilder
from sapphire.importers.common import Cell, grid_columns, grid_rows
from sapphire.importers.puzzlekit.reader import (
    Block,
    Part,
    Source,
    Token,
    number,
    read_lines,
)


def tent(b: CaseBuilder, src: Source) -> None:
    """A line of column counts, a line of row counts (`-` for none), then the grid: `x` a tree,
    `-` an open cell. The answer shades the tents."""
    lay = read_lines(src, lambda rows, cols: [
        Part("the line of column counts", 1, cols), Part("the line of row counts", 1, rows, "row"),
        Part("the grid", rows, cols)])
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    trees = _marked(src, lay.blocks[2], ("x", "-"), "a cell is x (a tree) or '-' (open)")
    if trees:
        b.add("tents", trees)
    _line_counts(b, src, lay.blocks[0][0], grid_columns(rows, cols), "column",
                 "a count is the number of tents in its line, '-' for none given")
    _line_counts(b, src, lay.blocks[1][0], grid_rows(rows, cols), "row",
                 "a count is the number of tents in its line, '-' for none given")


def _marked(src: Source, grid: Block, symbols: tuple[str, str], hint: str) -> list[Cell]:
    """The cells whose token is `symbols[0]` (in either case), in reading order; a token other
    than the two symbols is an error placed at it."""
    mark, blank = symbols
    out = []
    for r, row in enumerate(grid, 1):
        for c, tok in enumerate(row, 1):
            if tok.text.lower() == mark:
                out.append((r, c))
            elif tok.text != blank:
                raise src.at(tok, f"'{tok.text}' at r{r}c{c} is neither '{mark}' nor '{blank}'",
                             hint)
    return out


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


SOLVED_BY_MARKS = {"Tent": "o"}
"""Genres whose solution marks the shaded cells (the tents) with a letter."""


def read_answer(genre: str, block: list[list[str]]) -> dict[str, list[list[int]]] | None:
    """The answer parts of a solution grid (lower-cased tokens) of one of this module's genres,
    None for another genre."""
    mark = SOLVED_BY_MARKS.get(genre)
    if mark is not None:
        return {"shading": [[1 if t == mark else 0 for t in row] for row in block]}
    return None
