"""Grade corpus puzzles with `sapphire grade` and print tables of their levels and times.

Each puzzle is imported to a case (`sapphire.api.import_puzzle`) and graded up to
`--max-level` (default 1) under a per-puzzle time limit. A puzzle is counted under the level
its path needed when logic solved it, as `stuck` when logic up to the level asked leaves
points open (it needs a deeper level, or has several answers), `none` when logic reaches a
contradiction, `stopped` at the time limit, or `refused` when the importer or the grade
refused it (a kind the SAT backend cannot encode, say).

Corpus files: `iss.json` (rows: classic sudokus, the rest) and `puzzlekit/GENRE.json`, by
genre name (`Sudoku`, `KillerSudoku`, `Slitherlink`, `YinYang`, `Masyu`, …); the first `--max`
puzzles of each (default 40 for a genre, all of iss.json).

Usage:
    python bench/grades.py [iss.json|GENRE ...] [--corpus DIR] [--max-level K]
                           [--time-limit S] [--max N] [--json OUT]

The tables (Markdown) go to stdout, one line per puzzle to stderr. Times are wall-clock
seconds of `grade` alone (loading, grounding and the reasoning), on whatever machine runs it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from sapphire.api import import_puzzle  # noqa: E402
from sapphire.assistant.grade import grade  # noqa: E402
from sapphire.deadline import Deadline  # noqa: E402
from sapphire.diagnostics import SapphireError  # noqa: E402


def entries(corpus: Path, name: str, most: int | None) -> list[tuple[str, str, str, str]]:
    """(row, puzzle name, format, input) of a corpus file or a puzzlekit genre."""
    if name == "iss.json":
        data = json.loads((corpus / "iss.json").read_text(encoding="utf-8"))
        out = [("classic sudoku" if e["constraint_base_types"] == ["Given"] else "variants",
                f"iss#{i} {e['name']}", "iss", e["canonical_input"])
               for i, e in enumerate(data)]
    else:
        data = json.loads((corpus / "puzzlekit" / f"{name}.json").read_text(encoding="utf-8"))
        out = [(name, f"{name}#{i}", f"puzzlekit:{name}", e["problem"])
               for i, e in enumerate(data["puzzles"])]
        most = most or 40
    return out[:most] if most else out


def run_one(fmt: str, text: str, max_level: int, limit: float) -> dict[str, object]:
    t0 = time.perf_counter()
    try:
        found = grade(import_puzzle(fmt, text), max_level, Deadline.after(limit))
    except SapphireError as e:
        return {"status": "refused", "why": str(e).splitlines()[0],
                "seconds": time.perf_counter() - t0}
    return {"status": found.status, "level": found.level if found.solved else None,
            "steps": len(found.steps), "seconds": time.perf_counter() - t0,
            "calls": found.calls, "decided": found.decided, "points": found.points}


def table(rows: dict[str, list[dict[str, object]]], max_level: int) -> str:
    levels = [f"level {k}" for k in range(max_level + 1)]
    head = ["puzzles", *levels, "stuck", "none", "stopped", "refused", "median s", "max s"]
    out = ["| corpus | " + " | ".join(head) + " |", "|---" * (len(head) + 1) + "|"]
    for row, results in rows.items():
        counts = Counter(f"level {r['level']}" if r["status"] == "solved" else str(r["status"])
                         for r in results)
        times = [float(r["seconds"]) for r in results  # type: ignore[arg-type]
                 if r["status"] not in ("refused",)]
        cells = [len(results), *(counts[k] for k in levels), counts["stuck"], counts["none"],
                 counts["stopped"], counts["refused"],
                 f"{statistics.median(times):.2f}" if times else "–",
                 f"{max(times):.2f}" if times else "–"]
        out.append(f"| {row} | " + " | ".join(str(c) for c in cells) + " |")
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", default=["iss.json"])
    ap.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus"))
    ap.add_argument("--max-level", type=int, default=1)
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--max", type=int, default=None)
    ap.add_argument("--json", default=None)
    ap.add_argument("--from-log", default=None, metavar="LOG",
                    help="tables from the per-puzzle lines an earlier run wrote to stderr "
                         "(one cut short too: its tables then cover the puzzles it reached)")
    args = ap.parse_args()
    corpus = Path(args.corpus)
    if not corpus.is_dir():
        print(f"no corpus at {corpus}; --corpus names one", file=sys.stderr)
        return 0
    rows: dict[str, list[dict[str, object]]] = {}
    if args.from_log:
        row_of = {label: row for name in args.files
                  for row, label, _, _ in entries(corpus, name, args.max)}
        for line in Path(args.from_log).read_text(encoding="utf-8").splitlines():
            label, _, rest = line.rpartition(": ")
            parts = rest.split()
            if label not in row_of or len(parts) != 3:
                continue
            level = parts[1].removeprefix("level=")
            rows.setdefault(row_of[label], []).append({
                "puzzle": label, "status": parts[0],
                "level": None if level == "None" else int(level),
                "seconds": float(parts[2].removesuffix("s"))})
        print(table(rows, args.max_level))
        return 0
    for name in args.files:
        for row, label, fmt, text in entries(corpus, name, args.max):
            got = run_one(fmt, text, args.max_level, args.time_limit)
            got["puzzle"] = label
            rows.setdefault(row, []).append(got)
            print(f"{label}: {got['status']} level={got.get('level')} "
                  f"{float(got['seconds']):.2f}s", file=sys.stderr, flush=True)  # type: ignore[arg-type]
    print(table(rows, args.max_level))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
