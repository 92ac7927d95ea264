"""Regular expressions as finite automata, for `accepted(pattern)`.

The expression is read and determinised by `interegular`; this module only names the symbols
(the characters 0-9 are 0-9, the letters A-Z or a-z are 10-35, so a 16×16 board's digits
have one character each) and keeps the states from which an accepting state can still be
reached, so that a dead end costs the backend nothing.
"""

from __future__ import annotations

from functools import lru_cache

SYMBOLS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The character of each symbol value: SYMBOLS[v] spells v."""

Automaton = tuple[tuple[tuple[int, int, int], ...], tuple[int, ...], tuple[int, ...]]
"""(moves as (state, symbol, next state), start states, accepting states)."""


def symbol_of(ch: str) -> int | None:
    """The symbol a character of a pattern spells, or None for any other character."""
    i = SYMBOLS.find(ch.upper())
    return i if i >= 0 else None


@lru_cache(maxsize=256)
def compile_regex(pattern: str) -> Automaton:
    """The automaton of `pattern`, matched against the whole word (ValueError when the
    pattern cannot be read)."""
    import interegular  # here, not at the top: only a pattern's grounding or check needs it

    try:
        fsm = interegular.parse_pattern(pattern).to_fsm()
    except Exception as e:  # interegular raises its own syntax errors, often without a text
        raise ValueError(str(e) or "it does not parse (an unclosed bracket or a repeat mark "
                         "with nothing before it?)") from None
    for ch in pattern:
        if ch.isalnum() and symbol_of(ch) is None:
            raise ValueError(f"'{ch}' is not a symbol (0-9, A-Z)")
    moves: set[tuple[int, int, int]] = set()
    for value, ch in enumerate(SYMBOLS):
        # a letter also stands for its lower case, as in the pattern
        classes = {fsm.alphabet[ch], fsm.alphabet[ch.lower()]}
        for state, row in fsm.map.items():
            for cls in classes:
                if cls in row:
                    moves.add((state, value, row[cls]))
    kept = live_moves(moves, set(fsm.finals))
    live = {q for q, _, _ in kept} | set(fsm.finals)
    if fsm.initial not in live:
        return (), (), ()
    return renumbered(kept, fsm.initial, set(fsm.finals))


def renumbered(moves: tuple[tuple[int, int, int], ...], start: int, finals: set[int]
               ) -> Automaton:
    """The automaton with its states numbered in the order a breadth-first walk from `start`
    meets them, trying symbols in increasing order; states it never meets are left out.

    `interegular` numbers states in the order its sets iterate, which changes with Python's
    hash seed: without this the same pattern would give the solver a differently numbered
    model, and a different search time, from one run to the next. With at most one move per
    state and symbol the walk fixes every number; where a letter's two cases lead apart (the
    only branching a compiled pattern has), their order still follows the old numbers."""
    out: dict[int, list[tuple[int, int]]] = {}
    for q, a, nxt in moves:
        out.setdefault(q, []).append((a, nxt))
    number = {start: 0}
    order = [start]
    for q in order:  # grows as the walk meets new states
        for _, nxt in sorted(out.get(q, ())):
            if nxt not in number:
                number[nxt] = len(order)
                order.append(nxt)
    kept = tuple(sorted((number[q], a, number[nxt]) for q, a, nxt in moves if q in number))
    return kept, (0,), tuple(sorted(number[q] for q in finals if q in number))


def live_moves(moves: set[tuple[int, int, int]], finals: set[int]
               ) -> tuple[tuple[int, int, int], ...]:
    """The moves between states from which some accepting state can still be reached."""
    live = set(finals)
    grew = True
    while grew:
        grew = False
        for q, _, nxt in moves:
            if nxt in live and q not in live:
                live.add(q)
                grew = True
    return tuple(sorted(m for m in moves if m[0] in live and m[2] in live))
