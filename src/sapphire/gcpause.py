"""Pausing Python's cyclic garbage collector around allocation-heavy passes."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def no_gc() -> Iterator[None]:
    """Grounding and lowering allocate many small acyclic objects; full collections over
    them cost up to a third of the time on large boards, and free nothing."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
