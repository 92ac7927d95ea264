"""Grounding that keeps which top-level constraint of the program each ground constraint and
each fact came from, so that an answer's broken constraints can be named by the rule line
that states them (`sapphire.verify`).

A case's program holds one top-level constraint per rule line (a `Let` whose span is the
line), after the channels; a `Constraint`'s origin is where in the meaning it was written, which
a kind used on several lines shares. The grounding is the solver's own (`Grounder`), with
three differences: each ground constraint and each fact is tagged with its top-level
constraint; a constraint two lines both state is kept once for each (a solve keeps it once);
and the implied-facts pass does not run (its facts are not rules).
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.diagnostics import Span
from sapphire.ground.grounder import Grounder
from sapphire.lang.instance import Instance
from sapphire.lang.syntax import Expr, Program
from sapphire.model import Domain, Formula, GroundModel


@dataclass
class Provenance:
    """A ground model with, for each constraint and each fact, the top-level constraint (its
    index among the program's constraints, then its implied ones) it came from."""

    model: GroundModel
    owners: list[int]
    """Per ground constraint, by position, the index of its top-level constraint."""
    facts: dict[tuple[str, tuple[int, ...]], list[tuple[int, Domain]]]
    """Per map point, each top-level constraint that stated a fact about it, with the values
    that fact allows (a point's domain is their intersection, and its givens')."""
    spans: list[Span | None]
    """Per top-level constraint, its span (a rule line's, for a case)."""


class _Tracing(Grounder):
    def __init__(self, program: Program, inst: Instance) -> None:
        super().__init__(program, inst)
        tops = (*program.constraints, *program.implied)
        self.tops = {id(e): k for k, e in enumerate(tops)}
        self.spans = [getattr(e, "span", None) for e in tops]
        self.top = -1
        self.owners: list[int] = []
        self.own: set[tuple[int, Formula]] = set()
        self.stated: dict[tuple[str, tuple[int, ...]], list[tuple[int, Domain]]] = {}

    def collect(self, e: Expr) -> None:
        k = self.tops.get(id(e))
        if k is None:
            super().collect(e)
            return
        self.top = k
        try:
            super().collect(e)
        finally:
            self.top = -1

    def add_fact(self, name: str, idx: tuple[int, ...], dom: Domain, span: Span) -> None:
        super().add_fact(name, idx, dom, span)
        if self.top >= 0:
            self.stated.setdefault((name, idx), []).append((self.top, dom))

    def post(self, e: Expr) -> None:
        k = self.tops.get(id(e))
        if k is None:
            super().post(e)
            return
        self.top = k
        try:
            super().post(e)
        finally:
            self.top = -1

    def emit(self, f: Formula, span: Span) -> None:
        if (self.top, f) in self.own:
            return  # the same ground constraint from another binding of the same line
        self.own.add((self.top, f))
        before = len(self.model.constraints)
        self.emitted.discard(f)  # so that the grounder's own test lets it through
        super().emit(f, span)
        self.owners.extend([self.top] * (len(self.model.constraints) - before))


def ground_traced(program: Program, inst: Instance) -> Provenance:
    """Ground `program` on `inst`, keeping where each constraint and fact came from."""
    grounder = _Tracing(program, inst)
    model = grounder.run()
    return Provenance(model, grounder.owners, grounder.stated, grounder.spans)
