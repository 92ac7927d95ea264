"""Connected groups in clauses: checked on answers and cut, or encoded in full.

A connectivity is first left out of the clauses and checked on each answer the solver finds
(`LazyConnected`). An answer whose members fall apart gets cuts that every connected answer
keeps, and the incremental solver goes on with them: a loop's stray pieces close within a few
rounds, each a fraction of a millisecond to a few milliseconds. When answers keep falling
apart, the search encodes the group in full (`encode_connected`): layers of "a member at
most d steps from the root", the root being a member that is certain, or else the first
member. Members not connected (a negated `connected`) are a closed set of members that
leaves some member out.
"""

from __future__ import annotations

from sapphire.backend.sat.cnf import FALSE, TRUE, Cnf, TimeUp
from sapphire.builtins.connected import Connected, neighbours, pieces
from sapphire.deadline import Deadline
from sapphire.model import Formula

EXACT = 0

FULL_LITERALS = 100_000
"""The most layer literals a full encoding of one group may have (a 15×15 loop's inside has
50,625); past it the group stays checked on answers, which always ends (each cut rules the
answer that broke it out), and a search that cuts go on too long in gets CP-SAT beside it
(`sapphire.backend.race`). Larger encodings cost more than the cuts they replace, and the
solver cannot be interrupted in its first solve of a huge one (`docs/decisions.md`)."""


class Connectivity:
    """The connectivity part of `SatLowering`, which provides `cnf`, `formula_literal` and
    `post`."""

    cnf: Cnf
    sizes: dict[Connected, int]
    deadline: Deadline

    def formula_literal(self, f: Formula, pol: int) -> int:
        raise NotImplementedError

    def init_connectivity(self) -> None:
        self.lazy: list = []
        """`LazyConnected` groups, and a builtin's other checks on answers (`cuts`)."""
        self.pending: list[Connected] = []
        self.sizes = {}

    def post_connected(self, f: Connected, enf: list[int]) -> None:
        """`∧enf ⇒ f`: checked on answers; unconditional ones once the model is posted, when
        their member literals all exist."""
        if enf:
            self.lazy.append(LazyConnected(f, enf, self))
        else:
            self.pending.append(f)

    def post_pending_connectivity(self) -> None:
        pending, self.pending = self.pending, []
        self.lazy.extend(LazyConnected(f, [], self) for f in pending)

    def encode_lazy(self) -> bool:
        """Encode every lazily checked group in full; False when there is none or one is too
        large to (they all stay checked on answers then). Other checks on answers (a
        builtin's, such as `sized`) have no full encoding and stay."""
        groups = [lazy for lazy in self.lazy if isinstance(lazy, LazyConnected)]
        if not groups or any(not self.can_encode(lazy.formula) for lazy in groups):
            return False
        for lazy in groups:
            self.encode_connected(lazy.formula, lazy.enf)
        self.lazy = [lazy for lazy in self.lazy if not isinstance(lazy, LazyConnected)]
        return True

    def _layers(self, f: Connected) -> tuple[list[int], int]:
        live = [i for i, m in enumerate(f.members) if self.formula_literal(m, EXACT) != FALSE]
        most = self.sizes.get(f, len(live))
        return live, max(1, min(most, len(live)))

    def can_encode(self, f: Connected) -> bool:
        live, depth = self._layers(f)
        return len(live) * depth <= FULL_LITERALS

    def encode_connected(self, f: Connected, enf: list[int]) -> None:
        """`∧enf ⇒ f` in full: every member reaches the root in fewer steps than the group
        has members, through members."""
        cnf = self.cnf
        add = cnf.clauses.append
        live, depth = self._layers(f)
        if not live:
            return
        cells = [f.cells[i] for i in live]
        member = [self.formula_literal(f.members[i], EXACT) for i in live]
        near = neighbours(cells)
        sure = next((p for p, x in enumerate(member) if x == TRUE), None)
        layer = [TRUE if p == sure else FALSE for p in range(len(live))] if sure is not None \
            else first_members(cnf, member)
        for d in range(1, depth):
            if not d & 15 and self.deadline.expired():
                raise TimeUp  # a 30×30 loop's inside: 900 layers of 900 cells, seconds
            nxt = []
            for i, x in enumerate(member):
                if layer[i] == TRUE:
                    nxt.append(TRUE)
                    continue
                lit = cnf.new()
                add([-lit, x])
                add([-lit, layer[i], *(layer[j] for j in near[i] if layer[j] != FALSE)])
                add([-layer[i], lit])
                nxt.append(lit)
            layer = nxt
        unless = [-e for e in enf]
        for x, lit in zip(member, layer, strict=True):
            if lit != TRUE:
                add([-x, lit, *unless])

    def post_disconnected(self, f: Connected, enf: list[int]) -> None:
        """`∧enf ⇒` the members are not one group: some non-empty set R of members is closed
        under adjacency between members, and some member lies outside R."""
        cnf = self.cnf
        add = cnf.clauses.append
        member = [self.formula_literal(m, EXACT) for m in f.members]
        region = cnf.news(len(member))
        outside = cnf.news(len(member))
        for i, near in enumerate(neighbours(list(f.cells))):
            add([-region[i], member[i]])
            add([-outside[i], member[i]])
            add([-outside[i], -region[i]])
            for j in near:
                add([-region[i], -member[j], region[j]])
        unless = [-e for e in enf]
        add([*region, *unless])
        add([*outside, *unless])


def first_members(cnf: Cnf, member: list[int]) -> list[int]:
    """Per place, a literal ⇔ it is the first member (a member with no member before it),
    with a chain of "some earlier place is a member", linear in the places."""
    first: list[int] = []
    seen = FALSE
    for x in member:
        first.append(cnf.conj([x, -seen]))
        seen = cnf.disj([seen, x])
    return first


def literal_holds(model: list[int], lit: int) -> bool:
    """The value of a literal in a solver model (`model[k − 1]` is ±k). The solver reports
    variables up to the last one a clause reads; one past it is free, and taken as false."""
    k = lit if lit > 0 else -lit
    if k > len(model):
        return lit < 0
    return (model[k - 1] > 0) == (lit > 0)


class LazyConnected:
    """`∧enf ⇒ f is connected`, checked on each answer instead of encoded.

    An answer whose members fall apart gets, per pair of pieces S and T, the cut "if s (in S)
    and t (in T) are both members, some neighbour of S outside S is one": every path from s to
    t leaves S through such a neighbour. Cuts hold in every answer, so they stay."""

    def __init__(self, f: Connected, enf: list[int], low: Connectivity) -> None:
        self.formula, self.enf = f, enf
        self.members = [low.formula_literal(m, EXACT) for m in f.members]
        self.nbrs = neighbours(list(f.cells))
        self.pieces = 0
        """The pieces of the last answer that broke the constraint."""

    def cuts(self, model: list[int]) -> list[list[int]]:
        """The cuts `model` breaks; none when it keeps the constraint."""
        self.pieces = 0
        if not all(literal_holds(model, e) for e in self.enf):
            return []
        member = [literal_holds(model, m) for m in self.members]
        groups = pieces(member, self.nbrs)
        self.pieces = len(groups)
        if len(groups) < 2:
            return []
        out = []
        unless = [-e for e in self.enf]
        for k, cells in enumerate(groups):
            inside = set(cells)
            border = sorted({n for j in cells for n in self.nbrs[j] if n not in inside})
            wall = [self.members[b] for b in border if self.members[b] != FALSE] + unless
            for j, others in enumerate(groups):
                if j != k:
                    out.append([-self.members[cells[0]], -self.members[others[0]], *wall])
        return out
