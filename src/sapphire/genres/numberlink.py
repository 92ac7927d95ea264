"""NumberLink: join each pair of equal numbers by a line through cell centres, the lines
neither branching, crossing, touching a third number nor sharing a cell; with `fill`, every
cell is on a line.

The case is one `numberlink` line listing the numbered cells in pairs, number by number (each
pair in reading order), with `fill true` where every cell must be on a line. The answer's
`links` are the lines. Three genres state it, which differ in `fill`:

* puzzlekit (`NumberLink`, janko.at's Arukone): one block, a number in the two cells its line
  joins, `-` an open cell. Its solution names for each cell the sides by which a line leaves it
  (`n`, `e`, `s`, `w`; every cell is on a line). The case has `fill true` and a note saying
  why: janko.at's rules page asks no such thing, but its puzzles are made to leave no cell
  empty, as every solution of the dataset shows. With it the answer is proved the only one
  that fills the board; without it the proof is the stronger claim and far slower
  (docs/decisions.md, "Guides").
* puz.link `numlin` and `arukone` (pzprjs's `numlin.js`): the numbers in `number16` (an
  Arukone shows them as letters, A for 1). pzprjs's checker asks of both that lines join
  equal numbers without branching, crossing, passing through a third number, ending off a
  number or running apart from the numbers, and that every number has its line; an `arukone`
  asks too that every cell be on a line unless its link has the flag `e`
  (`arukone/e/COLS/ROWS/…`), a `numlin` never. So a `numlin` is `fill` false, an `arukone`
  `fill true` unless flagged `e`. A `?` (`.`, a line's end whose number is not given) is
  refused where it stands, since the rules here pair ends by their numbers. Going out, the
  `numberlink` line gives the numbers back, 1 for its first pair, 2 for the next and so on, as
  an `arukone` link with `fill true` and a `numlin` link without. A pzprv3 answer holds, after
  the clue rows (an Arukone's after a line `passallcell` or `dontpassallcell`), the lines over
  each border (`Pzprv3.borders`).
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.case import Case
from sapphire.diagnostics import error
from sapphire.formats.answer import Answer, links_of_sides
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell
from sapphire.formats.encodings import UNKNOWN, Body, encode_number16, number16
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, number, read_layout, solution_grid
from sapphire.formats.pzprv3 import HINT as PZPRV3_HINT
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

PAIR_HINT = "each number marks the two ends of its line, so it stands in two cells"

JANKO_NOTE = ("janko.at's Arukone has no rule that every cell be on a line, though its puzzles "
              "leave none empty; `fill true` asks it, so a unique answer here is the only one "
              "that fills the board.")
"""The note a puzzlekit NumberLink's case carries, saying where its `fill true` comes from."""


@dataclass(frozen=True)
class Clues:
    """A NumberLink: the number in each cell, row by row (None: none), and whether every cell
    must be on a line."""

    rows: int
    cols: int
    numbers: tuple[tuple[int | None, ...], ...] = ()
    fill: bool = False

    def pairs(self) -> dict[int, list[Cell]]:
        """The cells of each number, numbers in order, cells in reading order."""
        ends: dict[int, list[Cell]] = {}
        for r, row in enumerate(self.numbers, 1):
            for c, n in enumerate(row, 1):
                if n is not None:
                    ends.setdefault(n, []).append((r, c))
        return dict(sorted(ends.items()))


class _NumberLink(Genre[Clues]):
    """What the three genres share: the one `numberlink` line."""

    kinds = ("numberlink",)

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        b.board = (clues.rows, clues.cols)
        pairs = clues.pairs()
        for n, cells in pairs.items():
            if len(cells) != 2:
                raise ClueError(f"number {n} stands in {len(cells)} cell"
                                f"{'s' if len(cells) > 1 else ''}, not two", PAIR_HINT,
                                at=("number", n))
        b.add("numberlink", [cell for cells in pairs.values() for cell in cells],
              fill=clues.fill)


class NumberLink(_NumberLink):
    puzzlekit = "NumberLink"

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        super().build(b, clues)
        b.notes = JANKO_NOTE

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        numbers = []
        seen: dict[int, int] = {}
        for r, row in enumerate(lay.blocks[0], 1):
            out: list[int | None] = []
            for c, t in enumerate(row, 1):
                if t.text == "-":
                    out.append(None)
                    continue
                n = number(src, t, f"at r{r}c{c}", "a number marks an end of its line; '-' is "
                           "an open cell")
                seen[n] = seen.get(n, 0) + 1
                if seen[n] in (1, 3):  # where a number not in two cells is refused
                    src.places[("number", n)] = t
                out.append(n)
            numbers.append(tuple(out))
        return Clues(lay.rows, lay.cols, tuple(numbers), fill=True)

    def read_solution(self, src: Source) -> Answer:
        return {"links": links_of_sides([[t.text for t in row] for row in solution_grid(src)])}


class Numlin(_NumberLink):
    puzzlink = "numlin"
    tells = ("numberlink",)
    most = 8191
    """The most pairs its link can number."""

    def fills(self, body: Body) -> bool:
        """Whether the link asks every cell to be on a line."""
        return False

    def claims(self, case: Case) -> bool:
        return not _filled(case)

    def decode(self, body: Body) -> Clues:
        cols, start = body.cols, body.pos
        cells = number16(body, cols * body.rows)
        if UNKNOWN in cells:
            k = cells.index(UNKNOWN)
            raise body.link.error(f"the line's end at r{k // cols + 1}c{k % cols + 1} has no "
                                  "number ('?')",
                                  body.link.body_at + body.text.index(".", start),
                                  hint="every end of a line needs its number", kind="unsupported")
        return Clues(body.rows, cols, tuple(tuple(cells[r * cols:(r + 1) * cols])
                                            for r in range(body.rows)), self.fills(body))

    def encode(self, clues: Clues) -> str:
        return encode_number16([n for row in clues.numbers for n in row])

    def from_case(self, case: Readback) -> Clues:
        """Pair k of the `numberlink` line (its cells 2k-1 and 2k) is number k."""
        lines = case.rules("numberlink")
        if len(lines) != 1:
            raise case.refuse("a NumberLink link has one numberlink line")
        rule = lines[0]
        ends = case.cells(rule)
        if len(ends) % 2:
            raise case.refuse_rule(rule, "its cells are not pairs")
        grid: list[list[int | None]] = [[None] * case.cols for _ in range(case.rows)]
        for k, (r, c) in enumerate(ends):
            if grid[r - 1][c - 1] is not None:
                raise case.refuse_rule(rule, f"r{r}c{c} ends two lines")
            grid[r - 1][c - 1] = k // 2 + 1
        case.within((n for row in grid for n in row), 1, self.most)
        return Clues(case.rows, case.cols, tuple(tuple(row) for row in grid), _filled(case.case))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        return {"links": file.borders(file.rows)}


class Arukone(Numlin):
    puzzlink = "arukone"
    most = 52  # pzprjs shows the numbers as letters, A-Z and a-z

    def fills(self, body: Body) -> bool:
        return "e" not in body.flags

    def claims(self, case: Case) -> bool:
        return _filled(case)

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        if not file.body or file.body[0] not in (["passallcell"], ["dontpassallcell"]):
            raise error("bad-pzprv3", "an arukone answer starts with 'passallcell' or "
                        "'dontpassallcell'", hint=PZPRV3_HINT)
        return {"links": file.borders(1 + file.rows)}


def _filled(case: Case) -> bool:
    """Whether a case's (first) `numberlink` line asks every cell to be on a line."""
    rule = next((r for r in case.rules if r.reference == "numberlink"), None)
    return rule is not None and any(p.name == "fill" and p.value is True for p in rule.params)
