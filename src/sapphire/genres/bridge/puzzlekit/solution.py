"""A puzzlekit solution read as the answer parts Sapphire reports."""

from __future__ import annotations

from sapphire.formats.puzzlekit import (
    LABEL,
    Part,
    Source,
    number,
    rc,
    read_parts,
    read_size,
    tokens,
)
from sapphire.genres.bridge.puzzlekit.regions import read_answer
from sapphire.genres.bridge.puzzlekit.shade_genres import read_shade_solution
from sapphire.genres.bridge.puzzlekit.shapes import SOLUTIONS as SHAPES

SHADED = ("Nonogram", "Nurikabe")
"""Genres whose solution marks the shaded (filled) cells with `x`."""


def read_solution(genre: str, text: str, label: str = LABEL) -> dict[str, list[list[int]]]:
    """A puzzlekit solution as the answer parts Sapphire reports: `digits` rows, `shading`
    rows (1 shaded), or for a Slitherlink `inside` rows (1 inside the loop). Only the first
    block is read; more whole blocks after it are let be."""
    src = Source(text, label, genre, "solution")
    lines = tokens(text)
    rows, cols = read_size(src, lines)
    count = max(1, -(-(len(lines) - 1) // rows))
    grid = read_parts(src, lines, [Part("the answer grid" if k == 0 else f"answer block {k + 1}",
                                    rows, cols) for k in range(count)])[0]
    block = [[t.text.lower() for t in row] for row in grid]
    shaded = read_shade_solution(genre, block)
    if shaded is not None:
        return shaded
    answer = read_answer(genre, block)  # the genres of tents and regions
    if answer is not None:
        return answer
    if genre == "YinYang":
        return {"shading": [[1 if t == "b" else 0 for t in row] for row in block]}
    if genre in SHADED:
        return {"shading": [[1 if t == "x" else 0 for t in row] for row in block]}
    if genre == "Masyu":  # each cell names the sides its loop leaves by: n, e, s, w
        return {"loop": {"across": [[1 if "e" in t else 0 for t in row] for row in block],
                         "down": [[1 if "s" in t else 0 for t in row] for row in block]}}
    if genre in SHAPES:  # genres of the shapes module read their own answers, as written
        return SHAPES[genre]([[t.text for t in row] for row in grid])
    if genre == "Akari":
        return {"shading": [[1 if t == "o" else 0 for t in row] for row in block]}
    if genre == "Slitherlink":
        return {"inside": [[1 if t == "x" else 0 for t in row] for row in block]}
    hint = "a solution's cell holds its digit"
    return {"digits": [[number(src, t, f"at {rc(r, c)}", hint, dash=False)
                        for c, t in enumerate(row)] for r, row in enumerate(grid)]}
