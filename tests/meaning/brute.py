"""Reference semantics of the std kinds on plain values, and brute-force counting.

Written independently of the library's Sapphire meanings so that a wrong meaning, a wrong
negation or a wrong condition shows up as a count mismatch."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sapphire.pipeline import solve_case

Cell = tuple[int, int]
Digits = dict[Cell, int]
Shade = dict[Cell, int]


def connected(cells: list[Cell]) -> bool:
    cs = set(cells)
    if not cs:
        return True
    start = next(iter(cs))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in cs and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cs)


def distinct(vals: list[int]) -> bool:
    return len(set(vals)) == len(vals)


def cage(S: list[Cell], total: int, repeats: bool = False):  # noqa: ANN201
    return lambda d, v, s: sum(v[c] for c in S) == total and (repeats or distinct(
        [d[c] for c in S]))


def renban(S: list[Cell]):  # noqa: ANN201
    return lambda d, v, s: distinct([d[c] for c in S]) and (
        max(d[c] for c in S) - min(d[c] for c in S) == len(S) - 1)


def nabner(S: list[Cell], dist: bool = False):  # noqa: ANN201
    def f(d: Digits, v: Digits, s: Shade) -> bool:
        vals = [d[c] for c in S]
        ok = all(abs(a - b) != 1 for a, b in itertools.combinations(vals, 2))
        return ok and (not dist or distinct(vals))
    return f


def quadruple(S: list[Cell], digits: list[int]):  # noqa: ANN201
    return lambda d, v, s: all(
        sum(d[c] == x for c in S) >= digits.count(x) for x in set(digits))


def absent(S: list[Cell], digits: list[int]):  # noqa: ANN201
    return lambda d, v, s: all(d[c] not in digits for c in S)


def anti_king(rows: int, cols: int):  # noqa: ANN201
    def f(d: Digits, v: Digits, s: Shade) -> bool:
        for (r, c) in d:
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                nb = (r + dr, c + dc)
                if nb[0] <= rows and nb in d and d[nb] == d[(r, c)]:  # extra cells are off it
                    return False
        return True
    return f


def yin_yang(rows: int, cols: int):  # noqa: ANN201
    def f(d: Digits, v: Digits, s: Shade) -> bool:
        black = [c for c in s if s[c] == 1]
        white = [c for c in s if s[c] == 0]
        if not (connected(black) and connected(white)):
            return False
        for r in range(1, rows):
            for c in range(1, cols):
                block = {s[(r, c)], s[(r + 1, c)], s[(r, c + 1)], s[(r + 1, c + 1)]}
                if len(block) == 1:
                    return False
        return True
    return f


def uniform(S: list[Cell]):  # noqa: ANN201
    return lambda d, v, s: len({s[c] for c in S}) == 1


def distinct_cond(S: list[Cell]):  # noqa: ANN201
    return lambda d, v, s: distinct([d[c] for c in S])


def connected_cond(S: list[Cell]):  # noqa: ANN201
    return lambda d, v, s: connected(S)


Rule = Callable[[Digits, Digits, Shade], bool]


def NOT(f: Rule) -> Rule:  # noqa: N802
    return lambda d, v, s: not f(d, v, s)


def IF(f: Rule, p: Rule) -> Rule:  # noqa: N802
    return lambda d, v, s: (not p(d, v, s)) or f(d, v, s)


def UNLESS(f: Rule, p: Rule) -> Rule:  # noqa: N802
    return lambda d, v, s: p(d, v, s) or f(d, v, s)


@dataclass
class Board:
    rows: int
    cols: int
    alphabet: range
    shading: bool = False
    givens: dict[Cell, int] | None = None
    extra: int = 0
    """Extra cells below the board (digits only, in rows of its width)."""


def count(board: Board, rules: list[Rule],
          modifiers: list[tuple[list[Cell], int, int]] | None = None) -> int:
    """Answers (digits, plus shading if declared) satisfying every rule. Values: cells a
    modifier covers may be multiplied — some choice of `count` cells per modifier."""
    cells = [(r, c) for r in range(1, board.rows + 1) for c in range(1, board.cols + 1)]
    shades = list(itertools.product((0, 1), repeat=len(cells))) if board.shading else [()]
    total = 0
    given = board.givens or {}
    extra = [(board.rows + 1 + i // board.cols, 1 + i % board.cols) for i in range(board.extra)]
    free = [c for c in cells + extra if c not in given]
    for ds in itertools.product(board.alphabet, repeat=len(free)):
        d = {**given, **dict(zip(free, ds, strict=True))}
        for sh in shades:
            s = dict(zip(cells, sh, strict=True)) if board.shading else {}
            if _all(rules, d, s, modifiers or []):
                total += 1
    return total


def _value_choices(d: Digits, modifiers: list[tuple[list[Cell], int, int]]):  # noqa: ANN202
    per = []
    for S, k, _mult in modifiers:
        per.append([set(M) for M in itertools.combinations(S, k)])
    for choice in itertools.product(*per):
        v = dict(d)
        for (_S, _k, mult), M in zip(modifiers, choice, strict=True):
            for c in M:
                v[c] = mult * d[c]
        yield v


def _all(rules: list[Rule], d: Digits, s: Shade, modifiers: list) -> bool:
    if not modifiers:
        return all(r(d, d, s) for r in rules)
    return any(all(r(d, v, s) for r in rules) for v in _value_choices(d, modifiers))


def solver_count(tmp_path: Path, front: str, body: str, cap: int) -> tuple[str, int]:
    """The solver's status and count (at most `cap`) for a case of the std library."""
    p = tmp_path / "t.case"
    p.write_text(f"---\nlibrary: std\n{front}---\n{body}\n", encoding="utf-8")
    res = solve_case(str(p), max_solutions=cap)
    return res.status, res.count
