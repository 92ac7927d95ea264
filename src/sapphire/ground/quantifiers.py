"""Evaluation of quantified expressions: ∀ and ∃ folded to conjunctions and disjunctions, Σ
and # to linear terms, Π to a chain of products (each product of two variables one
`Arithmetic`, as `x·y` is), and `distinct`, `connected`, `sized` and `accepted(…)` to global
constraints (or to true or false when every member folds to a constant)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sapphire.builtins.all_different import AllDifferent
from sapphire.builtins.automaton import Accepts
from sapphire.builtins.connected import Connected, neighbours, pieces
from sapphire.builtins.sized_groups import SizedGroups, sizes_hold
from sapphire.ground.linear import IntTerm, as_lin, scale, total
from sapphire.lang.automata import compile_regex
from sapphire.lang.syntax import Binary, Expr, Quant
from sapphire.model import FALSE, TRUE, And, Formula, Or

Value = Any  # int | bool | Lin | Formula | tuple | list


class Quantifiers:
    """How `Grounder` evaluates a quantifier, once `Unrolling.iterate` binds its names."""

    def eval_quant(self, q: Quant) -> Value:
        k = q.kind
        if k in ("∀", "∃"):
            universal = k == "∀"  # ∀ is a conjunction stopped by false, ∃ the dual
            parts: list[Formula] = []
            for _ in self.iterate(q):
                v = self.eval_bool(q.body)
                if v is (not universal):
                    return v
                if v is not universal:
                    parts.append(v)  # type: ignore[arg-type]
            if not parts:
                return universal
            if len(parts) == 1:
                return parts[0]
            return And(tuple(parts)) if universal else Or(tuple(parts))
        if k == "Σ":
            return self.in_range(total([self.eval_int(q.body) for _ in self.iterate(q)]), q,
                                 "this sum")
        if k == "Π":
            return self.product(q)
        if k == "#":
            items: list[IntTerm] = []
            for _ in self.iterate(q):
                v = self.eval_bool(q.body)
                items.append(int(v) if isinstance(v, bool) else self.indicator(v, q.span))
            return total(items)
        if k == "distinct":
            return self.distinct(q)
        if k == "connected":
            cells: list[tuple[int, int]] = []
            members: list[Formula | bool] = []
            for _ in self.iterate(q):
                cell = tuple(self.env[n] for n in q.names)
                if len(cell) != 2:
                    raise self.fail("binder-arity", "connected ranges over cells ⟨r c⟩",
                                    q.span)
                cells.append(cell)  # type: ignore[arg-type]
                members.append(self.eval_bool(q.body))
            if all(isinstance(m, bool) for m in members):
                return _connected_const([c for c, m in zip(cells, members, strict=True) if m])
            return Connected(tuple(cells), tuple(
                m if not isinstance(m, bool) else (TRUE if m else FALSE) for m in members))
        if k == "sized":
            return self.sized(q)
        if k == "accepted":
            moves, starts, accepts = self.automaton(q)
            word = [self.eval_int(q.body) for _ in self.iterate(q)]
            f = Accepts(tuple(as_lin(w) for w in word), moves, starts, accepts)
            if all(isinstance(w, int) for w in word):
                return f.holds_for(word)  # type: ignore[arg-type]
            return f
        raise self.fail("syntax", f"unknown quantifier {k}", q.span)

    def distinct(self, q: Quant, trace: Callable[[Expr], None] | None = None) -> Value:
        """`distinct⟨…⟩∈D: e`: an `AllDifferent` of the members' values, or its truth when they
        are all constants; `trace`, when given, is called with the body before each member's
        value is read (`sapphire.verify` names the cells of a clash so)."""
        vals = []
        for _ in self.iterate(q):
            if trace is not None:
                trace(q.body)
            vals.append(self.eval_int(q.body))
        if all(isinstance(v, int) for v in vals):
            return len(set(vals)) == len(vals)
        return AllDifferent(tuple(as_lin(v) for v in vals))

    def sized(self, q: Quant) -> Value:
        """`sized⟨r c⟩∈S: e`: each cell's value of `e` is its group's size; `sized(n)…` with
        n ≥ 1 lets the value n+1 stand for any size above n. A value is a constant or one
        variable's multiple (the solvers read its values as the cell's)."""
        above = 0
        if q.args:
            above = self.eval(q.args[0])
            if isinstance(above, bool) or not isinstance(above, int) or above < 0:
                raise self.fail("type", "sized(n) takes a constant number n, 0 or more",
                                q.args[0].span, hint="sized(24)⟨r c⟩∈board: ⦗face r c⦘")
        cells: list[tuple[int, int]] = []
        values: list[IntTerm] = []
        for _ in self.iterate(q):
            cell = tuple(self.env[n] for n in q.names)
            if len(cell) != 2:
                raise self.fail("binder-arity", "sized ranges over cells ⟨r c⟩", q.span)
            v = self.eval_int(q.body)
            if not isinstance(v, int) and len(v.terms) > 1:
                raise self.fail("type", "sized reads one unknown per cell, not a sum of several",
                                q.body.span, hint="sized⟨r c⟩∈board: ⦗face r c⦘")
            cells.append(cell)  # type: ignore[arg-type]
            values.append(v)
        if all(isinstance(v, int) for v in values):
            return sizes_hold(values, cells, above)  # type: ignore[arg-type]
        return SizedGroups(tuple(cells), tuple(as_lin(v) for v in values), above)

    def product(self, q: Quant) -> IntTerm:
        """The members' product, left to right: constants multiply out (a 0 makes it 0), a
        constant scales a variable, and two variables meet in an `Arithmetic` as `x·y` does;
        the empty product is 1."""
        step = Binary(q.span, "·", q.body, q.body)  # where an error about one step points
        acc: IntTerm = 1
        for _ in self.iterate(q):
            v = self.eval_int(q.body)
            if isinstance(v, int):
                acc = self.in_range(scale(acc, v), q, "this product")
            elif isinstance(acc, int):
                acc = self.in_range(scale(v, acc), q, "this product")
            else:
                acc = self.arithmetic(step, acc, v)
        return acc

    def automaton(self, q: Quant) -> tuple[tuple[tuple[int, int, int], ...], tuple[int, ...],
                                           tuple[int, ...]]:
        """The moves, start and accepting states of `accepted(…)`: given as three constants,
        or compiled from one regular expression over the symbols 0-9 and A-Z (10-35)."""
        if len(q.args) == 1:
            pattern = self.eval(q.args[0])
            if not isinstance(pattern, str):
                raise self.fail("type", "accepted(pattern) takes a regular expression as text",
                                q.args[0].span, hint='a parameter such as pattern "[1-4]*5"')
            try:
                return compile_regex(pattern)
            except ValueError as e:
                raise self.fail("bad-pattern", f"cannot read the regular expression "
                                f"{pattern!r}: {e}", q.args[0].span,
                                hint="symbols are 0-9 and A-Z; use [ ] ( ) | * + ? . and {m,n}"
                                ) from None
        moves, starts, accepts = (self.eval(a) for a in q.args)
        try:
            triples = tuple(sorted({(int(a), int(b), int(c)) for a, b, c in moves}))
            return triples, tuple(int(s) for s in starts), tuple(int(s) for s in accepts)
        except (TypeError, ValueError):
            raise self.fail("type", "accepted(moves, starts, accepts) takes a list of "
                            "⟨state symbol state⟩ moves and two lists of states", q.span,
                            hint="moves [[0,1,1],[1,2,0]], starts [0], accepts [1]") from None



def _connected_const(cells: list[tuple[int, int]]) -> bool:
    return len(pieces([True] * len(cells), neighbours(cells))) <= 1
