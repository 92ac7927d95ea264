"""Sapphire side by side with the reference solvers, every puzzle timed for both in one run.

These machines are shared and noisy, so a time measured on another day is no comparison: each
puzzle is solved by the reference and by Sapphire one right after the other, and the tables
quote ratios. Sections (all by default):

* `iss` — every puzzle of `iss.json`: the Interactive Sudoku Solver (`anchors/iss/run.mjs`, one
  long-lived node process fed one puzzle at a time), then Sapphire on the same puzzle through
  `bench/corpus.py`'s import → `solve_case` (two answers at most) → compare. Both times are
  parse + build + search for two answers after a warm-up: ISS's `ms` as its runner measures it,
  ours `Solved.seconds` (the wall time of `solve_case` less `timings["load"]`, the
  solver's import; the import of the puzzle into a case file is not timed). ISS gets the same
  time limit (`--iss-time-limit`, default `--time-limit`): past it the node process is killed
  and restarted, and the row reads `timeout`.
* `slitherlink` — `slitherlink.json` (5×5 to 60×60) through the hand-written lazy SAT model
  `sat_lazy` (`anchors/slitherlink/models.py`, loaded from there; build + solve + uniqueness
  proof), Sapphire's case route (the `slitherlink` rule and the clues, imported as a puzzlekit
  Slitherlink) and its program route (`examples/slitherlink/slitherlink-rules.sapphire` with
  `to_program_data`), per puzzle and per size class (longest side ≤10, ≤20, ≤40, larger), with
  the median of each puzzle's ratio to `sat_lazy`. A run past the time limit keeps the time it
  took, so a median over it is a lower bound. `--hard FILE` adds a table for the puzzles of
  FILE (the shape of `slitherlink.json`).
* `puzzlekit` — the genres of `puzzlekit/` that Sapphire imports (`puzzlekit_names()` of
  `sapphire.genres`; the others are listed as skipped): per genre, median and maximum seconds
  of Sapphire (first answer and uniqueness) and of the `puzzlekit` package's own OR-Tools
  models (first answer only, as it solves; parse + build + solve timed in its process), and
  how many answers match the recorded solution. The package runs in
  `bench/puzzlekit_worker.py` under a separate Python (`--puzzlekit-python`, else
  `bench/.venv-puzzlekit`, created with `puzzlekit==0.3.4` on first use); it is no dependency
  of the project.
* `cli` — wall time of `sapphire solve examples/cases/classic-sudoku.case --format json` as a
  fresh process (after one untimed run), median, minimum and maximum of `--cli-runs`, against
  the 0.25 s target, with the median of what the process reports as solve and solver-load time.

Usage:
    python bench/sidebyside.py [iss|slitherlink|puzzlekit|cli ...] [--backend auto|cpsat|sat]
        [--time-limit S] [--iss-time-limit S] [--only TEXT] [--max N] [--hard FILE]
        [--cli-runs N] [--puzzlekit-python PY] [--corpus DIR] [--json OUT]
        [--compare EARLIER.json]

`--backend` goes to Sapphire as it is, and each row shows the backend that answered. `--only`
and `--max` select puzzles by name and count per corpus file (per genre for puzzlekit).
`--json OUT` writes every row; `--compare EARLIER.json` (such a file) prints the ratios of that
run beside this one's. The corpus is `../shared/corpus` next to the checkout, the references
`../shared/anchors`; without the corpus the script says so and exits 0; without node, python-sat
or the puzzlekit environment the reference's columns read `-`. Progress goes to stderr, the
Markdown tables to stdout. One puzzle's failure never stops the run.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(BENCH))

from corpus import (  # noqa: E402
    DEFAULT_CORPUS,
    Outcome,
    Timeout,
    deadline,
    iss_jobs,
    puzzlekit_jobs,
    run_job,
    run_one,
    warm_up,
)
from lineworker import LineWorker, WorkerError  # noqa: E402
from slitherlink import _correct, _values  # noqa: E402
from slitherlink_corpus import (  # noqa: E402
    SlitherlinkPuzzle,
    check_loop,
    edges_from_values,
    inside_from_values,
    read_slitherlink_json,
    to_program_data,
)

from sapphire.genres import puzzlekit_names  # noqa: E402
from sapphire.pipeline import solve_program  # noqa: E402

SECTIONS = ("iss", "slitherlink", "puzzlekit", "cli")
PROGRAM = REPO / "examples" / "slitherlink" / "slitherlink-rules.sapphire"
CLI_CASE = REPO / "examples" / "cases" / "classic-sudoku.case"
CLI_TARGET = 0.25
PUZZLEKIT_VERSION = "0.3.4"
VENV = BENCH / ".venv-puzzlekit"
ISS_PROBE = {"name": "ready", "input": ".~R1C1_5~R1C2_3~R1C5_7~R2C1_6~R2C4_1~R2C5_9~R2C6_5"
             "~R3C2_9~R3C3_8~R3C8_6~R4C1_8~R4C5_6~R4C9_3~R5C1_4~R5C4_8~R5C6_3~R5C9_1~R6C1_7"
             "~R6C5_2~R6C9_6~R7C2_6~R7C7_2~R7C8_8~R8C4_4~R8C5_1~R8C6_9~R8C9_5~R9C5_8~R9C8_7"
             "~R9C9_9"}
"""A classic sudoku the ISS runner answers at once: its reply says the runner is ready."""
ANSWERED = ("unique", "multiple", "none")


def note(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# -- small helpers -----------------------------------------------------------------------------


NUMBER = re.compile(r"^(-|[>≥]?[\d.]+[×%]?|\d+/\d+|\d+x\d+)$")


def table(header: list[str], rows: Iterable[list[str]]) -> list[str]:
    """A Markdown table, its columns of numbers right-aligned."""
    body = [list(r) for r in rows]
    right = [i > 0 and all(NUMBER.match(r[i]) for r in body) for i in range(len(header))]
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join("---:" if r else "---" for r in right) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in body]
    return out


def fmt_ms(ms: float | None) -> str:
    if ms is None:
        return "-"
    return f"{ms:.1f}" if ms < 100 else f"{ms:.0f}"


def fmt_s(s: float | None) -> str:
    return "-" if s is None else f"{s:.3f}" if s < 10 else f"{s:.1f}"


def fmt_x(r: float | None) -> str:
    if r is None:
        return "-"
    return f"{r:.2f}×" if r < 10 else f"{r:.0f}×"


def median(xs: list[float]) -> float | None:
    return statistics.median(xs) if xs else None


def geomean(xs: list[float]) -> float | None:
    xs = [x for x in xs if x > 0]
    return math.exp(statistics.fmean(math.log(x) for x in xs)) if xs else None


def selected(names: list[str], only: str | None, most: int | None) -> list[int]:
    """Indexes of the names that `--only` and `--max` keep."""
    keep = [i for i, n in enumerate(names) if not only or only.lower() in n.lower()]
    return keep[:most] if most is not None else keep


def verdict(o: Outcome) -> str:
    return "ok" if o.matched else (o.reason.split(":")[0] or "failed")


def outcome_dict(o: Outcome) -> dict[str, Any]:
    return {"seconds": o.seconds, "status": o.status, "matched": o.matched,
            "reason": o.reason, "backend": o.backend, "timings": o.timings}


# -- ISS ---------------------------------------------------------------------------------------


def iss_row(job: Any, grid: str, reply: dict[str, Any] | None, error: str, limit: float,
            o: Outcome) -> dict[str, Any]:
    _, _, name, _, _, want, expect, _ = job
    row: dict[str, Any] = {"name": name, "grid": grid, "iss_ms": None, "iss_status": "-",
                           "iss_ok": False, "iss_error": error}
    if reply is None and not error:
        row["iss_status"] = "timeout"
    elif reply is not None and reply.get("error"):
        row["iss_status"], row["iss_error"] = "error", str(reply["error"])
    elif reply is not None:
        row["iss_ms"] = reply.get("ms")
        status = str(reply.get("status"))
        over = row["iss_ms"] is not None and row["iss_ms"] > limit * 1000
        row["iss_status"] = "timeout" if status == "unknown" or over else status
        digits = [int(x) for x in str(reply.get("solution") or "").split(",") if x]
        known = None if expect is None else [d for r in expect["digits"] for d in r]
        row["iss_ok"] = row["iss_status"] == want and (
            want != "unique" or known is None or digits == known)
    row.update(ms=None if o.seconds is None else o.seconds * 1000, **{
        k: v for k, v in outcome_dict(o).items() if k != "seconds"})
    row["ratio"] = (row["ms"] / row["iss_ms"]
                    if row["iss_status"] in ANSWERED and o.status is not None
                    and row["ms"] and row["iss_ms"] else None)
    return row


def run_iss(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    path = args.corpus / "iss.json"
    entries = json.loads(path.read_text(encoding="utf-8"))
    jobs = list(iss_jobs(path))
    keep = selected([j[2] for j in jobs], args.only, args.max)
    runner = args.corpus.parent / "anchors" / "iss" / "run.mjs"
    node = shutil.which("node")
    why = ("" if node and runner.is_file() else
           f"ISS not run: {'no node on PATH' if not node else f'no {runner}'}")
    iss = LineWorker([node or "node", str(runner), "-"], "ISS runner", workdir / "iss.log",
                     probe=ISS_PROBE)
    limit = args.iss_time_limit or args.time_limit
    rows = []
    try:
        for k, i in enumerate(keep, 1):
            job, grid = jobs[i], str(entries[i].get("grid", "9x9"))
            reply, error = None, why
            if not why:
                try:
                    reply = iss.ask({"name": job[2], "input": job[1]}, limit + 1)
                except WorkerError as e:
                    error = str(e)
            o = run_job(job, args.time_limit, workdir, args.backend)
            row = iss_row(job, grid, reply, error, limit, o)
            rows.append(row)
            note(f"[iss {k}/{len(keep)}] {job[2]}: ISS {fmt_ms(row['iss_ms'])} ms "
                 f"({row['iss_status']}), ours {fmt_ms(row['ms'])} ms ({verdict(o)}, "
                 f"{o.backend or '-'})")
    finally:
        iss.stop()
    return {"rows": rows, "iss_time_limit": limit, "skipped_reason": why}


def iss_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    ratios = [r["ratio"] for r in rows if r["ratio"] is not None]
    iss_answered = [r for r in rows if r["iss_status"] in ANSWERED]
    within = {n: sum(1 for r in iss_answered if r["ratio"] is not None and r["ratio"] <= n)
              for n in (2, 10)}
    slow = [r["name"] for r in rows if r["iss_ms"] is not None and r["iss_ms"] < 50
            and r["iss_status"] in ANSWERED and r["ms"] is not None and r["ms"] > 1000]
    n = len(iss_answered)
    return {"puzzles": len(rows), "both_answered": len(ratios),
            "median_ratio": median(ratios), "geomean_ratio": geomean(ratios),
            "iss_answered": n,
            "within_2x": 100 * within[2] / n if n else None,
            "within_10x": 100 * within[10] / n if n else None,
            "over_1s_iss_under_50ms": len(slow), "over_1s_iss_under_50ms_names": slow,
            "matched": sum(r["matched"] for r in rows),
            "iss_matched": sum(r["iss_ok"] for r in rows),
            "backends": dict(Counter(r["backend"] or "-" for r in rows)),
            "ours_total_s": sum((r["ms"] or 0) for r in rows) / 1000,
            "iss_total_s": sum((r["iss_ms"] or 0) for r in rows) / 1000}


def iss_report(res: dict[str, Any], limit: float) -> list[str]:
    rows = res["rows"]
    out = [f"## ISS corpus: Sapphire beside the Interactive Sudoku Solver "
           f"(time limit {limit:g} s, ISS {res['iss_time_limit']:g} s)", ""]
    if res["skipped_reason"]:
        out += [res["skipped_reason"], ""]

    def ms(r: dict[str, Any], key: str, status: str, lim: float) -> str:
        return f">{lim * 1000:.0f}" if status == "timeout" else fmt_ms(r[key])

    out += table(["puzzle", "grid", "ISS ms", "ours ms", "ratio", "backend", "ours", "ISS"], [[
        r["name"], r["grid"],
        ms(r, "iss_ms", r["iss_status"], res["iss_time_limit"]),
        ms(r, "ms", "timeout" if r["reason"].startswith("timeout") else "", limit),
        fmt_x(r["ratio"]) if r["ratio"] or r["iss_status"] not in ANSWERED or not r["iss_ms"]
        or not r["ms"] else f">{fmt_x(r['ms'] / r['iss_ms'])}",
        r["backend"] or "-",
        "ok" if r["matched"] else r["reason"].split(":")[0] or "failed",
        "ok" if r["iss_ok"] else r["iss_status"] if r["iss_status"] != "-" else "-"]
        for r in rows])
    s = iss_summary(rows)
    out += ["",
            f"- puzzles: {s['puzzles']}; both answered within the limit: {s['both_answered']}",
            f"- ratio ours/ISS over those: median {fmt_x(s['median_ratio'])}, geometric mean "
            f"{fmt_x(s['geomean_ratio'])}",
            f"- of the {s['iss_answered']} puzzles ISS answered, ours within 2×: "
            f"{fmt_pct(s['within_2x'])}, within 10×: {fmt_pct(s['within_10x'])}",
            f"- ours over 1 s where ISS takes under 50 ms: {s['over_1s_iss_under_50ms']}"
            + (f" ({', '.join(s['over_1s_iss_under_50ms_names'])})"
               if 0 < s["over_1s_iss_under_50ms"] <= 20 else ""),
            f"- matched the corpus within the limit: ours {s['matched']}/{s['puzzles']}, "
            f"ISS {s['iss_matched']}/{s['puzzles']}",
            "- backend that answered: " + ", ".join(
                f"{k} {v}" for k, v in sorted(s["backends"].items())),
            f"- total seconds: ours {s['ours_total_s']:.1f}, ISS {s['iss_total_s']:.1f}"]
    failed = [r for r in rows if not r["matched"]]
    if failed:
        out += ["", "Not matched:"] + [f"- {r['name']}: {r['reason']}" for r in failed]
    return out + [""]


# -- Slitherlink ------------------------------------------------------------------------------


def size_class(p: SlitherlinkPuzzle) -> str:
    side = max(p.rows, p.cols)
    return "≤10" if side <= 10 else "≤20" if side <= 20 else "≤40" if side <= 40 else ">40"


CLASSES = ("≤10", "≤20", "≤40", ">40")


def load_sat_lazy(anchors: Path) -> tuple[ModuleType | None, str]:
    """The anchor's models module, loaded from its file (its code stays there), or why not."""
    path = anchors / "slitherlink" / "models.py"
    if not path.is_file():
        return None, f"no {path}"
    if importlib.util.find_spec("pysat") is None:
        return None, "python-sat is not installed (pip install python-sat)"
    spec = importlib.util.spec_from_file_location("slitherlink_anchor_models", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module, ""


def correct(p: SlitherlinkPuzzle, status: str, vrt: Any, hrz: Any) -> bool:
    """Unique and the known loop; for a puzzle without a known answer (a hard set may have
    none), unique and a loop that meets every clue."""
    if p.has_solution:
        return _correct(p, status, vrt, hrz)
    return status == "unique" and vrt is not None and check_loop(p, vrt, hrz)


def run_sat_lazy(models: ModuleType, p: SlitherlinkPuzzle, limit: float) -> dict[str, Any]:
    clues = ["".join("." if c is None else str(c) for c in row) for row in p.clues]
    t0 = time.perf_counter()
    try:
        out = models.sat_lazy(p.rows, p.cols, clues, unique=True, timeout=limit)
    except Exception as e:  # an error has no time to compare
        return {"seconds": None, "status": "error", "correct": False,
                "error": f"{type(e).__name__}: {e}"}
    seconds = time.perf_counter() - t0
    status = ("unknown" if out.get("timeout") else "none" if not out.get("found")
              else "unique" if out.get("unique") else "multiple")
    vrt = hrz = None
    if out.get("sol") is not None:
        g, on = models.Grid(p.rows, p.cols), out["sol"]
        vrt = tuple(tuple(int(g.hid[a, b] in on) for b in range(p.cols))
                    for a in range(p.rows + 1))
        hrz = tuple(tuple(int(g.vid[a, b] in on) for b in range(p.cols + 1))
                    for a in range(p.rows))
    return {"seconds": seconds, "status": status, "correct": correct(p, status, vrt, hrz)}


def run_case_route(p: SlitherlinkPuzzle, limit: float, workdir: Path,
                   backend: str) -> dict[str, Any]:
    """The puzzle as a case file (imported as a puzzlekit Slitherlink), through corpus.py's
    import → solve → compare, the answer compared as the loop's inside."""
    text = f"{p.rows} {p.cols}\n" + "\n".join(
        " ".join("-" if c is None else str(c) for c in row) for row in p.clues)
    expect = None
    if p.vrt is not None:
        top = [[a, b, v] for a, row in enumerate(p.vrt) for b, v in enumerate(row)]
        expect = {"inside": inside_from_values({"vrt": top}, p.rows, p.cols)}
    o = run_one("puzzlekit:Slitherlink", text, p.name, ["Slitherlink"], p.source, limit,
                workdir, "unique", expect, backend)
    status = o.status or ("unknown" if o.reason.startswith("timeout") else "error")
    return {"seconds": o.seconds, "status": status, "correct": o.matched,
            "backend": o.backend, "error": o.reason, "timings": o.timings}


def run_program_route(p: SlitherlinkPuzzle, limit: float, backend: str) -> dict[str, Any]:
    """The seed program on the puzzle's instance data; seconds are the wall time of
    `solve_program` less the solver's import."""
    t0 = time.perf_counter()
    try:
        with deadline(limit + 5):
            res = solve_program(str(PROGRAM), to_program_data(p), max_solutions=2,
                                time_limit=limit, backend=backend)
    except Timeout:
        return {"seconds": time.perf_counter() - t0, "status": "unknown", "correct": False,
                "backend": "", "error": f"timeout: over {limit + 5:g} s"}
    except Exception as e:  # an error has no time to compare
        return {"seconds": None, "status": "error", "correct": False,
                "backend": "", "error": f"{type(e).__name__}: {(str(e).splitlines() or [''])[0]}"}
    seconds = time.perf_counter() - t0 - res.timings.get("load", 0.0)
    vrt = hrz = None
    error = ""
    if res.solutions:
        try:
            vrt, hrz = edges_from_values(_values(res.solutions[0]), p.rows, p.cols)
        except (KeyError, TypeError, ValueError) as e:
            error = f"cannot read edges from the answer: {e}"
    return {"seconds": seconds, "status": res.status,
            "correct": correct(p, res.status, vrt, hrz), "backend": res.backend,
            "error": error, "timings": {k: round(v, 4) for k, v in res.timings.items()}}


def slither_warm_up(models: ModuleType | None, workdir: Path, backend: str) -> None:
    """One small puzzle through each route, so that no timed puzzle loads a solver, the rule
    library's Slitherlink or the seed program for the first time."""
    p = SlitherlinkPuzzle("warm-up", 2, 2, ((2, 2), (2, 2)), None, None, "warm-up")
    if models is not None:
        run_sat_lazy(models, p, 10)
    run_case_route(p, 10, workdir, backend)
    run_program_route(p, 10, backend)


def run_slitherlink(puzzles: list[SlitherlinkPuzzle], label: str, args: argparse.Namespace,
                    models: ModuleType | None, workdir: Path) -> list[dict[str, Any]]:
    rows = []
    for k, p in enumerate(puzzles, 1):
        row: dict[str, Any] = {"name": p.name, "size": p.size, "class": size_class(p)}
        row["sat"] = run_sat_lazy(models, p, args.time_limit) if models is not None else None
        row["case"] = run_case_route(p, args.time_limit, workdir, args.backend)
        row["program"] = run_program_route(p, args.time_limit, args.backend)
        rows.append(row)
        note(f"[{label} {k}/{len(puzzles)}] {p.name} {p.size}: sat_lazy "
             f"{fmt_s(row['sat'] and row['sat']['seconds'])} s, case "
             f"{fmt_s(row['case']['seconds'])} s, program {fmt_s(row['program']['seconds'])} s")
    return rows


def route_verdict(run: dict[str, Any] | None) -> str:
    if run is None:
        return "-"
    if run["correct"]:
        return "ok"
    if run["status"] == "unknown":
        return "timeout"
    return run["status"] if run["status"] in ("none", "multiple", "error") else "wrong"


def ratio_to_sat(row: dict[str, Any], route: str) -> float | None:
    sat, run = row["sat"], row[route]
    if sat is None or not sat["seconds"] or run["seconds"] is None:
        return None
    return float(run["seconds"] / sat["seconds"])


def slither_report(rows: list[dict[str, Any]], title: str, sat_why: str) -> list[str]:
    out = [f"## {title}", ""]
    if sat_why:
        out += [f"sat_lazy not run: {sat_why}", ""]
    out += table(["puzzle", "size", "sat_lazy s", "case s", "program s", "case/sat",
                  "program/sat", "backend case/program", "correct sat/case/program"], [[
        r["name"], r["size"], fmt_s(r["sat"] and r["sat"]["seconds"]),
        fmt_s(r["case"]["seconds"]), fmt_s(r["program"]["seconds"]),
        fmt_x(ratio_to_sat(r, "case")), fmt_x(ratio_to_sat(r, "program")),
        f"{r['case'].get('backend') or '-'}/{r['program'].get('backend') or '-'}",
        "/".join(route_verdict(r[k]) for k in ("sat", "case", "program"))] for r in rows])
    out += ["", "Per size class (longest side), medians; a ratio is the median of each "
                "puzzle's ratio to sat_lazy:", ""]
    body = []
    for c in [*CLASSES, "all"]:
        rs = [r for r in rows if c == "all" or r["class"] == c]
        if not rs or (c == "all" and len({r["class"] for r in rows}) < 2):
            continue

        def med(route: str, rs: list[dict[str, Any]] = rs) -> float | None:
            return median([r[route]["seconds"] for r in rs
                           if r[route] is not None and r[route]["seconds"] is not None])

        def rat(route: str, rs: list[dict[str, Any]] = rs) -> float | None:
            return median([x for r in rs if (x := ratio_to_sat(r, route)) is not None])

        body.append([c, str(len(rs)), fmt_s(med("sat")), fmt_s(med("case")),
                     fmt_s(med("program")), fmt_x(rat("case")), fmt_x(rat("program")),
                     "/".join("-" if all(r[k] is None for r in rs) else
                              str(sum(1 for r in rs if r[k] is not None and r[k]["correct"]))
                              for k in ("sat", "case", "program"))])
    out += table(["class", "puzzles", "sat_lazy s", "case s", "program s", "case/sat",
                  "program/sat", "correct sat/case/program"], body)
    backends = Counter(f"{k} {r[k].get('backend') or '-'}" for r in rows
                       for k in ("case", "program"))
    out += ["", "Backend that answered: " + ", ".join(f"{k}: {v}"
                                                     for k, v in sorted(backends.items()))]
    bad = [(r["name"], k, r[k].get("error") or r[k]["status"]) for r in rows
           for k in ("sat", "case", "program") if r[k] is not None and not r[k]["correct"]]
    if bad:
        out += ["", "Not correct:"] + [f"- {n} ({k}): {why}" for n, k, why in bad]
    return out + [""]


def slither_medians(rows: list[dict[str, Any]]) -> dict[str, dict[str, float | None]]:
    """Per class, the median ratio of each route to sat_lazy (for --compare)."""
    out = {}
    for c in CLASSES:
        rs = [r for r in rows if r["class"] == c]
        if rs:
            out[c] = {route: median([x for r in rs if (x := ratio_to_sat(r, route))])
                      for route in ("case", "program")}
    return out


# -- puzzlekit genres -------------------------------------------------------------------------


def puzzlekit_python(given: Path | None) -> tuple[Path | None, str]:
    """The Python that has the puzzlekit package: the one given, else bench/.venv-puzzlekit,
    created on first use. None and the reason when there is none."""
    if given is not None:
        return (given, "") if given.exists() else (None, f"no {given}")
    py = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if py.exists():
        return py, ""
    note(f"creating {VENV.relative_to(REPO)} with puzzlekit=={PUZZLEKIT_VERSION} (once)")
    try:
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "--quiet",
                        f"puzzlekit=={PUZZLEKIT_VERSION}"], check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        return None, f"could not set up {VENV}: {e}"
    return py, ""


def run_puzzlekit(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    folder = args.corpus / "puzzlekit"
    present = sorted(p.stem for p in folder.glob("*.json"))
    genres = [g for g in puzzlekit_names() if (folder / f"{g}.json").is_file()]
    py, why = puzzlekit_python(args.puzzlekit_python)
    worker = LineWorker([str(py), str(BENCH / "puzzlekit_worker.py")], "puzzlekit worker",
                        workdir / "puzzlekit.log", ready_line=True) if py else None
    rows: list[dict[str, Any]] = []
    try:
        for genre in genres:
            path = folder / f"{genre}.json"
            entries = json.loads(path.read_text(encoding="utf-8"))["puzzles"]
            jobs = list(puzzlekit_jobs(path))
            keep = selected([j[2] for j in jobs], args.only, args.max)
            for k, i in enumerate(keep, 1):
                job, entry = jobs[i], entries[i]
                ref: dict[str, Any] = {"seconds": None, "status": "-", "matched": False,
                                       "error": why}
                if worker is not None:
                    try:
                        reply = worker.ask({"name": job[2], "genre": genre,
                                            "problem": entry["problem"],
                                            "solution": entry.get("solution"),
                                            "time_limit": args.time_limit},
                                           args.time_limit + 30)
                        ref = reply if reply is not None else {
                            "seconds": None, "status": "unknown", "matched": False,
                            "error": f"no reply within {args.time_limit + 30:g} s"}
                    except WorkerError as e:
                        ref = {"seconds": None, "status": "error", "matched": False,
                               "error": str(e)}
                o = run_job(job, args.time_limit, workdir, args.backend)
                rows.append({"genre": genre, "name": job[2], "ours": outcome_dict(o),
                             "puzzlekit": ref})
                note(f"[puzzlekit {genre} {k}/{len(keep)}] {job[2]}: puzzlekit "
                     f"{fmt_s(ref.get('seconds'))} s ({ref.get('status')}), ours "
                     f"{fmt_s(o.seconds)} s ({verdict(o)}, {o.backend or '-'})")
    finally:
        if worker is not None:
            worker.stop()
    read = puzzlekit_names()
    return {"rows": rows, "genres": genres, "skipped": [g for g in present if g not in read],
            "puzzlekit_version": worker.info.get("version") if worker else None,
            "why": worker.disabled if worker and worker.disabled else why}


def genre_stats(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for genre in dict.fromkeys(r["genre"] for r in rows):
        rs = [r for r in rows if r["genre"] == genre]
        ours = [r["ours"]["seconds"] for r in rs if r["ours"]["seconds"] is not None]
        ref = [r["puzzlekit"]["seconds"] for r in rs
               if r["puzzlekit"].get("seconds") is not None]
        mo, mr = median(ours), median(ref)
        out[genre] = {
            "puzzles": len(rs), "ours_median": mo, "ours_max": max(ours, default=None),
            "ours_matched": sum(r["ours"]["matched"] for r in rs),
            "pk_median": mr, "pk_max": max(ref, default=None),
            "pk_matched": sum(bool(r["puzzlekit"].get("matched")) for r in rs),
            "pk_unsupported": all(r["puzzlekit"].get("status") == "unsupported" for r in rs),
            "ratio": mo / mr if mo is not None and mr else None,
            "backends": dict(Counter(r["ours"]["backend"] or "-" for r in rs))}
    return out


def puzzlekit_report(res: dict[str, Any], limit: float) -> list[str]:
    version = res["puzzlekit_version"] or "-"
    out = [f"## puzzlekit genres: Sapphire beside the puzzlekit package's OR-Tools models "
           f"(puzzlekit {version}, time limit {limit:g} s)", ""]
    if res["why"]:
        out += [f"puzzlekit not run: {res['why']}", ""]
    stats = genre_stats(res["rows"])
    out += table(["genre", "puzzles", "ours median s", "ours max s", "ours matched",
                  "puzzlekit median s", "puzzlekit max s", "puzzlekit matched",
                  "ratio of medians", "backend"], [[
        g, str(s["puzzles"]), fmt_s(s["ours_median"]), fmt_s(s["ours_max"]),
        str(s["ours_matched"]), fmt_s(s["pk_median"]), fmt_s(s["pk_max"]),
        "-" if s["pk_unsupported"] else str(s["pk_matched"]), fmt_x(s["ratio"]),
        ", ".join(f"{k} {v}" for k, v in sorted(s["backends"].items()))]
        for g, s in stats.items()])
    out.append("")
    out.append("Sapphire's time is the first answer and the proof that it is the only one; "
               "puzzlekit's is its first answer only.")
    unsupported = [g for g, s in stats.items() if s["pk_unsupported"] and not res["why"]]
    if unsupported:
        out.append(f"The puzzlekit package has no solver for: {', '.join(unsupported)}.")
    if res["skipped"]:
        out.append(f"Skipped, not imported by Sapphire ({len(res['skipped'])}): "
                   f"{', '.join(res['skipped'])}.")
    bad = [r for r in res["rows"] if not r["ours"]["matched"]]
    if bad:
        out += ["", "Not matched (ours):"] + [f"- {r['name']}: {r['ours']['reason']}"
                                              for r in bad]
    return out + [""]


# -- command-line latency ---------------------------------------------------------------------


def sapphire_command() -> list[str]:
    exe = Path(sys.executable).parent / "sapphire"
    if exe.exists():
        return [str(exe)]
    found = shutil.which("sapphire")
    return [found] if found else [sys.executable, "-c",
                                  "import sys; from sapphire.cli import main; sys.exit(main())"]


def run_cli(args: argparse.Namespace) -> dict[str, Any]:
    argv = [*sapphire_command(), "solve", str(CLI_CASE), "--format", "json"]
    if args.backend != "auto":
        argv += ["--backend", args.backend]
    shown = " ".join(["sapphire", *argv[argv.index("solve"):]]).replace(str(REPO) + "/", "")
    walls: list[float] = []
    solve: list[float] = []
    load: list[float] = []
    errors: list[str] = []
    # as installed for a user: the first run writes the bytecode caches that an environment
    # with PYTHONDONTWRITEBYTECODE (some CI images) would have every run compile again
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for k in range(args.cli_runs + 1):  # the first run is not timed: it fills caches
        t0 = time.perf_counter()
        proc = subprocess.run(argv, capture_output=True, text=True, cwd=REPO, env=env)
        wall = time.perf_counter() - t0
        try:
            doc = json.loads(proc.stdout)
            ok = proc.returncode == 0 and doc.get("status") == "unique"
        except ValueError:
            doc, ok = {}, False
        if not ok:
            errors.append(f"exit {proc.returncode}: {(proc.stderr or proc.stdout)[-300:]}")
        if k == 0:
            continue
        walls.append(wall)
        solve.append(float(doc.get("seconds") or 0))
        load.append(float((doc.get("timings") or {}).get("load") or 0))
        note(f"[cli {k}/{args.cli_runs}] {wall:.3f} s")
    return {"command": shown, "runs": walls, "median": median(walls),
            "min": min(walls, default=None), "max": max(walls, default=None),
            "solve_median": median(solve), "load_median": median(load),
            "target": CLI_TARGET, "errors": errors}


def cli_report(res: dict[str, Any]) -> list[str]:
    out = [f"## Command-line latency: `{res['command']}`", ""]
    m = res["median"]
    out += table(["runs", "median s", "min s", "max s", "target s", "within target",
                  "solve s (reported)", "solver load s (reported)"], [[
        str(len(res["runs"])), fmt_s(m), fmt_s(res["min"]), fmt_s(res["max"]),
        f"{res['target']:g}", "-" if m is None else "yes" if m <= res["target"] else "no",
        fmt_s(res["solve_median"]), fmt_s(res["load_median"])]])
    if m is not None and res["solve_median"] is not None:
        rest = m - res["solve_median"] - (res["load_median"] or 0)
        out += ["", f"The rest of the median, {rest:.3f} s, is the interpreter's start, "
                    "imports and output."]
    if res["errors"]:
        out += ["", "Failed runs:"] + [f"- {e}" for e in res["errors"]]
    return out + [""]


# -- before / after ---------------------------------------------------------------------------


def common(old: list[dict[str, Any]], new: list[dict[str, Any]]
           ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows of each run whose puzzle the other run has too, so that a run over a selection
    compares with the same selection of a fuller one."""
    names = {r["name"] for r in old} & {r["name"] for r in new}
    return [r for r in old if r["name"] in names], [r for r in new if r["name"] in names]


def compare_report(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Summary ratios of an earlier run's --json output beside this run's, over the puzzles
    both ran."""
    when = old.get("meta", {}).get("started", "?")
    out = [f"## Before / after: {when} ({old.get('meta', {}).get('commit', '?')}) → this run, "
           "over the puzzles both ran", ""]
    if "iss" in old and "iss" in new:
        a, b = map(iss_summary, common(old["iss"]["rows"], new["iss"]["rows"]))
        out += ["ISS, ratio ours/ISS:", ""]
        out += table(["", "before", "after"], [
            ["median ratio", fmt_x(a["median_ratio"]), fmt_x(b["median_ratio"])],
            ["geometric mean ratio", fmt_x(a["geomean_ratio"]), fmt_x(b["geomean_ratio"])],
            ["within 2×", fmt_pct(a["within_2x"]), fmt_pct(b["within_2x"])],
            ["within 10×", fmt_pct(a["within_10x"]), fmt_pct(b["within_10x"])],
            ["over 1 s where ISS < 50 ms", str(a["over_1s_iss_under_50ms"]),
             str(b["over_1s_iss_under_50ms"])],
            ["matched", f"{a['matched']}/{a['puzzles']}", f"{b['matched']}/{b['puzzles']}"]])
        before = {r["name"]: r["ratio"] for r in old["iss"]["rows"] if r["ratio"]}
        moved = sorted(((r["name"], before[r["name"]], r["ratio"]) for r in new["iss"]["rows"]
                        if r["ratio"] and r["name"] in before
                        and abs(math.log(r["ratio"] / before[r["name"]])) > math.log(1.5)),
                       key=lambda t: -abs(math.log(t[2] / t[1])))
        if moved:
            out += ["", "Puzzles whose ratio moved by more than 1.5× (largest first, "
                        "at most 20):", ""]
            out += table(["puzzle", "ratio before", "ratio after"],
                         [[n, fmt_x(x), fmt_x(y)] for n, x, y in moved[:20]])
        out.append("")
    for key, title in (("slitherlink", "Slitherlink"), ("hard", "Hard Slitherlinks")):
        if old.get(key) and new.get(key):
            a, b = map(slither_medians, common(old[key], new[key]))
            out += [f"{title}, median ratio to sat_lazy:", ""]
            out += table(["class", "case before", "case after", "program before",
                          "program after"], [[
                c, fmt_x(a.get(c, {}).get("case")), fmt_x(b[c]["case"]),
                fmt_x(a.get(c, {}).get("program")), fmt_x(b[c]["program"])] for c in b])
            out.append("")
    if "puzzlekit" in old and "puzzlekit" in new:
        a, b = map(genre_stats, common(old["puzzlekit"]["rows"], new["puzzlekit"]["rows"]))
        out += ["puzzlekit genres, ratio of medians ours/puzzlekit:", ""]
        out += table(["genre", "ratio before", "ratio after", "ours median s before",
                      "ours median s after"], [[
            g, fmt_x(a.get(g, {}).get("ratio")), fmt_x(s["ratio"]),
            fmt_s(a.get(g, {}).get("ours_median")), fmt_s(s["ours_median"])]
            for g, s in b.items()])
        out.append("")
    if old.get("cli") and new.get("cli"):
        a, b = old["cli"], new["cli"]
        out += ["Command-line latency:", ""]
        out += table(["", "before", "after"], [
            ["median s", fmt_s(a.get("median")), fmt_s(b.get("median"))],
            ["min s", fmt_s(a.get("min")), fmt_s(b.get("min"))]])
        out.append("")
    return out


def fmt_pct(v: float | None) -> str:
    return "-" if v is None else f"{v:.0f}%"


# -- main --------------------------------------------------------------------------------------


def git_commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, text=True,
                              capture_output=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("sections", nargs="*", metavar="SECTION",
                    help=f"any of {', '.join(SECTIONS)} (default: all)")
    ap.add_argument("--backend", default="auto", metavar="auto|cpsat|sat",
                    help="Sapphire's backend, passed on as it is (default auto)")
    ap.add_argument("--time-limit", type=float, default=20.0, metavar="S",
                    help="seconds per puzzle, for every solver (default 20)")
    ap.add_argument("--iss-time-limit", type=float, metavar="S",
                    help="seconds per puzzle for ISS, whose runner is killed and restarted "
                         "past it (default: --time-limit)")
    ap.add_argument("--only", metavar="TEXT", help="only puzzles whose name contains TEXT")
    ap.add_argument("--max", type=int, metavar="N",
                    help="at most N puzzles per corpus file (per genre)")
    ap.add_argument("--hard", type=Path, metavar="FILE",
                    help="also a Slitherlink table for FILE (the shape of slitherlink.json)")
    ap.add_argument("--cli-runs", type=int, default=10, metavar="N",
                    help="timed runs of the command (default 10)")
    ap.add_argument("--puzzlekit-python", type=Path, metavar="PY",
                    help="a Python with the puzzlekit package (default: bench/.venv-puzzlekit, "
                         "created on first use)")
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--json", type=Path, metavar="OUT", help="write every row as JSON")
    ap.add_argument("--compare", type=Path, metavar="EARLIER",
                    help="an earlier run's --json output: print its ratios beside these")
    args = ap.parse_args(argv)
    bad = [s for s in args.sections if s not in SECTIONS]
    if bad:
        ap.error(f"unknown section {', '.join(bad)}; sections: {', '.join(SECTIONS)}")
    args.sections = [s for s in SECTIONS if s in args.sections] or list(SECTIONS)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not args.corpus.is_dir():
        print(f"sidebyside.py: no corpus at {args.corpus} (the shared folder next to the "
              "checkout); nothing to run")
        return 0
    earlier = None
    if args.compare:
        try:
            earlier = json.loads(args.compare.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise SystemExit(f"sidebyside.py: cannot read {args.compare}: {e}") from None
    doc: dict[str, Any] = {"meta": {
        "started": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": git_commit(), "backend": args.backend, "time_limit": args.time_limit,
        "sections": args.sections, "only": args.only, "max": args.max}}
    report: list[str] = [f"# Sapphire side by side (commit {doc['meta']['commit']}, "
                         f"backend {args.backend}, {doc['meta']['started']})", ""]
    anchors = args.corpus.parent / "anchors"
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        try:
            if set(args.sections) - {"cli"}:
                warm_up(workdir, args.backend)
        except Exception as e:  # every puzzle will say the same; the run goes on
            note(f"warm-up failed: {type(e).__name__}: {e}")
        sections: dict[str, Callable[[], list[str]]] = {}

        def iss() -> list[str]:
            doc["iss"] = run_iss(args, workdir)
            return iss_report(doc["iss"], args.time_limit)

        def slither() -> list[str]:
            models, why = load_sat_lazy(anchors)
            try:
                slither_warm_up(models, workdir, args.backend)
            except Exception as e:
                note(f"Slitherlink warm-up failed: {type(e).__name__}: {e}")
            out: list[str] = []
            sets = [("slitherlink", "Slitherlink: sat_lazy, Sapphire's case and program routes",
                     args.corpus / "slitherlink.json")]
            if args.hard:
                sets.append(("hard", f"Hard Slitherlinks ({args.hard})", args.hard))
            for key, title, path in sets:
                try:
                    puzzles = read_slitherlink_json(path)
                except (OSError, ValueError, KeyError) as e:
                    out += [f"## {title}", "", f"cannot read {path}: {e}", ""]
                    continue
                puzzles = [puzzles[i] for i in selected([p.name for p in puzzles], args.only,
                                                        args.max)]
                doc[key] = run_slitherlink(puzzles, key, args, models, workdir)
                out += slither_report(doc[key], f"{title} (time limit {args.time_limit:g} s)",
                                      why)
            return out

        def kit() -> list[str]:
            doc["puzzlekit"] = run_puzzlekit(args, workdir)
            return puzzlekit_report(doc["puzzlekit"], args.time_limit)

        def cli() -> list[str]:
            doc["cli"] = run_cli(args)
            return cli_report(doc["cli"])

        sections = {"iss": iss, "slitherlink": slither, "puzzlekit": kit, "cli": cli}
        for name in args.sections:
            t0 = time.perf_counter()
            report += sections[name]()
            note(f"{name}: {time.perf_counter() - t0:.0f} s")
    if earlier is not None:
        report += compare_report(earlier, doc)
    print("\n".join(report))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
