"""Yin-Yang: shade some cells so that the shaded cells hang together, so do the unshaded ones,
and no 2×2 block is all of one colour; some cells are given shaded (black circles) or unshaded
(white ones).

The case is `yin-yang` with the given colours as its `shading:` grid (`b` shaded, `w`
unshaded); a board without circles has no grid. The answer shades every cell.

* puzzlekit (`YinYang`): one block, `b` (shaded) or `w` (unshaded) for a circle, `-` for a
  cell without one. A solution is `b` or `w` in every cell.
* puz.link (`yinyang`, pzprjs's `yinyang.js`): the circles three to a base-27 character
  (`circle`: 1 white, 2 black). A pzprv3 answer holds ROWS lines of circles (1 white, 2
  black), then ROWS lines of the answer in the same numbers, `.` on a circle, which keeps its
  colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.encodings import Body, circle, encode_circle
from sapphire.formats.genre import Genre
from sapphire.formats.puzzlekit import Source, rc, read_layout, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

SYMBOLS = {"b": "b", "w": "w", "B": "b", "W": "w"}
"""A circle's token in the text, and its symbol in the case's `shading:` grid."""

WHITE, BLACK = 1, 2
"""A circle in a link and in a pzprv3 file."""


@dataclass(frozen=True)
class Clues:
    """A Yin-Yang puzzle: the board and its circles."""

    rows: int
    cols: int
    circles: tuple[tuple[bool | None, ...], ...] = ()
    """Each row's circles: SHADED (black), UNSHADED (white), None for a cell without one."""


class YinYang(Genre[Clues]):
    puzzlekit = "YinYang"
    puzzlink = "yinyang"
    kinds = ("yin-yang",)
    tells = kinds

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        b.board = (clues.rows, clues.cols)
        b.add("yin-yang")
        if any(v is not None for row in clues.circles for v in row):
            b.grids["shading"] = [["." if v is None else "b" if v else "w" for v in row]
                                  for row in clues.circles]

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        circles = []
        for r, row in enumerate(lay.blocks[0]):
            line: list[bool | None] = []
            for c, t in enumerate(row):
                if t.text == "-":
                    line.append(None)
                elif t.text in SYMBOLS:
                    line.append(SYMBOLS[t.text] == "b")
                else:
                    raise src.at(t, f"'{t.text}' at {rc(r, c)} is not 'b', 'w' or '-'",
                                 "a clue is b (shaded) or w (unshaded); '-' is a cell without "
                                 "one")
            circles.append(tuple(line))
        return Clues(lay.rows, lay.cols, tuple(circles))

    def read_solution(self, src: Source) -> Answer:
        return {"shading": [[int(t.text.lower() == "b") for t in row]
                            for row in solution_grid(src)]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        cells = circle(body, cols * rows)
        return Clues(rows, cols, tuple(
            tuple(None if v == 0 else v == BLACK for v in cells[r * cols:(r + 1) * cols])
            for r in range(rows)))

    def encode(self, clues: Clues) -> str:
        return encode_circle([0 if v is None else BLACK if v else WHITE
                              for row in clues.circles for v in row])

    def from_case(self, case: Readback) -> Clues:
        """The circles of the front matter's `shading:` grid."""
        grid = case.shading() or [[None] * case.cols for _ in range(case.rows)]
        return Clues(case.rows, case.cols, tuple(tuple(None if v is None else bool(v)
                                                       for v in row) for row in grid))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        circles = file.block(0, file.rows, file.cols, "clues")
        answer = file.block(file.rows, file.rows, file.cols, "answers")
        return {"shading": [[int((a if a != "." else q) == str(BLACK))
                             for q, a in zip(qr, ar, strict=True)]
                            for qr, ar in zip(circles, answer, strict=True)]}
