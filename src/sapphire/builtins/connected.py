"""`connected`: the cells whose member formula holds form one orthogonally connected group.

Signature: `Connected(cells: tuple[(row, col), ...], members: tuple[Formula, ...])`, a formula:
cell i belongs to the group when `members[i]` holds; no members at all is connected too. The
grounder writes it for the language's `connected(…)` on a variable cell set (yin-yang's
shading, a loop's inside); on fixed cells it folds to a constant.

Facts: a family of unconditional connectivities over the same cells whose members name one
variable's value per cell is a partition into regions (`partition`: a chaos construction); a
count over a group's members bounds its size (`GroupSize`: a Nurikabe island), which bounds
how far a member lies from the group's root.

Both backends keep the encodings in their own connectivity modules (lazy cuts on answers,
full reachability layers, one spanning forest for a partition); this module hands the
formula to them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from sapphire.builtins.base import CpSatLowering, SatLowering, Truth
from sapphire.model import TRUE, And, Builtin, Cmp, Formula, GroundModel, Iff, InSet, Lin, Or


@dataclass(slots=True, unsafe_hash=True)
class Connected(Builtin):
    """The cells whose formula holds form one orthogonally connected group (or none)."""

    cells: tuple[tuple[int, int], ...]
    members: tuple[Formula, ...]

    def reads(self) -> tuple[tuple[Lin, ...], tuple[Formula, ...]]:
        return (), self.members

    def holds(self, values: list[int], truth: Truth) -> bool:
        chosen = {c for c, m in zip(self.cells, self.members, strict=True) if truth(m)}
        if not chosen:
            return True
        start = next(iter(chosen))
        seen = {start}
        todo = [start]
        while todo:
            r, c = todo.pop()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in chosen and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        return len(seen) == len(chosen)

    def post_sat(self, low: SatLowering, enf: list[int], negated: bool) -> None:
        # `sapphire.backend.sat.connectivity`: cuts on answers, or layers in full
        if negated:
            low.post_disconnected(self, enf)
        else:
            low.post_connected(self, enf)

    def post_cpsat(self, low: CpSatLowering, enf: list, negated: bool) -> None:
        # `sapphire.backend.cpsat.connectivity`: partitions, reachability, cuts on answers
        if negated:
            low.post_disconnected(self, enf)
        else:
            low.post_connected(self, enf)


def neighbours(cells: list[tuple[int, int]]) -> list[list[int]]:
    """Per cell, the places in `cells` of its orthogonal neighbours there."""
    pos = {c: i for i, c in enumerate(cells)}
    return [[pos[n] for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in pos]
            for r, c in cells]


def pieces(member: list[bool], nbrs: list[list[int]]) -> list[list[int]]:
    """The orthogonally connected groups of the member places, each in the order found."""
    piece = [-1] * len(member)
    out: list[list[int]] = []
    for i, on in enumerate(member):
        if on and piece[i] < 0:
            piece[i] = len(out)
            group, stack = [i], [i]
            while stack:
                for n in nbrs[stack.pop()]:
                    if member[n] and piece[n] < 0:
                        piece[n] = piece[i]
                        group.append(n)
                        stack.append(n)
            out.append(group)
    return out


# ---------------------------------------------------------------------- partitions
def partition(family: list[Connected], gm: GroundModel) -> list | None:
    """Per cell, its label when the members of `family` split the cells into groups by the
    value of one variable per cell: constraint k's member at cell i is `x = g_k` (or
    `x ∈ {g_k}`) for that cell's variable x and one value g_k per constraint, or a constant.
    The label is the variable (as `(index,)`), the constant group value of a cell fixed in a
    group, or None for a cell in no group. None when the family is not such a partition."""
    n = len(family[0].cells)
    group: list[int | None] = [None] * len(family)
    var: list[int | None] = [None] * n
    fixed: list[int | None] = [None] * n
    for k, f in enumerate(family):
        for i, mf in enumerate(f.members):
            if type(mf) in (And, Or) and not mf.items:  # type: ignore[union-attr]
                if type(mf) is And:
                    if fixed[i] is not None:
                        return None
                    fixed[i] = k
                continue
            named = _names_value(mf)
            if named is None:
                return None
            v, g = named
            if var[i] not in (None, v) or group[k] not in (None, g):
                return None
            var[i], group[k] = v, g
    spare = max((gm.variables[v].domain.hi for v in var if v is not None), default=0) + 1
    values = [g if g is not None else spare + k for k, g in enumerate(group)]
    if len(set(values)) < len(values):
        return None
    labels: list = []
    for i in range(n):
        if var[i] is not None:
            if fixed[i] is not None:
                return None
            # a value naming a group must be that group's member, never a constant false
            dom = gm.variables[var[i]].domain  # type: ignore[index]
            for k, f in enumerate(family):
                if _names_value(f.members[i]) is None and values[k] in dom:
                    return None
            labels.append((var[i],))
        else:
            labels.append(None if fixed[i] is None else values[fixed[i]])  # type: ignore[index]
    return labels


def _names_value(f: Formula) -> tuple[int, int] | None:
    """`(x, g)` when `f` says that variable x has value g: `x = g`, or `x ∈ {g}` (a
    connected-values rule of one digit writes its members so); else None."""
    if type(f) is Cmp and f.op == "=":
        value = 0
    elif type(f) is InSet and f.domain.size == 1:
        value = f.domain.intervals[0][0]
    else:
        return None
    if len(f.lin.terms) != 1 or f.lin.terms[0][1] != 1:
        return None
    return f.lin.terms[0][0], value - f.lin.const


def region_groups(gm: GroundModel) -> int:
    """The most groups of a family of unconditional connectivities over the same cells that
    is a partition (`partition`): a chaos construction's regions, before any lowering. 0
    when there is none."""
    return max((len(family) for family in _partitions(gm)), default=0)


class RegionMap(NamedTuple):
    """The partition of the most groups in a model (`region_map`)."""

    groups: int
    cells: int
    anchored: bool
    """Whether every group has a certain member (each galaxy of a Galaxies has its centre);
    a chaos construction's groups, but for the first, are found only where the map settles."""


def region_map(gm: GroundModel) -> RegionMap | None:
    """The partition of the most groups (`region_groups`), or None when there is none."""
    families = _partitions(gm)
    if not families:
        return None
    family = max(families, key=len)
    anchored = all(TRUE in f.members for f in family)
    return RegionMap(len(family), len(family[0].cells), anchored)


def _partitions(gm: GroundModel) -> list[list[Connected]]:
    by_cells: dict[tuple, list[Connected]] = {}
    todo = [con.formula for con in gm.constraints if not con.implied]
    while todo:
        f = todo.pop()
        if type(f) is And:
            todo.extend(f.items)
        elif type(f) is Connected:
            by_cells.setdefault(f.cells, []).append(f)
    return [family for family in by_cells.values()
            if len(family) > 1 and partition(family, gm) is not None]


# ---------------------------------------------------------------------- group sizes
@dataclass(frozen=True)
class GroupSize:
    """A connected group with at most `most` members, since a count over its members' formulas
    says so: a backend can bound how far a member lies from the group's root."""

    group: Connected
    most: int


def group_sizes(gm: GroundModel, formulas: list[Formula]) -> tuple[GroupSize, ...]:
    """For each unconditional connectivity (among `formulas`, the model's unconditional
    conjuncts) whose possible members a count covers, the most members it can have: the
    count's bound, plus the members that are certain (a count leaves a formula that folded to
    true out of its terms and takes it off its bound).

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
        bounds = [counts[i][1] for i in having.get(some, ()) if some is not None  # type: ignore[arg-type]
                  and all(counts[i][0][m] >= k for m, k in possible.items())]
        if bounds:
            out.append(GroupSize(f, min(bounds) + certain))  # type: ignore[arg-type]
    return tuple(out)


def _indicator(f: Formula, gm: GroundModel) -> int | None:
    """The variable v when `f` is `v = 1` for a 0/1 variable v: the left side of the
    definition the grounder writes for each formula a count reads."""
    if type(f) is not Cmp or f.op != "=" or len(f.lin.terms) != 1 or f.lin.const != -1:
        return None
    v, c = f.lin.terms[0]
    return v if c == 1 and gm.variables[v].domain.is_boolean() else None


def _members(f: Connected) -> tuple[Counter[Formula], int]:
    """The formulas of a group's possible members, and how many members are certain."""
    possible: Counter[Formula] = Counter()
    certain = 0
    for m in f.members:
        if type(m) in (And, Or) and not m.items:  # type: ignore[union-attr]  # TRUE or FALSE
            certain += type(m) is And
        else:
            possible[m] += 1
    return possible, certain
