"""The answer parts a solution (puzzlekit) or an answer file (pzprv3) is read as, in the terms
Sapphire reports an answer in, so that the two can be compared part by part."""

from __future__ import annotations

from typing import Any

Answer = dict[str, Any]
"""An answer's parts by name, as `solve` reports them: `digits`, `shading` (1 shaded) and
`regions` rows; `loop` and `links` (`across` and `down` rows of links between cell centres);
`diagonals` rows (1 `\\`, 2 `/`); and `inside` rows (1 inside a Slitherlink's loop)."""


def canonical_regions(grid: list[list[str]] | list[list[int]] | list[list[int | None]]
                      ) -> list[list[int]]:
    """A region map renamed so that each region is called by the place in reading order,
    (r−1)·cols + c, of its first cell: two maps that cut the board alike become equal, whatever
    they call their regions. A region here is a name's connected group of cells."""
    rows, cols = len(grid), len(grid[0]) if grid else 0
    out = [[0] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if out[r][c]:
                continue
            name, todo = grid[r][c], [(r, c)]
            out[r][c] = r * cols + c + 1
            while todo:
                y, x = todo.pop()
                for v, u in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                    if 0 <= v < rows and 0 <= u < cols and not out[v][u] and grid[v][u] == name:
                        out[v][u] = out[r][c]
                        todo.append((v, u))
    return out


def links_of_sides(cells: list[list[str]]) -> dict[str, list[list[int]]]:
    """The links between cell centres of a solution that names, in each cell, the sides its
    line leaves it by (`n`, `e`, `s`, `w`, in any case and order: `se`), as the answer's
    `loop` or `links` are written: `across` rows (1: linked to the right neighbour) and `down`
    rows (1: linked to the one below)."""
    lower = [[t.lower() for t in row] for row in cells]
    return {"across": [[int("e" in t) for t in row] for row in lower],
            "down": [[int("s" in t) for t in row] for row in lower]}
