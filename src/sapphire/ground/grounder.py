"""Ground a Sapphire program: unroll quantifiers, fold constants, infer domains.

Input: a parsed `Program`, constant bindings (instance parameters, a rule's cells and
parameters) and given map points. Output: a `GroundModel`.

Three steps, each a walk over the program:
1. *facts* (`sapphire.ground.facts`): at unconditional positions (top level, under ∀ and ∧,
   after a guard that folds to true) `point ∈ constant-set` and `point = constant` give value
   domains; a scalar constrained by `= constant` is that constant. `point ¬= constant` takes
   a value out of a domain so given. Repeated while it discovers new constants.
2. the points so bounded become variables (`sapphire.ground.variables`; singletons become
   constants); a value taken out is never a literal of the solver, and every test of it folds
   away while grounding;
3. *ground*: every constraint is evaluated (`sapphire.ground.evaluate`, `.quantifiers`) with
   constants folded, quantifiers unrolled within a budget (`sapphire.ground.unroll`); a guard
   that folds to false removes its branch before the branch is read, so only live reads need
   a domain.
"""

from __future__ import annotations

from typing import Any

from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.diagnostics import SapphireError, Span, error
from sapphire.ground.evaluate import Evaluation
from sapphire.ground.exclusions import Exclusions
from sapphire.ground.facts import FactsPass
from sapphire.ground.quantifiers import Quantifiers
from sapphire.ground.unroll import TimeUp, Unrolling
from sapphire.ground.variables import Variables
from sapphire.lang.instance import Instance, check_read, data_to_instance
from sapphire.lang.syntax import Binary, Conj, Expr, Let, Program, Quant, TermDef
from sapphire.model import (
    FALSE,
    Cmp,
    Constraint,
    Domain,
    Formula,
    GroundModel,
    Implies,
    InSet,
    Not,
    Or,
)
from sapphire.nogc import no_gc

__all__ = ["Grounder", "Instance", "TimeUp", "data_to_instance", "ground"]

Value = Any  # int | bool | Lin | Formula | tuple | list


class Grounder(FactsPass, Exclusions, Variables, Unrolling, Evaluation, Quantifiers):
    """One grounding of a program on an instance: the state its steps share, the driver, and
    the posting of each constraint. Each step's own state and methods are in its module."""

    def __init__(self, program: Program, inst: Instance, deadline: Deadline = UNBOUNDED
                 ) -> None:
        self.program = program
        self.source = program.source
        self.inst = inst
        self.terms: dict[str, TermDef] = {t.name: t for t in (*inst.terms, *program.terms)}
        self.env: dict[str, Value] = dict(inst.constants)
        """Every name's constant value: parameters, quantifier and let bindings, and the
        scalars the facts fix."""
        self.params = set(inst.constants)
        self.model = GroundModel(source=program.source)
        self.emitted: set[Formula] = set()
        self.implied = False
        """Whether the constraints being posted are the program's implied ones."""
        self.posted = self.model.constraints
        """Where `emit` puts a ground constraint: the model's constraints, or its guides."""
        self.read: dict[str, set[tuple[int, ...]]] = (
            {} if inst.data is None else {name: set() for name in inst.points})
        """For each map the user's data gives points of, the points of it read so far (given
        or not), for `check_read`; empty for the project's own instances, which skip it."""
        self.init_facts()
        self.init_variables()
        self.init_unrolling(deadline)
        self.init_evaluation()

    def fail(self, kind: str, message: str, span: Span, hint: str | None = None) -> SapphireError:
        """The user error `kind` at `span`, shown with its line of the program."""
        return error(kind, message, span, hint=hint, source=self.source)

    def run(self) -> GroundModel:
        self.infer_facts()
        self.make_variables()
        self.mode = "ground"
        for c in self.program.constraints:
            self.post(c)
        self.implied = True
        for c in self.program.implied:
            self.post(c)
        self.implied = False
        self.posted = self.model.guides
        for c in self.program.guides:
            self.post(c)
        self.posted, self.emitted = self.model.settles, set()  # a condition, not a rule
        for c in self.program.settles:
            self.post(c)
        self.posted = self.model.constraints
        self.model.answer = self.answer_names()
        return self.model

    def post(self, e: Expr) -> None:
        """Ground `e` at an unconditional position, emitting one constraint per conjunct."""
        if self.deadline.expired():
            raise TimeUp  # a quantifier's body posts here once per binding
        if isinstance(e, Let):
            with self.bound(e):
                self.post(e.body)
            return
        if isinstance(e, Conj):
            for it in e.items:
                self.post(it)
            return
        if isinstance(e, Binary) and e.op == "∧":
            self.post(e.left)
            self.post(e.right)
            return
        if isinstance(e, Quant) and e.kind == "∀":
            if self.post_exclusions(e):
                return
            for _ in self.iterate(e):
                self.post(e.body)
            return
        if isinstance(e, Binary) and e.op == "⇒":
            g = self.eval_bool(e.left)
            if g is False:
                return
            if g is True:
                self.post(e.right)
                return
            r = self.eval_bool(e.right)
            if r is not True:
                self.emit(Implies(g, r) if r is not False else Not(g), e.span)
            return
        v = self.eval_bool(e)
        if v is True or self.implied_by_domain(v):
            return
        self.emit(v if v is not False else FALSE, e.span)

    def implied_by_domain(self, f: Formula | bool) -> bool:
        """True when `f` bounds one variable and its domain already says so (a fact); a
        disjunction, when its items all bound the same variable and their values cover its
        domain (a choice of facts)."""
        t = type(f)
        if isinstance(f, Or):
            cmps = [it for it in f.items if isinstance(it, Cmp) and it.op == "="]
            terms = {c.lin.terms for c in cmps}
            if len(cmps) != len(f.items) or len(terms) != 1:
                return False
            (only,) = terms
            if len(only) != 1 or only[0][1] != 1:
                return False
            dom = self.model.variables[only[0][0]].domain
            return dom.intersect(Domain.of([-c.lin.const for c in cmps])) == dom
        if t is Cmp and f.op == "=":  # type: ignore[union-attr]
            lin = f.lin  # type: ignore[union-attr]
        elif t is InSet:
            lin = f.lin  # type: ignore[union-attr]
        else:
            return False
        if len(lin.terms) != 1 or lin.terms[0][1] not in (1, -1):
            return False
        v, c = lin.terms[0]
        dom = self.model.variables[v].domain
        if t is Cmp:
            return dom.size == 1 and dom.lo == -lin.const * c
        if c != 1:
            return False
        shifted = Domain(tuple((lo - lin.const, hi - lin.const)
                               for lo, hi in f.domain.intervals))  # type: ignore[union-attr]
        return dom.intersect(shifted) == dom

    def emit(self, f: Formula, span: Span) -> None:
        seen = len(self.emitted)
        self.emitted.add(f)  # hashes the formula once
        if len(self.emitted) == seen:
            return  # the same ground constraint from another line or binding
        self.posted.append(Constraint(f, self.origin(span), self.implied))



def ground(program: Program, inst: Instance, deadline: Deadline = UNBOUNDED) -> GroundModel:
    """Ground `program` on `inst` (see the module docstring); `TimeUp` once `deadline` has
    passed. A user's data must have every point it gives read (`check_read`), which only the
    finished grounding can tell."""
    with no_gc():
        grounder = Grounder(program, inst, deadline)
        model = grounder.run()
    check_read(inst, grounder.read)
    return model
