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
from sapphire.genres.bridge.puzzlekit.numbers import NUMBER_SOLUTIONS, read_number_solution
from sapphire.genres.bridge.puzzlekit.regions import read_answer
from sapphire.genres.bridge.puzzlekit.shade_genres import read_shade_solution
from sapphire.genres.bridge.puzzlekit.shapes import SOLUTIONS as SHAPES


def read_solution(genre: str, text: str, label: str = LABEL) -> dict[str, list[list[int]]]:
    """A puzzlekit solution as the answer parts Sapphire reports: `digits` rows, `shading`
    rows (1 shaded), or `loop` and `links`. Only the first block is read; more whole blocks
    after it are let be."""
    src = Source(text, label, genre, "solution")
    lines = tokens(text)
    # a Battleship's solution starts with its fleet: the size is the first two numbers
    rows, cols = read_size(src, lines, extra=genre == "Battleship")
    count = max(1, -(-(len(lines) - 1) // rows))
    grid = read_parts(src, lines, [Part("the answer grid" if k == 0 else f"answer block {k + 1}",
                                    rows, cols) for k in range(count)])[0]
    block = [[t.text.lower() for t in row] for row in grid]
    if genre in NUMBER_SOLUTIONS:
        return {"digits": read_number_solution(genre, src, grid)}
    shaded = read_shade_solution(genre, block)
    if shaded is not None:
        return shaded
    answer = read_answer(genre, block)  # the genres of tents and regions
    if answer is not None:
        return answer
    if genre in SHAPES:  # genres of the shapes module read their own answers, as written
        return SHAPES[genre]([[t.text for t in row] for row in grid])
    hint = "a solution's cell holds its digit"
    return {"digits": [[number(src, t, f"at {rc(r, c)}", hint, dash=False)
                        for c, t in enumerate(row)] for r, row in enumerate(grid)]}
