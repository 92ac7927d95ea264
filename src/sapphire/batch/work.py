"""What a batch worker does with one job: import it if need be, solve it, and say what came out.

A worker process is started once and keeps the rule library and the solvers loaded (`warm`),
so a puzzle pays only for itself; each job is loaded once (`sapphire.api.Puzzle`) and solved
on the deep stack every entry point runs on (`sapphire.deep`). Whatever goes wrong with one
puzzle (bad input, a bug, no memory) becomes that puzzle's record, never the worker's end.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sapphire.batch.inputs import Job
from sapphire.deep import run_deep
from sapphire.diagnostics import SapphireError
from sapphire.memory import OUT_OF_MEMORY, cap_resident


@dataclass(frozen=True)
class Options:
    """How every puzzle of a batch is solved."""

    time_limit: float | None = 60.0
    backend: str = "auto"


def warm(memory_mb: int | None = None) -> None:
    """Start a worker: cap the memory it holds at `memory_mb` (`sapphire.memory`: a puzzle
    that needs more ends the worker, and the pool reports it), and load the library and the
    SAT backend once."""
    if memory_mb:
        cap_resident(memory_mb)
    from sapphire.backend import lookup
    from sapphire.library import load_library, std_root

    lookup("sat").load()  # its solver loaded once per worker
    load_library("std", std_root())


def solve_job(job: Job, options: Options) -> dict[str, Any]:
    """The record of one job: its status and answer, or the error that stopped it."""
    return run_deep(lambda: _solve(job, options))


def record(job: Job, **fields: Any) -> dict[str, Any]:
    """A job's output line: its id and input first, then what `fields` say."""
    base: dict[str, Any] = {"id": job.id, "format": job.format, "name": job.name,
                            "status": "error", "count": 0, "complete": False, "answer": None,
                            "seconds": 0.0, "backend": "", "error": None}
    return {**base, **fields}


def _solve(job: Job, options: Options) -> dict[str, Any]:
    from sapphire.api import Puzzle

    t0 = time.perf_counter()
    try:
        if job.format == "case":
            puzzle = Puzzle(None, job.id)
        else:
            from sapphire.importers import import_puzzle

            text = import_puzzle(job.format, job.text, source=job.source, title=job.name or None,
                                 label=job.id)
            puzzle = Puzzle(text, f"{job.id}.case")
        res = puzzle.solve(time_limit=options.time_limit, backend=options.backend)
    except SapphireError as e:
        return record(job, seconds=_since(t0), error={
            "kind": e.kinds[0] if e.kinds else "error", "message": str(e)})
    except MemoryError:
        return record(job, seconds=_since(t0), error={
            "kind": "out-of-memory", "message": "the puzzle needs more memory than a worker has"})
    except RecursionError:
        return record(job, seconds=_since(t0), error={
            "kind": "too-deep", "message": "the input nests too deeply to be read"})
    except Exception as e:  # noqa: BLE001 - a bug in Sapphire: this puzzle's record says so
        return record(job, seconds=_since(t0), error={
            "kind": "internal", "message": f"{type(e).__name__}: {e}"})
    return record(job, status=res.status, count=res.count, complete=res.complete,
                  answer=res.solutions[0] if res.solutions else None,
                  seconds=round(res.seconds, 4), backend=res.backend)


def ended(exitcode: int | None, memory_mb: int | None) -> dict[str, str]:
    """The error of a puzzle whose worker process ended with `exitcode` while solving it."""
    if exitcode == OUT_OF_MEMORY:
        return {"kind": "out-of-memory", "message": "the puzzle needs more memory than a "
                f"worker may hold ({memory_mb or '?'} MB, --memory-limit)"}
    return {"kind": "worker-died", "message": f"its worker died (exit status {exitcode}); "
            "out of memory?"}


def _since(t0: float) -> float:
    return round(time.perf_counter() - t0, 4)
