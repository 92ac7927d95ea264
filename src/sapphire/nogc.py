"""Pausing Python's cyclic garbage collector around allocation-heavy passes."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def no_gc() -> Iterator[None]:
    """Grounding and lowering allocate many small acyclic objects; collections over them cost
    up to a third of the time on large boards, and free nothing.

    Re-enabling the collector alone would only postpone that cost: the young generation is
    then far over its threshold and the next allocation scans everything the pass made. So
    the pass's objects are first moved to the oldest generation in one step (`freeze`, then
    `unfreeze`, both constant time), where only the rare full collections look at them and
    any cycle among them is still reclaimed."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.freeze()
            gc.unfreeze()
            gc.enable()
