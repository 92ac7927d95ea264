"""Connected groups in CP-SAT: the connectivity part of the lowering.

A connectivity posted without conditions waits until the whole model is posted, so that a
family of them over the same cells that splits the cells by one variable's value (the regions
of a chaos construction) gets one encoding. The rest are checked on answers first
(`LazyConnected`) and encoded in full when the search says so.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from sapphire.builtins.connected import Connected, neighbours, partition, pieces
from sapphire.model import FALSE, TRUE, Formula, GroundModel

REACH_LITERALS = 100_000
"""The most layer literals (groups × size × cells) for which a partition whose group sizes
are bounded gets `Connectivity.post_reach` per group rather than one shared distance per cell."""


class Connectivity:
    """The connectivity part of `Lowering`: connected groups encoded in full, as partitions,
    or checked on answers (`LazyConnected`). It posts through the lowering's model and
    literals, which `Lowering` provides."""

    m: cp_model.CpModel
    gm: GroundModel
    vars: list
    free_aux: bool
    exact: bool

    def init_connectivity(self, lazy_connectivity: bool) -> None:
        self.lazy_connectivity = lazy_connectivity
        """Leave connectivity out of the model and cut off answers that break it (see
        `LazyConnected`), until `encode_lazy` puts the full encoding in."""
        self.lazy: list = []
        """`LazyConnected` groups, and a builtin's other checks on answers (`cuts`)."""
        self.pending: list[Connected] = []
        """Unconditional connectivities, posted together by `post_partitions`."""
        self.most_groups = 0
        """The most groups of a partition posted with `encode_partition`."""
        self.sizes: dict[Connected, int] = {}
        """The most members of connected groups that a count bounds (see `GroupSize`)."""

    def formula_literal(self, f: Formula, pol: int):  # noqa: ANN201
        """The literal of `f` for polarity `pol` (`Lowering.formula_literal`)."""
        raise NotImplementedError

    def clause(self, lits: list, enf: list) -> None:
        """Post `∧enf ⇒ ∨lits` (`Lowering.clause`)."""
        raise NotImplementedError

    def encode_lazy(self) -> bool:
        """Put the full encoding of every lazily checked connectivity into the model; False
        when there is none. Other checks on answers (a builtin's, such as `sized`) have no
        full encoding and stay checked."""
        groups = [lazy for lazy in self.lazy if isinstance(lazy, LazyConnected)]
        for lazy in groups:
            if lazy.enf:
                self.encode_connected(lazy.formula, lazy.enf)
        unconditional = [lazy.formula for lazy in groups if not lazy.enf]
        self.lazy = [lazy for lazy in self.lazy if not isinstance(lazy, LazyConnected)]
        self.post_families(unconditional, lazy=False)
        return bool(groups)

    def post_connected(self, f: Connected, enf: list) -> None:
        """Members form one 4-connected group: checked on answers for now, or encoded.
        Unconditional ones wait for `post_partitions`, which may encode several at once."""
        if not enf:
            self.pending.append(f)
        elif self.lazy_connectivity:
            self.lazy.append(LazyConnected(f, list(enf), self))
        else:
            self.encode_connected(f, enf)

    def post_partitions(self) -> None:
        """Post the unconditional connectivities (see `post_families`)."""
        pending, self.pending = self.pending, []
        self.post_families(pending, self.lazy_connectivity)

    def post_families(self, formulas: list[Connected], lazy: bool) -> None:
        """Post unconditional connectivities: each family over the same cells that is a
        partition (see `partition`) with one encoding, the rest one by one, checked on
        answers when `lazy`. A partition into two groups (a loop's inside and outside, a
        two-colour shading) is checked on answers too while `lazy`: cuts close a loop in a
        few rounds, far sooner than a full encoding is solved."""
        by_cells: dict[tuple, list[Connected]] = {}
        for f in formulas:
            by_cells.setdefault(f.cells, []).append(f)
        for family in by_cells.values():
            labels = partition(family, self.gm) if len(family) > 1 else None
            if labels is not None and (len(family) > 2 or not lazy):
                self.encode_partition(family, labels)
            elif lazy:
                self.lazy.extend(LazyConnected(f, [], self) for f in family)
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
        self.most_groups = max(self.most_groups, len(family))
        m = self.m
        cells = list(family[0].cells)
        n = len(cells)
        member = [[self.formula_literal(f.members[i], 0) for f in family] for i in range(n)]
        placed = [i for i in range(n) if labels[i] is not None]
        sizes = [self.sizes[f] for f in family if f in self.sizes]
        if len(sizes) == len(family) and sum(sizes) * len(placed) <= REACH_LITERALS:
            near = neighbours([cells[i] for i in placed])
            for k, most in enumerate(sizes):
                group = [member[i][k] for i in placed]
                self.post_reach(group, self._roots(family[k], placed, group), near, most)
            return
        self.free_aux = True  # roots and distances are many per answer
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
        # a group's root is a certain member, or else its first cell
        firsts = [self._roots(f, placed, [member[i][k] for i in placed])
                  for k, f in enumerate(family)]
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
        find (`docs/decisions.md`, "Reachability layers").

        In an exact lowering (`Lowering.exact`) a layer is exactly the members within d steps,
        so that the layers, like the first members, follow from the answer and an enumerating
        search meets each answer once."""
        m = self.m
        layer = root
        for _ in range(1, max(most, 1)):
            nxt = []
            for i, x in enumerate(member):
                lit = m.new_bool_var("")
                m.add_implication(lit, x)
                m.add_implication(layer[i], lit)
                m.add_bool_or([lit.Not(), layer[i], *(layer[j] for j in near[i])])
                if self.exact:  # and a member next to the last layer is in this one
                    for j in near[i]:
                        m.add_bool_or([x.Not(), layer[j].Not(), lit])
                nxt.append(lit)
            layer = nxt
        for x, lit in zip(member, layer, strict=True):
            m.add_implication(x, lit)

    def _roots(self, f: Connected, places: list[int], member: list) -> list:
        """Per place of `places`, a literal ⇔ it is the root of `f`'s group: its first
        certain member (a galaxy's centre) when it has one, which needs no chain of "an earlier
        place is a member" across the board, else its first member (`first_members`)."""
        sure = next((p for p, i in enumerate(places) if f.members[i] == TRUE), None)
        if sure is None:
            return self.first_members(member)
        return [self.formula_literal(TRUE if p == sure else FALSE, 0) for p in range(len(places))]

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
        cell order.

        An unconditional group with a certain member (a Nurikabe island's numbered cell) and
        a count bounding its size is instead reached in layers from that member
        (`post_reach`): the root is known, so a cell out of the group's reach is ruled out by
        propagation from the start."""
        self.free_aux = True  # distances along a spanning tree are many per answer
        # only cells that may be members take part: an island's few near cells, not the board
        live = [i for i, mf in enumerate(f.members) if mf != FALSE]
        cells = [f.cells[i] for i in live]
        n = len(cells)
        if n == 0:
            return
        member = [self.formula_literal(f.members[i], 0) for i in live]
        nbrs = neighbours(cells)
        sure = next((p for p, i in enumerate(live) if f.members[i] == TRUE), None)
        most = self.sizes.get(f)
        if not enf and sure is not None and most is not None \
                and most * n <= REACH_LITERALS:
            root = [self.formula_literal(TRUE if p == sure else FALSE, 0) for p in range(n)]
            self.post_reach(member, root, nbrs, most)
            return
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
        member = [self.formula_literal(mf, 0) for mf in f.members]
        region = [self.m.new_bool_var("") for _ in cells]
        outside = [self.m.new_bool_var("") for _ in cells]
        for i, near in enumerate(neighbours(cells)):
            self.m.add_implication(region[i], member[i])
            self.m.add_bool_and([member[i], region[i].Not()]).only_enforce_if(outside[i])
            for j in near:
                self.m.add_bool_or([region[i].Not(), member[j].Not(), region[j]])
        self.clause(region, enf)
        self.clause(outside, enf)


def literal_holds(solution: list[int], lit) -> bool:  # noqa: ANN001 - an ortools literal
    """The value of a literal (a proto index, negative for a negation) in a solution."""
    i = lit.index
    return bool(solution[i]) if i >= 0 else not solution[-i - 1]


class LazyConnected:
    """`∧enf ⇒ f is connected`, checked on each answer instead of encoded.

    An answer whose members fall apart gets, per pair of pieces S and T, the cut "if s (in S)
    and t (in T) are both members, some neighbour of S outside S is one": every path from s
    to t leaves S through such a neighbour. Cuts hold for every answer, so they stay in
    the model. On a loop (the inside squares and the outside squares each one piece) a few
    rounds of cuts close every subtour, far faster than the full encoding; where pieces keep
    appearing (two-colour shadings) the search gives up on cuts and encodes in full."""

    def __init__(self, f: Connected, enf: list, low: Connectivity) -> None:
        self.formula, self.enf = f, enf
        self.members = [low.formula_literal(mf, 0) for mf in f.members]
        self.nbrs = neighbours(list(f.cells))
        self.pieces = 0
        """The pieces of the last answer that broke the constraint."""

    def cuts(self, solution: list[int]) -> list[list]:
        """The cuts that `solution` violates; none when it keeps the constraint."""
        self.pieces = 0
        if not all(literal_holds(solution, e) for e in self.enf):
            return []
        member = [literal_holds(solution, m) for m in self.members]
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
