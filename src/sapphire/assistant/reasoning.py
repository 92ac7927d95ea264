"""Reasoning by levels over a case's groups (`sapphire.assistant.groups`), as a setter does.

Level 0: each group on its own takes out the values of its points that no assignment keeping
it gives, under the values left everywhere (one incremental solver per group, asked under
assumptions: `sapphire.backend.sat.supports`); a group is asked again only when a point it
reads lost a value. Level k: when level 0 is stuck, one value of one point is assumed, and
when reasoning up to level k−1 then reaches a contradiction, that value is taken out. The
lowest level that makes progress is always used first, so a level-k step is only taken when
every lower level is stuck.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from sapphire.assistant.groups import Rules
from sapphire.backend.sat.supports import GroupSupports
from sapphire.deadline import UNBOUNDED, Deadline

Candidates = dict[int, set[int]]
"""Per answer variable, the values still possible."""

CONTRADICTION, SOLVED, STUCK = "contradiction", "solved", "stuck"

MEMO = 200_000
"""Group answers remembered at most (then forgotten all at once)."""


@dataclass
class Step:
    """One step of a path: a group taking out values (level 0), or an assumption refuted by
    reasoning at the level below (level k ≥ 1)."""

    level: int
    groups: tuple[int, ...]
    """The groups used: the one group of a level-0 step; every group that took something out
    on the way to a refuted assumption's contradiction, and the one that found it."""
    removed: list[tuple[int, int]] = field(default_factory=list)
    """(variable, value) taken out."""
    placed: list[tuple[int, int]] = field(default_factory=list)
    """(variable, value) left as the point's only value by this step."""
    assumed: tuple[int, int] | None = None
    """The refuted assumption of a level-k step."""
    length: int = 0
    """Steps of the reasoning that refuted the assumption."""
    contradiction: bool = False
    """A level-0 step that found no assignment keeping its group (only inside a refutation)."""


class Reasoner:
    """The groups of one case with their solvers, made when first asked."""

    def __init__(self, rules: Rules, deadline: Deadline = UNBOUNDED) -> None:
        self.rules = rules
        self.deadline = deadline
        self.solvers: dict[int, GroupSupports] = {}
        self.probes = 0
        self.memo: dict[tuple[int, tuple[frozenset[int], ...]], list[set[int]] | None] = {}
        self.hits = 0

    @property
    def calls(self) -> int:
        """Calls to the group solvers so far."""
        return sum(s.calls for s in self.solvers.values())

    def start(self) -> Candidates:
        """Every answer variable's values as the model declares them (the givens folded in)."""
        gm = self.rules.model
        return {v: set(gm.variables[v].domain.values()) for v in self.rules.points}

    def solver(self, gi: int) -> GroupSupports:
        found = self.solvers.get(gi)
        if found is None:
            g = self.rules.groups[gi]
            found = self.solvers[gi] = GroupSupports(self.rules.model, g.constraints,
                                                     g.elements, g.tracked, self.deadline)
        return found

    def allowed(self, gi: int, left: list[set[int]]) -> list[set[int]] | None:
        """`GroupSupports.allowed` for group `gi`, remembered: the refutations of level k
        ask the same groups the same questions again and again."""
        key = (gi, tuple(frozenset(xs) for xs in left))
        if key in self.memo:
            self.hits += 1
            return self.memo[key]
        if len(self.memo) >= MEMO:
            self.memo.clear()
        found = self.memo[key] = self.solver(gi).allowed(left, self.deadline)
        return found

    def propagate(self, cands: Candidates, queue: set[int], log: list[Step]) -> bool:
        """Level 0 to its fixpoint from the groups of `queue`, in place; False on a
        contradiction (a group with no assignment left)."""
        heap = sorted(queue)
        queued = set(heap)
        watch = self.rules.watch
        groups = self.rules.groups
        while heap:
            gi = heapq.heappop(heap)
            queued.discard(gi)
            tracked = groups[gi].tracked
            left = [cands[v] for v in tracked]
            allowed = self.allowed(gi, left)
            if allowed is None:
                log.append(Step(0, (gi,), contradiction=True))
                return False
            step = Step(0, (gi,))
            for v, xs, ok in zip(tracked, left, allowed, strict=True):
                if len(ok) == len(xs):
                    continue
                step.removed += [(v, x) for x in sorted(xs - ok)]
                cands[v] = set(ok)
                if len(ok) == 1:
                    step.placed.append((v, next(iter(ok))))
                for w in watch[v]:
                    if w != gi and w not in queued:
                        queued.add(w)
                        heapq.heappush(heap, w)
            if step.removed:
                log.append(step)
        return True

    def reason(self, cands: Candidates, level: int, log: list[Step],
               queue: set[int] | None = None) -> str:
        """Reason up to `level` from the groups of `queue` (all of them when None), in place:
        `solved` (every point has one value), `contradiction` or `stuck`."""
        if not self.propagate(cands, set(range(len(self.rules.groups))) if queue is None
                              else queue, log):
            return CONTRADICTION
        while True:
            if all(len(xs) == 1 for xs in cands.values()):
                return SOLVED
            for k in range(1, level + 1):
                got = self.probe(cands, k, log)
                if got == CONTRADICTION:
                    return CONTRADICTION
                if got:
                    break
            else:
                return STUCK

    def probe(self, cands: Candidates, level: int, log: list[Step]) -> str | bool:
        """One pass of level-`level` steps: each value (points with fewest values first) whose
        assumption reasoning at `level`−1 refutes is taken out, and level 0 run after each.
        True when one was found, False when none, `contradiction` when it left a point no
        value."""
        order = sorted((v for v, xs in cands.items() if len(xs) > 1),
                       key=lambda v: (len(cands[v]), v))
        found = False
        for v in order:
            for x in sorted(cands[v]):
                if x not in cands[v] or len(cands[v]) == 1:
                    continue  # taken out, or decided, by an earlier step of this pass
                if self.deadline.expired():
                    from sapphire.backend.sat.cnf import TimeUp

                    raise TimeUp
                self.probes += 1
                trial = {w: set(xs) for w, xs in cands.items()}
                trial[v] = {x}
                sub: list[Step] = []
                if self.reason(trial, level - 1, sub, set(self.rules.watch[v])) \
                        != CONTRADICTION:
                    continue
                used = sorted({gi for s in sub for gi in s.groups})
                cands[v] = cands[v] - {x}
                step = Step(level, tuple(used), removed=[(v, x)], assumed=(v, x),
                            length=len(sub))
                if len(cands[v]) == 1:
                    step.placed.append((v, next(iter(cands[v]))))
                log.append(step)
                if not cands[v] or not self.propagate(cands, set(self.rules.watch[v]), log):
                    return CONTRADICTION
                found = True
        return found

    def delete(self) -> None:
        """Free every solver."""
        for s in self.solvers.values():
            s.delete()
        self.solvers.clear()


__all__ = ["CONTRADICTION", "SOLVED", "STUCK", "Candidates", "Reasoner", "Step"]
