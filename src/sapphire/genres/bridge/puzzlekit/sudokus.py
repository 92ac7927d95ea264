"""The givens block the bridged genres of digits share (the sudokus themselves live in
`sapphire.genres.sudokus`)."""

from __future__ import annotations

from sapphire.formats.builder import CaseBuilder, digit_symbol
from sapphire.formats.puzzlekit import Block, Source, number, rc


def givens(b: CaseBuilder, src: Source, block: Block, n: int, hint: str | None = None) -> None:
    grid: list[list[str]] = []
    seen = False
    hint = hint or f"a given is a digit 1-{n}, '-' for an empty cell"
    for r, row in enumerate(block):
        out = []
        for c, tok in enumerate(row):
            if tok.text == "-":
                out.append(".")
                continue
            d = number(src, tok, f"at {rc(r, c)}", hint)
            if not 1 <= d <= n:
                raise src.at(tok, f"the given {d} at {rc(r, c)} is outside 1-{n}", hint)
            out.append(digit_symbol(d))
            seen = True
        grid.append(out)
    if seen:
        b.grids["givens"] = grid
