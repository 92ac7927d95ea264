"""A case's rules as a setter reads them, one statement at a time: the ground constraints of
one rule line that share its quantifier bindings (a sudoku's row 3, one cage with its total and
its distinct digits, one clue) make a group, and each group knows the answer points it reads.

The grade reasons with each group on its own, as "this cage can only be 1+2" does. A group's
auxiliary variables (a witness, a vertex's degree) are its own: another group reading the same
one may choose it differently, so reasoning group by group may miss a deduction but never makes
a wrong one; a path that ends with every point decided is confirmed by a solve.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sapphire.ground.witness import element_variables, formula_variables
from sapphire.pipeline import answer_variables
from sapphire.verify import ground_traced

if TYPE_CHECKING:
    from sapphire.api import Puzzle
    from sapphire.model import GroundModel


@dataclass
class Group:
    """One statement of one rule line."""

    line: int | None
    """The case file's line that states it; None for the board's declarations (the prelude's
    channels)."""
    rule_id: str | None
    constraints: list[int]
    elements: list[int]
    tracked: list[int]
    """The answer variables it reads, in the model's order."""


@dataclass
class Rules:
    """A case's ground model cut into groups, with the names of its answer points."""

    model: GroundModel
    groups: list[Group]
    points: list[int]
    """The answer variables, in the model's order."""
    names: dict[int, str] = field(default_factory=dict)
    """Each answer variable's point as a setter names it (`r2c3`, `r2c3–r2c4`)."""
    maps: dict[int, str] = field(default_factory=dict)
    """Each answer variable's map (`face`, `shaded`, …)."""
    watch: dict[int, list[int]] = field(default_factory=dict)
    """Per answer variable, the groups that read it."""


def case_rules(puzzle: Puzzle) -> Rules:
    """The groups of a case's rule lines, from a grounding that keeps each constraint's line;
    the implied facts, which are no rule of the case, are left out."""
    inst = puzzle.instantiated()
    case, _ = puzzle.parsed()
    prov = ground_traced(inst.program, inst.instance)
    gm = prov.model
    points = answer_variables(gm)
    point_set = set(points)
    by_line = {r.span.line: r for r in case.rules if r.span is not None}
    keyed: dict[tuple[int, tuple[object, ...]], Group] = {}
    reads: dict[int, set[int]] = {}
    for k, con in enumerate(gm.constraints):
        if con.implied:
            continue
        top = prov.owners[k] if k < len(prov.owners) else -1
        span = prov.spans[top] if 0 <= top < len(prov.spans) else None
        line = span.line if span is not None and span.file == case.path else None
        key = (top, con.origin.bindings)
        group = keyed.get(key)
        if group is None:
            rule = by_line.get(line) if line is not None else None
            group = keyed[key] = Group(line, rule.id if rule is not None else None, [], [], [])
            reads[id(group)] = set()
        group.constraints.append(k)
        formula_variables(con.formula, reads[id(group)])
    # a definition of an auxiliary variable goes with every group that reads its result
    # (again while a definition reads another's result)
    changed = True
    while changed:
        changed = False
        for e, (el, _) in enumerate(gm.elements):
            for group in keyed.values():
                if el.result in reads[id(group)] and e not in group.elements:
                    group.elements.append(e)
                    reads[id(group)] |= element_variables(el)
                    changed = True
    groups = list(keyed.values())
    for group in groups:
        group.tracked = sorted(reads[id(group)] & point_set)
    groups = [g for g in groups if g.tracked]
    groups.sort(key=lambda g: (g.line is not None, g.line or 0))
    watch: dict[int, list[int]] = {v: [] for v in points}
    for gi, group in enumerate(groups):
        for v in group.tracked:
            watch[v].append(gi)
    rules = Rules(gm, groups, points, watch=watch)
    for v in points:
        var = gm.variables[v]
        shape = inst.form.shape_of(var.name)
        rules.maps[v] = var.name
        rules.names[v] = (shape.point(var.index, inst.rows, inst.cols) if shape is not None
                          else f"{var.name}[{','.join(map(str, var.index))}]")
    return rules


__all__ = ["Group", "Rules", "case_rules"]
