"""`distinct`: the expressions take pairwise different values.

Signature: `AllDifferent(exprs: tuple[Lin, ...])`, a formula; the grounder writes it for the
language's `distinct(…)` (a rule's `distinct_D` and `distinctAt`).

Facts: an unconditional group of bare variables whose values are as many as its members is a
permutation (a sudoku row: each digit exactly once); with a known total or a largest
difference, its set of values is one of few (a killer cage, a renban). Backends post these as
redundancy, which propagates far more than the pairs alone (see `docs/decisions.md`).

SAT: each value at most once among the expressions' value literals; an unconditional group of
plain variables writes only the pairs no earlier group wrote. CP-SAT: its own all-different
when unconditional, the pairs otherwise (CP-SAT's takes no condition).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from sapphire.builtins.base import (
    POS,
    SAT_FALSE,
    SAT_TRUE,
    CpSatLowering,
    SatLowering,
    Truth,
    lin_value,
)
from sapphire.model import Builtin, Cmp, Domain, Formula, GroundModel, Lin

MAX_COMBINATIONS = 20000
"""Value sets enumerated per group at most; beyond this the group gets no value-set fact."""


@dataclass(slots=True, unsafe_hash=True)
class AllDifferent(Builtin):
    """The expressions take pairwise different values."""

    exprs: tuple[Lin, ...]

    def reads(self) -> tuple[tuple[Lin, ...], tuple[Formula, ...]]:
        return self.exprs, ()

    def holds(self, values: list[int], truth: Truth) -> bool:
        xs = [lin_value(e, values) for e in self.exprs]
        return len(set(xs)) == len(xs)

    def post_sat(self, low: SatLowering, enf: list[int], negated: bool) -> None:
        if negated:
            _sat_repeated(low, self, enf)
        else:
            _sat_distinct(low, self, enf)

    def post_cpsat(self, low: CpSatLowering, enf: list, negated: bool) -> None:
        n = len(self.exprs)
        if negated:  # some pair is equal
            low.spend_pairs(self)
            pairs = [Cmp("=", difference(self.exprs[i], self.exprs[j]))
                     for i in range(n) for j in range(i + 1, n)]
            low.clause([low.formula_literal(p, POS) for p in pairs], enf)
        elif enf:
            low.spend_pairs(self)
            for i in range(n):
                for j in range(i + 1, n):
                    low.post(Cmp("¬=", difference(self.exprs[i], self.exprs[j])), enf)
        else:
            low.m.add_all_different([low.expr(e) for e in self.exprs])


def difference(a: Lin, b: Lin) -> Lin:
    """a − b."""
    d: dict[int, int] = dict(a.terms)
    for v, c in b.terms:
        d[v] = d.get(v, 0) - c
    return Lin(tuple((v, c) for v, c in d.items() if c), a.const - b.const)


# ---------------------------------------------------------------------- facts
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


def distinct_parts(f: AllDifferent) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The variables and the constants of an all-different over bare variables and constants
    (a row with a given digit, which grounding folds to its value), else None."""
    out = []
    consts = []
    for e in f.exprs:
        if not e.terms:
            consts.append(e.const)
        elif e.const or len(e.terms) != 1 or e.terms[0][1] != 1:
            return None
        else:
            out.append(e.terms[0][0])
    return (tuple(out), tuple(consts)) if len(set(out)) == len(out) else None


def group_facts(gm: GroundModel, xs: tuple[int, ...], consts: tuple[int, ...],
                total: int | None, span: int | None
                ) -> tuple[Permutation | None, ValueSets | None]:
    """What a group of distinct variables `xs` beside the constants `consts` implies: the
    permutation of the values when they are as many as the variables, and the value sets the
    group can hold when a sum gives it `total` or differences bound its `span`."""
    perm = None
    joined = Domain.join(gm.variables[v].domain for v in xs)
    if consts:  # the variables take none of the constants' values
        if len(set(consts)) < len(consts):
            return None, None  # no answer; the model says so itself
        if joined.union(Domain.of(consts)).size == len(xs) + len(consts):
            perm = Permutation(xs, tuple(joined.without(consts).values()))
        joined = joined.without(consts)
    count = joined.size  # a domain may be wide: list its values only when they are few
    if count == len(xs) and not consts:
        perm = Permutation(xs, tuple(joined.values()))
    if (total is None and span is None) or count > MAX_COMBINATIONS + len(xs):
        return perm, None  # more than MAX_COMBINATIONS choices, and math.comb need not say so
    candidates = math.comb(count, len(xs))
    if candidates > MAX_COMBINATIONS:
        return perm, None
    chosen = tuple(c for c in itertools.combinations(joined.values(), len(xs))
                   if (total is None or sum(c) == total)
                   and (span is None or c[-1] - c[0] <= span))
    return perm, (ValueSets(xs, chosen) if len(chosen) < candidates else None)


def post_sat_facts(low: SatLowering, perms: tuple[Permutation, ...],
                   sets: tuple[ValueSets, ...]) -> None:
    """Each value of a permutation somewhere in its group; the values a group's sets leave
    out ruled out, and one set chosen, which holds exactly the values the group takes."""
    cnf = low.cnf
    for p in perms:
        for value in p.values:
            cnf.add([low.var_equals_literal(v, value) for v in p.variables])
    for g in sets:
        allowed = g.allowed()
        for v in g.variables:
            for x in low.values[v]:
                if x not in allowed:
                    cnf.add([-low.var_equals_literal(v, x)])
        if not g.sets:
            continue
        chosen = cnf.news(len(g.sets))
        cnf.add(chosen)
        cnf.at_most_one(chosen)
        for value in sorted(allowed):
            present = [x for x in (low.var_equals_literal(v, value) for v in g.variables)
                       if x != SAT_FALSE]
            having = [c for c, s in zip(chosen, g.sets, strict=True) if value in s]
            # the value appears in the group ⇔ the chosen set holds it
            for lit in present:
                cnf.add([-lit, *having])
            for c in having:
                cnf.add([-c, *present])


def post_cpsat_permutations(low: CpSatLowering, perms: tuple[Permutation, ...]) -> None:
    """Each value of a permutation exactly once in its group."""
    variables = low.gm.variables
    for p in perms:
        doms = [variables[v].domain for v in p.variables]
        for value in p.values:
            low.m.add_exactly_one([low.var_equals_literal(v, value)
                                   for v, d in zip(p.variables, doms, strict=True)
                                   if value in d])


def post_cpsat_distinct_sums(low: CpSatLowering, sums: tuple[DistinctSum, ...]) -> None:
    """The bounds of each distinct sum."""
    for d in sums:
        low.m.add_linear_constraint(sum(low.vars[v] for v in d.variables), d.lo, d.hi)


def post_cpsat_value_sets(low: CpSatLowering, sets: tuple[ValueSets, ...]) -> None:
    """As `post_sat_facts` for value sets, with an exactly-one over the sets."""
    m = low.m
    variables = low.gm.variables
    for g in sets:
        allowed = g.allowed()
        for v in g.variables:
            low.post_in(v, Domain.of(allowed))
        if not g.sets:
            continue
        doms = [variables[v].domain for v in g.variables]
        chosen = [m.new_bool_var("") for _ in g.sets]
        m.add_exactly_one(chosen)
        for value in sorted(allowed):
            present = [low.var_equals_literal(v, value)
                       for v, d in zip(g.variables, doms, strict=True) if value in d]
            having = [c for c, s in zip(chosen, g.sets, strict=True) if value in s]
            # value appears in the group  ⇔  the chosen set holds it
            for a, b in ((present, having), (having, present)):
                for lit in a:
                    m.add_bool_or(b).only_enforce_if(lit)


# ---------------------------------------------------------------------- SAT
def _value_literals(low: SatLowering, f: AllDifferent) -> dict[int, list[int]]:
    """Per value two or more of the expressions may take, their literals of taking it."""
    out: dict[int, list[int]] = {}
    for e in f.exprs:
        if not e.terms:
            out.setdefault(e.const, []).append(SAT_TRUE)
            continue
        for value in low.gm.iter_values(e):
            lit = low.expr_equals_literal(e, value)
            if lit != SAT_FALSE:
                out.setdefault(value, []).append(lit)
    return {value: lits for value, lits in out.items() if len(lits) > 1}


def _sat_distinct(low: SatLowering, f: AllDifferent, enf: list[int]) -> None:
    """Each value at most once. An unconditional group of plain variables and constants
    writes only the pairs no earlier group has written (a cage inside a box, a row's cells
    in a box), and rules each constant's value out of the variables."""
    cnf = low.cnf
    unless = [-e for e in enf]
    plain = [e.terms[0][0] for e in f.exprs
             if not e.const and len(e.terms) == 1 and e.terms[0][1] == 1]
    consts = [e.const for e in f.exprs if not e.terms]
    if enf or len(plain) + len(consts) != len(f.exprs) or len(plain) > cnf.PAIRWISE_AMO \
            or len(set(consts)) < len(consts):
        for lits in _value_literals(low, f).values():
            cnf.at_most_one(lits, unless)
        if not enf and len(plain) == len(f.exprs):
            low.distinct_pairs.update(itertools.combinations(sorted(plain), 2))
        return
    add = cnf.clauses.append
    for v in plain:
        for c in consts:
            lit = low.var_equals_literal(v, c)
            if lit != SAT_FALSE:
                add([-lit])
    done = low.distinct_pairs
    pairs = [p for p in itertools.combinations(sorted(plain), 2) if p not in done]
    done.update(pairs)
    for u, v in pairs:
        eu = low.eq[u]
        for i, x in enumerate(low.values[u]):
            lit = low.var_equals_literal(v, x)
            if lit != SAT_FALSE:
                add([-eu[i], -lit])


def _sat_repeated(low: SatLowering, f: AllDifferent, enf: list[int]) -> None:
    """`∧enf ⇒` two of the expressions are equal: some value is taken twice, found by a chain
    per value of "taken by one of the first i"."""
    cnf = low.cnf
    twice: list[int] = []
    for lits in _value_literals(low, f).values():
        seen = lits[0]
        for x in lits[1:]:
            twice.append(cnf.half_conj([seen, x]))
            nxt = cnf.new()
            cnf.add([-nxt, seen, x])
            seen = nxt
    cnf.add([*twice, *(-e for e in enf)])
