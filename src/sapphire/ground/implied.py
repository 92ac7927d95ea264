"""Facts a ground model implies about its digit groups, for a backend to add as redundancy.

A sudoku row is `distinct` over nine cells with nine possible digits, so each digit appears
exactly once; a killer cage is `distinct` and sums to its total, so its digits form one of
the few sets with that total; a renban is `distinct` and no two of its digits differ by more
than its length less one, so its digits are a run of consecutive ones. The model already states
each, but a solver that is told the consequence directly propagates far more: a hard 9×9
killer goes from over 20 s to about 1 s. A sum that covers a whole permutation group has that
group's total as a constant part (`WholeGroups`): a rectangle-sum clue over full rows. A
connected group whose members a count bounds (a chaos region of nine cells, a Nurikabe island of
its clue's size) has every member fewer steps than that from any other (`GroupSize`).
Only unconditional constraints count, so every fact here holds in every answer; the
evaluator never sees them and answers are checked against the model as written.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass

from sapphire.ground.model import (
    AllDifferent,
    And,
    Cmp,
    Connected,
    Domain,
    Formula,
    GroundModel,
    Iff,
    Lin,
    Or,
)

MAX_COMBINATIONS = 20000
"""Digit sets enumerated per sum group at most; beyond this the group gets no sum fact."""


@dataclass(frozen=True)
class Permutation:
    """The variables take the values, each value exactly once."""

    variables: tuple[int, ...]
    values: tuple[int, ...]


@dataclass(frozen=True)
class ValueSets:
    """Distinct variables whose set of values is one of `sets`: those with the group's fixed
    total, or within the largest difference its pairs may have, or both."""

    variables: tuple[int, ...]
    sets: tuple[tuple[int, ...], ...]

    def allowed(self) -> set[int]:
        """Values some variable of the group can still take."""
        return set().union(*self.sets) if self.sets else set()


@dataclass(frozen=True)
class DistinctSum:
    """Variables of one all-different group that a sum reads together: their total lies
    between the sum of their `len(variables)` smallest and largest possible values."""

    variables: tuple[int, ...]
    lo: int
    hi: int


@dataclass(frozen=True)
class GroupSize:
    """A connected group with at most `most` members, since a count over its members' formulas
    says so: a backend can bound how far a member lies from the group's root."""

    group: Connected
    most: int


@dataclass(frozen=True)
class DerivedSum:
    """`Σ coef·var = total`, which the model's sums and digit groups imply together (the
    cells of a house that no cage inside it covers add up to the house's total less the
    cages'): a sum no constraint states, which a backend posts as a constraint of its own."""

    terms: tuple[tuple[int, int], ...]
    total: int


@dataclass(frozen=True)
class Implied:
    permutations: tuple[Permutation, ...] = ()
    value_sets: tuple[ValueSets, ...] = ()
    distinct_sums: tuple[DistinctSum, ...] = ()
    group_sizes: tuple[GroupSize, ...] = ()
    derived_sums: tuple[DerivedSum, ...] = ()


NO_GROUP = 1 << 30
"""`WholeGroups.smallest` when there are no groups: longer than any sum."""


class WholeGroups:
    """The known totals of permutation groups, read into sums that cover whole groups.

    A rectangle of a sudoku that spans full rows sums to 45 per row whatever the digits are;
    a sum over it is one over the rest of its cells, and a clue that cannot add up folds to
    false before any search. The fold holds in every answer, since permutations are
    unconditional; the model keeps the sum as written for the evaluator.
    """

    def __init__(self, permutations: tuple[Permutation, ...]) -> None:
        self.groups = [(frozenset(p.variables), sum(p.values)) for p in permutations]
        self.smallest = min((len(vs) for vs, _ in self.groups), default=NO_GROUP)
        """Sums shorter than this read no group whole."""
        self._of: dict[int, list[int]] = {}
        for i, (vs, _) in enumerate(self.groups):
            for v in vs:
                self._of.setdefault(v, []).append(i)

    def fold(self, lin: Lin) -> tuple[Lin, tuple[int, ...]]:
        """`lin` without the groups it reads in full with one coefficient, their totals moved
        into the constant, and the indices of those groups. Larger groups go first; a group
        that shares a variable with one already taken out is no longer whole."""
        if len(lin.terms) < self.smallest:
            return lin, ()
        coef = dict(lin.terms)
        found = {i for v in coef for i in self._of.get(v, ())}
        const = lin.const
        used: list[int] = []
        for i in sorted(found, key=lambda i: (-len(self.groups[i][0]), i)):
            vs, total = self.groups[i]
            if not vs <= coef.keys():
                continue
            c = coef[next(iter(vs))]
            if any(coef[v] != c for v in vs):
                continue
            for v in vs:
                del coef[v]
            const += c * total
            used.append(i)
        if not used:
            return lin, ()
        return Lin(tuple(coef.items()), const), tuple(used)


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


def _plain_variables(f: AllDifferent) -> tuple[int, ...] | None:
    """The variables of an all-different over bare variables, else None."""
    out = []
    for e in f.exprs:
        if e.const or len(e.terms) != 1 or e.terms[0][1] != 1:
            return None
        out.append(e.terms[0][0])
    return tuple(out) if len(set(out)) == len(out) else None


def implied_facts(gm: GroundModel) -> Implied:
    """Permutations and value-set choices implied by unconditional all-different groups, and
    the sizes that counts give unconditional connected groups."""
    groups: list[tuple[int, ...]] = []
    totals: dict[frozenset[int], int] = {}
    sums: list[Cmp] = []
    differences: dict[tuple[int, int], int] = {}
    formulas = top_level(gm)
    for f in formulas:
        if type(f) is AllDifferent:
            xs = _plain_variables(f)
            if xs is not None and len(xs) > 1:
                groups.append(xs)
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
        joined = Domain.join(gm.variables[v].domain for v in xs)
        count = joined.size  # a domain may be wide: list its values only when they are few
        if count == len(xs):
            perms.append(Permutation(xs, tuple(joined.values())))
        total = totals.get(frozenset(xs))
        span = _span(xs, differences)
        if (total is None and span is None) or count > MAX_COMBINATIONS + len(xs):
            continue  # more than MAX_COMBINATIONS choices, and math.comb need not say so
        candidates = math.comb(count, len(xs))
        if candidates > MAX_COMBINATIONS:
            continue
        values = joined.values()
        chosen = tuple(c for c in itertools.combinations(values, len(xs))
                       if (total is None or sum(c) == total)
                       and (span is None or c[-1] - c[0] <= span))
        if len(chosen) < candidates:
            sets.append(ValueSets(xs, chosen))
    return Implied(tuple(perms), tuple(sets), _distinct_sums(gm, sums, groups),
                   _group_sizes(gm, formulas))


def _indicator(f: Formula, gm: GroundModel) -> int | None:
    """The variable v when `f` is `v = 1` for a 0/1 variable v: the left side of the
    definition `Grounder.indicator` writes for each formula a count reads."""
    if type(f) is not Cmp or f.op != "=" or len(f.lin.terms) != 1 or f.lin.const != -1:
        return None
    v, c = f.lin.terms[0]
    return v if c == 1 and gm.variables[v].domain.is_boolean() else None


def _group_sizes(gm: GroundModel, formulas: list[Formula]) -> tuple[GroupSize, ...]:
    """For each unconditional connectivity whose possible members a count covers, the most
    members it can have: the count's bound, plus the members that are certain (a count leaves
    a formula that folded to true out of its terms and takes it off its bound).

    A count is a sum of 0/1 indicators, each defined as the truth of one formula, bounded above
    (`= k` or `<= k`). It covers a group when each possible member's formula has an indicator
    of its own among the terms: two members with one formula need two. Only indicators of
    member formulas are looked at: hashing every indicator's formula costs more than the rest
    on a 16×16 chaos construction."""
    groups = [(f, *_members(f)) for f in formulas if type(f) is Connected]
    wanted = {m for _, possible, _ in groups for m in possible}
    kinds = {type(m) for m in wanted}
    counted: dict[int, Formula] = {}
    for f in formulas:
        if type(f) is Iff and type(f.right) in kinds:
            v = _indicator(f.left, gm)
            if v is not None and f.right in wanted:
                counted[v] = f.right
    counts: list[tuple[Counter[Formula], int]] = []
    having: dict[Formula, list[int]] = {}  # the counts with a term for the formula
    for f in formulas:
        if type(f) is not Cmp or not counted or not f.lin.terms:
            continue
        sign = 1 if f.op in ("=", "<=") else -1 if f.op == ">=" else 0
        if sign and all(c == sign and v in counted for v, c in f.lin.terms):
            terms = Counter(counted[v] for v, _ in f.lin.terms)
            for t in terms:
                having.setdefault(t, []).append(len(counts))
            counts.append((terms, -sign * f.lin.const))
    out: list[GroupSize] = []
    for f, possible, certain in groups:
        # a count that covers the group has a term for any one of its possible members
        some = next(iter(possible), None)
        bounds = [counts[i][1] for i in having.get(some, ()) if some is not None
                  and all(counts[i][0][m] >= k for m, k in possible.items())]
        if bounds:
            out.append(GroupSize(f, min(bounds) + certain))
    return tuple(out)


def _members(f: Connected) -> tuple[Counter[Formula], int]:
    """The formulas of a group's possible members, and how many members are certain."""
    possible: Counter[Formula] = Counter()
    certain = 0
    for m in f.members:
        if type(m) in (And, Or) and not m.items:  # TRUE or FALSE
            certain += type(m) is And
        else:
            possible[m] += 1
    return possible, certain


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


MIN_PART = 3
"""Parts smaller than this bound a sum too weakly to be worth a constraint."""


def _ends(d: Domain, k: int, largest: bool) -> list[int]:
    """The `k` smallest (or largest) values of `d`, without listing the others."""
    out: list[int] = []
    for lo, hi in reversed(d.intervals) if largest else d.intervals:
        take = min(k - len(out), hi - lo + 1)
        out.extend(range(hi, hi - take, -1) if largest else range(lo, lo + take))
        if len(out) == k:
            break
    return out


def _distinct_sums(gm: GroundModel, sums: list[Cmp],
                   groups: list[tuple[int, ...]]) -> tuple[DistinctSum, ...]:
    """For each long sum and each all-different group, the variables they share (three or
    more), bounded by the smallest and largest totals of that many different values."""
    member: dict[int, list[int]] = {}
    for g, xs in enumerate(groups):
        for v in xs:
            member.setdefault(v, []).append(g)
    out: dict[tuple[int, ...], DistinctSum] = {}
    for f in sums:
        parts: dict[int, list[int]] = {}
        for v, _ in f.lin.terms:
            for g in member.get(v, ()):
                parts.setdefault(g, []).append(v)
        for part in parts.values():
            key = tuple(sorted(part))
            if len(key) < MIN_PART or key in out or len(key) == len(f.lin.terms):
                continue
            joined = Domain.join(gm.variables[v].domain for v in key)
            k = len(key)
            if k > joined.size:
                continue
            out[key] = DistinctSum(key, sum(_ends(joined, k, False)), sum(_ends(joined, k, True)))
    return tuple(out.values())
