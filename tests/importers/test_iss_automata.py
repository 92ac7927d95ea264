"""ISS's `.NFA` and `.Regex` constraints become `automaton` and `regex` lines: the packed
automaton format is read bit for bit, a line's `-` separators are built into its own
automaton, and values shift with the grid's lowest value. Fixtures are constraint strings
from the Interactive Sudoku Solver's examples (MIT)."""

from __future__ import annotations

import base64
import itertools
from pathlib import Path

from sapphire.builtins.automaton import Accepts
from sapphire.importers.iss import decode_nfa, iss_to_case, unroll_separators
from sapphire.pipeline import solve_case

FACTORIAL_2 = "AjFAGhA"
"""'Factorial Cages', the cage of 2: the digits multiply to 2 (plain format)."""
EVEN_LOTS = ("TgRf8iM0RVaqiIiP_ISEhIS_50dHR0f_SUlJSU_6wsLCwv_Z2dnZ2_7q6urq__hISEhI_8nJycnP_oqKioqA")
"""'Odd, Even, Seven Thermos', the even thermometers (packed format)."""


def accepts(automaton: tuple, word: list[int]) -> bool:
    moves, starts, accept = automaton
    return Accepts((), tuple(moves), tuple(starts), tuple(accept)).holds_for(word)


def test_plain_format_reads_the_product_automaton() -> None:
    nfa = decode_nfa(FACTORIAL_2)
    assert sorted(nfa[0]) == [(0, 1, 0), (0, 2, 1), (1, 1, 1)]
    assert (nfa[1], nfa[2]) == ([0], [1])
    for n in range(1, 5):
        for word in itertools.product(range(1, 10), repeat=n):
            product = 1
            for d in word:
                product *= d
            assert accepts(nfa, list(word)) == (product == 2), word


def test_packed_format_accepts_the_published_solution_line() -> None:
    nfa = decode_nfa(EVEN_LOTS)
    assert len(nfa[0]) == 95
    assert accepts(nfa, [4, 2, 5, 6, 8, 9])  # R7C2 R7C1 R6C3 R7C4 R8C3 R9C3 of the solution
    assert not accepts(nfa, [1, 2, 3, 4, 5, 6]) and not accepts(nfa, [2, 2, 2, 2, 2, 2])


def simulate_with_separators(moves: list, starts: list, accept: list, separator: int,
                             word: list[int], breaks: list[int]) -> bool:
    symbols: list[int] = []
    for k, d in enumerate(word):
        symbols += [separator] * breaks[k] + [d]
    symbols += [separator] * breaks[len(word)]
    return accepts((moves, starts, accept), symbols)


def test_separators_are_built_into_the_line_automaton() -> None:
    # symbols 1-3 are digits, 4 the separator: a separator is allowed only after an even
    # number of 1s, and the word must end in state 0
    moves = [(0, 1, 1), (1, 1, 0), (0, 2, 0), (1, 2, 1), (0, 4, 0), (0, 3, 2), (2, 4, 0)]
    for breaks in ([0, 1, 0, 0], [1, 0, 0, 1], [0, 0, 2, 0], [0, 0, 0, 0]):
        line = unroll_separators(moves, [0], [0], 4, breaks, 3)
        for word in itertools.product(range(1, 4), repeat=3):
            want = simulate_with_separators(moves, [0], [0], 4, list(word), breaks)
            assert accepts(line, list(word)) == want, (breaks, word)


def test_nfa_import_shifts_symbols_to_the_grids_values(tmp_path: Path) -> None:
    one = iss_to_case(f".NFA~{FACTORIAL_2}~_x~R1C1~R2C1")
    zero = iss_to_case(f".Shape~9x9~0-8.NFA~{FACTORIAL_2}~_x~R1C1~R2C1")
    assert "automaton r1c1-r2c1 moves [[0,1,0],[0,2,1],[1,1,1]] accept [1]" in one
    assert "automaton r1c1-r2c1 moves [[0,0,0],[0,1,1],[1,0,1]] accept [1]" in zero


def test_regex_import_solves(tmp_path: Path) -> None:
    pattern = base64.urlsafe_b64encode(b"[1-2]*4.*").decode().rstrip("=")
    text = iss_to_case(f".Shape~4x4.Regex~{pattern}~R1C1~R1C2~R1C3~R1C4~~R2C4~R2C3")
    assert 'regex r1c1-r1c2-r1c3-r1c4 pattern "[1-2]*4.*"' in text
    assert 'regex r2c4-r2c3 pattern "[1-2]*4.*"' in text
    case = tmp_path / "r.case"
    case.write_text(text, encoding="utf-8")
    res = solve_case(str(case), max_solutions=1)
    digits = res.solutions[0]["digits"]
    row = digits[0]
    assert 4 in row and all(d in (1, 2) for d in row[: row.index(4)])


def test_region_cells_on_an_automaton_line_read_region_numbers(tmp_path: Path) -> None:
    # CC1 is r1c1's region and CC6 r2c2's on a 4-wide grid: the word is region, digit, region
    text = iss_to_case(f".Shape~4x4.ChaosConstruction.NoBoxes.NFA~{FACTORIAL_2}~_x~CC1~R1C1~CC6")
    assert ("chaos-automaton r1c1-r1c1-r2c2 moves [[0,1,0],[0,2,1],[1,1,1]] accept [1] "
            "regions [1,3]") in text
    case = tmp_path / "k.case"
    case.write_text(text, encoding="utf-8")
    res = solve_case(str(case), max_solutions=1)
    # the product of region 1, r1c1's digit and r2c2's region is 2
    answer = res.solutions[0]
    assert answer["digits"][0][0] * answer["regions"][1][1] == 2
