"""Solution counts of the kinds added for the Latin-square and clued-digit genres of the
puzzlekit dataset (Doppelblock, Eulero, Bosanowa, Burokku), against brute force on tiny boards.

Each kind's reference semantics is written here in plain Python from its prose, independently
of the Sapphire meaning in its .md file, and the solver's count must equal brute force, for the
rule and for its negation, on boards one cell tall or wide too.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from counting import NOT, Cell, Grid, Rule, brute, cells_of, check

# --- reference semantics ---------------------------------------------------------------------


def between_sum(P: list[Cell], total: int, digit: int = 0) -> Rule:
    """Exactly two cells hold `digit`; the cells written between them add up to `total`."""
    def f(g: Grid) -> bool:
        ends = [i for i, c in enumerate(P) if g[c] == digit]
        return len(ends) == 2 and sum(g[c] for c in P[ends[0] + 1:ends[1]]) == total
    return f


# --- between-sum -----------------------------------------------------------------------------

ROW = "r1c1-r1c2-r1c3-r1c4"
COLUMN = "r1c1-r2c1-r3c1-r4c1"

BETWEEN_CASES: list[tuple[str, int, int, str, range, Rule]] = [
    (f"between-sum {ROW} total 3", 1, 4, "digits: 0-3\n", range(4),
     between_sum(cells_of(ROW), 3)),
    (f"between-sum {ROW} total 0", 1, 4, "digits: 0-3\n", range(4),
     between_sum(cells_of(ROW), 0)),
    ("between-sum r1c4-r1c2-r1c1 total 2", 1, 4, "digits: 0-3\n", range(4),
     between_sum(cells_of("r1c4-r1c2-r1c1"), 2)),
    (f"between-sum {ROW} total 2 digit 3", 1, 4, "digits: 0-3\n", range(4),
     between_sum(cells_of(ROW), 2, 3)),
    (f"between-sum {ROW} total 5 digit 1", 1, 4, "digits: 1-4\n", range(1, 5),
     between_sum(cells_of(ROW), 5, 1)),
    (f"between-sum {COLUMN} total 1", 4, 1, "digits: 0-3\n", range(4),
     between_sum(cells_of(COLUMN), 1)),
    ("between-sum r1c2 total 0", 1, 4, "digits: 0-3\n", range(4),
     between_sum(cells_of("r1c2"), 0)),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rows", "cols", "front", "digits", "rule"), BETWEEN_CASES,
                         ids=[f"{c[0]} {c[1]}x{c[2]}" for c in BETWEEN_CASES])
def test_between_sum_counts(tmp_path: Path, line: str, rows: int, cols: int, front: str,
                            digits: range, rule: Rule, negated: bool) -> None:
    want = brute(rows, cols, digits, [NOT(rule) if negated else rule])
    check(tmp_path, f"board: {rows}x{cols}\n{front}", ("not " if negated else "") + line, want)


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
def test_between_sum_reads_modified_values(tmp_path: Path, negated: bool) -> None:
    # one of r1c2 and r1c3 counts double: the ends are found by their digits, the total
    # between them reads values; an answer (its digits) counts once whichever cell doubles
    P = cells_of(ROW)

    def rule(g: Grid, doubled: Cell) -> bool:
        ends = [i for i, c in enumerate(P) if g[c] == 0]
        values = {c: g[c] * (2 if c == doubled else 1) for c in P}
        held = len(ends) == 2 and sum(values[c] for c in P[ends[0] + 1:ends[1]]) == 4
        return held != negated

    want = brute(1, 4, range(4), [lambda g: rule(g, (1, 2)) or rule(g, (1, 3))])
    check(tmp_path, "board: 1x4\ndigits: 0-3\n",
          "value-modifier r1c2-r1c3\n" + ("not " if negated else "") + f"between-sum {ROW} total 4",
          want)
