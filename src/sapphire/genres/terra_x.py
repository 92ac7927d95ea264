"""Terra-X (janko.at): write one digit 0-9 in every region, in all of its cells; regions
beside each other (sharing a side) hold different digits; where four regions meet at a
point, their four digits add up to 10.

The case is `digits: 0-9` with the givens, a `same-values` line on each region of more than
one cell and an `all-different` line on each pair of regions that share a side, as in
Different Neighbors (`sapphire.genres.diff_neighbors`), and a `sum … total 10` on each 2×2
block whose four cells lie in four regions (`point-1`, …). The rules are those of the
puzzlekit solver; with them each of the dataset's puzzles has its recorded answer alone. The
answer is the digits.

* puzzlekit (`TerraX`): the grid, a given digit or `-` per cell, then the regions, a block
  naming each cell's region by a number. A solution is every cell's digit.
"""

from __future__ import annotations

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import ORTHOGONAL
from sapphire.formats.genre import Genre
from sapphire.formats.puzzlekit import Source, solution_digits
from sapphire.genres.diff_neighbors import Clues, add_regions, read_regions

HINT = "a given is a digit 0-9, '-' for none"


class TerraX(Genre[Clues]):
    puzzlekit = "TerraX"
    kinds = ("same-values", "all-different", "sum")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        add_regions(b, clues, 0, 9, ORTHOGONAL, HINT)
        region = {cell: k for k, cells in enumerate(clues.regions) for cell in cells}
        for r in range(1, clues.rows):
            for c in range(1, clues.cols):
                four = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                if len({region[x] for x in four}) == 4:
                    b.add("sum", four, id_stem="point", total=10)

    def read_puzzlekit(self, src: Source) -> Clues:
        return read_regions(src, HINT)

    def read_solution(self, src: Source) -> Answer:
        return {"digits": solution_digits(src)}
