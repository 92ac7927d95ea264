"""Arithmetic of variables: the product, quotient or remainder of two expressions.

Signature: `Arithmetic(op, result: int, left: Lin, right: Lin)` with `op` one of `·`, `÷`,
`mod`, a definition kept in `GroundModel.elements`: variable `result` equals `left op right`.
The grounder writes one for each `x·y`, `x÷y` or `x mod y` that does not fold to a linear
term (both operands variables, or a variable divisor), and reads `result` in the formula
instead, so every other formula stays linear. Its domain is every value the operation takes
over the operands' values.

Meaning, as the language folds constants: `÷` rounds down (towards −∞) and `mod` takes the
divisor's sign, so that `x = y·(x÷y) + x mod y` (Python's `//` and `%`). A divisor is never 0:
the grounder refuses a divisor that can be 0 where it is written, as it refuses a constant one.

SAT: a table over the operands' pairs of values (`x=a ∧ y=b ⇒ z=a·b`), with support clauses
from each value of each of the three to the values of the others that go with it. The
operands' values must be few enough for a literal per value (`max_values`); the lowering
refuses a wider one, and `auto` gives the model to CP-SAT.
CP-SAT: its multiplication constraint; its division and modulo ones (which round towards 0)
when the dividend cannot be negative and the divisor is positive; otherwise `x = y·q + r`
with the remainder between 0 and the divisor, which rounds down.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sapphire.builtins.base import SAT_FALSE, CpSatLowering, SatLowering, lin_value
from sapphire.model import Definition, Domain, GroundModel, Lin

OPERATORS = ("·", "÷", "mod")
"""The operators an `Arithmetic` defines a variable for."""

EXACT_PAIRS = 1 << 16
"""Up to this many pairs of operand values, the result's domain is every value the operation
takes on them; past it, the range those values' bounds allow (a superset, still exact: the
definition itself holds the result to the operation's value)."""


def apply(op: str, a: int, b: int) -> int:
    """`a op b` on plain integers, as the language means it; `b` is never 0 for `÷`, `mod`."""
    if op == "·":
        return a * b
    if op == "÷":
        return a // b
    if op == "mod":
        return a % b
    raise ValueError(f"not an arithmetic operator: {op}")


def result_domain(op: str, left: Iterable[int], right: Iterable[int]) -> Domain:
    """Every value of `a op b` over the operands' values (0 is no divisor's value)."""
    rs = [b for b in right if op == "·" or b]
    return Domain.of({apply(op, a, b) for a in left for b in rs})


def result_bounds(op: str, left: tuple[int, int], right: tuple[int, int]) -> Domain:
    """A range holding every value of `a op b` for `a`, `b` within the bounds given (0 taken
    out of the divisor's): what `result_domain` would give, for operands too wide to list."""
    (alo, ahi), (blo, bhi) = left, right
    if op == "·":
        corners = [alo * blo, alo * bhi, ahi * blo, ahi * bhi]
        return Domain.range(min(corners), max(corners))
    if op == "÷":
        big = max(abs(alo), abs(ahi))
        return Domain.range(-big, big)
    return Domain.range(min(0, blo + 1), max(0, bhi - 1))


@dataclass(frozen=True)
class Arithmetic(Definition):
    """`result = left op right` for `op` in `OPERATORS` (see the module docstring)."""

    op: str
    result: int
    left: Lin
    right: Lin

    def exprs(self) -> tuple[Lin, ...]:
        return (self.left, self.right, Lin(((self.result, 1),), 0))

    def variables(self) -> set[int]:
        return {self.result, *(v for v, _ in self.left.terms),
                *(v for v, _ in self.right.terms)}

    def violation(self, values: list[int]) -> str | None:
        a, b = lin_value(self.left, values), lin_value(self.right, values)
        if self.op != "·" and b == 0:
            return f"{a} {self.op} 0 divides by zero"
        want = apply(self.op, a, b)
        if values[self.result] != want:
            return f"{a} {self.op} {b} is {want}, not {values[self.result]}"
        return None

    def pairs(self, gm: GroundModel) -> list[tuple[int, int, int]]:
        """The (a, b, a op b) of every pair of the operands' possible values."""
        rights = [b for b in gm.possible_values(self.right) if self.op == "·" or b]
        return [(a, b, apply(self.op, a, b))
                for a in gm.possible_values(self.left) for b in rights]

    def post_sat(self, low: SatLowering) -> None:
        gm = low.gm
        for side in (self.left, self.right):  # a literal per value, as for one variable
            if gm.count_values(side) > low.max_values:
                raise low.unsupported(f"an operand of '{self.op}' has more than "
                                      f"{low.max_values} values")
        z = self.result
        lx = {a: low.expr_equals_literal(self.left, a) for a in gm.iter_values(self.left)}
        ly = {b: low.expr_equals_literal(self.right, b) for b in gm.iter_values(self.right)}
        add = low.cnf.add
        if self.op != "·" and 0 in ly:
            add([-ly[0]])  # the grounder refuses a divisor that can be 0: never reached
        with_x: dict[int, set[int]] = {}
        with_y: dict[int, set[int]] = {}
        x_of: dict[int, set[int]] = {}
        y_of: dict[int, set[int]] = {}
        for a, b, c in self.pairs(gm):
            if lx[a] == SAT_FALSE or ly[b] == SAT_FALSE:
                continue
            add([-lx[a], -ly[b], low.var_equals_literal(z, c)])
            with_x.setdefault(a, set()).add(c)
            with_y.setdefault(b, set()).add(c)
            x_of.setdefault(c, set()).add(a)
            y_of.setdefault(c, set()).add(b)
        for lits, reach in ((lx, with_x), (ly, with_y)):  # a value ⇒ the results it allows
            for a, lit in lits.items():
                add([-lit, *(low.var_equals_literal(z, c) for c in sorted(reach.get(a, ())))])
        for c in low.values[z]:  # a result ⇒ the operand values that give it
            lit = low.var_equals_literal(z, c)
            add([-lit, *(lx[a] for a in sorted(x_of.get(c, ())))])
            add([-lit, *(ly[b] for b in sorted(y_of.get(c, ())))])

    def post_cpsat(self, low: CpSatLowering) -> None:
        m = low.m
        gm = low.gm
        z = low.vars[self.result]
        x, y = _operand(low, self.left), _operand(low, self.right)
        if self.op == "·":
            m.add_multiplication_equality(z, [x, y])
            return
        (alo, ahi), (blo, bhi) = _bounds(gm, self.left), _bounds(gm, self.right)
        if alo >= 0 and blo > 0:  # truncating rounds down here too
            if self.op == "÷":
                m.add_division_equality(z, x, y)
            else:
                m.add_modulo_equality(z, x, y)
            return
        # x = y·q + r, 0 ≤ r < y (y > 0) or y < r ≤ 0 (y < 0): q rounds down
        big = max(abs(alo), abs(ahi))
        q = z if self.op == "÷" else m.new_int_var(-big, big, "")
        r = z if self.op == "mod" else m.new_int_var(-max(abs(blo), abs(bhi)),
                                                     max(abs(blo), abs(bhi)), "")
        corners = [u * w for u in (blo, bhi) for w in (-big, big)]
        p = m.new_int_var(min(corners), max(corners), "")
        m.add_multiplication_equality(p, [y, q])
        m.add(x == p + r)
        positive = m.new_bool_var("")
        m.add(y >= 1).only_enforce_if(positive)
        m.add(r >= 0).only_enforce_if(positive)
        m.add(r <= y - 1).only_enforce_if(positive)
        m.add(y <= -1).only_enforce_if(~positive)
        m.add(r <= 0).only_enforce_if(~positive)
        m.add(r >= y + 1).only_enforce_if(~positive)


def _bounds(gm: GroundModel, lin: Lin) -> tuple[int, int]:
    lo = hi = lin.const
    for v, c in lin.terms:
        d = gm.variables[v].domain
        lo, hi = lo + min(c * d.lo, c * d.hi), hi + max(c * d.lo, c * d.hi)
    return lo, hi


def _operand(low: CpSatLowering, lin: Lin):  # noqa: ANN202 - an ortools expression
    """`lin` as CP-SAT's nonlinear constraints take it: an affine expression of one
    variable, or a new variable equal to a longer sum."""
    if len(lin.terms) <= 1:
        return low.expr(lin)
    lo, hi = _bounds(low.gm, lin)
    t = low.m.new_int_var(lo, hi, "")
    low.m.add(t == low.expr(lin))
    return t
