"""puzzlekit genres of digits in a square: sudokus and Latin squares."""

from __future__ import annotations

from collections.abc import Callable

from sapphire.formats.builder import CaseBuilder, digit_symbol
from sapphire.formats.common import DOWN, RIGHT, Cell
from sapphire.formats.puzzlekit import (
    Block,
    Layout,
    Source,
    Token,
    groups_of,
    number,
    rc,
    read_layout,
    square_side,
)


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


def sudoku_line(b: CaseBuilder, src: Source, lay: Layout, n: int) -> None:
    size = f"{n}x{n}"
    d = b.library.resolve("sudoku")
    if d is None or size not in dict(d.boxes):
        sizes = ", ".join(dict(d.boxes)) if d is not None else "none"
        raise src.at(lay.head[0], f"puzzlekit {src.genre}: no sudoku with boxes on a {size} "
                     "board", f"the library's sudoku has boxes on: {sizes}", to=lay.head[1],
                     kind="unsupported-import")
    b.add("sudoku", positional=size)


def sudoku(b: CaseBuilder, src: Source) -> None:
    lay = read_layout(src, ("the givens block",))
    n = square_side(src, lay)
    sudoku_line(b, src, lay, n)
    givens(b, src, lay.blocks[0], n)


def killer_sudoku(b: CaseBuilder, src: Source) -> None:
    lay = read_layout(src, ("the totals block", "the cage block"))
    n = square_side(src, lay)
    sudoku_line(b, src, lay, n)
    totals, cages = lay.blocks
    hint = ("each cage's total stands in one of its cells in the totals block, '-' in its "
            "other cells")
    for cells in groups_of(cages):
        clues = [((r, c), totals[r - 1][c - 1]) for r, c in cells
                 if totals[r - 1][c - 1].text != "-"]
        if len(clues) != 1:
            (r0, c0) = cells[0]
            where = clues[1][1] if clues else cages[r0 - 1][c0 - 1]
            raise src.at(where, f"the cage at r{r0}c{c0} has {len(clues)} totals, not one", hint)
        (r, c), tok = clues[0]
        b.add("cage", cells, sum=number(src, tok, f"at r{r}c{c}", hint))


def latin_with_groups(kind: str, stem: str | None, groups: str
                       ) -> Callable[[CaseBuilder, Source], None]:
    """A Latin square with `kind` on each group of the second block (`groups` names it)."""
    def convert(b: CaseBuilder, src: Source) -> None:
        lay = read_layout(src, ("the givens block", groups))
        n = square_side(src, lay)
        b.board = (n, n)
        b.add("latin-square")
        givens(b, src, lay.blocks[0], n)
        for cells in groups_of(lay.blocks[1]):
            if len(cells) > 1:
                b.add(kind, cells, id_stem=stem)
    return convert


def consecutive_sudoku(b: CaseBuilder, src: Source) -> None:
    """Givens, then a block of bar codes: each cell's number is the sum of 1 (a bar to its
    right), 2 (below), 4 (left) and 8 (above). Every bar is drawn, so two neighbours without
    a bar hold digits that are not consecutive."""
    lay = read_layout(src, ("the givens block", "the bar block"))
    n = square_side(src, lay)
    b.board = (n, n)
    b.add("latin-square")
    givens(b, src, lay.blocks[0], n)
    hint = "a bar code is the sum of 1 (a bar on the right), 2 (below), 4 (left) and 8 (above)"
    toks = lay.blocks[1]
    codes = [[number(src, t, f"at {rc(r, c)}", hint, dash=False) for c, t in enumerate(row)]
             for r, row in enumerate(toks)]
    for r, row in enumerate(codes):
        for c, v in enumerate(row):
            if v > 15:
                raise src.at(toks[r][c], f"the bar code {v} at {rc(r, c)} is not 0-15", hint)
    for r in range(n):
        for c in range(n):
            for (dr, dc), mine, theirs in ((RIGHT, 1, 4), (DOWN, 2, 8)):
                rr, cc = r + dr, c + dc
                if rr >= n or cc >= n:
                    continue
                pair = [(r + 1, c + 1), (rr + 1, cc + 1)]
                if bool(codes[r][c] & mine) != bool(codes[rr][cc] & theirs):
                    raise src.at(toks[r][c], f"the bar codes of {rc(r, c)} and {rc(rr, cc)} "
                                 "disagree about the bar between them",
                                 "a bar between two cells is in the codes of both")
                if codes[r][c] & mine:
                    b.add("white-dot", pair, id_stem="bar")
                else:
                    b.add("nabner", pair, id_stem="no-bar")


def even_odd_sudoku(b: CaseBuilder, src: Source) -> None:
    """One block: a given digit, `E` (an even digit) or `O` (an odd digit) in every cell."""
    lay = read_layout(src, ("the grid",))
    n = square_side(src, lay)
    sudoku_line(b, src, lay, n)
    marks: dict[str, list[Cell]] = {"E": [], "O": []}
    digits: Block = []
    for r, row in enumerate(lay.blocks[0], 1):
        out = []
        for c, t in enumerate(row, 1):
            if t.text.upper() in marks:
                marks[t.text.upper()].append((r, c))
                out.append(Token("-", t.line, t.col))
            else:
                out.append(t)
        digits.append(out)
    givens(b, src, digits, n, f"a cell holds a given digit 1-{n}, E (even) or O (odd)")
    if marks["E"]:
        b.add("even", marks["E"])
    if marks["O"]:
        b.add("odd", marks["O"])
