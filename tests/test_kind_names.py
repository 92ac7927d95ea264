"""No kind of the bundled library is named in Python outside the packages that write cases.

What a kind means or declares lives in its Markdown (`src/sapphire/library/std/KIND.md`) and
the prelude; Python reads declarations generically. So every string literal in
`src/sapphire/**/*.py` outside `src/sapphire/importers/`, `genres/` and `formats/` (which name
the kinds they write) is compared with every kind's name, and a literal that is one fails the
test with its file and line.

A few kinds share their name with a word of the library's own format, which Python must spell:
`boxes` (a declaration and its front-matter table), `loop` (a declaration, and the answer's
field for the loop through cell centres), `pairs` (a parameter type) and `sum` (the word a
rule's author writes for the language's Σ, which the parser's hint answers). Those words may stand
as literals, but never on a line that reads a rule's `kind` or `reference`, where the literal
would be the kind's name.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from sapphire.library import std_root

SRC = Path(__file__).parents[1] / "src" / "sapphire"
WRITERS = (SRC / "importers", SRC / "genres", SRC / "formats")
"""The packages that write cases in the library's kinds, and so name them."""
FORMAT_WORDS = frozenset({"boxes", "loop", "pairs", "sum"})
"""Kinds whose names are also words of the definition format (see the module docstring)."""
READS_KIND = re.compile(r"\.(kind|reference)\b|\bkind\s*(==|!=|in\b)")


def kinds() -> frozenset[str]:
    """Every kind of the bundled library: each file's kind is its name (the prelude is none)."""
    return frozenset(p.stem for p in std_root().glob("*.md") if p.stem != "prelude")


def literals(text: str) -> list[tuple[int, str]]:
    """Each plain string literal of a Python source with its line: its value when it is one
    quoted word (no prefix other than r/b/u, no escapes)."""
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type != tokenize.STRING:
            continue
        m = re.fullmatch(r"[rRbBuU]?(\"|')([^\"'\\\n]*)\1", tok.string)
        if m:
            out.append((tok.start[0], m.group(2)))
    return out


def kind_literals(text: str, names: frozenset[str]) -> list[tuple[int, str]]:
    """The literals of `text` that name a kind, as the module docstring says."""
    lines = text.splitlines()
    found = []
    for line, value in literals(text):
        if value not in names:
            continue
        if value in FORMAT_WORDS and not READS_KIND.search(lines[line - 1]):
            continue
        found.append((line, value))
    return found


def python_files() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py") if not any(w in p.parents for w in WRITERS))


def test_no_kind_is_named_outside_the_packages_that_write_cases() -> None:
    names = kinds()
    assert {"sudoku", "cage", "slitherlink", "value-modifier", "loop"} <= names
    found = [f"{path.relative_to(SRC.parents[1])}:{line}: {value!r}"
             for path in python_files()
             for line, value in kind_literals(path.read_text(encoding="utf-8"), names)]
    assert not found, "kind names in Python outside importers, genres and formats:\n" + \
        "\n".join(found)


@pytest.mark.parametrize(("source", "hit"), [
    ('if d.kind == "sudoku":\n    pass\n', [(1, "sudoku")]),
    ("KINDS = ('value-modifier',)\n", [(1, "value-modifier")]),
    ('if rule.reference in ("loop", "x"):\n    pass\n', [(1, "loop")]),
    ('x = kind == "boxes"\n', [(1, "boxes")]),
    ('DECLARATIONS = ("boxes", "loop")\n', []),
    ('"""The cage and the sudoku, in prose."""\n', []),
    ('hint = "a rule such as \'sudoku 9x9\'"\n', []),
])
def test_the_search_finds_a_kind_compared_in_code(source: str,
                                                  hit: list[tuple[int, str]]) -> None:
    assert kind_literals(source, kinds()) == hit
