"""Solution counts of `fillomino` against brute force on tiny boards, on both backends.

The reference below is written from the kind's prose (regions of orthogonally connected cells,
each filled with its size, no two of one size sharing an edge), independently of the `sized`
builtin that the meaning uses. The SAT backend refuses `not fillomino` by name, and `auto`
then answers with CP-SAT.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from counting import CAP, NOT, Cell, Grid, Rule, brute, givens_front, write_case

from sapphire.diagnostics import SapphireError
from sapphire.pipeline import solve_case


def fillomino(rows: int, cols: int, above: int = 0) -> Rule:
    """Every region, a maximal set of side-joined cells of one number, has that many cells:
    so each region holds its size, and two regions of one size never touch (they would be
    one region). With `above`, a region of `above`+1s has more than `above` cells, and no
    number passes `above`+1."""
    def f(g: Grid) -> bool:
        seen: set[Cell] = set()
        for start in g:
            if start in seen:
                continue
            region, todo = {start}, [start]
            while todo:
                r, c = todo.pop()
                for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if nb in g and nb not in region and g[nb] == g[start]:
                        region.add(nb)
                        todo.append(nb)
            seen |= region
            if above and g[start] == above + 1:
                if len(region) <= above:
                    return False
            elif len(region) != g[start] or (above and g[start] > above):
                return False
        return True
    return f


BOARDS = [
    (1, 4, 4, {}),
    (2, 2, 4, {}),
    (2, 3, 4, {(1, 1): 3, (2, 3): 2}),
    (3, 3, 5, {(1, 1): 2, (2, 2): 3, (2, 1): 1, (3, 3): 1}),
]


def count(tmp_path: Path, rows: int, cols: int, digits: int, given: Grid, line: str,
          backend: str) -> tuple[str, int]:
    front = f"board: {rows}x{cols}\ndigits: 1-{digits}\n" + givens_front(rows, cols, given)
    res = solve_case(write_case(tmp_path, front, line), max_solutions=CAP + 1, backend=backend)
    return res.status, res.count


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
@pytest.mark.parametrize(("rows", "cols", "digits", "given"), BOARDS,
                         ids=[f"{r}x{c}" for r, c, _, _ in BOARDS])
def test_fillomino_counts(tmp_path: Path, rows: int, cols: int, digits: int, given: Grid,
                          backend: str) -> None:
    want = brute(rows, cols, range(1, digits + 1), [fillomino(rows, cols)], given)
    assert 0 < want <= CAP
    status, got = count(tmp_path, rows, cols, digits, given, "fillomino", backend)
    assert (status, got) == ({1: "unique"}.get(want, "multiple"), want)


NEGATED = [
    (1, 3, 3, {}, "cpsat"),
    (2, 2, 3, {(1, 1): 2, (2, 2): 1}, "cpsat"),
    (2, 3, 3, {(1, 1): 3, (1, 3): 2, (2, 1): 3, (2, 2): 1}, "auto"),
]
"""Few answers each: the negation's blocking search takes a solve per answer."""


@pytest.mark.parametrize(("rows", "cols", "digits", "given", "backend"), NEGATED,
                         ids=[f"{r}x{c}-{b}" for r, c, _, _, b in NEGATED])
def test_not_fillomino_counts(tmp_path: Path, rows: int, cols: int, digits: int,
                              given: Grid, backend: str) -> None:
    want = brute(rows, cols, range(1, digits + 1), [NOT(fillomino(rows, cols))], given)
    assert 0 < want <= CAP
    status, got = count(tmp_path, rows, cols, digits, given, "not fillomino", backend)
    assert (status, got) == ("multiple", want)


def test_sat_refuses_not_fillomino(tmp_path: Path) -> None:
    with pytest.raises(SapphireError) as exc:
        count(tmp_path, 1, 4, 4, {}, "not fillomino", "sat")
    (d,) = exc.value.diagnostics
    assert d.kind == "sat-unsupported"
    assert "the negation of 'sized'" in d.message


def test_a_region_without_a_given_may_outgrow_every_given(tmp_path: Path) -> None:
    # 1x5 with a given 1 at the end: the other four cells are one region of 4, larger than the
    # only given number
    status, got = count(tmp_path, 1, 5, 5, {(1, 5): 1}, "fillomino", "sat")
    assert (status, got) == ("multiple", brute(1, 5, range(1, 6), [fillomino(1, 5)],
                                                {(1, 5): 1}))


ABOVE = [
    (2, 3, 4, {(1, 1): 1}, 1, "sat"),
    (2, 3, 4, {(1, 1): 1}, 2, "cpsat"),
    (3, 3, 5, {(2, 2): 1, (1, 1): 2}, 2, "sat"),
]


@pytest.mark.parametrize(("rows", "cols", "digits", "given", "above", "backend"), ABOVE,
                         ids=[f"{r}x{c}-above-{a}-{b}" for r, c, _, _, a, b in ABOVE])
def test_fillomino_above_counts(tmp_path: Path, rows: int, cols: int, digits: int, given: Grid,
                                above: int, backend: str) -> None:
    want = brute(rows, cols, range(1, digits + 1), [fillomino(rows, cols, above)], given)
    assert 0 < want <= CAP
    line = f"fillomino above {above}"
    status, got = count(tmp_path, rows, cols, digits, given, line, backend)
    assert (status, got) == ({1: "unique"}.get(want, "multiple"), want)


def test_not_fillomino_above_counts(tmp_path: Path) -> None:
    given = {(1, 1): 3, (1, 2): 1, (2, 2): 3}
    want = brute(2, 3, range(1, 5), [NOT(fillomino(2, 3, 2))], given)
    assert 0 < want <= 64
    status, got = count(tmp_path, 2, 3, 4, given, "not fillomino above 2", "auto")
    assert (status, got) == ("multiple", want)
