"""Solving a batch on a Dask distributed cluster (`--cluster ADDRESS`).

The puzzles go to the cluster's workers as tasks of the same `solve_job` the local pool runs,
so a record is the same wherever it was made. Time is kept by the solver's own time limit;
memory by the cluster's nannies, which restart a worker past its memory limit: a puzzle whose
worker was lost that way several times is recorded as failed, and the run goes on.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from sapphire.batch.inputs import Job
from sapphire.batch.work import Options, record, solve_job, warm
from sapphire.diagnostics import error

CONNECT_SECONDS = 10.0
"""How long to try to reach the scheduler. Dask keeps retrying a refused connection until this
runs out, so it is also how long a wrong address takes to be reported."""

ADDRESS_HINT = "give the scheduler's address, as tcp://HOST:8786"


def run_cluster(jobs: Sequence[Job], options: Options, address: str) -> Iterator[dict[str, Any]]:
    """Solve `jobs` on the cluster whose scheduler is at `address`; yields each record as
    its puzzle finishes."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise error("missing-package", "--cluster needs Dask distributed", None,
                    hint="pip install 'sapphire-puzzles[cluster]'") from None
    _check_address(address)
    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as e:
        raise error("cluster", f"cannot reach the cluster at {address}: {e}", None,
                    hint=ADDRESS_HINT) from None
    with client:
        client.run(warm)
        futures = client.map(solve_job, list(jobs), options=options, pure=False,
                             key=[f"solve-{i}" for i in range(len(jobs))])
        job_of = {f.key: job for f, job in zip(futures, jobs, strict=True)}
        for fut in as_completed(futures):
            job = job_of[fut.key]
            try:
                yield fut.result()
            except Exception as e:  # noqa: BLE001 - a lost worker is this puzzle's record
                yield record(job, error={"kind": "worker-died",
                                         "message": f"{type(e).__name__}: {e}"})
            finally:
                fut.release()


def _check_address(address: str) -> None:
    """Refuse an address Dask cannot parse (no port, unknown protocol) before connecting."""
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        protocol, location = parse_address(address)
        if protocol in ("tcp", "tls"):
            parse_host_port(location)
    except ValueError as e:
        raise error("cluster", f"'{address}' is not a scheduler address: {e}", None,
                    hint=ADDRESS_HINT) from None
