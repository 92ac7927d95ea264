"""The implied-facts pass: what a ground model's unconditional constraints imply together.

A sudoku row is `distinct` over nine cells with nine possible digits, so each digit appears
exactly once; a killer cage is `distinct` and sums to its total, so its digits form one of
the few sets with that total; a renban is `distinct` and no two of its digits differ by more
than its length less one, so its digits are a run of consecutive ones. The model already
states each, but a solver told the consequence directly propagates far more (see
`docs/decisions.md`). Each builtin's module says what it implies (`sapphire.builtins`:
permutations and value sets of all-different groups, sizes of connected groups, sums derived
from sums and groups); this pass collects the groups and sums once and asks them.

`imply` is the pass the pipeline runs after grounding: it stores the facts in
`GroundModel.facts`, where the backends read them. Only unconditional constraints count, so
every fact holds in every answer; the evaluator never sees them and answers are checked
against the model as written.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace

from sapphire.builtins.all_different import (
    AllDifferent,
    DistinctSum,
    Permutation,
    ValueSets,
    distinct_parts,
    group_facts,
)
from sapphire.builtins.connected import GroupSize, group_sizes
from sapphire.builtins.innies import derived_sums
from sapphire.builtins.sums import MIN_PART, DerivedSum, WholeGroups, distinct_sums
from sapphire.model import And, Cmp, Domain, Formula, GroundModel

__all__ = ["DerivedSum", "DistinctSum", "GroupSize", "Implied", "Permutation", "ValueSets",
           "WholeGroups", "imply", "implied_facts", "top_level"]

NARROW_VALUES = 256
"""The most values a variable may have for `narrowed` to narrow it (listed as a set): a
digit or a region number, not a wide integer."""

HIDDEN_COMBINATIONS = 1000
"""Digit sets enumerated per hidden cage at most: the cages around one already have theirs,
and a long one on a large board (8 digits of 16) would cost more than it tells."""


@dataclass(frozen=True)
class Implied:
    """Every fact the pass found, by kind; a backend adds them as redundancy."""

    permutations: tuple[Permutation, ...] = ()
    value_sets: tuple[ValueSets, ...] = ()
    distinct_sums: tuple[DistinctSum, ...] = ()
    group_sizes: tuple[GroupSize, ...] = ()
    derived_sums: tuple[DerivedSum, ...] = ()


def top_level(gm: GroundModel) -> list[Formula]:
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


def imply(gm: GroundModel) -> GroundModel:
    """The implied-facts pass: `gm` with its variables' domains narrowed by the values their
    distinct groups already hold (`narrowed`) and `facts` set to what its unconditional
    constraints imply (`implied_facts`); the pipeline runs it after grounding, and a backend
    adds the facts it finds there."""
    gm = narrowed(gm)
    return replace(gm, facts=implied_facts(gm))


def narrowed(gm: GroundModel) -> GroundModel:
    """`gm` with each value that an unconditional all-different group holds fixed (a given
    digit, or a variable left one value) taken out of the domains of the group's other
    variables, until nothing changes. A 16×16 sudoku's givens leave each open cell a few of
    its 16 digits, and the backends would otherwise write every pair of cells for every digit
    before ruling the givens' digits out. Every value taken out is one no answer gives, so
    the answers are the same; a domain that would be left empty is left as it is, for the
    search to find that there is no answer."""
    groups: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for f in top_level(gm):
        if type(f) is AllDifferent:
            parts = distinct_parts(f)
            if parts is not None and parts[0]:
                groups.append(parts)
    if not groups:
        return gm
    variables = gm.variables
    values: dict[int, set[int] | None] = {}  # the values left, for each variable met

    def left(v: int) -> set[int] | None:
        if v not in values:
            d = variables[v].domain
            values[v] = set(d.values()) if d.size <= NARROW_VALUES else None
        return values[v]

    member: dict[int, list[int]] = {}
    for k, (xs, _) in enumerate(groups):
        for v in xs:
            member.setdefault(v, []).append(k)
    changed: set[int] = set()
    todo = list(range(len(groups)))
    while todo:
        xs, consts = groups[todo.pop()]
        fixed = set(consts)
        for v in xs:
            vs = left(v)
            if vs is not None and len(vs) == 1:
                fixed.update(vs)
        if not fixed:
            continue
        for v in xs:
            vs = left(v)
            if vs is None or len(vs) == 1 or vs.isdisjoint(fixed) or vs <= fixed:
                continue
            vs -= fixed
            changed.add(v)
            if len(vs) == 1:
                todo.extend(member[v])
    if not changed:
        return gm
    out = list(variables)
    for v in changed:
        out[v] = replace(out[v], domain=Domain.of(values[v]))  # type: ignore[arg-type]
    return replace(gm, variables=out)


def implied_facts(gm: GroundModel) -> Implied:
    """Permutations and value-set choices implied by unconditional all-different groups, and
    the sizes that counts give unconditional connected groups."""
    groups: list[tuple[int, ...]] = []
    totals: dict[frozenset[int], int] = {}
    sums: list[Cmp] = []
    differences: dict[tuple[int, int], int] = {}
    formulas = top_level(gm)
    given: dict[tuple[int, ...], tuple[int, ...]] = {}
    for f in formulas:
        if type(f) is AllDifferent:
            parts = distinct_parts(f)
            if parts is not None and len(parts[0]) > 1:
                groups.append(parts[0])
                if parts[1]:
                    given[parts[0]] = parts[1]
        elif type(f) is Cmp and len(f.lin.terms) >= MIN_PART:
            sums.append(f)
            if f.op == "=" and all(c == 1 for _, c in f.lin.terms):
                totals[frozenset(v for v, _ in f.lin.terms)] = -f.lin.const
        elif type(f) is Cmp:
            _note_difference(f, differences)
    perms: list[Permutation] = []
    sets: list[ValueSets] = []
    seen: set[tuple[int, ...]] = set()
    for xs in groups:
        key = tuple(sorted(xs))
        if key in seen:
            continue
        seen.add(key)
        perm, chosen = group_facts(gm, xs, given.get(xs, ()), totals.get(frozenset(xs)),
                                   _span(xs, differences))
        if perm is not None:
            perms.append(perm)
        if chosen is not None:
            sets.append(chosen)
    widths = {xs: len(xs) + len(cs) for xs, cs in given.items()}
    derived = derived_sums(gm, tuple(perms), widths, formulas, groups)
    sets.extend(_hidden_sets(gm, derived, groups))
    return Implied(tuple(perms), tuple(sets), distinct_sums(gm, sums, groups),
                   group_sizes(gm, formulas), derived)


def _hidden_sets(gm: GroundModel, derived: tuple[DerivedSum, ...],
                 groups: list[tuple[int, ...]]) -> list[ValueSets]:
    """The digit sets of each derived sum that is a hidden cage (unit coefficients over
    variables of one all-different group, so distinct with a known total) when they rule some
    digit out: many sets that rule none out cost a search more than they tell it."""
    member: dict[int, set[int]] = {}
    for g, xs in enumerate(groups):
        for v in xs:
            member.setdefault(v, set()).add(g)
    out = []
    for d in derived:
        xs = tuple(v for v, _ in d.terms)
        if len(xs) < 2 or any(c != 1 for _, c in d.terms):
            continue
        if not set.intersection(*(member.get(v, set()) for v in xs)):
            continue
        joined = Domain.join(gm.variables[v].domain for v in xs)
        if joined.size > HIDDEN_COMBINATIONS + len(xs):
            continue
        candidates = math.comb(joined.size, len(xs))
        if candidates > HIDDEN_COMBINATIONS:
            continue
        chosen = tuple(c for c in itertools.combinations(joined.values(), len(xs))
                       if sum(c) == d.total)
        if len(set().union(*chosen)) < joined.size:
            out.append(ValueSets(xs, chosen))
    return out


def _note_difference(f: Cmp, differences: dict[tuple[int, int], int]) -> None:
    """Record in `differences[x, y]` the bound `x − y <= d` that `f` states, if it is one."""
    if f.op not in ("<=", ">=") or len(f.lin.terms) != 2:
        return
    (a, ca), (b, cb) = f.lin.terms
    if sorted((ca, cb)) != [-1, 1]:
        return
    x, y = (a, b) if ca == 1 else (b, a)
    if f.op == "<=":  # x − y + const <= 0
        key, d = (x, y), -f.lin.const
    else:  # x − y + const >= 0, so y − x <= const
        key, d = (y, x), f.lin.const
    differences[key] = min(d, differences.get(key, d))


def _span(xs: tuple[int, ...], differences: dict[tuple[int, int], int]) -> int | None:
    """The most any two of `xs` may differ by, when every ordered pair has a bound."""
    pairs = [(x, y) for x in xs for y in xs if x != y]
    bounds = [differences[p] for p in pairs if p in differences]
    return max(bounds) if len(bounds) == len(pairs) else None


