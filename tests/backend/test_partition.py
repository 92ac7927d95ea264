"""Connectivity of every group of a partition, posted as one encoding.

A family of unconditional connectivities whose members say "this cell's label is k" (a
chaos construction's regions) shares one spanning forest. Counts must equal brute force,
with free labels, fixed cells and labels that name no group; families that are not such a
partition keep one encoding per constraint.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

import pytest
from test_connectivity import connected, spy_reach

from sapphire.backend import BackendResult
from sapphire.backend.cpsat import connectivity
from sapphire.backend.cpsat import search as cpsat
from sapphire.builtins import connected as regions
from sapphire.builtins.connected import Connected
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.ground.implied import imply
from sapphire.lang.parser import parse_program
from sapphire.model import FALSE, TRUE, Cmp, Domain, InSet, Lin
from sapphire.pipeline import answer_variables


def program(rows: int, cols: int, labels: str, groups: str, fixed: str = "") -> str:
    cells = f"{{1⋯{rows}}}×{{1⋯{cols}}}"
    return (f"∀⟨r c⟩∈{cells} ⦗g r c⦘∈{{{labels}}}\n{fixed}"
            f"∀k∈{{{groups}}}: connected⟨r c⟩∈{cells}: ⦗g r c⦘=k\n")


def labellings(rows: int, cols: int, labels: list[int],
               fixed: dict[tuple[int, int], int] | None) -> Iterator[list[set]]:
    """Per labelling of the board that keeps the fixed cells, each label's cells."""
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    for values in product(labels, repeat=len(cells)):
        label = dict(zip(cells, values, strict=True))
        if all(label[c] == v for c, v in (fixed or {}).items()):
            yield [{c for c in cells if label[c] == k} for k in labels]


def brute(rows: int, cols: int, labels: list[int], groups: list[int],
          fixed: dict[tuple[int, int], int] | None = None) -> int:
    return sum(all(connected(cells) for k, cells in zip(labels, split, strict=True)
                   if k in groups)
               for split in labellings(rows, cols, labels, fixed))


def count(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """Answers, and how many families went through the joint encoding."""
    joint = []
    original = connectivity.Connectivity.encode_partition

    def spy(self: connectivity.Connectivity, family: list, labels: list) -> None:
        joint.append(len(family))
        original(self, family, labels)

    monkeypatch.setattr(connectivity.Connectivity, "encode_partition", spy)
    gm = imply(ground(parse_program(text, "t.sapphire"), data_to_instance({})))
    av = answer_variables(gm)
    res = cpsat.solve(gm, av, max_solutions=10_000)
    assert res.status in ("unique", "multiple")
    return len({tuple(s[v] for v in av) for s in res.solutions}), len(joint)


CASES = {
    # every cell in one of two groups
    "two groups": (2, 3, [1, 2], [1, 2], None),
    # label 0 is in no group, so its cells may lie anywhere (on a row, where most label
    # sets fall apart)
    "cells outside": (1, 5, [0, 1, 2], [1, 2], None),
    # label 2 names no group here although 1 and 3 do
    "gap": (1, 5, [1, 2, 3], [1, 3], None),
    # r1c1 is fixed in group 1 (its members fold to constants) and r2c3 in group 2
    "fixed cells": (2, 3, [1, 2, 3], [1, 2, 3], {(1, 1): 1, (2, 3): 2}),
}


@pytest.mark.parametrize("name", list(CASES))
def test_joint_encoding_counts_connected_partitions(name: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cpsat, "LAZY_CONNECTIVITY", False)
    rows, cols, labels, groups, fixed = CASES[name]
    given = "".join(f"⦗g {r} {c}⦘={v}\n" for (r, c), v in (fixed or {}).items())
    text = program(rows, cols, " ".join(map(str, labels)), " ".join(map(str, groups)), given)
    expected = brute(rows, cols, labels, groups, fixed)
    assert count(text, monkeypatch) == (expected, 1)


def sized(rows: int, cols: int, labels: str, size: int, fixed: str = "", op: str = "=") -> str:
    """Each label names a connected group of `size` cells (or at most so many, with `<=`)."""
    cells = f"{{1⋯{rows}}}×{{1⋯{cols}}}"
    return (f"∀⟨r c⟩∈{cells} ⦗g r c⦘∈{{{labels}}}\n{fixed}"
            f"∀k∈{{{labels}}}: (connected⟨r c⟩∈{cells}: ⦗g r c⦘=k) ∧ "
            f"(#⟨r c⟩∈{cells}: ⦗g r c⦘=k){op}{size}\n")


def brute_sized(rows: int, cols: int, labels: list[int], size: int,
                fixed: dict[tuple[int, int], int] | None = None, op: str = "=") -> int:
    return sum(all((len(g) == size if op == "=" else len(g) <= size) and connected(g)
                   for g in split)
               for split in labellings(rows, cols, labels, fixed))


SIZED = {
    # three dominoes on a 2×3 board, and two L- or I-shaped triples
    "dominoes": (2, 3, [1, 2, 3], 2, None, "="),
    "triples": (2, 3, [1, 2], 3, None, "="),
    # three triples of a 3×3 board, one of them through a fixed corner
    "fixed corner": (3, 3, [1, 2, 3], 3, {(1, 1): 2}, "="),
    # groups of at most two cells, some of them empty
    "at most": (2, 2, [1, 2, 3], 2, None, "<="),
}


@pytest.mark.parametrize("name", list(SIZED))
@pytest.mark.parametrize("layers", [True, False])
def test_groups_of_a_counted_size_reach_their_roots(name: str, layers: bool,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # with counts bounding every group, each is encoded in layers from its root; the shared
    # distances (above the literal budget) count the same answers
    monkeypatch.setattr(cpsat, "LAZY_CONNECTIVITY", False)
    if not layers:
        monkeypatch.setattr(connectivity, "REACH_LITERALS", 0)
    reached = spy_reach(monkeypatch)
    rows, cols, labels, size, fixed, op = SIZED[name]
    given = "".join(f"⦗g {r} {c}⦘={v}\n" for (r, c), v in (fixed or {}).items())
    text = sized(rows, cols, " ".join(map(str, labels)), size, given, op)
    expected = brute_sized(rows, cols, labels, size, fixed, op)
    assert expected > 0
    assert count(text, monkeypatch) == (expected, 1)
    assert reached == ([size] * len(labels) if layers else [])


def test_two_groups_are_cut_first_and_then_encoded_together(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # on answers first, as a loop's inside and outside; the first answer whose groups fall
    # apart puts in the joint encoding
    monkeypatch.setattr(cpsat, "LAZY_ROUNDS", (0, 0))
    text = program(1, 5, "1 2", "1 2")
    assert count(text, monkeypatch) == (brute(1, 5, [1, 2], [1, 2]), 1)
    monkeypatch.setattr(cpsat, "LAZY_ROUNDS", (10**6, 10**6))
    assert count(text, monkeypatch) == (brute(1, 5, [1, 2], [1, 2]), 0)


def test_one_value_memberships_share_one_encoding(monkeypatch: pytest.MonkeyPatch) -> None:
    # each value's cells connected, written `g ∈ {k}` (as connected-values writes one digit)
    monkeypatch.setattr(cpsat, "LAZY_CONNECTIVITY", False)
    cells = "{1⋯2}×{1⋯3}"
    text = (f"∀⟨r c⟩∈{cells} ⦗g r c⦘∈{{1 2 3}}\n"
            f"∀k∈{{1 2 3}}: connected⟨r c⟩∈{cells}: ⦗g r c⦘∈{{k}}\n")
    assert count(text, monkeypatch) == (brute(2, 3, [1, 2, 3], [1, 2, 3]), 1)


def test_one_connectivity_alone_keeps_its_own_encoding(monkeypatch: pytest.MonkeyPatch) -> None:
    text = program(2, 3, "0 1", "1")
    assert count(text, monkeypatch) == (brute(2, 3, [0, 1], [1]), 0)


def test_a_conditional_family_keeps_one_encoding_each(monkeypatch: pytest.MonkeyPatch) -> None:
    # under x=1 the two groups are connected; with x=0 any labelling goes
    cells = "{1⋯2}×{1⋯2}"
    text = (f"∀⟨r c⟩∈{cells} ⦗g r c⦘∈{{1 2}}\nx∈{{0 1}}\n"
            f"x=1 ⇒ ∀k∈{{1 2}}: connected⟨r c⟩∈{cells}: ⦗g r c⦘=k\n")
    assert count(text, monkeypatch) == (brute(2, 2, [1, 2], [1, 2]) + 16, 0)


def _eq(var: int, value: int, coef: int = 1) -> Cmp:
    return Cmp("=", Lin(((var, coef),), -value * coef))


CELLS = ((1, 1), (1, 2))


def _partition(*members: tuple) -> list | None:
    gm = imply(ground(parse_program("⦗x 1⦘∈{1 2 3}\n⦗x 2⦘∈{1 2 3}\n", "t.sapphire"),
                      data_to_instance({})))
    return regions.partition([Connected(CELLS, m) for m in members], gm)


def _in(var: int, *values: int) -> InSet:
    return InSet(Lin(((var, 1),), 0), Domain.of(values))


def test_labels_of_a_partition() -> None:
    assert _partition((_eq(0, 1), _eq(1, 1)), (_eq(0, 2), _eq(1, 2))) == [(0,), (1,)]
    # `x ∈ {k}` names group k as `x = k` does (connected-values of one digit)
    assert _partition((_in(0, 1), _in(1, 1)), (_in(0, 2), _eq(1, 2))) == [(0,), (1,)]
    # a cell fixed in the first group; value 3 of the other cell names no group
    assert _partition((TRUE, _eq(1, 1)), (FALSE, _eq(1, 2))) == [1, (1,)]


@pytest.mark.parametrize("members", [
    # one cell read through two variables
    ((_eq(0, 1), _eq(1, 1)), (_eq(1, 2), _eq(1, 2))),
    # a member that is not `x = k`
    ((_eq(0, 1, 2), _eq(1, 1, 2)), (_eq(0, 2), _eq(1, 2))),
    # a member that is a choice of two values
    ((_in(0, 1, 3), _in(1, 1, 3)), (_in(0, 2), _in(1, 2))),
    # a one-value member whose variable may still take the other group's value elsewhere
    ((_in(0, 1), _in(1, 1)), (_in(0, 2), FALSE)),
    # two constraints on the same group
    ((_eq(0, 1), _eq(1, 1)), (_eq(0, 1), _eq(1, 1))),
    # group values differ from cell to cell
    ((_eq(0, 1), _eq(1, 2)), (_eq(0, 2), _eq(1, 1))),
    # the second cell may take the value 2 and yet is never in the second group
    ((_eq(0, 1), _eq(1, 1)), (_eq(0, 2), FALSE)),
    # a cell both fixed and read through a variable
    ((TRUE, _eq(1, 1)), (_eq(0, 2), _eq(1, 2))),
])
def test_families_that_are_not_partitions(members: tuple) -> None:
    assert _partition(*members) is None


def portfolio(text: str, monkeypatch: pytest.MonkeyPatch, workers: int | None = None) -> tuple:
    """The subsolvers the blocking search was given."""
    given = []
    original = cpsat._block

    def spy(*args: object) -> object:
        given.append(args[5] if len(args) > 5 else ())
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(cpsat, "_block", spy)
    gm = imply(ground(parse_program(text, "t.sapphire"), data_to_instance({})))
    cpsat.solve(gm, answer_variables(gm), workers=workers)
    return given[0]


def test_a_region_map_gets_its_own_portfolio(monkeypatch: pytest.MonkeyPatch) -> None:
    three = program(2, 3, "1 2 3", "1 2 3")
    assert portfolio(three, monkeypatch) == cpsat.REGION_MAP_SUBSOLVERS
    # two colours keep the default portfolio, and so does a worker count the caller chose
    assert portfolio(program(2, 3, "1 2", "1 2"), monkeypatch) == ()
    assert portfolio(three, monkeypatch, workers=2) == ()


def solved(text: str) -> BackendResult:
    gm = imply(ground(parse_program(text, "t.sapphire"), data_to_instance({})))
    return cpsat.solve(gm, answer_variables(gm), max_solutions=10_000)


@pytest.mark.parametrize("name", [n for n in SIZED if SIZED[n][5] == "="])
def test_layers_follow_from_the_answer_so_enumeration_meets_each_once(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # in an exact lowering the layers and first members are functions of the answer: the
    # enumerating search lists each answer once and ends (no second, blocking search)
    monkeypatch.setattr(cpsat, "LAZY_CONNECTIVITY", False)
    monkeypatch.setattr(cpsat, "MAX_REPEATS", 0)
    rows, cols, labels, size, fixed, op = SIZED[name]
    given = "".join(f"⦗g {r} {c}⦘={v}\n" for (r, c), v in (fixed or {}).items())
    res = solved(sized(rows, cols, " ".join(map(str, labels)), size, given, op))
    assert "enumerate" in res.timings and "solve1" not in res.timings
    assert len(res.solutions) == brute_sized(rows, cols, labels, size, fixed, op)


def test_a_region_map_is_told_apart_before_lowering() -> None:
    def groups(text: str) -> int:
        return regions.region_groups(
            imply(ground(parse_program(text, "t.sapphire"), data_to_instance({}))))

    assert groups(sized(2, 3, "1 2 3", 2)) == 3
    assert groups(program(2, 3, "1 2", "1 2")) == 2
    # one connectivity alone, and a family under a condition, are no region map
    assert groups(program(2, 3, "0 1", "1")) == 0
    cells = "{1⋯2}×{1⋯2}"
    assert groups(f"∀⟨r c⟩∈{cells} ⦗g r c⦘∈{{1 2 3}}\nx∈{{0 1}}\n"
                  f"x=1 ⇒ ∀k∈{{1 2 3}}: connected⟨r c⟩∈{cells}: ⦗g r c⦘=k\n") == 0


def test_a_region_map_of_a_medium_model_is_enumerated(monkeypatch: pytest.MonkeyPatch) -> None:
    # above the plain enumeration budgets, a region map still gets enumeration, with its own
    # pair of searches
    monkeypatch.setattr(cpsat, "ENUMERATION_BUDGETS", ((0, None),))
    raced = []
    original = cpsat._enumerate

    def spy(*args: object) -> object:
        raced.append(args[-1])
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(cpsat, "_enumerate", spy)
    res = solved(sized(2, 3, "1 2 3", 2))
    assert raced == [cpsat.REGION_ENUMERATION_VARIANTS]
    assert len(res.solutions) == brute_sized(2, 3, [1, 2, 3], 2)
    raced.clear()
    solved(program(2, 3, "1 2", "1 2"))  # two groups: no region map, no enumeration here
    assert raced == []


def test_a_region_map_with_an_automaton_is_enumerated_once_per_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # CP-SAT's own automaton constraint would let the enumeration meet an answer again (its
    # expansion adds variables of its own); a region map's model spells the automaton out
    monkeypatch.setattr(cpsat, "MAX_REPEATS", 0)
    native = []
    monkeypatch.setattr(cpsat.cp_model.CpModel, "add_automaton",
                        lambda self, *args: native.append(args))
    moves = "{⟨0 1 0⟩ ⟨0 2 1⟩ ⟨1 2 1⟩ ⟨0 3 2⟩ ⟨1 3 2⟩ ⟨2 3 2⟩}, {0}, {0 1 2}"
    text = sized(2, 3, "1 2 3", 2) + f"accepted({moves}) c∈{{1⋯3}}: ⦗g 1 c⦘\n"
    res = solved(text)
    assert native == []
    assert "enumerate" in res.timings and "solve1" not in res.timings

    def rises(split: list[set]) -> bool:
        row = [k for c in range(1, 4) for k, cells in enumerate(split, 1) if (1, c) in cells]
        return row == sorted(row)

    expected = sum(all(len(g) == 2 and connected(g) for g in split) and rises(split)
                   for split in labellings(2, 3, [1, 2, 3], None))
    assert len(res.solutions) == expected > 0
