"""Automata: acceptance against a brute-force walk, and both lowerings against it."""

from __future__ import annotations

import re
from itertools import product

import pytest
from agreement import assert_backends_agree, equals, model, var

from sapphire.builtins.automaton import Accepts, union
from sapphire.lang.automata import compile_regex
from sapphire.model import Domain, Implies, Lin, Not, Or

EVEN_ONES = ((0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0), (0, 2, 0), (1, 2, 1))
"""A deterministic automaton over 0-2 whose state counts the 1s read, modulo 2."""

ENDS_IN_TWO = ((0, 0, 0), (0, 1, 0), (0, 2, 0), (0, 2, 1))
"""A nondeterministic one: any word whose last symbol is 2."""


def walk(moves: tuple, starts: tuple, accepts: tuple, word: tuple[int, ...]) -> bool:
    """Brute force: try every sequence of states for the word."""
    states = {q for m in moves for q in (m[0], m[2])} | set(starts)
    for path in product(sorted(states), repeat=len(word) + 1):
        if path[0] in starts and path[-1] in accepts and all(
                (path[i], a, path[i + 1]) in moves for i, a in enumerate(word)):
            return True
    return False


@pytest.mark.parametrize("moves, accepts", [(EVEN_ONES, (0,)), (ENDS_IN_TWO, (1,))])
def test_holds_exactly_when_some_run_accepts(moves: tuple, accepts: tuple) -> None:
    for n in range(4):
        f = Accepts(tuple(var(i) for i in range(n)), moves, (0,), accepts)
        for word in product(range(4), repeat=n):  # 3 is no symbol: no run reads it
            assert f.holds(list(word), lambda g: False) is walk(moves, (0,), accepts, word)


def test_a_compiled_pattern_accepts_what_the_regex_matches() -> None:
    moves, starts, accepts = compile_regex("1[23]*4?")
    f = Accepts((), moves, starts, accepts)
    for n in range(4):
        for word in product(range(1, 5), repeat=n):
            text = "".join(map(str, word))
            assert f.holds_for(word) is bool(re.fullmatch("1[23]*4?", text))


def test_deterministic_means_one_start_and_one_move_per_state_and_symbol() -> None:
    word = (var(0),)
    assert Accepts(word, EVEN_ONES, (0,), (0,)).deterministic()
    assert not Accepts(word, ENDS_IN_TWO, (0,), (1,)).deterministic()
    assert not Accepts((), EVEN_ONES, (0,), (0,)).deterministic()


WORD = tuple(var(i) for i in range(3))
EVEN = Accepts(WORD, EVEN_ONES, (0,), (0,))
LAST_TWO = Accepts(WORD, ENDS_IN_TWO, (0,), (1,))


def test_a_union_accepts_what_either_accepts() -> None:
    either = union((EVEN, LAST_TWO))
    assert either is not None
    for word in product(range(3), repeat=3):
        assert either.holds_for(word) is (EVEN.holds_for(word) or LAST_TWO.holds_for(word))
    assert union((EVEN, Accepts(WORD[:2], EVEN_ONES, (0,), (0,)))) is None  # other words


@pytest.mark.parametrize("formula", [
    EVEN,
    LAST_TWO,
    Not(EVEN),
    Not(LAST_TWO),
    Implies(equals(0, 1), EVEN),
    Or((EVEN, LAST_TWO)),
    Accepts((var(0), Lin((), 1), var(2, 1, -1)), EVEN_ONES, (0,), (1,)),
], ids=["deterministic", "nondeterministic", "negated", "negated nondeterministic",
        "conditional", "union", "constants and offsets"])
def test_both_lowerings_find_exactly_the_evaluated_answers(formula: object) -> None:
    answers = assert_backends_agree(model([Domain.range(0, 3)] * 3, formula))  # type: ignore[arg-type]
    assert answers and len(answers) < 64
