"""Lowering a ground model to a CP-SAT model.

0/1 variables become Boolean variables; a comparison of one of them with 0 or 1 is that
literal. A formula posted under enforcement literals E is lowered by polarity: `E ∧ A ⇒ B`
posts B with A's literal added to E, so implications use `only_enforce_if` instead of full
reification; only `⇐⇒` and a formula's use under both polarities reify in full. A builtin
(`sapphire.builtins`) posts itself through this object (`Builtin.post_cpsat`); connected
groups are then `sapphire.backend.cpsat.connectivity`'s part.
"""

from __future__ import annotations

from dataclasses import replace

from ortools.sat.python import cp_model

from sapphire.backend.cpsat.connectivity import Connectivity
from sapphire.builtins import all_different, sums
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.diagnostics import InternalError, SapphireError, error
from sapphire.ground.implied import Implied
from sapphire.ground.linear import comparison, holds
from sapphire.model import (
    FALSE,
    TRUE,
    And,
    Builtin,
    Cmp,
    Domain,
    Formula,
    GroundModel,
    Iff,
    Implies,
    InSet,
    Lin,
    Not,
    Or,
    Origin,
)

POS, NEG = 1, -1  # a literal l for f with POS: l ⇒ f;  NEG: f ⇒ l


SOLVER_RANGE = (2**63 - 1) // 2
"""The largest magnitude CP-SAT lets a linear expression reach: it rejects a model whose sum of
coefficient times variable bound, taken apart by sign, may pass half of the 64-bit range
(`PossibleIntegerOverflow` in its model checker), and the Python layer cannot even build a
term whose coefficient is past 64 bits."""


MAX_PAIRS = 100_000
"""The most pairs that `distinct` under a condition or negated may be written out as, over one
model: CP-SAT's all-different takes no condition, so each pair of its values is a constraint
of its own, and a size typed wrong in the data must stop at once rather than fill the memory
(`docs/decisions.md`)."""


class TooLarge(SapphireError):
    """What the solver cannot be given; `post_model` adds the constraint it comes from."""

    hint = ""

    def __init__(self) -> None:
        super().__init__(error("too-large", self.message("in the model")).diagnostics)

    def message(self, where: str) -> str:
        raise NotImplementedError


class OutOfRange(TooLarge):
    """A linear expression that may pass `SOLVER_RANGE`."""

    hint = ("each term is a coefficient times a variable, and their sum must stay within the "
            "solver's 64-bit range: use smaller coefficients or narrower domains")

    def __init__(self, reach: int) -> None:
        self.reach = reach
        super().__init__()

    def message(self, where: str) -> str:
        return (f"a sum {where} can reach {self.reach:,}, past the ±{SOLVER_RANGE:,} the "
                "solver computes in")


class TooManyPairs(TooLarge):
    """`distinct` under a condition past `MAX_PAIRS`."""

    hint = ("a distinct that holds only under a condition, or is negated, is written out pair "
            "by pair: check the sizes in the data, or state it unconditionally")

    def __init__(self, values: int) -> None:
        self.values = values
        super().__init__()

    def message(self, where: str) -> str:
        pairs = self.values * (self.values - 1) // 2
        return (f"a distinct {where} under a condition or negated is {pairs:,} pairs of "
                f"{self.values:,} values, past the {MAX_PAIRS:,} the lowering writes out")


MAX_MODEL_SIZE = 2_000_000
"""The most variables and constraints the lowering writes for CP-SAT. Each takes several
hundred bytes in the solver's model (an atom's literal with its two constraints, about a
kilobyte), and a model past this would take gigabytes before the search starts: a 300×300
latin square's implied facts alone ask for 27 million literals. The largest puzzles of the
corpus take a few hundred thousand."""

MAX_IMPLIED_LITERALS = 250_000
"""The most literals of `variable = value` that implied permutations and value sets may ask
for. They change no answer, only the search, so a model that would need more is posted
without them rather than refused."""

CHECK_EVERY = 1024
"""New literals (and constraints posted) between looks at the clock and the model's size."""


class LoweringStopped(Exception):
    """The lowering's deadline passed before the model was written out."""


class ModelTooLarge(TooLarge):
    """A model past `MAX_MODEL_SIZE`."""

    hint = ("check the sizes in the data and the board: the model of this many cells and "
            "values is larger than the solver can be given")

    def __init__(self, size: int) -> None:
        self.size = size
        super().__init__()

    def message(self, where: str) -> str:
        return (f"the solver's model {where} grows past {MAX_MODEL_SIZE:,} variables and "
                f"constraints ({self.size:,} so far)")


def _cp_domain(d: Domain) -> cp_model.Domain:
    return cp_model.Domain.FromIntervals([list(iv) for iv in d.intervals])


class Lowering(Connectivity):
    """One ground model as a CP-SAT model: a variable per ground variable, one shared literal
    per atom, and each formula posted by polarity under its enforcement literals."""

    def __init__(self, gm: GroundModel, exact: bool = False,
                 lazy_connectivity: bool = False, implied: bool = False,
                 native_automata: bool = True, deadline: Deadline = UNBOUNDED) -> None:
        self.gm = gm
        self.deadline = deadline
        """When writing the model out stops (`LoweringStopped`): the time limit covers the
        lowering, which takes seconds on a large model."""
        self.until_check = CHECK_EVERY
        self.native_automata = native_automata
        """Whether a deterministic automaton posted without conditions may be CP-SAT's own
        constraint (`sapphire.builtins.automaton`). An enumerating search on such a model may
        meet one answer several times, since the solver's expansion adds variables of its
        own: a region map's enumeration asks for it off (see `docs/decisions.md`)."""
        self.implied = implied
        """Post the model's implied constraints too. The model itself proves them; a relaxation
        (see `sapphire.ground.witness`) needs them."""
        self.exact = exact
        """Reify every auxiliary literal in full, so that an answer fixes them all and an
        enumerating search meets each answer once."""
        self.free_aux = False
        """Whether some auxiliary variables stay free for a fixed answer (connectivity
        witnesses); enumeration would then meet answers again and again."""
        m = self.m = cp_model.CpModel()
        self.vars: list = []
        self.bool_of: list = []
        """Per variable: its Boolean b when the domain is {lo, hi}, so x = lo + (hi-lo)·b."""
        self.affine: list[tuple[int, int]] = []
        self.reach: list[tuple[int, int, int]] = []
        """Per variable, what CP-SAT sees of it: the bounds of its solver variable and the
        magnitude of the offset it comes with (a two-valued one is lo + (hi-lo)·b)."""
        for v in gm.variables:
            d = v.domain
            if d.size == 2:
                b = m.new_bool_var("")
                lo, hi = d.lo, d.hi
                self.bool_of.append(b)
                self.affine.append((lo, hi - lo))
                self.vars.append(b if (lo, hi) == (0, 1) else b * (hi - lo) + lo)
                self.reach.append((0, hi - lo, abs(lo)))
            else:
                # unnamed: names cost a string per variable and only show in solver logs
                self.vars.append(m.new_int_var(d.lo, d.hi, "") if len(d.intervals) == 1
                                 else m.new_int_var_from_domain(_cp_domain(d), ""))
                self.bool_of.append(None)
                self.affine.append((0, 1))
                self.reach.append((d.lo, d.hi, 0))
        self.widest = max((max(abs(a), abs(b)) + o for a, b, o in self.reach), default=0)
        """The largest magnitude a variable contributes per unit of its coefficient."""
        self.atoms: dict[Formula, object] = {}
        self.value_lits: dict[tuple[int, int], object] = {}
        self.cache: dict[tuple[int, Formula], object] = {}
        self.init_connectivity(lazy_connectivity)
        self.whole = sums.WholeGroups(())
        self.whole_used: set[int] = set()
        """Groups of `whole` that some sum was read with. Their totals are posted too, so that
        the LP relaxation links the folded sums (`docs/decisions.md`)."""
        self.folded_atoms: dict[Formula, Formula] = {}
        self.pairs_left = MAX_PAIRS
        """What remains of `MAX_PAIRS` for this model."""
        self.true_lit = None
        """A literal fixed to true, made when first asked for (see `constant`)."""

    def post_model(self) -> None:
        """Post every constraint of the ground model, its element tables and its implied
        facts (`GroundModel.facts`, if the pass has run)."""
        facts: Implied = self.gm.facts or Implied()
        self.whole = sums.WholeGroups(facts.permutations)
        self.sizes = {g.group: g.most for g in facts.group_sizes}
        for con in self.gm.constraints:
            if self.implied or not con.implied:
                try:
                    self.post(con.formula, [])
                    self.grown()
                except TooLarge as e:
                    raise self.too_large(e, con.origin) from None
        self.post_partitions()
        for el, origin in self.gm.elements:
            try:
                el.post_cpsat(self)
                self.grown()
            except TooLarge as e:
                raise self.too_large(e, origin) from None
        try:
            self.post_implied(facts)
        except TooLarge:
            pass  # the implied facts posted so far hold; they only guide the search

    def grown(self) -> None:
        """Count one step of the model's growth (a literal made, a constraint posted); every
        `CHECK_EVERY` steps, stop at the deadline (`LoweringStopped`) or past
        `MAX_MODEL_SIZE` (`ModelTooLarge`)."""
        self.until_check -= 1
        if self.until_check > 0:
            return
        self.until_check = CHECK_EVERY
        if self.deadline.expired():
            raise LoweringStopped
        size = len(self.m.proto.variables) + len(self.m.proto.constraints)
        if size > MAX_MODEL_SIZE:
            raise ModelTooLarge(size)

    def too_large(self, e: TooLarge, origin: Origin) -> SapphireError:
        """`e` at the constraint it came from."""
        where = "here"
        if origin.bindings:
            where += " with " + ", ".join(f"{k}={v}" for k, v in origin.bindings)
        return error("too-large", e.message(where), origin.span, hint=e.hint,
                     source=self.gm.source)

    def spend_pairs(self, f: all_different.AllDifferent) -> None:
        """Count the pairs of `f` written out against `MAX_PAIRS`."""
        n = len(f.exprs)
        self.pairs_left -= n * (n - 1) // 2
        if self.pairs_left < 0:
            raise TooManyPairs(n)

    def check_range(self, lin: Lin, constraint: bool = False) -> None:
        """Raise `OutOfRange` when CP-SAT would reject `lin` as a possible overflow, or its
        constant part would not fit in the 64 bits it is computed in (see `SOLVER_RANGE`).
        The constant part is the constant and the offsets of two-valued variables; in a
        linear expression CP-SAT counts it in the sum's range, while a `constraint` (a
        comparison with a constant) moves it to the other side, where it only has to fit.
        A quick bound by the widest variable first, the exact count only when that bound is
        not enough."""
        k = abs(lin.const)
        terms = lin.terms
        if len(terms) == 1:
            size = abs(terms[0][1])
        else:
            size = sum(abs(c) for _, c in terms)
        if size * self.widest + k <= SOLVER_RANGE:
            return
        lo = hi = 0
        reach = self.reach
        for v, c in terms:
            a, b, off = reach[v]
            p, q = (c * a, c * b) if c > 0 else (c * b, c * a)
            lo += min(p, 0)
            hi += max(q, 0)
            k += abs(c) * off
        worst = max(-lo, hi)
        if (worst > SOLVER_RANGE or k > SOLVER_RANGE) if constraint \
                else worst + k > SOLVER_RANGE:
            raise OutOfRange(worst + k)

    # ------------------------------------------------------------------ expressions
    def expr(self, lin: Lin):  # noqa: ANN201 - an ortools linear expression
        self.check_range(lin)
        terms = lin.terms
        if len(terms) == 1:
            v, c = terms[0]
            x = self.vars[v]
            e = x if c == 1 else x * c
            return e + lin.const if lin.const else e
        if not terms:
            return lin.const
        e = cp_model.LinearExpr.weighted_sum([self.vars[v] for v, _ in terms],
                                             [c for _, c in terms])
        return e + lin.const if lin.const else e

    def terms(self, lin: Lin):  # noqa: ANN201 - an ortools linear expression
        """Σ coef·var of `lin` without its constant: compared against `-lin.const`, one or
        two terms built with operators cost half of a weighted sum plus a constant."""
        self.check_range(lin, constraint=True)
        terms = lin.terms
        vs = self.vars
        if len(terms) == 1:
            v, c = terms[0]
            return vs[v] if c == 1 else vs[v] * c
        if len(terms) == 2:
            (v, c), (w, d) = terms
            x = vs[v] if c == 1 else vs[v] * c
            if d == -1:
                return x - vs[w]
            return x + (vs[w] if d == 1 else vs[w] * d)
        return cp_model.LinearExpr.weighted_sum([vs[v] for v, _ in terms],
                                                [c for _, c in terms])

    def folded(self, f: Formula) -> Formula:
        """`f` with the permutation groups it reads in full replaced by their totals (see
        `WholeGroups`): a shorter atom, TRUE or FALSE; `f` itself when it reads none."""
        if not isinstance(f, Cmp | InSet) or len(f.lin.terms) < self.whole.smallest:
            return f
        hit = self.folded_atoms.get(f)
        if hit is not None:
            return hit
        lin, used = self.whole.fold(f.lin)
        out: Formula = f
        if used:
            self.whole_used.update(used)
            if not lin.terms:
                out = TRUE if _constant_holds(f, lin.const) else FALSE
            elif type(f) is Cmp:
                out = comparison(f.op, lin)
            else:
                out = InSet(lin, f.domain)
        self.folded_atoms[f] = out
        return out

    def constant(self, value: bool):  # noqa: ANN201 - an ortools literal
        """A literal fixed to `value`; the true one is one object, so callers may test for
        it with `is`."""
        if self.true_lit is None:
            self.true_lit = self.m.new_constant(1)
        return self.true_lit if value else self.true_lit.Not()

    def as_literal(self, f: Formula):  # noqa: ANN201
        """The literal equal to `f` when `f` fixes one two-valued variable."""
        t = type(f)
        if t is Cmp:
            terms = f.lin.terms
            if len(terms) != 1 or f.op not in ("=", "¬="):
                return None
            v, c = terms[0]
            b = self.bool_of[v]
            if b is None or -f.lin.const % c:
                return None
            val = -f.lin.const // c
            lo, step = self.affine[v]
            if val == lo + step:
                lit = b
            elif val == lo:
                lit = b.Not()
            else:
                return None  # folds to a constant; not expected after grounding
            return lit if f.op == "=" else lit.Not()
        if t is InSet and len(f.lin.terms) == 1 and f.lin.terms[0][1] == 1:
            v = f.lin.terms[0][0]
            b = self.bool_of[v]
            if b is not None:
                lo, step = self.affine[v]
                ok = [k for k in (0, 1) if lo + k * step + f.lin.const in f.domain]
                if len(ok) == 1:
                    return b if ok[0] == 1 else b.Not()
        return None

    def xor_operands(self, f: Formula) -> list | None:
        """Literals p, q with `f ⇔ ¬(p ⊕ q)` when `f` compares two two-valued variables for
        (in)equality (`a = b`, `a + b = 1`, …); None otherwise. A parity constraint is what
        the solver's presolve understands best for such an atom."""
        if type(f) is not Cmp or f.op not in ("=", "¬=") or len(f.lin.terms) != 2:
            return None
        lits = []
        shift = f.lin.const
        for v, c in f.lin.terms:
            b = self.bool_of[v]
            if b is None:
                return None
            lo, step = self.affine[v]
            # c·x = c·lo + c·step·b
            shift += c * lo
            lits.append((b, c * step))
        (p, cp), (q, cq) = lits
        # cp·p + cq·q + shift = 0 over p, q ∈ {0, 1}
        if cp == -cq and shift == 0:  # p = q
            pair = [p, q]
        elif cp == cq and shift == -cp:  # p + q = 1, i.e. p ≠ q
            pair = [p, q.Not()]
        else:
            return None
        if f.op == "¬=":
            pair[1] = pair[1].Not()
        return pair

    def atom_literal(self, f: Formula):  # noqa: ANN201
        """One shared literal ⇔ the atom `f` (a comparison or membership)."""
        lit = self.as_literal(f)
        if lit is not None:
            return lit
        hit = self.atoms.get(f)
        if hit is not None:
            return hit
        g = self.folded(f)
        if g is not f:
            lit = self.constant(g == TRUE) if g in (TRUE, FALSE) else self.atom_literal(g)
            self.atoms[f] = lit
            return lit
        m = self.m
        self.grown()
        lit = m.new_bool_var("")
        xor = self.xor_operands(f)
        if xor is not None:
            m.add_bool_xor([*xor, lit])
        elif type(f) is Cmp:
            e, k = self.terms(f.lin), -f.lin.const
            m.add(_cmp(e, f.op, k)).only_enforce_if(lit)
            m.add(_not_cmp(e, f.op, k)).only_enforce_if(lit.Not())
        else:
            e = self.expr(f.lin)
            dom = _cp_domain(f.domain)
            m.add_linear_expression_in_domain(e, dom).only_enforce_if(lit)
            m.add_linear_expression_in_domain(e, dom.complement()).only_enforce_if(lit.Not())
        self.atoms[f] = lit
        return lit

    # ------------------------------------------------------------------ posting
    def post(self, f: Formula, enf: list) -> None:
        """Post `∧enf ⇒ f`."""
        t = type(f)
        if t is Cmp or t is InSet:
            g = self.folded(f)
            if g is not f:
                self.post(g, enf)
                return
            # under a condition, a one-variable atom takes its shared literal
            lit = self.atom_literal(f) if enf and len(f.lin.terms) == 1 \
                else self.as_literal(f)
            if lit is not None:
                self.clause([lit], enf)
            elif t is Cmp:
                c = self.m.add(_cmp(self.terms(f.lin), f.op, -f.lin.const))
                if enf:
                    c.only_enforce_if(enf)
            else:
                c = self.m.add_linear_expression_in_domain(self.expr(f.lin),
                                                           _cp_domain(f.domain))
                if enf:
                    c.only_enforce_if(enf)
        elif t is And:
            for it in f.items:
                self.post(it, enf)
        elif t is Or:
            self.clause([self.formula_literal(it, POS) for it in f.items], enf)
        elif t is Not:
            self.post_negated(f.item, enf)
        elif t is Implies:
            self.post(f.right, enf + self.condition_literals(f.left))
        elif t is Iff:
            self.post_iff(f.left, f.right, enf)
        elif isinstance(f, Builtin):
            f.post_cpsat(self, enf, False)
        else:
            raise InternalError(f"cannot lower {t.__name__}")

    def post_iff(self, a: Formula, b: Formula, enf: list) -> None:
        """`∧enf ⇒ (a ⇔ b)`: with a side that is an atom, post the other side under that
        atom's literal and its negation (two half-reifications, no new variable)."""
        for x, y in ((a, b), (b, a)):
            if type(x) in (Cmp, InSet):
                lx = self.atom_literal(x)
                self.post(y, enf + [lx])
                self.post_negated(y, enf + [lx.Not()])
                return
        la, lb = self.formula_literal(a, 0), self.formula_literal(b, 0)
        c = self.m.add(la == lb)
        if enf:
            c.only_enforce_if(enf)

    def post_negated(self, f: Formula, enf: list) -> None:
        """Post `∧enf ⇒ ¬f`."""
        t = type(f)
        if t is Cmp or t is InSet:
            g = self.folded(f)
            if g is not f:
                self.post_negated(g, enf)
                return
            lit = self.as_literal(f)
            if lit is not None:
                self.clause([lit.Not()], enf)
            elif t is Cmp:
                c = self.m.add(_not_cmp(self.terms(f.lin), f.op, -f.lin.const))
                if enf:
                    c.only_enforce_if(enf)
            else:
                c = self.m.add_linear_expression_in_domain(
                    self.expr(f.lin), _cp_domain(f.domain).complement())
                if enf:
                    c.only_enforce_if(enf)
        elif t is Not:
            self.post(f.item, enf)
        elif t is Or:
            for it in f.items:
                self.post_negated(it, enf)
        elif t is Implies:
            self.post(f.left, enf)
            self.post_negated(f.right, enf)
        elif t is And:
            self.clause([self.formula_literal(it, NEG).Not() for it in f.items], enf)
        elif t is Iff:
            self.post_iff(f.left, Not(f.right), enf)
        elif isinstance(f, Builtin):
            f.post_cpsat(self, enf, True)
        else:
            raise InternalError(f"cannot lower the negation of {t.__name__}")

    def clause(self, lits: list, enf: list) -> None:
        self.m.add_bool_or(lits + [e.Not() for e in enf])

    def condition_literals(self, f: Formula) -> list:
        """Literals whose conjunction is implied by `f` (for use as enforcement)."""
        if type(f) is And:
            out: list = []
            for it in f.items:
                out.extend(self.condition_literals(it))
            return out
        return [self.formula_literal(f, NEG)]

    def formula_literal(self, f: Formula, pol: int):  # noqa: ANN201
        """A literal l with l ⇒ f (POS), f ⇒ l (NEG) or l ⇔ f (0). Atoms always get their
        one shared literal, so every use of an atom propagates through the same variable."""
        t = type(f)
        if t is Cmp or t is InSet:
            return self.atom_literal(f)
        if t is Not:
            return self.formula_literal(f.item, -pol).Not()
        if self.exact:
            pol = 0
        full = self.cache.get((0, f))
        if full is not None:
            return full
        hit = self.cache.get((pol, f))
        if hit is not None:
            return hit
        m = self.m
        if t is And or t is Or:
            lits_pos = [self.formula_literal(i, POS if pol != NEG else NEG) for i in f.items] \
                if pol != 0 else [self.formula_literal(i, 0) for i in f.items]
            lit = m.new_bool_var("")
            if t is And:
                if pol in (POS, 0):
                    for li in lits_pos:
                        m.add_implication(lit, li)
                if pol in (NEG, 0):
                    m.add_bool_or([li.Not() for li in lits_pos] + [lit])
            else:
                if pol in (POS, 0):
                    m.add_bool_or(lits_pos + [lit.Not()])
                if pol in (NEG, 0):
                    for li in lits_pos:
                        m.add_implication(li, lit)
        elif t is Implies:
            return self.formula_literal(Or((Not(f.left), f.right)), pol)
        elif t is Iff:
            la, lb = self.formula_literal(f.left, 0), self.formula_literal(f.right, 0)
            lit = m.new_bool_var("")
            m.add_bool_xor([la, lb, lit])
        else:  # a builtin: its own literal, or posted under a new one
            own = f.cpsat_literal(self, pol)
            if own is not None:
                return own
            lit = m.new_bool_var("")
            if pol in (POS, 0):
                self.post(f, [lit])
            if pol in (NEG, 0):
                self.post_negated(f, [lit.Not()])
        self.cache[(pol, f)] = lit
        return lit

    # ------------------------------------------------------------------ implied facts
    def var_equals_literal(self, v: int, value: int):  # noqa: ANN201
        """The shared literal of `variable v = value` (the atom's own, looked up by the pair
        first: implied permutations ask for every value of every cell several times)."""
        key = (v, value)
        lit = self.value_lits.get(key)
        if lit is None:
            lit = self.value_lits[key] = self.atom_literal(Cmp("=", Lin(((v, 1),), -value)))
        return lit

    def post_implied(self, facts: Implied) -> None:
        """Add the redundant constraints of `facts`; they change no answer, only the search.
        Permutations and value sets are left out when they would ask for more than
        `MAX_IMPLIED_LITERALS` literals of a variable's value."""
        asked = sum(len(p.values) * len(p.variables) for p in facts.permutations)
        asked += sum(len(g.variables) * len(g.allowed()) for g in facts.value_sets)
        if asked > MAX_IMPLIED_LITERALS:
            facts = replace(facts, permutations=(), value_sets=())
        all_different.post_cpsat_permutations(self, facts.permutations)
        for i in sorted(self.whole_used):
            variables, total = self.whole.groups[i]
            self.m.add(sum(self.vars[v] for v in sorted(variables)) == total)
        all_different.post_cpsat_distinct_sums(self, facts.distinct_sums)
        sums.post_cpsat_derived(self, facts.derived_sums)
        all_different.post_cpsat_value_sets(self, facts.value_sets)

    def post_in(self, v: int, domain: Domain) -> None:
        """Variable v takes a value of `domain`."""
        self.m.add_linear_expression_in_domain(self.vars[v], _cp_domain(domain))

    # ------------------------------------------------------------------ solving
    def values(self, solution: list[int]) -> list[int]:
        """Ground-variable values from a response's solution (indexed by proto variable)."""
        out = []
        for v, x in enumerate(self.vars):
            b = self.bool_of[v]
            if b is not None:
                lo, step = self.affine[v]
                out.append(lo + step * solution[b.index])
            else:
                out.append(solution[x.index])
        return out


def _constant_holds(f: Cmp | InSet, value: int) -> bool:
    """Whether `f` holds when its linear expression is the constant `value`."""
    return value in f.domain if isinstance(f, InSet) else holds(f.op, value)


def _cmp(e, op: str, k: int):  # noqa: ANN001, ANN202
    """`e op k` as an ortools bounded expression."""
    if op == "=":
        return e == k
    if op == "¬=":
        return e != k
    if op == "<=":
        return e <= k
    if op == ">=":
        return e >= k
    raise InternalError(f"unknown comparison {op}")


def _not_cmp(e, op: str, k: int):  # noqa: ANN001, ANN202
    """¬(e op k) over the integers: ¬(e <= k) is e >= k+1, ¬(e >= k) is e <= k-1."""
    if op == "=":
        return e != k
    if op == "¬=":
        return e == k
    if op == "<=":
        return e >= k + 1
    if op == ">=":
        return e <= k - 1
    raise InternalError(f"unknown comparison {op}")
