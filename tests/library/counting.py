"""Counting answers two ways for the library's count tests: the solver on a case, and brute
force over every filling of a tiny board with rules written in plain Python."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.pipeline import solve_case

CAP = 1000
"""The largest brute-force count a count test may compare with the solver's (`check` refuses a
larger one): give cells, open fewer of them or shrink the board or the digits to stay below."""
Cell = tuple[int, int]
Grid = dict[Cell, int]
Rule = Callable[[Grid], bool]


Regions = dict[Cell, int]
RegionRule = Callable[[Regions], bool]


def region_maps(rows: int, cols: int) -> list[Regions]:
    """Every region map of the board: each cell carries a number 1..rows·cols."""
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    return [dict(zip(cells, labels, strict=True))
            for labels in itertools.product(range(1, len(cells) + 1), repeat=len(cells))]


def place(cols: int, cell: Cell) -> int:
    """The region number a cell names itself by: its place in reading order, from 1."""
    return (cell[0] - 1) * cols + cell[1]


def cells_of(path: str) -> list[Cell]:
    """`r1c1-r1c2` as cells."""
    out = []
    for part in path.split("-"):
        r, c = part[1:].split("c")
        out.append((int(r), int(c)))
    return out


def brute(rows: int, cols: int, values: range, rules: list[Rule],
          givens: Grid | None = None) -> int:
    """How many fillings of the free cells with `values` satisfy every rule."""
    given = givens or {}
    free = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1) if (r, c) not in given]
    n = 0
    for vs in itertools.product(values, repeat=len(free)):
        g = {**given, **dict(zip(free, vs, strict=True))}
        n += all(rule(g) for rule in rules)
    return n


def lunchbox(S: list[Cell], total: int) -> Rule:
    """Different digits; those between the smallest and the largest add up to `total`."""
    def f(g: Grid) -> bool:
        vals = [g[c] for c in S]
        if len(set(vals)) != len(vals):
            return False
        i, j = sorted((vals.index(min(vals)), vals.index(max(vals))))
        return sum(vals[i + 1:j]) == total
    return f


def x_sum(S: list[Cell], total: int) -> Rule:
    """The first X cells add up to `total`, X being the first cell's digit."""
    return lambda g: g[S[0]] <= len(S) and sum(g[c] for c in S[:g[S[0]]]) == total


SYMBOLS = "0123456789ABCDEFG"
"""A given's symbol in the front matter: its digit, A-G for 10-16 (1 and 0 for a shading)."""


def givens_front(rows: int, cols: int, cells: Grid, key: str = "givens") -> str:
    """Front matter fixing `cells` of a rows×cols board, for a count test whose brute force
    gets the same givens: `key: |`, then one line per row, `.` for an open cell (nothing
    when no cell is given)."""
    if not cells:
        return ""
    lines = "".join("  " + " ".join(SYMBOLS[cells[(r, c)]] if (r, c) in cells else "."
                                    for c in range(1, cols + 1)) + "\n"
                    for r in range(1, rows + 1))
    return f"{key}: |\n{lines}"


SOLVED_9X9 = ["683295417", "421867359", "759431862", "836752941", "294613785",
              "517984623", "168329574", "942578136", "375146298"]
"""A solved sudoku that also keeps the four windoku windows and the nine disjoint sets, for the
9×9-only kinds: with a few of its cells open, their rules have answers and their negations too
(most sudoku solutions already break them in the given cells)."""


def solved_except(open_cells: set[Cell]) -> Grid:
    """The digits of SOLVED_9X9 outside `open_cells`, as givens."""
    return {(r, c): int(ch) for r, row in enumerate(SOLVED_9X9, 1) for c, ch in enumerate(row, 1)
            if (r, c) not in open_cells}


def write_case(tmp_path: Path, front: str, body: str) -> str:
    p = tmp_path / "t.case"
    p.write_text(f"---\nlibrary: std\n{front}---\n{body}\n", encoding="utf-8")
    return str(p)


def solve_count(tmp_path: Path, front: str, body: str, cap: int = CAP) -> tuple[str, int]:
    res = solve_case(write_case(tmp_path, front, body), max_solutions=cap)
    return res.status, res.count


def case_error(tmp_path: Path, front: str, body: str) -> SapphireError:
    """The error that solving the case must report."""
    with pytest.raises(SapphireError) as exc:
        solve_case(write_case(tmp_path, front, body))
    return exc.value


def error_kinds(tmp_path: Path, line: str) -> list[str]:
    """The kinds of the errors a rule line on a 1×4 board must report."""
    return [d.kind for d in case_error(tmp_path, "board: 1x4\n", line).diagnostics]


def check(tmp_path: Path, front: str, body: str, want: int, cap: int = CAP) -> None:
    """The solver's count and status agree with the brute-force count `want`, exactly. A `want`
    above `cap` is refused, since the solver would then only show that it finds at least `cap`
    answers. The solver is asked for one answer more than `cap`, so that an extra answer shows
    even when `want` is `cap`."""
    assert want <= cap, (f"brute force counts {want} answers, above the cap of {cap}: give a few "
                         "cells, open fewer or shrink the board or the digits of this count test")
    status, got = solve_count(tmp_path, front, body, cap + 1)
    assert got == want, f"solver {got}, brute force {want}"
    assert status == {0: "none", 1: "unique"}.get(want, "multiple")


def NOT(f: Rule) -> Rule:  # noqa: N802
    return lambda g: not f(g)


def one_group(cells: set[Cell] | list[Cell]) -> bool:
    """Whether the cells are orthogonally connected (no cells: trivially)."""
    todo = list(cells)[:1]
    seen = set(todo)
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(set(cells))


def counting_circles(S: list[Cell]) -> Rule:
    """Each circle's digit is how many of the circles hold it."""
    return lambda g: all(sum(g[x] == g[c] for x in S) == g[c] for c in S)
