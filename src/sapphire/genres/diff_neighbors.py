"""Different Neighbors (janko.at's Verschiedene Nachbarn): write one of 1 to 4 in every
region, in all of its cells; regions that touch, by a side or only at a corner, hold
different numbers.

The case is `digits: 1-4` with the givens; each region of more than one cell is a
`same-values … sets N` line over its N cells (all hold one number; `region-1`, …), and each
pair of touching regions an `all-different` line over the first two cells, in reading order,
by which they touch (`touch-1`, …): with one number a region, one pair of cells says it. The
rules are those of the puzzlekit solver; with them each of the dataset's puzzles has its
recorded answer alone. The answer is the digits.

* puzzlekit (`DiffNeighbors`): the grid, a given number or `-` per cell, then the regions,
  a block naming each cell's region by a number. A solution writes each region's number in
  its first cell only (`-` in the others), so it is read with its problem.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import KING, Cell, Step, moved
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import (
    Source,
    groups_of,
    number,
    number_grid,
    rc,
    read_layout,
    solution_grid,
)

HINT = "a given is a number 1-4, '-' for none"


@dataclass(frozen=True)
class Clues:
    """A puzzle of regions of one number each: the board, its givens and its regions."""

    rows: int
    cols: int
    givens: tuple[tuple[int | None, ...], ...] = ()
    """Each row's given numbers, None for none."""
    regions: tuple[tuple[Cell, ...], ...] = ()
    """Each region's cells, in reading order; regions in the order of their first cells."""


def read_regions(src: Source, hint: str) -> Clues:
    """A grid of givens and a block of regions, each token of the givens placed under its
    cell."""
    lay = read_layout(src, ("the grid", "the regions"))
    givens = number_grid(src, lay.blocks[0], hint)
    regions = sorted(tuple(cells) for cells in groups_of(lay.blocks[1]))
    return Clues(lay.rows, lay.cols, givens, tuple(regions))


def touching(regions: tuple[tuple[Cell, ...], ...], steps: tuple[Step, ...]
             ) -> list[tuple[Cell, Cell]]:
    """For each pair of regions that touch by `steps`, the first two cells, in reading order
    of the first, by which they do."""
    region = {cell: k for k, cells in enumerate(regions) for cell in cells}
    done: set[frozenset[int]] = set()
    out = []
    for cell in sorted(region):
        for nb in sorted(moved(cell, step) for step in steps):
            if nb > cell and nb in region and region[nb] != region[cell]:
                pair = frozenset((region[cell], region[nb]))
                if pair not in done:
                    done.add(pair)
                    out.append((cell, nb))
    return out


def add_regions(b: CaseBuilder, clues: Clues, low: int, high: int, steps: tuple[Step, ...],
                hint: str) -> None:
    """Board, digits, givens, one number a region (`same-values`) and a different one in
    each region that touches it by `steps`."""
    for r, row in enumerate(clues.givens, 1):
        for c, d in enumerate(row, 1):
            if d is not None and not low <= d <= high:
                raise ClueError(f"the given {d} at {rc(r - 1, c - 1)} is not {low}-{high}",
                                hint, at=(r, c))
    b.board = (clues.rows, clues.cols)
    b.digits = (low, high)
    b.add_givens(clues.givens)
    for cells in clues.regions:
        if len(cells) > 1:
            b.add("same-values", cells, id_stem="region", sets=len(cells))
    for pair in touching(clues.regions, steps):
        b.add("all-different", pair, id_stem="touch")


class DiffNeighbors(Genre[Clues]):
    puzzlekit = "DiffNeighbors"
    kinds = ("same-values", "all-different")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        add_regions(b, clues, 1, 4, KING, HINT)

    def read_puzzlekit(self, src: Source) -> Clues:
        return read_regions(src, HINT)

    def read_solution(self, src: Source) -> Answer:
        if src.problem is None:
            raise src.error("a DiffNeighbors solution is read with its problem, whose regions "
                            "it numbers in their first cells only", 1, 1)
        problem = self.read_puzzlekit(Source(src.problem, src.label, src.genre))
        grid = solution_grid(src)
        if (len(grid), len(grid[0])) != (problem.rows, problem.cols):
            raise src.error(f"the solution is {len(grid)}x{len(grid[0])}, its problem "
                            f"{problem.rows}x{problem.cols}", 1, 1)
        regions = problem.regions
        digits = [[0] * len(grid[0]) for _ in grid]
        for cells in regions:
            r, c = cells[0]
            value = number(src, grid[r - 1][c - 1], f"at {rc(r - 1, c - 1)}",
                           "a region's number stands in its first cell", dash=False)
            for r, c in cells:
                digits[r - 1][c - 1] = value
        return {"digits": digits}

