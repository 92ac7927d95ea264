"""`sapphire generate`: a new puzzle of a genre, unique, and as hard as asked.

A genre whose clues stand one to a cell of its puzzlekit grid (a sudoku's digits, a
Slitherlink's numbers, a YinYang's circles, Masyu's pearls) is
generated in that grid's own text, built into a case by the genre's reader (the registry
`sapphire.genres`, through `sapphire.api.import_puzzle`), and solved as any case is:

1. **An answer, at random.** Clues are added one at a time at random cells, each kept only when
   the case still has an answer (a solve says so), until it has one answer only. For a grid of
   digits (a sudoku) the clue added is the first answer's digit at a random cell where the
   first two answers differ, so every clue keeps the answer and each one splits the answers
   left.
2. **Clues taken out while the puzzle stays unique.** In a random order, a clue and its
   partner under a half turn of the board are taken out together when the case stays unique
   without them (the symmetry published puzzles keep); with `--minimal` each clue left is
   then tried alone, so that every clue left is needed (fewer clues only add answers, so a
   clue needed once is needed after). With `--max-level K` a clue stays when the puzzle
   without it would need logic deeper than level K (`sapphire grade`).

The case is written with the genre's puz.link link where the genre has one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sapphire.assistant.cases import status
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.diagnostics import SapphireError, did_you_mean, error

EMPTY = "-"


@dataclass(frozen=True)
class Recipe:
    """How a genre's puzzlekit grid holds its clues: the tokens a cell may hold, the sizes
    the genre allows, and the part of the answer whose values are the clues themselves."""

    tokens: Callable[[int, int], list[str]]
    """The clue tokens of a board of rows × cols."""
    sizes: Callable[[int, int], bool] = lambda r, c: r >= 2 and c >= 2
    size_hint: str = "a board of at least 2×2"
    digits: bool = False
    """The clues are the answer's digits (a sudoku's givens)."""


def _sudoku_size(r: int, c: int) -> bool:
    return r == c and r in (4, 6, 8, 9, 12, 16)


RECIPES: dict[str, Recipe] = {
    "Sudoku": Recipe(lambda r, c: [str(d) for d in range(1, r + 1)], _sudoku_size,
                     "a square board of 4, 6, 8, 9, 12 or 16 cells a side", digits=True),
    "Slitherlink": Recipe(lambda r, c: ["0", "1", "2", "3"]),
    "YinYang": Recipe(lambda r, c: ["b", "w"]),
    "Akari": Recipe(lambda r, c: ["x", "0", "1", "2", "3", "4"]),
    "Masyu": Recipe(lambda r, c: ["b", "w"], lambda r, c: r >= 3 and c >= 3,
                    "a board of at least 3×3"),
}
"""The genres generated, by puzzlekit name."""

MAX_SOLVES = 3000
"""Solves at most before giving up on a generation."""


@dataclass
class Generated:
    """A generated puzzle: its puzzlekit text, its case, and what it took."""

    genre: str
    rows: int
    cols: int
    seed: int
    grid: list[list[str]]
    case_text: str
    link: str | None
    clues: int
    minimal: bool
    level: int | None = None
    """The grade's level when `--max-level` asked for one."""
    solves: int = 0
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"genre": self.genre, "size": f"{self.rows}x{self.cols}", "seed": self.seed,
                "clues": self.clues, "minimal": self.minimal, "level": self.level,
                "link": self.link, "solves": self.solves, "case": self.case_text}

    def summary(self) -> str:
        said = [f"{self.genre} {self.rows}x{self.cols}, seed {self.seed}: {self.clues} clues, "
                "unique" + (", minimal" if self.minimal else "")
                + (f", level {self.level}" if self.level is not None else "")
                + f" ({self.solves} solves)"]
        if self.link:
            said.append(self.link)
        return "\n".join(said)


def recipe_of(name: str) -> tuple[str, Recipe]:
    """The recipe of a genre named in any case of letters; an error listing them when none."""
    by_folded = {g.casefold(): g for g in RECIPES}
    found = by_folded.get(name.casefold().replace("-", "").replace(" ", ""))
    if found is None:
        raise error("unknown-genre", f"no generator for the genre '{name}'", None,
                    hint=did_you_mean(name.casefold(), list(by_folded)) or "genres: "
                    + ", ".join(RECIPES))
    return found, RECIPES[found]


class _Solver:
    """The status of a grid's case by a solve, counting the solves."""

    def __init__(self, genre: str, rows: int, cols: int, deadline: Deadline) -> None:
        self.genre, self.rows, self.cols, self.deadline = genre, rows, cols, deadline
        self.solves = 0

    def text(self, grid: list[list[str]]) -> str:
        return f"{self.rows} {self.cols}\n" + "\n".join(" ".join(r) for r in grid) + "\n"

    def case(self, grid: list[list[str]]) -> Any:
        from sapphire.api import import_puzzle

        return import_puzzle(f"puzzlekit:{self.genre}", self.text(grid))

    def status(self, grid: list[list[str]]) -> tuple[str, list[dict[str, Any]]]:
        if self.solves >= MAX_SOLVES or self.deadline.expired():
            raise error("time-limit", f"no {self.genre} found within the solves or the time "
                        "allowed", None, hint="try another --seed or a smaller --size")
        self.solves += 1
        try:
            case, lib = self.case(grid).parsed()
        except SapphireError:
            return "none", []  # clues the genre's reader refuses make no puzzle
        return status(case, lib, self.deadline)


def generate(genre: str, rows: int, cols: int, *, seed: int = 0, minimal: bool = False,
             max_level: int | None = None, deadline: Deadline = UNBOUNDED) -> Generated:
    """A unique puzzle of `genre` on a board of `rows` × `cols` (see the module)."""
    name, recipe = recipe_of(genre)
    if not recipe.sizes(rows, cols):
        raise error("usage", f"{name} cannot be {rows}x{cols}", None,
                    hint=f"{name} takes {recipe.size_hint}")
    rng = random.Random(seed)
    solver = _Solver(name, rows, cols, deadline)
    grid = [[EMPTY] * cols for _ in range(rows)]
    tokens = recipe.tokens(rows, cols)
    found, answers = solver.status(grid)
    if found == "none":
        raise error("no-answer", f"an empty {name} of {rows}x{cols} has no answer", None)
    while found == "multiple":
        if recipe.digits:
            grid, found, answers = _add_digit(solver, grid, answers, rng)
        else:
            grid, found, answers = _add_token(solver, grid, tokens, rng)
    if found != "unique":
        raise error("time-limit", "the solver could not settle the puzzle in time", None)
    grid = _remove(solver, grid, rng, minimal, max_level)
    text = solver.case(grid)
    lines = (text.text or "").splitlines()
    case_text = "\n".join(f"source: sapphire generate {name} --size {rows}x{cols} --seed "
                          f"{seed}" if line.startswith("source:") else line
                          for line in lines) + "\n"
    level = None
    if max_level is not None:
        from sapphire.assistant.grade import grade

        level = grade(text, max_level, deadline).level
    clues = sum(t != EMPTY for r in grid for t in r)
    return Generated(name, rows, cols, seed, grid, case_text, _link(case_text), clues,
                     minimal, level, solver.solves)


def _add_digit(solver: _Solver, grid: list[list[str]], answers: list[dict[str, Any]],
               rng: random.Random) -> tuple[list[list[str]], str, list[dict[str, Any]]]:
    """A digit of the first answer added where the first two differ."""
    a, b = answers[0]["digits"], answers[1]["digits"]
    differ = [(r, c) for r in range(solver.rows) for c in range(solver.cols)
              if a[r][c] != b[r][c] and grid[r][c] == EMPTY]
    r, c = rng.choice(differ)
    grid = [list(row) for row in grid]
    grid[r][c] = str(rng.choice([a[r][c], b[r][c]]))
    found, more = solver.status(grid)
    return grid, found, more


def _add_token(solver: _Solver, grid: list[list[str]], tokens: list[str],
               rng: random.Random) -> tuple[list[list[str]], str, list[dict[str, Any]]]:
    """A random clue at a random empty cell, kept when the case still has an answer."""
    empty = [(r, c) for r in range(solver.rows) for c in range(solver.cols)
             if grid[r][c] == EMPTY]
    if not empty:
        raise error("no-answer", "every cell holds a clue and the puzzle is still not unique",
                    None, hint="try another --seed")
    r, c = rng.choice(empty)
    for token in rng.sample(tokens, len(tokens)):
        trial = [list(row) for row in grid]
        trial[r][c] = token
        found, more = solver.status(trial)
        if found != "none":
            return trial, found, more
    grid = [list(row) for row in grid]
    found, more = solver.status(grid)
    return grid, found, more


def _remove(solver: _Solver, grid: list[list[str]], rng: random.Random, minimal: bool,
            max_level: int | None) -> list[list[str]]:
    """Clues taken out while the puzzle stays unique (and within `max_level`)."""
    rows, cols = solver.rows, solver.cols

    def keeps(trial: list[list[str]]) -> bool:
        found, _ = solver.status(trial)
        if found != "unique":
            return False
        if max_level is None:
            return True
        from sapphire.assistant.grade import grade

        return grade(solver.case(trial), max_level, solver.deadline).solved

    cells = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] != EMPTY]
    rng.shuffle(cells)
    for r, c in cells:
        pair = {(r, c), (rows - 1 - r, cols - 1 - c)}
        if any(grid[a][b] == EMPTY for a, b in pair):
            continue
        trial = [list(row) for row in grid]
        for a, b in pair:
            trial[a][b] = EMPTY
        if keeps(trial):
            grid = trial
    if minimal:
        for r, c in cells:
            if grid[r][c] == EMPTY:
                continue
            trial = [list(row) for row in grid]
            trial[r][c] = EMPTY
            if keeps(trial):
                grid = trial
    return grid


def _link(case_text: str) -> str | None:
    """The case's puz.link link, when its genre has one."""
    from sapphire.importers.puzzlink import export_puzzlink

    try:
        return export_puzzlink(case_text)
    except SapphireError:
        return None


__all__ = ["RECIPES", "Generated", "generate", "recipe_of"]
