"""puzzlekit genres whose answer is a loop: Masyu."""

from __future__ import annotations

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell
from sapphire.formats.puzzlekit import Source, read_layout


def masyu(b: CaseBuilder, src: Source) -> None:
    """One block: `w` or `1` a white circle, `b` or `2` a black circle, `-` an empty cell.
    The answer is the loop through the cell centres."""
    lay = read_layout(src, ("the grid",))
    b.board = (lay.rows, lay.cols)
    circles: dict[str, list[Cell]] = {"white-circle": [], "black-circle": []}
    kinds = {"w": "white-circle", "1": "white-circle", "b": "black-circle", "2": "black-circle"}
    for r, row in enumerate(lay.blocks[0], 1):
        for c, t in enumerate(row, 1):
            if t.text == "-":
                continue
            if t.text.lower() not in kinds:
                raise src.at(t, f"'{t.text}' at r{r}c{c} is not w, b, 1, 2 or '-'",
                             "a cell is w or 1 (a white circle), b or 2 (a black one) or '-'")
            circles[kinds[t.text.lower()]].append((r, c))
    b.add("loop")
    for kind, cells in circles.items():
        if cells:
            b.add(kind, cells)
