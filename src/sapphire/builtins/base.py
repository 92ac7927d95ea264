"""What a builtin's module may rely on: the value of an expression, and the lowering objects.

Each backend's lowering is passed to a builtin's `post_sat`/`post_cpsat` as it is; the
protocols here list the part of it the builtins use, so that `sapphire.builtins` never imports
a backend or a solver, and a backend's object satisfies them without knowing of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from sapphire.model import Domain, Formula, GroundModel, Lin

Truth = Callable[[Formula], bool]
"""The evaluator's truth of a sub-formula (a connectivity's members), under one assignment."""


def lin_value(lin: Lin, values: list[int]) -> int:
    """The value of `lin` when variable v has `values[v]`."""
    return lin.const + sum(c * values[v] for v, c in lin.terms)


SAT_TRUE = 1
"""The SAT lowering's literal that always holds (DIMACS variable 1, fixed true)."""
SAT_FALSE = -1
"""The SAT lowering's literal that never holds."""


class SatLowering(Protocol):
    """The part of `sapphire.backend.sat.lowering.SatLowering` the builtins post through:
    literals are DIMACS integers, `cnf` the clause store (`sapphire.backend.sat.cnf.Cnf`)."""

    gm: GroundModel
    cnf: Any
    values: list[list[int]]
    eq: list[list[int]]
    cache: dict[tuple[int, Formula], int]
    distinct_pairs: set[tuple[int, int]]
    max_values: int
    """The most values a variable may have to be written with a literal per value."""
    lazy: list[Any]
    """Constraints checked on each answer: each has `formula`, `enf`, `pieces` and
    `cuts(model)`, the clauses the answer breaks (`sapphire.backend.sat.search`)."""

    def unsupported(self, what: str) -> Exception:
        """The backend's refusal of what it cannot write as clauses (`auto` then runs
        CP-SAT), for the builtin to raise."""
        ...

    def var_equals_literal(self, v: int, value: int) -> int: ...
    def answer_values(self, model: list[int]) -> list[int]: ...
    def expr_equals_literal(self, e: Lin, value: int) -> int: ...
    def atom_literal(self, f: Any, pol: int) -> int: ...
    def formula_literal(self, f: Formula, pol: int) -> int: ...
    def post_atom(self, f: Any, enf: list[int], negated: bool) -> None: ...
    def post_connected(self, f: Any, enf: list[int]) -> None: ...
    def post_disconnected(self, f: Any, enf: list[int]) -> None: ...
    def automaton_graph(self, labels: list[list[int]], symbols: list[list[int]],
                        moves: tuple[tuple[int, int, int], ...], starts: tuple[int, ...],
                        accepts: tuple[int, ...]) -> Any: ...
    def flow(self, graph: Any, root: int) -> None: ...
    def reach(self, graph: Any) -> int: ...


class CpSatLowering(Protocol):
    """The part of `sapphire.backend.cpsat.lowering.Lowering` the builtins post through:
    `m` is the `CpModel`, literals and expressions are OR-Tools objects."""

    gm: GroundModel
    m: Any
    vars: list[Any]
    cache: dict[tuple[int, Formula], Any]
    native_automata: bool
    lazy: list[Any]
    """Constraints checked on each answer, as the SAT lowering's `lazy`
    (`sapphire.backend.cpsat.search`)."""
    free_aux: bool
    """Whether auxiliary variables may differ between assignments of one answer."""

    def values(self, solution: list[int]) -> list[int]: ...

    def expr(self, lin: Lin) -> Any: ...
    def atom_literal(self, f: Formula) -> Any: ...
    def formula_literal(self, f: Formula, pol: int) -> Any: ...
    def var_equals_literal(self, v: int, value: int) -> Any: ...
    def constant(self, value: bool) -> Any: ...
    def post(self, f: Formula, enf: list) -> None: ...
    def clause(self, lits: list, enf: list) -> None: ...
    def spend_pairs(self, f: Any) -> None: ...
    def post_in(self, v: int, domain: Domain) -> None: ...
    def post_connected(self, f: Any, enf: list) -> None: ...
    def post_disconnected(self, f: Any, enf: list) -> None: ...


POS, NEG, EXACT = 1, -1, 0
"""Polarities of a literal l for a formula f, as both lowerings number them: POS l ⇒ f, NEG
f ⇒ l, EXACT l ⇔ f."""
