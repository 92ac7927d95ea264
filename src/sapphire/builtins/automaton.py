"""`accepted`: a word of expressions, read in order, is accepted by a finite automaton.

Signature: `Accepts(word: tuple[Lin, ...], moves: tuple[(state, symbol, next), ...],
starts: tuple[state, ...], accepts: tuple[state, ...])`, a formula: some run starts in a
state of `starts`, takes one move per expression whose symbol is that expression's value, and
ends in a state of `accepts`. The grounder writes it for `accepted(pattern)` (the pattern
compiled by `sapphire.lang.automata`) and for the importers' automata; it folds a word of
constants with `holds_for`.

SAT: position-state literals of a layered graph, a flow from a root literal that implies the
word is accepted, or a reachability literal equal to it. CP-SAT: its own automaton
constraint for a deterministic automaton without conditions, reachability literals per
position and state otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sapphire.builtins.base import (
    EXACT,
    POS,
    SAT_FALSE,
    SAT_TRUE,
    CpSatLowering,
    SatLowering,
    Truth,
    lin_value,
)
from sapphire.model import Builtin, Cmp, Formula, Lin

NATIVE_AUTOMATON = True
"""Whether CP-SAT gets a deterministic automaton posted without conditions as its own
automaton constraint rather than reachability literals (see `cpsat_accepted`)."""


@dataclass(slots=True, unsafe_hash=True)
class Accepts(Builtin):
    """The word of the expressions, read in order, is accepted by the finite automaton:
    some run starts in a state of `starts`, moves along `moves` (state, symbol, next state)
    reading one symbol per expression, and ends in a state of `accepts`."""

    word: tuple[Lin, ...]
    moves: tuple[tuple[int, int, int], ...]
    starts: tuple[int, ...]
    accepts: tuple[int, ...]

    def reached(self, symbols: Iterable[int]) -> set[int]:
        """The states some run can be in after reading `symbols` (a prefix of the word)."""
        step: dict[tuple[int, int], list[int]] = {}
        for q, a, nxt in self.moves:
            step.setdefault((q, a), []).append(nxt)
        now = set(self.starts)
        for a in symbols:
            now = {nxt for q in now for nxt in step.get((q, a), ())}
        return now

    def holds_for(self, symbols: Iterable[int]) -> bool:
        """Whether the automaton accepts the word `symbols`."""
        return not self.reached(symbols).isdisjoint(self.accepts)

    def reads(self) -> tuple[tuple[Lin, ...], tuple[Formula, ...]]:
        return self.word, ()

    def holds(self, values: list[int], truth: Truth) -> bool:
        return self.holds_for(lin_value(w, values) for w in self.word)

    def post_sat(self, low: SatLowering, enf: list[int], negated: bool) -> None:
        if negated:
            low.cnf.add([-sat_accepted(low, self), *(-e for e in enf)])
        else:
            root = low.cnf.implied_by_all(enf)  # numbered before the graph, as it always was
            low.flow(sat_word_graph(low, self), root)

    def sat_literal(self, low: SatLowering, pol: int) -> int:
        if pol == POS:  # only a flow from it: no literal for the rejection
            lit = low.cnf.new()
            low.flow(sat_word_graph(low, self), lit)
            return lit
        return sat_accepted(low, self)

    def post_cpsat(self, low: CpSatLowering, enf: list, negated: bool) -> None:
        if negated:
            low.clause([cpsat_accepted(low, self).Not()], enf)
        elif not enf and low.native_automata and NATIVE_AUTOMATON and self.deterministic():
            low.m.add_automaton([low.expr(w) for w in self.word], self.starts[0],
                                list(self.accepts), list(self.moves))
        else:
            low.clause([cpsat_accepted(low, self)], enf)

    def cpsat_literal(self, low: CpSatLowering, pol: int) -> Any:
        return cpsat_accepted(low, self)

    def deterministic(self) -> bool:
        """One start state and at most one move per state and symbol, over a non-empty
        word (what CP-SAT's automaton constraint takes)."""
        seen: set[tuple[int, int]] = set()
        for q, a, _ in self.moves:
            if (q, a) in seen:
                return False
            seen.add((q, a))
        return len(self.starts) == 1 and bool(self.word)


def union(items: tuple[Formula, ...]) -> Accepts | None:
    """One automaton for "some of these automata accepts the word" when every item reads the
    same word: their states side by side, renumbered apart. Its graph propagates to arc
    consistency for the disjunction as a whole (a loop's sum line: one automaton per place
    the loop's first segment may start), where a literal per automaton waits until all but
    one are false."""
    if len(items) < 2 or any(type(f) is not Accepts for f in items):
        return None
    word = items[0].word  # type: ignore[union-attr]
    if any(f.word != word for f in items):  # type: ignore[union-attr]
        return None
    moves: list[tuple[int, int, int]] = []
    starts: list[int] = []
    accepts: list[int] = []
    offset = 0
    for f in items:
        a: Accepts = f  # type: ignore[assignment]
        states = {q for q, _, t in a.moves for q in (q, t)} | set(a.starts) | set(a.accepts)
        base = offset - min(states)
        moves.extend((q + base, s, t + base) for q, s, t in a.moves)
        starts.extend(q + base for q in a.starts)
        accepts.extend(q + base for q in a.accepts)
        offset += max(states) - min(states) + 1
    return Accepts(word, tuple(moves), tuple(starts), tuple(accepts))


# ---------------------------------------------------------------------- SAT
def sat_word_graph(low: SatLowering, f: Accepts) -> Any:
    """The layered graph of `f`'s runs over the value literals of its word; a value no move
    reads is one more label, which stops every run."""
    labels: list[list[int]] = []
    symbols: list[list[int]] = []
    alphabet = {a for _, a, _ in f.moves}
    for w in f.word:
        lits, syms = [], []
        if not w.terms:
            lits, syms = [SAT_TRUE], [w.const]
        else:
            for a in alphabet:
                lit = low.expr_equals_literal(w, a)
                if lit != SAT_FALSE:
                    lits.append(lit)
                    syms.append(a)
            others = _outside(low, w, alphabet)
            if others != SAT_FALSE:
                lits.append(others)
                syms.append(min(alphabet, default=0) - 1)
        labels.append(lits)
        symbols.append(syms)
    return low.automaton_graph(labels, symbols, f.moves, f.starts, f.accepts)


def _outside(low: SatLowering, w: Lin, alphabet: set[int]) -> int:
    """A literal ⇔ `w` takes a value that is no symbol of the automaton."""
    inside = [low.expr_equals_literal(w, a) for a in alphabet]
    n = low.gm.count_values(w)
    taken = sum(1 for x in inside if x != SAT_FALSE)
    if taken == n:
        return SAT_FALSE
    return -low.cnf.disj([x for x in inside if x != SAT_FALSE])


def sat_accepted(low: SatLowering, f: Accepts) -> int:
    """The literal ⇔ the word is accepted (one per automaton, cached)."""
    key = (EXACT, f)
    lit = low.cache.get(key)
    if lit is None:
        lit = low.cache[key] = low.reach(sat_word_graph(low, f))
    return lit


# ---------------------------------------------------------------------- CP-SAT
def cpsat_accepted(low: CpSatLowering, f: Accepts) -> Any:
    """The literal ⇔ `f`: per position i and state q, a literal "some run over the first i
    symbols ends in q", defined in full from the previous layer, so that the literal is exact
    under negation too. Only states that the symbols' domains let a run reach from a start
    and still leave for an accepting state get a literal."""
    hit = low.cache.get((0, f))
    if hit is not None:
        return hit
    m = low.m
    n = len(f.word)
    # the symbols each position can hold, asked of the moves' symbols only: a position may
    # range over far more values than any automaton has symbols
    symbols = {a for _, a, _ in f.moves}
    doms = [{a for a in symbols if low.gm.may_take(w, a)} for w in f.word]
    forward = [set(f.starts)]
    for i in range(n):
        forward.append({b for q, a, b in f.moves if q in forward[i] and a in doms[i]})
    live: list[set[int]] = [set() for _ in range(n)] + [forward[n] & set(f.accepts)]
    for i in range(n - 1, -1, -1):
        live[i] = {q for q, a, b in f.moves
                   if q in forward[i] and a in doms[i] and b in live[i + 1]}
    true = low.constant(True)
    reach = {q: true for q in live[0]}
    for i in range(n):
        w = f.word[i]
        step: dict[tuple[int, int], Any] = {}
        into: dict[int, list] = {}
        for q, a, b in f.moves:
            if q not in reach or a not in doms[i] or b not in live[i + 1]:
                continue
            t = step.get((q, a))
            if t is None:
                sym = true if not w.terms else low.atom_literal(
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
    low.cache[(0, f)] = lit
    return lit
