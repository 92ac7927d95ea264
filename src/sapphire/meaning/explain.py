"""Why a case has no answer, or more than one: what a setter asks next.

No answer: a set of rule lines that already has none, each of them needed. The lines that
make the frame of the puzzle (those declaring the board, its digits, boxes, shading, regions or
loop, and those binding the case's clue grid) and the givens always stay; among the other lines
QuickXplain (Junker, 2004) finds a set that has no answer and gets one as soon as any of its
lines is dropped, in about k·log(n/k) solves for k lines out of n. Each solve is the whole
pipeline on the case cut down to those lines, so a conflict is checked exactly as the case is.

Several answers: the cells where the first two differ, which is where a clue is missing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

from sapphire.case.model import Case, RuleLine
from sapphire.ground.grounder import ground
from sapphire.lang.types import check_program
from sapphire.library import Library
from sapphire.meaning.instantiate import instantiate
from sapphire.pipeline import has_answer


@dataclass(frozen=True)
class Conflict:
    """Rule lines that have no answer together (with the frame and the givens)."""

    lines: tuple[RuleLine, ...]
    """The clashing lines in case order; empty when the frame and givens alone have none."""
    frame: tuple[RuleLine, ...]
    """The lines kept in every solve."""
    minimal: bool
    """False when a solve ran out of time, so some listed line may not be needed."""


def _is_frame(lib: Library, rule: RuleLine) -> bool:
    d = lib.resolve(rule.reference)
    return d is not None and bool(d.declares or d.binds)


class _Oracle:
    """Whether the frame plus some of the other lines has no answer, under one deadline."""

    def __init__(self, case: Case, lib: Library, frame: list[int], deadline: float | None,
                 workers: int | None) -> None:
        self.case, self.lib, self.frame = case, lib, frame
        self.deadline, self.workers = deadline, workers
        self.timed_out = False
        self.memo: dict[frozenset[int], bool] = {}

    def none(self, chosen: list[int]) -> bool:
        """True when frame + `chosen` has no answer; a solve out of time counts as an answer
        (the line stays), and is remembered in `timed_out`."""
        key = frozenset(chosen)
        if key not in self.memo:
            keep = set(self.frame) | key
            rules = self.case.rules
            body = tuple(b for b in self.case.body
                         if not isinstance(b, RuleLine)
                         or any(b is rules[i] for i in keep))
            inst = instantiate(replace(self.case, body=body), self.lib)
            check_program(inst.program, inst.instance.constants, inst.instance.terms)
            left = None if self.deadline is None else max(self.deadline - time.perf_counter(),
                                                          0.01)
            found = has_answer(ground(inst.program, inst.instance), time_limit=left,
                               workers=self.workers)
            self.timed_out |= found is None
            self.memo[key] = found is False
        return self.memo[key]


def conflict(case: Case, lib: Library, *, time_limit: float | None = None,
             workers: int | None = None) -> Conflict | None:
    """A set of `case`'s lines with no answer that gets one when any of them is dropped;
    None when the case has an answer after all."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    rules = case.rules
    frame = [i for i, r in enumerate(rules) if _is_frame(lib, r)]
    others = [i for i in range(len(rules)) if i not in frame]
    oracle = _Oracle(case, lib, frame, deadline, workers)
    if not oracle.none(others):
        return None
    if oracle.none([]):
        found: list[int] = []
    else:
        found = sorted(_quickxplain(oracle, [], False, others))
        if not oracle.none(found):  # only when a solve ran out of time on the way
            found = others
    return Conflict(tuple(rules[i] for i in found), tuple(rules[i] for i in frame),
                    not oracle.timed_out)


def _quickxplain(oracle: _Oracle, background: list[int], added: bool,
                 lines: list[int]) -> list[int]:
    """The lines of `lines` that `background` needs to have no answer, found by halves: when
    the background alone has none (and just grew), none of `lines` is needed."""
    if added and oracle.none(background):
        return []
    if len(lines) == 1:
        return list(lines)
    half = len(lines) // 2
    first, second = lines[:half], lines[half:]
    need2 = _quickxplain(oracle, background + first, bool(first), second)
    need1 = _quickxplain(oracle, background + need2, bool(need2), first)
    return need1 + need2


def differences(first: dict[str, Any], second: dict[str, Any]) -> list[str]:
    """The cells (`r1c2`) whose digit, shade or region differs between two answers of a case,
    in reading order."""
    out: set[tuple[int, int]] = set()
    for key in ("digits", "shading", "regions"):
        a, b = first.get(key), second.get(key)
        if a is None or b is None:
            continue
        for r, (row_a, row_b) in enumerate(zip(a, b, strict=True), start=1):
            out.update((r, c) for c, (x, y) in enumerate(zip(row_a, row_b, strict=True), start=1)
                       if x != y)
    return [f"r{r}c{c}" for r, c in sorted(out)]
