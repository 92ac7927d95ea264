"""Facts a ground model implies about its digit groups, for a backend to add as redundancy.

A sudoku row is `distinct` over nine cells with nine possible digits, so each digit appears
exactly once; a killer cage is `distinct` and sums to its total, so its digits form one of
the few sets with that total. The model already states both, but a solver that is told the
consequence directly propagates far more: a hard 9×9 killer goes from over 20 s to about 1 s.
Only unconditional constraints count, so every fact here holds in every answer; the
evaluator never sees them and answers are checked against the model as written.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from sapphire.ground.model import AllDifferent, And, Cmp, Formula, GroundModel

MAX_COMBINATIONS = 20000
"""Digit sets enumerated per sum group at most; beyond this the group gets no sum fact."""


@dataclass(frozen=True)
class Permutation:
    """The variables take the values, each value exactly once."""

    variables: tuple[int, ...]
    values: tuple[int, ...]


@dataclass(frozen=True)
class SumSets:
    """Distinct variables with a fixed total: their set of values is one of `sets`."""

    variables: tuple[int, ...]
    total: int
    sets: tuple[tuple[int, ...], ...]

    def allowed(self) -> set[int]:
        """Values some variable of the group can still take."""
        return set().union(*self.sets) if self.sets else set()


@dataclass(frozen=True)
class Implied:
    permutations: tuple[Permutation, ...] = ()
    sum_sets: tuple[SumSets, ...] = ()


def _top_level(gm: GroundModel) -> list[Formula]:
    """The unconditional conjuncts of the model."""
    out: list[Formula] = []
    stack = [c.formula for c in reversed(gm.constraints)]
    while stack:
        f = stack.pop()
        if type(f) is And:
            stack.extend(reversed(f.items))
        else:
            out.append(f)
    return out


def _plain_variables(f: AllDifferent) -> tuple[int, ...] | None:
    """The variables of an all-different over bare variables, else None."""
    out = []
    for e in f.exprs:
        if e.const or len(e.terms) != 1 or e.terms[0][1] != 1:
            return None
        out.append(e.terms[0][0])
    return tuple(out) if len(set(out)) == len(out) else None


def implied_facts(gm: GroundModel) -> Implied:
    """Permutations and digit-set choices implied by unconditional all-different groups."""
    groups: list[tuple[int, ...]] = []
    totals: dict[frozenset[int], int] = {}
    for f in _top_level(gm):
        if type(f) is AllDifferent:
            xs = _plain_variables(f)
            if xs is not None and len(xs) > 1:
                groups.append(xs)
        elif type(f) is Cmp and f.op == "=" and all(c == 1 for _, c in f.lin.terms):
            totals[frozenset(v for v, _ in f.lin.terms)] = -f.lin.const
    perms: list[Permutation] = []
    sums: list[SumSets] = []
    seen: set[tuple[int, ...]] = set()
    for xs in groups:
        key = tuple(sorted(xs))
        if key in seen:
            continue
        seen.add(key)
        domains = [gm.variables[v].domain for v in xs]
        values = sorted(set().union(*(d.values() for d in domains)))
        if len(values) == len(xs):
            perms.append(Permutation(xs, tuple(values)))
        total = totals.get(frozenset(xs))
        if total is None or math.comb(len(values), len(xs)) > MAX_COMBINATIONS:
            continue
        sets = tuple(c for c in itertools.combinations(values, len(xs)) if sum(c) == total)
        sums.append(SumSets(xs, total, sets))
    return Implied(tuple(perms), tuple(sums))
