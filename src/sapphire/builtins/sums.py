"""Linear sums: the sums a model's sums and digit groups imply, and their encodings.

A sum is a core formula (`Cmp` over a `Lin`); this module holds what a backend adds for sums
beyond posting them. A sum over whole permutation groups has their totals as a constant part
(`WholeGroups`: a rectangle-sum clue over full rows). Sums with known totals and permutation
groups together imply sums no constraint states, as a solver by hand finds innies and outies
(`DerivedSum`, found by `sapphire.builtins.innies`); a long sum over part of a digit group is
bounded by the smallest and largest totals of distinct digits (`distinct_sums`). Each holds
in every answer, since only unconditional constraints count.

SAT posts a derived sum like any sum (a table of allowed digit sets or a layered graph), and
leaves out a stated sum that a group's value sets already fix; CP-SAT posts it as a linear
equation.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.builtins.all_different import DistinctSum, Permutation, ValueSets
from sapphire.builtins.base import CpSatLowering, SatLowering
from sapphire.model import Cmp, Domain, Formula, GroundModel, Lin


@dataclass(frozen=True)
class DerivedSum:
    """`Σ coef·var = total`, which the model's sums and digit groups imply together (the
    cells of a house that no cage inside it covers add up to the house's total less the
    cages'): a sum no constraint states, which a backend posts as a constraint of its own."""

    terms: tuple[tuple[int, int], ...]
    total: int



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


MIN_PART = 3
"""Parts smaller than this bound a sum too weakly to be worth a constraint."""


def ends(d: Domain, k: int, largest: bool) -> list[int]:
    """The `k` smallest (or largest) values of `d`, without listing the others."""
    out: list[int] = []
    for lo, hi in reversed(d.intervals) if largest else d.intervals:
        take = min(k - len(out), hi - lo + 1)
        out.extend(range(hi, hi - take, -1) if largest else range(lo, lo + take))
        if len(out) == k:
            break
    return out


def distinct_sums(gm: GroundModel, sums: list[Cmp],
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
            out[key] = DistinctSum(key, sum(ends(joined, k, False)), sum(ends(joined, k, True)))
    return tuple(out.values())


# ---------------------------------------------------------------------- encodings
def post_sat_derived(low: SatLowering, derived: tuple[DerivedSum, ...]) -> None:
    """Each derived sum as a constraint of its own."""
    for d in derived:
        low.post_atom(Cmp("=", Lin(d.terms, -d.total)), [], False)


def post_cpsat_derived(low: CpSatLowering, derived: tuple[DerivedSum, ...]) -> None:
    """Each derived sum as a linear equation."""
    for d in derived:
        low.m.add(sum(c * low.vars[v] for v, c in d.terms) == d.total)


def totals_of_value_sets(sets: tuple[ValueSets, ...]) -> set[tuple[frozenset[int], int]]:
    """The groups whose possible digit sets all add up to one total, with that total: their
    distinct digits, once one of the sets, add up to it, so a sum stating that total over
    exactly the group's variables needs no clauses of its own."""
    out = set()
    for g in sets:
        totals = {sum(s) for s in g.sets}
        if len(totals) == 1:
            out.add((frozenset(g.variables), totals.pop()))
    return out


def sum_of_set(f: Formula) -> tuple[frozenset[int], int] | None:
    """`(variables, total)` when `f` says that the variables, each counted once, add up to
    total; None otherwise."""
    if type(f) is not Cmp or f.op != "=" or any(c != 1 for _, c in f.lin.terms):
        return None
    return frozenset(v for v, _ in f.lin.terms), -f.lin.const
