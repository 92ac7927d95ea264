"""Import puzzles in the text layout of the puzzlekit dataset (SmilingWayne/puzzlekit-dataset).

The format
----------
A puzzle's `problem` is plain text: the first line is `ROWS COLS`, then blocks of ROWS lines
of COLS whitespace-separated tokens each. `-` is an empty cell. What the blocks mean depends
on the genre (read from the dataset's problems and solutions):

* `Sudoku`: one block, the givens (numbers 1-N; 16×16 puzzles use 10-16). Standard boxes.
* `KillerSudoku`: two blocks. The first holds each cage's total in one cell of the cage (its
  first cell in reading order), `-` elsewhere; the second names each cell's cage. Standard
  boxes; no givens.
* `Renban`: two blocks, the givens and the groups. Every row and column holds 1-N once (there
  are no boxes); each group holds a run of consecutive digits in any order.
* `JigsawSudoku`: two blocks, the givens and the regions. Rows, columns and regions hold 1-N
  once (a Latin square with a jigsaw piece per region).
* `YinYang`: one block, `b` (shaded) or `w` (unshaded) clues; the answer shades every cell.
* `Slitherlink`: one block, the clues 0-3. The answer is a loop along the cells' edges.
* `ConsecutiveSudoku`: two blocks, the givens and a bar code per cell, the sum of 1 (a bar on
  its right edge), 2 (bottom), 4 (left) and 8 (top). A Latin square (no boxes); a bar joins
  consecutive digits, and every bar is drawn, so neighbours without one are not consecutive.
* `EvenOddSudoku`: one block: a given digit, `E` (even) or `O` (odd) in every cell. Boxes.
* `SkyscraperSudoku`: four lines of outside clues (above the columns, below them, left of the
  rows, right of them; `-` for none), then the givens block. Boxes.
* `Thermometer`: a line of column counts, a line of row counts, then the grid, where `T.K` is
  the K-th cell of thermometer T counted from its bulb. The answer shades (fills) cells.
* `Nonogram`: COLS lines of column clues, then ROWS lines of row clues (run lengths, top to
  bottom and left to right). The answer shades cells.
* `Akari`: one block: `x` a wall, `0`-`4` a wall with its number of neighbouring bulbs, `-` an
  open cell. The answer's shading marks the bulbs.
* `Skyscraper`: first line `N N H`, with `D` when both diagonals hold different digits; four
  lines of outside clues (as in SkyscraperSudoku), then the givens. A Latin square of heights
  1-H; when H = N-1 the remaining cell of each row and column is empty, written 0.
* `Kakuro`: one block: `0` a white cell, `-` a black one, `D,A` a black cell with the total of
  the run below it and of the run to its right (either may be missing).
* `Masyu`: one block: `w` or `1` a white circle, `b` or `2` a black one. The answer is a loop
  through the cell centres.
* `Nurikabe`: one block: a number is the size of the island of its cell. The answer shades the
  wall (`x` in the solution).

A `solution` uses the same layout: the digits; `b`/`w` for every cell of a Yin-Yang; for a
Slitherlink, `x` for a cell inside the loop and `-` for one outside; `x` for a filled cell of a
Thermometer or a shaded cell of a Nonogram; `o` for a bulb of an Akari; `-` for a black cell
of a Kakuro (read as 0, as the case writes it); for a Masyu, the sides (`n`, `e`, `s`, `w`) by
which the loop leaves each cell. A Skyscraper's solution starts with the problem's first line.

What is imported
----------------
Each genre becomes the rule lines of the `std` library that state its rules (`sudoku NxN`,
`cage` per cage, `latin-square` with `renban` per group or `all-different` per piece,
`yin-yang`, `slitherlink`, `white-dot` per bar and `nabner` per pair without one, `even` and
`odd`, `skyscraper` per outside clue, `thermometer` per thermometer and `shade-count` per row
and column), with the givens, shading or clues in the front matter.

A Nonogram clue is a `shade-pattern` on its line: `2 1` is `0*1{2}0+1{1}0*`. An Akari is
stated on its bulbs as counts of shaded cells: none on the walls (`shade-count … count 0`), a
wall's number as the count of its open neighbours, at most one bulb per row or column segment
between walls (`shade-at-most`), and at least one bulb among the cells each open cell sees
(`shade-at-least`). A Skyscraper is a `latin-square`
(with `digits: 0-H` when there are empty plots) with a `skyscraper` per clue; a Kakuro gives
its black cells the digit 0 (`digits: 0-9`), keeps 0 out of its white cells (`absent-digits`)
and states each run as a `cage`; a Masyu is a `loop` with `white-circle` and `black-circle`;
a Nurikabe is `nurikabe` (the wall, and the region map naming the islands), an `island` per
number, and `numbered-islands` listing the numbered cells, so no island is without a number.
`read_solution` reads a solution in the same layout, for comparing answers.

Known faults of the dataset
---------------------------
* JigsawSudoku 661_6x6 has four answers as written: its pieces and givens do not fix the
  digits. Its known answer also holds different digits on both diagonals (no other puzzle of
  the sample does, and a random answer would only by rare chance), and with either diagonal
  rule the puzzle has exactly that answer: the janko.at original most likely has diagonal
  constraints that the dataset's text does not carry. The import states what the text says.
* Nurikabe 1136_22x12 says `22 12` but its grid has 12 rows of 12, and its solution breaks
  off after 12 rows; the import refuses it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from sapphire.diagnostics import Diagnostic, SapphireError
from sapphire.importers.common import CaseBuilder, digit_symbol, unsupported
from sapphire.library.library import Library

Cell = tuple[int, int]


@dataclass
class Layout:
    """A problem or solution: its size and its blocks of tokens."""

    rows: int
    cols: int
    blocks: list[list[list[str]]]


def read_layout(text: str, genre: str = "", blocks: int | None = None) -> Layout:
    """Split puzzlekit text into its size and blocks of ROWS lines each."""
    lines = [ln.split() for ln in text.strip().splitlines() if ln.strip()]
    if not lines or len(lines[0]) != 2 or not all(t.isdigit() for t in lines[0]):
        raise _bad(genre, "the first line is not 'ROWS COLS'")
    rows, cols = int(lines[0][0]), int(lines[0][1])
    body = lines[1:]
    if rows < 1 or cols < 1 or len(body) % rows:
        raise _bad(genre, f"{len(body)} grid lines do not make blocks of {rows} rows")
    out = [body[i:i + rows] for i in range(0, len(body), rows)]
    for bi, block in enumerate(out):
        for ri, row in enumerate(block):
            if len(row) != cols:
                raise _bad(genre, f"block {bi + 1}, row {ri + 1} has {len(row)} cells, not {cols}")
    if blocks is not None and len(out) != blocks:
        raise _bad(genre, f"expected {blocks} block(s) of {rows} rows, found {len(out)}")
    return Layout(rows, cols, out)


def _bad(genre: str, message: str) -> SapphireError:
    what = f"puzzlekit {genre} problem" if genre else "puzzlekit text"
    return SapphireError([Diagnostic("bad-puzzlekit", f"not a {what}: {message}")])


def _number(genre: str, token: str, at: tuple[int, int] | None = None) -> int:
    """A number token; `at` (0-based row and column) names the cell in an error."""
    if not token.isdigit():
        where = f" at r{at[0] + 1}c{at[1] + 1}" if at else ""
        raise _bad(genre, f"'{token}'{where} is neither '-' nor a number")
    return int(token)


def _givens(b: CaseBuilder, genre: str, block: list[list[str]], n: int) -> None:
    grid: list[list[str]] = []
    seen = False
    for r, row in enumerate(block):
        out = []
        for c, tok in enumerate(row):
            if tok == "-":
                out.append(".")
                continue
            d = _number(genre, tok, (r, c))
            if not 1 <= d <= n:
                raise _bad(genre, f"the given {d} at r{r + 1}c{c + 1} is outside 1-{n}")
            out.append(digit_symbol(d))
            seen = True
        grid.append(out)
    if seen:
        b.grids["givens"] = grid


def _groups(block: list[list[str]]) -> list[list[Cell]]:
    """Cells by the token naming their group, groups in order of first appearance."""
    groups: dict[str, list[Cell]] = {}
    for r, row in enumerate(block, 1):
        for c, tok in enumerate(row, 1):
            groups.setdefault(tok, []).append((r, c))
    return list(groups.values())


def _square(genre: str, lay: Layout) -> int:
    if lay.rows != lay.cols:
        raise _bad(genre, f"a {lay.rows}x{lay.cols} grid is not square")
    return lay.rows


def _sudoku_line(b: CaseBuilder, genre: str, n: int) -> None:
    size = f"{n}x{n}"
    d = b.library.resolve("sudoku")
    if d is None or size not in dict(d.boxes):
        raise unsupported(f"puzzlekit {genre}", f"no sudoku with boxes on a {size} board")
    b.add("sudoku", positional=size)


def _sudoku(b: CaseBuilder, text: str) -> None:
    lay = read_layout(text, "Sudoku", 1)
    n = _square("Sudoku", lay)
    _sudoku_line(b, "Sudoku", n)
    _givens(b, "Sudoku", lay.blocks[0], n)


def _killer(b: CaseBuilder, text: str) -> None:
    lay = read_layout(text, "KillerSudoku", 2)
    n = _square("KillerSudoku", lay)
    _sudoku_line(b, "KillerSudoku", n)
    totals, cages = lay.blocks
    for cells in _groups(cages):
        clues = [totals[r - 1][c - 1] for r, c in cells if totals[r - 1][c - 1] != "-"]
        if len(clues) != 1:
            raise _bad("KillerSudoku", f"the cage at r{cells[0][0]}c{cells[0][1]} has "
                       f"{len(clues)} totals, not one")
        b.add("cage", cells, sum=_number("KillerSudoku", clues[0]))


def _latin_with_groups(kind: str, genre: str, stem: str | None) -> Callable[[CaseBuilder, str],
                                                                            None]:
    def convert(b: CaseBuilder, text: str) -> None:
        lay = read_layout(text, genre, 2)
        n = _square(genre, lay)
        b.board = (n, n)
        b.add("latin-square")
        _givens(b, genre, lay.blocks[0], n)
        for cells in _groups(lay.blocks[1]):
            if len(cells) > 1:
                b.add(kind, cells, id_stem=stem)
    return convert


def _yin_yang(b: CaseBuilder, text: str) -> None:
    lay = read_layout(text, "YinYang", 1)
    b.board = (lay.rows, lay.cols)
    symbols = {"-": ".", "b": "b", "w": "w", "B": "b", "W": "w"}
    grid = []
    for r, row in enumerate(lay.blocks[0]):
        bad = next((c for c, t in enumerate(row) if t not in symbols), None)
        if bad is not None:
            raise _bad("YinYang", f"'{row[bad]}' at r{r + 1}c{bad + 1} is not 'b', 'w' or '-'")
        grid.append([symbols[t] for t in row])
    b.add("yin-yang")
    if any(s != "." for row in grid for s in row):
        b.grids["shading"] = grid


def _slitherlink(b: CaseBuilder, text: str) -> None:
    lay = read_layout(text, "Slitherlink", 1)
    b.board = (lay.rows, lay.cols)
    grid = []
    for r, row in enumerate(lay.blocks[0]):
        out = []
        for c, t in enumerate(row):
            if t == "-":
                out.append(".")
            elif t in ("0", "1", "2", "3"):
                out.append(t)
            else:
                raise _bad("Slitherlink", f"'{t}' at r{r + 1}c{c + 1} is not a clue 0-3 or '-'")
        grid.append(out)
    b.add("slitherlink")
    b.grids["clues"] = grid


def _lines(text: str, genre: str) -> tuple[list[str], list[list[str]]]:
    """The first line's tokens and the token rows after it, for layouts that are not blocks of
    ROWS lines (outside clues above the grid, per-line clue lists)."""
    lines = [ln.split() for ln in text.strip().splitlines() if ln.strip()]
    if not lines or len(lines[0]) < 2 or not all(t.isdigit() for t in lines[0][:2]):
        raise _bad(genre, "the first line is not 'ROWS COLS'")
    if int(lines[0][0]) < 1 or int(lines[0][1]) < 1:
        raise _bad(genre, "the board has no cells")
    return lines[0], lines[1:]


def _rows_of(genre: str, rows: list[list[str]], width: int, what: str) -> None:
    for i, row in enumerate(rows):
        if len(row) != width:
            raise _bad(genre, f"{what} line {i + 1} has {len(row)} entries, not {width}")


def _consecutive(b: CaseBuilder, text: str) -> None:
    """Givens, then a block of bar codes: each cell's number is the sum of 1 (a bar to its
    right), 2 (below), 4 (left) and 8 (above). Every bar is drawn, so two neighbours without
    a bar hold digits that are not consecutive."""
    genre = "ConsecutiveSudoku"
    lay = read_layout(text, genre, 2)
    n = _square(genre, lay)
    b.board = (n, n)
    b.add("latin-square")
    _givens(b, genre, lay.blocks[0], n)
    codes = [[_number(genre, t) for t in row] for row in lay.blocks[1]]
    for r, row in enumerate(codes):
        for c, v in enumerate(row):
            if v > 15:
                raise _bad(genre, f"the bar code {v} at r{r + 1}c{c + 1} is not 0-15")
    for r in range(n):
        for c in range(n):
            for (dr, dc), mine, theirs in (((0, 1), 1, 4), ((1, 0), 2, 8)):
                rr, cc = r + dr, c + dc
                if rr >= n or cc >= n:
                    continue
                pair = [(r + 1, c + 1), (rr + 1, cc + 1)]
                if bool(codes[r][c] & mine) != bool(codes[rr][cc] & theirs):
                    raise _bad(genre, f"the bar codes of r{r + 1}c{c + 1} and r{rr + 1}c{cc + 1}"
                               " disagree about the bar between them")
                if codes[r][c] & mine:
                    b.add("white-dot", pair, id_stem="bar")
                else:
                    b.add("nabner", pair, id_stem="no-bar")


def _even_odd(b: CaseBuilder, text: str) -> None:
    """One block: a given digit, `E` (an even digit) or `O` (an odd digit) in every cell."""
    genre = "EvenOddSudoku"
    lay = read_layout(text, genre, 1)
    n = _square(genre, lay)
    _sudoku_line(b, genre, n)
    marks: dict[str, list[Cell]] = {"E": [], "O": []}
    digits = []
    for r, row in enumerate(lay.blocks[0], 1):
        out = []
        for c, t in enumerate(row, 1):
            if t.upper() in marks:
                marks[t.upper()].append((r, c))
                out.append("-")
            else:
                out.append(t)
        digits.append(out)
    _givens(b, genre, digits, n)
    if marks["E"]:
        b.add("even", marks["E"])
    if marks["O"]:
        b.add("odd", marks["O"])


def _outside_clues(b: CaseBuilder, genre: str, clue_rows: list[list[str]], rows: int,
                   cols: int) -> None:
    """Four lines of skyscraper clues: above the columns, below them, left of the rows and
    right of them; each clue's cells are listed nearest first."""
    _rows_of(genre, clue_rows[:2], cols, "clue")
    _rows_of(genre, clue_rows[2:], rows, "clue")
    top, bottom, left, right = clue_rows
    downs = [[(r, c) for r in range(1, rows + 1)] for c in range(1, cols + 1)]
    acrosses = [[(r, c) for c in range(1, cols + 1)] for r in range(1, rows + 1)]
    sides = ((top, downs), (bottom, [d[::-1] for d in downs]),
             (left, acrosses), (right, [a[::-1] for a in acrosses]))
    for clues, paths in sides:
        for tok, cells in zip(clues, paths, strict=True):
            if tok != "-":
                b.add("skyscraper", cells, visible=_number(genre, tok))


def _skyscraper_sudoku(b: CaseBuilder, text: str) -> None:
    """Four lines of outside clues (see `_outside_clues`), then the givens."""
    genre = "SkyscraperSudoku"
    head, body = _lines(text, genre)
    rows, cols = int(head[0]), int(head[1])
    if rows != cols:
        raise _bad(genre, f"a {rows}x{cols} grid is not square")
    if len(body) != rows + 4:
        raise _bad(genre, f"expected 4 clue lines and {rows} grid rows, found {len(body)} lines")
    _sudoku_line(b, genre, rows)
    _rows_of(genre, body[4:], cols, "grid")
    _givens(b, genre, body[4:], rows)
    _outside_clues(b, genre, body[:4], rows, cols)


def _thermometer(b: CaseBuilder, text: str) -> None:
    """A line of column counts, a line of row counts, then the grid: `T.K` is the K-th cell of
    thermometer T, counted from its bulb (`-` is a cell on no thermometer)."""
    genre = "Thermometer"
    head, body = _lines(text, genre)
    rows, cols = int(head[0]), int(head[1])
    if len(body) != rows + 2:
        raise _bad(genre, f"expected 2 count lines and {rows} grid rows, found {len(body)} lines")
    _rows_of(genre, body[:1], cols, "column count")
    _rows_of(genre, body[1:2], rows, "row count")
    _rows_of(genre, body[2:], cols, "grid")
    b.board = (rows, cols)
    thermos: dict[int, dict[int, Cell]] = {}
    for r, row in enumerate(body[2:], 1):
        for c, tok in enumerate(row, 1):
            if tok == "-":
                continue
            t, _, k = tok.partition(".")
            if not (t.isdigit() and k.isdigit()):
                raise _bad(genre, f"'{tok}' at r{r}c{c} is not THERMOMETER.CELL such as 3.1")
            cells = thermos.setdefault(int(t), {})
            if int(k) in cells:
                raise _bad(genre, f"thermometer {t} has two cells numbered {k}")
            cells[int(k)] = (r, c)
    for t in sorted(thermos):
        cells = thermos[t]
        if sorted(cells) != list(range(1, len(cells) + 1)):
            raise _bad(genre, f"the cells of thermometer {t} are not numbered 1-{len(cells)}")
        path = [cells[k] for k in sorted(cells)]
        for (r0, c0), (r1, c1) in itertools.pairwise(path):
            if abs(r0 - r1) + abs(c0 - c1) != 1:
                raise _bad(genre, f"thermometer {t} jumps from r{r0}c{c0} to r{r1}c{c1}")
        b.add("thermometer", path)
    for c, tok in enumerate(body[0], 1):
        if tok != "-":
            b.add("shade-count", [(r, c) for r in range(1, rows + 1)], id_stem="column",
                  count=_number(genre, tok))
    for r, tok in enumerate(body[1], 1):
        if tok != "-":
            b.add("shade-count", [(r, c) for c in range(1, cols + 1)], id_stem="row",
                  count=_number(genre, tok))


def _nonogram(b: CaseBuilder, text: str) -> None:
    """COLS lines of column clues (top to bottom), then ROWS lines of row clues (left to
    right): the lengths of the runs of shaded cells, `0` or `-` for an empty line."""
    genre = "Nonogram"
    head, body = _lines(text, genre)
    rows, cols = int(head[0]), int(head[1])
    if len(body) != rows + cols:
        raise _bad(genre, f"expected {cols} column and {rows} row clue lines, found "
                   f"{len(body)} lines")
    b.board = (rows, cols)
    downs = [[(r, c) for r in range(1, rows + 1)] for c in range(1, cols + 1)]
    acrosses = [[(r, c) for c in range(1, cols + 1)] for r in range(1, rows + 1)]
    for n, (toks, cells, what) in enumerate(
            [(t, d, "column") for t, d in zip(body[:cols], downs, strict=True)]
            + [(t, a, "row") for t, a in zip(body[cols:], acrosses, strict=True)]):
        runs = [] if toks in (["0"], ["-"]) else [_number(genre, t) for t in toks]
        if any(x < 1 for x in runs) or sum(runs) + len(runs) - 1 > len(cells):
            raise _bad(genre, f"the runs {' '.join(toks)} of clue line {n + 1} do not fit "
                       f"a {what} of {len(cells)} cells")
        b.add("shade-pattern", cells, id_stem=what, pattern=nonogram_pattern(runs))


def nonogram_pattern(runs: list[int]) -> str:
    """The shadings a Nonogram clue allows, as a `shade-pattern`: `[2, 1]` is `0*1{2}0+1{1}0*`."""
    return "0*" + "0+".join(f"1{{{length}}}" for length in runs) + "0*" if runs else "0*"


def _akari(b: CaseBuilder, text: str) -> None:
    """One block: `x` a wall, `0`-`4` a wall with a number, `-` an open cell. The answer's
    shading marks the bulbs."""
    genre = "Akari"
    lay = read_layout(text, genre, 1)
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    grid = lay.blocks[0]
    walls: dict[Cell, int | None] = {}
    for r, row in enumerate(grid, 1):
        for c, t in enumerate(row, 1):
            if t in ("x", "X"):
                walls[(r, c)] = None
            elif t != "-":
                n = _number(genre, t)
                if n > 4:
                    raise _bad(genre, f"the wall number {n} at r{r}c{c} is not 0-4")
                walls[(r, c)] = n
    if walls:
        b.add("shade-count", sorted(walls), id_stem="walls", count=0)
    for (r, c), n in sorted(walls.items()):
        if n is None:
            continue
        around = [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                  if 1 <= r + dr <= rows and 1 <= c + dc <= cols
                  and (r + dr, c + dc) not in walls]
        if around or n:
            b.add("shade-count", around, id_stem="number", count=n)
    seen: dict[Cell, list[Cell]] = {}
    segments: list[list[Cell]] = []
    lines = ([[(r, c) for c in range(1, cols + 1)] for r in range(1, rows + 1)]
             + [[(r, c) for r in range(1, rows + 1)] for c in range(1, cols + 1)])
    for line in lines:
        run: list[Cell] = []
        for cell in [*line, None]:
            if cell is not None and cell not in walls:
                run.append(cell)
                continue
            for x in run:  # x sees its row segment and its column segment
                sees = seen.setdefault(x, [])
                sees.extend(y for y in run if y not in sees)
            if len(run) > 1:
                segments.append(run)
            run = []
    for seg in segments:
        b.add("shade-at-most", seg, id_stem="segment", count=1)
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            if (r, c) not in walls:
                b.add("shade-at-least", seen[(r, c)], id_stem="lit", count=1)


def _skyscraper(b: CaseBuilder, text: str) -> None:
    """First line `N N H`, with `D` when both diagonals hold different digits too. Four lines
    of outside clues (see `_outside_clues`), then the givens. Every row and column holds the
    heights 1-H once; when H < N the other cells are empty, written 0 (no skyscraper)."""
    genre = "Skyscraper"
    head, body = _lines(text, genre)
    rows, cols = int(head[0]), int(head[1])
    if rows != cols:
        raise _bad(genre, f"a {rows}x{cols} grid is not square")
    top = int(head[2]) if len(head) > 2 and head[2].isdigit() else rows
    flags = head[3:] if len(head) > 2 and head[2].isdigit() else head[2:]
    if not 1 <= top <= rows or rows - top > 1 or any(f != "D" for f in flags):
        raise _bad(genre, f"the first line '{' '.join(head)}' is not 'N N H' with H = N or "
                   "N-1, and an optional D")
    if len(body) != rows + 4:
        raise _bad(genre, f"expected 4 clue lines and {rows} grid rows, found {len(body)} lines")
    b.board = (rows, cols)
    low = 0 if top < rows else 1
    if low == 0:
        b.digits = (0, top)
    b.add("latin-square")
    if flags:
        b.add("main-diagonal")
        b.add("anti-diagonal")
    _rows_of(genre, body[4:], cols, "grid")
    grid = []
    for r, row in enumerate(body[4:], 1):
        out = []
        for c, tok in enumerate(row, 1):
            d = None if tok == "-" else _number(genre, tok)
            if d is not None and not low <= d <= top:
                raise _bad(genre, f"the given {d} at r{r}c{c} is outside {low}-{top}")
            out.append(digit_symbol(d))
        grid.append(out)
    if any(x != "." for row in grid for x in row):
        b.grids["givens"] = grid
    _outside_clues(b, genre, body[:4], rows, cols)


def _kakuro(b: CaseBuilder, text: str) -> None:
    """One block: `0` a white cell; `-` a black cell; `D,A` a black cell with the total of the
    run below it (D) and of the run to its right (A), either side may be empty. A black cell
    holds no digit: the case gives it 0 (`digits: 0-9`), and the white cells are not 0."""
    genre = "Kakuro"
    lay = read_layout(text, genre, 1)
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    b.digits = (0, 9)
    grid = lay.blocks[0]
    white = {(r, c) for r, row in enumerate(grid, 1) for c, t in enumerate(row, 1) if t == "0"}
    clues: list[tuple[str, Cell, int]] = []
    for r, row in enumerate(grid, 1):
        for c, t in enumerate(row, 1):
            if t in ("0", "-"):
                continue
            down, comma, across = t.partition(",")
            if not comma:
                raise _bad(genre, f"'{t}' at r{r}c{c} is not 0, '-' or DOWN,ACROSS")
            for total, way in ((down, "down"), (across, "across")):
                if total:
                    clues.append((way, (r, c), _number(genre, total)))
    b.grids["givens"] = [["." if (r, c) in white else "0" for c in range(1, cols + 1)]
                         for r in range(1, rows + 1)]
    if white:
        b.add("absent-digits", sorted(white), digits=[0])
    covered: set[tuple[str, Cell]] = set()
    for way, (r, c), total in clues:
        dr, dc = (1, 0) if way == "down" else (0, 1)
        run = []
        rr, cc = r + dr, c + dc
        while (rr, cc) in white:
            run.append((rr, cc))
            covered.add((way, (rr, cc)))
            rr, cc = rr + dr, cc + dc
        if not run:
            raise _bad(genre, f"the {way} total {total} at r{r}c{c} has no white cells")
        b.add("cage", run, id_stem=way, sum=total)
    for r, c in sorted(white):
        for way, (dr, dc) in (("across", (0, -1)), ("down", (-1, 0))):
            if (way, (r, c)) not in covered and ((r + dr, c + dc) in white
                                                  or (r - dr, c - dc) in white):
                raise _bad(genre, f"the {way} run through r{r}c{c} has no total")


def _masyu(b: CaseBuilder, text: str) -> None:
    """One block: `w` or `1` a white circle, `b` or `2` a black circle, `-` an empty cell.
    The answer is the loop through the cell centres."""
    genre = "Masyu"
    lay = read_layout(text, genre, 1)
    b.board = (lay.rows, lay.cols)
    circles: dict[str, list[Cell]] = {"white-circle": [], "black-circle": []}
    kinds = {"w": "white-circle", "1": "white-circle", "b": "black-circle", "2": "black-circle"}
    for r, row in enumerate(lay.blocks[0], 1):
        for c, t in enumerate(row, 1):
            if t == "-":
                continue
            if t.lower() not in kinds:
                raise _bad(genre, f"'{t}' at r{r}c{c} is not w, b, 1, 2 or '-'")
            circles[kinds[t.lower()]].append((r, c))
    b.add("loop")
    for kind, cells in circles.items():
        if cells:
            b.add(kind, cells)


def _nurikabe(b: CaseBuilder, text: str) -> None:
    """One block: a number is an island's size, `-` a cell without a number. The answer
    shades the wall."""
    genre = "Nurikabe"
    lay = read_layout(text, genre, 1)
    rows, cols = lay.rows, lay.cols
    b.board = (rows, cols)
    islands = []
    for r, row in enumerate(lay.blocks[0], 1):
        for c, t in enumerate(row, 1):
            if t != "-":
                size = _number(genre, t)
                if size < 1:
                    raise _bad(genre, f"the island size {size} at r{r}c{c} is not 1 or more")
                islands.append(((r, c), size))
    if sum(s for _, s in islands) > rows * cols:
        raise _bad(genre, "the islands have more cells than the board")
    b.add("nurikabe")
    for cell, size in islands:
        b.add("island", [cell], size=size)
    if islands:
        b.add("numbered-islands", [cell for cell, _ in islands])


GENRES: dict[str, Callable[[CaseBuilder, str], None]] = {
    "Sudoku": _sudoku,
    "KillerSudoku": _killer,
    "Renban": _latin_with_groups("renban", "Renban", None),
    "JigsawSudoku": _latin_with_groups("all-different", "JigsawSudoku", "piece"),
    "YinYang": _yin_yang,
    "Slitherlink": _slitherlink,
    "ConsecutiveSudoku": _consecutive,
    "EvenOddSudoku": _even_odd,
    "SkyscraperSudoku": _skyscraper_sudoku,
    "Thermometer": _thermometer,
    "Nonogram": _nonogram,
    "Akari": _akari,
    "Skyscraper": _skyscraper,
    "Kakuro": _kakuro,
    "Masyu": _masyu,
    "Nurikabe": _nurikabe,
}
"""The genres this importer reads, each with the function that states its rules."""

KINDS: dict[str, tuple[str, ...]] = {
    "Sudoku": ("sudoku",),
    "KillerSudoku": ("sudoku", "cage"),
    "Renban": ("latin-square", "renban"),
    "JigsawSudoku": ("latin-square", "all-different"),
    "YinYang": ("yin-yang",),
    "Slitherlink": ("slitherlink",),
    "ConsecutiveSudoku": ("latin-square", "white-dot", "nabner"),
    "EvenOddSudoku": ("sudoku", "even", "odd"),
    "SkyscraperSudoku": ("sudoku", "skyscraper"),
    "Thermometer": ("thermometer", "shade-count"),
    "Nonogram": ("shade-pattern",),
    "Akari": ("shade-count", "shade-at-most", "shade-at-least"),
    "Skyscraper": ("latin-square", "skyscraper", "main-diagonal", "anti-diagonal"),
    "Kakuro": ("absent-digits", "cage"),
    "Masyu": ("loop", "white-circle", "black-circle"),
    "Nurikabe": ("nurikabe", "island", "numbered-islands"),
}


def puzzlekit_to_case(genre: str, text: str, *, source: str | None = None,
                      title: str | None = None, library: Library | None = None) -> str:
    """The canonical case text for one puzzlekit `problem` of `genre`."""
    convert = GENRES.get(genre)
    if convert is None:
        raise unsupported(f"puzzlekit genre '{genre}'", "not imported",
                          hint="genres: " + ", ".join(GENRES))
    b = CaseBuilder() if library is None else CaseBuilder(library)
    missing = [k for k in KINDS[genre] if not b.has(k)]
    if missing:
        raise unsupported(f"puzzlekit genre '{genre}'",
                          "the library has no " + ", ".join(f"'{k}'" for k in missing) + " rule")
    convert(b, text)
    b.title = title or None
    b.source = source or f"puzzlekit-dataset {genre} problem"
    return b.build()


SHADED = ("Thermometer", "Nonogram", "Nurikabe")
"""Genres whose solution marks the shaded (filled) cells with `x`."""


def read_solution(genre: str, text: str) -> dict[str, list[list[int]]]:
    """A puzzlekit solution as the answer parts Sapphire reports: `digits` rows, `shading`
    rows (1 shaded), or for a Slitherlink `inside` rows (1 inside the loop)."""
    first, _, rest = text.strip().partition("\n")
    if genre == "Skyscraper":  # `N N H [D]`: the size is the first two numbers
        first = " ".join(first.split()[:2])
    lay = read_layout(first + "\n" + rest, genre)
    block = lay.blocks[0]
    if genre == "YinYang":
        return {"shading": [[1 if t.lower() == "b" else 0 for t in row] for row in block]}
    if genre in SHADED:
        return {"shading": [[1 if t.lower() == "x" else 0 for t in row] for row in block]}
    if genre == "Masyu":  # each cell names the sides its loop leaves by: n, e, s, w
        return {"loop": {"across": [[1 if "e" in t.lower() else 0 for t in row] for row in block],
                         "down": [[1 if "s" in t.lower() else 0 for t in row] for row in block]}}
    if genre == "Akari":
        return {"shading": [[1 if t.lower() == "o" else 0 for t in row] for row in block]}
    if genre == "Slitherlink":
        return {"inside": [[1 if t.lower() == "x" else 0 for t in row] for row in block]}
    if genre == "Kakuro":  # a black cell holds no digit; the case writes it 0
        return {"digits": [[0 if t == "-" else _number(genre, t) for t in row] for row in block]}
    return {"digits": [[_number(genre, t) for t in row] for row in block]}
