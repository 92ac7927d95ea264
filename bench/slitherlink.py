"""Slitherlink corpus through the compiled seed program, the hand-written model, or both.

Issue 2's measure of the compiler: the seed program, unchanged, must solve every corpus puzzle
up to 20x20 with status unique and the known edges, within 1.5x of a hand-written CP-SAT model
of the same encoding. This script prints, per puzzle, size, status, correctness and seconds
(wall clock around the whole call, grounding included), then the median per size band.

    python bench/slitherlink.py                 # compiled seed program, puzzles up to 20x20
    python bench/slitherlink.py --handwritten   # the hand-written baseline
    python bench/slitherlink.py --compare       # both, with the ratio compiled/handwritten
    python bench/slitherlink.py --compare --hand-enumerating   # the baseline searched the
                                                # compiler's way (one enumerating search)
    options: --all (every size), --limit S (per puzzle), --corpus DIR, --program FILE,
             --json OUT (results as JSON), NAME... (only these puzzles)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(BENCH))
try:
    import sapphire  # noqa: F401
except ImportError:  # running from a checkout without an install
    sys.path.insert(0, str(REPO / "src"))

from handwritten_slitherlink import (  # noqa: E402
    band,
    default_corpus,
    solve_enumerating,
    solve_handwritten,
)
from slitherlink_corpus import (  # noqa: E402
    SlitherlinkPuzzle,
    check_loop,
    edges_from_values,
    read_corpus,
    to_program_data,
)

BANDS = ("<=10x10", "<=20x20", "larger")


@dataclass
class Run:
    """One puzzle solved one way; ``correct`` means unique and equal to the known edges."""

    name: str
    size: str
    band: str
    mode: str
    status: str
    correct: bool
    seconds: float
    timings: dict[str, float] = field(default_factory=dict)
    error: str | None = None


Solver = Callable[[SlitherlinkPuzzle, float | None], Run]


def run_handwritten(p: SlitherlinkPuzzle, limit: float | None,
                    enumerating: bool = False) -> Run:
    t0 = time.perf_counter()
    r = solve_enumerating(p, limit) if enumerating else solve_handwritten(p, limit)
    seconds = time.perf_counter() - t0
    correct = _correct(p, r.status, r.vrt, r.hrz)
    return Run(p.name, p.size, band(p), "handwritten", r.status, correct, seconds, r.timings)


def compiled_runner(program: Path) -> Solver:
    """A runner for the compiled seed; imports the API once so its cost is not in a puzzle."""
    from sapphire.api import solve_program

    def run(p: SlitherlinkPuzzle, limit: float | None) -> Run:
        t0 = time.perf_counter()
        try:
            res = solve_program(str(program), to_program_data(p), max_solutions=2, time_limit=limit)
        except Exception as exc:  # a compiler bug must not stop the rest of the bench
            seconds = time.perf_counter() - t0
            msg = f"{type(exc).__name__}: {exc}"
            return Run(p.name, p.size, band(p), "compiled", "error", False, seconds, error=msg)
        seconds = time.perf_counter() - t0
        vrt = hrz = None
        error = None
        if res.solutions:
            try:
                vrt, hrz = edges_from_values(_values(res.solutions[0]), p.rows, p.cols)
            except (KeyError, TypeError, ValueError) as exc:
                error = f"cannot read edges from the answer: {exc}"
        correct = _correct(p, res.status, vrt, hrz)
        timings = dict(getattr(res, "timings", None) or {})
        return Run(
            p.name, p.size, band(p), "compiled", res.status, correct, seconds, timings, error
        )

    return run


def _values(solution: dict[str, Any]) -> dict[str, Any]:
    # The API gives name -> value; the CLI's JSON nests the same under "values".
    if "vrt" not in solution and isinstance(solution.get("values"), dict):
        return solution["values"]
    return solution


def _correct(p: SlitherlinkPuzzle, status: str, vrt: Any, hrz: Any) -> bool:
    if status != "unique" or vrt is None or hrz is None:
        return False
    return (vrt, hrz) == (p.vrt, p.hrz) and check_loop(p, vrt, hrz)


def _line(r: Run) -> str:
    line = f"{r.name:<18} {r.size:>7} {r.status:<8} {str(r.correct):<7} {r.seconds:8.3f}"
    if r.error:
        line += f"  {r.error}"
    return line


def _medians(runs: list[Run], value: Callable[[Run], float], unit: str) -> None:
    for b in BANDS:
        vals = [value(r) for r in runs if r.band == b]
        if vals:
            print(f"median {b:<8} {statistics.median(vals):8.3f}{unit} over {len(vals)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="only these puzzles")
    ap.add_argument("--corpus", type=Path, default=default_corpus())
    ap.add_argument("--program", type=Path, default=None, help="default: <corpus>/../spec/...")
    ap.add_argument("--all", action="store_true", help="include puzzles larger than 20x20")
    ap.add_argument("--limit", type=float, default=None, help="seconds per puzzle")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--handwritten", action="store_true", help="only the hand-written model")
    mode.add_argument("--compare", action="store_true", help="both, ratio compiled/handwritten")
    ap.add_argument("--timings", action="store_true", help="print the compiler's stage times")
    ap.add_argument("--hand-enumerating", action="store_true",
                    help="solve the hand-written model with one enumerating search, as the "
                    "compiler does on small and medium models, instead of solve-block-solve")
    ap.add_argument("--json", type=Path, default=None, help="write every run to this file")
    args = ap.parse_args(argv)

    if not args.corpus.exists():
        print(f"corpus not found at {args.corpus}; nothing to run")
        return 0
    puzzles = [p for p in read_corpus(args.corpus) if args.all or max(p.rows, p.cols) <= 20]
    if args.names:
        puzzles = [p for p in puzzles if p.name in args.names]
        missing = set(args.names) - {p.name for p in puzzles}
        if missing:
            print(f"not in the selection: {', '.join(sorted(missing))}", file=sys.stderr)
            return 1

    compiled: Solver | None = None
    if not args.handwritten:
        program = args.program or args.corpus.parent / "spec" / "slitherlink-rules.sapphire"
        if not program.exists():
            print(f"program not found at {program}", file=sys.stderr)
            return 1
        try:
            compiled = compiled_runner(program)
        except ImportError as exc:
            print(f"the compiler's API is not available: {exc}", file=sys.stderr)
            return 2

    runs: list[Run] = []
    pairs: list[tuple[Run, Run]] = []
    if args.compare:
        print(
            f"{'puzzle':<18} {'size':>7} {'hand':<8} {'hand s':>8} "
            f"{'compiled':<8} {'correct':<7} {'comp s':>8} {'ratio':>6}"
        )
    else:
        print(f"{'puzzle':<18} {'size':>7} {'status':<8} {'correct':<7} {'seconds':>8}")
    for p in puzzles:
        if args.compare:
            assert compiled is not None
            h = run_handwritten(p, args.limit, args.hand_enumerating)
            c = compiled(p, args.limit)
            runs += [h, c]
            pairs.append((h, c))
            ratio = c.seconds / h.seconds if h.seconds > 0 else float("inf")
            print(
                f"{p.name:<18} {p.size:>7} {h.status:<8} {h.seconds:8.3f} "
                f"{c.status:<8} {str(c.correct):<7} {c.seconds:8.3f} {ratio:6.2f}"
                + (f"  {c.error}" if c.error else ""),
                flush=True,
            )
        else:
            r = (run_handwritten(p, args.limit, args.hand_enumerating) if compiled is None
                 else compiled(p, args.limit))
            runs.append(r)
            print(_line(r), flush=True)
        if args.timings and runs[-1].timings:
            stages = ", ".join(f"{k} {v:.3f}" for k, v in runs[-1].timings.items())
            print(f"{'':<18} {runs[-1].mode} timings: {stages}", flush=True)

    main_runs = [c for _, c in pairs] if args.compare else runs
    if args.compare:
        print("compiled seconds:")
    _medians(main_runs, lambda r: r.seconds, " s")
    if args.compare and pairs:
        ratios = {id(c): c.seconds / h.seconds for h, c in pairs if h.seconds > 0}
        print("ratio compiled/handwritten:")
        _medians([c for _, c in pairs], lambda r: ratios[id(r)], "x")
        print(f"median ratio {statistics.median(ratios.values()):.2f}x over {len(ratios)}")
    good = sum(r.correct for r in main_runs)
    print(f"{good}/{len(main_runs)} unique and correct")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps([asdict(r) for r in runs], indent=1) + "\n")
    return 0 if good == len(main_runs) else 1


if __name__ == "__main__":
    sys.exit(main())
