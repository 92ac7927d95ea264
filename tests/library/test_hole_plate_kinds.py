"""Solution counts of `hole` (a cell cut out of the board, a region of its own) and of a
`galaxy` whose centre is drawn black, against brute force over every region map of tiny boards.

As in test_regions_kinds.py, each rule's reference semantics is written here from its kind's
prose, independently of the Sapphire meaning in its .md file; the solver's count must equal
brute force, for the rule and its negation.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pytest
from counting import Cell, RegionRule, Regions, cells_of, check, one_group, place, region_maps


def hole(cols: int, S: list[Cell]) -> RegionRule:
    """Each listed cell carries its own place, and no other cell carries it."""
    return lambda m: all(m[x] == place(cols, x) and sum(v == place(cols, x) for v in m.values())
                         == 1 for x in S)


def numbered_regions(cols: int, S: list[Cell]) -> RegionRule:
    names = {place(cols, x) for x in S}
    return lambda m: (all(m[x] == place(cols, x) for x in S)
                      and all(v in names for v in m.values()))


def galaxy(cols: int, P: list[Cell]) -> RegionRule:
    """As test_regions_kinds.py: the cells named after the first listed cell hold every listed
    cell, are one group and are the same turned half round about the centre."""
    (r, c), (r2, c2) = P[0], P[-1]

    def f(m: Regions) -> bool:
        mine = {x for x, v in m.items() if v == place(cols, (r, c))}
        return (set(P) <= mine and one_group(mine)
                and all((r + r2 - y, c + c2 - x) in mine for y, x in mine))
    return f


def rule_of(line: str, cols: int) -> RegionRule:
    kind, cells, *_ = line.split()
    return {"hole": hole, "numbered-regions": numbered_regions,
            "galaxy": galaxy}[kind](cols, cells_of(cells))


CASES: list[tuple[str, list[tuple[str, bool]]]] = [
    # (board, [(line, negated)]): the lines of one count test
    ("2x2", [("hole r1c1", False)]),
    ("2x2", [("hole r1c1", True)]),
    ("2x2", [("hole r1c1-r2c2", False)]),
    ("1x4", [("hole r1c2", False), ("numbered-regions r1c1-r1c2-r1c4", False)]),
    ("1x4", [("hole r1c2", True), ("numbered-regions r1c1-r1c2", False)]),
    ("2x3", [("hole r1c1", False), ("numbered-regions r1c1-r1c2-r2c2", False),
             ("galaxy r1c2-r1c3", False), ("galaxy r2c2", False)]),  # hole.md's example: 1
    ("2x2", [("hole r2c1", False), ("numbered-regions r1c1-r2c1", False),
             ("galaxy r1c1-r1c2 black true", False)]),
    ("2x2", [("hole r2c1", False), ("numbered-regions r1c1-r2c1", False),
             ("galaxy r1c1-r1c2 black true", True)]),
]


@pytest.mark.parametrize(("board", "lines"), CASES,
                         ids=[f"{c[0]} " + " & ".join(("not " if n else "") + t for t, n in c[1])
                              for c in CASES])
def test_hole_counts(tmp_path: Path, board: str, lines: list[tuple[str, bool]]) -> None:
    rows, cols = map(int, board.split("x"))
    rules = [rule_of(t, cols) for t, _ in lines]
    rules = [(lambda m, f=f: not f(m)) if n else f for f, (_, n) in zip(rules, lines, strict=True)]
    want = sum(all(rule(m) for rule in rules) for m in region_maps(rows, cols))
    body = "\n".join(f"line-{k}: " + ("not " if n else "") + t for k, (t, n) in enumerate(lines))
    check(tmp_path, f"board: {board}\n", body, want)


def test_the_hole_example_has_one_answer(tmp_path: Path) -> None:
    check(tmp_path, "board: 2x3\n", "numbered-regions r1c1-r1c2-r2c2\ngalaxy-1: galaxy r1c2-r1c3"
          "\ngalaxy-2: galaxy r2c2\nhole r1c1", 1)


# --- Magnetic: a plate of any shape ----------------------------------------------------------


def magnet(S: list[Cell]) -> Callable[[dict[Cell, int]], bool]:
    """All cells neutral, or one plus and one minus that are neighbours, the rest neutral."""
    def f(g: dict[Cell, int]) -> bool:
        vals = [g[x] for x in S]
        if not any(vals):
            return True
        if sorted(v for v in vals if v) != [1, 2]:
            return False
        (a,), (b,) = ([x for x in S if g[x] == p] for p in (1, 2))
        return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
    return f


PLATES = [("1x2", "r1c1-r1c2"), ("1x3", "r1c1-r1c2-r1c3"), ("2x2", "r1c1-r1c2-r2c2"),
          ("2x2", "r1c1-r2c2"), ("1x3", "r1c2"), ("2x2", "r1c1-r1c2-r2c1-r2c2")]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("board", "cells"), PLATES, ids=[f"{b} {c}" for b, c in PLATES])
def test_magnet_counts_on_plates_of_any_shape(tmp_path: Path, board: str, cells: str,
                                              negated: bool) -> None:
    rows, cols = map(int, board.split("x"))
    rule = magnet(cells_of(cells))
    grid = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    want = sum(rule(dict(zip(grid, vs, strict=True))) != negated
               for vs in itertools.product(range(3), repeat=len(grid)))
    check(tmp_path, f"board: {board}\ndigits: 0-2\n", ("not " if negated else "")
          + f"magnet {cells}", want)
