"""Many puzzles solved at once: `sapphire batch INPUTS… [--jobs N] [-o results.jsonl]`.

`inputs` reads case files, folders and corpus files into jobs; `work` solves one job in a
worker that keeps the library and solvers loaded; `local` runs the workers as a process pool
on this machine, `cluster` as tasks on a Dask distributed cluster; `records` writes one JSON
line per puzzle and lets a stopped run resume.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sapphire.batch.inputs import Job, read_jobs
from sapphire.batch.records import Records, done_ids
from sapphire.batch.work import Options

__all__ = ["Job", "Options", "Summary", "default_memory_mb", "read_jobs", "run_batch"]


@dataclass
class Summary:
    """What a batch did: how many puzzles it skipped as done, and the statuses of the rest."""

    total: int
    skipped: int
    statuses: Counter[str] = field(default_factory=Counter)
    """Each record's status (`unique`, `multiple`, `none`, `unknown`, or `error`)."""


def default_memory_mb(workers: int) -> int | None:
    """Each worker's share of four fifths of this machine's memory, so that the puzzles of a
    run cannot together take it all; None where the machine does not say."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None
    return max(512, int(total * 0.8 / max(1, workers)) // (1024 * 1024))


def run_batch(inputs: Sequence[str], output: Path | None, options: Options, *,
              workers: int = 1, memory_mb: int | None = None, cluster: str | None = None,
              progress: bool = False) -> Summary:
    """Solve every puzzle of `inputs` not yet recorded in `output`, appending a record each."""
    jobs = read_jobs(inputs)
    done = done_ids(output) if output is not None else set()
    todo = [j for j in jobs if j.id not in done]
    summary = Summary(len(jobs), len(jobs) - len(todo))
    if not todo:
        return summary
    records = Records(output)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(todo), unit="puzzle", dynamic_ncols=True, leave=True)
    try:
        if cluster is not None:
            from sapphire.batch.cluster import run_cluster

            results = run_cluster(todo, options, cluster)
        else:
            from sapphire.batch.local import run_local

            results = run_local(todo, options, workers, memory_mb)
        for rec in results:
            records.write(rec)
            summary.statuses[rec["status"]] += 1
            if bar is not None:
                bar.update()
    finally:
        records.close()
        if bar is not None:
            bar.close()
    return summary
