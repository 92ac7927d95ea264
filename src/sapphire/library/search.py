"""Finding rule kinds by the words setters use.

A kind is found by its name (`cage`), its title (`Killer cage`), the other names its front
matter lists (`also: [killer, killer sudoku]`) and, last, the words of its prose and
parameters. `sapphire kinds QUERY`, the kind catalogue of the docs and the "did you mean" of an
unknown kind all rank kinds this way, so that `killer` leads to `cage` rather than to the
`little-killer` its spelling is nearest.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from sapphire.library.definition import RuleDefinition

EXACT, WORDS, CLOSE, TEXT = 4, 3, 2, 1
"""How a kind matched, best first: the query is one of its names; every word of the query is a
word of one name (`killer` in `little killer`); the query is spelt close to a name (`renbam`);
every word of the query is in its prose or parameters."""

CLOSE_ENOUGH = 0.7
"""The least similarity (difflib's ratio) of a misspelt name: a little stricter than the other
"did you mean" hints (0.6), since a kind has several names and 0.6 reached `pill` from
`killer`."""


@dataclass(frozen=True)
class Found:
    """One kind a query found, with how it matched."""

    definition: RuleDefinition
    tier: int
    """`EXACT`, `WORDS`, `CLOSE` or `TEXT`; 0 when no query was given."""
    score: float
    """Orders kinds of one tier: how much of the matched name the query covers, or how close
    its spelling is, or how often the prose uses the words."""
    matched: str
    """The name or word that matched (`killer` for the cage), empty when no query was given."""

    @property
    def kind(self) -> str:
        return self.definition.kind

    @property
    def title(self) -> str:
        return self.definition.title or self.definition.kind

    def summary(self, width: int = 0) -> str:
        """The first sentence of the kind's prose, cut to `width` characters (0: whole)."""
        return first_sentence(self.definition.prose, width)


def words(text: str) -> list[str]:
    """Lower-case words of a name or a text: `X-sum (Sudoku)` gives x, sum, sudoku."""
    return re.findall(r"[^\W_]+", text.lower())


def _same_word(a: str, b: str) -> bool:
    """Two words alike but for a plural ending (`whispers`, `whisper`; `dots`, `dot`)."""
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    return len(short) >= 3 and long in (short + "s", short + "es")


def names(d: RuleDefinition) -> list[tuple[str, list[str]]]:
    """The names a kind is known by, each with its words: the kind, the title, the title
    without its parentheses (`Black circle (Masyu)` gives `black circle`: the words within
    are a genre or a gloss, and the genres are among the `also` names), and the `also`
    names."""
    out = [d.kind, d.title, re.sub(r"\s*\([^)]*\)", "", d.title), *d.also]
    seen: dict[str, list[str]] = {}
    for name in out:
        key = " ".join(words(name))
        if key and key not in seen:
            seen[key] = words(name)
    return list(seen.items())


def _by_name(d: RuleDefinition, query: list[str], text: str) -> tuple[int, float, str]:
    """The best tier, score and name of `d` for a query of these words (0 when none fits)."""
    best: tuple[int, float, str] = (0, 0.0, "")
    for joined, ws in names(d):
        if len(ws) == len(query) and all(map(_same_word, ws, query)):
            return EXACT, 1.0 if joined == d.kind.replace("-", " ") else 0.9, joined
        if all(any(_same_word(q, w) for w in ws) for q in query):
            best = max(best, (WORDS, len(query) / len(ws), joined))
        ratio = difflib.SequenceMatcher(None, text, joined).ratio()
        if ratio >= CLOSE_ENOUGH:
            best = max(best, (CLOSE, ratio, joined))
    return best


def _in_text(d: RuleDefinition, query: list[str]) -> float:
    """How often the query's words are used in the prose and parameters, when all are."""
    text = words(d.prose + " " + " ".join(
        f"{p.name} {' '.join(p.aliases)} {p.description}" for p in d.params))
    counts = [sum(1 for w in text if _same_word(q, w)) for q in query]
    return float(sum(counts)) if all(counts) else 0.0


def search(definitions: Iterable[RuleDefinition], query: str = "",
           prose: bool = True) -> list[Found]:
    """The kinds a query finds, best first (then by kind); every kind, by kind, for an empty
    query. `prose=False` matches names only (the kind, title and `also`)."""
    query_words = words(query)
    defs = [d for d in definitions if not d.predicate]
    if not query_words:
        return [Found(d, 0, 0.0, "") for d in sorted(defs, key=lambda d: d.kind)]
    text = " ".join(query_words)
    found: list[Found] = []
    for d in defs:
        tier, score, matched = _by_name(d, query_words, text)
        if not tier and prose:
            score = _in_text(d, query_words)
            tier, matched = (TEXT, text) if score else (0, "")
        if tier:
            found.append(Found(d, tier, score, matched))
    return sorted(found, key=lambda f: (-f.tier, -f.score, f.kind))


def suggestions(definitions: Iterable[RuleDefinition], name: str,
                limit: int = 4) -> list[Found]:
    """The kinds a setter may have meant by a name the library lacks: those of the best tier
    by name (the kinds it is another name of, else those whose names hold its words, else the
    nearest spellings), at most `limit`. Prose is not searched: a word it uses is no name."""
    found = search(definitions, name, prose=False)
    if not found:
        return []
    top = [f for f in found if f.tier == found[0].tier]
    if top[0].tier == CLOSE:  # the nearest spellings only, not every name within reach
        top = [f for f in top if f.score >= top[0].score - 0.05]
    return top[:limit]


def first_sentence(prose: str, width: int = 0) -> str:
    """The first sentence of a kind's prose (its heading skipped), on one line, cut to
    `width` characters with an ellipsis when longer (0: whole)."""
    paragraph = next((p for p in re.split(r"\n\s*\n", prose)
                      if p.strip() and not p.lstrip().startswith("#")), "")
    line = " ".join(paragraph.split())
    match = re.search(r"(?<=[.!?])\s", line)
    sentence = line[: match.start()] if match else line
    if width and len(sentence) > width:
        sentence = sentence[: width - 1].rstrip() + "…"
    return sentence
