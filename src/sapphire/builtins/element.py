"""Element: the value of a map at a variable point.

Signature: `Element(result: int, index: tuple[Lin, ...], table: tuple[(point, Lin), ...])`, a
definition kept in `GroundModel.elements`: variable `result` equals `table[index]`. The grounder
writes one for each read `⦗f i j⦘` whose index is not constant, after checking that every
point the index can take is in the table, and reads `result` in the formula instead.

SAT: each point of the table, once the index names it, fixes the result to its value there.
CP-SAT: its own element constraint over the flattened index when the table fills a box of
points, one selector literal per point otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.builtins.base import SAT_FALSE, CpSatLowering, SatLowering, lin_value
from sapphire.model import Cmp, Definition, Lin


@dataclass(frozen=True)
class Element(Definition):
    """`result = table[index]`: the value of a map at a variable point.

    `table` maps each point the map defines to its value there; the grounder has checked
    that every point the index can take is in the table."""

    result: int
    index: tuple[Lin, ...]
    table: tuple[tuple[tuple[int, ...], Lin], ...]

    def exprs(self) -> tuple[Lin, ...]:
        return (*self.index, *(lin for _, lin in self.table))

    def variables(self) -> set[int]:
        out = {self.result}
        out.update(v for lin in self.index for v, _ in lin.terms)
        out.update(v for _, lin in self.table for v, _ in lin.terms)
        return out

    def violation(self, values: list[int]) -> str | None:
        point = tuple(lin_value(i, values) for i in self.index)
        table = dict(self.table)
        if point not in table:
            return f"element index {point} is not a defined point"
        if values[self.result] != lin_value(table[point], values):
            return f"element at {point} has the wrong value"
        return None

    def post_sat(self, low: SatLowering) -> None:
        result = Lin(((self.result, 1),), 0)
        for point, value in self.table:
            sel = low.cnf.conj([low.atom_literal(Cmp("=", Lin(lin.terms, lin.const - p)), 0)
                                for lin, p in zip(self.index, point, strict=True)])
            if sel == SAT_FALSE:
                continue
            coef = dict(result.terms)
            for v, c in value.terms:
                coef[v] = coef.get(v, 0) - c
            diff = Lin(tuple((v, c) for v, c in coef.items() if c), -value.const)
            low.post_atom(Cmp("=", diff), [sel], False)

    def post_cpsat(self, low: CpSatLowering) -> None:
        m = low.m
        res = low.vars[self.result]
        rows = self.table
        dims = len(self.index)
        keys = [p for p, _ in rows]
        los = [min(k[d] for k in keys) for d in range(dims)]
        his = [max(k[d] for k in keys) for d in range(dims)]
        sizes = [h - lo + 1 for lo, h in zip(los, his, strict=True)]
        full = 1
        for s in sizes:
            full *= s
        if full == len(rows):  # a box of points: one flat index into CP-SAT's element
            flat = {}
            for p, val in rows:
                k = 0
                for d in range(dims):
                    k = k * sizes[d] + (p[d] - los[d])
                flat[k] = val
            stride = [1] * dims
            for d in range(dims - 2, -1, -1):
                stride[d] = stride[d + 1] * sizes[d + 1]
            terms: dict[int, int] = {}
            const = 0
            for d, lin in enumerate(self.index):
                for v, c in lin.terms:
                    terms[v] = terms.get(v, 0) + c * stride[d]
                const += (lin.const - los[d]) * stride[d]
            iv = m.new_int_var(0, full - 1, "")
            m.add(iv == low.expr(Lin(tuple(terms.items()), const)))
            m.add_element(iv, [low.expr(flat[k]) for k in range(full)], res)
        else:
            sels = []
            for p, val in rows:
                s = m.new_bool_var("")
                for d in range(dims):
                    m.add(low.expr(self.index[d]) == p[d]).only_enforce_if(s)
                m.add(res == low.expr(val)).only_enforce_if(s)
                sels.append(s)
            m.add_exactly_one(sels)
