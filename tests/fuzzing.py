"""Mutated inputs for the fuzz tests of every front end, and the one property they check:
any input gives a result or errors that each have a place (file, line, column), and never a
traceback.

Each test draws a seed (a valid input of its front end) and a few edits: characters put in
(ASCII, control characters, brackets and separators, letters from other scripts), ranges cut
out, doubled or swapped. The normal suite runs `EXAMPLES` inputs per front end, derandomized
so that a run is repeatable; `SAPPHIRE_FUZZ_EXAMPLES=5000 python -m pytest -q -k fuzz` runs
that many instead, freshly random each time.

The stress edits (`stress`, `stressed`) go for sizes instead: a number of up to 100,000
digits, brackets nested up to 100,000 deep, a line repeated into one of up to a megabyte or
into thousands of lines. The suite runs `STRESS_EXAMPLES` of them per front end;
`bench/fuzz_front_ends.py` runs thousands, and reports tracebacks, unplaced errors and the
peak memory of each front end.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from sapphire.diagnostics import Diagnostic

EXAMPLES = int(os.environ.get("SAPPHIRE_FUZZ_EXAMPLES", "0")) or 150
"""Inputs per front end."""

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize="SAPPHIRE_FUZZ_EXAMPLES" not in os.environ,
    database=None,
    suppress_health_check=list(HealthCheck),
)

SPECIAL = ("\x00\x01\x07\x08\x0b\x0c\x1b\x7f\u0085\u00a0\u200b\u2028\ufeff\ufffe\ud7ff"
           "{}[]()<>\"'`,.:;#|-~_=+*/\\ \t\n\r0123456789rRcCxX?!@$%^&é⦗⦘∀∃⇒¬∧∨∈⋯·⨫")
"""Characters the edits put in: those that every reader treats specially, or should."""

_char = st.one_of(st.sampled_from(SPECIAL), st.characters(codec="utf-8"))
_edit = st.tuples(st.sampled_from(("insert", "delete", "double", "swap", "replace")),
                  st.integers(0, 10**6), st.integers(0, 40), st.text(_char, max_size=6))


def mutate(seed: str, edits: list[tuple[str, int, int, str]]) -> str:
    """`seed` with `edits` applied in turn; positions wrap around the text's length."""
    text = seed
    for op, at, size, chars in edits:
        n = len(text)
        i = at % (n + 1)
        j = min(n, i + size)
        if op == "insert":
            text = text[:i] + chars + text[i:]
        elif op == "delete":
            text = text[:i] + text[j:]
        elif op == "double":
            text = text[:j] + text[i:j] + text[j:]
        elif op == "swap" and n:
            k = (at * 7919) % n
            text = text[:i] + text[k:k + size] + text[j:]
        else:
            text = text[:i] + chars + text[i + len(chars):]
    return text


def inputs(seeds: list[str]) -> st.SearchStrategy[str]:
    """Mutants of the seeds, with now and then a seed as it is or text from nowhere."""
    mutated = st.builds(mutate, st.sampled_from(seeds), st.lists(_edit, min_size=1, max_size=4))
    return st.one_of(mutated, st.sampled_from(seeds), st.text(_char, max_size=200))


STRESS_EXAMPLES = int(os.environ.get("SAPPHIRE_FUZZ_EXAMPLES", "0")) or 40
"""Stressed inputs per front end in the suite: each may be a megabyte."""

STRESS = settings(FUZZ, max_examples=STRESS_EXAMPLES)

LARGEST = 1_000_000
"""The most characters a stress edit makes an input (the inputs the limits are for)."""

SUITE_LARGEST = 50_000
"""`LARGEST` in the suite's own runs, which must stay fast: an importer takes a minute over a
megabyte of constraints."""

NUMBER_DIGITS = (1, 9, 10, 11, 19, 20, 100, 101, 4300, 4301, 5000, 100_000)
"""Digits of the numbers `stress` writes: each side of every bound Sapphire and Python
know (±1,000,000,000; 64 bits; `LONGEST_NUMBER`; Python's 4,300)."""
DEPTHS = (10, 63, 64, 65, 100, 1000, 10_000, 100_000)
"""How deep `stress` nests brackets: each side of the nesting limits, and far past them."""
REPEATS = (2, 100, 1000, 10_000, 100_000)
"""How often `stress` repeats a line, on one line or on lines of their own."""
BRACKETS = ("[]", "{}", "()", "⦗⦘", "<>", '""')

STRESS_KINDS = ("number", "nest", "long line", "many lines", "long word")


def stress(seed: str, edits: Sequence[tuple[str, int, int]], largest: int = LARGEST) -> str:
    """`seed` with stress edits applied in turn, each (kind, position, size index): a run of
    digits made `NUMBER_DIGITS[size]` long (one put in where there are none), brackets nested
    `DEPTHS[size]` deep around a position, a line repeated `REPEATS[size]` times on itself or
    as lines of their own, a word of that many characters put in. Positions wrap around the
    text; no edit makes the text longer than `largest`."""
    text = seed
    for kind, at, size in edits:
        room = max(0, largest - len(text))
        if kind == "number":
            digits = min(NUMBER_DIGITS[size % len(NUMBER_DIGITS)], room + 1)
            number = "9" * digits if at % 2 else "1" + "0" * (digits - 1)
            runs = [m.span() for m in re.finditer(r"[0-9]+", text)]
            if runs:
                i, j = runs[at % len(runs)]
                text = text[:i] + number + text[j:]
            else:
                i = at % (len(text) + 1)
                text = text[:i] + number + text[i:]
        elif kind == "nest":
            depth = min(DEPTHS[size % len(DEPTHS)], room // 2)
            opener, closer = BRACKETS[at % len(BRACKETS)]
            i = at % (len(text) + 1)
            j = min(len(text), i + at % 7)
            text = text[:i] + opener * depth + text[i:j] + closer * depth + text[j:]
        elif kind in ("long line", "many lines"):
            lines = text.split("\n")
            k = at % len(lines)
            line = lines[k] or "x"
            times = min(REPEATS[size % len(REPEATS)], max(1, room // (len(line) + 1)))
            joiner = " " if kind == "long line" else "\n"
            lines[k] = joiner.join([line] * times)
            text = "\n".join(lines)
        else:  # a long word: letters, a cell list, digits and letters
            n = min(REPEATS[size % len(REPEATS)] * 10, room)
            word = ("x" * n, ("r1c1," * n)[:n], ("a1" * n)[:n])[at % 3]
            i = at % (len(text) + 1)
            text = text[:i] + word + text[i:]
    return text


_stress_edit = st.tuples(st.sampled_from(STRESS_KINDS), st.integers(0, 10**6),
                         st.integers(0, 20))


def stressed(seeds: list[str], largest: int = SUITE_LARGEST) -> st.SearchStrategy[str]:
    """Seeds with one to three stress edits, and now and then a character edit as well."""
    big = st.builds(stress, st.sampled_from(seeds), st.lists(_stress_edit, min_size=1,
                                                             max_size=3), st.just(largest))
    return st.one_of(big, st.builds(mutate, big, st.lists(_edit, max_size=2)))


def unplaced(diagnostics: list[Diagnostic]) -> list[str]:
    """The diagnostics that do not say where: no file, or no line and column from 1."""
    return [d.render() for d in diagnostics
            if d.span is None or not d.span.file or d.span.line < 1 or d.span.col < 1]


def errors_without_a_place(err: str, path: str) -> list[str]:
    """Error lines of the output that do not start with PATH:LINE:COL (or, for an entry of a
    rule holding rule lines, PATH:LINE any-of rules, entry:LINE:COL, its place within it)."""
    placed = re.compile(re.escape(path) + r"(:\d+ [^:\n]*)?:\d+:\d+: error: ")
    return [line for line in err.splitlines()
            if "error:" in line and not line.startswith(" ") and not placed.match(line)]


def check_command(main: Callable[[list[str]], int], argv: list[str], path: Path, text: str,
                  read_err: Callable[[], str]) -> None:
    """Write `text` to `path`, run the command `argv + [path]`: it exits 0 or 1, with no
    traceback and every error placed."""
    path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
    code = main([*argv, str(path)])
    err = read_err()
    assert code in (0, 1), f"{' '.join(argv)} exited {code}:\n{err}"
    assert "Traceback" not in err
    assert errors_without_a_place(err, str(path)) == [], err
