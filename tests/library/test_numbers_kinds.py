"""Solution counts of the kinds added for the number genres of puzzlekit (KenKen, Str8t,
Hakyuu, Binairo, ABC End View, Hidoku), against brute force on tiny boards.

As in test_puzzlekit_kinds.py, each kind's reference semantics is written here from its prose,
independently of the Sapphire meaning in its .md file, and the solver's count must equal brute
force, for the rule and for its negation. The `Π` quantifier that the product kinds read is
tested here too, on a program.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from counting import NOT, Cell, Grid, Rule, brute, case_error, cells_of, check, givens_front

from sapphire.meaning import load_case
from sapphire.pipeline import solve_program
from sapphire.render import picture

# --- reference semantics ---------------------------------------------------------------------


def product(S: list[Cell], n: int) -> Rule:
    return lambda g: math.prod(g[c] for c in S) == n


def difference(S: list[Cell], n: int) -> Rule:
    # the others taken from the largest
    def f(g: Grid) -> bool:
        vals = [g[c] for c in S]
        return max(vals) - (sum(vals) - max(vals)) == n
    return f


def quotient(S: list[Cell], n: int) -> Rule:
    # the largest divided by each of the others, with nothing left over
    def f(g: Grid) -> bool:
        vals = sorted(g[c] for c in S)
        rest = math.prod(vals[:-1])
        return vals[-1] % rest == 0 and vals[-1] // rest == n
    return f


def sum_of(S: list[Cell], n: int) -> Rule:
    return lambda g: sum(g[c] for c in S) == n


def operation(S: list[Cell], n: int) -> Rule:
    rules = [sum_of(S, n), product(S, n), difference(S, n), quotient(S, n)]
    return lambda g: any(r(g) for r in rules)


def one_to_n(S: list[Cell]) -> Rule:
    return lambda g: sorted(g[c] for c in S) == list(range(1, len(S) + 1))


def first_seen(S: list[Cell], d: int) -> Rule:
    def f(g: Grid) -> bool:
        seen = [g[c] for c in S if g[c] != 0]
        return bool(seen) and seen[0] == d
    return f


def given_number(S: list[Cell], n: int) -> Rule:
    return lambda g: all(g[c] == n for c in S)


def lines_of(rows: int, cols: int) -> list[list[Cell]]:
    return ([[(r, c) for c in range(1, cols + 1)] for r in range(1, rows + 1)]
            + [[(r, c) for r in range(1, rows + 1)] for c in range(1, cols + 1)])


def ripple(rows: int, cols: int) -> Rule:
    # equal numbers n in a row or column have at least n cells between them
    def f(g: Grid) -> bool:
        for line in lines_of(rows, cols):
            for i, a in enumerate(line):
                for j in range(i + 1, len(line)):
                    if g[a] == g[line[j]] and j - i - 1 < g[a]:
                        return False
        return True
    return f


def no_three(rows: int, cols: int) -> Rule:
    def f(g: Grid) -> bool:
        return not any(g[line[i]] == g[line[i + 1]] == g[line[i + 2]]
                       for line in lines_of(rows, cols) for i in range(len(line) - 2))
    return f


def number_path(rows: int, cols: int, diagonal: bool = True) -> Rule:
    # 1..rows·cols once each, and each number touches the next one
    def f(g: Grid) -> bool:
        where = {v: x for x, v in g.items()}
        if sorted(where) != list(range(1, rows * cols + 1)):
            return False
        for n in range(1, rows * cols):
            (r, c), (r2, c2) = where[n], where[n + 1]
            dr, dc = abs(r - r2), abs(c - c2)
            if max(dr, dc) != 1 or (not diagonal and dr + dc != 1):
                return False
        return True
    return f


# --- cell kinds on a 1×4 board ----------------------------------------------------------------

CELL_CASES: list[tuple[str, str, range, Rule]] = [
    ("product-cage r1c1-r1c2-r1c3 product 12", "", range(1, 5),
     product(cells_of("r1c1-r1c2-r1c3"), 12)),
    ("product-cage r1c2-r1c4 product 4", "", range(1, 5), product(cells_of("r1c2-r1c4"), 4)),
    ("difference-cage r1c1-r1c2 difference 2", "", range(1, 5),
     difference(cells_of("r1c1-r1c2"), 2)),
    ("difference-cage r1c1-r1c2-r1c3 difference 1", "", range(1, 5),
     difference(cells_of("r1c1-r1c2-r1c3"), 1)),
    ("quotient-cage r1c1-r1c2 quotient 2", "", range(1, 5), quotient(cells_of("r1c1-r1c2"), 2)),
    ("quotient-cage r1c4-r1c1-r1c2 quotient 2", "", range(1, 5),
     quotient(cells_of("r1c4-r1c1-r1c2"), 2)),
    ("operation-cage r1c1-r1c2 result 2", "", range(1, 5), operation(cells_of("r1c1-r1c2"), 2)),
    ("operation-cage r1c2-r1c3-r1c4 result 6", "", range(1, 5),
     operation(cells_of("r1c2-r1c3-r1c4"), 6)),
    ("one-to-n r1c1-r1c2-r1c3", "", range(1, 5), one_to_n(cells_of("r1c1-r1c2-r1c3"))),
    ("one-to-n r1c3", "", range(1, 5), one_to_n(cells_of("r1c3"))),
    ("first-seen r1c1-r1c2-r1c3-r1c4 digit 2", "digits: 0-3\n", range(4),
     first_seen(cells_of("r1c1-r1c2-r1c3-r1c4"), 2)),
    ("first-seen r1c4-r1c3 digit 1", "digits: 0-3\n", range(4),
     first_seen(cells_of("r1c4-r1c3"), 1)),
    ("given-number r1c2-r1c3 number 3", "", range(1, 5), given_number(cells_of("r1c2-r1c3"), 3)),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "front", "digits", "rule"), CELL_CASES,
                         ids=[c[0] for c in CELL_CASES])
def test_cell_kind_counts(tmp_path: Path, line: str, front: str, digits: range, rule: Rule,
                          negated: bool) -> None:
    want = brute(1, 4, digits, [NOT(rule) if negated else rule])
    check(tmp_path, "board: 1x4\n" + front, ("not " if negated else "") + line, want)


# --- global kinds on small boards -------------------------------------------------------------

GLOBAL_CASES: list[tuple[str, int, int, range, Rule, Grid]] = [
    ("ripple", 2, 3, range(1, 4), ripple(2, 3), {}),
    ("ripple", 1, 6, range(1, 4), ripple(1, 6), {(1, 1): 1, (1, 6): 2}),
    ("no-three-in-a-row", 2, 4, range(2), no_three(2, 4), {}),
    ("no-three-in-a-row", 3, 3, range(2), no_three(3, 3), {(2, 2): 1}),
    ("number-path", 2, 2, range(1, 5), number_path(2, 2), {}),
    ("number-path", 2, 3, range(1, 7), number_path(2, 3), {(1, 1): 2, (1, 2): 1, (2, 3): 5}),
    ("number-path diagonal false", 2, 3, range(1, 7), number_path(2, 3, diagonal=False),
     {(1, 1): 1, (2, 2): 4, (2, 3): 5}),
    ("number-path diagonal false", 2, 2, range(1, 5), number_path(2, 2, diagonal=False), {}),
]


@pytest.mark.parametrize("negated", [False, True], ids=["plain", "not"])
@pytest.mark.parametrize(("line", "rows", "cols", "digits", "rule", "givens"), GLOBAL_CASES,
                         ids=[f"{c[0]} {c[1]}x{c[2]}" for c in GLOBAL_CASES])
def test_global_kind_counts(tmp_path: Path, line: str, rows: int, cols: int, digits: range,
                            rule: Rule, givens: Grid, negated: bool) -> None:
    want = brute(rows, cols, digits, [NOT(rule) if negated else rule], givens)
    front = (f"board: {rows}x{cols}\ndigits: {digits.start}-{digits.stop - 1}\n"
             + givens_front(rows, cols, givens))
    check(tmp_path, front, ("not " if negated else "") + line, want)


# --- the product quantifier --------------------------------------------------------------------


def test_product_quantifier_multiplies_variables_and_constants(tmp_path: Path) -> None:
    program = tmp_path / "p.sapphire"
    program.write_text("∀i∈{1⋯3} ⦗x i⦘∈{1⋯6}\n(Π i∈{1⋯3}: 2·⦗x i⦘) = 96\n"
                       "⦗x 1⦘<⦗x 2⦘ ∧ ⦗x 2⦘<⦗x 3⦘\n(∏ i∈{1⋯0}: ⦗x i⦘) = 1\n",
                       encoding="utf-8")
    res = solve_program(str(program), {}, max_solutions=10)
    found = sorted(tuple(v for _, v in s["x"]) for s in res.solutions)
    assert found == [(1, 2, 6), (1, 3, 4)]  # 8 · x1·x2·x3 = 96


# --- drawing ------------------------------------------------------------------------------------


def test_a_kenken_cage_writes_its_operation_after_its_result(tmp_path: Path) -> None:
    path = tmp_path / "k.case"
    path.write_text("---\nlibrary: std\nboard: 3x3\n---\nlatin-square\n"
                    "p: product-cage r1c1-r1c2 product 6\nd: difference-cage r2c1-r2c2 "
                    "difference 1\nq: quotient-cage r3c1-r3c2 quotient 3\n"
                    "o: operation-cage r1c3-r2c3 result 2\n", encoding="utf-8")
    root = ET.fromstring(picture(*load_case(str(path))))
    totals = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")
              if t.get("class") == "cage-total"]
    assert totals == ["6×", "1−", "3÷", "2"]


# --- digits past 16 -------------------------------------------------------------------------------


def test_digits_past_sixteen_are_given_by_rules_not_by_the_grid(tmp_path: Path) -> None:
    # digits 1-20 on a 2×3 Numbrix, with its 6 given by a rule; a grid writes 1-16 only
    want = brute(2, 3, range(1, 21), [number_path(2, 3, diagonal=False)], {(1, 1): 1, (2, 1): 6})
    front = "board: 2x3\ndigits: 1-20\ngivens: |\n  1 . .\n  . . .\n"
    check(tmp_path, front, "number-path diagonal false\ngiven-number r2c1 number 6", want)
    d = case_error(tmp_path, "board: 5x5\ndigits: 1-25\ngivens: |\n" + "  . . . . .\n" * 4
                   + "  . . . . Z\n", "number-path").diagnostics[0]
    assert d.kind == "givens-alphabet" and "A-G for 10-16" in (d.hint or "")
