"""The bridged genres' cases read back into the `Puzzle` their links are written from: per
genre the kinds that tell its case and those its link can carry (`KINDS`), the numbers its link
can write (`LIMITS`), and the reader (`PUZZLES`).

The case is read the way the bridged builders write each genre: its rule kinds tell the genre,
and the front matter's grids and the rules' cells give the clues. A case whose rules hold
anything the genre's link cannot carry is refused, naming the rule, rather than written as a
link that would mean another puzzle.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from sapphire.case import Case
from sapphire.case.givens import clue_grid, shading_grid
from sapphire.formats import readback
from sapphire.formats.encodings import Value
from sapphire.genres.bridge.puzzlink.genres import Puzzle, nonogram_outside
from sapphire.genres.bridge.puzzlink.numlin import numberlink_genre, numberlink_puzzle
from sapphire.genres.bridge.puzzlink.regions import EXPORT_KINDS as REGION_KINDS
from sapphire.genres.bridge.puzzlink.regions import EXPORT_LIMITS as REGION_LIMITS
from sapphire.genres.bridge.puzzlink.regions import EXPORT_PUZZLES as REGION_PUZZLES
from sapphire.genres.bridge.puzzlink.shading import EXPORT_KINDS, EXPORT_LIMITS, EXPORT_PUZZLES
from sapphire.genres.bridge.puzzlink.shapes import gokigen_puzzle, hashikake_puzzle, yajilin_puzzle

Cell = tuple[int, int]

KINDS: dict[str, tuple[set[str], set[str]]] = {
    # genre: (kinds that tell it, every kind its link can carry)
    "slither": ({"slitherlink"}, {"slitherlink"}),
    "yinyang": ({"yin-yang"}, {"yin-yang"}),
    "mashu": ({"loop"}, {"loop", "white-circle", "black-circle"}),
    "nurikabe": ({"nurikabe"}, {"nurikabe", "island", "numbered-islands"}),
    "lightup": ({"shade-at-least", "shade-at-most"},
                {"shade-count", "shade-at-most", "shade-at-least"}),
    "nonogram": ({"shade-pattern"}, {"shade-pattern"}),
    **EXPORT_KINDS,
    **REGION_KINDS,
    "hashikake": ({"hashi"}, {"hashi", "bridge-count"}),
    "gokigen": ({"gokigen"}, {"gokigen", "corner-diagonals"}),
    "yajilin": ({"loop-or-shaded"}, {"loop", "shaded-apart", "loop-or-shaded", "blank-cell",
                                     "arrow-shade-count"}),
    "numlin": ({"numberlink"}, {"numberlink"}),
    "arukone": ({"numberlink"}, {"numberlink"}),
}
"""What tells each genre's case, as the importer writes it."""

LIMITS: dict[str, tuple[int, int]] = {
    "slither": (0, 4), "lightup": (0, 4), "nurikabe": (1, 8191),
    "nonogram": (1, 255),
    **EXPORT_LIMITS,
    **REGION_LIMITS,
    "hashikake": (1, 8), "gokigen": (0, 4), "yajilin": (0, 49999),
    "numlin": (1, 8191), "arukone": (1, 52),
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


def _flat(grid: list[list[int | None]] | None, rows: int, cols: int) -> list[Value]:
    if grid is None:
        return [None] * (rows * cols)
    return [v for row in grid for v in row]


Reader = Callable[[Case, int, int, object], Puzzle]


def _slither(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    return Puzzle(cols, rows, _flat(clue_grid(case, declares), rows, cols))  # type: ignore[arg-type]


def _yinyang(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    shading = _flat(shading_grid(case, declares), rows, cols)  # type: ignore[arg-type]
    return Puzzle(cols, rows, [None if v is None else 2 if v else 1 for v in shading])


def _mashu(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    cells: list[Value] = [None] * (rows * cols)
    for rule in case.rules:
        kind = {"white-circle": 1, "black-circle": 2}.get(rule.reference)
        for r, c in readback.cells(rule) if kind else ():
            cells[(r - 1) * cols + c - 1] = kind
    return Puzzle(cols, rows, cells)


def _nurikabe(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    cells: list[Value] = [None] * (rows * cols)
    for rule in case.rules:
        if rule.reference == "island":
            if len(rule.cells) != 1:
                raise readback.refuse_rule(rule, "an island clue is one cell")
            (r, c), = readback.cells(rule)
            cells[(r - 1) * cols + c - 1] = readback.number(rule, "size")
    return Puzzle(cols, rows, cells)


def _neighbours(cell: Cell, rows: int, cols: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if 1 <= r + dr <= rows and 1 <= c + dc <= cols]


def _lightup(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    """Every open cell has a rule that it be lit; the others are walls. A numbered wall is the
    one whose open neighbours a count rule names (the first in reading order when several
    walls have the same ones: their numbers then state the same)."""
    open_cells = {cell for rule in case.rules if rule.reference == "shade-at-least"
                  for cell in readback.cells(rule)}
    walls = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
             if (r, c) not in open_cells]
    cells: list[Value] = [None] * (rows * cols)
    for r, c in walls:
        cells[(r - 1) * cols + c - 1] = -2
    for rule in case.rules:
        if rule.reference != "shade-count":
            continue
        named = set(readback.cells(rule))
        count = readback.number(rule, "count")
        if named <= set(walls):
            if count:
                raise readback.refuse_rule(rule, "a bulb on a wall")
            continue
        wall = next((w for w in walls if cells[(w[0] - 1) * cols + w[1] - 1] == -2
                     and {n for n in _neighbours(w, rows, cols) if n in open_cells} == named),
                    None)
        if wall is None:
            raise readback.refuse_rule(rule, "its cells are not the open neighbours of a wall")
        cells[(wall[0] - 1) * cols + wall[1] - 1] = count
    return Puzzle(cols, rows, cells)


_RUNS = re.compile(r"0\*(?:1\{\d+\}(?:0\+1\{\d+\})*0\*)?")
_RUN = re.compile(r"1\{(\d+)\}")


def _nonogram(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    """A `shade-pattern` per column and row, each a Nonogram clue (`0*1{2}0+1{1}0*`)."""
    runs: dict[tuple[str, int], list[int]] = {}
    for rule in case.rules:
        if rule.reference != "shade-pattern":
            continue
        cells = readback.cells(rule)
        if cells == [(r, cells[0][1]) for r in range(1, rows + 1)]:
            line = ("column", cells[0][1])
        elif cells == [(cells[0][0], c) for c in range(1, cols + 1)]:
            line = ("row", cells[0][0])
        else:
            raise readback.refuse_rule(rule, "a clue's cells are a whole column top down or a "
                                       "whole row left to right")
        pattern = next((p.value for p in rule.params if p.name == "pattern"), None)
        if not isinstance(pattern, str) or not _RUNS.fullmatch(pattern) or line in runs:
            raise readback.refuse_rule(rule, "a clue is one pattern of runs per line, as "
                                       "0*1{2}0+1{1}0*")
        runs[line] = [int(n) for n in _RUN.findall(pattern)]
    lines = [runs.get(("column", c), []) for c in range(1, cols + 1)]
    lines += [runs.get(("row", r), []) for r in range(1, rows + 1)]
    return Puzzle(cols, rows, [None] * (rows * cols), nonogram_outside(cols, rows, lines))


PUZZLES: dict[str, Reader] = {
    "nonogram": _nonogram,
    "slither": _slither, "yinyang": _yinyang, "mashu": _mashu,
    "nurikabe": _nurikabe, "lightup": _lightup,
    **EXPORT_PUZZLES,
    **REGION_PUZZLES,
    "hashikake": hashikake_puzzle, "gokigen": gokigen_puzzle, "yajilin": yajilin_puzzle,
    "numlin": numberlink_puzzle, "arukone": numberlink_puzzle,
}

CLAIMS: dict[str, Callable[[Case], bool]] = {
    "numlin": lambda case: numberlink_genre(case) == "numlin",
    "arukone": lambda case: numberlink_genre(case) == "arukone",
}
"""Which cases a genre takes, where its kinds tell several apart by their parameters."""
