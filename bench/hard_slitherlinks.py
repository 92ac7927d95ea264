"""Generate hard minimal Slitherlinks: a random single loop, every clue taken from it, then
clues removed in random order while the puzzle keeps exactly one solution, until none can go.

Why: the speed issue asks Sapphire to solve hard minimal puzzles (10×10 to 40×40, few clues)
as reliably as the lazy SAT model does, and the shared corpus has few of them; this makes a
reproducible set of our own (`bench/hard-slitherlinks.json`) for `sidebyside.py --hard`.

    python bench/hard_slitherlinks.py --seed 1 --out bench/hard-slitherlinks.json

Method. The loop is the boundary of a random cell set S grown one neighbouring cell at a time,
a cell kept only if S stays 4-connected (it touches S), the cells outside S plus a ring around
the board stay 4-connected, and no 2×2 block becomes a checkerboard (two cells of S meeting only
at a corner with no common neighbour in S). Then every lattice point has 0 or 2 loop segments
and S is a disc (connected, with a connected complement), so its boundary is one simple loop.
Uniqueness is checked with python-sat's CaDiCaL on one incremental solver: a variable per
cell (inside) and per segment (its two cells differ), no checkerboard 2×2 block, each clue's
sum behind a selector literal (clues switched on by assumptions), the planted inside blocked by
one clause, and models whose inside or outside falls apart cut lazily by separator clauses that
hold for every loop (see `Uniqueness._cut`). Clues are removed in batches first (a failed batch
is halved); a clue that cannot go on its own is kept for good, as with fewer clues it still
cannot go. A check gets `--budget` solver calls (default 1000); past it the clue stays, so the
puzzle stays unique but may not be minimal there: each puzzle's `undecided` counts such clues
(0 = minimal). Decisions are facts about the puzzle or solver-call counts, not times, so the
same seed gives the same file (with the same python-sat). Default: 4 puzzles each of 10×10,
15×15, 20×20, 25×25 and 30×30, about 1.5 min on one core; a 40×40 takes about 6 min with
`--budget 2000` and still leaves dozens of clues undecided.
Nothing here imports Sapphire or the shared anchors; needs only `python-sat`.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TypeVar

Cell = tuple[int, int]
T = TypeVar("T")
Point = tuple[int, int]

DEFAULT_SIZES = (10, 15, 20, 25, 30)
DEFAULT_COUNT = 4
DEFAULT_BUDGET = 1000


# -- the loop ---------------------------------------------------------------------------------


def grow_region(rows: int, cols: int, rng: random.Random, fill: float) -> set[Cell]:
    """A random set of cells whose boundary is one simple loop, grown until it holds about
    `fill` of the board or no neighbouring cell can join."""
    start = (rng.randrange(rows), rng.randrange(cols))
    region = {start}
    target = max(1, round(fill * rows * cols))
    frontier = set(_neighbours(start, rows, cols))
    refused: set[Cell] = set()
    while len(region) < target:
        candidates = sorted(frontier - refused)
        if not candidates:
            break
        cell = rng.choice(candidates)
        if _can_join(cell, region, rows, cols):
            region.add(cell)
            frontier.discard(cell)
            frontier.update(n for n in _neighbours(cell, rows, cols) if n not in region)
            refused.clear()  # a cell refused before may fit now
        else:
            refused.add(cell)
    return region


def _neighbours(cell: Cell, rows: int, cols: int) -> Iterable[Cell]:
    r, c = cell
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            yield (r + dr, c + dc)


def _can_join(cell: Cell, region: set[Cell], rows: int, cols: int) -> bool:
    """Whether `cell` may join: no new checkerboard 2×2 block (the only one it could make has
    `cell` and its diagonal neighbour in S, their two common neighbours not) and the outside
    stays connected."""
    r, c = cell
    for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
        if (r + dr, c + dc) in region and (r + dr, c) not in region \
                and (r, c + dc) not in region:
            return False
    return _outside_stays_connected(cell, region, rows, cols)


def _outside_stays_connected(cell: Cell, region: set[Cell], rows: int, cols: int) -> bool:
    """Whether the cells outside `region`, the ring around the board included, stay
    4-connected once `cell` joins. Fast path: the outside cells among the eight around `cell`
    are joined to each other without `cell`; else a search over the whole board."""
    r, c = cell
    ring = [(-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1)]

    def outside(p: Cell) -> bool:
        return p not in region

    marks = [outside((r + dr, c + dc)) for dr, dc in ring]
    # Runs of outside cells around the ring; a run counts only if it holds an edge neighbour
    # (odd index), as a lone corner cell does not touch `cell`.
    runs = 0
    for i in range(8):
        if marks[i] and not marks[i - 1]:
            j, touches = i, False
            while marks[j % 8] and j < i + 8:
                touches |= j % 2 == 1
                j += 1
            runs += touches
    if all(marks):
        runs = 1
    if runs <= 1:
        return True
    return _connected_without(cell, region, rows, cols)


def _connected_without(cell: Cell, region: set[Cell], rows: int, cols: int) -> bool:
    blocked = region | {cell}
    total = (rows + 2) * (cols + 2) - len(blocked)
    start = (-1, -1)
    seen = {start}
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            n = (r + dr, c + dc)
            if -1 <= n[0] <= rows and -1 <= n[1] <= cols and n not in seen \
                    and n not in blocked:
                seen.add(n)
                queue.append(n)
    return len(seen) == total


# -- segments ---------------------------------------------------------------------------------


class Board:
    """Segment numbering: `across[a][b]` is (a,b)-(a,b+1), `down[a][b]` is (a,b)-(a+1,b)."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.ends: list[tuple[Point, Point]] = []
        self.across: dict[Point, int] = {}
        self.down: dict[Point, int] = {}
        for a in range(rows + 1):
            for b in range(cols):
                self.across[a, b] = len(self.ends)
                self.ends.append(((a, b), (a, b + 1)))
        for a in range(rows):
            for b in range(cols + 1):
                self.down[a, b] = len(self.ends)
                self.ends.append(((a, b), (a + 1, b)))
        self.at: dict[Point, list[int]] = {}
        for i, (p, q) in enumerate(self.ends):
            self.at.setdefault(p, []).append(i)
            self.at.setdefault(q, []).append(i)

    def sides(self, r: int, c: int) -> tuple[int, int, int, int]:
        return (self.across[r, c], self.across[r + 1, c], self.down[r, c], self.down[r, c + 1])

    def loop_of(self, region: set[Cell]) -> set[int]:
        """The segments with the region on exactly one side."""
        on = set()
        for (a, b), i in self.across.items():
            if ((a - 1, b) in region) != ((a, b) in region):
                on.add(i)
        for (a, b), i in self.down.items():
            if ((a, b - 1) in region) != ((a, b) in region):
                on.add(i)
        return on

    def cycles(self, on: Iterable[int]) -> list[set[int]]:
        """The connected pieces of a set of segments."""
        return components(on, lambda i: (j for p in self.ends[i] for j in self.at[p]))


# -- uniqueness -------------------------------------------------------------------------------


def exactly(lits: Sequence[int], k: int) -> list[list[int]]:
    """Clauses for exactly k of a few literals: no k+1 true, no len-k+1 false."""
    out = [[-x for x in sub] for sub in itertools.combinations(lits, k + 1)]
    out += [list(sub) for sub in itertools.combinations(lits, len(lits) - k + 1)] if k else []
    return out


class Uniqueness:
    """One incremental CaDiCaL that answers: is the planted loop the only one for these
    clues? A variable per cell (inside the loop) and per segment (its two cells differ, the
    ring outside the board being outside), no checkerboard 2×2 block, each clue's sum behind a
    selector literal (switched on per query by assumptions), the planted inside blocked by one
    clause. A model whose inside or outside falls apart gets separator cuts (below), valid for
    every loop whatever the clues, so they serve every later query too."""

    def __init__(self, board: Board, region: set[Cell], clues: dict[Cell, int]) -> None:
        from pysat.solvers import Solver

        self.board, self.clues = board, clues
        rows, cols = board.rows, board.cols
        self.solver = add = Solver(name="cadical195")
        first = len(board.ends) + 1
        self.cell = {(r, c): first + r * cols + c for r in range(rows) for c in range(cols)}

        def xor(seg: int, p: Cell, q: Cell) -> None:
            x, y, e = self.cell.get(p), self.cell.get(q), seg + 1
            if x is None or y is None:
                z = x if y is None else y
                assert z is not None
                add.add_clause([-e, z])
                add.add_clause([e, -z])
            else:
                for clause in ([-e, x, y], [-e, -x, -y], [e, -x, y], [e, x, -y]):
                    add.add_clause(clause)

        for (a, b), i in board.across.items():
            xor(i, (a - 1, b), (a, b))
        for (a, b), i in board.down.items():
            xor(i, (a, b - 1), (a, b))
        for r in range(rows - 1):
            for c in range(cols - 1):
                nw, ne = self.cell[r, c], self.cell[r, c + 1]
                sw, se = self.cell[r + 1, c], self.cell[r + 1, c + 1]
                add.add_clause([-nw, -se, ne, sw])
                add.add_clause([-ne, -sw, nw, se])
        add.add_clause(list(self.cell.values()))  # some cell inside: a loop, not nothing
        self.selector: dict[Cell, int] = {}
        for n, (cell, k) in enumerate(sorted(clues.items()), first + rows * cols):
            self.selector[cell] = n
            for clause in exactly([i + 1 for i in board.sides(*cell)], k):
                add.add_clause([-n] + clause)
        add.add_clause([-v if cell in region else v for cell, v in sorted(self.cell.items())])
        self.solves = 0
        self.cuts = 0

    def unique(self, active: Iterable[Cell], budget: int | None = None) -> bool | None:
        """True: the planted loop is the only one; False: there is another; None: no answer
        within `budget` solver calls (a count, so the same on every machine)."""
        assumptions = [self.selector[c] for c in sorted(active)]
        calls = 0
        while True:
            if budget is not None and calls >= budget:
                return None
            calls += 1
            self.solves += 1
            if not self.solver.solve(assumptions=assumptions):
                return True
            model = self.solver.get_model()
            inside = {cell for cell, v in self.cell.items() if model[v - 1] > 0}
            if not self._cut(inside):
                return False

    def _cut(self, inside: set[Cell]) -> bool:
        """Cuts for a model whose inside is not one piece or whose outside (with the ring) is
        not: for an inside piece K with a cell k, and y inside but not in K, any 4-path from
        k to y steps on N(K), K's neighbours, so one of them is inside; for an outside piece H
        off the ring with a cell h, any path from h to the ring steps on N(H), so h outside
        needs one of them outside. False: one loop, no cut needed."""
        rows, cols = self.board.rows, self.board.cols
        cell = self.cell
        pieces = _pieces(inside)
        outside = {p for p in cell if p not in inside}
        holes = [h for h in _pieces(outside)
                 if not any(r in (0, rows - 1) or c in (0, cols - 1) for r, c in h)]
        if len(pieces) == 1 and not holes:
            return False
        for k, piece in enumerate(pieces):
            if len(pieces) == 1:
                break
            other = pieces[k - 1] if k else pieces[1]
            rim = _rim(piece, cell)
            self.solver.add_clause([-cell[min(piece)], -cell[min(other)]] + [cell[p] for p in rim])
            self.cuts += 1
        for hole in holes:
            rim = _rim(hole, cell)
            self.solver.add_clause([cell[min(hole)]] + [-cell[p] for p in rim])
            self.cuts += 1
        return True

    def close(self) -> None:
        self.solver.delete()


def _pieces(cells: set[Cell]) -> list[set[Cell]]:
    """The 4-connected pieces of `cells`."""
    return components(cells, lambda rc: ((rc[0] - 1, rc[1]), (rc[0] + 1, rc[1]),
                                         (rc[0], rc[1] - 1), (rc[0], rc[1] + 1)))


def components(items: Iterable[T], neighbours: Callable[[T], Iterable[T]]) -> list[set[T]]:
    """The pieces of `items` that `neighbours` joins (neighbours outside `items` ignored)."""
    left: set[T] = set(items)
    out = []
    while left:
        start = left.pop()
        piece, stack = {start}, [start]
        while stack:
            for n in neighbours(stack.pop()):
                if n in left:
                    left.remove(n)
                    piece.add(n)
                    stack.append(n)
        out.append(piece)
    return out


def _rim(piece: set[Cell], board: dict[Cell, int]) -> list[Cell]:
    """The board cells next to a piece and not in it, in order."""
    return sorted({n for r, c in piece for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                   if n in board and n not in piece})


def minimise(check: Uniqueness, cells: list[Cell], rng: random.Random,
             budget: int | None) -> tuple[list[Cell], int]:
    """Remove clues in random order while the answer stays unique: batches first, a failed
    batch halved, a clue that cannot go on its own kept for good. A check past `budget` solver
    calls counts as a failure: the clue stays although it might go (the second number returned
    counts such clues; 0 means the puzzle is minimal)."""
    order = cells[:]
    rng.shuffle(order)
    kept: set[Cell] = set(cells)
    undecided = 0
    i, batch = 0, max(1, len(order) // 8)
    while i < len(order):
        group = order[i:i + batch]
        answer = check.unique(kept.difference(group), budget)
        if answer:
            kept.difference_update(group)
            i += len(group)
            batch = min(batch * 2, max(1, len(order) // 8))
        elif batch > 1:
            batch //= 2
        else:
            undecided += answer is None
            i += 1  # needed now, so needed with any fewer clues (or undecided: kept)
    return sorted(kept), undecided


# -- puzzles ----------------------------------------------------------------------------------


def generate(rows: int, cols: int, seed: str, budget: int | None) -> dict[str, object]:
    rng = random.Random(seed)
    board = Board(rows, cols)
    region = grow_region(rows, cols, rng, rng.uniform(0.5, 0.65))
    loop = board.loop_of(region)
    assert len(board.cycles(loop)) == 1, "the region's boundary is not one loop"
    clues = {(r, c): sum(i in loop for i in board.sides(r, c))
             for r in range(rows) for c in range(cols)}
    check = Uniqueness(board, region, clues)
    t0 = time.perf_counter()
    try:
        if not check.unique(clues):
            raise AssertionError("all clues leave a second loop")  # cannot happen
        kept_list, undecided = minimise(check, sorted(clues), rng, budget)
        kept = set(kept_list)
        solves = check.solves
    finally:
        check.close()
    return {
        "rows": rows,
        "cols": cols,
        "clues": ["".join(str(clues[r, c]) if (r, c) in kept else "." for c in range(cols))
                  for r in range(rows)],
        "solution": {
            "across": ["".join(str(int(board.across[a, b] in loop)) for b in range(cols))
                       for a in range(rows + 1)],
            "down": ["".join(str(int(board.down[a, b] in loop)) for b in range(cols + 1))
                     for a in range(rows)],
        },
        "clue_count": len(kept),
        "undecided": undecided,
        "seconds": round(time.perf_counter() - t0, 2),
        "solves": solves,
    }


FORMAT = {
    "clues": "one string per row, '.' blank, digits 0-3",
    "solution.across": "rows+1 strings of length cols; across[a][b]=1 iff the segment between "
                       "lattice points (a,b) and (a,b+1) is on the loop (the seed program's vrt)",
    "solution.down": "rows strings of length cols+1; down[a][b]=1 iff the segment between "
                     "lattice points (a,b) and (a+1,b) is on the loop (the seed program's hrz)",
    "holds": "hard (near-)minimal Slitherlinks made by bench/hard_slitherlinks.py: a random "
             "single loop, all its clues, then clues removed in random order while the answer "
             "stays unique, until no clue can go. Each has exactly one solution, the recorded "
             "loop (proved by the generator's CaDiCaL model).",
    "clue_count": "clues given",
    "undecided": "clues kept because their check ran past the solver-call budget (they might "
                 "go); 0 = minimal: removing any one clue leaves a second solution",
    "seconds, solves": "the generator's minimisation time and SAT calls (informative only)",
}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES),
                    help="square board sides (default %(default)s)")
    ap.add_argument("--count", type=int, default=DEFAULT_COUNT, help="puzzles per size")
    ap.add_argument("--budget", type=int, default=DEFAULT_BUDGET,
                    help="solver calls per uniqueness check, 0 for no limit (default %(default)s)")
    ap.add_argument("--out", type=Path, default=Path("bench/hard-slitherlinks.json"))
    a = ap.parse_args(argv)
    command = f"bench/hard_slitherlinks.py --seed {a.seed}"
    if list(a.sizes) != list(DEFAULT_SIZES):
        command += " --sizes " + " ".join(map(str, a.sizes))
    if a.count != DEFAULT_COUNT:
        command += f" --count {a.count}"
    if a.budget != DEFAULT_BUDGET:
        command += f" --budget {a.budget}"
    puzzles = []
    t0 = time.perf_counter()
    for side in a.sizes:
        for k in range(1, a.count + 1):
            name = f"hard_{side}x{side}_{k}"
            p = generate(side, side, f"{a.seed}:{name}", a.budget or None)
            puzzles.append({"name": name, **p,
                            "source": {"repo": "sapphire", "path": "bench/hard_slitherlinks.py",
                                       "command": command, "key": name},
                            "solution_origin": "generated loop, proved unique by the generator"})
            print(f"{name}: {p['clue_count']} clues ({p['undecided']} undecided), "
                  f"{p['seconds']} s, {p['solves']} solves",
                  file=sys.stderr, flush=True)
    doc = {"format": FORMAT, "source": command,
           "generation_seconds": round(time.perf_counter() - t0, 1), "puzzles": puzzles}
    a.out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
