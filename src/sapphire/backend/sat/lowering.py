"""Lowering a ground model to clauses for a SAT solver.

Each variable with k > 2 values gets the *regular* encoding: a literal per value ("x = v")
and one per value but the first ("x ≥ v"), linked so that exactly one value holds; a
two-valued variable is one literal. A comparison of one variable with a constant is one of
those literals, or a gate over a few of them. A comparison of two variables is written as
support clauses (for each value of one, the values of the other that go with it), which
propagate to arc consistency; a longer sum or comparison becomes a layered graph of partial
sums (`sapphire.backend.sat.layered`), as do automata. Formulas are lowered by polarity, as
in the CP-SAT lowering: `E ∧ A ⇒ B` posts B's clauses with A's literal among the conditions,
and a sub-formula gets a literal that implies it (or is implied by it) rather than one equal
to it, unless both directions are needed.

A builtin (`sapphire.builtins`: all-different, connectivity, automata, element) posts itself
through this object (`Builtin.post_sat`), and the implied facts of `GroundModel.facts` are
posted by the modules that derive them.

What cannot be written this way (a variable with more than `MAX_VALUES` values, a sum whose
graph passes its budget) raises `Unsupported`; `auto` then runs CP-SAT.
"""

from __future__ import annotations

from collections.abc import Collection

from sapphire.backend.base import Unsupported
from sapphire.backend.sat import layered, tables
from sapphire.backend.sat.atoms import accepted_bits, atom_holds, supports
from sapphire.backend.sat.cardinality import post_cardinality
from sapphire.backend.sat.cnf import FALSE, TRUE, Cnf, TimeUp
from sapphire.backend.sat.connectivity import Connectivity, literal_holds
from sapphire.backend.sat.presolve import defined_variables
from sapphire.builtins import all_different, sums
from sapphire.builtins.automaton import union
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.diagnostics import InternalError
from sapphire.ground.implied import Implied
from sapphire.model import (
    And,
    Builtin,
    Cmp,
    Formula,
    GroundModel,
    Iff,
    Implies,
    InSet,
    Lin,
    Not,
    Or,
)

POS, NEG, EXACT = 1, -1, 0
"""Polarities of a literal l for a formula f: POS l ⇒ f, NEG f ⇒ l, EXACT l ⇔ f."""

MAX_VALUES = 128
"""The most values a variable may have to be encoded with a literal per value. Puzzle
variables have a board side or two of them; wider ones (orderings along a loop, with a value
per lattice point) are witnesses, left to a relaxation, or make the model CP-SAT's."""

MAX_RANGE = 1 << 20
"""The widest range of values a sum may span to be written as a graph of partial sums."""

GRAPH_BUDGET = 400_000
"""Nodes and edges one layered graph may have."""

MODEL_BUDGET = 6_000_000
"""Clauses the whole lowering may write before the model counts as too large for SAT."""


class SatLowering(Connectivity):
    """One ground model as clauses: literals per variable, one per atom and polarity, and the
    formulas posted under their conditions."""

    max_values = MAX_VALUES

    def __init__(self, gm: GroundModel, answer_vars: list[int] | None = None,
                 skip: frozenset[int] = frozenset(), implied: bool = False,
                 deadline: Deadline = UNBOUNDED, only: Collection[int] | None = None
                 ) -> None:
        self.gm = gm
        self.implied = implied
        self.deadline = deadline
        """When writing must stop (`TimeUp`); `post_model` may set another."""
        """Post the model's implied constraints too (a relaxation needs them)."""
        self.defined = defined_variables(gm, answer_vars or [], implied)
        """Per constraint left out, the variable it defines and the sum that gives its value
        (see `sapphire.backend.sat.presolve`)."""
        skip = skip | {x for x, _ in self.defined.values()}
        self.cnf = cnf = Cnf()
        n = len(gm.variables)
        self.values: list[list[int]] = [[] for _ in range(n)]
        """Per variable, its values in increasing order (empty for a skipped one)."""
        self.eq: list[list[int]] = [[] for _ in range(n)]
        """Per variable, the literal of each of its values."""
        self.ge: list[list[int]] = [[] for _ in range(n)]
        """Per variable, `ge[v][i]` ⇔ the value is at least `values[v][i]` (`ge[v][0]` is
        TRUE)."""
        self.base: list[int | None] = [None] * n
        """The first value when the values are a range (a value's place is value − base)."""
        self.place: list[dict[int, int] | None] = [None] * n
        # `only`: the variables to encode, when a few constraints of a large model read a few
        # of them (`sapphire.backend.sat.supports`); the others are skipped
        for v in range(n) if only is None else sorted(only):
            if v in skip:
                continue
            var = gm.variables[v]
            if not v & 4095 and deadline.expired():
                raise TimeUp
            d = var.domain
            if d.size > MAX_VALUES:
                raise Unsupported(f"{var.label()} has {d.size} values")
            vals = d.values()
            self.values[v] = vals
            if len(d.intervals) == 1:
                self.base[v] = vals[0]
            else:
                self.place[v] = {x: i for i, x in enumerate(vals)}
            k = len(vals)
            if k == 1:
                self.eq[v], self.ge[v] = [TRUE], [TRUE]
            elif k == 2:
                b = cnf.new()
                self.eq[v], self.ge[v] = [-b, b], [TRUE, b]
            else:
                ge = [TRUE, *cnf.news(k - 1)]
                eq = [-ge[1], *cnf.news(k - 2), ge[k - 1]]
                add = cnf.clauses.append
                for i in range(1, k - 1):
                    g, h, e = ge[i], ge[i + 1], eq[i]
                    add([-h, g])
                    add([-e, g])
                    add([-e, -h])
                    add([e, -g, h])
                self.eq[v], self.ge[v] = eq, ge
        self.atoms: dict[tuple[Formula, int], int] = {}
        self.sets: dict[tuple[int, tuple[int, ...]], int] = {}
        self.cache: dict[tuple[int, Formula], int] = {}
        self.whole = sums.WholeGroups(())
        self.folded_atoms: dict[Formula, Formula] = {}
        self.distinct_pairs: set[tuple[int, int]] = set()
        """Pairs of variables an unconditional all-different has kept apart already."""
        self.table_rows: dict[tuple, list[tuple[int | None, ...]]] = {}
        """The ruled-out assignments per shape of small formula (see `_table_clauses`)."""
        self.guide = 0
        """The literal that turns the guides on (`post_guides`); 0 until they are written."""
        self.guide_clauses: list[list[int]] = []
        """The guides' clauses, which only a search under `guide` is given."""
        self.init_connectivity()

    # ------------------------------------------------------------------ the model
    def post_model(self, deadline: Deadline | None = None) -> None:
        """Post every constraint (implied ones too when `implied`) but those that only define
        a variable, the element tables and the model's implied facts (`GroundModel.facts`, if
        the pass has run); raise `TimeUp` when `deadline` passes first."""
        self.deadline = deadline if deadline is not None else self.deadline
        facts: Implied = self.gm.facts or Implied()
        self.whole = sums.WholeGroups(facts.permutations)
        self.sizes = {g.group: g.most for g in facts.group_sizes}
        chosen = sums.totals_of_value_sets(facts.value_sets)
        for k, con in enumerate(self.gm.constraints):
            if chosen and sums.sum_of_set(con.formula) in chosen:
                continue  # its group's digit sets all have its total (see `post_implied`)
            if (self.implied or not con.implied) and k not in self.defined:
                self.post(con.formula, [])
                if not k & 255:
                    self.check_budget()
                    if self.deadline.expired():
                        raise TimeUp
        for el, _origin in self.gm.elements:
            el.post_sat(self)
        self.post_implied(facts)
        self.post_pending_connectivity()

    def post_guides(self) -> bool:
        """Write the model's guides under one new literal (`guide`) into `guide_clauses`, apart
        from the model's clauses, for a search that assumes it to find a first answer among
        those keeping them; the literals made for them are forgotten after, so that no clause
        of the model reads a literal defined only there. False, and no guides, when the clauses
        cannot state one or one is checked on answers (a connectivity)."""
        if not self.gm.guides:
            return False
        kept = (len(self.cnf.clauses), len(self.lazy), dict(self.atoms), dict(self.sets),
                dict(self.cache), set(self.distinct_pairs))
        lit = self.cnf.new()
        try:
            for con in self.gm.guides:
                self.post(con.formula, [lit])
            if len(self.lazy) == kept[1]:  # checks on answers are not guarded by the literal
                self.guide, self.guide_clauses = lit, self.cnf.clauses[kept[0]:]
        except Unsupported:
            pass
        del self.cnf.clauses[kept[0]:], self.lazy[kept[1]:]
        self.atoms, self.sets, self.cache, self.distinct_pairs = kept[2:]
        return bool(self.guide)

    def unsupported(self, what: str) -> Unsupported:
        """The refusal of `what`, for a builtin to raise (`auto` then runs CP-SAT)."""
        return Unsupported(what)

    def check_budget(self) -> None:
        if len(self.cnf.clauses) > MODEL_BUDGET:
            raise Unsupported(f"more than {MODEL_BUDGET:,} clauses")

    def value_of(self, v: int, model: list[int]) -> int:
        """Variable v's value in a solver model (`model[k - 1] > 0` when variable k holds)."""
        vals = self.values[v]
        ge = self.ge[v]
        k = len(vals)
        if k <= 2:
            return vals[-1] if k == 2 and literal_holds(model, ge[-1]) else vals[0]
        lo, hi = 0, k - 1  # the last i with ge[i] true
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if literal_holds(model, ge[mid]):
                lo = mid
            else:
                hi = mid - 1
        return vals[lo]

    def answer_values(self, model: list[int]) -> list[int]:
        """Every variable's value in a solver model: encoded ones read off their literals,
        defined ones computed from them, skipped ones 0 (for a caller to fill in)."""
        vals = [self.value_of(v, model) if self.values[v] else 0
                for v in range(len(self.values))]
        for x, rest in self.defined.values():
            vals[x] = rest.const + sum(c * vals[v] for v, c in rest.terms)
        return vals

    def var_equals_literal(self, v: int, value: int) -> int:
        """The literal of `variable v = value` (FALSE for a value it cannot take)."""
        base = self.base[v]
        if base is not None:
            i = value - base
            return self.eq[v][i] if 0 <= i < len(self.eq[v]) else FALSE
        i = self.place[v].get(value)  # type: ignore[union-attr]
        return FALSE if i is None else self.eq[v][i]

    # ------------------------------------------------------------------ atoms
    def folded(self, f: Cmp | InSet) -> Formula:
        """`f` with the permutation groups it reads whole replaced by their totals (see
        `WholeGroups`); `f` itself when it reads none."""
        if len(f.lin.terms) < self.whole.smallest:
            return f
        hit = self.folded_atoms.get(f)
        if hit is None:
            lin, used = self.whole.fold(f.lin)
            hit = f
            if used:
                hit = Cmp(f.op, lin) if type(f) is Cmp else InSet(lin, f.domain)  # type: ignore[union-attr]
            self.folded_atoms[f] = hit
        return hit

    def var_in_places_literal(self, v: int, ks: list[int]) -> int:
        """A literal ⇔ variable v takes one of its values with places `ks` (sorted)."""
        k = len(self.values[v])
        if not ks:
            return FALSE
        if len(ks) == k:
            return TRUE
        if len(ks) == 1:
            return self.eq[v][ks[0]]
        if ks[-1] - ks[0] + 1 == len(ks):  # a run of values
            first, last = ks[0], ks[-1]
            ge = self.ge[v]
            if last == k - 1:
                return ge[first]
            if first == 0:
                return -ge[last + 1]
        key = (v, tuple(ks))
        lit = self.sets.get(key)
        if lit is None:
            if ks[-1] - ks[0] + 1 == len(ks):
                ge = self.ge[v]
                lit = self.cnf.conj([ge[ks[0]], -ge[ks[-1] + 1]])
            elif 2 * len(ks) > k:
                chosen = set(ks)
                lit = -self.cnf.disj([self.eq[v][i] for i in range(k) if i not in chosen])
            else:
                lit = self.cnf.disj([self.eq[v][i] for i in ks])
            self.sets[key] = lit
        return lit

    def atom_literal(self, f: Cmp | InSet, pol: int) -> int:
        """A literal for the atom `f` with polarity `pol` (cached per atom and polarity; an
        exact one serves every polarity)."""
        hit = self.atoms.get((f, EXACT))
        if hit is not None:
            return hit
        hit = self.atoms.get((f, pol))
        if hit is not None:
            return hit
        g = self.folded(f)
        terms = g.lin.terms
        small = None if len(terms) <= 2 else self.exact_table_literal(g)
        if len(terms) <= 2:
            lit = self._exact_short_atom_literal(g)
            pol = EXACT
        elif small is not None:
            lit, pol = small, EXACT
        elif pol == EXACT:
            lit = self.cnf.new()
            self._post_long(g, lit, False)
            self._post_long(g, -lit, True)
        elif pol == POS:
            lit = self.cnf.new()
            self._post_long(g, lit, False)
        else:
            lit = -self.cnf.new()
            self._post_long(g, -lit, True)
        self.atoms[(f, pol)] = lit
        return lit

    def _exact_short_atom_literal(self, f: Cmp | InSet) -> int:
        """The exact literal of an atom over at most two variables."""
        terms = f.lin.terms
        if not terms:
            return TRUE if atom_holds(f, f.lin.const) else FALSE
        if len(terms) == 1:
            (v, c), k = terms[0], f.lin.const
            if type(f) is Cmp and f.op == "=":  # c·x + k = 0: one value, or none
                return self.var_equals_literal(v, -k // c) if k % c == 0 else FALSE
            return self.var_in_places_literal(v, [i for i, x in enumerate(self.values[v])
                                                  if atom_holds(f, c * x + k)])
        lit = self.cnf.new()
        self._post_pair(f, [lit], False)
        self._post_pair(f, [-lit], True)
        return lit

    def post_atom(self, f: Cmp | InSet, enf: list[int], negated: bool) -> None:
        """Post `∧enf ⇒ f` (or `⇒ ¬f`)."""
        g = self.folded(f)
        terms = g.lin.terms
        if len(terms) == 1:
            (v, c), k = terms[0], g.lin.const
            vals = self.values[v]
            ks = [i for i, x in enumerate(vals) if atom_holds(g, c * x + k) != negated]
            if not enf and len(ks) > len(vals) // 2:  # rule the other values out one by one
                keep = set(ks)
                for i in range(len(vals)):
                    if i not in keep:
                        self.cnf.add([-self.eq[v][i]])
                return
            self.cnf.add([self.var_in_places_literal(v, ks), *(-e for e in enf)])
        elif len(terms) == 2:
            self._post_pair(g, enf, negated)
        elif not terms:
            if atom_holds(g, g.lin.const) == negated:
                self.cnf.add([-e for e in enf])
        elif not post_cardinality(self, g, enf, negated) and not self.post_table(g, enf, negated):
            self._post_long(g, self.cnf.implied_by_all(enf), negated)

    def _post_pair(self, f: Cmp | InSet, enf: list[int], negated: bool) -> None:
        """`∧enf ⇒ f` (or `¬f`) for `f` over two variables, as support clauses both ways: for
        each value of one variable, the other takes a value that goes with it."""
        (x, a), (y, b) = f.lin.terms
        k = f.lin.const
        unless = [-e for e in enf]
        add = self.cnf.clauses.append
        for (u, cu), (w, cw) in (((x, a), (y, b)), ((y, b), (x, a))):
            ws = self.values[w]
            eq = self.eq[u]
            n = len(ws)
            for i, value in enumerate(self.values[u]):
                runs = supports(f, cw, cu * value + k, ws, negated)
                if len(runs) == 1 and runs[0] == (0, n):
                    continue
                add([-eq[i], self.var_in_runs_literal(w, runs), *unless])

    def var_in_runs_literal(self, v: int, runs: list[tuple[int, int]]) -> int:
        """A literal ⇔ variable v takes a value whose place lies in one of the half-open
        `runs`; a value left out alone is its value literal's negation."""
        if len(runs) == 2 and runs[0][0] == 0 and runs[1][1] == len(self.values[v]) \
                and runs[1][0] == runs[0][1] + 1:
            return -self.eq[v][runs[0][1]]
        return self.var_in_places_literal(v, [i for a, b in runs for i in range(a, b)])

    def post_table(self, f: Formula, enf: list[int], negated: bool) -> bool:
        """Post `∧enf ⇒ f` (or `¬f`) as the assignments it rules out, when `f` reads few
        variables with few values between them (see `sapphire.backend.sat.tables`); False,
        posting nothing, otherwise."""
        vs = tables.scope(f)
        if not vs or tables.size(vs, self.values) > tables.MAX_ROWS:
            return False
        self._table_clauses(f, vs, [-e for e in enf], negated)
        return True

    def _table_clauses(self, f: Formula, vs: list[int], extra: list[int], negated: bool) -> None:
        """The clauses ruling out each assignment of `vs` under which `f` is false (true when
        `negated`), with `extra` added to each; worked out once per shape of formula."""
        values = self.values
        key = (tables.shape(f, vs), tuple(tuple(values[v]) for v in vs), negated)
        rows = self.table_rows.get(key)
        if rows is None:
            bad = [ks for ks, ok in tables.rows(f, vs, values) if ok == negated]
            rows = self.table_rows[key] = tables.merged(bad, [len(values[v]) for v in vs])
        add = self.cnf.clauses.append
        eqs = [self.eq[v] for v in vs]
        for row in rows:
            add([*(-eq[k] for eq, k in zip(eqs, row, strict=True) if k is not None), *extra])

    def exact_table_literal(self, f: Formula) -> int | None:
        """An exact literal for `f` written as its table, when `f` is small enough."""
        vs = tables.scope(f)
        if not vs or tables.size(vs, self.values) > tables.MAX_ROWS:
            return None
        lit = self.cnf.new()
        self._table_clauses(f, vs, [-lit], False)
        self._table_clauses(f, vs, [lit], True)
        return lit

    def _post_long(self, f: Cmp | InSet, root: int, negated: bool) -> None:
        """`root ⇒ f` (or `⇒ ¬f`) for a sum of three or more terms, as a flow through the
        graph of its partial sums."""
        if root == FALSE:
            return
        g = self.sum_graph(f, negated)
        layered.flow(self.cnf, g, root)

    def sum_graph(self, f: Cmp | InSet, negated: bool) -> layered.Graph:
        lin = f.lin
        labels, weights = [], []
        lo = hi = lin.const
        for v, c in lin.terms:
            vals = self.values[v]
            if not vals:
                raise InternalError("a sum reads a variable left out of the lowering")
            labels.append(self.eq[v])
            ws = [c * x for x in vals]
            weights.append(ws)
            lo += min(ws)
            hi += max(ws)
        if hi - lo > MAX_RANGE:
            raise Unsupported(f"a sum spans {hi - lo:,} values")
        width = hi - lo + 1
        accepted = accepted_bits(f, lo, hi)
        if negated:
            accepted ^= (1 << width) - 1
        try:
            return layered.sum_graph(labels, weights, lin.const, accepted, lo, GRAPH_BUDGET,
                                     self.deadline)
        except layered.TooBig:
            raise Unsupported(f"a sum of {len(lin.terms)} terms is too large a graph") from None

    # ------------------------------------------------------------------ formulas
    def post(self, f: Formula, enf: list[int]) -> None:
        """Post `∧enf ⇒ f`."""
        t = type(f)
        if t is Iff and self.post_literal_iff(f, enf, False):  # type: ignore[arg-type]
            return
        if (t is Or or t is Iff or t is Implies or t is Not) and self.post_table(f, enf, False):
            return
        if t is Cmp or t is InSet:
            self.post_atom(f, enf, False)  # type: ignore[arg-type]
        elif t is And:
            for it in f.items:  # type: ignore[union-attr]
                self.post(it, enf)
        elif t is Or:
            either = union(f.items)  # type: ignore[union-attr]
            if either is not None:
                either.post_sat(self, enf, False)
                return
            items = f.items  # type: ignore[union-attr]
            self.cnf.add([*(self.formula_literal(it, POS) for it in items),
                          *(-e for e in enf)])
        elif t is Not:
            self.post_negated(f.item, enf)  # type: ignore[union-attr]
        elif t is Implies:
            self.post(f.right, enf + self.condition_literals(f.left))  # type: ignore[union-attr]
        elif t is Iff:
            self.post_iff(f.left, f.right, enf)  # type: ignore[union-attr]
        elif isinstance(f, Builtin):
            f.post_sat(self, enf, False)
        else:
            raise InternalError(f"cannot lower {t.__name__}")

    def post_negated(self, f: Formula, enf: list[int]) -> None:
        """Post `∧enf ⇒ ¬f`."""
        t = type(f)
        if t is Iff and self.post_literal_iff(f, enf, True):  # type: ignore[arg-type]
            return
        if (t is And or t is Iff or t is Implies) and self.post_table(f, enf, True):
            return
        if t is Cmp or t is InSet:
            self.post_atom(f, enf, True)  # type: ignore[arg-type]
        elif t is Not:
            self.post(f.item, enf)  # type: ignore[union-attr]
        elif t is Or:
            for it in f.items:  # type: ignore[union-attr]
                self.post_negated(it, enf)
        elif t is Implies:
            self.post(f.left, enf)  # type: ignore[union-attr]
            self.post_negated(f.right, enf)  # type: ignore[union-attr]
        elif t is And:
            items = f.items  # type: ignore[union-attr]
            self.cnf.add([*(-self.formula_literal(it, NEG) for it in items),
                          *(-e for e in enf)])
        elif t is Iff:
            self.post_iff(f.left, Not(f.right), enf)  # type: ignore[union-attr]
        elif isinstance(f, Builtin):
            f.post_sat(self, enf, True)
        else:
            raise InternalError(f"cannot lower the negation of {t.__name__}")

    def post_literal_iff(self, f: Iff, enf: list[int], negated: bool) -> bool:
        """`∧enf ⇒ (a ⇔ b)` (or `⇔ ¬b`) as two clauses when each side tests one variable, so
        that each is one literal (a count's 0/1 term tied to its cell's test: a table for each
        would be worked out per domain, thousands on a Shikaku); False, posting nothing,
        otherwise."""
        a, b = f.left, f.right
        if not (type(a) in (Cmp, InSet) and type(b) in (Cmp, InSet)
                and len(a.lin.terms) == 1 and len(b.lin.terms) == 1):  # type: ignore[union-attr]
            return False
        la = self.atom_literal(a, EXACT)  # type: ignore[arg-type]
        lb = self.atom_literal(b, EXACT)  # type: ignore[arg-type]
        if negated:
            lb = -lb
        unless = [-e for e in enf]
        self.cnf.add([-la, lb, *unless])
        self.cnf.add([la, -lb, *unless])
        return True

    def post_iff(self, a: Formula, b: Formula, enf: list[int]) -> None:
        """`∧enf ⇒ (a ⇔ b)`: with a side that is an atom, the other side posted under that
        atom's literal and under its negation."""
        for x, y in ((a, b), (b, a)):
            if type(x) is Cmp or type(x) is InSet:
                lx = self.atom_literal(x, EXACT)  # type: ignore[arg-type]
                self.post(y, [*enf, lx])
                self.post_negated(y, [*enf, -lx])
                return
        la, lb = self.formula_literal(a, EXACT), self.formula_literal(b, EXACT)
        unless = [-e for e in enf]
        self.cnf.add([-la, lb, *unless])
        self.cnf.add([la, -lb, *unless])

    def condition_literals(self, f: Formula) -> list[int]:
        """Literals whose conjunction `f` implies (to be used as conditions)."""
        if type(f) is And:
            out: list[int] = []
            for it in f.items:  # type: ignore[union-attr]
                out.extend(self.condition_literals(it))
            return out
        return [self.formula_literal(f, NEG)]

    def formula_literal(self, f: Formula, pol: int) -> int:
        """A literal l with l ⇒ f (POS), f ⇒ l (NEG) or l ⇔ f (EXACT)."""
        t = type(f)
        if t is Cmp or t is InSet:
            return self.atom_literal(f, pol)  # type: ignore[arg-type]
        if t is Not:
            return -self.formula_literal(f.item, -pol)  # type: ignore[union-attr]
        hit = self.cache.get((EXACT, f))
        if hit is not None:
            return hit
        hit = self.cache.get((pol, f))
        if hit is not None:
            return hit
        cnf = self.cnf
        if t is And:
            lits = [self.formula_literal(i, pol) for i in f.items]  # type: ignore[union-attr]
            lit = cnf.half_conj(lits) if pol == POS else \
                cnf.implied_by_all(lits) if pol == NEG else cnf.conj(lits)
        elif t is Or and pol == POS and union(f.items) is not None:  # type: ignore[union-attr]
            lit = union(f.items).sat_literal(self, POS)  # type: ignore[union-attr]
        elif t is Or:
            lits = [-self.formula_literal(i, pol) for i in f.items]  # type: ignore[union-attr]
            lit = -(cnf.half_conj(lits) if pol == NEG else
                    cnf.implied_by_all(lits) if pol == POS else cnf.conj(lits))
        elif t is Implies:
            return self.formula_literal(Or((Not(f.left), f.right)), pol)  # type: ignore[union-attr]
        elif t is Iff:
            la = self.formula_literal(f.left, EXACT)  # type: ignore[union-attr]
            lb = self.formula_literal(f.right, EXACT)  # type: ignore[union-attr]
            lit = cnf.new()
            for x, y, z in ((la, lb, lit), (-la, -lb, lit), (la, -lb, -lit), (-la, lb, -lit)):
                cnf.add([-x, -y, z])
        else:  # a builtin: its own literal, or posted under a new one, one way or both
            own = f.sat_literal(self, pol)  # type: ignore[union-attr]
            if own is not None:
                lit = own
            else:
                lit = cnf.new()
                if pol in (POS, EXACT):
                    self.post(f, [lit])
                if pol in (NEG, EXACT):
                    self.post_negated(f, [-lit])
        self.cache[(pol, f)] = lit
        return lit

    def expr_equals_literal(self, e: Lin, value: int) -> int:
        """The literal of `e = value`."""
        if len(e.terms) == 1 and e.terms[0][1] == 1:
            return self.var_equals_literal(e.terms[0][0], value - e.const)
        return self.atom_literal(Cmp("=", Lin(e.terms, e.const - value)), EXACT)

    # ------------------------------------------------------------------ layered graphs
    def automaton_graph(self, labels: list[list[int]], symbols: list[list[int]],
                        moves: tuple[tuple[int, int, int], ...], starts: tuple[int, ...],
                        accepts: tuple[int, ...]) -> layered.Graph:
        """The layered graph of an automaton's runs over per-position labels (see
        `sapphire.backend.sat.layered`); `Unsupported` past `GRAPH_BUDGET`."""
        try:
            return layered.automaton_graph(labels, symbols, moves, starts, accepts,
                                           GRAPH_BUDGET)
        except layered.TooBig:
            raise Unsupported("an automaton is too large a graph") from None

    def flow(self, graph: layered.Graph, root: int) -> None:
        """`root ⇒` some path through `graph` is taken."""
        layered.flow(self.cnf, graph, root)

    def reach(self, graph: layered.Graph) -> int:
        """A literal ⇔ some path through `graph` is taken."""
        return layered.reach(self.cnf, graph)

    # ------------------------------------------------------------------ implied facts
    def post_implied(self, facts: Implied) -> None:
        """The redundant clauses of `facts`: the sums the others imply, each digit once in a
        full group, and the digit sets a group with a known total (or span) can hold."""
        sums.post_sat_derived(self, facts.derived_sums)
        all_different.post_sat_facts(self, facts.permutations, facts.value_sets)
