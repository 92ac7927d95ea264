"""The seed Slitherlink program's own encoding, written by hand as a CP-SAT model.

This is the baseline the compiled program is measured against (issue 2 asks for the compiled
seed within 1.5x of it), so it keeps every variable and constraint of
`slitherlink-rules.sapphire` rather than a better Slitherlink model: edge maps ``vrt``/``hrz``
with zero borders, ``flo`` in {0, 2} per lattice point, ``pim`` sums, ``in?`` per cell with the
interior/exterior equivalences, the start point ``x0, y0`` and ``id`` per lattice point in
{0..dc} with the clockwise path constraints (seed lines 48-68). Where the seed writes an
implication it is encoded with ``OnlyEnforceIf`` (half reification), as a careful modeller would.

Coordinates follow the seed: lattice point (a, b), a the row 0..n, b the column 0..m;
``vrt a b`` is the segment (a,b)-(a,b+1), ``hrz a b`` the segment (a,b)-(a+1,b).

Usage: python bench/handwritten_slitherlink.py [--all] [--limit S] [--corpus DIR] [NAME...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))  # its neighbours, when it is loaded as a module
from ortools.sat.python import cp_model  # noqa: E402
from slitherlink_corpus import SlitherlinkPuzzle, check_loop, read_corpus  # noqa: E402

NUM_WORKERS = 8  # large Slitherlinks need 8 even on 2 cores (docs/decisions.md, CP-SAT search)


@dataclass
class HandResult:
    """Outcome of solve + uniqueness proof for one puzzle."""

    status: str  # unique | multiple | none | unknown
    vrt: tuple[tuple[int, ...], ...] | None
    hrz: tuple[tuple[int, ...], ...] | None
    seconds: float
    timings: dict[str, float] = field(default_factory=dict)


class SeedModel:
    """CP-SAT variables and constraints mirroring the seed program line by line."""

    def __init__(self, n: int, m: int, pim: list[list[int | None]], exact: bool = False) -> None:
        """`exact`: reify the one auxiliary literal in full too, so that an enumerating search
        meets each loop once (a modeller enumerating answers would write it so)."""
        self.n, self.m = n, m
        md = self.model = cp_model.CpModel()
        rn, rm = range(n), range(m)

        # lines 20-21: vrt (n+1) x m, hrz n x (m+1), borders (index -1 and n/m) are 0
        self.vrt = {(a, b): md.new_bool_var(f"vrt[{a},{b}]") for a in range(n + 1) for b in rm}
        self.hrz = {(a, b): md.new_bool_var(f"hrz[{a},{b}]") for a in rn for b in range(m + 1)}

        def vrt(a: int, b: int) -> cp_model.IntVar | int:
            return self.vrt.get((a, b), 0)

        def hrz(a: int, b: int) -> cp_model.IntVar | int:
            return self.hrz.get((a, b), 0)

        # line 26: pim a b in {0..4} and equal to the edges around the cell; givens fix it
        for a in rn:
            for b in rm:
                around = vrt(a, b) + vrt(a + 1, b) + hrz(a, b) + hrz(a, b + 1)
                clue = pim[a][b]
                target = clue if clue is not None else md.new_int_var(0, 4, f"pim[{a},{b}]")
                md.add(around == target)

        # lines 28-29: flo a b in {0 2} = edges meeting at the point (flo = 2*used)
        used = {}
        for a in range(n + 1):
            for b in range(m + 1):
                u = used[a, b] = md.new_bool_var(f"used[{a},{b}]")
                md.add(vrt(a, b - 1) + vrt(a, b) + hrz(a - 1, b) + hrz(a, b) == 2 * u)

        # lines 34-43: in? x y, interior/exterior; (A = B) <=> e = 0 is A xor B = e
        ins = self.ins = {(x, y): md.new_bool_var(f"in[{x},{y}]") for x in rn for y in rm}
        for x in rn:
            for y in rm:
                i = ins[x, y]
                if x == 0:
                    md.add(i == self.vrt[x, y])
                else:
                    md.add_bool_xor(i, ins[x - 1, y], self.vrt[x, y].Not())
                if x < n - 1:
                    md.add_bool_xor(i, ins[x + 1, y], self.vrt[x + 1, y].Not())
                else:
                    md.add(i == self.vrt[x + 1, y])
                if y == 0:
                    md.add(i == self.hrz[x, y])
                else:
                    md.add_bool_xor(i, ins[x, y - 1], self.hrz[x, y].Not())
                if y < m - 1:
                    md.add_bool_xor(i, ins[x, y + 1], self.hrz[x, y + 1].Not())
                else:
                    md.add(i == self.hrz[x, y + 1])

        # line 46, 48, 66-69: dc, x0, y0, id with id x0 y0 = 0, id = 0 <=> start, flo=0 <=> dc
        dc = (n + 1) * (m + 1)
        x0 = md.new_int_var(0, n, "x0")
        y0 = md.new_int_var(0, m, "y0")
        ident = self.id = {
            (x, y): md.new_int_var(0, dc, f"id[{x},{y}]")
            for x in range(n + 1)
            for y in range(m + 1)
        }
        flat = [ident[x, y] for x in range(n + 1) for y in range(m + 1)]
        md.add_element(x0 * (m + 1) + y0, flat, 0)
        is_x0 = [md.new_bool_var(f"x0={x}") for x in range(n + 1)]
        is_y0 = [md.new_bool_var(f"y0={y}") for y in range(m + 1)]
        for x, lit in enumerate(is_x0):
            md.add(x0 == x).only_enforce_if(lit)
            md.add(x0 != x).only_enforce_if(lit.Not())
        for y, lit in enumerate(is_y0):
            md.add(y0 == y).only_enforce_if(lit)
            md.add(y0 != y).only_enforce_if(lit.Not())
        start = {}
        for x in range(n + 1):
            for y in range(m + 1):
                s = start[x, y] = md.new_bool_var(f"start[{x},{y}]")
                md.add_bool_and(is_x0[x], is_y0[y]).only_enforce_if(s)
                md.add_bool_or(is_x0[x].Not(), is_y0[y].Not(), s)
                md.add(ident[x, y] == 0).only_enforce_if(s)
                md.add(ident[x, y] != 0).only_enforce_if(s.Not())
                md.add(ident[x, y] == dc).only_enforce_if(used[x, y].Not())
                md.add(ident[x, y] != dc).only_enforce_if(used[x, y])

        def step(cond: list, edge: cp_model.IntVar, later: tuple, earlier: tuple) -> None:
            """cond => (edge = 1 <=> id later = id earlier + 1)."""
            diff = ident[later] - ident[earlier]
            md.add(diff == 1).only_enforce_if([*cond, edge])
            md.add(diff != 1).only_enforce_if([*cond, edge.Not()])

        def step_or_start(
            cond: list, edge: cp_model.IntVar, later: tuple, earlier: tuple, both_ways: bool
        ) -> None:
            """cond => (edge = 1 => (id later = id earlier + 1 or id later = 0)) [and <=]."""
            p = md.new_bool_var("")
            md.add(ident[later] - ident[earlier] == 1).only_enforce_if(p)
            if exact:
                md.add(ident[later] - ident[earlier] != 1).only_enforce_if(p.Not())
            md.add_bool_or([c.Not() for c in cond] + [edge.Not(), p, start[later]])
            if both_ways:  # (... or ...) => edge
                md.add(ident[later] - ident[earlier] != 1).only_enforce_if([*cond, edge.Not()])
                md.add_bool_or([c.Not() for c in cond] + [start[later].Not(), edge])

        # lines 51-63: the path goes clockwise around the interior
        for x in rn:
            for y in rm:
                i = ins[x, y]
                o = i.Not()
                # in? = 1
                step([i], self.hrz[x, y], (x + 1, y), (x, y))
                step([i], self.vrt[x + 1, y], (x + 1, y + 1), (x + 1, y))
                step([i], self.hrz[x, y + 1], (x, y + 1), (x + 1, y + 1))
                step_or_start([i], self.vrt[x, y], (x, y), (x, y + 1), both_ways=False)
                md.add(y0 <= y).only_enforce_if(i)
                md.add(x0 <= x).only_enforce_if([i, is_y0[y]])
                # in? = 0
                step([o], self.hrz[x, y], (x, y), (x + 1, y))
                step_or_start([o], self.vrt[x + 1, y], (x + 1, y), (x + 1, y + 1), both_ways=True)
                step([o], self.hrz[x, y + 1], (x + 1, y + 1), (x, y + 1))
                # vrt x y = 1 => id x y+1 = id x y + 1 (one way only, as the seed says)
                md.add(ident[x, y + 1] - ident[x, y] == 1).only_enforce_if([o, self.vrt[x, y]])

        self.edges = list(self.vrt.values()) + list(self.hrz.values())

    def read(self, solver: cp_model.CpSolver) -> tuple[tuple[tuple[int, ...], ...], ...]:
        vrt = tuple(
            tuple(int(solver.value(self.vrt[a, b])) for b in range(self.m))
            for a in range(self.n + 1)
        )
        hrz = tuple(
            tuple(int(solver.value(self.hrz[a, b])) for b in range(self.m + 1))
            for a in range(self.n)
        )
        return vrt, hrz


class _Loops(cp_model.CpSolverSolutionCallback):
    """Distinct edge vectors met while enumerating; stops at the second."""

    def __init__(self, edges: list) -> None:
        super().__init__()
        self.edges = edges
        self.seen: set[tuple[int, ...]] = set()

    def on_solution_callback(self) -> None:
        self.seen.add(tuple(int(self.value(e)) for e in self.edges))
        if len(self.seen) > 1:
            self.stop_search()


def solve_enumerating(p: SlitherlinkPuzzle, time_limit: float | None = None) -> HandResult:
    """The same model solved the way the compiler now solves small and medium models: one
    enumerating search (one worker) that stops at a second loop or proves there is none."""
    t0 = time.perf_counter()
    sm = SeedModel(p.rows, p.cols, [list(r) for r in p.clues], exact=True)
    t1 = time.perf_counter()
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = max(time_limit - (t1 - t0), 0.01)
    cb = _Loops(sm.edges)
    status = solver.solve(sm.model, cb)
    t2 = time.perf_counter()
    timings = {"build": t1 - t0, "solve": t2 - t1}
    complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) or len(cb.seen) > 1
    verdict = ("unknown" if not complete
               else {0: "none", 1: "unique"}.get(len(cb.seen), "multiple"))
    if not cb.seen:
        return HandResult(verdict, None, None, t2 - t0, timings)
    flat = next(iter(cb.seen))
    cut = (p.rows + 1) * p.cols
    vrt = tuple(tuple(flat[a * p.cols:(a + 1) * p.cols]) for a in range(p.rows + 1))
    hrz = tuple(tuple(flat[cut + a * (p.cols + 1):cut + (a + 1) * (p.cols + 1)])
                for a in range(p.rows))
    return HandResult(verdict, vrt, hrz, t2 - t0, timings)


def solve_handwritten(
    p: SlitherlinkPuzzle, time_limit: float | None = None, workers: int = NUM_WORKERS
) -> HandResult:
    """Build the model, solve, block the edges of the answer and solve again."""
    t0 = time.perf_counter()
    sm = SeedModel(p.rows, p.cols, [list(r) for r in p.clues])
    t1 = time.perf_counter()
    timings = {"build": t1 - t0}

    def run() -> tuple[int, cp_model.CpSolver]:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = workers
        if time_limit is not None:
            left = time_limit - (time.perf_counter() - t0)
            solver.parameters.max_time_in_seconds = max(left, 0.01)
        return solver.solve(sm.model), solver

    status, solver = run()
    t2 = time.perf_counter()
    timings["solve"] = t2 - t1
    if status == cp_model.INFEASIBLE:
        return HandResult("none", None, None, t2 - t0, timings)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return HandResult("unknown", None, None, t2 - t0, timings)
    vrt, hrz = sm.read(solver)
    flat = [v for row in vrt for v in row] + [v for row in hrz for v in row]
    sm.model.add_bool_or([e.Not() if v else e for e, v in zip(sm.edges, flat, strict=True)])
    status2, _ = run()
    t3 = time.perf_counter()
    timings["unique"] = t3 - t2
    if status2 == cp_model.INFEASIBLE:
        verdict = "unique"
    elif status2 in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        verdict = "multiple"
    else:
        verdict = "unknown"
    return HandResult(verdict, vrt, hrz, t3 - t0, timings)


def band(p: SlitherlinkPuzzle) -> str:
    """Size band by the longer side, as the bench reports medians."""
    side = max(p.rows, p.cols)
    return "<=10x10" if side <= 10 else "<=20x20" if side <= 20 else "larger"


def default_corpus() -> Path:
    return REPO.parent / "shared" / "corpus"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="only these puzzles")
    ap.add_argument("--corpus", type=Path, default=default_corpus())
    ap.add_argument("--all", action="store_true", help="include puzzles larger than 20x20")
    ap.add_argument("--limit", type=float, default=None, help="seconds per puzzle")
    ap.add_argument("--workers", type=int, default=NUM_WORKERS)
    args = ap.parse_args(argv)
    if not args.corpus.exists():
        print(f"corpus not found at {args.corpus}; nothing to run")
        return 0
    puzzles = [p for p in read_corpus(args.corpus) if args.all or max(p.rows, p.cols) <= 20]
    if args.names:
        puzzles = [p for p in puzzles if p.name in args.names]
    per_band: dict[str, list[float]] = {}
    failures = 0
    print(f"{'puzzle':<18} {'size':>7} {'status':<8} {'correct':<7} {'seconds':>8}")
    for p in puzzles:
        r = solve_handwritten(p, args.limit, args.workers)
        correct = r.vrt is not None and (r.vrt, r.hrz) == (p.vrt, p.hrz)
        correct = correct and check_loop(p, r.vrt, r.hrz)
        failures += not (correct and r.status == "unique")
        per_band.setdefault(band(p), []).append(r.seconds)
        print(
            f"{p.name:<18} {p.size:>7} {r.status:<8} {str(correct):<7} {r.seconds:8.3f}", flush=True
        )
    for name in ("<=10x10", "<=20x20", "larger"):
        if name in per_band:
            times = per_band[name]
            print(f"median {name:<8} {statistics.median(times):8.3f} s over {len(times)}")
    print(f"{len(puzzles) - failures}/{len(puzzles)} unique and correct")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
