"""Sapphire tokens, one physical line at a time.

The lexer maps every accepted spelling (Unicode reference forms and their ASCII stand-ins) to
one canonical operator, strips `--` comments, and records whether whitespace preceded each
token: inside `⦗ ⦘`, `{ }` and `⟨ ⟩` whitespace separates items, so the parser needs it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sapphire.diagnostics import Span, error

# Longest spellings first; each maps to its canonical operator.
_OPERATORS: list[tuple[str, str]] = sorted(
    [
        ("⇐⇒", "⇐⇒"), ("↔", "⇐⇒"), ("⇔", "⇐⇒"), ("<=>", "⇐⇒"), ("<->", "⇐⇒"),
        ("⇒", "⇒"), ("→", "⇒"), ("=>", "⇒"), ("->", "⇒"),
        ("¬=", "¬="), ("≠", "¬="), ("!=", "¬="),
        ("<=", "<="), ("≤", "<="), (">=", ">="), ("≥", ">="),
        ("<", "<"), (">", ">"), ("=", "="),
        ("∈", "∈"), ("∧", "∧"), ("/\\", "∧"), ("∨", "∨"), ("\\/", "∨"),
        ("¬", "¬"), ("~", "¬"),
        ("+", "+"), ("⨫", "⨫"), ("−", "⨫"), ("-", "-"), ("⨪", "⨪"),
        ("·", "·"), ("*", "·"), ("÷", "÷"),
        ("⋯", "⋯"), ("…", "⋯"), ("...", "⋯"), ("..", "⋯"),
        ("×", "×"),
        ("∀", "∀"), ("∃", "∃"), ("Σ", "Σ"), ("∑", "Σ"), ("Π", "Π"), ("∏", "Π"), ("#", "#"),
        ("⦗", "⦗"), ("⦘", "⦘"), ("⟨", "⟨"), ("⟩", "⟩"),
        ("(", "("), (")", ")"), ("{", "{"), ("}", "}"),
        (":", ":"), (";", ";"), (",", ","), ("|", "|"),
    ],
    key=lambda p: -len(p[0]),
)

_CANONICAL = dict(_OPERATORS)
_OPERATOR = "|".join(re.escape(spelling) for spelling, _ in _OPERATORS)
"""The longest operator spelling at a position (the alternation is longest first), as a
pattern of `_TOKEN`'s: compiled only there, which a fresh process pays for once."""

KEYWORDS = {"term", "true", "false", "distinct", "connected", "sized", "accepted",
            "mod"}

_HINTS = {
    "⇐": "'⇐⇒' is written as two characters, ⇐ then ⇒",
    "&": "conjunction is '∧' (or '/\\')",
    "!": "negation is '¬' (or '~'); 'not equal' is '¬='",
    "%": "use 'mod'",
    "/": "integer division is '÷'",
    "[": "a map is read with ⦗ ⦘ (U+2997 and U+2998): ⦗value r c⦘",
    "]": "a map is read with ⦗ ⦘ (U+2997 and U+2998): ⦗value r c⦘",
}
SYMBOLS_HINT = "docs/language.md lists the accepted symbols under 'Operators'"


@dataclass(frozen=True)
class Token:
    """One token with its place; `space_before` tells a call `f(x)` from a name before a
    bracket, and splits the items of `{0 1}` and `⦗f a b⦘`."""

    kind: str
    """'int', 'ident', 'op' or 'block' (a synthetic token holding an indented block)."""
    text: str
    """The canonical operator, the identifier, or the digits."""
    span: Span
    space_before: bool
    block: object = None
    """For 'block' tokens: the parsed lines of the block."""


@dataclass(frozen=True)
class Line:
    """One non-blank logical source line: its indentation and its tokens."""

    number: int
    indent: int
    tokens: list[Token]


_IDENT_START = r"(?:_|[^\W\d_ΣΠ])"
_IDENT_CHAR = r"(?:[^\W_ΣΠ]|[_?'])"
_TOKEN = re.compile(
    r"(?P<space>[ \t\r\u00a0]+)|(?P<comment>--.*)|(?P<int>\d+)"
    rf"|(?P<ident>{_IDENT_START}{_IDENT_CHAR}*)|(?P<op>{_OPERATOR})"
)
"""One token (or a run of blanks, or a comment) at a position; kinds are tried in order."""


def tokenize_line(text: str, number: int, path: str, source: str) -> Line | None:
    """Tokens of one physical line, or None when it holds only blanks and comments."""
    toks: list[Token] = []
    n = len(text)
    indent = 0
    while indent < n and text[indent] in " \t":
        indent += 1
    i = indent
    space = True
    match = _TOKEN.match
    while i < n:
        mt = match(text, i)
        if mt is None:
            ch = text[i]
            raise error(
                "unknown-operator",
                f"unknown operator or character '{ch}'",
                Span(path, number, i + 1),
                hint=_HINTS.get(ch, SYMBOLS_HINT),
                source=source,
            )
        kind = mt.lastgroup
        end = mt.end()
        if kind == "space":
            space = True
        elif kind == "comment":
            break
        else:
            word = mt.group()
            if kind == "op":
                word = _CANONICAL[word]
            toks.append(Token(kind, word, Span(path, number, i + 1, number, end + 1), space))
            space = False
        i = end
    if not toks:
        return None
    return Line(number, indent, toks)


def tokenize(source: str, path: str) -> list[Line]:
    """All non-blank lines of a file, tokenized."""
    lines: list[Line] = []
    for k, text in enumerate(source.splitlines(), start=1):
        line = tokenize_line(text, k, path, source)
        if line is not None:
            lines.append(line)
    return lines
