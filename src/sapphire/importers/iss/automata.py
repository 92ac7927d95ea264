"""ISS automata and patterns: the packed NFA format decoded, `.NFA` and `.Regex`."""

from __future__ import annotations

import base64
import binascii

from sapphire.formats.common import Malformed, Unsupported
from sapphire.importers.iss.converter import Converter
from sapphire.importers.iss.geometry import var_cell
from sapphire.importers.iss.pairs import cell_groups
from sapphire.importers.iss.reader import Item, item_groups


def base64url(text: str, iss_type: str, refusal: str) -> bytes:
    """ISS's base64url text (its padding left off) as bytes; `refusal` says what it is not."""
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, binascii.Error):
        raise Unsupported(iss_type, refusal) from None


def decode_nfa(text: str) -> tuple[list[tuple[int, int, int]], list[int], list[int]]:
    """ISS's packed automaton: base64url bytes read as a bit stream, most significant bit
    first. A header (format 2 bits, state bits − 1 and symbol count − 1 in 4 bits each, the
    number of start states and of further accepting states, a mask of the accepting start
    states, and for the plain format the width of a state's move count) is followed by the
    states in order: plain, a move count then (symbol − 1, target) pairs; packed, a mask of
    the symbols with a move and one target per symbol. States 0… are the start states, the
    next ones the other accepting states. Returns (moves by symbol, starts, accepts)."""
    raw = base64url(text, "NFA", f"the automaton '{text[:20]}' is not base64url")
    bits = "".join(f"{b:08b}" for b in raw)
    pos = 0

    def read(n: int) -> int:
        nonlocal pos
        if pos + n > len(bits):
            raise Malformed("NFA", "the automaton's data ends early")
        v = int(bits[pos:pos + n], 2) if n else 0
        pos += n
        return v

    fmt, state_bits, symbols = read(2), read(4) + 1, read(4) + 1
    n_starts, n_accepts = read(state_bits), read(state_bits)
    start_accepts = read(n_starts)
    moves: list[tuple[int, int, int]] = []
    state = 0
    if fmt == 1:
        while len(bits) - pos >= symbols:
            mask = read(symbols)
            moves.extend((state, k + 1, read(state_bits))
                         for k in range(symbols) if mask >> k & 1)
            state += 1
    elif fmt == 0:
        count_bits = read(4)
        symbol_bits = (symbols - 1).bit_length()
        while count_bits and len(bits) - pos >= count_bits:
            for _ in range(read(count_bits)):
                sym = read(symbol_bits)
                moves.append((state, sym + 1, read(state_bits)))
            state += 1
    else:
        raise Unsupported("NFA", f"the automaton format {fmt}")
    starts = list(range(n_starts))
    accepts = [q for q in starts if start_accepts >> q & 1]
    accepts += range(n_starts, n_starts + n_accepts)
    return moves, starts, accepts


Moves = list[tuple[int, int, int]]


def unroll_separators(moves: Moves, starts: list[int], accepts: list[int], separator: int,
                      breaks: list[int], length: int) -> tuple[Moves, list[int], list[int]]:
    """The automaton of the line's digits alone, when ISS feeds it the extra symbol
    `separator` wherever the line has a `-` item (`breaks[k]` of them after k digits): the
    states are numbered per position, so that after digit k the separator moves are taken."""
    step: dict[tuple[int, int], set[int]] = {}
    leaving: dict[int, set[int]] = {}
    for q, a, b in moves:
        step.setdefault((q, a), set()).add(b)
        if a != separator:
            leaving.setdefault(q, set()).add(a)

    def separate(states: set[int], k: int) -> set[int]:
        for _ in range(breaks[k]):
            states = {b for q in states for b in step.get((q, separator), ())}
        return states

    ids: dict[tuple[int, int], int] = {}

    def ident(k: int, q: int) -> int:
        return ids.setdefault((k, q), len(ids))

    layer = separate(set(starts), 0)
    new_starts = [ident(0, q) for q in sorted(layer)]
    out: Moves = []
    for k in range(length):
        nxt: set[int] = set()
        for q in sorted(layer):
            for a in sorted(leaving.get(q, ())):
                for b in sorted(separate(step[(q, a)], k + 1)):
                    out.append((ident(k, q), a, ident(k + 1, b)))
                    nxt.add(b)
        layer = nxt
    new_accepts = [ident(length, q) for q in sorted(layer & set(accepts))]
    return out, new_starts, new_accepts


def nfa(cv: Converter, it: Item) -> None:
    """`.NFA~AUTOMATON~_NAME~CELLS~~CELLS…`: each line's digits are a word of the automaton,
    whose symbols 1, 2, … are the grid's values from the lowest; a `-` item feeds the symbol
    after the highest value, a separator, which `unroll_separators` builds into the line's
    own automaton. Region cells (`CC…`) on a line feed their region numbers
    (`chaos-automaton`)."""
    moves, starts, accepts = decode_nfa(it.args[0] if it.args else "")
    lo, hi = cv.shape.values
    separator = hi - lo + 2
    for group in item_groups(list(it.args[1:])):
        items = [x for x in group if x != "-"]
        regions = [k + 1 for k, x in enumerate(items) if x.startswith("CC")]
        kind = "chaos-automaton" if regions else "automaton"
        cv.need("NFA", kind)
        if regions and lo != 1:
            raise Unsupported("NFA", "region cells on a grid whose digits do not start at 1")
        cells = [var_cell(cv.shape, x, "CC") if x.startswith("CC") else cv.cells([x])[0]
                 for x in items]
        breaks = [0] * (len(cells) + 1)
        k = 0
        for x in group:
            if x == "-":
                breaks[k] += 1
            else:
                k += 1
        line_moves, line_starts, line_accepts = (
            unroll_separators(moves, starts, accepts, separator, breaks, len(cells))
            if "-" in group else (moves, starts, accepts))
        digit_moves = sorted([q, a - 1 + lo, b] for q, a, b in line_moves if a - 1 + lo <= hi)
        extra = {} if line_starts == [0] else {"start": line_starts}
        cv.b.add(kind, cells, moves=digit_moves, **extra, accept=line_accepts,
                 **({"regions": regions} if regions else {}))


def regex(cv: Converter, it: Item) -> None:
    """`.Regex~PATTERN~CELLS~~CELLS…`, the pattern in base64url; its characters spell the
    digits themselves (0-9, then letters)."""
    cv.need("Regex", "regex")
    text = it.args[0] if it.args else ""
    refusal = f"the pattern '{text[:20]}' is not base64url-encoded text"
    try:
        pattern = base64url(text, "Regex", refusal).decode("utf-8")
    except UnicodeDecodeError:
        raise Unsupported("Regex", refusal) from None
    if "-" in it.args[1:]:
        raise Unsupported(it.type, "a line with a '-' item")
    for line in cell_groups(cv, it.args[1:]):
        cv.b.add("regex", line, pattern=pattern)
