"""The OR-Tools CP-SAT backend: the only module that imports `ortools`.

Lowering: 0/1 variables become Boolean variables; a comparison of one of them with 0 or 1 is
that literal. A formula posted under enforcement literals E is lowered by polarity:
`E ∧ A ⇒ B` posts B with A's literal added to E, so implications use `only_enforce_if` instead
of full reification; only `⇐⇒` and a formula's use under both polarities reify in full.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from sapphire.diagnostics import InternalError
from sapphire.gcpause import no_gc
from sapphire.ground.implied import Implied, WholeGroups, implied_facts
from sapphire.ground.linear import comparison, holds
from sapphire.ground.model import (
    FALSE,
    TRUE,
    Accepts,
    AllDifferent,
    And,
    Cmp,
    Connected,
    Domain,
    Formula,
    GroundModel,
    Iff,
    Implies,
    InSet,
    Lin,
    Not,
    Or,
    neighbours,
    pieces,
)
from sapphire.ground.witness import formula_variables, relaxation

POS, NEG = 1, -1  # a literal l for f with POS: l ⇒ f;  NEG: f ⇒ l


@dataclass
class BackendResult:
    status: str
    """'unique' | 'multiple' | 'none' | 'unknown'"""
    solutions: list[list[int]] = field(default_factory=list)
    """Each solution: the value of every ground variable, by index."""
    timings: dict[str, float] = field(default_factory=dict)


LARGE_MODEL = 1000
"""Ground variables from which a model gets the full 8-worker portfolio by default."""

ENUMERATION_BUDGETS = ((1000, None), (3000, 5.0))
"""(variables below, seconds) for the enumerating first search: unbounded on small models,
a few seconds on medium ones (a hard medium loop puzzle then gets the portfolio), none on
large ones. Measured on the Slitherlink corpus: enumeration halves the time of 5×5 to 22×22
puzzles; on 30×40 the 8-worker portfolio is as fast or faster, and one 20×36 needs it."""


RELAX_WITNESSES = True
"""Whether a large model (`LARGE_MODEL` variables or more) with witnesses that its blocking
search has not settled within `RELAX_AFTER` seconds is searched again without them (see
`sapphire.ground.witness`), with witnesses found per answer. Its rounds of connectivity cuts
are each a solve, so neither search wins everywhere: on a 20×36 Slitherlink the relaxation takes
4–6 s where the model takes 21–90 s, on a 60×60 one 24–48 s where the model takes 5 s, and on
most large ones 1.1–1.9× the model's 1.3–1.9 s. Small models are solved at once by
enumeration, which a relaxation's cuts would rule out."""

RELAX_AFTER = 8.0
"""Seconds the blocking search of a model with a relaxation gets before the relaxation's."""


LAZY_CONNECTIVITY = True
"""Whether connectivity starts out checked on answers (see `_LazyConnected`) rather than
encoded in full."""

LAZY_ROUNDS = (3, 40)
"""Rounds of connectivity cuts after which the search encodes connectivity in full: the
first when an answer still has more than `LAZY_PIECES` pieces too many, the second always."""

LAZY_STALL = 4
"""For connectivities of cells the answer does not name (a loop's inside, worked out from its
edges), rounds without a new fewest number of pieces after which `LAZY_PIECES` ends the cuts.
Their pieces are subtours, which cuts close one by one though unevenly (a 20×36 Slitherlink:
22, 16, 17, 15, 18, 11, … to 0 in 25 rounds). A shading's pieces come and go as the shading
changes, and there `LAZY_PIECES` ends the cuts at once (puzzlekit Nurikabe: 2× the time when
it waits for a stall)."""

LAZY_PIECES = 4
"""Pieces too many (over all connectivities, beyond one each) that show cuts converging.
Measured on puzzlekit and ISS: a Masyu's loop falls into 2–5 pieces per answer after its
first few rounds and closes within 25 rounds, while a Yin-Yang colour or a Nurikabe wall
keeps falling into 10–20 pieces for hundreds of rounds, and a chaos construction's nine
regions into 1–4 pieces each, where the full encoding solves sooner."""


REACH_LITERALS = 100_000
"""The most layer literals (groups × size × cells) for which a partition whose group sizes
are bounded gets `_Lowering.post_reach` per group rather than one shared distance per cell."""


NATIVE_AUTOMATON = True
"""Whether a deterministic automaton posted without conditions becomes CP-SAT's own automaton
constraint rather than the reachability literals of `_Lowering.accepted`."""


def _deterministic(f: Accepts) -> bool:
    """One start state and at most one move per state and symbol."""
    seen: set[tuple[int, int]] = set()
    for q, a, _ in f.moves:
        if (q, a) in seen:
            return False
        seen.add((q, a))
    return len(f.starts) == 1 and bool(f.word)


def _partition(family: list[Connected], gm: GroundModel) -> list | None:
    """Per cell, its label when the members of `family` split the cells into groups by the
    value of one variable per cell: constraint k's member at cell i is `x = g_k` for that
    cell's variable x and one value g_k per constraint, or a constant. The label is the
    variable (as `(index,)`), the constant group value of a cell fixed in a group, or None
    for a cell in no group. None when the family is not such a partition."""
    n = len(family[0].cells)
    group: list[int | None] = [None] * len(family)
    var: list[int | None] = [None] * n
    fixed: list[int | None] = [None] * n
    for k, f in enumerate(family):
        for i, mf in enumerate(f.members):
            if type(mf) in (And, Or) and not mf.items:
                if type(mf) is And:
                    if fixed[i] is not None:
                        return None
                    fixed[i] = k
                continue
            if type(mf) is not Cmp or mf.op != "=" or len(mf.lin.terms) != 1 \
                    or mf.lin.terms[0][1] != 1:
                return None
            v, g = mf.lin.terms[0][0], -mf.lin.const
            if var[i] not in (None, v) or group[k] not in (None, g):
                return None
            var[i], group[k] = v, g
    spare = max((gm.variables[v].domain.hi for v in var if v is not None), default=0) + 1
    values = [g if g is not None else spare + k for k, g in enumerate(group)]
    if len(set(values)) < len(values):
        return None
    labels: list = []
    for i in range(n):
        if var[i] is not None:
            if fixed[i] is not None:
                return None
            # a value naming a group must be that group's member, never a constant false
            dom = gm.variables[var[i]].domain
            for k, f in enumerate(family):
                if type(f.members[i]) is not Cmp and values[k] in dom:
                    return None
            labels.append((var[i],))
        else:
            labels.append(None if fixed[i] is None else values[fixed[i]])
    return labels


def _cp_domain(d: Domain) -> cp_model.Domain:
    return cp_model.Domain.FromIntervals([list(iv) for iv in d.intervals])


class _Lowering:
    def __init__(self, gm: GroundModel, exact: bool = False,
                 lazy_connectivity: bool = False, implied: bool = False) -> None:
        self.gm = gm
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
        for v in gm.variables:
            d = v.domain
            if d.size == 2:
                b = m.new_bool_var("")
                lo, hi = d.lo, d.hi
                self.bool_of.append(b)
                self.affine.append((lo, hi - lo))
                self.vars.append(b if (lo, hi) == (0, 1) else b * (hi - lo) + lo)
            else:
                # unnamed: names cost a string per variable and only show in solver logs
                self.vars.append(m.new_int_var(d.lo, d.hi, "") if len(d.intervals) == 1
                                 else m.new_int_var_from_domain(_cp_domain(d), ""))
                self.bool_of.append(None)
                self.affine.append((0, 1))
        self.atoms: dict[Formula, object] = {}
        self.value_lits: dict[tuple[int, int], object] = {}
        self.cache: dict[tuple[int, Formula], object] = {}
        self.lazy_connectivity = lazy_connectivity
        """Leave connectivity out of the model and cut off answers that break it (see
        `_LazyConnected`), until `encode_lazy` puts the full encoding in."""
        self.lazy: list[_LazyConnected] = []
        self.pending: list[Connected] = []
        """Unconditional connectivities, posted together by `post_partitions`."""
        self.most_groups = 0
        """The most groups of a partition posted with `encode_partition`."""
        self.whole = WholeGroups(())
        self.whole_used: set[int] = set()
        """Groups of `whole` that some sum was read with. Their totals are posted too, so that
        the LP relaxation links the folded sums (Rectangle Sums: over 120 s to 1.6 s)."""
        self.folded_atoms: dict[Formula, Formula] = {}
        self.sizes: dict[Connected, int] = {}
        """The most members of connected groups that a count bounds (see `GroupSize`)."""
        self.true_lit = None
        """A literal fixed to true, made when first asked for (see `constant`)."""

    def post_model(self) -> None:
        """Post every constraint of the ground model, its element tables and its implied
        facts."""
        facts = implied_facts(self.gm)
        self.whole = WholeGroups(facts.permutations)
        self.sizes = {g.group: g.most for g in facts.group_sizes}
        for con in self.gm.constraints:
            if self.implied or not con.implied:
                self.post(con.formula, [])
        self.post_partitions()
        self.post_elements()
        self.post_implied(facts)

    # ------------------------------------------------------------------ expressions
    def expr(self, lin: Lin):  # noqa: ANN201 - an ortools linear expression
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
            self.clause([self.literal(it, POS) for it in f.items], enf)
        elif t is Not:
            self.post_negated(f.item, enf)
        elif t is Implies:
            self.post(f.right, enf + self.conj_literals(f.left))
        elif t is Iff:
            self.post_iff(f.left, f.right, enf)
        elif t is AllDifferent:
            if enf:
                for i in range(len(f.exprs)):
                    for j in range(i + 1, len(f.exprs)):
                        self.post(Cmp("¬=", _sub(f.exprs[i], f.exprs[j])), enf)
            else:
                self.m.add_all_different([self.expr(e) for e in f.exprs])
        elif t is Connected:
            self.post_connected(f, enf)
        elif t is Accepts:
            if not enf and NATIVE_AUTOMATON and _deterministic(f):
                self.m.add_automaton([self.expr(w) for w in f.word], f.starts[0],
                                     list(f.accepts), list(f.moves))
            else:
                self.clause([self.accepted(f)], enf)
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
        la, lb = self.literal(a, 0), self.literal(b, 0)
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
            self.clause([self.literal(it, NEG).Not() for it in f.items], enf)
        elif t is Iff:
            self.post_iff(f.left, Not(f.right), enf)
        elif t is AllDifferent:
            pairs = [Cmp("=", _sub(f.exprs[i], f.exprs[j]))
                     for i in range(len(f.exprs)) for j in range(i + 1, len(f.exprs))]
            self.clause([self.literal(p, POS) for p in pairs], enf)
        elif t is Connected:
            self.post_disconnected(f, enf)
        elif t is Accepts:
            self.clause([self.accepted(f).Not()], enf)
        else:
            raise InternalError(f"cannot lower the negation of {t.__name__}")

    def encode_lazy(self) -> None:
        """Put the full encoding of every lazily checked connectivity into the model."""
        for lazy in self.lazy:
            if lazy.enf:
                self.encode_connected(lazy.formula, lazy.enf)
        unconditional = [lazy.formula for lazy in self.lazy if not lazy.enf]
        self.lazy.clear()
        self.post_families(unconditional, lazy=False)

    def clause(self, lits: list, enf: list) -> None:
        self.m.add_bool_or(lits + [e.Not() for e in enf])

    def conj_literals(self, f: Formula) -> list:
        """Literals whose conjunction is implied by `f` (for use as enforcement)."""
        if type(f) is And:
            out: list = []
            for it in f.items:
                out.extend(self.conj_literals(it))
            return out
        return [self.literal(f, NEG)]

    def literal(self, f: Formula, pol: int):  # noqa: ANN201
        """A literal l with l ⇒ f (POS), f ⇒ l (NEG) or l ⇔ f (0). Atoms always get their
        one shared literal, so every use of an atom propagates through the same variable."""
        t = type(f)
        if t is Cmp or t is InSet:
            return self.atom_literal(f)
        if t is Not:
            return self.literal(f.item, -pol).Not()
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
            lits_pos = [self.literal(i, POS if pol != NEG else NEG) for i in f.items] \
                if pol != 0 else [self.literal(i, 0) for i in f.items]
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
            return self.literal(Or((Not(f.left), f.right)), pol)
        elif t is Iff:
            la, lb = self.literal(f.left, 0), self.literal(f.right, 0)
            lit = m.new_bool_var("")
            m.add_bool_xor([la, lb, lit])
        elif t is Accepts:
            return self.accepted(f)
        else:
            lit = m.new_bool_var("")
            if pol in (POS, 0):
                self.post(f, [lit])
            if pol in (NEG, 0):
                self.post_negated(f, [lit.Not()])
        self.cache[(pol, f)] = lit
        return lit

    # ------------------------------------------------------------------ automata
    def accepted(self, f: Accepts):  # noqa: ANN201
        """The literal ⇔ `f`: per position i and state q, a literal "some run over the first
        i symbols ends in q", defined in full from the previous layer, so that the literal
        is exact under negation too. Only states that the symbols' domains let a run reach
        from a start and still leave for an accepting state get a literal."""
        hit = self.cache.get((0, f))
        if hit is not None:
            return hit
        m = self.m
        n = len(f.word)
        doms = [set(self.gm.possible_values(w)) for w in f.word]
        forward = [set(f.starts)]
        for i in range(n):
            forward.append({b for q, a, b in f.moves if q in forward[i] and a in doms[i]})
        live = [set() for _ in range(n)] + [forward[n] & set(f.accepts)]
        for i in range(n - 1, -1, -1):
            live[i] = {q for q, a, b in f.moves
                       if q in forward[i] and a in doms[i] and b in live[i + 1]}
        true = self.constant(True)
        reach = {q: true for q in live[0]}
        for i in range(n):
            w = f.word[i]
            step: dict[tuple[int, int], object] = {}
            into: dict[int, list] = {}
            for q, a, b in f.moves:
                if q not in reach or a not in doms[i] or b not in live[i + 1]:
                    continue
                t = step.get((q, a))
                if t is None:
                    sym = true if not w.terms else self.atom_literal(
                        Cmp("=", Lin(w.terms, w.const - a)))
                    if reach[q] is true:
                        t = sym
                    elif sym is true:
                        t = reach[q]
                    else:
                        t = m.new_bool_var("")
                        m.add_implication(t, reach[q])
                        m.add_implication(t, sym)
                        m.add_bool_or([reach[q].Not(), sym.Not(), t])
                    step[(q, a)] = t
                into.setdefault(b, []).append(t)
            reach = {}
            for b, ts in into.items():
                r = m.new_bool_var("")
                m.add_bool_or([*ts, r.Not()])
                for t in ts:
                    m.add_implication(t, r)
                reach[b] = r
        lit = m.new_bool_var("")
        ends = list(reach.values())
        m.add_bool_or([*ends, lit.Not()])
        for r in ends:
            m.add_implication(r, lit)
        self.cache[(0, f)] = lit
        return lit

    def post_connected(self, f: Connected, enf: list) -> None:
        """Members form one 4-connected group: checked on answers for now, or encoded.
        Unconditional ones wait for `post_partitions`, which may encode several at once."""
        if not enf:
            self.pending.append(f)
        elif self.lazy_connectivity:
            self.lazy.append(_LazyConnected(f, list(enf), self))
        else:
            self.encode_connected(f, enf)

    def post_partitions(self) -> None:
        """Post the unconditional connectivities (see `post_families`)."""
        pending, self.pending = self.pending, []
        self.post_families(pending, self.lazy_connectivity)

    def post_families(self, formulas: list[Connected], lazy: bool) -> None:
        """Post unconditional connectivities: each family over the same cells that is a
        partition (see `_partition`) with one encoding, the rest one by one, checked on
        answers when `lazy`. A partition into two groups (a loop's inside and outside, a
        two-colour shading) is checked on answers too while `lazy`: cuts close a loop in a
        few rounds (a 14×16 Masyu: 3 s, over 20 s encoded from the start)."""
        by_cells: dict[tuple, list[Connected]] = {}
        for f in formulas:
            by_cells.setdefault(f.cells, []).append(f)
        for family in by_cells.values():
            labels = _partition(family, self.gm) if len(family) > 1 else None
            if labels is not None and (len(family) > 2 or not lazy):
                self.encode_partition(family, labels)
            elif lazy:
                self.lazy.extend(_LazyConnected(f, [], self) for f in family)
            else:
                for f in family:
                    self.encode_connected(f, [])

    def encode_partition(self, family: list[Connected], labels: list) -> None:
        """Each group of a partition is connected, with one spanning forest for all groups.

        `labels[i]` is cell i's label: a variable whose value names its group, a constant
        group value, or None for a cell in no group. A group's root is its first cell; every
        other cell of the group steps to a neighbour with the same label one closer to a
        root, so it reaches its group's only root. One distance per cell serves every
        group, where encoding each group apart takes one per cell and group: for the
        sixteen regions of a 16×16 chaos construction, sixteen times the variables and
        several times the presolve.

        When counts bound every group's size (see `GroupSize`), each group is encoded apart
        with `post_reach` instead, whose layers let the solver see which cells a region can
        still reach; the whole encoding is then about groups × size × cells literals."""
        self.free_aux = True  # roots and distances are many per answer
        self.most_groups = max(self.most_groups, len(family))
        m = self.m
        cells = list(family[0].cells)
        n = len(cells)
        member = [[self.literal(f.members[i], 0) for f in family] for i in range(n)]
        placed = [i for i in range(n) if labels[i] is not None]
        sizes = [self.sizes[f] for f in family if f in self.sizes]
        if len(sizes) == len(family) and sum(sizes) * len(placed) <= REACH_LITERALS:
            near = neighbours([cells[i] for i in placed])
            for k, most in enumerate(sizes):
                group = [member[i][k] for i in placed]
                self.post_reach(group, self.first_members(group), near, most)
            return
        inside = []
        for i in range(n):
            if labels[i] is None:
                inside.append(None)
                continue
            lit = m.new_bool_var("")
            m.add_bool_or([*member[i], lit.Not()])
            for x in member[i]:
                m.add_implication(x, lit)
            inside.append(lit)
        # a group's root is its first cell
        firsts = [self.first_members([member[i][k] for i in placed])
                  for k in range(len(family))]
        first: dict[int, list] = {i: [f[p] for f in firsts] for p, i in enumerate(placed)}
        nbrs = neighbours(cells)
        dist = [m.new_int_var(0, n - 1, "") if labels[i] is not None else None
                for i in range(n)]
        for i in range(n):
            if labels[i] is None:
                continue
            root = m.new_bool_var("")
            m.add(sum(first[i]) == root)
            m.add(dist[i] == 0).only_enforce_if(root)
            steps = []
            for j in nbrs[i]:
                if labels[j] is None or (isinstance(labels[i], int) and isinstance(
                        labels[j], int) and labels[i] != labels[j]):
                    continue
                s = m.new_bool_var("")
                m.add(dist[j] == dist[i] - 1).only_enforce_if(s)
                if not (isinstance(labels[i], int) and isinstance(labels[j], int)):
                    m.add(self._label_expr(labels[i]) == self._label_expr(labels[j])
                          ).only_enforce_if(s)
                steps.append(s)
            m.add_bool_or([*steps, root, inside[i].Not()])

    def post_reach(self, member: list, root: list, near: list[list[int]], most: int) -> None:
        """Every member reaches the group's root within `most − 1` steps through members.

        Layer d has one literal per place: a member at most d steps from the root (layer 0 is
        `root`). A place is in layer d only if it or a neighbour is in layer d − 1, and every
        member is in the last layer. A group of `most` cells is connected exactly when such
        layers exist. Unlike one distance variable per cell, the layers propagate: a cell
        that no layer can reach is no member, as a search spreading from the root would
        find (Calm Construction: over 60 s to 19 s; Cavernous Construction: 47 s to 17 s)."""
        m = self.m
        layer = root
        for _ in range(1, max(most, 1)):
            nxt = []
            for i, x in enumerate(member):
                lit = m.new_bool_var("")
                m.add_implication(lit, x)
                m.add_implication(layer[i], lit)
                m.add_bool_or([lit.Not(), layer[i], *(layer[j] for j in near[i])])
                nxt.append(lit)
            layer = nxt
        for x, lit in zip(member, layer, strict=True):
            m.add_implication(x, lit)

    def first_members(self, member: list) -> list:
        """Per place, a literal ⇔ it is the first member: member[i] ∧ ¬seen, where seen
        (some earlier place is a member) is carried along the places, linear in their
        number."""
        m = self.m
        first = []
        seen = None
        for i, x in enumerate(member):
            f = m.new_bool_var("")
            m.add_implication(f, x)
            if seen is None:
                m.add_implication(x, f)
            else:
                m.add_implication(f, seen.Not())
                m.add_bool_or([f, x.Not(), seen])
            if i + 1 < len(member):
                nxt = m.new_bool_var("")
                m.add_implication(x, nxt)
                if seen is not None:
                    m.add_implication(seen, nxt)
                m.add_bool_or([nxt.Not(), x] + ([seen] if seen is not None else []))
                seen = nxt
            first.append(f)
        return first

    def _label_expr(self, label):  # noqa: ANN001, ANN202 - an ortools expression or int
        return label if isinstance(label, int) else self.vars[label[0]]

    def encode_connected(self, f: Connected, enf: list) -> None:
        """`∧enf ⇒ f` in full: a root-distance labelling, with the root the first member in
        cell order."""
        self.free_aux = True  # distances along a spanning tree are many per answer
        # only cells that may be members take part: an island's few near cells, not the board
        live = [i for i, mf in enumerate(f.members) if mf != FALSE]
        cells = [f.cells[i] for i in live]
        n = len(cells)
        if n == 0:
            return
        member = [self.literal(f.members[i], 0) for i in live]
        nbrs = neighbours(cells)
        if enf:
            ok = self.m.new_bool_var("")
            self.m.add_bool_and([ok]).only_enforce_if(enf)
        else:
            ok = None
        root = self.first_members(member)
        dist = [self.m.new_int_var(0, n - 1, "") for _ in range(n)]
        for i in range(n):
            self.m.add(dist[i] == 0).only_enforce_if(root[i])
            # a non-root member has a member neighbour one step closer to the root
            steps = []
            for j in nbrs[i]:
                s = self.m.new_bool_var("")
                self.m.add_implication(s, member[j])
                self.m.add(dist[j] == dist[i] - 1).only_enforce_if(s)
                steps.append(s)
            cond = [member[i], root[i].Not()] + ([ok] if ok is not None else [])
            self.m.add_bool_or(steps + [c.Not() for c in cond])

    def post_disconnected(self, f: Connected, enf: list) -> None:
        """Members do not form one group: some non-empty member set R is closed under
        adjacency between members, and some member lies outside R."""
        self.free_aux = True  # many closed sets R witness one answer
        cells = list(f.cells)
        member = [self.literal(mf, 0) for mf in f.members]
        region = [self.m.new_bool_var("") for _ in cells]
        outside = [self.m.new_bool_var("") for _ in cells]
        for i, near in enumerate(neighbours(cells)):
            self.m.add_implication(region[i], member[i])
            self.m.add_bool_and([member[i], region[i].Not()]).only_enforce_if(outside[i])
            for j in near:
                self.m.add_bool_or([region[i].Not(), member[j].Not(), region[j]])
        self.clause(region, enf)
        self.clause(outside, enf)

    # ------------------------------------------------------------------ elements
    def value_literal(self, v: int, value: int):  # noqa: ANN201
        """The shared literal of `variable v = value` (the atom's own, looked up by the pair
        first: implied permutations ask for every value of every cell several times)."""
        key = (v, value)
        lit = self.value_lits.get(key)
        if lit is None:
            lit = self.value_lits[key] = self.atom_literal(Cmp("=", Lin(((v, 1),), -value)))
        return lit

    def post_implied(self, facts: Implied) -> None:
        """Add the redundant constraints of `facts`; they change no answer, only the search."""
        m = self.m
        for p in facts.permutations:
            doms = [self.gm.variables[v].domain for v in p.variables]
            for value in p.values:
                m.add_exactly_one([self.value_literal(v, value)
                                   for v, d in zip(p.variables, doms, strict=True) if value in d])
        for i in sorted(self.whole_used):
            variables, total = self.whole.groups[i]
            m.add(sum(self.vars[v] for v in sorted(variables)) == total)
        for d in facts.distinct_sums:
            m.add_linear_constraint(sum(self.vars[v] for v in d.variables), d.lo, d.hi)
        for g in facts.value_sets:
            allowed = g.allowed()
            for v in g.variables:
                m.add_linear_expression_in_domain(
                    self.vars[v], cp_model.Domain.FromValues(sorted(allowed)))
            if not g.sets:
                continue
            doms = [self.gm.variables[v].domain for v in g.variables]
            chosen = [m.new_bool_var("") for _ in g.sets]
            m.add_exactly_one(chosen)
            for value in sorted(allowed):
                present = [self.value_literal(v, value)
                           for v, d in zip(g.variables, doms, strict=True) if value in d]
                having = [c for c, s in zip(chosen, g.sets, strict=True) if value in s]
                # value appears in the group  ⇔  the chosen set holds it
                for a, b in ((present, having), (having, present)):
                    for lit in a:
                        m.add_bool_or(b).only_enforce_if(lit)

    def post_elements(self) -> None:
        for el, _origin in self.gm.elements:
            res = self.vars[el.result]
            rows = el.table
            dims = len(el.index)
            keys = [p for p, _ in rows]
            los = [min(k[d] for k in keys) for d in range(dims)]
            his = [max(k[d] for k in keys) for d in range(dims)]
            sizes = [h - lo + 1 for lo, h in zip(los, his, strict=True)]
            full = 1
            for s in sizes:
                full *= s
            if full == len(rows):
                flat = {}
                for p, val in rows:
                    k = 0
                    for d in range(dims):
                        k = k * sizes[d] + (p[d] - los[d])
                    flat[k] = val
                stride = [1] * dims
                for d in range(dims - 2, -1, -1):
                    stride[d] = stride[d + 1] * sizes[d + 1]
                idx_lin = Lin((), 0)
                terms: dict[int, int] = {}
                const = 0
                for d, lin in enumerate(el.index):
                    for v, c in lin.terms:
                        terms[v] = terms.get(v, 0) + c * stride[d]
                    const += (lin.const - los[d]) * stride[d]
                idx_lin = Lin(tuple(terms.items()), const)
                iv = self.m.new_int_var(0, full - 1, "")
                self.m.add(iv == self.expr(idx_lin))
                self.m.add_element(iv, [self.expr(flat[k]) for k in range(full)], res)
            else:
                sels = []
                for p, val in rows:
                    s = self.m.new_bool_var("")
                    for d in range(dims):
                        self.m.add(self.expr(el.index[d]) == p[d]).only_enforce_if(s)
                    self.m.add(res == self.expr(val)).only_enforce_if(s)
                    sels.append(s)
                self.m.add_exactly_one(sels)

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


def _holds(solution: list[int], lit) -> bool:  # noqa: ANN001 - an ortools literal
    """The value of a literal (a proto index, negative for a negation) in a solution."""
    i = lit.index
    return bool(solution[i]) if i >= 0 else not solution[-i - 1]


class _LazyConnected:
    """`∧enf ⇒ f is connected`, checked on each answer instead of encoded.

    An answer whose members fall apart gets, per pair of pieces S and T, the cut "if s (in S)
    and t (in T) are both members, some neighbour of S outside S is one": every path from s
    to t leaves S through such a neighbour. Cuts hold for every answer, so they stay in
    the model. On a loop (the inside squares and the outside squares each one piece) a few
    rounds of cuts close every subtour, far faster than the full encoding; where pieces keep
    appearing (two-colour shadings) the search gives up on cuts and encodes in full."""

    def __init__(self, f: Connected, enf: list, low: _Lowering) -> None:
        self.formula, self.enf = f, enf
        self.members = [low.literal(mf, 0) for mf in f.members]
        self.nbrs = neighbours(list(f.cells))
        self.pieces = 0
        """The pieces of the last answer that broke the constraint."""

    def cuts(self, solution: list[int]) -> list[list]:
        """The cuts that `solution` violates; none when it keeps the constraint."""
        self.pieces = 0
        if not all(_holds(solution, e) for e in self.enf):
            return []
        member = [_holds(solution, m) for m in self.members]
        groups = pieces(member, self.nbrs)
        self.pieces = len(groups)
        if len(groups) < 2:
            return []
        out = []
        unless = [e.Not() for e in self.enf]
        for k, cells in enumerate(groups):
            inside = set(cells)
            border = sorted({n for j in cells for n in self.nbrs[j] if n not in inside})
            wall = [self.members[b] for b in border] + unless
            for j, others in enumerate(groups):
                if j != k:
                    out.append([self.members[cells[0]].Not(), self.members[others[0]].Not()]
                               + wall)
        return out


class _Search:
    """Further answers, in one or two phases, on copies of the lowered model.

    An answer differs from the earlier ones on some answer variable. When most answer
    variables are 0/1 (the edges of a loop, a shading), phase A asks for one that differs from
    each earlier answer on a Boolean answer variable (the clause a careful modeller writes
    over the edges of a loop); only if there is none, phase B asks, per pattern of Boolean
    values already seen, for one that keeps that pattern and differs on an integer answer
    variable. Together they are exactly "differs from every earlier answer", but each phase
    gives the solver a clause over 0/1 literals instead of reified disequalities of wide
    integers. When most are integers, the few 0/1 ones are incidental (a region number with
    two possible values) and two phases would make two proofs of one fact, so one model asks
    for a difference anywhere: on ISS's chaos constructions, 0.85× the time in all."""

    def __init__(self, low: _Lowering, answer_vars: list[int]) -> None:
        self.low = low
        self.bools = [v for v in answer_vars if low.bool_of[v] is not None]
        self.ints = [v for v in answer_vars if low.bool_of[v] is None]

    def _literal(self, m: cp_model.CpModel, v: int, value: int, differ: bool):  # noqa: ANN202
        b = m.get_bool_var_from_proto_index(self.low.bool_of[v].index)
        lo, _step = self.low.affine[v]
        same = b.Not() if value == lo else b
        return same.Not() if differ else same

    def differs(self, m: cp_model.CpModel, vals: list[int]) -> list:
        """Literals of which one holds exactly when an answer differs from `vals`."""
        return [*(self._literal(m, v, vals[v], True) for v in self.bools),
                *self._int_differs(m, vals)]

    def fix(self, m: cp_model.CpModel, vals: list[int]) -> None:
        """Fix every answer variable of `m` to its value in `vals`."""
        m.add_bool_and([self._literal(m, v, vals[v], False) for v in self.bools])
        for v in self.ints:
            m.add(m.get_int_var_from_proto_index(self.low.vars[v].index) == vals[v])

    def _int_differs(self, m: cp_model.CpModel, vals: list[int]) -> list:
        """Per integer answer variable, a literal that implies it differs from `vals`."""
        lits = []
        for v in self.ints:
            x = m.get_int_var_from_proto_index(self.low.vars[v].index)
            d = m.new_bool_var("")
            m.add(x != vals[v]).only_enforce_if(d)
            lits.append(d)
        return lits

    def phases(self, found: list[list[int]]) -> list[cp_model.CpModel]:
        if len(self.bools) < len(self.ints):
            m = self.low.m.clone()
            for vals in found:
                m.add_bool_or(self.differs(m, vals))
            return [m]
        out = []
        if self.bools:
            m = self.low.m.clone()
            for vals in found:
                m.add_bool_or([self._literal(m, v, vals[v], True) for v in self.bools])
            out.append(m)
        if self.ints:
            patterns: dict[tuple[int, ...], list[list[int]]] = {}
            for vals in found:
                patterns.setdefault(tuple(vals[v] for v in self.bools), []).append(vals)
            for pattern, same in patterns.items():
                m = self.low.m.clone()
                m.add_bool_and([self._literal(m, v, x, False)
                                for v, x in zip(self.bools, pattern, strict=True)])
                for vals in same:
                    m.add_bool_or(self._int_differs(m, vals))
                out.append(m)
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


def _sub(a: Lin, b: Lin) -> Lin:
    d: dict[int, int] = dict(a.terms)
    for v, c in b.terms:
        d[v] = d.get(v, 0) - c
    return Lin(tuple((v, c) for v, c in d.items() if c), a.const - b.const)


def solve(gm: GroundModel, answer_vars: list[int], *, max_solutions: int = 2,
          time_limit: float | None = None, workers: int | None = None) -> BackendResult:
    """Find up to `max_solutions` answers differing on `answer_vars`.

    A small model is first searched once with solution enumeration (one worker): CP-SAT's
    presolve, which on most puzzles is the whole cost of a solve, then runs once instead of
    once per answer. Enumeration lists assignments of every variable, so when it keeps
    meeting the same answer (auxiliary variables left free) it gives up and the blocking
    search below takes over.

    `workers` (for the blocking search) defaults by size: on a small model extra portfolio
    workers only share the machine's cores (a 9×9 killer runs 2–3× slower with 8 than with
    2), while large loop models need the portfolio's diversity (a 20×36 Slitherlink: 22 s
    with 8, over 60 s with 2). A model with a region map gets `REGION_MAP_SUBSOLVERS`.
    """
    size = len(gm.variables)
    chosen = workers is not None
    if workers is None:
        workers = 2 if size < LARGE_MODEL else 8
    t0 = time.perf_counter()
    with no_gc():
        low = _Lowering(gm, exact=any(size < below for below, _ in ENUMERATION_BUDGETS),
                        lazy_connectivity=LAZY_CONNECTIVITY)
        low.post_model()
    timings = {"lower": time.perf_counter() - t0}
    clock = _Clock(None if time_limit is None else time.perf_counter() + time_limit, timings)
    t1 = time.perf_counter()
    found = None
    for below, budget in ENUMERATION_BUDGETS:
        if size < below and not low.free_aux and not low.lazy:
            found = _enumerate(low, answer_vars, max_solutions, clock, budget)
            break
    relax = found is None and RELAX_WITNESSES and size >= LARGE_MODEL
    relaxed = relaxation(gm, answer_vars) if relax else None
    if relaxed is not None:
        # the model itself first, for a while: most large puzzles are solved sooner so
        turn = time.perf_counter() + RELAX_AFTER
        own = clock if clock.deadline is not None and clock.deadline <= turn \
            else _Clock(turn, clock.timings)
        found = _block(low, answer_vars, max_solutions, own, workers, _subsolvers(low, chosen))
        if own is not clock and found is not None and found[0] == "unknown":
            found = None
    if relaxed is not None and found is None:
        t2 = time.perf_counter()
        with no_gc():
            low_r = _Lowering(relaxed, lazy_connectivity=LAZY_CONNECTIVITY, implied=True)
            low_r.post_model()
        clock.record("lower relaxed", t2)
        found = _block(low_r, answer_vars, max_solutions, clock, workers,
                       _subsolvers(low_r, chosen), _Witnesses(low, answer_vars, clock, workers))
    if found is None:
        found = _block(low, answer_vars, max_solutions, clock, workers, _subsolvers(low, chosen))
    status, solutions = found
    timings["solve"] = time.perf_counter() - t1
    return BackendResult(status, solutions, timings)


def _subsolvers(low: _Lowering, chosen: bool) -> tuple[str, ...]:
    """The blocking search's own portfolio, when the model calls for one."""
    return REGION_MAP_SUBSOLVERS if not chosen and low.most_groups > 2 else ()


@dataclass
class _Clock:
    """The deadline shared by every solver call, and where their times are recorded."""

    deadline: float | None
    timings: dict[str, float]

    def limit(self, solver: cp_model.CpSolver) -> bool:
        """Give `solver` the time left; False when none is."""
        if self.deadline is None:
            return True
        left = self.deadline - time.perf_counter()
        if left <= 0:
            return False
        solver.parameters.max_time_in_seconds = left
        return True

    def record(self, key: str, since: float) -> None:
        self.timings[key] = self.timings.get(key, 0.0) + time.perf_counter() - since


def _verdict(solutions: list[list[int]], timed_out: bool) -> str:
    if timed_out:
        return "multiple" if len(solutions) > 1 else "unknown"
    return {0: "none", 1: "unique"}.get(len(solutions), "multiple")


REGION_MAP_SUBSOLVERS = ("default_lp", "no_lp")
"""The blocking search's portfolio for a model whose connectivity is a partition into more
than two groups (a chaos construction's region map), one thread each, in place of the
default portfolio. The linear relaxation of the region-by-digit table costs more than it
prunes, so the search without it mostly wins: on ISS's chaos constructions Sunblock goes
from 15 s to 9 s, Chaos Construction: killer from 20 s to 9 s, Atrocious Destruction from
15 s to 6 s. Loops and two-colour shadings keep the default, which a Masyu of 14×16 needs
(3 s, over 20 s with these two)."""


SOLVER_PARAMETERS: dict[str, int] = {"symmetry_level": 0}
"""CP-SAT parameters of every search. Symmetry detection is off: CP-SAT looks for symmetries of
the model in every presolve, and on some puzzle models the search runs into its fixed work limit,
seconds of wall time each solve (a 13×13 Masyu: 4.7 s of a 4.8 s solve, in each of its ten
rounds of connectivity cuts; 27 s in all, 1.4 s without). Puzzles rarely have symmetries it
could use, since givens break them. On the ISS corpus at 20 s, four more puzzles match (two
chaos constructions, a pencil-mark sudoku, a killer) and the median ratio to ISS's times falls
from 58× to 49×."""


def _solver() -> cp_model.CpSolver:
    """A CP-SAT solver with `SOLVER_PARAMETERS`; every search of the backend starts from one."""
    solver = cp_model.CpSolver()
    for key, value in SOLVER_PARAMETERS.items():
        setattr(solver.parameters, key, value)
    return solver


MAX_REPEATS = 32
"""Enumerated assignments with an already seen answer before enumeration gives up."""


class _Answers(cp_model.CpSolverSolutionCallback):
    """Collects distinct answers during enumeration; stops at `want` or at too many repeats."""

    def __init__(self, low: _Lowering, answer_vars: list[int], want: int) -> None:
        super().__init__()
        self.low, self.answer_vars, self.want = low, answer_vars, want
        self.answers: dict[tuple[int, ...], list[int]] = {}
        self.repeats = 0
        self.gave_up = False

    def on_solution_callback(self) -> None:
        vals = self.low.values(list(self.response_proto.solution))
        key = tuple(vals[v] for v in self.answer_vars)
        if key in self.answers:
            self.repeats += 1
            if self.repeats > MAX_REPEATS:
                self.gave_up = True
                self.stop_search()
            return
        self.answers[key] = vals
        if len(self.answers) >= self.want:
            self.stop_search()


ENUMERATION_VARIANTS: tuple[dict[str, int], ...] = ({}, {"linearization_level": 2})
"""CP-SAT parameters of the enumerating searches raced against each other, one thread each
when the machine has a core for each. Sums over many cells (little killers, cages, full-rank
clues) are often refuted only by the LP relaxation of level 2, which slows placement puzzles
down several times: on the ISS corpus a zero-solution little killer goes from over 60 s to 4 s
with it and a pencil-mark sudoku from over 20 s to 1.2 s, while a thermo puzzle goes from 1.3 s
to 13 s. Racing keeps the faster of the two."""


@dataclass
class _EnumerationRun:
    """One enumerating search: its solver, its answers and how it ended."""

    solver: cp_model.CpSolver
    answers: _Answers
    own_limit: bool
    status: int | None = None

    @property
    def complete(self) -> bool:
        return self.status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) or (
            len(self.answers.answers) >= self.answers.want)

    @property
    def decisive(self) -> bool:
        """Whether this run settles the question for every run (so the others may stop)."""
        return self.complete or self.answers.gave_up


def _race(low: _Lowering, runs: list[_EnumerationRun]) -> None:
    """Run the first search here and each other one in a thread; the first to settle the
    question stops the others.

    A stop reaches a CP-SAT search only while it runs (one asked for before it starts is
    lost), so the winner repeats it until every other search has ended."""

    def search(run: _EnumerationRun) -> None:
        run.status = run.solver.solve(low.m, run.answers)
        if run.decisive:
            while any(other.status is None for other in runs):
                for other in runs:
                    if other.status is None:
                        other.solver.stop_search()
                time.sleep(0.001)

    threads = [threading.Thread(target=search, args=(run,)) for run in runs[1:]]
    for t in threads:
        t.start()
    search(runs[0])
    for t in threads:
        t.join()


def _enumerate(low: _Lowering, answer_vars: list[int], max_solutions: int,
               clock: _Clock, budget: float | None) -> tuple[str, list[list[int]]] | None:
    """Enumerating searches raced under `ENUMERATION_VARIANTS`; None when they met the same
    answer too often or used up their own `budget` (not the caller's time limit) unfinished."""
    variants = ENUMERATION_VARIANTS if (os.cpu_count() or 1) > 1 else ENUMERATION_VARIANTS[:1]
    runs: list[_EnumerationRun] = []
    for params in variants:
        solver = _solver()
        solver.parameters.num_workers = 1
        solver.parameters.enumerate_all_solutions = True
        for key, value in params.items():
            setattr(solver.parameters, key, value)
        if not clock.limit(solver):
            return "unknown", []
        own_limit = budget is not None and (
            clock.deadline is None or budget < solver.parameters.max_time_in_seconds)
        if own_limit:
            solver.parameters.max_time_in_seconds = budget
        runs.append(_EnumerationRun(solver, _Answers(low, answer_vars, max_solutions), own_limit))
    ts = time.perf_counter()
    if len(runs) == 1:
        runs[0].status = runs[0].solver.solve(low.m, runs[0].answers)
    else:
        _race(low, runs)
    clock.record("enumerate", ts)
    if any(run.status == cp_model.MODEL_INVALID for run in runs):
        raise InternalError("CP-SAT rejected the model: " + low.m.validate())
    finished = [run for run in runs if run.complete]
    if finished:
        solutions = list(finished[0].answers.answers.values())
        return _verdict(solutions, False), solutions
    if any(run.answers.gave_up for run in runs):
        return None
    if any(run.own_limit for run in runs):
        return None
    solutions = list(max(runs, key=lambda run: len(run.answers.answers)).answers.answers.values())
    return _verdict(solutions, True), solutions


_RETRY = "retry"
_GIVE_UP = "give up"

RELAXED_MISSES = 2
"""Answers of a relaxation without witnesses after which the search gives the relaxation up:
each one is ruled out alone, so a relaxation that keeps finding them is too loose to pay."""


class _Witnesses:
    """Witnesses for a relaxation's answers: the full model with the answer fixed, solved
    (with its own connectivity cuts) by propagation more than by search."""

    def __init__(self, low: _Lowering, answer_vars: list[int], clock: _Clock,
                 workers: int) -> None:
        self.low, self.clock, self.workers = low, clock, workers
        self.search = _Search(low, answer_vars)
        self.timed_out = False

    def find(self, vals: list[int]) -> list[int] | None:
        """Every variable's value in an assignment of the full model with `vals`'s answer;
        None when it has none, or when the time ran out (then `timed_out` is set)."""
        m = self.low.m.clone()
        self.search.fix(m, vals)
        solver = _solver()
        solver.parameters.num_workers = self.workers
        for _ in range(LAZY_ROUNDS[1] + 1):
            if not self.clock.limit(solver):
                break
            ts = time.perf_counter()
            st = solver.solve(m)
            self.clock.record("witness", ts)
            if st == cp_model.INFEASIBLE:
                return None
            if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                break
            solution = list(solver.response_proto.solution)
            cuts = [cut for lazy in self.low.lazy for cut in lazy.cuts(solution)]
            if not cuts:
                return self.low.values(solution)
            for cut in cuts:  # they hold for every answer: the full model keeps them
                _add_clause(m, cut)
                _add_clause(self.low.m, cut)
        self.timed_out = True
        return None


def _add_clause(model: cp_model.CpModel, lits: list) -> None:
    """Add a clause over literals of the lowered model to `model` (it or a copy)."""
    get = model.get_bool_var_from_proto_index
    model.add_bool_or([get(lit.index) if lit.index >= 0 else get(-lit.index - 1).Not()
                       for lit in lits])


def _block(low: _Lowering, answer_vars: list[int], max_solutions: int, clock: _Clock,
           workers: int, subsolvers: tuple[str, ...] = (),
           witness: _Witnesses | None = None) -> tuple[str, list[list[int]]] | None:
    """Solve, then ask for an answer differing from every earlier one, until none is left.

    Each solve that breaks a lazily checked connectivity is repeated with its cuts; after
    `LAZY_ROUNDS` such repeats connectivity is encoded in full and the solve starts again.
    `subsolvers`, when given, name the full-problem searches in place of `workers` ones.

    With `witness`, `low` is a relaxation (see `sapphire.ground.witness`): each answer it finds
    becomes a solution only with the witnesses `witness` finds for it, and one without any is
    ruled out; after `RELAXED_MISSES` of those, None gives the search back to the full model."""
    solver = _solver()
    solver.parameters.num_workers = workers
    if subsolvers:
        # one full-problem search each, none that only looks for a first solution, and one
        # more worker, which CP-SAT keeps for its helpers
        solver.parameters.num_workers = len(subsolvers) + 1
        solver.parameters.subsolvers.extend(subsolvers)
        solver.parameters.use_feasibility_jump = False
    solutions: list[list[int]] = []
    search = _Search(low, answer_vars)
    rounds = misses = 0
    fewest = [1 << 30, 0]  # the fewest pieces too many an answer had, and in which round
    answer = set(answer_vars)
    inside_only = all(answer.isdisjoint(formula_variables(lazy.formula, set()))
                      for lazy in low.lazy)

    def run(model: cp_model.CpModel) -> list[int] | None | str:
        """Values of a solution, None when there is none, 'unknown' on time out, `_RETRY`
        when connectivity has just been encoded in full (`model` lacks it), `_GIVE_UP` when
        a relaxation's answers keep lacking witnesses."""
        nonlocal rounds, misses
        while True:
            if not clock.limit(solver):
                return "unknown"
            ts = time.perf_counter()
            st = solver.solve(model)
            clock.record(f"solve{len(solutions) + 1}", ts)
            if st == cp_model.INFEASIBLE:
                return None
            if st == cp_model.MODEL_INVALID:
                raise InternalError("CP-SAT rejected the model: " + model.validate())
            if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                return "unknown"
            solution = list(solver.response_proto.solution)
            cuts = [cut for lazy in low.lazy for cut in lazy.cuts(solution)]
            if not cuts:
                vals = low.values(solution)
                if witness is None:
                    return vals
                full = witness.find(vals)
                if full is not None:
                    return full
                if witness.timed_out:
                    return "unknown"
                misses += 1
                if misses > RELAXED_MISSES:
                    return _GIVE_UP
                low.m.add_bool_or(search.differs(low.m, vals))
                if model is not low.m:
                    model.add_bool_or(search.differs(model, vals))
                continue
            rounds += 1
            settling, most = LAZY_ROUNDS
            apart = sum(max(lazy.pieces - 1, 0) for lazy in low.lazy)
            if apart < fewest[0]:
                fewest[:] = [apart, rounds]
            stalled = not inside_only or rounds - fewest[1] >= LAZY_STALL
            if rounds > most or (rounds > settling and apart > LAZY_PIECES and stalled):
                low.encode_lazy()
                if model is not low.m:
                    return _RETRY
                continue
            for cut in cuts:
                _add_clause(low.m, cut)
                if model is not low.m:
                    _add_clause(model, cut)

    first = run(low.m)
    if first == _GIVE_UP:
        return None
    if first == "unknown":
        return "unknown", []
    if first is None:
        return "none", []
    solutions.append(first)  # type: ignore[arg-type]
    while len(solutions) < max_solutions:
        nxt = None
        models = search.phases(solutions)
        i = 0
        while i < len(models):
            got = run(models[i])
            if got == _RETRY:
                models = search.phases(solutions)
                continue
            if got == _GIVE_UP:
                return None
            if got == "unknown":
                return _verdict(solutions, True), solutions
            if got is not None:
                nxt = got
                break
            i += 1
        if nxt is None:
            break
        solutions.append(nxt)  # type: ignore[arg-type]
    return _verdict(solutions, False), solutions
