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

A `solution` uses the same layout: the digits; `b`/`w` for every cell of a Yin-Yang; for a
Slitherlink, `x` for a cell inside the loop and `-` for one outside.

What is imported
----------------
Each genre becomes the rule lines of the `std` library that state its rules (`sudoku NxN`,
`cage` per cage, `latin-square` with `renban` per group or `all-different` per piece,
`yin-yang`, `slitherlink`), with the givens, shading or clues in the front matter.
`read_solution` reads a solution in the same layout, for comparing answers.
"""

from __future__ import annotations

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


def _number(genre: str, token: str) -> int:
    if not token.isdigit():
        raise _bad(genre, f"'{token}' is neither '-' nor a number")
    return int(token)


def _givens(b: CaseBuilder, genre: str, block: list[list[str]], n: int) -> None:
    grid: list[list[str]] = []
    seen = False
    for row in block:
        out = []
        for tok in row:
            if tok == "-":
                out.append(".")
                continue
            d = _number(genre, tok)
            if not 1 <= d <= n:
                raise _bad(genre, f"the given {d} is outside 1-{n}")
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
    for row in lay.blocks[0]:
        if any(t not in symbols for t in row):
            raise _bad("YinYang", "cells are 'b', 'w' or '-'")
        grid.append([symbols[t] for t in row])
    b.add("yin-yang")
    if any(s != "." for row in grid for s in row):
        b.grids["shading"] = grid


def _slitherlink(b: CaseBuilder, text: str) -> None:
    lay = read_layout(text, "Slitherlink", 1)
    b.board = (lay.rows, lay.cols)
    grid = []
    for row in lay.blocks[0]:
        out = []
        for t in row:
            if t == "-":
                out.append(".")
            elif t in ("0", "1", "2", "3"):
                out.append(t)
            else:
                raise _bad("Slitherlink", f"'{t}' is not a clue 0-3 or '-'")
        grid.append(out)
    b.add("slitherlink")
    b.grids["clues"] = grid


GENRES: dict[str, Callable[[CaseBuilder, str], None]] = {
    "Sudoku": _sudoku,
    "KillerSudoku": _killer,
    "Renban": _latin_with_groups("renban", "Renban", None),
    "JigsawSudoku": _latin_with_groups("all-different", "JigsawSudoku", "piece"),
    "YinYang": _yin_yang,
    "Slitherlink": _slitherlink,
}
"""The genres this importer reads, each with the function that states its rules."""

KINDS: dict[str, tuple[str, ...]] = {
    "Sudoku": ("sudoku",),
    "KillerSudoku": ("sudoku", "cage"),
    "Renban": ("latin-square", "renban"),
    "JigsawSudoku": ("latin-square", "all-different"),
    "YinYang": ("yin-yang",),
    "Slitherlink": ("slitherlink",),
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


def read_solution(genre: str, text: str) -> dict[str, list[list[int]]]:
    """A puzzlekit solution as the answer parts Sapphire reports: `digits` rows, `shading`
    rows (1 shaded), or for a Slitherlink `inside` rows (1 inside the loop)."""
    lay = read_layout(text, genre)
    block = lay.blocks[0]
    if genre == "YinYang":
        return {"shading": [[1 if t.lower() == "b" else 0 for t in row] for row in block]}
    if genre == "Slitherlink":
        return {"inside": [[1 if t.lower() == "x" else 0 for t in row] for row in block]}
    return {"digits": [[_number(genre, t) for t in row] for row in block]}
