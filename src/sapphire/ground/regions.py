"""Families of connected groups that split cells by one variable's value: region maps.

A chaos construction's regions are a family of connectivities over the same cells, group k
holding the cells whose region number is g_k; recognised here, before any lowering, a backend
can encode such a family as one partition, and `auto` can tell a region map from a loop.
"""

from __future__ import annotations

from sapphire.model import And, Cmp, Connected, Formula, GroundModel, InSet, Or


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
            if type(mf) in (And, Or) and not mf.items:
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
            dom = gm.variables[var[i]].domain
            for k, f in enumerate(family):
                if _names_value(f.members[i]) is None and values[k] in dom:
                    return None
            labels.append((var[i],))
        else:
            labels.append(None if fixed[i] is None else values[fixed[i]])
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
    by_cells: dict[tuple, list[Connected]] = {}
    todo = [con.formula for con in gm.constraints if not con.implied]
    while todo:
        f = todo.pop()
        if type(f) is And:
            todo.extend(f.items)
        elif type(f) is Connected:
            by_cells.setdefault(f.cells, []).append(f)
    return max((len(family) for family in by_cells.values()
                if len(family) > 1 and partition(family, gm) is not None), default=0)
