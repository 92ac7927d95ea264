"""The deep-stack runner every entry point runs a puzzle's stages on (`sapphire.deep`)."""

from __future__ import annotations

import sys
import threading

import pytest

from sapphire.deep import RECURSION_LIMIT, run_deep


def depth(n: int) -> int:
    return 0 if n == 0 else 1 + depth(n - 1)


def test_work_deeper_than_python_allows_runs_on_the_deep_stack() -> None:
    limit = sys.getrecursionlimit()
    with pytest.raises(RecursionError):
        depth(limit + 100)  # too deep for the calling thread
    assert run_deep(lambda: depth(RECURSION_LIMIT // 2)) == RECURSION_LIMIT // 2
    assert sys.getrecursionlimit() == limit  # the limit is raised only while it runs


def test_a_failure_is_raised_in_the_caller_as_it_was_raised() -> None:
    def broken() -> int:
        raise KeyError("lost")

    with pytest.raises(KeyError, match="lost"):
        run_deep(broken)
    with pytest.raises(RecursionError):
        run_deep(lambda: depth(RECURSION_LIMIT * 2))


def test_without_a_deep_stack_the_work_runs_in_the_caller(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(size: int = 0) -> int:
        raise ValueError("size not valid")

    monkeypatch.setattr(threading, "stack_size", refuse)
    caller = threading.get_ident()
    assert run_deep(threading.get_ident) == caller


def test_without_room_for_the_deep_stack_the_work_runs_in_the_caller(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def no_room(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")  # what a cap on address space gives

    limit = sys.getrecursionlimit()
    monkeypatch.setattr(threading.Thread, "start", no_room)
    caller = threading.get_ident()
    assert run_deep(threading.get_ident) == caller
    assert sys.getrecursionlimit() == limit
