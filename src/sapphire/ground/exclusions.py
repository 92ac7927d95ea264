"""Whole ∀s of exclusions, `∀⟨x y⟩∈D: ⦗m x y⦘¬=e`, taken in one step by both passes.

A rule that keeps a value off most of the board (a Shikaku number's region keeps off every
cell beyond its reach: some 80,000 such points on a 20×36 board) would otherwise be walked
binding by binding twice, once by the facts pass to take the value out of each point's
domain and once more to find each exclusion implied by that domain. When the map read's
indices are the binder's names, in order, or fixed outside the ∀, and the other side reads
none of the names, the points are the domain's members themselves: the facts pass records
them directly, and the constraints pass only checks that each point's domain (or constant)
already leaves the value out, walking the ∀ as usual when one does not.
"""

from __future__ import annotations

from typing import Any

from sapphire.ground.closures import NotConstant as _NotConstant
from sapphire.ground.closures import free_names
from sapphire.ground.facts import reads_nothing
from sapphire.lang.syntax import Apply, Binary, Name, Quant
from sapphire.model import Lin

Value = Any  # int | bool | Lin | Formula | tuple | list

Exclusion = tuple[str, list[tuple[int, ...]], int]
"""A map, its points, and the value none of them takes."""


class Exclusions:
    """The one-step exclusions of `Grounder` (see the module docstring)."""

    def exclusion_shape(self, q: Quant) -> tuple[Apply, Any] | None:
        """The map read and the other side of `q`'s body when `q` is a ∀ of that shape: each
        of the read's indices one of the binder's names, in order, or reading none of them
        (a row fixed outside, `∀c'∈…: ⦗region r c'⦘¬=g`)."""
        body = q.body
        if q.kind != "∀" or not isinstance(body, Binary) or body.op != "¬=" or self.read:
            return None  # a user's data: every point read is tracked, one by one
        names = q.names
        for point, other in ((body.left, body.right), (body.right, body.left)):
            if (isinstance(point, Apply) and point.fn not in self.terms
                    and [a.name for a in point.args if isinstance(a, Name) and a.name in names]
                    == list(names)
                    and all(isinstance(a, Name) and a.name in names or self.outside(a, names)
                            for a in point.args)
                    and self.outside(other, names)):
                return point, other
        return None

    def outside(self, e: Any, names: tuple[str, ...]) -> bool:
        """Whether `e` is arithmetic over names and numbers that reads none of `names`."""
        if not reads_nothing(e):
            return False
        reads = free_names(e, self.terms)
        return reads is not None and not reads & set(names)

    def bulk_exclusion(self, q: Quant) -> Exclusion | None:
        """The points of `q` and the constant value it keeps off them, when `q` has the shape
        (`exclusion_shape`), its domain is constant and the value an integer. The caller
        spends the budget once it takes them."""
        shape = self.exclusion_shape(q)
        if shape is None:
            return None
        point, other = shape
        names = q.names
        try:
            dom = self.eval(q.domain)
            if isinstance(dom, list | range) and not dom:
                return point.fn, [], 0  # nothing to rule out; the other side is never read
            val = self.eval(other)
            fixed = [None if isinstance(a, Name) and a.name in names else self.eval(a)
                     for a in point.args]
        except _NotConstant as nc:
            self.saw_unknown |= nc.unknown
            return None
        if (type(val) is not int or not isinstance(dom, list | range)
                or not all(f is None or type(f) is int for f in fixed)):
            return None
        idxs: list[tuple[int, ...]] = []
        for v in dom:
            member = v if q.tuple_binder else (v,)
            if (not isinstance(member, tuple) or len(member) != len(names)
                    or not all(type(i) is int for i in member)):
                return None  # the walk reports a binder of the wrong arity
            it = iter(member)
            idxs.append(tuple(next(it) if f is None else f for f in fixed))
        return point.fn, idxs, val

    def collect_exclusions(self, q: Quant) -> bool:
        """Record `q`'s exclusions in the facts pass in one step; False when it has not the
        shape, and the pass walks it."""
        saved, self.mode = self.mode, "facts"
        try:
            found = self.bulk_exclusion(q)
        finally:
            self.mode = saved
        if found is None:
            return False
        fn, idxs, val = found
        self.spend(len(idxs), q.span)
        excluded = self.excluded
        for idx in idxs:
            excluded.setdefault((fn, idx), set()).add(val)
        return True

    def post_exclusions(self, q: Quant) -> bool:
        """True when every exclusion of `q` is already implied by its point's domain or
        constant, so that posting it would emit nothing; False to walk it as usual."""
        found = self.bulk_exclusion(q)
        if found is None:
            return False
        fn, idxs, val = found
        table = self.points.get(fn)
        if table is None:
            return False
        variables = self.model.variables
        for idx in idxs:
            t = table.get(idx)
            if type(t) is int:
                if t == val:
                    return False
            elif (type(t) is not Lin or t.const or len(t.terms) != 1 or t.terms[0][1] != 1
                  or val in variables[t.terms[0][0]].domain):
                return False
        self.spend(len(idxs), q.span)
        return True
