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
from sapphire.case.givens import clue_grid, digit_grid
from sapphire.formats import readback
from sapphire.formats.encodings import Value
from sapphire.genres.bridge.puzzlink.fleet import EXPORT_KINDS as FLEET_KINDS
from sapphire.genres.bridge.puzzlink.fleet import EXPORT_LIMITS as FLEET_LIMITS
from sapphire.genres.bridge.puzzlink.fleet import EXPORT_PUZZLES as FLEET_PUZZLES
from sapphire.genres.bridge.puzzlink.genres import Puzzle
from sapphire.genres.bridge.puzzlink.numbers import EXPORTS
from sapphire.genres.bridge.puzzlink.numlin import numberlink_genre, numberlink_puzzle
from sapphire.genres.bridge.puzzlink.shading import EXPORT_KINDS, EXPORT_LIMITS, EXPORT_PUZZLES
from sapphire.genres.bridge.puzzlink.shapes import gokigen_puzzle, hashikake_puzzle, yajilin_puzzle

Cell = tuple[int, int]

KINDS: dict[str, tuple[set[str], set[str]]] = {
    # genre: (kinds that tell it, every kind its link can carry)
    "slither": ({"slitherlink"}, {"slitherlink"}),
    "sudoku": ({"sudoku"}, {"sudoku"}),
    "mashu": ({"loop"}, {"loop", "white-circle", "black-circle"}),
    "kakuro": ({"absent-digits", "cage"}, {"absent-digits", "cage", "black-cell"}),
    "skyscrapers": ({"latin-square", "skyscraper"}, {"latin-square", "skyscraper"}),
    **{name: (tell, carry) for name, (tell, carry, _, _) in EXPORTS.items()},
    **EXPORT_KINDS,
    **FLEET_KINDS,
    "hashikake": ({"hashi"}, {"hashi", "bridge-count"}),
    "gokigen": ({"gokigen"}, {"gokigen", "corner-diagonals"}),
    "yajilin": ({"loop-or-shaded"}, {"loop", "shaded-apart", "loop-or-shaded", "blank-cell",
                                     "arrow-shade-count"}),
    "numlin": ({"numberlink"}, {"numberlink"}),
    "arukone": ({"numberlink"}, {"numberlink"}),
}
"""What tells each genre's case, as the importer writes it."""

LIMITS: dict[str, tuple[int, int]] = {
    "slither": (0, 4), "sudoku": (1, 8191),
    "skyscrapers": (1, 255), "kakuro": (1, 45),
    **{name: limits for name, (_, _, _, limits) in EXPORTS.items()},
    **EXPORT_LIMITS,
    **FLEET_LIMITS,
    "hashikake": (1, 8), "gokigen": (0, 4), "yajilin": (0, 49999),
    "numlin": (1, 8191), "arukone": (1, 52),
}
"""The numbers each genre's link can write (a Kakuro's totals, outside clues, cell clues)."""


def check_range(case: Case, name: str, puzzle: Puzzle) -> None:
    """Refuse a size or a number the link cannot write, which would read back as another
    puzzle."""
    if not (1 <= puzzle.rows <= 100 and 1 <= puzzle.cols <= 100):
        raise readback.refuse_case(case, f"its size {puzzle.cols}x{puzzle.rows} is more than "
                                         "100 cells a side")
    low, high = LIMITS.get(name, (0, 2))
    numbers = [v for v in (*puzzle.cells, *(puzzle.outside or ())) if v is not None and v != -2]
    numbers += [t for pair in (puzzle.totals or {}).values() for t in pair if t]
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


def _sudoku(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    return Puzzle(cols, rows, _flat(digit_grid(case, declares), rows, cols))  # type: ignore[arg-type]


def _mashu(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    cells: list[Value] = [None] * (rows * cols)
    for rule in case.rules:
        kind = {"white-circle": 1, "black-circle": 2}.get(rule.reference)
        for r, c in readback.cells(rule) if kind else ():
            cells[(r - 1) * cols + c - 1] = kind
    return Puzzle(cols, rows, cells)


def _kakuro(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    """The case's board keeps the outside totals as its first row and column."""
    givens = digit_grid(case, declares)  # type: ignore[arg-type]
    if givens is None or any(givens[0][c] != 0 for c in range(cols)) or any(
            givens[r][0] != 0 for r in range(rows)):
        raise readback.refuse_case(case, "a Kakuro's first row and column are black cells "
                                         "(digit 0) holding the outside totals")
    inner_rows, inner_cols = rows - 1, cols - 1
    totals: dict[Cell, list[int]] = {}
    for rule in case.rules:
        if rule.reference != "cage":
            continue
        run = readback.cells(rule)
        way = (rule.id or "").split("-")[0]
        if way not in ("down", "across"):
            way = "down" if len(run) > 1 and run[1][1] == run[0][1] else "across"
        r, c = run[0]
        head = (r - 1, c) if way == "down" else (r, c - 1)
        if givens[head[0] - 1][head[1] - 1] != 0:
            raise readback.refuse_rule(rule, "a run's total sits in the black cell before it")
        total = readback.number(rule, "total", "sum")
        totals.setdefault(head, [0, 0])[0 if way == "down" else 1] = total
    black = {(r - 1) * inner_cols + c - 1: (0, 0)
             for r in range(1, inner_rows + 1) for c in range(1, inner_cols + 1)
             if givens[r][c] == 0}
    outside: list[Value] = []
    for (r, c), (down, across) in totals.items():
        if r > 1 and c > 1:
            black[(r - 2) * inner_cols + c - 2] = (down, across)
    for c in range(2, cols + 1):
        outside.append(totals.get((1, c), [0, 0])[0] if givens[1][c - 1] != 0 else None)
    for r in range(2, rows + 1):
        outside.append(totals.get((r, 1), [0, 0])[1] if givens[r - 1][1] != 0 else None)
    return Puzzle(inner_cols, inner_rows, [None] * (inner_rows * inner_cols), outside, black)


def _skyscrapers(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    if "digits" in case.front.fields:
        raise readback.refuse_case(case, "a puzz.link Skyscrapers holds the heights 1-N, with "
                                         "no empty plot")
    outside: list[Value] = [None] * (2 * cols + 2 * rows)
    for rule in case.rules:
        if rule.reference != "skyscraper":
            continue
        run = readback.cells(rule)
        (r0, c0), (r1, c1) = run[0], run[-1]
        if c0 == c1 and r0 == 1 and r1 == rows:
            k = c0 - 1
        elif c0 == c1 and r0 == rows and r1 == 1:
            k = cols + c0 - 1
        elif r0 == r1 and c0 == 1 and c1 == cols:
            k = 2 * cols + r0 - 1
        elif r0 == r1 and c0 == cols and c1 == 1:
            k = 2 * cols + rows + r0 - 1
        else:
            raise readback.refuse_rule(rule, "a clue sees a whole row or column from its end")
        outside[k] = readback.number(rule, "visible")
    return Puzzle(cols, rows, _flat(digit_grid(case, declares), rows, cols),  # type: ignore[arg-type]
                  outside)


PUZZLES: dict[str, Reader] = {
    "slither": _slither, "sudoku": _sudoku, "mashu": _mashu,
    "kakuro": _kakuro, "skyscrapers": _skyscrapers,
    **{name: puzzle for name, (_, _, puzzle, _) in EXPORTS.items()},
    **EXPORT_PUZZLES,
    **FLEET_PUZZLES,
    "hashikake": hashikake_puzzle, "gokigen": gokigen_puzzle, "yajilin": yajilin_puzzle,
    "numlin": numberlink_puzzle, "arukone": numberlink_puzzle,
}

CLAIMS: dict[str, Callable[[Case], bool]] = {
    "numlin": lambda case: numberlink_genre(case) == "numlin",
    "arukone": lambda case: numberlink_genre(case) == "arukone",
}
"""Which cases a genre takes, where its kinds tell several apart by their parameters."""
