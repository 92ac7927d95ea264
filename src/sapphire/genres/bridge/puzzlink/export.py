"""The bridged genres' cases read back into the `Puzzle` their links are written from: per
genre the kinds that tell its case and those its link can carry (`KINDS`), the numbers its link
can write (`LIMITS`), and the reader (`PUZZLES`).

The case is read the way the bridged builders write each genre: its rule kinds tell the genre,
and the front matter's grids and the rules' cells give the clues. A case whose rules hold
anything the genre's link cannot carry is refused, naming the rule, rather than written as a
link that would mean another puzzle.
"""

from __future__ import annotations

from collections.abc import Callable

from sapphire.case import Case
from sapphire.formats import readback
from sapphire.genres.bridge.puzzlink.fleet import EXPORT_KINDS as FLEET_KINDS
from sapphire.genres.bridge.puzzlink.fleet import EXPORT_LIMITS as FLEET_LIMITS
from sapphire.genres.bridge.puzzlink.fleet import EXPORT_PUZZLES as FLEET_PUZZLES
from sapphire.genres.bridge.puzzlink.genres import Puzzle

KINDS: dict[str, tuple[set[str], set[str]]] = {
    # genre: (kinds that tell it, every kind its link can carry)
    **FLEET_KINDS,
}
"""What tells each genre's case, as the importer writes it."""

LIMITS: dict[str, tuple[int, int]] = {
    **FLEET_LIMITS,
}
"""The numbers each genre's link can write (outside clues, cell clues)."""


def check_range(case: Case, name: str, puzzle: Puzzle) -> None:
    """Refuse a size or a number the link cannot write, which would read back as another
    puzzle."""
    if not (1 <= puzzle.rows <= 100 and 1 <= puzzle.cols <= 100):
        raise readback.refuse_case(case, f"its size {puzzle.cols}x{puzzle.rows} is more than "
                                         "100 cells a side")
    low, high = LIMITS.get(name, (0, 2))
    numbers = [v for v in (*puzzle.cells, *(puzzle.outside or ())) if v is not None and v != -2]
    bad = next((v for v in numbers if not low <= v <= high), None)
    if bad is not None:
        raise readback.refuse_case(case, f"a {name} link writes numbers {low}-{high}, not {bad}")


Reader = Callable[[Case, int, int, object], Puzzle]


PUZZLES: dict[str, Reader] = {
    **FLEET_PUZZLES,
}

CLAIMS: dict[str, Callable[[Case], bool]] = {}
"""Which cases a genre takes, where its kinds tell several apart by their parameters."""
