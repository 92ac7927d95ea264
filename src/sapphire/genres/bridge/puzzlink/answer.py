"""A pzprv3 answer (pzprjs's file format, `pzprv3/GENRE/ROWS/COLS/…`, lines split by `/`) read
as the answer parts Sapphire reports: `digits`, `shading` (1 shaded), `inside` (1 inside a
Slitherlink's loop) or a Masyu's `loop` (`across` and `down` links between cell centres).

The layouts, as pzprjs's `FileIO` writes them for our genres: the clue rows, then
* `slither`: ROWS lines of COLS+1 vertical edges, ROWS+1 lines of COLS horizontal ones (1 a
  line);
* `yinyang`: ROWS lines of answers (1 white, 2 black; `.` on a clue, which keeps its colour);
* `mashu`: ROWS lines of COLS-1 across links, ROWS-1 lines of COLS down links (1 a link);
* `nurikabe`, `lightup`: the clue rows hold the answer too, `#` shaded (a bulb);
* `nonogram`: one grid with the clues above and left of the cells (half a line's length of
  them, rounded up), `#` a shaded cell.
"""

from __future__ import annotations

from sapphire.diagnostics import error
from sapphire.formats.pzprv3 import Pzprv3, block
from sapphire.genres.bridge.puzzlink.numlin import ANSWERS as NUMLIN
from sapphire.genres.bridge.puzzlink.regions import read_region_answer
from sapphire.genres.bridge.puzzlink.shading import read_shade_answer
from sapphire.genres.bridge.puzzlink.shapes import ANSWERS as SHAPES

Parts = dict[str, object]


def _digit(t: str) -> int:
    digits = "".join(ch for ch in t if ch.isdigit())
    return int(digits) if digits else 0


def read_answer(file: Pzprv3) -> Parts:
    """The answer parts of a pzprv3 file of a bridged genre."""
    genre = file.genre
    rows, cols, rest = file.rows, file.cols, file.body
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
    if genre == "yinyang":
        clues = block(rest, 0, rows, cols, "clues")
        answer = block(rest, rows, rows, cols, "answers")
        return {"shading": [[1 if (a if a != "." else q) == "2" else 0
                             for q, a in zip(qr, ar, strict=True)]
                            for qr, ar in zip(clues, answer, strict=True)]}
    if genre == "mashu":
        across = block(rest, rows, rows, cols - 1, "across links")
        down = block(rest, 2 * rows, rows - 1, cols, "down links")
        return {"loop": {
            "across": [[1 if c < cols - 1 and across[r][c] == "1" else 0 for c in range(cols)]
                       for r in range(rows)],
            "down": [[1 if r < rows - 1 and down[r][c] == "1" else 0 for c in range(cols)]
                     for r in range(rows)]}}
    if genre in ("nurikabe", "lightup"):
        grid = block(rest, 0, rows, cols, "grid")
        return {"shading": [[1 if t == "#" else 0 for t in row] for row in grid]}
    if genre == "nonogram":
        top, left = (rows + 1) // 2, (cols + 1) // 2
        grid = block(rest, 0, rows + top, cols + left, "grid")
        return {"shading": [[1 if t == "#" else 0 for t in row[left:]] for row in grid[top:]]}
    shaded = read_shade_answer(genre, rows, cols, rest)
    if shaded is not None:
        return shaded
    regions = read_region_answer(genre, rows, cols, rest)
    if regions is not None:
        return regions
    if genre in SHAPES:
        return SHAPES[genre](rest, rows, cols)
    if genre in NUMLIN:
        return NUMLIN[genre](rest, rows, cols)
    raise error("unsupported", f"no reader of pzprv3 answers of '{genre}'")
