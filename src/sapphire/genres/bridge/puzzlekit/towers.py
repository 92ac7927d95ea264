"""puzzlekit genres with outside clues or runs: SkyscraperSudoku and Kakuro."""

from __future__ import annotations

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import DOWN, LEFT, RIGHT, UP, Cell, grid_columns, grid_rows
from sapphire.formats.puzzlekit import (
    Layout,
    Part,
    Row,
    Source,
    Token,
    number,
    read_layout,
    read_parts,
    read_size,
    square_side,
    tokens,
)
from sapphire.genres.bridge.puzzlekit.sudokus import givens, sudoku_line

SIDES = ("above the columns", "below the columns", "left of the rows", "right of the rows")


def clue_parts(rows: int, cols: int) -> list[Part]:
    """The four lines of outside clues of a SkyscraperSudoku."""
    return [Part(f"the line of clues {side}", 1, cols if k < 2 else rows,
                 "column" if k < 2 else "row") for k, side in enumerate(SIDES)]


def outside_clues(b: CaseBuilder, src: Source, clue_rows: list[Row], rows: int,
                   cols: int) -> None:
    """Four lines of skyscraper clues: above the columns, below them, left of the rows and
    right of them; each clue's cells are listed nearest first."""
    top, bottom, left, right = clue_rows
    downs, acrosses = grid_columns(rows, cols), grid_rows(rows, cols)
    sides = ((top, downs, "column"), (bottom, [d[::-1] for d in downs], "column"),
             (left, acrosses, "row"), (right, [a[::-1] for a in acrosses], "row"))
    for (clues, paths, line), side in zip(sides, SIDES, strict=True):
        for k, (tok, cells) in enumerate(zip(clues, paths, strict=True), 1):
            if tok.text != "-":
                where = side.replace(f"the {line}s", f"{line} {k}")  # `left of row 3`
                b.add("skyscraper", cells, visible=number(
                    src, tok, where, "a clue is how many skyscrapers are seen, '-' for none"))


def skyscraper_sudoku(b: CaseBuilder, src: Source) -> None:
    """Four lines of outside clues (see `outside_clues`), then the givens."""
    lines = tokens(src.text)
    rows, cols = read_size(src, lines, extra=True)
    lay = Layout(rows, cols, lines[0], [])
    square_side(src, lay)
    lay.blocks = read_parts(src, lines, [*clue_parts(rows, cols),
                                     Part("the givens block", rows, cols)])
    sudoku_line(b, src, lay, rows)
    givens(b, src, lay.blocks[4], rows)
    outside_clues(b, src, [block[0] for block in lay.blocks[:4]], rows, cols)


def kakuro(b: CaseBuilder, src: Source) -> None:
    """One block: `0` a white cell; `-` a black cell; `D,A` a black cell with the total of the
    run below it (D) and of the run to its right (A), either side may be empty. A black cell
    holds no digit: the case gives it 0 (`digits: 0-9`) and states it a `black-cell`, which
    draws it with its runs' totals, and the white cells are not 0."""
    lay = read_layout(src, ("the grid",))
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    b.digits = (0, 9)
    grid = lay.blocks[0]
    hint = ("a cell is 0 (white), '-' (black) or DOWN,ACROSS (black, with the totals of the runs "
            "below it and to its right; either may be left out)")
    white = {(r, c) for r, row in enumerate(grid, 1) for c, t in enumerate(row, 1)
             if t.text == "0"}
    clues: list[tuple[str, Cell, int, Token]] = []
    for r, row in enumerate(grid, 1):
        for c, t in enumerate(row, 1):
            if t.text in ("0", "-"):
                continue
            down, comma, _ = t.text.partition(",")
            if not comma:
                raise src.at(t, f"'{t.text}' at r{r}c{c} is not 0, '-' or DOWN,ACROSS", hint)
            for total, way in ((t.part(0, len(down)), "down"), (t.part(len(down) + 1), "across")):
                if total.text:
                    clues.append((way, (r, c), number(src, total, f"in the {way} total at "
                                                       f"r{r}c{c}", hint, dash=False), total))
    b.grids["givens"] = [["." if (r, c) in white else "0" for c in range(1, cols + 1)]
                         for r in range(1, rows + 1)]
    black = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
             if (r, c) not in white]
    if black:  # drawn as janko.at draws them, holding the runs' totals
        b.add("black-cell", black)
    if white:
        b.add("absent-digits", sorted(white), digits=[0])
    covered: set[tuple[str, Cell]] = set()
    for way, (r, c), total, tok in clues:
        dr, dc = DOWN if way == "down" else RIGHT
        run = []
        rr, cc = r + dr, c + dc
        while (rr, cc) in white:
            run.append((rr, cc))
            covered.add((way, (rr, cc)))
            rr, cc = rr + dr, cc + dc
        if not run:
            raise src.at(tok, f"the {way} total {total} at r{r}c{c} has no white cells",
                         f"a {way} total needs white cells (0) {'below' if dr else 'right of'} "
                         "its cell")
        b.add("cage", run, id_stem=way, sum=total)
    for r, c in sorted(white):
        for way, (dr, dc) in (("across", LEFT), ("down", UP)):
            if (way, (r, c)) not in covered and ((r + dr, c + dc) in white
                                                  or (r - dr, c - dc) in white):
                raise src.at(grid[r - 1][c - 1], f"the {way} run through r{r}c{c} has no total",
                             f"the black cell just {'above' if dr else 'left of'} a run holds "
                             "its total")
