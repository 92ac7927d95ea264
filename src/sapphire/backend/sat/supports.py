"""Which values a few constraints of a model allow, under the values still left: one
incremental CaDiCaL per group of constraints, asked under assumptions.

A setter reasons one rule at a time ("this cage can only be 1+2"), and the grade of
`sapphire.assistant` does the same: each group of constraints (one rule line's statement
about one row, one cage, one clue) is written once as clauses, into a solver of its own that
holds nothing else, and every later question about it is a call under assumptions: the values
taken out so far are assumed false. Its variables are the only ones encoded (a group of a
20×20 board reads a few of its thousands), so a solver costs some 30 kB and a call some tens
of microseconds.

The values allowed are found as `search.candidates` finds them: an assignment, then one that
gives some variable a value none so far has (a clause under a selector literal, retired after
the call), until none is left. The last assignments found are kept: when the values left
still allow one of them, the values it shows need no call at all, which is the common case
when the same group is asked again after a change elsewhere.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from sapphire.backend.base import Unsupported
from sapphire.backend.sat.cnf import FALSE, TRUE, TimeUp
from sapphire.backend.sat.lowering import MAX_VALUES, SatLowering
from sapphire.backend.sat.search import FULL_AFTER, _Clock, _Incremental
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.ground.witness import element_variables, formula_variables
from sapphire.model import GroundModel

KEPT = 6
"""Assignments kept per group, the most recent first."""


class GroupSupports:
    """The constraints `constraints` and definitions `elements` of a ground model, as one
    solver that says which values of the `tracked` variables they allow."""

    def __init__(self, gm: GroundModel, constraints: Sequence[int], elements: Sequence[int],
                 tracked: Sequence[int], deadline: Deadline = UNBOUNDED) -> None:
        sub = GroundModel(variables=gm.variables,
                          constraints=[gm.constraints[k] for k in constraints],
                          elements=[gm.elements[k] for k in elements],
                          constants=gm.constants, answer=(), source=gm.source)
        scope: set[int] = set(tracked)
        for con in sub.constraints:
            formula_variables(con.formula, scope)
        for el, _ in sub.elements:
            scope |= element_variables(el)
        for v in scope:
            if gm.variables[v].domain.size > MAX_VALUES:
                raise Unsupported(f"{gm.variables[v].label()} has more than {MAX_VALUES} "
                                  "values")
        self.tracked = list(tracked)
        self.timings: dict[str, float] = {}
        self.clock = _Clock(deadline, self.timings)
        self.low = SatLowering(sub, answer_vars=sorted(scope), only=scope, deadline=deadline)
        self.low.post_model(deadline)  # raises TimeUp past the deadline
        self.sat = _Incremental(self.low, self.clock)
        self.kept: list[tuple[int, ...]] = []
        self.rounds = 0

    @property
    def calls(self) -> int:
        """Calls to the solver so far."""
        return self.sat.calls

    def allowed(self, left: Sequence[Collection[int]], deadline: Deadline = UNBOUNDED
                ) -> list[set[int]] | None:
        """For each tracked variable, in order, the values of `left` (its values still
        possible) that some assignment keeping the group gives it, with every tracked
        variable within its own; None when no assignment does. Raises `TimeUp` at
        `deadline`."""
        self.clock.deadline = deadline
        low = self.low
        assume: list[int] = []
        for v, xs in zip(self.tracked, left, strict=True):
            if not xs:
                return None
            if len(xs) == 1:
                (x,) = xs
                lit = low.var_equals_literal(v, x)
                if lit == FALSE:
                    return None
                if lit != TRUE:
                    assume.append(lit)
                continue
            for x in low.values[v]:
                if x not in xs:
                    lit = low.var_equals_literal(v, x)
                    if lit == TRUE:
                        return None
                    assume.append(-lit)
        seen: list[set[int]] = [set() for _ in self.tracked]
        matched = False
        for kept in self.kept:
            if all(x in xs for x, xs in zip(kept, left, strict=True)):
                matched = True
                for s, x in zip(seen, kept, strict=True):
                    s.add(x)
        if not matched:
            first = self._assignment(assume)
            if first is None:
                return None
            self._keep(first, seen)
        while True:
            unseen = [lit for v, xs, s in zip(self.tracked, left, seen, strict=True)
                      for x in xs if x not in s and (lit := low.var_equals_literal(v, x))
                      != FALSE]
            if not unseen:
                return seen
            selector = low.cnf.new()
            low.cnf.add([-selector, *unseen])
            got = self._assignment([*assume, selector])
            low.cnf.add([-selector])
            if got is None:
                return seen
            self._keep(got, seen)

    def _keep(self, got: tuple[int, ...], seen: list[set[int]]) -> None:
        for s, x in zip(seen, got, strict=True):
            s.add(x)
        self.kept = [got, *self.kept[:KEPT - 1]]

    def _assignment(self, assume: list[int]) -> tuple[int, ...] | None:
        """The tracked variables' values in an assignment keeping the group under `assume`
        (a connectivity checked on assignments cut until one keeps it); None when there is
        none."""
        while True:
            got = self.sat.solve(assume)
            if got is None:
                raise TimeUp
            if not got:
                return None
            model = self.sat.model()
            cuts = [cut for lazy in self.low.lazy for cut in lazy.cuts(model)]
            if not cuts:
                return tuple(self.low.value_of(v, model) for v in self.tracked)
            self.rounds += 1
            if self.rounds == FULL_AFTER and self.low.encode_lazy():
                continue
            self.low.cnf.clauses.extend(cuts)

    def delete(self) -> None:
        """Free the solver."""
        self.sat.delete()


__all__ = ["GroupSupports"]
