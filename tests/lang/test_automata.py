"""Regular expressions compiled for `accepted(pattern)` accept exactly the words Python's own
`re` matches in full, and an automaton's runs are followed through every nondeterministic
branch."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys

import pytest

from sapphire.builtins.automaton import Accepts
from sapphire.lang.automata import SYMBOLS, compile_regex, live_moves, renumbered


@pytest.mark.parametrize("pattern", [
    "[1245]*3.*",
    "(12|34)+.",
    "[^1-2]?(3|41)*",
    ".?([^4]|41)*",
    "1{2,3}[2-4]",
    "",
    "(1|2)(3|4)?1*",
])
def test_compiled_pattern_accepts_what_re_fullmatch_accepts(pattern: str) -> None:
    moves, starts, accepts = compile_regex(pattern)
    a = Accepts((), moves, starts, accepts)
    for n in range(5):
        for word in itertools.product(range(1, 5), repeat=n):
            text = "".join(SYMBOLS[v] for v in word)
            assert a.holds_for(word) == bool(re.fullmatch(pattern, text)), (pattern, text)


def test_letters_spell_ten_and_up_in_either_case() -> None:
    for pattern in ("A[B-C]", "a[b-c]"):
        a = Accepts((), *compile_regex(pattern))
        assert a.holds_for([10, 12]) and not a.holds_for([10, 13]) and not a.holds_for([1, 2])


def test_moves_into_and_out_of_dead_states_are_dropped() -> None:
    # state 2 is a trap that accepts nothing; state 3 can only be reached through it
    moves = {(0, 1, 1), (0, 2, 2), (2, 1, 2), (2, 3, 3), (1, 1, 1)}
    assert live_moves(moves, {1}) == ((0, 1, 1), (1, 1, 1))
    assert live_moves(moves, {3}) == ((0, 2, 2), (2, 1, 2), (2, 3, 3))


@pytest.mark.parametrize("bad", ["(12", "1**[", "é"])
def test_an_unreadable_pattern_is_a_value_error(bad: str) -> None:
    with pytest.raises(ValueError):
        compile_regex(bad)


def test_a_run_follows_every_branch_of_a_nondeterministic_automaton() -> None:
    # from 0 a 1 leads to 1 or 2; only 2 goes on with 3 to the accepting 3
    a = Accepts((), ((0, 1, 1), (0, 1, 2), (2, 3, 3)), (0,), (3,))
    assert a.reached([1]) == {1, 2}
    assert a.holds_for([1, 3]) and not a.holds_for([1]) and not a.holds_for([1, 3, 3])


def test_states_are_numbered_by_a_walk_from_the_start() -> None:
    # start 7; symbol 1 leads to 5, symbol 2 to 3; 9 is never met
    moves = ((3, 1, 7), (5, 4, 5), (7, 1, 5), (7, 2, 3), (9, 1, 7))
    assert renumbered(moves, 7, {5, 9}) == (((0, 1, 1), (0, 2, 2), (1, 4, 1), (2, 1, 0)),
                                            (0,), (1,))


def test_the_same_pattern_compiles_alike_under_any_hash_seed() -> None:
    code = ("from sapphire.lang.automata import compile_regex; "
            "print(compile_regex('(1|2)(3|4)?1*([^4]|41)*'), compile_regex('(12|34)+[5-7]*'))")
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env={**os.environ, "PYTHONHASHSEED": seed}).stdout
            for seed in ("1", "2", "3")}
    assert len(outs) == 1
