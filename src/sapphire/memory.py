"""A cap on the memory a worker process holds (its resident size), not on what it reserves.

A cap on the address space (`RLIMIT_AS`) counts what is only reserved: the deep stack every
entry point runs on (`sapphire.deep`, 256 MB), a thread's malloc arena, OR-Tools's library
mapped in. Below about 1 GB it failed every puzzle before its solve started ("can't start new
thread", "failed to map segment"). So a watcher thread reads the memory the process holds on
its own (its private resident pages, `resident_bytes`) every `EVERY` seconds and, past the
cap, ends the process at once with the exit status `OUT_OF_MEMORY`, which a pool reports as
that puzzle's `out-of-memory`. A forked child (the race's CP-SAT search) is watched against
the same cap from its start.

The watcher needs the interpreter's lock to run; CaDiCaL keeps it for one slice of its
search (a quarter of a second under a time limit), so the cap may be passed by what a solver
allocates in that time before the process ends.
"""

from __future__ import annotations

import os
import resource
import sys
import threading

OUT_OF_MEMORY = 12
"""The exit status of a process ended for holding more than its cap (ENOMEM's number)."""

EVERY = 0.02
"""Seconds between two readings of the resident size."""

MINIMUM_MB = 256
"""The smallest cap `--memory-limit` accepts: a worker holds some 40 MB with the library and
the SAT solver loaded, and 120 MB once CP-SAT has solved a 9×9 killer."""

_cap: int | None = None
"""This process's cap in bytes, once `cap_resident` set it."""


def resident_bytes() -> int:
    """The memory this process holds in RAM on its own: its private pages, those no other
    process shares (`/proc/self/smaps_rollup`). A worker forked from a large process shares
    the parent's pages until it writes to them, and they are not its use; where that file is
    missing, the whole resident size (`statm`), or the peak where `/proc` is missing too."""
    try:
        with open("/proc/self/smaps_rollup", "rb") as f:
            private = [int(line.split()[1]) for line in f.read().splitlines()
                       if line.startswith((b"Private_Clean:", b"Private_Dirty:"))]
        if len(private) == 2:
            return sum(private) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


def cap_resident(limit_mb: int) -> None:
    """End this process, and each child it forks, with `OUT_OF_MEMORY` once it holds more than
    `limit_mb` MB (checked every `EVERY` seconds by a daemon thread)."""
    global _cap
    first = _cap is None
    _cap = limit_mb * 1024 * 1024
    if first:
        os.register_at_fork(after_in_child=_watch)
        _watch()


def _watch() -> None:
    threading.Thread(target=_watcher, name="memory-cap", daemon=True).start()


def _watcher() -> None:
    stop = threading.Event()
    while not stop.wait(EVERY):
        if _cap is not None and resident_bytes() > _cap:
            os._exit(OUT_OF_MEMORY)
