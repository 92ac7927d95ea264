"""Counting answers two ways for the library's count tests: the solver on a case, and brute
force over every filling of a tiny board with rules written in plain Python."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.meaning import solve_case

CAP = 1000
"""Answers asked of the solver at most; brute-force counts above it compare as CAP."""
Cell = tuple[int, int]
Grid = dict[Cell, int]
Rule = Callable[[Grid], bool]


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
    """The solver's count and status agree with the brute-force count `want`."""
    status, got = solve_count(tmp_path, front, body, cap)
    assert got == min(want, cap), f"solver {got}, brute force {want}"
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
