"""Yajilin: shade some cells without a clue, no two side by side, and draw one loop through
the centres of all the other cells without a clue; each clue's arrow counts the shaded cells
from it to the edge of the board in its direction.

The case is the `loop`, `shaded-apart`, `loop-or-shaded` on every cell without a clue (with
none too), `blank-cell` on the clue cells (when there are any) and an `arrow-shade-count` per
clue, listing the clue's cell and then the cells its arrow points at. The answer is the
shading and the `loop`.

* puzzlekit (`Yajilin`): one block. `2e`, `1s`, `0w` or `3n` (a number and the way its arrow
  points: east, south, west, north; the way may also come first) is a clue cell; `-` is an
  open cell. Its solution marks a shaded cell `x`, a clue cell `-`, and names for each cell on
  the loop the sides by which the loop leaves it (`n`, `e`, `s`, `w`).
* puz.link (`yajilin`, pzprjs's `yajilin.js`, its `decodeArrowNumber16`; also `yajirin`): a
  clue is a direction (0 none, 1 up, 2 down, 3 left, 4 right) and its number: a direction
  digit 0-4 and one hex digit, 5-9 (the direction plus 5) and two, or `-`, a direction and
  three; `a`-`z` skip 1-26 cells. A clue without an arrow, or an arrow without its number
  (`.`), has no place in the rules here, so such a link is refused at it. Going out, each
  `arrow-shade-count` line is an arrow (one at the edge pointing off the board, with no cell
  after it, is written pointing up, down, left or right, whichever leaves it). A pzprv3 answer
  holds, after the clue rows, a row of marks per row (`#` shaded), then the loop's lines over
  each border (`Pzprv3.borders`).
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer, links_of_sides
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell
from sapphire.formats.encodings import Body
from sapphire.formats.genre import Genre
from sapphire.formats.puzzlekit import Source, read_layout, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

STEPS: dict[str, tuple[int, int]] = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}
"""The steps an arrow points along, in pzprjs's order of its directions 1-4: up (north), down
(south), left (west) and right (east)."""

DIRECTIONS = {k: way for k, way in enumerate(STEPS, 1)}
"""pzprjs's arrow directions 1-4 by the way each points."""

MOST = 4095
"""The largest number a link's arrow can write (`-`, a direction and three hex digits)."""


@dataclass(frozen=True)
class Arrow:
    """A clue: its cell, its number, and the way it points (`n`, `e`, `s`, `w`)."""

    cell: Cell
    count: int
    way: str


@dataclass(frozen=True)
class Clues:
    """A Yajilin: its clues in reading order of their cells."""

    rows: int
    cols: int
    arrows: tuple[Arrow, ...] = ()


def _arrow(text: str) -> tuple[int, str] | None:
    """A puzzlekit clue `2e` (or `e2`) as its count and way, or None."""
    t = text.lower()
    for count, way in ((t[:-1], t[-1:]), (t[1:], t[:1])):
        if way in STEPS and count.isdecimal():
            return int(count), way
    return None


class Yajilin(Genre[Clues]):
    puzzlekit = "Yajilin"
    puzzlink = "yajilin"
    aliases = ("yajirin",)
    kinds = ("loop", "shaded-apart", "loop-or-shaded", "blank-cell", "arrow-shade-count")
    tells = ("loop-or-shaded",)

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        b.board = (rows, cols)
        clued = [a.cell for a in clues.arrows]
        b.add("loop")
        b.add("shaded-apart")
        b.add("loop-or-shaded", [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
                                 if (r, c) not in clued])
        if clued:
            b.add("blank-cell", clued)
        for arrow in clues.arrows:
            dr, dc = STEPS[arrow.way]
            ray = [arrow.cell]
            while 1 <= ray[-1][0] + dr <= rows and 1 <= ray[-1][1] + dc <= cols:
                ray.append((ray[-1][0] + dr, ray[-1][1] + dc))
            b.add("arrow-shade-count", ray, count=arrow.count)

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        arrows = []
        for r, row in enumerate(lay.blocks[0], 1):
            for c, t in enumerate(row, 1):
                if t.text == "-":
                    continue
                arrow = _arrow(t.text)
                if arrow is None:
                    raise src.at(t, f"'{t.text}' at r{r}c{c} is not a clue such as 2e or '-'",
                                 "a clue is a number and the way its arrow points: n, e, s or w "
                                 "(2e counts the shaded cells right of it); '-' is an open cell")
                arrows.append(Arrow((r, c), *arrow))
        return Clues(lay.rows, lay.cols, tuple(arrows))

    def read_solution(self, src: Source) -> Answer:
        grid = [[t.text for t in row] for row in solution_grid(src)]
        return {"shading": [[int(t.lower() == "x") for t in row] for row in grid],
                "loop": links_of_sides(grid)}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, size = body.cols, body.cols * body.rows
        arrows = []
        pointless: tuple[int, int] | None = None  # the first clue without an arrow, and where
        k = 0
        while not body.done() and k < size:
            ch, at = body.peek(), body.pos
            body.pos += 1
            if "a" <= ch <= "z":
                k += int(ch, 36) - 9
                continue
            if "0" <= ch <= "4":
                way = int(ch)
                if body.peek() == ".":
                    raise body.error("an arrow without its number ('.') is not read", body.pos,
                                     hint="every Yajilin arrow here has a number")
                n = body.hex_run(1, "an arrow's direction")
            elif "5" <= ch <= "9":
                way, n = int(ch) - 5, body.hex_run(2, "an arrow's direction")
            elif ch == "-":
                way = body.hex_run(1, "'-'")
                n = body.hex_run(3, "an arrow's direction")
            else:
                raise body.error(f"{ch!r} is not a Yajilin clue", at,
                                 hint="an arrow is a direction 0-4 and a number; a-z skip cells")
            if way in DIRECTIONS:
                arrows.append(Arrow((k // cols + 1, k % cols + 1), n, DIRECTIONS[way]))
            elif pointless is None:
                pointless = (k, at)
            k += 1
        if pointless is not None:  # refused once the link reads to its end
            body.finish()
            k, at = pointless
            raise body.link.error(f"the clue at r{k // cols + 1}c{k % cols + 1} has no arrow, "
                                  "which the Yajilin rules here need", body.link.body_at + at,
                                  hint="every clue here points up, down, left or right "
                                       "(directions 1-4)", kind="unsupported")
        return Clues(body.rows, cols, tuple(arrows))

    def encode(self, clues: Clues) -> str:
        at = {a.cell: a for a in clues.arrows}
        direction = {way: k for k, way in DIRECTIONS.items()}
        out: list[str] = []
        gap = 0
        for r in range(1, clues.rows + 1):
            for c in range(1, clues.cols + 1):
                arrow = at.get((r, c))
                if arrow is None:
                    gap += 1
                    if gap == 26:
                        out.append("z")
                        gap = 0
                    continue
                if gap:
                    out.append(chr(ord("a") + gap - 1))
                    gap = 0
                way, n = direction[arrow.way], arrow.count
                out.append(f"{way}{n:x}" if n < 16 else f"{way + 5}{n:02x}" if n < 256
                           else f"-{way:x}{n:03x}")
        if gap:
            out.append(chr(ord("a") + gap - 1))
        return "".join(out)

    def from_case(self, case: Readback) -> Clues:
        """Each `arrow-shade-count` line's arrow: the first cell is the clue, the second where
        the arrow points; an arrow with no cell after it points off the board (up, down, left
        or right, whichever leaves it)."""
        rows, cols = case.rows, case.cols
        arrows = []
        for rule in case.rules("arrow-shade-count"):
            path = case.cells(rule)
            count = case.param(rule, "count")
            (r, c) = path[0]
            if len(path) > 1:
                step = (path[1][0] - r, path[1][1] - c)
            else:
                step = next((s for s in STEPS.values()
                             if not (1 <= r + s[0] <= rows and 1 <= c + s[1] <= cols)), (0, 0))
            way = next((w for w, s in STEPS.items() if s == step), None)
            straight = path == [(r + i * step[0], c + i * step[1]) for i in range(len(path))]
            beyond = (path[-1][0] + step[0], path[-1][1] + step[1])
            if way is None or not straight or not isinstance(count, int) or (
                    len(path) > 1 and 1 <= beyond[0] <= rows and 1 <= beyond[1] <= cols):
                raise case.refuse_rule(rule, "an arrow's cells run straight from the clue to "
                                             "the edge of the board")
            arrows.append(Arrow((r, c), count, way))
        case.within((a.count for a in arrows), 0, MOST)
        return Clues(rows, cols, tuple(sorted(arrows, key=lambda a: a.cell)))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        marks = file.block(file.rows, file.rows, file.cols, "shading")
        return {"shading": [[int(t == "#") for t in row] for row in marks],
                "loop": file.borders(2 * file.rows)}
