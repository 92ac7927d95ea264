"""The ground model: integer variables with finite domains and quantifier-free constraints.

This is the data passed from the grounder to a backend and to the independent evaluator. The
builtin constraints (all-different, connectivity, automata, element) subclass `Builtin` or
`Definition` here and live in `sapphire.builtins`, one module each.
Formula and expression classes are slotted and hashable but not `frozen`: grounding builds
tens of thousands of them and a frozen dataclass's constructor costs three times as much.
They are never mutated after construction.
Formulas keep `Not`, `Implies` and `Iff` as written so the evaluator reads the meaning, not a
backend's normal form. Every top-level constraint carries its provenance.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from sapphire.diagnostics import Span

Interval = tuple[int, int]

_ABOVE = float("inf")
"""Sorts after every interval that starts at a value, so that bisecting finds the last one."""


@dataclass(frozen=True)
class Domain:
    """A finite set of integers as sorted, disjoint, non-adjacent closed intervals."""

    intervals: tuple[Interval, ...]

    @staticmethod
    def of(values: set[int] | list[int] | tuple[int, ...]) -> Domain:
        vs = sorted(set(values))
        out: list[Interval] = []
        for v in vs:
            if out and out[-1][1] + 1 == v:
                out[-1] = (out[-1][0], v)
            else:
                out.append((v, v))
        return Domain(tuple(out))

    @staticmethod
    def range(lo: int, hi: int) -> Domain:
        return Domain(((lo, hi),) if lo <= hi else ())

    def __contains__(self, v: int) -> bool:
        ivs = self.intervals
        if len(ivs) == 1:  # most domains: a range, asked for each value of each cell
            return ivs[0][0] <= v <= ivs[0][1]
        if len(ivs) < 8:
            return any(lo <= v <= hi for lo, hi in ivs)
        # a region number among scattered others (a Shikaku cell: a hundred intervals)
        k = bisect.bisect_right(ivs, (v, _ABOVE)) - 1
        return k >= 0 and v <= ivs[k][1]

    def intersect(self, other: Domain) -> Domain:
        out: list[Interval] = []
        i = j = 0
        a, b = self.intervals, other.intervals
        while i < len(a) and j < len(b):
            lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
            if lo <= hi:
                out.append((lo, hi))
            if a[i][1] < b[j][1]:
                i += 1
            else:
                j += 1
        return Domain(tuple(out))

    @staticmethod
    def join(domains: Iterable[Domain]) -> Domain:
        """The union of many domains, their intervals sorted once."""
        out: list[Interval] = []
        for lo, hi in sorted(iv for d in domains for iv in d.intervals):
            if out and lo <= out[-1][1] + 1:
                out[-1] = (out[-1][0], max(out[-1][1], hi))
            else:
                out.append((lo, hi))
        return Domain(tuple(out))

    def union(self, other: Domain) -> Domain:
        return Domain.join((self, other))

    def without(self, values: Iterable[int]) -> Domain:
        """This domain less `values`, interval by interval (a domain may be wide)."""
        out: list[Interval] = []
        holes = sorted(v for v in set(values) if v in self)
        if not holes:
            return self
        k = 0
        for lo, hi in self.intervals:
            while k < len(holes) and holes[k] <= hi:
                if holes[k] > lo:
                    out.append((lo, holes[k] - 1))
                lo = holes[k] + 1
                k += 1
            if lo <= hi:
                out.append((lo, hi))
        return Domain(tuple(out))

    @property
    def size(self) -> int:
        return sum(hi - lo + 1 for lo, hi in self.intervals)

    @property
    def is_empty(self) -> bool:
        return not self.intervals

    @property
    def lo(self) -> int:
        return self.intervals[0][0]

    @property
    def hi(self) -> int:
        return self.intervals[-1][1]

    def values(self) -> list[int]:
        return [v for lo, hi in self.intervals for v in range(lo, hi + 1)]

    def is_boolean(self) -> bool:
        return self.intervals == ((0, 1),)

    def __str__(self) -> str:
        parts = [f"{lo}" if lo == hi else f"{lo}⋯{hi}" for lo, hi in self.intervals]
        return "{" + " ".join(parts) + "}"


@dataclass(frozen=True)
class Variable:
    """One decision variable: a scalar (`index == ()`) or one point of a map."""

    name: str
    index: tuple[int, ...]
    domain: Domain
    source: bool = True
    """False for auxiliary variables the grounder introduced (element results)."""

    def label(self) -> str:
        if not self.index:
            return self.name
        return f"{self.name}({', '.join(str(i) for i in self.index)})"


@dataclass(slots=True, unsafe_hash=True)
class Lin:
    """Σ coef·var + const, with variables as indices into `GroundModel.variables`."""

    terms: tuple[tuple[int, int], ...]
    const: int = 0


# Comparison operators on `lin` against zero.
CMP_OPS = ("=", "¬=", "<=", ">=")


@dataclass(slots=True, unsafe_hash=True)
class Cmp:
    """`lin op 0` with op in CMP_OPS."""

    op: str
    lin: Lin


@dataclass(slots=True, unsafe_hash=True)
class InSet:
    """`lin ∈ domain`."""

    lin: Lin
    domain: Domain


@dataclass(slots=True, unsafe_hash=True)
class And:
    """Every item holds; no items: true (`TRUE`)."""

    items: tuple[Formula, ...]


@dataclass(slots=True, unsafe_hash=True)
class Or:
    """Some item holds; no items: false (`FALSE`)."""

    items: tuple[Formula, ...]


@dataclass(slots=True, unsafe_hash=True)
class Not:
    """The item does not hold."""

    item: Formula


TRUE = And(())
"""The formula that always holds: grounding writes it for a connectivity member known to be
one, and readers test for it by equality."""
FALSE = Or(())
"""The formula that never holds: a constraint that folded to false, a member known not to be
one."""


@dataclass(slots=True, unsafe_hash=True)
class Implies:
    """`left ⇒ right`, kept as written for the evaluator."""

    left: Formula
    right: Formula


@dataclass(slots=True, unsafe_hash=True)
class Iff:
    """`left ⇐⇒ right`, kept as written for the evaluator."""

    left: Formula
    right: Formula


class Builtin:
    """A builtin constraint: each kind is one module of `sapphire.builtins`, which says what it
    means (`holds`) and how each backend posts it. This base lets the model's `Formula` cover
    them without this module knowing the kinds; readers dispatch on the subclass."""

    __slots__ = ()

    def reads(self) -> tuple[tuple[Lin, ...], tuple[Formula, ...]]:
        """The expressions and the sub-formulas the constraint reads."""
        raise NotImplementedError

    def holds(self, values: list[int], truth: Callable[[Formula], bool]) -> bool:
        """Its truth when variable v has `values[v]`, with `truth` the evaluator's truth of a
        sub-formula."""
        raise NotImplementedError

    def post_sat(self, low: Any, enf: list[int], negated: bool) -> None:
        """Post `∧enf ⇒ self` (`⇒ ¬self` when `negated`) through a SAT lowering."""
        raise NotImplementedError

    def sat_literal(self, low: Any, pol: int) -> int | None:
        """A SAT literal for the constraint with polarity `pol`, when the kind has a better
        one than a fresh literal it is posted under (None then)."""
        return None

    def post_cpsat(self, low: Any, enf: list, negated: bool) -> None:
        """Post `∧enf ⇒ self` (`⇒ ¬self` when `negated`) through a CP-SAT lowering."""
        raise NotImplementedError

    def cpsat_literal(self, low: Any, pol: int) -> Any:
        """A CP-SAT literal for the constraint, as `sat_literal`; None for a fresh one."""
        return None


Formula = Cmp | InSet | And | Or | Not | Implies | Iff | Builtin


class Definition:
    """A builtin that defines one variable's value from others (`sapphire.builtins.element`,
    `sapphire.builtins.arithmetic`):
    kept in `GroundModel.elements`, beside the constraints, since it always holds."""

    __slots__ = ()

    result: int
    """The variable it defines."""

    def variables(self) -> set[int]:
        """Every variable it reads or defines."""
        raise NotImplementedError

    def exprs(self) -> tuple[Lin, ...]:
        """Every expression it reads (a backend bounds their reach)."""
        raise NotImplementedError

    def violation(self, values: list[int]) -> str | None:
        """What is wrong with `values` for it, or None when they keep it."""
        raise NotImplementedError

    def post_sat(self, low: Any) -> None:
        """Post it through a SAT lowering."""
        raise NotImplementedError

    def post_cpsat(self, low: Any) -> None:
        """Post it through a CP-SAT lowering."""
        raise NotImplementedError


@dataclass(slots=True, unsafe_hash=True)
class Origin:
    """Where a ground constraint came from: source span and quantifier bindings."""

    span: Span | None
    bindings: tuple[tuple[str, int | tuple[int, ...]], ...] = ()
    note: str = ""

    def __str__(self) -> str:
        where = str(self.span) if self.span else "<data>"
        if self.bindings:
            where += " with " + ", ".join(f"{k}={v}" for k, v in self.bindings)
        return f"{where} {self.note}".rstrip()


@dataclass(slots=True, unsafe_hash=True)
class Constraint:
    """A top-level formula with where it came from, for errors and explanations."""

    formula: Formula
    origin: Origin
    implied: bool = False
    """Implied by the other constraints (a rule's implied facts): the evaluator checks it like
    any other; a backend may leave it out."""


@dataclass
class GroundModel:
    """Variables, constraints and the functional element definitions of one instance."""

    variables: list[Variable] = field(default_factory=list)
    constraints: list[Constraint] = field(default_factory=list)
    elements: list[tuple[Definition, Origin]] = field(default_factory=list)
    constants: dict[str, dict[tuple[int, ...], int]] = field(default_factory=dict)
    """Map points and scalars that folded to constants, per source name (shown in answers); a
    scalar's one point has the index ()."""
    answer: tuple[str, ...] = ()
    """The source names whose values make up an answer (blocking and counting use these)."""
    source: str = ""
    """The text the origins' spans point into, for the line an error in a backend shows."""
    facts: Any = None
    """The facts the constraints imply (`sapphire.ground.implied.Implied`), which a backend
    adds as redundancy; None until the implied-facts pass (`sapphire.ground.implied.imply`)
    has run, and a backend then adds none."""
    guides: list[Constraint] = field(default_factory=list)
    """Ground guides (a rule's ```sapphire guide): no part of the model, which a backend may
    use to look for its first answer (see `sapphire.lang.syntax.Program.guides`)."""
    settles: list[Constraint] = field(default_factory=list)
    """When the guides settle the count, ground (`sapphire.lang.syntax.Program.settles`): a
    constant false one when they cannot."""

    def possible_values(self, x: int | Lin) -> list[int]:
        """The values `x` can take: exact for one variable, its bounds' range otherwise.
        There are `count_values(x)` of them: ask that first, a domain may be wide."""
        return list(self.iter_values(x))

    def count_values(self, x: int | Lin) -> int:
        """How many values `possible_values(x)` lists, without listing them."""
        if isinstance(x, int):
            return 1
        if len(x.terms) == 1:
            return self.variables[x.terms[0][0]].domain.size if x.terms[0][1] else 1
        lo, hi = self._bounds(x)
        return max(0, hi - lo + 1)

    def may_take(self, x: int | Lin, value: int) -> bool:
        """Whether `value` is among `possible_values(x)`, without listing them."""
        if isinstance(x, int):
            return x == value
        if len(x.terms) == 1:
            v, c = x.terms[0]
            if not c:
                return value == x.const
            d, r = divmod(value - x.const, c)
            return not r and d in self.variables[v].domain
        lo, hi = self._bounds(x)
        return lo <= value <= hi

    def iter_values(self, x: int | Lin) -> Iterator[int]:
        """`possible_values(x)` one at a time, in increasing order."""
        if isinstance(x, int):
            yield x
            return
        if len(x.terms) == 1:
            v, c = x.terms[0]
            ivs = self.variables[v].domain.intervals
            k = x.const
            if not c:
                yield k
            elif c > 0:
                for lo, hi in ivs:
                    for d in range(lo, hi + 1):
                        yield c * d + k
            else:
                for lo, hi in reversed(ivs):
                    for d in range(hi, lo - 1, -1):
                        yield c * d + k
            return
        lo, hi = self._bounds(x)
        yield from range(lo, hi + 1)

    def _bounds(self, x: Lin) -> tuple[int, int]:
        lo = hi = x.const
        for v, c in x.terms:
            d = self.variables[v].domain
            a, b = c * d.lo, c * d.hi
            lo, hi = lo + min(a, b), hi + max(a, b)
        return lo, hi
