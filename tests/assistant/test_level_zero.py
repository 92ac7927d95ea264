"""A group's level-0 eliminations against a brute force over the cells it reads."""

from __future__ import annotations

import itertools
import random

import pytest

import sapphire.api as api
from sapphire.assistant.groups import case_rules
from sapphire.backend.sat.supports import GroupSupports
from sapphire.evaluator import holds
from sapphire.ground.witness import element_variables, formula_variables

CASES = {
    "killer": """---
library: std
givens: |
  . . . .
  . . . .
  . 2 . .
  . . . .
---
sudoku 4x4
c1: cage r1c1-r1c2 total 3
c2: cage r1c3-r2c3 total 4
c3: cage r2c1-r3c1-r3c2 total 9
""",
    "thermo": """---
library: std
---
sudoku 4x4
thermo r1c1-r2c1-r3c1
arrow r4c1-r4c2-r4c3
""",
    "nurikabe": """---
library: std
board: 3x3
clues: |
  2 . .
  . . .
  . . 3
---
nurikabe
""",
}


def brute_allowed(gm, group, left):
    """Per tracked variable, the values of `left` some assignment of every variable the group
    reads gives it, with the group's constraints and definitions holding."""
    reads: set[int] = set()
    for k in group.constraints:
        formula_variables(gm.constraints[k].formula, reads)
    for e in group.elements:
        reads |= element_variables(gm.elements[e][0])
    order = sorted(reads | set(group.tracked))
    domains = [sorted(left[group.tracked.index(v)]) if v in group.tracked
               else gm.variables[v].domain.values() for v in order]
    values = [gm.variables[v].domain.lo for v in range(len(gm.variables))]
    seen = [set() for _ in group.tracked]
    any_ok = False
    for combo in itertools.product(*domains):
        for v, x in zip(order, combo, strict=True):
            values[v] = x
        if all(holds(gm.constraints[k].formula, values) for k in group.constraints) and \
                all(gm.elements[e][0].violation(values) is None for e in group.elements):
            any_ok = True
            for s, v in zip(seen, group.tracked, strict=True):
                s.add(values[v])
    return seen if any_ok else None


def small(gm, group) -> bool:
    reads: set[int] = set()
    for k in group.constraints:
        formula_variables(gm.constraints[k].formula, reads)
    for e in group.elements:
        reads |= element_variables(gm.elements[e][0])
    size = 1
    for v in reads | set(group.tracked):
        size *= gm.variables[v].domain.size
    return size <= 20_000


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_group_allows_what_a_brute_force_allows(name: str) -> None:
    rules = case_rules(api.load(CASES[name]))
    gm = rules.model
    rng = random.Random(7)
    checked = 0
    for group in rules.groups:
        if not small(gm, group):
            continue
        solver = GroupSupports(gm, group.constraints, group.elements, group.tracked)
        for _ in range(12):
            left = []
            for v in group.tracked:
                xs = gm.variables[v].domain.values()
                left.append({x for x in xs if rng.random() < 0.7} or {rng.choice(xs)})
            got = solver.allowed(left)
            assert got == brute_allowed(gm, group, left)
            checked += 1
        solver.delete()
    assert checked >= 12


def test_a_cage_group_holds_its_sum_and_distinct_digits_together() -> None:
    rules = case_rules(api.load(CASES["killer"]))
    cage = next(g for g in rules.groups if g.line == 10)
    assert [rules.names[v] for v in cage.tracked] == ["r1c1", "r1c2"]
    solver = GroupSupports(rules.model, cage.constraints, cage.elements, cage.tracked)
    assert solver.allowed([{1, 2, 3, 4}, {1, 2, 3, 4}]) == [{1, 2}, {1, 2}]
    assert solver.allowed([{1, 2, 3, 4}, {1, 3, 4}]) == [{2}, {1}]
    assert solver.allowed([{3, 4}, {1, 2, 3, 4}]) is None
