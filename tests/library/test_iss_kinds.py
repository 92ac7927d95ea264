"""Solution counts of the kinds added for ISS puzzles, against brute force on tiny boards.

Each reference semantics below is written from the kind's prose, independently of the Sapphire
meaning in its .md file, so a wrong meaning or a wrong negation shows up as a count mismatch.
A case's answer is its digits, plus the region map where `chaos-construction` declares one, so
for those kinds brute force counts (digits, region map) pairs.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.meaning import solve_case

CAP = 60
Cell = tuple[int, int]
Grid = dict[Cell, int]
Rule = Callable[[Grid], bool]
RegionRule = Callable[[Grid, Grid], bool]
"""A rule reading the digits and the region map."""


def cells_of(path: str) -> list[Cell]:
    out = []
    for part in path.split("-"):
        r, c = part[1:].split("c")
        out.append((int(r), int(c)))
    return out


def board(rows: int, cols: int) -> list[Cell]:
    return [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]


def grids(cells: list[Cell], values: range | list[int]) -> Iterator[Grid]:
    for vs in itertools.product(values, repeat=len(cells)):
        yield dict(zip(cells, vs, strict=True))


def solve_count(tmp_path: Path, front: str, body: str) -> tuple[str, int]:
    p = tmp_path / "t.case"
    p.write_text(f"---\nlibrary: std\n{front}---\n{body}\n", encoding="utf-8")
    res = solve_case(str(p), max_solutions=CAP)
    return res.status, res.count


def check(tmp_path: Path, front: str, body: str, want: int) -> None:
    status, got = solve_count(tmp_path, front, body)
    assert got == min(want, CAP), f"solver {got}, brute force {want}"
    assert status == {0: "none", 1: "unique"}.get(want, "multiple")


def different(vals: list[int]) -> bool:
    return len(set(vals)) == len(vals)


def latin(rows: int, cols: int) -> Rule:
    return lambda g: all(different([g[(r, c)] for c in range(1, cols + 1)])
                         for r in range(1, rows + 1)) and all(
        different([g[(r, c)] for r in range(1, rows + 1)]) for c in range(1, cols + 1))


def connected(cells: list[Cell]) -> bool:
    todo, seen = cells[:1], set(cells[:1])
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


# --- digits other than 1..N, and boxes of any size ------------------------------------------

def boxes(rows: int, cols: int, bh: int, bw: int) -> Rule:
    return lambda g: all(
        different([g[(p + i, q + j)] for i in range(bh) for j in range(bw)])
        for p in range(1, rows + 1, bh) for q in range(1, cols + 1, bw))


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("rows", "cols", "box", "digits"), [
    (2, 4, (2, 2), range(1, 5)), (2, 4, (1, 2), range(1, 5)), (2, 3, (2, 1), range(0, 3)),
])
def test_boxes_counts(tmp_path: Path, rows: int, cols: int, box: tuple[int, int],
                      digits: range, negated: bool) -> None:
    rule = boxes(rows, cols, *box)
    want = sum((not rule(g)) if negated else rule(g) for g in grids(board(rows, cols), digits))
    front = f"board: {rows}x{cols}\ndigits: {digits.start}-{digits.stop - 1}\n"
    check(tmp_path, front, ("not " if negated else "") + f"boxes {box[0]}x{box[1]}", want)


def test_digits_from_zero_with_a_given_zero(tmp_path: Path) -> None:
    rule = latin(3, 3)
    want = sum(rule(g) for g in grids(board(3, 3), range(0, 3)) if g[(1, 1)] == 0)
    givens = "givens: |\n  0 . .\n  . . .\n  . . .\n"
    check(tmp_path, f"board: 3x3\ndigits: 0-2\n{givens}", "latin-square", want)
    # the digits key replaces the 1..N of `sudoku 4x4` too: 4 digits 2-5
    status, count = solve_count(tmp_path, "digits: 2-5\ngivens: |\n  2 3 4 5\n  4 5 2 3\n"
                                "  3 2 5 4\n  5 4 3 .\n", "sudoku 4x4")
    assert (status, count) == ("unique", 1)


def test_a_zero_needs_digits_from_zero(tmp_path: Path) -> None:
    p = tmp_path / "t.case"
    p.write_text("---\nlibrary: std\nboard: 3x3\ngivens: |\n  0 . .\n  . . .\n  . . .\n---\n"
                 "latin-square\n", encoding="utf-8")
    with pytest.raises(SapphireError) as exc:
        solve_case(str(p))
    d = exc.value.diagnostics[0]
    assert d.kind == "givens-alphabet" and "digits: 0-N" in (d.hint or "")
    assert (d.span.line, d.span.col) == (5, 3)


@pytest.mark.parametrize(("value", "message"), [
    ("0-x", "not LOW-HIGH"), ("5-2", "not LOW-HIGH"), ("1-17", "not LOW-HIGH"), ("9", "LOW-HIGH"),
])
def test_bad_digits_are_positioned_errors(tmp_path: Path, value: str, message: str) -> None:
    p = tmp_path / "t.case"
    p.write_text(f"---\nlibrary: std\nboard: 3x3\ndigits: {value}\n---\nlatin-square\n",
                 encoding="utf-8")
    with pytest.raises(SapphireError) as exc:
        solve_case(str(p))
    d = exc.value.diagnostics[0]
    assert d.kind == "bad-digits" and message in d.message
    assert (d.span.line, d.span.col) == (4, 9)


def test_boxes_that_do_not_tile_the_board(tmp_path: Path) -> None:
    p = tmp_path / "t.case"
    p.write_text("---\nlibrary: std\nboard: 4x6\n---\nlatin-square\nboxes 3x3\n",
                 encoding="utf-8")
    with pytest.raises(SapphireError) as exc:
        solve_case(str(p))
    d = exc.value.diagnostics[0]
    assert d.kind == "bad-positional" and "do not tile" in d.message and d.span.line == 6


# --- chaos construction: unknown regions ----------------------------------------------------

def partitions(rows: int, cols: int, size: int) -> list[Grid]:
    """Every division of the board into connected regions of `size` cells, numbered 1, 2, …
    in the reading order of their first cells."""
    cells = board(rows, cols)
    count = len(cells) // size
    out = []
    for labels in itertools.product(range(1, count + 1), repeat=len(cells)):
        m = dict(zip(cells, labels, strict=True))
        firsts = [next(i for i, c in enumerate(cells) if m[c] == g) if g in labels else None
                  for g in range(1, count + 1)]
        if None in firsts or firsts != sorted(firsts):
            continue
        groups = [[c for c in cells if m[c] == g] for g in range(1, count + 1)]
        if all(len(grp) == size and connected(grp) for grp in groups):
            out.append(m)
    return out


def chaos(rows: int, cols: int, size: int) -> RegionRule:
    """The formula of chaos-construction on a given region map (numbers 1..rows·cols)."""
    cells = board(rows, cols)
    count = len(cells) // size
    good = {tuple(sorted(m.items())) for m in partitions(rows, cols, size)}

    def f(g: Grid, m: Grid) -> bool:
        if tuple(sorted(m.items())) not in good:
            return False
        return all(different([g[c] for c in cells if m[c] == k]) for k in range(1, count + 1))
    return f


def same(m: Grid, a: Cell, b: Cell) -> bool:
    return m[a] == m[b]


def chaos_count(S: list[Cell], offset: int = 0) -> RegionRule:
    cells = list(dict.fromkeys(S))
    return lambda g, m: g[cells[0]] + offset == sum(same(m, c, cells[0]) for c in cells)


def chaos_arrow(P: list[Cell], offset: int = 0) -> RegionRule:
    start = P[0]
    arms: list[list[Cell]] = []
    for c in P:
        if c == start:
            arms.append([])
        else:
            arms[-1].append(c)

    def run(m: Grid, arm: list[Cell]) -> int:
        n = 0
        for c in arm:
            if not same(m, c, start):
                break
            n += 1
        return n
    return lambda g, m: g[start] + offset == 1 + sum(run(m, a) for a in arms)


def brute_regions(rows: int, cols: int, digits: range, maps: list[Grid],
                  rules: list[RegionRule]) -> int:
    cells = board(rows, cols)
    return sum(all(rule(g, m) for rule in rules)
               for m in maps for g in grids(cells, digits))


def test_chaos_construction_counts(tmp_path: Path) -> None:
    # 2×3 board, regions of 3 cells (the longer side), digits 1-3, with a latin square
    maps = partitions(2, 3, 3)
    assert len(maps) == 3  # two rows, and the two pairs of L-trominoes
    rule = chaos(2, 3, 3)
    want = brute_regions(2, 3, range(1, 4), maps, [lambda g, m: latin(2, 3)(g), rule])
    check(tmp_path, "board: 2x3\n", "latin-square\nchaos-construction", want)
    # regions of 2 on the same board: 3 regions of 2 cells
    maps2 = partitions(2, 3, 2)
    want2 = brute_regions(2, 3, range(1, 4), maps2, [chaos(2, 3, 2)])
    check(tmp_path, "board: 2x3\n", "chaos-construction size 2", want2)


def test_not_chaos_construction_reads_the_same_region_map(tmp_path: Path) -> None:
    # negated, the formula fails on the case's one region map, whose numbers are 1..4 here
    rule = chaos(2, 2, 2)
    cells = board(2, 2)
    maps = list(grids(cells, range(1, 5)))
    want = brute_regions(2, 2, range(1, 3), maps, [lambda g, m: not rule(g, m)])
    check(tmp_path, "board: 2x2\n", "not chaos-construction", want)


CHAOS_CASES: list[tuple[str, RegionRule]] = [
    ("chaos-count r1c2-r1c1-r2c2-r1c3", chaos_count(cells_of("r1c2-r1c1-r2c2-r1c3"))),
    ("chaos-count r2c1-r1c1 offset 1", chaos_count(cells_of("r2c1-r1c1"), 1)),
    ("chaos-arrow r1c1-r1c2-r1c3", chaos_arrow(cells_of("r1c1-r1c2-r1c3"))),
    ("chaos-arrow r1c2-r1c1-r1c2-r1c3-r1c2-r2c2",
     chaos_arrow(cells_of("r1c2-r1c1-r1c2-r1c3-r1c2-r2c2"))),
    ("chaos-arrow r2c3-r2c2-r2c1 offset 1", chaos_arrow(cells_of("r2c3-r2c2-r2c1"), 1)),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rule"), CHAOS_CASES, ids=[c[0] for c in CHAOS_CASES])
def test_chaos_clue_counts(tmp_path: Path, line: str, rule: RegionRule, negated: bool) -> None:
    maps = partitions(2, 3, 3)
    clue = (lambda g, m: not rule(g, m)) if negated else rule
    want = brute_regions(2, 3, range(1, 4), maps, [chaos(2, 3, 3), clue])
    check(tmp_path, "board: 2x3\n", "chaos-construction\n" + ("not " if negated else "") + line,
          want)


def test_a_chaos_clue_needs_the_region_map(tmp_path: Path) -> None:
    p = tmp_path / "t.case"
    p.write_text("---\nlibrary: std\nboard: 2x3\n---\nchaos-count r1c1-r1c2\n", encoding="utf-8")
    with pytest.raises(SapphireError) as exc:
        solve_case(str(p))
    assert exc.value.kinds == ["no-regions"]
