"""Products, quotients and remainders of variables: the language cases that use them solve to
exactly the assignments brute force over their domains finds, with each backend (every answer
also passes the independent evaluator, which `solve_grounded` runs on it)."""

from __future__ import annotations

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
