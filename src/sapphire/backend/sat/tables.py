"""Formulas over a few variables, written as the assignments they rule out.

A formula that reads a handful of variables with few values between them (a clue over four
edges, a parity link between two cells and the edge between them) has a small table of
assignments. Each assignment that breaks the formula becomes one clause, "not this
assignment": a handful of clauses with no new literals, where a general encoding would add
gates and graphs. The formula is evaluated here on plain integers; this module reads only
comparisons and the connectives between them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from sapphire.model import And, Cmp, Formula, Iff, Implies, InSet, Lin, Not, Or

MAX_ROWS = 64
"""The most assignments a formula's table may have to be written this way."""

MAX_SCOPE = 6
"""The most variables a formula may read to be written this way."""


def scope(f: Formula) -> list[int] | None:
    """The variables `f` reads, in first-read order, when `f` is made of comparisons and
    connectives only and reads at most `MAX_SCOPE` of them; None otherwise."""
    out: list[int] = []
    stack = [f]
    while stack:
        g = stack.pop()
        t = type(g)
        if t is Cmp or t is InSet:
            for v, _ in g.lin.terms:  # type: ignore[union-attr]
                if v not in out:
                    out.append(v)
                    if len(out) > MAX_SCOPE:
                        return None
        elif t is And or t is Or:
            stack.extend(g.items)  # type: ignore[union-attr]
        elif t is Not:
            stack.append(g.item)  # type: ignore[union-attr]
        elif t is Implies or t is Iff:
            stack.append(g.right)  # type: ignore[union-attr]
            stack.append(g.left)  # type: ignore[union-attr]
        else:
            return None
    return out


def shape(f: Formula, variables: list[int]) -> tuple:
    """`f` with each variable replaced by its place in `variables`: formulas of one shape over
    variables with the same values have the same table (the parity links of a loop's cells,
    the clues of a board), so a table is worked out once per shape."""
    place = {v: i for i, v in enumerate(variables)}

    def walk(g: Formula) -> tuple:
        t = type(g)
        if t is Cmp:
            return ("c", g.op, g.lin.const,  # type: ignore[union-attr]
                    tuple((place[v], c) for v, c in g.lin.terms))  # type: ignore[union-attr]
        if t is InSet:
            return ("s", g.domain.intervals, g.lin.const,  # type: ignore[union-attr]
                    tuple((place[v], c) for v, c in g.lin.terms))  # type: ignore[union-attr]
        if t is Not:
            return ("n", walk(g.item))  # type: ignore[union-attr]
        if t is Implies or t is Iff:
            return (t.__name__, walk(g.left), walk(g.right))  # type: ignore[union-attr]
        return (t.__name__, *(walk(i) for i in g.items))  # type: ignore[union-attr]

    return walk(f)


def _value(lin: Lin, env: dict[int, int]) -> int:
    return lin.const + sum(c * env[v] for v, c in lin.terms)


def truth(f: Formula, env: dict[int, int]) -> bool:
    """The truth of `f` with each variable's value in `env`."""
    t = type(f)
    if t is Cmp:
        x = _value(f.lin, env)  # type: ignore[union-attr]
        op = f.op  # type: ignore[union-attr]
        return x == 0 if op == "=" else x != 0 if op == "¬=" else x <= 0 if op == "<=" \
            else x >= 0
    if t is InSet:
        return _value(f.lin, env) in f.domain  # type: ignore[union-attr]
    if t is And:
        return all(truth(i, env) for i in f.items)  # type: ignore[union-attr]
    if t is Or:
        return any(truth(i, env) for i in f.items)  # type: ignore[union-attr]
    if t is Not:
        return not truth(f.item, env)  # type: ignore[union-attr]
    if t is Implies:
        return not truth(f.left, env) or truth(f.right, env)  # type: ignore[union-attr]
    return truth(f.left, env) == truth(f.right, env)  # type: ignore[union-attr]


def rows(f: Formula, variables: list[int], values: list[list[int]]
         ) -> Iterator[tuple[tuple[int, ...], bool]]:
    """Each assignment of `variables` (as places in their `values`) with the truth of `f`."""
    places = [range(len(values[v])) for v in variables]
    for ks in itertools.product(*places):
        env = {v: values[v][k] for v, k in zip(variables, ks, strict=True)}
        yield ks, truth(f, env)


def size(variables: list[int], values: list[list[int]]) -> int:
    n = 1
    for v in variables:
        n *= len(values[v])
    return n


def merged(forbidden: list[tuple[int, ...]], sizes: list[int]
           ) -> list[tuple[int | None, ...]]:
    """The ruled-out assignments with, variable by variable, every group that rules out all
    values of one variable (the others fixed) merged into one assignment that leaves that
    variable out (None): fewer, shorter clauses that propagate sooner."""
    current: set[tuple[int | None, ...]] = set(forbidden)
    for i, n in enumerate(sizes):
        groups: dict[tuple[int | None, ...], set[int | None]] = {}
        for row in current:
            groups.setdefault(row[:i] + (None,) + row[i + 1:], set()).add(row[i])
        nxt: set[tuple[int | None, ...]] = set()
        for key, seen in groups.items():
            if len(seen) == n and None not in seen:
                nxt.add(key)
            else:
                nxt.update(key[:i] + (k,) + key[i + 1:] for k in seen)
        current = nxt
    return sorted(current, key=lambda r: tuple(-1 if k is None else k for k in r))
