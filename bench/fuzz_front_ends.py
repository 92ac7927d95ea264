"""Thousands of mutated inputs through each front end's command, counting what the suite's
few hundred cannot: tracebacks (exit status 70, or "Traceback" on stderr), errors without a
FILE:LINE:COL place, exit statuses a command never gives, the slowest input, and each front
end's peak memory.

The inputs are those of the suite's fuzz tests (`tests/fuzzing.py`): the same seeds, with
character edits (`mutate`) and stress edits (`stress`: numbers of up to 100,000 digits,
brackets nested up to 100,000 deep, lines repeated into a megabyte or into thousands of
lines), drawn from a seeded random source so that a run can be repeated. Each front end runs
in a process of its own under an address-space cap, and reports its peak resident memory.

    case      sapphire check P.case
    program   sapphire check P.sapphire
    data      sapphire check slitherlink-rules.sapphire --data D.json --time-limit 5
    verify    sapphire verify killer-sudoku.case ANSWER
    iss       sapphire import iss P.txt
    fpuzzles  sapphire import fpuzzles P.txt

Usage:
    python bench/fuzz_front_ends.py [FRONT ...] [--inputs N] [--seed S] [--memory-mb MB]
                                    [--largest CHARS] [--report OUT.json]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
for folder in (TESTS, TESTS / "case", TESTS / "lang", TESTS / "ground", TESTS / "importers",
               TESTS / "cli"):
    sys.path.insert(0, str(folder))

RULES = ROOT / "examples" / "slitherlink" / "slitherlink-rules.sapphire"
KILLER = ROOT / "examples" / "cases" / "killer-sudoku.case"

FRONTS: dict[str, tuple[str, list[str], tuple[int, ...]]] = {
    "case": ("p.case", ["check"], (0, 1)),
    "program": ("p.sapphire", ["check"], (0, 1)),
    "data": ("d.json", ["check", str(RULES), "--time-limit", "5", "--data"], (0, 1)),
    "verify": ("answer.txt", ["verify", str(KILLER)], (0, 1, 2)),
    "iss": ("p.txt", ["import", "iss"], (0, 1)),
    "fpuzzles": ("p.txt", ["import", "fpuzzles"], (0, 1)),
}
"""Each front end: the input's file name, the command line before it, the exit statuses the
command may give."""


def seeds(front: str) -> list[str]:
    """The seeds of the front end's fuzz test."""
    if front == "case":
        import test_fuzz_case as m
    elif front == "program":
        import test_fuzz_program as m
    elif front == "data":
        import test_fuzz_data as m
    elif front == "verify":
        import test_fuzz_verify as m
    else:
        import test_fuzz_importers as m

        return list(m.ISS if front == "iss" else m.FPUZZLES)
    return list(m.SEEDS)


def draw(rng: random.Random, pool: list[str], largest: int) -> str:
    """One input: a seed with stress edits, character edits, or both."""
    import fuzzing

    text = rng.choice(pool)
    if rng.random() < 0.75:
        edits = [(rng.choice(fuzzing.STRESS_KINDS), rng.randrange(10**6), rng.randrange(21))
                 for _ in range(rng.randint(1, 3))]
        text = fuzzing.stress(text, edits, largest)
    if rng.random() < 0.5:
        chars = fuzzing.SPECIAL
        edits = [(rng.choice(("insert", "delete", "double", "swap", "replace")),
                  rng.randrange(10**6), rng.randrange(41),
                  "".join(rng.choice(chars) for _ in range(rng.randrange(7))))
                 for _ in range(rng.randint(1, 4))]
        text = fuzzing.mutate(text, edits)
    return text


def child(front: str, count: int, seed: int, largest: int, folder: Path) -> dict[str, Any]:
    """Run `count` inputs through one front end in this process; what came of them."""
    from fuzzing import errors_without_a_place

    from sapphire.cli import main

    name, argv, statuses = FRONTS[front]
    path = folder / name
    pool = seeds(front)
    rng = random.Random(f"{seed}-{front}")
    out: dict[str, Any] = {"front": front, "inputs": 0, "tracebacks": 0, "unplaced": 0,
                           "bad_status": 0, "slowest": 0.0, "largest": 0, "examples": []}
    for _ in range(count):
        text = draw(rng, pool, largest)
        path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
        err = io.StringIO()
        t0 = time.perf_counter()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = main([*argv, str(path)])
        seconds = time.perf_counter() - t0
        shown = err.getvalue()
        out["inputs"] += 1
        out["largest"] = max(out["largest"], len(text))
        if seconds > out["slowest"]:
            out["slowest"], out["slowest_size"] = seconds, len(text)
        problem = None
        if code == 70 or "Traceback" in shown:
            out["tracebacks"] += 1
            problem = "traceback"
        elif code not in statuses:
            out["bad_status"] += 1
            problem = f"exit {code}"
        elif errors_without_a_place(shown, str(path)):
            out["unplaced"] += 1
            problem = "unplaced"
        if problem and len(out["examples"]) < 5:
            out["examples"].append({"problem": problem, "input": text[:2000],
                                    "size": len(text), "stderr": shown[-3000:]})
    out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("fronts", nargs="*", metavar="FRONT",
                    help=f"front ends to run (default: all of {', '.join(FRONTS)})")
    ap.add_argument("--inputs", type=int, default=5000, help="inputs per front end")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--memory-mb", type=int, default=4096, help="address-space cap per front")
    ap.add_argument("--largest", type=int, default=1_000_000, help="characters an input has "
                    "at most")
    ap.add_argument("--report", type=Path, help="write every result, with examples, here")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    unknown = [f for f in args.fronts if f not in FRONTS]
    if unknown:
        ap.error(f"unknown front end {unknown[0]}; choose from {', '.join(FRONTS)}")
    args.fronts = args.fronts or list(FRONTS)
    if args.child:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            print(json.dumps(child(args.child, args.inputs, args.seed, args.largest,
                                   Path(tmp))))
        return 0

    def cap() -> None:
        limit = args.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    results = []
    print("| front end | inputs | tracebacks | unplaced | other exit | slowest s (chars) | "
          "largest chars | peak MB |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for front in args.fronts:
        t0 = time.perf_counter()
        run = subprocess.run([sys.executable, __file__, "--child", front, "--inputs",
                              str(args.inputs), "--seed", str(args.seed), "--largest",
                              str(args.largest)], capture_output=True, text=True,
                             preexec_fn=cap)
        if run.returncode != 0:
            print(f"| {front} | the run ended with status {run.returncode}: "
                  f"{run.stderr.strip().splitlines()[-1:]} |||||||")
            continue
        r = json.loads(run.stdout.strip().splitlines()[-1])
        r["seconds"] = time.perf_counter() - t0
        results.append(r)
        print(f"| {front} | {r['inputs']:,} | {r['tracebacks']} | {r['unplaced']} | "
              f"{r['bad_status']} | {r['slowest']:.1f} ({r.get('slowest_size', 0):,}) | "
              f"{r['largest']:,} | {r['peak_mb']:.0f} |", flush=True)
    if args.report:
        args.report.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0 if all(r["tracebacks"] == r["unplaced"] == r["bad_status"] == 0
                    for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
