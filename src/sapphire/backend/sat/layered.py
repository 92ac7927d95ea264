"""Layered graphs (decision diagrams) in clauses: sums, comparisons and automata along a word.

A constraint over a sequence of positions, each holding one of a few values, is a graph in
layers: layer i has the states a reading of the first i positions can be in (a partial sum,
an automaton state), an edge from a state at layer i to one at layer i + 1 is labelled with
the values of position i that lead there, and the constraint holds when some path from the
start reaches an accepting state at the end. States from which no accepting state can be
reached are left out, as are states no reading reaches.

Two encodings of such a graph:
* `flow` (root r ⇒ constraint): a literal per node ("the path passes here") and per edge,
  each needing support before and after it, and each value of each position needing an edge
  that carries it. Unit propagation then removes exactly the values that no accepting path
  uses (generalised arc consistency), as a hand-written propagator would.
* `reach` (a literal ⇔ constraint): per node, "some reading of the positions so far ends
  here", each defined from the layer before, so the literal is exact and may be negated.

A state that accepts whatever the remaining positions hold is kept as one node per layer
(`SURE`), so that every path runs through every layer.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.backend.sat.cnf import FALSE, TRUE, Cnf, TimeUp
from sapphire.deadline import UNBOUNDED, Deadline

ACCEPT = -1
"""The destination of an edge on the last layer that ends in an accepting state."""

SURE = object()
"""The state of a reading that is accepted whatever follows."""


class TooBig(Exception):
    """The graph would pass its budget of nodes and edges."""


@dataclass
class Graph:
    """Positions with their values' literals, and per layer the edges between nodes.

    `labels[i]` lists position i's values as literals (value k of the position holds when
    `labels[i][k]` does); `edges[i]` lists `(source, value indices, destination)` with nodes
    numbered per layer (the start is node 0 of layer 0) and ACCEPT as the last layer's
    destination. `nodes[i]` is the number of nodes of layer i."""

    labels: list[list[int]]
    nodes: list[int]
    edges: list[list[tuple[int, tuple[int, ...], int]]]
    always: bool = False
    """Every reading is accepted (the constraint always holds)."""
    never: bool = False
    """No reading is accepted."""


def sum_graph(labels: list[list[int]], weights: list[list[int]], const: int,
              accepted: int, lo: int, budget: int, deadline: Deadline = UNBOUNDED) -> Graph:
    """The graph of `const + Σ weights[i][value of position i] ∈ A`, where A is the set whose
    bits are `accepted` shifted by `lo` (bit k: lo + k ∈ A).

    States are partial sums. A state is kept when some completion lands in A; one whose
    every completion does is `SURE`. Raises `TooBig` past `budget` edges, and `TimeUp` once
    `deadline` has passed: a sum of tens of thousands of terms takes
    seconds before its size is known."""
    n = len(labels)
    # suffix[i]: the bitset of sums positions i.. can add, as offsets from their smallest
    smallest = [0] * (n + 1)
    suffix = [1] * (n + 1)
    for i in range(n - 1, -1, -1):
        if not i & 255 and deadline.expired():
            raise TimeUp
        ws = weights[i]
        base = min(ws)
        bits = 0
        nxt = suffix[i + 1]
        for w in set(ws):
            bits |= nxt << (w - base)
        suffix[i] = bits
        smallest[i] = smallest[i + 1] + base

    def status(s: int, i: int) -> int:
        """1 when every completion of partial sum s from position i is accepted, 0 when some
        is, −1 when none is."""
        shift = s + smallest[i] - lo  # a completion worth offset k lands on bit k + shift
        comp = suffix[i]
        if shift >= 0:
            hit = (accepted >> shift) & comp
        else:
            hit = (accepted << -shift) & comp
        if not hit:
            return -1
        return 1 if hit == comp else 0

    first = status(const, 0)
    if first < 0:
        return Graph(labels, [1], [[] for _ in range(n)], never=True)
    if first > 0:
        return Graph(labels, [1], [[] for _ in range(n)], always=True)
    layer: dict[object, int] = {const: 0}
    nodes = [1]
    edges: list[list[tuple[int, tuple[int, ...], int]]] = []
    spent = 0
    for i in range(n):
        if not i & 15 and deadline.expired():
            raise TimeUp
        nxt: dict[object, int] = {}
        out: list[tuple[int, tuple[int, ...], int]] = []
        ws = weights[i]
        every = tuple(range(len(ws)))
        last = i == n - 1
        for s, src in layer.items():
            if s is SURE:
                dst = ACCEPT if last else nxt.setdefault(SURE, len(nxt))
                out.append((src, every, dst))
                continue
            by_dst: dict[int, list[int]] = {}
            for k, w in enumerate(ws):
                t = s + w  # type: ignore[operator]
                st = status(t, i + 1)
                if st < 0:
                    continue
                if last:
                    dst = ACCEPT
                elif st > 0:
                    dst = nxt.setdefault(SURE, len(nxt))
                else:
                    dst = nxt.setdefault(t, len(nxt))
                by_dst.setdefault(dst, []).append(k)
            for dst, ks in by_dst.items():
                out.append((src, tuple(ks), dst))
        spent += len(out) + len(nxt)
        if spent > budget:
            raise TooBig
        edges.append(out)
        nodes.append(len(nxt))
        layer = nxt
    return Graph(labels, nodes, edges)


def automaton_graph(labels: list[list[int]], symbols: list[list[int]],
                    moves: tuple[tuple[int, int, int], ...], starts: tuple[int, ...],
                    accepts: tuple[int, ...], budget: int) -> Graph:
    """The graph of a finite automaton reading one symbol per position: `symbols[i][k]` is
    the symbol that value k of position i stands for. Nondeterministic automata are fine:
    a node is a state, and several edges may leave it with one value."""
    n = len(labels)
    step: dict[tuple[int, int], list[int]] = {}
    for q, a, t in moves:
        step.setdefault((q, a), []).append(t)
    forward: list[set[int]] = [set(starts)]
    for i in range(n):
        forward.append({t for q in forward[i] for a in set(symbols[i])
                        for t in step.get((q, a), ())})
    live: list[set[int]] = [set() for _ in range(n)] + [forward[n] & set(accepts)]
    for i in range(n - 1, -1, -1):
        live[i] = {q for q in forward[i] for a in set(symbols[i])
                   for t in step.get((q, a), ()) if t in live[i + 1]}
    if not (live[0] & set(starts)):
        return Graph(labels, [1], [[] for _ in range(n)], never=True)
    edges: list[list[tuple[int, tuple[int, ...], int]]] = []
    nodes = [1]
    # layer 0 has one node, the start; several start states enter through its edges
    number: dict[int, int] = {}
    spent = 0
    for i in range(n):
        nxt: dict[int, int] = {}
        by_edge: dict[tuple[int, int], set[int]] = {}
        sources = [(q, 0) for q in sorted(live[0] & set(starts))] if i == 0 \
            else [(q, number[q]) for q in sorted(number)]
        last = i == n - 1
        for q, src in sources:
            for k, a in enumerate(symbols[i]):
                for t in step.get((q, a), ()):
                    if t not in live[i + 1]:
                        continue
                    dst = ACCEPT if last else nxt.setdefault(t, len(nxt))
                    by_edge.setdefault((src, dst), set()).add(k)
        out = [(src, tuple(sorted(ks)), dst) for (src, dst), ks in by_edge.items()]
        spent += len(out) + len(nxt)
        if spent > budget:
            raise TooBig
        edges.append(out)
        nodes.append(len(nxt))
        number = nxt
    if n == 0:
        return Graph(labels, [1], [], always=True)
    return Graph(labels, nodes, edges)


def flow(cnf: Cnf, g: Graph, root: int) -> None:
    """Clauses for `root ⇒ some path of g is taken` that propagate to arc consistency."""
    if g.always or root == FALSE:
        return
    add = cnf.clauses.append
    if g.never:
        add([-root])
        return
    node_lits = [root]
    last = len(g.edges) - 1
    for i, out in enumerate(g.edges):
        labels = g.labels[i]
        width = len(labels)
        nxt: list[int] = []
        if i < last:
            first = cnf.top + 1
            cnf.top += g.nodes[i + 1]
            nxt = list(range(first, cnf.top + 1))
        e = cnf.top
        cnf.top += len(out)
        leaving: list[list[int]] = [[-n] for n in node_lits]
        entering: list[list[int]] = [[-n] for n in nxt]
        carrying: list[list[int]] = [[-root, -lit] for lit in labels]
        for src, ks, dst in out:
            e += 1
            add([-e, node_lits[src]])
            if len(ks) == 1:
                k = ks[0]
                add([-e, labels[k]])
                carrying[k].append(e)
            else:
                if len(ks) < width:
                    add([-e, *(labels[k] for k in ks)])
                for k in ks:
                    carrying[k].append(e)
            if dst != ACCEPT:
                add([-e, nxt[dst]])
                entering[dst].append(e)
            leaving[src].append(e)
        for clause in leaving:
            add(clause)
        for clause in entering:
            add(clause)
        for lit, clause in zip(labels, carrying, strict=True):
            if lit != FALSE:
                add(clause)
        node_lits = nxt


def reach(cnf: Cnf, g: Graph) -> int:
    """A literal ⇔ some path of g is taken by the positions' values."""
    if g.always:
        return TRUE
    if g.never:
        return FALSE
    node_lits = [TRUE]
    accept: list[int] = []
    for i, out in enumerate(g.edges):
        labels = g.labels[i]
        last = i == len(g.edges) - 1
        into: list[list[int]] = [[] for _ in range(0 if last else g.nodes[i + 1])]
        for src, ks, dst in out:
            value = labels[ks[0]] if len(ks) == 1 else cnf.disj([labels[k] for k in ks])
            t = cnf.conj([node_lits[src], value])
            (accept if dst == ACCEPT else into[dst]).append(t)
        node_lits = [cnf.disj(ts) for ts in into]
    if not accept:
        return FALSE
    return cnf.disj(accept)
