"""Solving a batch on this machine: a pool of worker processes (pebble's `ProcessPool`).

Each puzzle has a hard deadline besides its solver's own time limit: a worker still busy
`GRACE` seconds after its limit is killed and replaced, and so is one that dies (out of
memory, a crash in a solver's C++); that puzzle's record says what happened and the run goes on.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import as_completed
from typing import Any

from sapphire.batch.inputs import Job
from sapphire.batch.work import Options, ended, record, solve_job, warm

GRACE = 10.0
"""Seconds past its time limit a puzzle may take before its worker is killed: the solver
stops itself at the limit, and verifying what it found takes a little longer."""

NO_LIMIT_DEADLINE = 24 * 3600.0
"""The hard deadline of a puzzle solved without a time limit."""


def run_local(jobs: Sequence[Job], options: Options, workers: int,
              memory_mb: int | None) -> Iterator[dict[str, Any]]:
    """Solve `jobs` on `workers` processes; yields each record as its puzzle finishes."""
    from pebble import ProcessExpired, ProcessPool

    deadline = (NO_LIMIT_DEADLINE if options.time_limit is None
                else options.time_limit + GRACE)
    with ProcessPool(max_workers=workers, initializer=warm, initargs=(memory_mb,)) as pool:
        futures = {pool.schedule(solve_job, args=(job, options), timeout=deadline): job
                   for job in jobs}
        for fut in as_completed(futures):
            job = futures[fut]
            try:
                yield fut.result()
            except TimeoutError:
                yield record(job, status="unknown", seconds=deadline, error={
                    "kind": "killed", "message": f"still running {deadline:g} s after it "
                    "started: its worker was stopped"})
            except ProcessExpired as e:
                yield record(job, error=ended(e.exitcode, memory_mb))
            except Exception as e:  # noqa: BLE001 - a pool failure is this puzzle's record
                yield record(job, error={"kind": "internal",
                                         "message": f"{type(e).__name__}: {e}"})
