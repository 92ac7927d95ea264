"""Clauses in DIMACS form, the literals they are written over, and the gates built from them.

A literal is a non-zero int: variable k true is `k`, false is `-k`. Variable 1 is fixed true
(`TRUE`, and `FALSE = -TRUE`), so that gates simplify instead of inventing variables for
constants. Clauses are queued in `clauses` and handed to the solver from `flushed` on, so an
encoding built after the search started (a cut, a blocking clause, a full connectivity
encoding) reaches the solver the same way as the first ones.
"""

from __future__ import annotations

from sapphire.builtins.base import SAT_FALSE as FALSE
from sapphire.builtins.base import SAT_TRUE as TRUE

__all__ = ["FALSE", "PAIRWISE_AMO", "TRUE", "Cnf", "TimeUp"]


class TimeUp(Exception):
    """The time limit passed while the model was being written."""


PAIRWISE_AMO = 12
"""Up to this many literals an at-most-one is written pair by pair (binary clauses, which
propagate fastest); longer ones use a ladder of `n − 1` new literals and `3n` clauses."""


class Cnf:
    """A growing set of clauses and the count of variables they use."""

    __slots__ = ("top", "clauses")

    PAIRWISE_AMO = PAIRWISE_AMO
    """`at_most_one`'s limit for writing pairs, for encodings that choose by it."""

    def __init__(self) -> None:
        self.top = 1
        self.clauses: list[list[int]] = [[TRUE]]

    def new(self) -> int:
        self.top += 1
        return self.top

    def news(self, n: int) -> list[int]:
        first = self.top + 1
        self.top += n
        return list(range(first, self.top + 1))

    def add(self, clause: list[int]) -> None:
        self.clauses.append(clause)

    # ------------------------------------------------------------------ gates
    def conj(self, lits: list[int]) -> int:
        """A literal l with l ⇔ ∧lits."""
        lits = _simplify(lits, TRUE)
        if lits is None:
            return FALSE
        if not lits:
            return TRUE
        if len(lits) == 1:
            return lits[0]
        g = self.new()
        add = self.clauses.append
        for x in lits:
            add([-g, x])
        add([g, *(-x for x in lits)])
        return g

    def disj(self, lits: list[int]) -> int:
        """A literal l with l ⇔ ∨lits."""
        return -self.conj([-x for x in lits])

    def half_conj(self, lits: list[int]) -> int:
        """A literal l with l ⇒ ∧lits (and nothing more: l may be false when they hold)."""
        lits = _simplify(lits, TRUE)
        if lits is None:
            return FALSE
        if not lits:
            return TRUE
        if len(lits) == 1:
            return lits[0]
        g = self.new()
        for x in lits:
            self.clauses.append([-g, x])
        return g

    def implied_by_all(self, lits: list[int]) -> int:
        """A literal r with ∧lits ⇒ r: the root of a constraint that must hold when all of
        `lits` do (and may be made to hold otherwise too)."""
        lits = _simplify(lits, TRUE)
        if lits is None:
            return FALSE
        if not lits:
            return TRUE
        if len(lits) == 1:
            return lits[0]
        g = self.new()
        self.clauses.append([g, *(-x for x in lits)])
        return g

    def at_most_one(self, lits: list[int], unless: list[int] = ()) -> None:  # type: ignore[assignment]
        """At most one of `lits` holds (unless one of `unless` does)."""
        lits = [x for x in lits if x != FALSE]
        if sum(1 for x in lits if x == TRUE) > 1:
            self.clauses.append(list(unless))
            return
        add = self.clauses.append
        n = len(lits)
        if n <= PAIRWISE_AMO:
            for i in range(n):
                a = -lits[i]
                for j in range(i + 1, n):
                    add([a, -lits[j], *unless])
            return
        # a ladder: s_i ⇔ one of the first i+1 literals holds
        prev = lits[0]
        for i in range(1, n):
            x = lits[i]
            add([-prev, -x, *unless])
            if i + 1 < n:
                s = self.new()
                add([-prev, s])
                add([-x, s])
                prev = s


def _simplify(lits: list[int], neutral: int) -> list[int] | None:
    """`lits` without `neutral` and repeats; None when the absorbing constant (−neutral) or a
    literal and its negation are among them."""
    out: list[int] = []
    seen: set[int] = set()
    for x in lits:
        if x == neutral or x in seen:
            continue
        if x == -neutral or -x in seen:
            return None
        seen.add(x)
        out.append(x)
    return out
