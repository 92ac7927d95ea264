"""The OR-Tools CP-SAT backend: the only module that imports `ortools`.

Lowering: 0/1 variables become Boolean variables; a comparison of one of them with 0 or 1 is
that literal. A formula posted under enforcement literals E is lowered by polarity:
`E ∧ A ⇒ B` posts B with A's literal added to E, so implications use `OnlyEnforceIf` instead
of full reification; only `⇐⇒` and a formula's use under both polarities reify in full.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from sapphire.diagnostics import InternalError
from sapphire.ground.model import (
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
)

POS, NEG = 1, -1  # a literal l for f with POS: l ⇒ f;  NEG: f ⇒ l


@dataclass
class BackendResult:
    status: str
    """'unique' | 'multiple' | 'none' | 'unknown'"""
    solutions: list[list[int]] = field(default_factory=list)
    """Each solution: the value of every ground variable, by index."""
    timings: dict[str, float] = field(default_factory=dict)


def _cp_domain(d: Domain) -> cp_model.Domain:
    return cp_model.Domain.FromIntervals([list(iv) for iv in d.intervals])


class _Lowering:
    def __init__(self, gm: GroundModel, workers: int) -> None:
        self.gm = gm
        self.m = cp_model.CpModel()
        self.vars: list = []
        self.is_bool: list[bool] = []
        for v in gm.variables:
            if v.domain.is_boolean():
                self.vars.append(self.m.NewBoolVar(v.label()))
                self.is_bool.append(True)
            else:
                self.vars.append(self.m.NewIntVarFromDomain(_cp_domain(v.domain), v.label()))
                self.is_bool.append(False)
        self.cache: dict[tuple[int, Formula], object] = {}
        self.true = self.m.NewConstant(1)
        self.workers = workers

    # ------------------------------------------------------------------ expressions
    def expr(self, lin: Lin):  # noqa: ANN201 - an ortools linear expression
        if len(lin.terms) == 1:
            v, c = lin.terms[0]
            x = self.vars[v]
            return (x if c == 1 else c * x) + lin.const if lin.const else (x if c == 1 else c * x)
        if not lin.terms:
            return lin.const
        e = cp_model.LinearExpr.WeightedSum([self.vars[v] for v, _ in lin.terms],
                                            [c for _, c in lin.terms])
        return e + lin.const if lin.const else e

    def as_literal(self, f: Formula):  # noqa: ANN201
        """The literal equal to `f` when `f` compares a Boolean variable with 0 or 1."""
        if isinstance(f, Cmp) and len(f.lin.terms) == 1 and f.op in ("=", "¬="):
            v, c = f.lin.terms[0]
            if self.is_bool[v] and c in (1, -1):
                # c·x + k = 0  ⇔  x = -k/c
                val = -f.lin.const * c  # c is ±1
                if val in (0, 1):
                    x = self.vars[v]
                    lit = x if val == 1 else x.Not()
                    return lit if f.op == "=" else lit.Not()
        if isinstance(f, InSet) and len(f.lin.terms) == 1 and f.lin.terms[0][1] == 1:
            v = f.lin.terms[0][0]
            if self.is_bool[v]:
                ok = [b for b in (0, 1) if b + f.lin.const in f.domain]
                if len(ok) == 1:
                    return self.vars[v] if ok[0] == 1 else self.vars[v].Not()
        return None

    # ------------------------------------------------------------------ posting
    def post(self, f: Formula, enf: list) -> None:
        """Post `∧enf ⇒ f`."""
        lit = self.as_literal(f)
        if lit is not None:
            if enf:
                self.m.AddBoolOr([lit] + [e.Not() for e in enf])
            else:
                self.m.AddBoolAnd([lit])
            return
        t = type(f)
        if t is Cmp:
            c = self.m.Add(_cmp(self.expr(f.lin), f.op))
            if enf:
                c.OnlyEnforceIf(enf)
        elif t is InSet:
            c = self.m.AddLinearExpressionInDomain(self.expr(f.lin), _cp_domain(f.domain))
            if enf:
                c.OnlyEnforceIf(enf)
        elif t is And:
            for it in f.items:
                self.post(it, enf)
        elif t is Or:
            lits = [self.literal(it, POS) for it in f.items]
            self.m.AddBoolOr(lits + [e.Not() for e in enf])
        elif t is Not:
            self.post_negated(f.item, enf)
        elif t is Implies:
            self.post(f.right, enf + self.conj_literals(f.left))
        elif t is Iff:
            a, b = self.literal(f.left, 0), self.literal(f.right, 0)
            c = self.m.Add(a == b)
            if enf:
                c.OnlyEnforceIf(enf)
        elif t is AllDifferent:
            if enf:
                for i in range(len(f.exprs)):
                    for j in range(i + 1, len(f.exprs)):
                        self.post(Cmp("¬=", _sub(f.exprs[i], f.exprs[j])), enf)
            else:
                self.m.AddAllDifferent([self.expr(e) for e in f.exprs])
        elif t is Connected:
            self.post_connected(f, enf)
        else:
            raise InternalError(f"cannot lower {t.__name__}")

    def post_negated(self, f: Formula, enf: list) -> None:
        """Post `∧enf ⇒ ¬f`."""
        t = type(f)
        lit = self.as_literal(f)
        if lit is not None:
            self.post_lits_or([lit.Not()], enf)
        elif t is Cmp:
            c = self.m.Add(_cmp(self.expr(f.lin), _NEG_OP[f.op]))
            if enf:
                c.OnlyEnforceIf(enf)
        elif t is InSet:
            c = self.m.AddLinearExpressionInDomain(
                self.expr(f.lin), _cp_domain(f.domain).Complement())
            if enf:
                c.OnlyEnforceIf(enf)
        elif t is Not:
            self.post(f.item, enf)
        elif t is Or:
            for it in f.items:
                self.post_negated(it, enf)
        elif t is Implies:
            self.post(f.left, enf)
            self.post_negated(f.right, enf)
        elif t is And:
            self.post_lits_or([self.literal(it, NEG).Not() for it in f.items], enf)
        elif t is Iff:
            a, b = self.literal(f.left, 0), self.literal(f.right, 0)
            c = self.m.Add(a != b)
            if enf:
                c.OnlyEnforceIf(enf)
        elif t is AllDifferent:
            pairs = [Cmp("=", _sub(f.exprs[i], f.exprs[j]))
                     for i in range(len(f.exprs)) for j in range(i + 1, len(f.exprs))]
            self.post_lits_or([self.literal(p, POS) for p in pairs], enf)
        elif t is Connected:
            self.post_disconnected(f, enf)
        else:
            raise InternalError(f"cannot lower the negation of {t.__name__}")

    def post_lits_or(self, lits: list, enf: list) -> None:
        self.m.AddBoolOr(lits + [e.Not() for e in enf])

    def conj_literals(self, f: Formula) -> list:
        """Literals whose conjunction is implied by `f` (for use as enforcement)."""
        if isinstance(f, And):
            out: list = []
            for it in f.items:
                out.extend(self.conj_literals(it))
            return out
        return [self.literal(f, NEG)]

    def literal(self, f: Formula, pol: int):  # noqa: ANN201
        """A literal l with l ⇒ f (POS), f ⇒ l (NEG) or l ⇔ f (0)."""
        lit = self.as_literal(f)
        if lit is not None:
            return lit
        if isinstance(f, Not):
            return self.literal(f.item, -pol).Not()
        key = (pol, f)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        if pol != 0:
            full = self.cache.get((0, f))
            if full is not None:
                return full
        lit = self.m.NewBoolVar("")
        if pol in (POS, 0):
            self.post(f, [lit])
        if pol in (NEG, 0):
            self.post_negated(f, [lit.Not()])
        self.cache[key] = lit
        return lit

    def post_connected(self, f: Connected, enf: list) -> None:
        """Members form one 4-connected group: a root-distance labelling, with the root the
        first member in cell order."""
        cells = list(f.cells)
        n = len(cells)
        if n == 0:
            return
        member = [self.literal(mf, 0) for mf in f.members]
        pos = {c: i for i, c in enumerate(cells)}
        nbrs = [[pos[(r + dr, c + dc)] for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                 if (r + dr, c + dc) in pos] for (r, c) in cells]
        if enf:
            ok = self.m.NewBoolVar("")
            self.m.AddBoolAnd([ok]).OnlyEnforceIf(enf)
        else:
            ok = None
        root = [self.m.NewBoolVar("") for _ in range(n)]
        dist = [self.m.NewIntVar(0, n - 1, "") for _ in range(n)]
        # root is the first member
        for i in range(n):
            earlier_member = member[:i]
            self.m.AddImplication(root[i], member[i])
            # root[i] ⇔ member[i] ∧ no earlier member
            self.m.AddBoolOr([root[i], member[i].Not()] + earlier_member)
            for e in earlier_member:
                self.m.AddImplication(root[i], e.Not())
            self.m.Add(dist[i] == 0).OnlyEnforceIf(root[i])
            # a non-root member has a member neighbour one step closer to the root
            steps = []
            for j in nbrs[i]:
                s = self.m.NewBoolVar("")
                self.m.AddImplication(s, member[j])
                self.m.Add(dist[j] == dist[i] - 1).OnlyEnforceIf(s)
                steps.append(s)
            cond = [member[i], root[i].Not()] + ([ok] if ok is not None else [])
            self.m.AddBoolOr(steps + [c.Not() for c in cond])

    def post_disconnected(self, f: Connected, enf: list) -> None:
        """Members do not form one group: some non-empty member set R is closed under
        adjacency between members, and some member lies outside R."""
        cells = list(f.cells)
        member = [self.literal(mf, 0) for mf in f.members]
        pos = {c: i for i, c in enumerate(cells)}
        region = [self.m.NewBoolVar("") for _ in cells]
        outside = [self.m.NewBoolVar("") for _ in cells]
        for i, (r, c) in enumerate(cells):
            self.m.AddImplication(region[i], member[i])
            self.m.AddBoolAnd([member[i], region[i].Not()]).OnlyEnforceIf(outside[i])
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                j = pos.get(nb)
                if j is not None:
                    self.m.AddBoolOr([region[i].Not(), member[j].Not(), region[j]])
        self.post_lits_or(region, enf)
        self.post_lits_or(outside, enf)

    # ------------------------------------------------------------------ elements
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
                iv = self.m.NewIntVar(0, full - 1, "")
                self.m.Add(iv == self.expr(idx_lin))
                self.m.AddElement(iv, [self.expr(flat[k]) for k in range(full)], res)
            else:
                sels = []
                for p, val in rows:
                    s = self.m.NewBoolVar("")
                    for d in range(dims):
                        self.m.Add(self.expr(el.index[d]) == p[d]).OnlyEnforceIf(s)
                    self.m.Add(res == self.expr(val)).OnlyEnforceIf(s)
                    sels.append(s)
                self.m.AddExactlyOne(sels)

    # ------------------------------------------------------------------ solving
    def block(self, values: list[int], answer_vars: list[int]) -> None:
        lits = []
        for v in answer_vars:
            x = self.vars[v]
            if self.is_bool[v]:
                lits.append(x.Not() if values[v] else x)
            else:
                b = self.m.NewBoolVar("")
                self.m.Add(x != values[v]).OnlyEnforceIf(b)
                self.m.Add(x == values[v]).OnlyEnforceIf(b.Not())
                lits.append(b)
        self.m.AddBoolOr(lits)


def _cmp(e, op: str):  # noqa: ANN001, ANN202
    if op == "=":
        return e == 0
    if op == "¬=":
        return e != 0
    if op == "<=":
        return e <= 0
    if op == ">=":
        return e >= 0
    raise InternalError(f"unknown comparison {op}")


_NEG_OP = {"=": "¬=", "¬=": "=", "<=": ">=", ">=": "<="}


def _sub(a: Lin, b: Lin) -> Lin:
    d: dict[int, int] = dict(a.terms)
    for v, c in b.terms:
        d[v] = d.get(v, 0) - c
    return Lin(tuple((v, c) for v, c in d.items() if c), a.const - b.const)


def solve(gm: GroundModel, answer_vars: list[int], *, max_solutions: int = 2,
          time_limit: float | None = None, workers: int = 8) -> BackendResult:
    """Find up to `max_solutions` answers differing on `answer_vars`."""
    t0 = time.perf_counter()
    low = _Lowering(gm, workers)
    # ¬ of a strict comparison flips to the non-strict other side, so fix the table here
    for con in gm.constraints:
        low.post(con.formula, [])
    low.post_elements()
    timings = {"lower": time.perf_counter() - t0}
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    solutions: list[list[int]] = []
    status = "none"
    t1 = time.perf_counter()
    while len(solutions) < max_solutions:
        if deadline is not None:
            left = deadline - time.perf_counter()
            if left <= 0:
                status = "unknown"
                break
            solver.parameters.max_time_in_seconds = left
        st = solver.Solve(low.m)
        if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            vals = [int(solver.Value(x)) for x in low.vars]
            solutions.append(vals)
            low.block(vals, answer_vars)
            continue
        if st == cp_model.INFEASIBLE:
            break
        if st == cp_model.MODEL_INVALID:
            raise InternalError("CP-SAT rejected the model: " + low.m.Validate())
        status = "unknown"
        break
    timings["solve"] = time.perf_counter() - t1
    if status != "unknown":
        status = {0: "none", 1: "unique"}.get(len(solutions), "multiple")
    elif len(solutions) > 1:
        status = "multiple"
    return BackendResult(status, solutions, timings)
