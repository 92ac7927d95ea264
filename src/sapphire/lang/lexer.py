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
        ("∀", "∀"), ("∃", "∃"), ("Σ", "Σ"), ("∑", "Σ"), ("#", "#"),
        ("⦗", "⦗"), ("⦘", "⦘"), ("⟨", "⟨"), ("⟩", "⟩"),
        ("(", "("), (")", ")"), ("{", "{"), ("}", "}"),
        (":", ":"), (";", ";"), (",", ","),
    ],
    key=lambda p: -len(p[0]),
)

_CANONICAL = dict(_OPERATORS)
_OPERATOR = re.compile("|".join(re.escape(spelling) for spelling, _ in _OPERATORS))
"""Matches the longest operator spelling at a position (the alternation is longest first)."""

KEYWORDS = {"term", "true", "false", "distinct", "connected", "mod"}

_HINTS = {
    "⇐": "'⇐⇒' is written as two characters, ⇐ then ⇒",
    "&": "conjunction is '∧' (or '/\\')",
    "|": "disjunction is '∨' (or '\\/')",
    "!": "negation is '¬' (or '~'); 'not equal' is '¬='",
    "%": "use 'mod'",
    "/": "integer division is '÷'",
}


@dataclass(frozen=True)
class Token:
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


def _is_ident_start(ch: str) -> bool:
    return ch == "_" or (ch.isalpha() and ch not in "Σ")


def _is_ident_char(ch: str) -> bool:
    return ch in "_?'" or ch.isdigit() or (ch.isalpha() and ch not in "Σ")


def tokenize_line(text: str, number: int, path: str, source: str) -> Line | None:
    """Tokens of one physical line, or None when it holds only blanks and comments."""
    toks: list[Token] = []
    i, n = 0, len(text)
    indent = 0
    while indent < n and text[indent] in " \t":
        indent += 1
    i = indent
    space = True
    while i < n:
        ch = text[i]
        if ch in " \t\r\u00a0":
            i += 1
            space = True
            continue
        if text.startswith("--", i):
            break
        col = i + 1
        if ch.isdigit():
            j = i
            while j < n and text[j].isdigit():
                j += 1
            toks.append(Token("int", text[i:j], Span(path, number, col, number, j + 1), space))
            i, space = j, False
            continue
        if _is_ident_start(ch):
            j = i + 1
            while j < n and _is_ident_char(text[j]):
                j += 1
            toks.append(Token("ident", text[i:j], Span(path, number, col, number, j + 1), space))
            i, space = j, False
            continue
        op = _OPERATOR.match(text, i)
        if op is not None:
            end = op.end()
            toks.append(Token("op", _CANONICAL[op.group()], Span(path, number, col, number,
                                                                end + 1), space))
            i, space = end, False
        else:
            raise error(
                "unknown-operator",
                f"unknown operator or character '{ch}'",
                Span(path, number, col),
                hint=_HINTS.get(ch, "see the language reference for the accepted symbols"),
                source=source,
            )
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
