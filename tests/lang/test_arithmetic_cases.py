"""Products, quotients and remainders of variables: the language cases that use them solve to
exactly the assignments brute force over their domains finds, with each backend (every answer
also passes the independent evaluator, which `solve_grounded` runs on it)."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import product
from pathlib import Path

import pytest

from sapphire.ground.grounder import data_to_instance
from sapphire.lang.parser import parse_program
from sapphire.pipeline import solve_grounded

CASES = Path(__file__).parent / "cases"
R = lambda lo, hi: range(lo, hi + 1)  # noqa: E731 - a domain as the cases write it


def _cage_3(a: int, b: int) -> bool:
    """The KenKen's 3÷ cage: the larger digit is three times the smaller."""
    return (a // b == 3 and a % b == 0) or (b // a == 3 and b % a == 0)


def _kenken(v: dict[tuple[int, int], int]) -> bool:
    rows = all(len({v[r, c] for c in R(1, 3)}) == 3 for r in R(1, 3))
    cols = all(len({v[r, c] for r in R(1, 3)}) == 3 for c in R(1, 3))
    return rows and cols and v[1, 1] * v[2, 1] * v[2, 2] == 6 and _cage_3(v[1, 2], v[1, 3]) \
        and v[3, 2] * v[3, 3] == 2


SCALARS: dict[str, tuple[dict[str, range | list[int]], Callable[..., bool]]] = {
    "product-of-variables": ({"x": R(1, 4), "y": R(1, 4)}, lambda x, y: x * y == 4),
    "mod-of-variables": ({"x": R(1, 9), "y": R(1, 9)}, lambda x, y: x % y == 1),
    "quotient-of-variables": ({"x": R(0, 9), "y": R(1, 4)}, lambda x, y: x // y == 2),
    "product-negated": ({"x": R(1, 4), "y": R(1, 4)}, lambda x, y: x * y != 6),
    "product-as-condition": ({"x": R(1, 4), "y": R(1, 4)}, lambda x, y: x * y != 6 or x < y),
    "quotient-and-mod-signed": ({"x": R(-5, 5), "y": [-3, -2, 2, 3]},
                                lambda x, y: x % y == 1 or x // y == -2),
    "remainder-by-a-constant": ({"x": R(1, 20)}, lambda x: x % 3 == 2 and x // 5 == 2),
    "quotient-of-a-constant": ({"y": R(1, 9)}, lambda y: 12 // y == 4 and 12 % y == 0),
}
"""Per case of scalars: each name's domain, and what the program says of them."""


def brute(domains: dict[str, range | list[int]], test: Callable[..., bool]
          ) -> set[tuple[tuple[str, int], ...]]:
    names = sorted(domains)
    return {tuple(zip(names, vals, strict=True)) for vals in product(*(domains[n] for n in names))
            if test(**dict(zip(names, vals, strict=True)))}


def solved(name: str, backend: str, most: int) -> list[dict]:
    path = CASES / f"{name}.sapphire"
    program = parse_program(path.read_text(encoding="utf-8"), str(path))
    res = solve_grounded(program, data_to_instance({}), max_solutions=most, backend=backend)
    assert res.count < most, "the search found every answer"
    return res.solutions


@pytest.mark.parametrize("backend", ["sat", "cpsat", "auto"])
@pytest.mark.parametrize("name", sorted(SCALARS))
def test_scalar_cases_have_the_brute_force_answers(name: str, backend: str) -> None:
    domains, test = SCALARS[name]
    want = brute(domains, test)
    got = {tuple(sorted(s.items())) for s in solved(name, backend, len(want) + 2)}
    assert got == want


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_product_of_three_distinct_digits(backend: str) -> None:
    want = {(a, b, c) for a, b, c in product(R(1, 9), repeat=3)
            if a * b * c == 12 and len({a, b, c}) == 3}
    got = {tuple(v for _, v in s["d"]) for s in solved("product-of-three", backend, 20)}
    assert got == want


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_the_kenken_is_unique(backend: str) -> None:
    squares = [dict(zip(product(R(1, 3), R(1, 3)), vals, strict=True))
               for vals in product(R(1, 3), repeat=9)]
    (want,) = [v for v in squares if _kenken(v)]
    (got,) = solved("kenken-3x3", backend, 3)
    assert {(r, c): x for r, c, x in got["v"]} == want


DOMAINS = {"a": R(-3, 3), "b": [-2, -1, 1, 2], "c": R(0, 4)}
"""Random programs' scalars: `b` is the one divisor, never 0."""


def _expression(rng: random.Random, depth: int) -> tuple[str, str]:
    """A random integer expression over a, b, c as the language and as Python write it."""
    if depth == 0 or rng.random() < 0.3:
        leaf = rng.choice(["a", "b", "c", "a", "c", str(rng.randint(-3, 3))])
        return leaf, f"({leaf})"
    op = rng.choice(["+", "⨫", "·", "·", "÷", "mod"])
    left = _expression(rng, depth - 1)
    right = ("b", "(b)") if op in ("÷", "mod") else _expression(rng, depth - 1)
    python = {"+": "+", "⨫": "-", "·": "*", "÷": "//", "mod": "%"}[op]
    return f"({left[0]}{' mod ' if op == 'mod' else op}{right[0]})", \
        f"({left[1]} {python} {right[1]})"


def _condition(rng: random.Random) -> tuple[str, str]:
    """A random comparison of an expression with a constant, maybe negated."""
    text, python = _expression(rng, 2)
    op, py = rng.choice([("=", "=="), ("¬=", "!="), ("<", "<"), (">=", ">=")])
    k = rng.randint(-4, 4)
    text, python = f"{text}{op}{k}", f"({python} {py} {k})"
    if rng.random() < 0.3:
        return f"¬({text})", f"(not {python})"
    return text, python


def random_program(seed: int) -> tuple[str, str]:
    """A program of two random conditions joined by ∧, ∨ or ⇒, and its Python test."""
    rng = random.Random(seed)
    (p, pp), (q, qp) = _condition(rng), _condition(rng)
    join, py = rng.choice([("∧", "and"), ("∨", "or"), ("⇒", "<=")])
    body = f"({pp}) {py} ({qp})"
    text = "a∈{-3⋯3}\nb∈{-2 -1 1 2}\nc∈{0⋯4}\n" + f"({p}) {join} ({q})\n"
    return text, body


@pytest.mark.parametrize("seed", range(24))
def test_random_programs_have_the_brute_force_answers(seed: int) -> None:
    """Products, quotients and remainders nested in sums, compared, negated and joined: each
    backend finds exactly the assignments Python's `*`, `//` and `%` accept."""
    text, test = random_program(seed)
    want = brute(DOMAINS, lambda a, b, c: bool(eval(test)))  # noqa: S307 - our own text
    program = parse_program(text, f"random-{seed}.sapphire")
    for backend in ("sat", "cpsat"):
        res = solve_grounded(program, data_to_instance({}), max_solutions=len(want) + 2,
                             backend=backend)
        got = {tuple(sorted(s.items())) for s in res.solutions}
        assert got == want, (text, backend)
