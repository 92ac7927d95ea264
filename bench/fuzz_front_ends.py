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
    puzzlekit sapphire import puzzlekit:GENRE P.txt, every genre the registry reads
    puzzlink  sapphire import puzzlink P.txt, links of every genre read
    serve     the page's JSON bodies, posted to `sapphire serve`'s application (its real
              worker pool): a reply of status 500, or an error diagnostic without a line
              and column, counts against it

The puzzlekit and puz.link seeds are the shared corpus's (`../shared/corpus`: the first
`CORPUS_SEEDS` problems of each genre, and every test link of a genre read) when it is
there, else the suite's fixtures.

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
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
for folder in (TESTS, TESTS / "case", TESTS / "lang", TESTS / "ground", TESTS / "importers",
               TESTS / "cli"):
    sys.path.insert(0, str(folder))

RULES = ROOT / "examples" / "slitherlink" / "slitherlink-rules.sapphire"
KILLER = ROOT / "examples" / "cases" / "killer-sudoku.case"

CORPUS = ROOT.parent / "shared" / "corpus"
CORPUS_SEEDS = 5
"""Problems taken per puzzlekit genre from the shared corpus."""

FRONTS: dict[str, tuple[str, list[str], tuple[int, ...]]] = {
    "case": ("p.case", ["check"], (0, 1)),
    "program": ("p.sapphire", ["check"], (0, 1)),
    "data": ("d.json", ["check", str(RULES), "--time-limit", "5", "--data"], (0, 1)),
    "verify": ("answer.txt", ["verify", str(KILLER)], (0, 1, 2)),
    "iss": ("p.txt", ["import", "iss"], (0, 1)),
    "fpuzzles": ("p.txt", ["import", "fpuzzles"], (0, 1)),
    "puzzlekit": ("p.txt", ["import"], (0, 1)),
    "puzzlink": ("p.txt", ["import", "puzzlink"], (0, 1)),
    "serve": ("", [], (200, 400, 403, 413, 415, 503)),
}
"""Each front end: the input's file name, the command line before it (a puzzlekit seed adds
its format), the exit statuses the command may give (for `serve`, the HTTP statuses)."""

Seed = tuple[str, list[str]]
"""A valid input, and what its command line adds after the front end's own (a puzzlekit
problem's `puzzlekit:GENRE`; a server body's path)."""


def seeds(front: str) -> list[Seed]:
    """The seeds of the front end."""
    if front == "puzzlekit":
        return puzzlekit_seeds()
    if front == "puzzlink":
        return [(link, []) for link in puzzlink_seeds()]
    if front == "serve":
        return serve_seeds()
    return [(text, []) for text in _suite_seeds(front)]


def puzzlekit_seeds() -> list[Seed]:
    """A few problems of every genre the registry reads by puzzlekit name."""
    from sapphire.genres import puzzlekit_names

    fixture = json.loads((TESTS / "fixtures" / "importers" / "puzzlekit_samples.json")
                         .read_text(encoding="utf-8"))["genres"]
    out: list[Seed] = []
    for genre in puzzlekit_names():
        path = CORPUS / "puzzlekit" / f"{genre}.json"
        problems = [e["problem"] for e in
                    json.loads(path.read_text(encoding="utf-8"))["puzzles"][:CORPUS_SEEDS]] \
            if path.exists() else [e["problem"] for e in fixture.get(genre, [])]
        out += [(text, [f"puzzlekit:{genre}"]) for text in problems]
    return out


def puzzlink_seeds() -> list[str]:
    """The test links of every puz.link genre read."""
    from sapphire.genres import puzzlink_names

    read = set(puzzlink_names())
    path = CORPUS / "puzzlink.json"
    if path.exists():
        entries = json.loads(path.read_text(encoding="utf-8"))["puzzles"]
    else:
        entries = json.loads((TESTS / "fixtures" / "importers" / "puzzlink_samples.json")
                             .read_text(encoding="utf-8"))["puzzles"]
    links: list[str] = []
    for e in entries:
        if e.get("genre") in read:
            url = e.get("url")
            links += url if isinstance(url, list) else [url] if url else []
    return links


def serve_seeds() -> list[Seed]:
    """The bodies the page posts: cases to solve, draw and explain, and puzzles to import."""
    case = KILLER.read_text(encoding="utf-8")
    small = "---\nlibrary: std\nboard: 4x4\n---\nsudoku 4x4\ncage r1c1-r1c2 total 3\n"
    bodies: list[Seed] = [
        (json.dumps({"case": case, "client": "a"}), ["/api/solve"]),
        (json.dumps({"case": small, "client": "b"}), ["/api/solve"]),
        (json.dumps({"case": small, "client": "c"}), ["/api/draw"]),
        (json.dumps({"case": small + "given r1c1 5\n", "client": "d"}), ["/api/why"]),
    ]
    bodies += [(json.dumps({"format": "iss", "text": s, "client": "e"}), ["/api/import"])
               for s in _suite_seeds("iss")[:10]]
    bodies += [(json.dumps({"format": "puzzlink", "text": s, "client": "f"}), ["/api/import"])
               for s in puzzlink_seeds()[:20]]
    bodies += [(json.dumps({"format": fmt, "text": s, "client": "g"}), ["/api/import"])
               for s, (fmt,) in puzzlekit_seeds()[::7]]
    return bodies


def _suite_seeds(front: str) -> list[str]:
    """The seeds of the front end's fuzz test in the suite."""
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


def draw(rng: random.Random, pool: list[Seed], largest: int) -> tuple[str, list[str]]:
    """One input: a seed with stress edits, character edits, or both; and its seed's
    arguments."""
    import fuzzing

    text, extra = rng.choice(pool)
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
    return text, extra


def child(front: str, count: int, seed: int, largest: int, folder: Path,
          stack: contextlib.ExitStack) -> dict[str, Any]:
    """Run `count` inputs through one front end in this process; what came of them."""
    from fuzzing import errors_without_a_place

    from sapphire.cli import main

    name, argv, statuses = FRONTS[front]
    path = folder / name
    pool = seeds(front)
    rng = random.Random(f"{seed}-{front}")
    out: dict[str, Any] = {"front": front, "inputs": 0, "tracebacks": 0, "unplaced": 0,
                           "bad_status": 0, "slowest": 0.0, "largest": 0, "examples": []}
    post = _server(folder, stack) if front == "serve" else None
    for _ in range(count):
        text, extra = draw(rng, pool, largest)
        t0 = time.perf_counter()
        if post is not None:
            code, shown, placed = post(extra[0], text)
            unplaced = not placed
        else:
            path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
            err = io.StringIO()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                code = main([*argv, *extra, str(path)])
            shown = err.getvalue()
            unplaced = bool(errors_without_a_place(shown, str(path)))
        seconds = time.perf_counter() - t0
        out["inputs"] += 1
        out["largest"] = max(out["largest"], len(text))
        if seconds > out["slowest"]:
            out["slowest"], out["slowest_size"] = seconds, len(text)
        problem = None
        if code in (70, 500) or "Traceback" in shown:
            out["tracebacks"] += 1
            problem = "traceback"
        elif code not in statuses:
            out["bad_status"] += 1
            problem = f"exit {code}"
        elif unplaced:
            out["unplaced"] += 1
            problem = "unplaced"
        if problem and len(out["examples"]) < 5:
            out["examples"].append({"problem": problem, "input": text[:2000],
                                    "size": len(text), "stderr": shown[-3000:]})
    out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def _server(folder: Path, stack: contextlib.ExitStack
            ) -> Callable[[str, str], tuple[int, str, bool]]:
    """A poster of bodies to the page's application, and its judge: the HTTP status, the
    reply, and whether every error diagnostic in it has a line and column."""
    from starlette.testclient import TestClient

    from sapphire.serve import Config, create_app
    from sapphire.serve.app import LOCAL_HOSTS
    from sapphire.serve.work import Settings

    app = create_app(Config(Settings(str(folder / "page.case"), None, 2.0), 1, None,
                            (*LOCAL_HOSTS, "testserver")))
    client = stack.enter_context(TestClient(app))

    def post(route: str, body: str) -> tuple[int, str, bool]:
        r = client.post(route, content=body.encode("utf-8", errors="surrogatepass"),
                        headers={"content-type": "application/json"})
        try:
            reply = r.json()
        except ValueError:
            return r.status_code, r.text[-3000:], r.status_code != 200
        diagnostics = reply.get("diagnostics", []) if isinstance(reply, dict) else []
        internal = any(d.get("kind") == "internal" for d in diagnostics)
        placed = all(d.get("line", 0) >= 1 and d.get("col", 0) >= 1 for d in diagnostics)
        return (500 if internal else r.status_code), r.text[-3000:], placed

    return post


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

        with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
            print(json.dumps(child(args.child, args.inputs, args.seed, args.largest,
                                   Path(tmp), stack)))
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
