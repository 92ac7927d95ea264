"""Solution counts of the kinds for tents and regions (Tent, Fillomino, Shikaku, Galaxies, LITS,
Battleship), against brute force on tiny boards.

As in test_puzzlekit_kinds.py, each kind's reference semantics is written here from its prose,
independently of the Sapphire meaning in its .md file, and the solver's count must equal brute
force, for the rule and its negation (where the kind can be negated).
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from counting import Cell, Grid, Rule, brute, case_error, cells_of, check

# --- Tent: trees with their own tents -------------------------------------------------------


def tents(trees: list[Cell]) -> Rule:
    """Trees hold no tent, tents do not touch (not even diagonally), and trees and tents pair up
    one to one, each tree with a tent beside it (tried over every pairing)."""
    def f(g: Grid) -> bool:
        tent_cells = [x for x, v in g.items() if v]
        if any(g[t] for t in trees) or len(tent_cells) != len(trees):
            return False
        for (r, c), (r2, c2) in itertools.combinations(tent_cells, 2):
            if abs(r - r2) <= 1 and abs(c - c2) <= 1:
                return False
        return any(all(abs(t[0] - x[0]) + abs(t[1] - x[1]) == 1 for t, x in zip(trees, p,
                                                                                  strict=True))
                   for p in itertools.permutations(tent_cells))
    return f


def shade_count(S: list[Cell], count: int) -> Rule:
    return lambda g: sum(g[c] for c in S) == count


TENT_CASES = [
    ("3x3", "tents r1c1-r3c3", []),
    ("3x3", "tents r2c2", []),
    ("3x3", "tents r1c2-r2c2", []),  # one tent above the other tree's: r1c2's goes to a side
    ("2x4", "tents r1c2-r2c3", []),
    ("3x3", "tents r1c1-r3c3", ["shade-count r1c1-r1c2-r1c3 count 1"]),
    ("3x4", "tents r1c1-r2c3-r3c1", []),
    ("2x2", "tents r1c1-r1c2-r2c1", []),  # three trees, one free cell: no answer
]


@pytest.mark.parametrize(("board", "line", "more"), TENT_CASES,
                         ids=[f"{c[0]} {c[1]} {' '.join(c[2])}" for c in TENT_CASES])
def test_tents_counts(tmp_path: Path, board: str, line: str, more: list[str]) -> None:
    rows, cols = map(int, board.split("x"))
    rules = [tents(cells_of(line.split()[1]))]
    for m in more:
        _, cells, _, count = m.split()
        rules.append(shade_count(cells_of(cells), int(count)))
    want = brute(rows, cols, range(2), rules)
    check(tmp_path, f"board: {board}\n", "\n".join([line, *more]), want)


def test_tents_counts_known_value(tmp_path: Path) -> None:
    # the example of tents.md: the tents of r1c1 and r3c3 with one tent in row 1
    check(tmp_path, "board: 3x3\n", "tents r1c1-r3c3\nshade-count r1c1-r1c2-r1c3 count 1", 1)


def test_tents_pairings_of_the_same_tents_are_one_answer(tmp_path: Path) -> None:
    # trees r1c2 and r3c2 both stand beside r2c1 and r2c3: with tents there, either tree may
    # take either tent, and the solver counts that shading once, as brute force does
    want = brute(3, 3, range(2), [tents([(1, 2), (3, 2)])])
    assert want > 0
    check(tmp_path, "board: 3x3\n", "tents r1c2-r3c2", want)


def test_not_tents_is_refused(tmp_path: Path) -> None:
    # the pairing is the solver's choice, so `not tents` would have to range over every pairing
    e = case_error(tmp_path, "board: 3x3\n", "not tents r1c1-r3c3")
    assert [d.kind for d in e.diagnostics] == ["no-domain"]
    assert "toward" in e.diagnostics[0].message

