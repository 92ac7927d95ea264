"""A pzprv3 answer (pzprjs's file format, `pzprv3/GENRE/ROWS/COLS/…`, lines split by `/`) read
as the answer parts Sapphire reports: `digits`, `shading` (1 shaded), `inside` (1 inside a
Slitherlink's loop) or a Masyu's `loop` (`across` and `down` links between cell centres).

The layouts, as pzprjs's `FileIO` writes them for our genres: the clue rows, then
* `slither`: ROWS lines of COLS+1 vertical edges, ROWS+1 lines of COLS horizontal ones (1 a
  line);
* `sudoku` (one size only): ROWS lines of entered digits (`.` on a given);
* `mashu`: ROWS lines of COLS-1 across links, ROWS-1 lines of COLS down links (1 a link);
* `kakuro`: ROWS+1 lines of COLS+1 clues, then ROWS lines of digits (`.` a black cell);
* `skyscrapers`: one grid of ROWS+2 lines of COLS+2, outside clues around the digits.
"""

from __future__ import annotations

from sapphire.diagnostics import error
from sapphire.formats.pzprv3 import Pzprv3, block
from sapphire.genres.bridge.puzzlink.fleet import read_fleet_answer
from sapphire.genres.bridge.puzzlink.numbers import ANSWERS, read_number_answer
from sapphire.genres.bridge.puzzlink.numlin import ANSWERS as NUMLIN
from sapphire.genres.bridge.puzzlink.shading import read_shade_answer
from sapphire.genres.bridge.puzzlink.shapes import ANSWERS as SHAPES

Parts = dict[str, object]


def _digit(t: str) -> int:
    digits = "".join(ch for ch in t if ch.isdigit())
    return int(digits) if digits else 0


def read_answer(file: Pzprv3) -> Parts:
    """The answer parts of a pzprv3 file of a bridged genre."""
    genre = file.genre
    if genre == "sudoku":  # one size
        rows = cols = file.rows
        rest = file.lines[3:]
    else:
        rows, cols, rest = file.rows, file.cols, file.body
    if genre in ANSWERS:
        return read_number_answer(genre, rows, cols, rest)
    if genre == "slither":
        vertical = block(rest, rows, rows, cols + 1, "vertical edges")
        inside = []
        for row in vertical:
            out, flag = [], 0
            for c in range(cols):
                flag ^= row[c] == "1"
                out.append(int(flag))
            inside.append(out)
        return {"inside": inside}
    if genre == "sudoku":
        givens = block(rest, 0, rows, cols, "givens")
        answer = block(rest, rows, rows, cols, "digits")
        return {"digits": [[_digit(a if a != "." else g) for g, a in zip(gr, ar, strict=True)]
                           for gr, ar in zip(givens, answer, strict=True)]}
    if genre == "mashu":
        across = block(rest, rows, rows, cols - 1, "across links")
        down = block(rest, 2 * rows, rows - 1, cols, "down links")
        return {"loop": {
            "across": [[1 if c < cols - 1 and across[r][c] == "1" else 0 for c in range(cols)]
                       for r in range(rows)],
            "down": [[1 if r < rows - 1 and down[r][c] == "1" else 0 for c in range(cols)]
                     for r in range(rows)]}}
    if genre == "kakuro":
        digits = block(rest, rows + 1, rows, cols, "digits")
        return {"digits": [[0] * (cols + 1)] + [[0] + [_digit(t) for t in row]
                                                for row in digits]}
    if genre == "skyscrapers":
        grid = block(rest, 0, rows + 2, cols + 2, "grid")
        return {"digits": [[_digit(t) for t in row[1:cols + 1]] for row in grid[1:rows + 1]]}
    shaded = read_shade_answer(genre, rows, cols, rest)
    if shaded is not None:
        return shaded
    if genre in SHAPES:
        return SHAPES[genre](rest, rows, cols)
    parts = read_fleet_answer(genre, rows, cols, rest)
    if parts is not None:
        return parts
    if genre in NUMLIN:
        return NUMLIN[genre](rest, rows, cols)
    raise error("unsupported", f"no reader of pzprv3 answers of '{genre}'")
