"""Grid corners named by the cells around them, as a corner clue (a Gokigen Naname's number)
lists them: the renderer places such a clue on the corner itself, on the border too."""

from __future__ import annotations


def shared_corner(cells: list[tuple[int, int]], rows: int, cols: int) -> tuple[int, int] | None:
    """The grid corner where the cells (1-based), and no other cell of the board, meet: four
    inside the board, two on its edge, one at its corner. Corner a,b is the bottom-right corner
    of cell a,b (0 to rows, 0 to cols). None when there is no such corner."""
    if not cells:
        return None
    r, c = cells[0]
    for a in (r - 1, r):
        for b in (c - 1, c):
            around = {(x, y) for x in (a, a + 1) for y in (b, b + 1)
                      if 1 <= x <= rows and 1 <= y <= cols}
            if around == set(cells):
                return a, b
    return None
