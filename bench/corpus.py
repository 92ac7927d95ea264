"""Run corpus puzzles through import → solve → compare, and print what came out.

Each puzzle of a corpus file is imported to a case file (`sapphire.importers`), solved with
`sapphire.pipeline.solve_case` (two answers at most, to tell `unique` from `multiple`) under a
per-puzzle time limit, and compared with the corpus's known answer and status. A failure of
one puzzle never stops the run; it is listed at the end with its reason: the importer's
refusal (an unsupported constraint type), a wrong answer or status, a timeout, or an error. A
record we hold to be wrong (`DISPUTED`) fails as `disputed record`, with the evidence.

Corpus files:
* `iss.json` — variant sudokus in ISS constraint strings; rows of the table are ISS constraint
  types (a puzzle counts under each type it uses; `(givens only)` for classic sudokus), and the
  summary gives the median ratio of our time to the recorded `iss_solve_ms`.
* `fpuzzles.json` — setter-made variant sudokus as f-puzzles links or JSON (one as SudokuPad
  JSON, one as a compressed SudokuPad link, which the importer refuses); rows are the
  corpus's `kinds`.
* `puzzlink.json` — puzz.link links with pzprjs's accepted answers (pzprv3), one table row per
  genre; only the genres the puzzlink importer reads are run (the others name no puzzle of
  ours).
* `puzzlekit/GENRE.json` — one table row per genre (Sudoku, KillerSudoku, Renban, YinYang,
  Slitherlink, JigsawSudoku, ConsecutiveSudoku, EvenOddSudoku, SkyscraperSudoku, Thermometer,
  Nonogram, Akari, Skyscraper, Kakuro, Masyu, Nurikabe).

Columns: puzzles, imported (the importer accepted it), solved (a status within the time limit),
matched (the known answer and status), median and maximum seconds over the solved puzzles.
Times are `solve_case`'s own: parse, instantiate, ground, solve, verify, without loading
OR-Tools; a warm-up solve first loads it and the rule library, which the first puzzle would
otherwise pay for in its instantiation and its first CP-SAT search.

Usage:
    python bench/corpus.py [CORPUS_FILE|GENRE ...] [--corpus DIR] [--time-limit S]
                           [--only TEXT] [--max N] [--json OUT] [--rerun EARLIER]

`--rerun EARLIER` runs only the puzzles that timed out in an earlier run (the JSON it wrote
with `--json`), typically with a longer `--time-limit`.

With no files: iss.json, fpuzzles.json, puzzlink.json and the puzzlekit genres the importer
reads. The corpus lives in `../shared/corpus` next to the checkout unless `--corpus` says otherwise;
without it the script says so and exits 0. On a terminal progress is one updating line;
when piped, one plain line per puzzle (both on stderr); the tables go to stdout.
"""

from __future__ import annotations

import argparse
import json
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))  # its neighbours, when it is loaded as a module
try:
    from sapphire.diagnostics import SapphireError
except ImportError:  # running from a checkout without an install
    sys.path.insert(0, str(REPO / "src"))
    from sapphire.diagnostics import SapphireError

from slitherlink_corpus import inside_from_values  # noqa: E402

from sapphire.formats.answer import canonical_regions  # noqa: E402
from sapphire.genres import (  # noqa: E402
    puzzlekit_names,
    puzzlink_names,
    read_pzprv3,
    read_solution,
)
from sapphire.importers import import_puzzle  # noqa: E402
from sapphire.importers.input import entry_source  # noqa: E402
from sapphire.importers.iss import read_solution as read_iss_solution  # noqa: E402
from sapphire.pipeline import solve_case  # noqa: E402

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
DEFAULT_GENRES = puzzlekit_names()
"""The puzzlekit genres run by default: every one the registry reads (`sapphire.genres`)."""
PUZZLINK_GENRES = puzzlink_names()
"""The puz.link genres the registry reads, by pzprjs's names."""
ISS_STATUS = {"unique": "unique", "multiple": "multiple", "no_solution": "none"}

DISPUTED = {
    "0-indexed: Sums and indexing":
        "the record says unique, but 200 more answers obey the rules as ISS states them; ISS's "
        "sandwich handler rules them out by reading the total as if the digits ran 1-9 "
        "(tests/importers/test_iss_disputed.py)",
    "JigsawSudoku 661_6x6":
        "the record says unique, but the dataset's problem keeps only eight givens, which "
        "allow several answers (tests/genres/test_sudokus.py)",
    "nonogram #191":
        "the record's answer is of a 3x10 puzzle (pzprv3/nonogram/10/3), its link of a 6x6 one; "
        "the link solves to the one shading its runs allow, and the answer file's own clues "
        "solve to its answer (tests/importers/test_puzzlink.py)",
    "Shikaku 128_20x20":
        "the record says unique, but rows 5-6, columns 10-20 can be cut in three ways that keep "
        "every rule (tests/importers/test_puzzlekit_regions.py)",
    "Nurikabe 1136_22x12":
        "the record's size line says 22 rows, but its problem and solution have 12; mended to "
        "12 12, it has the recorded answer alone (tests/importers/test_puzzlekit_malformed.py)",
    **{f"Bricks {key}":
       "its wall starts with half a brick in row 1, which the text cannot say; so laid, it has "
       "the recorded answer alone (tests/genres/test_bricks.py)"
       for key in ("19_8x8", "20_8x8", "21_8x8", "24_8x8", "25_8x8")},
    **{f"Burokku {key}":
       "the record says unique, but a second cutting keeps every rule (two regions at one "
       "corner cut the other way; tests/genres/test_burokku.py shows 96_8x8's)"
       for key in ("96_8x8", "139_9x9")},
}
"""Corpus records whose status or answer we hold to be wrong, by name, with the evidence. Such a
puzzle still counts as not matched; its failure reads `disputed record` and says why."""


@dataclass
class Outcome:
    """One puzzle's trip through the pipeline."""

    name: str
    groups: list[str]
    imported: bool = False
    status: str | None = None
    """Our status: unique | multiple | none | unknown (time limit), None when not solved."""
    matched: bool = False
    seconds: float | None = None
    reason: str = ""
    """Why it failed, empty when it matched."""
    reference_ms: float | None = None
    """The recorded solve time of the corpus's own solver (iss_solve_ms)."""
    timings: dict[str, float] = field(default_factory=dict)
    backend: str = ""
    """The backend that answered (`Solved.backend`), empty when no search ran."""


class Timeout(Exception):
    pass


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Interrupt Python work (parsing, grounding) that runs past `seconds`; the solver has its
    own limit."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def fire(signum: int, frame: Any) -> None:
        raise Timeout

    old = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# -- one puzzle -------------------------------------------------------------------------------


Job = tuple[str, str, str, list[str], str, str, Any, Any]
"""One corpus puzzle: format, text, name, groups, source, expected status, expected answer
parts (or None), and the recorded reference time in ms (or None)."""


def warm_up(workdir: Path, backend: str = "auto") -> None:
    """Solve a 4x4 sudoku once, so that loading the solver and the rule library is not paid
    for by the first timed puzzle."""
    warm = workdir / "warm.case"
    warm.write_text("---\nlibrary: std\n---\nsudoku 4x4\n", encoding="utf-8")
    solve_case(str(warm), max_solutions=1, backend=backend)


def run_job(job: Job, limit: float, workdir: Path, backend: str = "auto") -> Outcome:
    """`run_one` on a job from the `*_jobs` readers, with its reference time and, for a record
    in `DISPUTED`, the evidence in the reason."""
    fmt, text, name, groups, source, status, expect, ref_ms = job
    o = run_one(fmt, text, name, groups, source, limit, workdir, status, expect, backend)
    o.reference_ms = ref_ms
    if not o.matched and name in DISPUTED and o.reason.startswith(("wrong", "unsupported")):
        o.reason = f"disputed record: {o.reason}; {DISPUTED[name]}"
    return o


def run_one(fmt: str, text: str, name: str, groups: list[str], source: str, limit: float,
            workdir: Path, expect_status: str, expect: dict[str, Any] | None,
            backend: str = "auto") -> Outcome:
    """Import, solve and compare one puzzle. `expect` holds the known answer parts: `digits`,
    `shading` or `inside` rows, or the `loop` of a Masyu (None when only the status is known).
    `backend` goes to `solve_case` as it is."""
    out = Outcome(name, groups)
    try:
        case_text = import_puzzle(fmt, text, source=source, title=None)
    except SapphireError as e:
        out.reason = "unsupported: " + "; ".join(d.message for d in e.diagnostics)
        return out
    except Exception as e:  # an importer bug must not stop the run
        out.reason = f"import crashed: {type(e).__name__}: {e}"
        return out
    out.imported = True
    path = workdir / "puzzle.case"
    path.write_text(case_text, encoding="utf-8")
    t0 = time.perf_counter()
    try:
        with deadline(limit + 5):
            res = solve_case(str(path), max_solutions=2, time_limit=limit, backend=backend)
    except Timeout:
        out.seconds = time.perf_counter() - t0
        out.reason = f"timeout: over {limit + 5:g} s before the solver finished"
        return out
    except SapphireError as e:
        out.reason = "error: " + str(e).splitlines()[0]
        return out
    except Exception as e:
        out.reason = f"crash: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
        return out
    out.seconds = res.seconds
    out.timings = {k: round(v, 4) for k, v in res.timings.items()}
    out.backend = res.backend
    if res.status == "unknown":
        out.reason = f"timeout: no status within {limit:g} s"
        return out
    out.status = res.status
    if res.status != expect_status:
        out.reason = f"wrong status: {res.status}, expected {expect_status}"
        return out
    if expect is not None and "unreadable" in expect:
        out.reason = f"no known answer: the corpus solution does not read ({expect['unreadable']})"
        return out
    if expect_status == "unique" and expect is not None:
        got = res.solutions[0]
        if "inside" in expect:
            rows, cols = len(expect["inside"]), len(expect["inside"][0])
            got = {"inside": inside_from_values(got.get("values", {}), rows, cols)}
        if "regions" in expect and got.get("regions") is not None:  # up to the regions' names
            got = {**got, "regions": canonical_regions(got["regions"])}
        for part, want in expect.items():
            if got.get(part) != want:
                out.reason = f"wrong answer: {part} differ"
                return out
    out.matched = True
    return out


# -- corpus files -----------------------------------------------------------------------------


def iss_jobs(path: Path) -> Iterator[Job]:
    for entry in json.loads(path.read_text(encoding="utf-8")):
        rows, _, cols = str(entry.get("grid", "9x9")).partition("x")
        groups = [t for t in entry.get("constraint_base_types", []) if t != "Given"]
        expect_status = ISS_STATUS.get(entry.get("expected_status", "unique"), "unique")
        expect = ({"digits": read_iss_solution(entry["solution"], int(rows), int(cols or rows))}
                  if entry.get("solution") and expect_status == "unique" else None)
        yield ("iss", entry["canonical_input"], entry["name"], groups or ["(givens only)"],
               entry_source("iss", entry), expect_status, expect, entry.get("iss_solve_ms"))


def fpuzzles_jobs(path: Path) -> Iterator[Job]:
    for entry in json.loads(path.read_text(encoding="utf-8")):
        solution = str(entry.get("solution") or "")
        n = round(len(solution) ** 0.5)
        expect = {"digits": read_iss_solution(solution, n)} if n * n == len(solution) else None
        yield ("fpuzzles", entry["raw"], entry["name"], entry.get("kinds") or ["(givens only)"],
               entry_source("fpuzzles", entry), "unique", expect, None)


def jobs_of(path: Path) -> Iterator[Job]:
    if path.name == "iss.json":
        return iss_jobs(path)
    if path.name == "fpuzzles.json":
        return fpuzzles_jobs(path)
    if path.name == "puzzlink.json":
        return puzzlink_jobs(path)
    return puzzlekit_jobs(path)


def puzzlink_jobs(path: Path) -> Iterator[Job]:
    """Every link of a genre the puzzlink importer reads, with its pzprv3 answer."""
    data = json.loads(path.read_text(encoding="utf-8"))
    for k, entry in enumerate(data["puzzles"]):
        if entry["genre"] not in PUZZLINK_GENRES:
            continue
        for url in entry["url"]:
            yield ("puzzlink", url, f"{entry['genre']} #{k}", [entry["genre"]], url, "unique",
                   read_pzprv3(entry["answer"]), None)


def puzzlekit_jobs(path: Path) -> Iterator[Job]:
    data = json.loads(path.read_text(encoding="utf-8"))
    genre = data.get("genre") or path.stem
    for entry in data["puzzles"]:
        try:
            expect = (read_solution(genre, entry["solution"], problem=entry["problem"])
                      if entry.get("solution") else None)
        except SapphireError as e:  # a solution the corpus cut short, for one
            expect = {"unreadable": "; ".join(d.message for d in e.diagnostics)}
        yield (f"puzzlekit:{genre}", entry["problem"], f"{genre} {entry['key']}", [genre],
               entry_source(f"puzzlekit:{genre}", entry, data.get("source")), "unique", expect,
               None)


def resolve_files(names: list[str], corpus: Path) -> list[Path]:
    if not names:
        return [corpus / "iss.json", corpus / "fpuzzles.json", corpus / "puzzlink.json",
                *(corpus / "puzzlekit" / f"{g}.json"
                                       for g in DEFAULT_GENRES)]
    out = []
    for name in names:
        p = Path(name)
        for cand in (p, corpus / name, corpus / f"{name}.json", corpus / "puzzlekit" / name,
                     corpus / "puzzlekit" / f"{name}.json"):
            if cand.is_file():
                out.append(cand)
                break
        else:
            raise SystemExit(f"corpus.py: no corpus file '{name}' (looked in {corpus})")
    return out


def read_timeouts(path: Path) -> dict[str, set[str]]:
    """Per corpus file name, the puzzles that an earlier run (its `--json` output) lists as
    timed out."""
    try:
        earlier = json.loads(path.read_text(encoding="utf-8"))
        return {name: {o["name"] for o in outs if o.get("reason", "").startswith("timeout")}
                for name, outs in earlier.items()}
    except (OSError, ValueError) as e:
        raise SystemExit(f"corpus.py: cannot read the earlier run {path}: {e}") from None
    except (AttributeError, KeyError, TypeError):
        raise SystemExit(f"corpus.py: {path} is not what --json writes (per corpus file, a "
                         "list of outcomes with name and reason)") from None


# -- reporting --------------------------------------------------------------------------------


class Progress:
    """One updating line on a terminal; one plain line per puzzle otherwise (stderr)."""

    def __init__(self, total: int) -> None:
        self.total, self.done = total, 0
        self.tty = sys.stderr.isatty()

    def update(self, o: Outcome) -> None:
        self.done += 1
        verdict = "ok" if o.matched else (o.reason.split(":")[0] or "failed")
        secs = f"{o.seconds:.2f}s" if o.seconds is not None else "-"
        if self.tty:
            width = 30
            fill = int(width * self.done / self.total) if self.total else width
            line = f"\r[{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total} {o.name[:40]}"
            sys.stderr.write(line.ljust(100)[:100])
            sys.stderr.flush()
        else:
            print(f"{self.done}/{self.total} {o.name}: {verdict} {secs}", file=sys.stderr,
                  flush=True)

    def close(self) -> None:
        if self.tty:
            sys.stderr.write("\r" + " " * 100 + "\r")
            sys.stderr.flush()


def _fmt_s(xs: list[float], f: Any) -> str:
    return f"{f(xs):.3f}" if xs else "-"


def table(outcomes: list[Outcome], title: str) -> list[str]:
    groups: dict[str, list[Outcome]] = {}
    for o in outcomes:
        for g in o.groups:
            groups.setdefault(g, []).append(o)
    order = sorted(groups, key=lambda g: (-len(groups[g]), g))
    head = f"{title:<24} {'puzzles':>7} {'imported':>8} {'solved':>6} {'matched':>7} " \
           f"{'median s':>8} {'max s':>8}"
    lines = [head, "-" * len(head)]

    def row(label: str, os: list[Outcome]) -> str:
        secs = [o.seconds for o in os if o.status is not None and o.seconds is not None]
        return (f"{label[:24]:<24} {len(os):>7} {sum(o.imported for o in os):>8} "
                f"{sum(o.status is not None for o in os):>6} {sum(o.matched for o in os):>7} "
                f"{_fmt_s(secs, statistics.median):>8} {_fmt_s(secs, max):>8}")

    for g in order:
        lines.append(row(g, groups[g]))
    if len(order) > 1:
        lines.append("-" * len(head))
        lines.append(row("all puzzles", outcomes))
    return lines


def summary(outcomes: list[Outcome]) -> list[str]:
    lines: list[str] = []
    ratios = [o.seconds * 1000 / o.reference_ms for o in outcomes
              if o.matched and o.seconds is not None and o.reference_ms]
    if ratios:
        ours = statistics.median(o.seconds for o in outcomes if o.matched and o.seconds)
        lines.append(f"median ratio of our time to iss_solve_ms over {len(ratios)} matched "
                     f"puzzles: {statistics.median(ratios):.1f}x (our median {ours:.3f} s)")
    timed = sorted((o for o in outcomes if o.seconds is not None), key=lambda o: -o.seconds)
    if timed:
        lines.append("slowest ten:")
        for o in timed[:10]:
            ref = f"  (ISS {o.reference_ms:g} ms)" if o.reference_ms else ""
            state = "matched" if o.matched else o.reason.split(":")[0]
            lines.append(f"  {o.seconds:8.3f} s  {o.name}  [{state}]{ref}")
    failed = [o for o in outcomes if not o.matched]
    if failed:
        kinds: dict[str, int] = {}
        for o in failed:
            key = o.reason.split(":")[0]
            kinds[key] = kinds.get(key, 0) + 1
        lines.append("failures: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
        for o in failed:
            lines.append(f"  {o.name}: {o.reason}")
    return lines


SECTIONS = {"iss.json": "ISS constraint type", "fpuzzles.json": "f-puzzles kind",
            "puzzlink.json": "puzz.link genre"}
"""Corpus files with a table of their own (every puzzlekit genre shares one)."""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*",
                    help="iss.json, fpuzzles.json, puzzlekit/GENRE.json or a genre name")
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--time-limit", type=float, default=20.0, metavar="S",
                    help="seconds per puzzle for the solver (default 20)")
    ap.add_argument("--only", metavar="TEXT", help="only puzzles whose name contains TEXT")
    ap.add_argument("--max", type=int, metavar="N", help="at most N puzzles per file")
    ap.add_argument("--rerun", type=Path, metavar="EARLIER",
                    help="only the puzzles that timed out in EARLIER, an earlier run's --json "
                         "output (to give them a longer --time-limit)")
    ap.add_argument("--json", type=Path, metavar="OUT", help="also write every outcome as JSON")
    args = ap.parse_args(argv)

    if not args.corpus.is_dir():
        print(f"corpus.py: no corpus at {args.corpus}; nothing to run (use --corpus DIR)")
        return 0
    files = resolve_files(args.files, args.corpus)
    timed_out = read_timeouts(args.rerun) if args.rerun else None
    runs: list[tuple[Path, list[Job]]] = []
    for f in files:
        jobs = list(jobs_of(f))
        if timed_out is not None:
            jobs = [j for j in jobs if j[2] in timed_out.get(f.name, set())]
        if args.only:
            jobs = [j for j in jobs if args.only.lower() in j[2].lower()]
        if args.max is not None:
            jobs = jobs[: args.max]
        runs.append((f, jobs))

    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        warm_up(workdir)
        progress = Progress(sum(len(j) for _, j in runs))
        results: list[tuple[Path, list[Outcome]]] = []
        for f, jobs in runs:
            outs = []
            for job in jobs:
                o = run_job(job, args.time_limit, workdir)
                outs.append(o)
                progress.update(o)
            results.append((f, outs))
        progress.close()

    sections: dict[str, list[Outcome]] = {}
    for f, outs in results:
        section = f.name if f.name in SECTIONS else "puzzlekit"
        sections.setdefault(section, []).extend(outs)
    for name, outs in sections.items():
        title = SECTIONS.get(name, "puzzlekit genre")
        print(f"== {name}: {sum(o.matched for o in outs)}/{len(outs)} matched "
              f"(time limit {args.time_limit:g} s per puzzle)")
        print("\n".join(table(outs, title)))
        print("\n".join(summary(outs)))
        print()
    if args.json:
        args.json.write_text(json.dumps(
            {f.name: [asdict(o) for o in outs] for f, outs in results}, indent=1),
            encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
