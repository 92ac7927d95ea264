"""`sized`: every cell's value is the number of cells of its group of equal values.

Signature: `SizedGroups(cells: tuple[(row, col), ...], values: tuple[Lin, ...], above: int)`,
a formula: cells i and j are in one group when they are orthogonal neighbours with equal
values, or are joined by a chain of such; the formula holds when each cell's value is its
group's size. It is a Fillomino: the cells split into polyominoes each filled with its own
size, two of one size never side by side (they would be one group). The grounder writes it
for the language's `sized⟨r c⟩∈S: e`; on constant values it folds to a constant.

With `above` = n ≥ 1 (`sized(n)…`), the value n+1 stands for any size above n: a group of
n+1s has n+1 cells or more, and no value passes n+1. Every Fillomino answer, its regions of
more than n cells written n+1, keeps it, so an answer of it without an n+1 is a Fillomino
answer, and when it has exactly one answer and that one has no n+1, so has the Fillomino: a
giant board with few givens, whose numbers would reach its hundreds of open cells, is solved
with a few dozen values a cell.

No size bound follows from the givens (a region may hold none of them), so no encoding of the
regions in full stays small; both backends check the sizes on answers instead, as they check
connectivity (`SizeCheck`, the cuts), beside local clauses that hold in every answer: a 1
has no neighbour 1, a value k ≥ 2 has a neighbour k, and a cell takes k only when the cells
that may take k around it are k or more. `not sized` (some cell's value is not its group's
size) has an exact encoding in CP-SAT: one chosen cell, its group as the least set closed
under equal neighbours (distances from the chosen cell), and that set's size differing from
the cell's value. The SAT backend refuses it (`auto` then runs CP-SAT).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sapphire.builtins.all_different import difference
from sapphire.builtins.base import SAT_FALSE, CpSatLowering, SatLowering, Truth, lin_value
from sapphire.builtins.connected import neighbours, pieces
from sapphire.model import Builtin, Cmp, Formula, GroundModel, Lin


@dataclass(slots=True, unsafe_hash=True)
class SizedGroups(Builtin):
    """Each cell's value is the size of its orthogonal group of cells of equal value."""

    cells: tuple[tuple[int, int], ...]
    values: tuple[Lin, ...]
    above: int = 0
    """n ≥ 1: the value n+1 stands for any size above n; 0: every size is exact."""

    def reads(self) -> tuple[tuple[Lin, ...], tuple[Formula, ...]]:
        return self.values, ()

    def holds(self, values: list[int], truth: Truth) -> bool:
        return sizes_hold([lin_value(e, values) for e in self.values], list(self.cells),
                          self.above)

    def post_sat(self, low: SatLowering, enf: list[int], negated: bool) -> None:
        if negated:
            raise low.unsupported("the negation of 'sized' (a cell whose value is not its "
                                  "group's size)")
        eq = value_literals(self, low.gm, low.expr_equals_literal,
                            lambda lit: lit == SAT_FALSE)
        unless = [-e for e in enf]
        for clause in local_clauses(eq, neighbours(list(self.cells)), _sat_not, self.above):
            low.cnf.add([*clause, *unless])
        low.lazy.append(SizeCheck(self, enf, eq, low.answer_values, _sat_not, _sat_holds))

    def post_cpsat(self, low: CpSatLowering, enf: list, negated: bool) -> None:
        if negated:
            _post_cpsat_negated(self, low, enf)
            return
        false = low.constant(False).index
        eq = value_literals(self, low.gm, lambda e, k: low.atom_literal(
            Cmp("=", Lin(e.terms, e.const - k))), lambda lit: lit.index == false)
        for clause in local_clauses(eq, neighbours(list(self.cells)), _cpsat_not,
                                    self.above):
            low.clause(clause, enf)
        low.lazy.append(SizeCheck(self, enf, eq, low.values, _cpsat_not, _cpsat_holds))


def sizes_hold(vals: list[int], cells: list[tuple[int, int]], above: int = 0) -> bool:
    """Whether each cell's value in `vals` is the size of its group of equal values (with
    `above` ≥ 1, the value above+1 any size past `above`)."""
    nbrs = neighbours(cells)
    return all(fits(len(g), vals[g[0]], above) for g in groups(vals, nbrs))


def fits(size: int, value: int, above: int) -> bool:
    """Whether a group of `size` cells may hold `value`."""
    if above and value == above + 1:
        return size > above
    return size == value and (not above or value <= above)


def groups(vals: list[int], nbrs: list[list[int]]) -> list[list[int]]:
    """The groups of places joined by neighbours of equal value, each in the order found (a
    breadth-first order, so that every prefix of a group is connected)."""
    group = [-1] * len(vals)
    out: list[list[int]] = []
    for i in range(len(vals)):
        if group[i] >= 0:
            continue
        group[i] = len(out)
        found, k = [i], 0
        while k < len(found):
            for n in nbrs[found[k]]:
                if group[n] < 0 and vals[n] == vals[i]:
                    group[n] = group[i]
                    found.append(n)
            k += 1
        out.append(found)
    return out


def value_literals(f: SizedGroups, gm: GroundModel, literal: Callable[[Lin, int], Any],
                   is_false: Callable[[Any], bool]) -> list[dict[int, Any]]:
    """Per cell, the literal of "its value is k" for each size k it may take: a value of its
    expression that is 1 or more, and for which the cells that may take k around it (joined
    through such cells) are k or more. The rest cannot hold in any answer."""
    possible: list[list[int]] = []
    for e in f.values:  # the grounder gives each cell a constant or one variable's multiple
        if not e.terms:
            possible.append([e.const])
        else:
            v, c = e.terms[0]
            possible.append(sorted(c * x + e.const for x in gm.variables[v].domain.values()))
    nbrs = neighbours(list(f.cells))
    may: dict[int, set[int]] = {}
    for i, ks in enumerate(possible):
        for k in ks:
            if 1 <= k <= (f.above + 1 if f.above else k):
                may.setdefault(k, set()).add(i)
    keep: list[set[int]] = [set() for _ in f.cells]
    for k, places in may.items():
        for piece in pieces([i in places for i in range(len(f.cells))], nbrs):
            if len(piece) >= k:
                for i in piece:
                    keep[i].add(k)
    out: list[dict[int, Any]] = []
    for i, e in enumerate(f.values):
        lits = {}
        for k in sorted(keep[i]):
            lit = literal(e, k)
            if not is_false(lit):
                lits[k] = lit
        out.append(lits)
    return out


def local_clauses(eq: list[dict[int, Any]], nbrs: list[list[int]],
                  neg: Callable[[Any], Any], above: int = 0) -> list[list[Any]]:
    """Clauses every answer keeps, over the value literals `eq`: a cell has one of its
    possible values; a 1 has no neighbour 1; a value k ≥ 2 has a neighbour k, and a 2 at
    most one."""
    out: list[list[Any]] = []
    for i, lits in enumerate(eq):
        out.append(list(lits.values()))  # no possible value: the empty clause, false
        for k, lit in lits.items():
            if k == 1:
                out.extend([neg(lit), neg(eq[j][1])] for j in nbrs[i] if j > i and 1 in eq[j])
                continue
            near = [eq[j][k] for j in nbrs[i] if k in eq[j]]
            out.append([neg(lit), *near])
            if k == 2 and above != 1:  # with above 1, a 2 stands for any size past 1
                out.extend([neg(lit), neg(a), neg(b)] for n, a in enumerate(near)
                           for b in near[n + 1:])
    return out


def _sat_not(lit: int) -> int:
    return -lit


def _sat_holds(model: list[int], lit: int) -> bool:
    k = abs(lit)
    if k > len(model):
        return lit < 0
    return (model[k - 1] > 0) == (lit > 0)


def _cpsat_not(lit: Any) -> Any:
    return lit.Not()


def _cpsat_holds(solution: list[int], lit: Any) -> bool:
    i = lit.index
    return bool(solution[i]) if i >= 0 else not solution[-i - 1]


class SizeCheck:
    """`∧enf ⇒ sized`, checked on each answer by either backend (its `lazy` checks).

    An answer's group of value k with fewer than k cells G gets the cut "some cell of G is
    not k, or some neighbour of G outside it is k"; one with more gets, for k + 1 of its cells
    that are connected, "one of these is not k". Every answer keeps both (a group of size k
    lies within no smaller closed set, and holds no connected k + 1 cells), so they stay."""

    def __init__(self, f: SizedGroups, enf: list, eq: list[dict[int, Any]],
                 read: Callable[[list[int]], list[int]], neg: Callable[[Any], Any],
                 holds: Callable[[list[int], Any], bool]) -> None:
        self.formula, self.enf = f, enf
        self.eq, self.read, self.neg, self.holds = eq, read, neg, holds
        self.nbrs = neighbours(list(f.cells))
        self.pieces = 0
        """One more than the groups of a wrong size in the last answer that broke the
        constraint (0 when it kept it), as a connectivity counts its pieces."""

    def cuts(self, model: list[int]) -> list[list[Any]]:
        """The cuts `model` breaks; none when it keeps the constraint."""
        self.pieces = 0
        if not all(self.holds(model, e) for e in self.enf):
            return []
        values = self.read(model)
        vals = [lin_value(e, values) for e in self.formula.values]
        unless = [self.neg(e) for e in self.enf]
        out = []
        above = self.formula.above
        for group in groups(vals, self.nbrs):
            k = vals[group[0]]
            if fits(len(group), k, above):
                continue
            if k < 1 or any(k not in self.eq[i] for i in group):
                raise AssertionError("an answer took a value its cell cannot have")
            if len(group) < k:  # an n+1 past `above` too: its group needs n+1 cells
                inside = set(group)
                border = {n for i in group for n in self.nbrs[i] if n not in inside}
                out.append([*(self.neg(self.eq[i][k]) for i in group),
                            *(self.eq[n][k] for n in sorted(border) if k in self.eq[n]),
                            *unless])
            else:
                out.append([*(self.neg(self.eq[i][k]) for i in group[:k + 1]), *unless])
        if out:
            self.pieces = len(out) + 1
        return out


def _post_cpsat_negated(f: SizedGroups, low: CpSatLowering, enf: list) -> None:
    """`∧enf ⇒` some cell's value is not its group's size: one chosen cell (`root`), its
    group `inside` (the chosen cell, closed under neighbours of equal value, and each other
    member one step further from the chosen cell than a member of equal value beside it, so
    no more than the group), and the group's size differing from the chosen cell's value
    (with `above`, a value past `above` differs from every size; `above`+1 only from those up
    to `above`)."""
    m = low.m
    cells = list(f.cells)
    n = len(cells)
    nbrs = neighbours(cells)
    low.free_aux = True  # several chosen cells may witness one answer
    root = [m.new_bool_var("") for _ in cells]
    inside = [m.new_bool_var("") for _ in cells]
    dist = [m.new_int_var(0, max(n - 1, 0), "") for _ in cells]
    m.add(sum(root) <= 1)
    low.clause(root, enf)
    same: dict[tuple[int, int], Any] = {}
    for i in range(n):
        for j in nbrs[i]:
            if (j, i) in same:
                same[(i, j)] = same[(j, i)]
            else:
                same[(i, j)] = low.atom_literal(Cmp("=", difference(f.values[i], f.values[j])))
    size = sum(inside)
    for i in range(n):
        m.add_implication(root[i], inside[i])
        m.add(dist[i] == 0).only_enforce_if(root[i])
        steps = []
        for j in nbrs[i]:
            m.add_bool_or([inside[i].Not(), same[(i, j)].Not(), inside[j]])
            s = m.new_bool_var("")
            m.add_implication(s, inside[j])
            m.add_implication(s, same[(i, j)])
            m.add(dist[j] == dist[i] - 1).only_enforce_if(s)
            steps.append(s)
        m.add_bool_or([inside[i].Not(), root[i], *steps])
        if not f.above:
            m.add(size != low.expr(f.values[i])).only_enforce_if(root[i])
            continue
        # a value up to `above` is not its group's size; `above`+1 stands for a group of at
        # most `above` cells; a value past `above`+1 fits no group at all
        e = f.values[i]
        exact = low.atom_literal(Cmp("<=", Lin(e.terms, e.const - f.above)))
        big = low.atom_literal(Cmp("=", Lin(e.terms, e.const - f.above - 1)))
        m.add(size != low.expr(e)).only_enforce_if([root[i], exact])
        m.add(size <= f.above).only_enforce_if([root[i], big])

