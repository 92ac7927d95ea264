#!/usr/bin/env python3
"""Construct example case files with Sapphire itself.

Each example is built the same way, only the clue generator depends on the kind:

1. A target answer is drawn from the seed: a sudoku grid (a pattern grid with its digits,
   bands, rows, stacks and columns shuffled) and, for ``yin-yang``, a valid shading (one that
   Sapphire finds from a third of the cells shaded at random).
2. The case so far is solved with Sapphire (two answers at most). While it has two answers,
   the one that differs from the target is taken, and a clue is added that is true of the
   target and false of that answer, drawn at random around a cell where the two differ.
   When no such clue turns up in a number of draws, a given digit (or a given shade) of the
   target is added at such a cell instead.
3. Once the answer is unique (it must be the target), every clue and given is dropped in turn,
   in a seeded random order, and stays dropped while the answer stays unique. The clues left
   are listed in reading order of their first cell.

Clue generators (the clue must hold on the target under the case's negation and conditions,
and fail on the other answer; ``holds`` is an independent Python reading of the std kinds):

* ``killer``: a cage, orthogonally connected, disjoint from earlier cages, with the target's
  total and different digits.
* ``renban-nabner``: a renban line (a consecutive set on the target) or a nabner line (no two
  consecutive digits on the target, sometimes with ``distinct true``), a king's-move path.
* ``yin-yang``: a clue that is true where its cells are uniform and wrong otherwise, written as
  the seed's pairs: ``cage ... repeats true if uniform`` with ``not cage ... unless uniform``,
  ``renban ... if uniform`` with ``nabner ... distinct true unless uniform``, and ``quadruple
  ... if uniform`` with ``absent-digits ... unless uniform``.
* ``negate-all``: ``negate: all`` in the front matter, ``not sudoku`` (so the grid stays a
  sudoku) and ``anti-king`` (so two touching cells somewhere are equal); every clue is a cage,
  renban, nabner, quadruple or absent-digits line that is false of the target.

The backend runs CP-SAT with one worker here, so a seed always gives the same case as long as
the grounder and the backend pick the same second answer (a change there, such as a new order of
search for further answers, may change what a seed gives; the yin-yang example was rebuilt with
seed 2 after one). The case written is then put through ``sapphire fmt --write`` and ``sapphire
check`` and solved once more with the public ``solve_case``.

Usage::

    python examples/construct.py --kind killer --seed 3 [--size 6] [-o CASE]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from sapphire.backend.cpsat import search as cpsat
from sapphire.evaluator import violations
from sapphire.meaning import case_answer, instantiate, load_case
from sapphire.pipeline import answer_variables, decode, ground_model, solve_case

Cell = tuple[int, int]
"""A cell as (row, column), both from 1."""
Grid = tuple[tuple[int, ...], ...]

KINDS = ("killer", "renban-nabner", "yin-yang", "negate-all")
BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3)}
"""Box height and width of each sudoku size."""
TITLES = {
    "killer": "Killer sudoku {n}x{n}",
    "renban-nabner": "Renban and nabner sudoku {n}x{n}",
    "yin-yang": "Yin-yang sudoku {n}x{n}, clues true where uniform and wrong otherwise",
    "negate-all": "Every rule wrong: a {n}x{n} sudoku whose clues are all false",
}
DRAWS = 300
"""Clue draws before a given is added instead."""
SHARED = {"killer": 0, "renban-nabner": 99, "yin-yang": 99, "negate-all": 99}
"""How many cells a clue may share with earlier clues. The first third of the draws share none,
the second third one, the last third up to this many; a clue's cells never hold, or lie within,
an earlier clue's cells. Cages never overlap."""


@dataclass(frozen=True)
class Answer:
    """The digits of a case's answer, and its shading where the case declares one."""

    digits: Grid
    shading: Grid | None = None

    def digit(self, cell: Cell) -> int:
        return self.digits[cell[0] - 1][cell[1] - 1]

    def shade(self, cell: Cell) -> int:
        assert self.shading is not None
        return self.shading[cell[0] - 1][cell[1] - 1]


@dataclass(frozen=True)
class Rule:
    """One rule line as the setter writes it; its id is assigned when the case is written."""

    kind: str
    cells: tuple[Cell, ...] = ()
    params: tuple[tuple[str, int | bool | tuple[int, ...]], ...] = ()
    nots: int = 0
    condition: str | None = None
    """``"if uniform"``, ``"unless uniform"`` or None."""
    positional: str | None = None
    """A global rule's argument, like ``6x6`` for ``sudoku``."""

    def param(
        self, name: str, default: int | bool | tuple[int, ...] = False
    ) -> int | bool | tuple[int, ...]:
        return dict(self.params).get(name, default)

    def text(self, rule_id: str | None) -> str:
        words = [f"{rule_id}:"] if rule_id else []
        words += ["not"] * self.nots + [self.kind]
        if self.positional:
            words.append(self.positional)
        if self.cells:
            words.append("-".join(f"r{r}c{c}" for r, c in self.cells))
        for name, value in self.params:
            if isinstance(value, tuple):
                value = list(value)
            words += [name, json.dumps(value, separators=(",", ":"))]
        if self.condition:
            words.append(self.condition)
        return " ".join(words)


@dataclass(frozen=True)
class Clue:
    """Rule lines added (and dropped) together: one line, or a pair true/wrong by uniformity."""

    rules: tuple[Rule, ...]

    @property
    def cells(self) -> tuple[Cell, ...]:
        return self.rules[0].cells


@dataclass
class Puzzle:
    """A case under construction: fixed base rules, clues, given digits and given shades."""

    kind: str
    size: int
    base: list[Rule]
    negate_all: bool = False
    clues: list[Clue] = field(default_factory=list)
    givens: dict[Cell, int] = field(default_factory=dict)
    shades: dict[Cell, int] = field(default_factory=dict)

    def rules(self) -> list[Rule]:
        return self.base + [r for clue in self.clues for r in clue.rules]

    def case_text(self, title: str, construction: str = "", notes: str = "") -> str:
        """The case file, close to the canonical form (`sapphire fmt` has the last word)."""
        front = [f"title: {yaml_text(title)}", "library: std"]
        if self.negate_all:
            front.append("negate: all")
        for key, text in (("construction", construction), ("notes", notes)):
            if text:
                front.append(f"{key}: >-")
                front += ["  " + line for line in textwrap.wrap(text, 96)]
        for key, values in (("givens", self.givens), ("shading", self.shades)):
            if values:
                front.append(f"{key}: |")
                for r in range(1, self.size + 1):
                    row = [str(values.get((r, c), ".")) for c in range(1, self.size + 1)]
                    front.append("  " + " ".join(row))
        rules = self.rules()
        counts: dict[str, int] = {}
        for rule in rules:
            counts[rule.kind] = counts.get(rule.kind, 0) + 1
        seen: dict[str, int] = {}
        body = []
        for rule in rules:
            rule_id = None
            if counts[rule.kind] > 1:
                seen[rule.kind] = seen.get(rule.kind, 0) + 1
                rule_id = f"{rule.kind}-{seen[rule.kind]}"
            body.append(rule.text(rule_id))
        return "---\n" + "\n".join(front) + "\n---\n" + "\n".join(body) + "\n"

    def holds(self, answer: Answer) -> bool:
        """Whether every rule and given holds on `answer` (a Python reading of the kinds)."""
        return (
            all(holds(rule, answer, self.negate_all) for rule in self.rules())
            and all(answer.digit(c) == d for c, d in self.givens.items())
            and all(answer.shade(c) == s for c, s in self.shades.items())
        )


def yaml_text(text: str) -> str:
    """`text` as a YAML scalar: plain where that reads back the same, else double-quoted."""
    if ": " in text or " #" in text or text[:1] in "!&*-?[]{}|>'\"%@`#,":
        return json.dumps(text, ensure_ascii=False)
    return text


# ---------------------------------------------------------------------------------------------
# The std kinds, read independently of the library (used to pick clues, never to solve)


def distinct(values: Sequence[int]) -> bool:
    return len(set(values)) == len(values)


def valid_sudoku(digits: Grid) -> bool:
    n = len(digits)
    bh, bw = BOXES[n]
    houses = [[(r, c) for c in range(n)] for r in range(n)]
    houses += [[(r, c) for r in range(n)] for c in range(n)]
    houses += [
        [(p * bh + i, q * bw + j) for i in range(bh) for j in range(bw)]
        for p in range(n // bh)
        for q in range(n // bw)
    ]
    return all(sorted(digits[r][c] for r, c in h) == list(range(1, n + 1)) for h in houses)


def king_pairs(n: int) -> Iterable[tuple[Cell, Cell]]:
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                if 1 <= r + dr <= n and 1 <= c + dc <= n:
                    yield (r, c), (r + dr, c + dc)


def connected(cells: set[Cell]) -> bool:
    if not cells:
        return True
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


def valid_yin_yang(shading: Grid) -> bool:
    rows, cols = len(shading), len(shading[0])
    for r in range(rows - 1):
        for c in range(cols - 1):
            if shading[r][c] + shading[r + 1][c] + shading[r][c + 1] + shading[r + 1][c + 1] in (
                0,
                4,
            ):
                return False
    for shade in (0, 1):
        cells = {(r, c) for r in range(rows) for c in range(cols) if shading[r][c] == shade}
        if not connected(cells):
            return False
    return True


def uniform(cells: Sequence[Cell], answer: Answer) -> bool:
    return len({answer.shade(c) for c in cells}) <= 1


def base_holds(rule: Rule, answer: Answer) -> bool:
    """The rule's base formula (before `not` and the condition) on `answer`."""
    vals = [answer.digit(c) for c in rule.cells]
    n = len(answer.digits)
    if rule.kind == "sudoku":
        return valid_sudoku(answer.digits)
    if rule.kind == "anti-king":
        return all(answer.digit(a) != answer.digit(b) for a, b in king_pairs(n))
    if rule.kind == "yin-yang":
        assert answer.shading is not None
        return valid_yin_yang(answer.shading)
    if rule.kind == "cage":
        return sum(vals) == rule.param("total") and (bool(rule.param("repeats")) or distinct(vals))
    if rule.kind == "renban":
        return distinct(vals) and max(vals) - min(vals) <= len(vals) - 1
    if rule.kind == "nabner":
        apart = all(abs(a - b) != 1 for a in vals for b in vals)
        return apart and (not rule.param("distinct") or distinct(vals))
    listed = rule.param("digits", ())
    assert isinstance(listed, tuple)
    if rule.kind == "quadruple":
        return all(vals.count(d) >= listed.count(d) for d in listed)
    if rule.kind == "absent-digits":
        return not any(v in listed for v in vals)
    raise ValueError(f"no reading of kind {rule.kind}")


def holds(rule: Rule, answer: Answer, negate_all: bool = False) -> bool:
    """The rule line's meaning: negations (written and `negate: all`), then the condition."""
    value = base_holds(rule, answer)
    if (rule.nots + negate_all) % 2:
        value = not value
    if rule.condition is None:
        return value
    word, predicate = rule.condition.split()
    cells = list(dict.fromkeys(rule.cells))  # the std kinds' cells are sets
    if predicate == "uniform":
        met = uniform(cells, answer)
    elif predicate == "distinct":
        met = distinct([answer.digit(c) for c in cells])
    elif predicate == "connected":
        met = connected(set(cells))
    else:
        raise ValueError(f"no reading of predicate {predicate}")
    return value or met != (word == "if")


# ---------------------------------------------------------------------------------------------
# Targets


def random_sudoku(n: int, rng: random.Random) -> Grid:
    """A shuffled pattern grid: digits, bands, rows in bands, stacks, columns in stacks."""
    bh, bw = BOXES[n]
    pattern = [[(bw * (r % bh) + r // bh + c) % n + 1 for c in range(n)] for r in range(n)]
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    bands = list(range(n // bh))
    rng.shuffle(bands)
    rows = [b * bh + i for b in bands for i in rng.sample(range(bh), bh)]
    stacks = list(range(n // bw))
    rng.shuffle(stacks)
    cols = [s * bw + j for s in stacks for j in rng.sample(range(bw), bw)]
    grid = tuple(tuple(digits[pattern[r][c] - 1] for c in cols) for r in rows)
    assert valid_sudoku(grid)
    return grid


def random_yin_yang(digits: Grid, rng: random.Random, solver: Solver) -> Grid:
    """A valid yin-yang shading, found by Sapphire from a third of the cells shaded at random."""
    n = len(digits)
    cells = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    givens = {cell: digits[cell[0] - 1][cell[1] - 1] for cell in cells}
    while True:
        shades = {cell: rng.randrange(2) for cell in rng.sample(cells, n * n // 3)}
        puzzle = Puzzle("yin-yang", n, base_rules("yin-yang", n), givens=givens, shades=shades)
        status, answers = solver.solve(puzzle.case_text("a shading"))
        if answers:
            shading = answers[0].shading
            assert shading is not None and valid_yin_yang(shading)
            return shading


# ---------------------------------------------------------------------------------------------
# Cell shapes


def orthogonal(cell: Cell, n: int) -> list[Cell]:
    r, c = cell
    return [
        (a, b)
        for a, b in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if 1 <= a <= n and 1 <= b <= n
    ]


def kings(cell: Cell, n: int) -> list[Cell]:
    r, c = cell
    return [
        (r + a, c + b)
        for a in (-1, 0, 1)
        for b in (-1, 0, 1)
        if (a or b) and 1 <= r + a <= n and 1 <= c + b <= n
    ]


def grow_region(
    start: Cell, k: int, n: int, ok: Callable[[list[Cell], Cell], bool], rng: random.Random
) -> list[Cell] | None:
    """An orthogonally connected region of `k` cells from `start`, each accepted by `ok`."""
    if not ok([], start):
        return None
    region = [start]
    while len(region) < k:
        options = sorted(
            {
                nb
                for cell in region
                for nb in orthogonal(cell, n)
                if nb not in region and ok(region, nb)
            }
        )
        if not options:
            return None
        region.append(rng.choice(options))
    return sorted(region)


def grow_path(
    start: Cell, k: int, n: int, ok: Callable[[list[Cell], Cell], bool], rng: random.Random
) -> list[Cell] | None:
    """A king's-move path of `k` different cells through `start`, grown at either end."""
    if not ok([], start):
        return None
    path = [start]
    while len(path) < k:
        ends = [(0, path[0]), (len(path), path[-1])] if len(path) > 1 else [(1, start)]
        options = sorted(
            {(i, nb) for i, end in ends for nb in kings(end, n) if nb not in path and ok(path, nb)}
        )
        if not options:
            return None
        i, nb = rng.choice(options)
        path.insert(i, nb)
    return path


# ---------------------------------------------------------------------------------------------
# Clue generators: (puzzle, target, other answer, focus cell, shared, rng) -> clue or None.
# `shared` is how many cells the clue may share with earlier clues.

Generator = Callable[[Puzzle, Answer, Answer, Cell, bool, random.Random], Clue | None]


def used_cells(puzzle: Puzzle) -> set[Cell]:
    return {c for clue in puzzle.clues for c in clue.cells}


def room(puzzle: Puzzle, shared: int) -> Callable[[list[Cell], Cell], bool]:
    """Accepts a cell while the clue grown so far shares at most `shared` cells with others."""
    used = used_cells(puzzle)

    def ok(cells: list[Cell], cell: Cell) -> bool:
        return sum(c in used for c in [*cells, cell]) <= shared

    return ok


def killer_clue(
    puzzle: Puzzle, target: Answer, other: Answer, focus: Cell, shared: int, rng: random.Random
) -> Clue | None:
    free = room(puzzle, 0)

    def ok(region: list[Cell], cell: Cell) -> bool:
        return free(region, cell) and target.digit(cell) not in {target.digit(c) for c in region}

    k = rng.choice((2, 2, 3, 3, 3, 4, 4, 5))
    region = grow_region(focus, k, puzzle.size, ok, rng)
    if region is None:
        return None
    total = sum(target.digit(c) for c in region)
    return Clue((Rule("cage", tuple(region), (("total", total),)),))


def line_clue(
    puzzle: Puzzle,
    answer: Answer,
    focus: Cell,
    shared: int,
    rng: random.Random,
    mode: str,
    distinct_nabner: bool = False,
) -> Rule | None:
    """A renban or nabner line that holds on `answer`."""
    free = room(puzzle, shared)
    n = puzzle.size
    if mode == "renban":
        k = rng.choice((3, 3, 4, 4, 5)) if n > 4 else rng.choice((2, 3))

        def ok(path: list[Cell], cell: Cell) -> bool:
            vals = [answer.digit(c) for c in path] + [answer.digit(cell)]
            return free(path, cell) and distinct(vals) and max(vals) - min(vals) <= k - 1

        path = grow_path(focus, k, n, ok, rng)
        return None if path is None else Rule("renban", tuple(path))
    k = rng.choice((2, 3, 3, 4)) if n > 4 else 2

    def apart(path: list[Cell], cell: Cell) -> bool:
        d = answer.digit(cell)
        vals = [answer.digit(c) for c in path]
        return (
            free(path, cell)
            and all(abs(d - v) != 1 for v in vals)
            and (not distinct_nabner or d not in vals)
        )

    path = grow_path(focus, k, n, apart, rng)
    if path is None:
        return None
    params: tuple[tuple[str, int | bool | tuple[int, ...]], ...] = (
        (("distinct", True),) if distinct_nabner else ()
    )
    return Rule("nabner", tuple(path), params)


def renban_nabner_clue(
    puzzle: Puzzle, target: Answer, other: Answer, focus: Cell, shared: int, rng: random.Random
) -> Clue | None:
    mode = rng.choice(("renban", "nabner"))
    rule = line_clue(puzzle, target, focus, shared, rng, mode, rng.random() < 0.3)
    return None if rule is None else Clue((rule,))


def yin_yang_clue(
    puzzle: Puzzle, target: Answer, other: Answer, focus: Cell, shared: int, rng: random.Random
) -> Clue | None:
    n = puzzle.size
    free = room(puzzle, shared)
    shape = rng.choices(("cage", "line", "quad"), weights=(5, 4, 1))[0]
    if shape == "cage":
        region = grow_region(focus, rng.choice((2, 2, 3, 3, 4)), n, free, rng)
        if region is None:
            return None
        cells = tuple(region)
        own = sum(target.digit(c) for c in cells)
        theirs = sum(other.digit(c) for c in cells)
        if uniform(cells, target):
            total = own
        elif not uniform(cells, other) and theirs != own:
            total = theirs
        else:
            total = own + rng.choice((-3, -2, -1, 1, 2, 3))
        k = len(cells)
        if total != own and not k * (k + 1) // 2 <= total <= k * (2 * n - k + 1) // 2:
            return None  # a wrong total no k different digits reach would give itself away
        params: tuple[tuple[str, int | bool | tuple[int, ...]], ...] = (
            ("total", total),
            ("repeats", True),
        )
        return Clue(
            (
                Rule("cage", cells, params, condition="if uniform"),
                Rule("cage", cells, params, nots=1, condition="unless uniform"),
            )
        )
    if shape == "line":
        # true where uniform: a renban; wrong otherwise: then its digits are a nabner
        same = target.shade(focus)
        renban = rng.random() < 0.5
        k = rng.choice((3, 3, 4))

        def ok(path: list[Cell], cell: Cell) -> bool:
            d = target.digit(cell)
            vals = [target.digit(c) for c in path]
            if d in vals:
                return False
            if renban:
                return target.shade(cell) == same and max(vals + [d]) - min(vals + [d]) < k
            return all(abs(d - v) != 1 for v in vals)

        path = grow_path(focus, k, n, lambda p, c: free(p, c) and ok(p, c), rng)
        if path is None:
            return None
        cells = tuple(path)
        return Clue(
            (
                Rule("renban", cells, condition="if uniform"),
                Rule("nabner", cells, (("distinct", True),), condition="unless uniform"),
            )
        )
    r0 = rng.choice([r for r in (focus[0] - 1, focus[0]) if 1 <= r < n])
    c0 = rng.choice([c for c in (focus[1] - 1, focus[1]) if 1 <= c < n])
    cells = ((r0, c0), (r0, c0 + 1), (r0 + 1, c0), (r0 + 1, c0 + 1))
    if not free(list(cells[:3]), cells[3]):
        return None
    present = sorted({target.digit(c) for c in cells})
    pool = present if uniform(cells, target) else [d for d in range(1, n + 1) if d not in present]
    listed = tuple(sorted(rng.sample(pool, min(len(pool), rng.choice((1, 2, 2))))))
    return Clue(
        (
            Rule("quadruple", cells, (("digits", listed),), condition="if uniform"),
            Rule("absent-digits", cells, (("digits", listed),), condition="unless uniform"),
        )
    )


def negate_all_clue(
    puzzle: Puzzle, target: Answer, other: Answer, focus: Cell, shared: int, rng: random.Random
) -> Clue | None:
    """A line whose base rule is true of `other` (so, negated, false of it)."""
    n = puzzle.size
    free = room(puzzle, shared)
    kind = rng.choices(
        ("cage", "renban", "nabner", "quadruple", "absent-digits"), weights=(4, 2, 2, 1, 1)
    )[0]
    if kind in ("renban", "nabner"):
        rule = line_clue(puzzle, other, focus, shared, rng, kind, rng.random() < 0.3)
        return None if rule is None else Clue((rule,))
    region = grow_region(focus, rng.choice((2, 2, 3, 3, 4)), n, free, rng)
    if region is None:
        return None
    cells = tuple(region)
    theirs = [other.digit(c) for c in cells]
    params: tuple[tuple[str, int | bool | tuple[int, ...]], ...]
    if kind == "cage":
        params = (("total", sum(theirs)),)
    elif kind == "quadruple":
        params = (("digits", tuple(sorted(rng.sample(theirs, rng.choice((1, 2)))))),)
    else:
        absent = [d for d in range(1, n + 1) if d not in theirs]
        mine = target.digit(focus)
        if mine not in absent:
            return None
        rest = [d for d in absent if d != mine]
        listed = [mine] + rng.sample(rest, min(len(rest), rng.choice((0, 1))))
        params = (("digits", tuple(sorted(listed))),)
    return Clue((Rule(kind, cells, params),))


GENERATORS: dict[str, Generator] = {
    "killer": killer_clue,
    "renban-nabner": renban_nabner_clue,
    "yin-yang": yin_yang_clue,
    "negate-all": negate_all_clue,
}


# ---------------------------------------------------------------------------------------------
# Solving


class Solver:
    """Solves case texts with Sapphire, deterministically (one CP-SAT worker)."""

    def __init__(self) -> None:
        self._dir = tempfile.TemporaryDirectory(prefix="sapphire-construct-")
        self.solves = 0
        self.seconds = 0.0

    def solve(self, text: str) -> tuple[str, list[Answer]]:
        t0 = time.perf_counter()
        path = Path(self._dir.name) / "case.case"
        path.write_text(text, encoding="utf-8")
        case, lib = load_case(str(path))
        inst = instantiate(case, lib)
        gm = ground_model(inst.program, inst.instance)
        res = cpsat.solve(gm, answer_variables(gm), max_solutions=2, workers=1)
        answers = []
        for vals in res.solutions:
            if violations(gm, vals):
                raise RuntimeError("an answer fails Sapphire's own verification")
            raw = case_answer(inst, decode(gm, vals))
            shading = raw.get("shading")
            answers.append(
                Answer(
                    tuple(map(tuple, raw["digits"])),
                    tuple(map(tuple, shading)) if shading else None,
                )
            )
        self.solves += 1
        self.seconds += time.perf_counter() - t0
        return res.status, answers


@dataclass
class Built:
    puzzle: Puzzle
    target: Answer
    added: int
    dropped: int
    given_fallbacks: int
    solves: int


def base_rules(kind: str, n: int) -> list[Rule]:
    size = f"{n}x{n}"
    if kind == "yin-yang":
        return [Rule("yin-yang"), Rule("sudoku", positional=size)]
    if kind == "negate-all":
        return [Rule("sudoku", positional=size, nots=1), Rule("anti-king")]
    return [Rule("sudoku", positional=size)]


def differing(a: Answer, b: Answer) -> list[Cell]:
    n = len(a.digits)
    cells = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    return [
        c
        for c in cells
        if a.digit(c) != b.digit(c)
        or (a.shading is not None and b.shading is not None and a.shade(c) != b.shade(c))
    ]


def nested(clue: Clue, puzzle: Puzzle) -> bool:
    """Whether the clue's cells hold, or lie within, the cells of an earlier clue."""
    cells = set(clue.cells)
    return any(cells <= set(c.cells) or cells >= set(c.cells) for c in puzzle.clues)


def add_distinguishing(
    puzzle: Puzzle, target: Answer, other: Answer, rng: random.Random, generator: Generator
) -> bool:
    """Add a clue true of `target` and false of `other`; False when a given was added."""
    cells = differing(target, other)
    for attempt in range(DRAWS):
        focus = rng.choice(cells)
        shared = min(SHARED[puzzle.kind], (0, 1, 99)[3 * attempt // DRAWS])
        clue = generator(puzzle, target, other, focus, shared, rng)
        if clue is None or nested(clue, puzzle):
            continue
        trial = replace(puzzle, clues=[*puzzle.clues, clue])
        ours = all(holds(r, target, puzzle.negate_all) for r in clue.rules)
        theirs = all(holds(r, other, puzzle.negate_all) for r in clue.rules)
        if ours and not theirs and trial.holds(target):
            puzzle.clues.append(clue)
            return True
    digit_cells = [c for c in cells if target.digit(c) != other.digit(c)]
    if digit_cells:
        cell = rng.choice(digit_cells)
        puzzle.givens[cell] = target.digit(cell)
    else:
        cell = rng.choice(cells)
        puzzle.shades[cell] = target.shade(cell)
    return False


def construct(kind: str, seed: int, size: int, title: str) -> Built:
    """Build a case of `kind` whose unique answer is a target drawn from `seed`."""
    rng = random.Random(seed)
    puzzle = Puzzle(kind, size, base_rules(kind, size), negate_all=kind == "negate-all")
    solver = Solver()
    while True:
        digits = random_sudoku(size, rng)
        shading = random_yin_yang(digits, rng, solver) if kind == "yin-yang" else None
        target = Answer(digits, shading)
        if puzzle.holds(target):
            break
    added = fallbacks = 0
    while True:
        status, answers = solver.solve(puzzle.case_text(title))
        if status == "unique":
            if answers[0] != target:
                raise RuntimeError("the unique answer is not the target: a reading differs")
            break
        if status != "multiple":
            raise RuntimeError(f"construction reached status {status}")
        other = next(a for a in answers if a != target)
        if add_distinguishing(puzzle, target, other, rng, GENERATORS[kind]):
            added += 1
        else:
            fallbacks += 1
    items: list[tuple[str, object]] = [("clue", c) for c in puzzle.clues]
    items += [("given", c) for c in sorted(puzzle.givens)]
    items += [("shade", c) for c in sorted(puzzle.shades)]
    rng.shuffle(items)
    dropped = 0
    for what, item in items:
        trial = replace(
            puzzle, clues=list(puzzle.clues), givens=dict(puzzle.givens), shades=dict(puzzle.shades)
        )
        if what == "clue":
            trial.clues.remove(item)  # type: ignore[arg-type]
        elif what == "given":
            del trial.givens[item]  # type: ignore[arg-type]
        else:
            del trial.shades[item]  # type: ignore[arg-type]
        status, _ = solver.solve(trial.case_text(title))
        if status == "unique":
            puzzle = trial
            dropped += 1
    puzzle.clues.sort(key=lambda clue: sorted(clue.cells))
    return Built(puzzle, target, added, dropped, fallbacks, solver.solves)


def describe(args: argparse.Namespace, built: Built) -> str:
    """The `construction:` text of the front matter."""
    how = {
        "killer": "a cage (connected, disjoint from the others, different digits) with the "
        "target's total",
        "renban-nabner": "a renban or nabner line (a king's-move path) true of the target",
        "yin-yang": "a clue pair true of the target where its cells are uniform and wrong "
        "otherwise (cage/not cage, renban/nabner, quadruple/absent-digits)",
        "negate-all": "a cage, renban, nabner, quadruple or absent-digits line true of the "
        "other answer, so false of the target under negate: all",
    }[args.kind]
    p = built.puzzle

    def count(n: int, word: str) -> str:
        return f"{n} {word}" if n == 1 else f"{n} {word}s"

    return (
        f"examples/construct.py --kind {args.kind} --seed {args.seed} --size {args.size}: "
        f"a target answer drawn from the seed; while Sapphire found two answers, {how}, "
        f"added where the target and the other answer differ ({count(built.added, 'clue')}, "
        f"{count(built.given_fallbacks, 'given')} as fallback); then clues and givens were "
        f"dropped while the answer stayed unique ({built.dropped} dropped, "
        f"{count(len(p.clues), 'clue')} and {count(len(p.givens) + len(p.shades), 'given')} "
        f"left; {built.solves} solves)."
    )


NOTES = {
    "killer": "Killer sudoku: the digits in each cage differ and add up to its total.",
    "renban-nabner": "A renban line holds a set of consecutive digits; no two digits on a nabner "
    "line are consecutive (with distinct true they also differ). Both read the same after "
    "changing every digit d into {n1}-d, so a given digit is needed to tell the two apart.",
    "yin-yang": "Shade cells so that the shaded cells are connected, so are the unshaded ones, "
    "and no 2x2 block is one shade. A clue whose cells are all one shade is true; a clue whose "
    "cells mix shades is wrong: its cage does not add up to the total, its renban line holds no "
    "two consecutive digits and no two equal ones (nabner), its quadruple digits are all absent. "
    "A 2x2 block always mixes shades, so a quadruple clue is always wrong. Swapping the shades "
    "keeps every clue as it is, so one shade is given.",
    "negate-all": "Every rule is wrong: negate: all negates each line once, and the written not "
    "cancels it for the sudoku, so the grid is a sudoku. Somewhere two cells a king's move apart "
    "hold the same digit; no cage both adds up to its total with different digits; no renban "
    "line is a run of consecutive digits; every nabner line has two consecutive digits (or, "
    "with distinct true, two equal ones); each quadruple misses one of its digits; each "
    "absent-digits line holds one of its digits.",
}
"""The `notes:` of each kind's case: how to read it."""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kind", choices=KINDS, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", type=int, default=6, choices=sorted(BOXES))
    ap.add_argument("-o", "--output", help="the case file to write (default: print it)")
    args = ap.parse_args(argv)
    title = TITLES[args.kind].format(n=args.size)
    built = construct(args.kind, args.seed, args.size, title)
    notes = NOTES[args.kind].format(n1=args.size + 1)
    text = built.puzzle.case_text(title, describe(args, built), notes)
    if not args.output:
        sys.stdout.write(text)
        return 0
    out = Path(args.output)
    out.write_text(text, encoding="utf-8")
    for command in (["fmt", "--write"], ["check"]):
        subprocess.run(["sapphire", *command, str(out)], check=True)
    t0 = time.perf_counter()
    res = solve_case(str(out), max_solutions=2)
    seconds = time.perf_counter() - t0
    if res.status != "unique":
        raise RuntimeError(f"{out}: status {res.status}, not unique")
    print(
        f"{out}: {len(built.puzzle.rules())} rules, {len(built.puzzle.givens)} given digits, "
        f"{len(built.puzzle.shades)} given shades, "
        f"unique in {seconds:.2f} s ({built.solves} solves to construct)",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
