"""Mutated inputs for the fuzz tests of every front end, and the one property they check:
any input gives a result or errors that each have a place (file, line, column), and never a
traceback.

Each test draws a seed (a valid input of its front end) and a few edits: characters put in
(ASCII, control characters, brackets and separators, letters from other scripts), ranges cut
out, doubled or swapped. The normal suite runs `EXAMPLES` inputs per front end, derandomized
so that a run is repeatable; `SAPPHIRE_FUZZ_EXAMPLES=5000 python -m pytest -q -k fuzz` runs
that many instead, freshly random each time.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
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
