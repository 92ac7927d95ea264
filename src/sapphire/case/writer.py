"""Writes a `Case` in canonical form, so ``sapphire fmt`` is stable and loses nothing.

The front matter is kept verbatim (comments and all). Each rule line becomes
``id: not… reference cells positional name value… condition  #comment`` with single spaces,
cells as ``r1c2`` joined by the separators written, JSON values compact (``[2,9]``) and a
comment's text as written. Every ``not`` is kept even when two cancel, and parameters stay in
the order written. Comment and blank lines stay where they were.
``parse_case(write_case(case)) == case`` for every case.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace

from sapphire.case._report import Reporter
from sapphire.case.frontmatter import DELIMITER, dump_front_matter
from sapphire.case.model import (
    BlankLine,
    BodyLine,
    Case,
    Cell,
    CommentLine,
    JsonValue,
    Param,
    RuleLine,
)
from sapphire.case.rule_line import RuleLineParser

PreferredAlias = Callable[[str, str], str]
"""(reference, parameter name) -> the name to write, e.g. ('cage', 'sum') -> 'total'."""

HoldsRules = Callable[[str, str], bool]
"""(reference, parameter name) -> whether the parameter's strings are rule lines (`any-of`'s
`rules`), whose own parameter names the writer then spells as on a line of their own."""


def write_value(value: JsonValue | Cell) -> str:
    """A parameter value as written: a cell as ``r1c2``, anything else as compact JSON."""
    if isinstance(value, Cell):
        return str(value)
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _names(rule: RuleLine, preferred_alias: PreferredAlias | None) -> list[str]:
    """The name to write for each parameter: the preferred one, unless that would give a name
    twice (`sum 3 total 3` stays as written, and `check` reports it given twice)."""
    written = [p.name for p in rule.params]
    if preferred_alias is None:
        return written
    preferred = [preferred_alias(rule.reference, name) for name in written]
    return [new if new == old or (new not in written and preferred.count(new) == 1) else old
            for old, new in zip(written, preferred, strict=True)]


def _value(rule: RuleLine, param: Param, preferred_alias: PreferredAlias | None,
           holds_rules: HoldsRules | None) -> JsonValue | Cell:
    """A parameter's value, with the parameter names inside its rule lines preferred."""
    value = param.value
    if (preferred_alias is None or holds_rules is None or not isinstance(value, list)
            or not holds_rules(rule.reference, param.name)):
        return value
    return [write_entry(v, preferred_alias, holds_rules) if isinstance(v, str) else v
            for v in value]


def write_entry(entry: str, preferred_alias: PreferredAlias,
                holds_rules: HoldsRules | None = None) -> str:
    """A rule line held in a parameter (an `any-of` entry) with its parameter names spelled
    as `write_rule` spells them; the rest stays as written. An entry that does not parse is
    left alone: `check` reports it."""
    rep = Reporter("<entry>", [entry])
    parsed = RuleLineParser(entry, 1, rep).parse()
    if parsed is None or rep.diagnostics:
        return entry
    rule = parsed.rule
    edits: list[tuple[int, int, str]] = []  # (start, end, text), 0-based, on the entry
    for param, name in zip(rule.params, _names(rule, preferred_alias), strict=True):
        value = _value(rule, param, preferred_alias, holds_rules)
        if value != param.value and param.value_span is not None:
            span = param.value_span
            edits.append((span.col - 1, span.end_col - 1, write_value(value)))
        if name != param.name and param.span is not None:
            edits.append((param.span.col - 1, param.span.col - 1 + len(param.name), name))
    for start, end, text in sorted(edits, reverse=True):
        entry = entry[:start] + text + entry[end:]
    return entry


def write_rule(rule: RuleLine, preferred_alias: PreferredAlias | None = None,
               holds_rules: HoldsRules | None = None) -> str:
    """One rule line in canonical form (no newline)."""
    parts: list[str] = []
    if rule.id is not None:
        parts.append(f"{rule.id}:")
    parts.extend(["not"] * rule.nots)
    parts.append(rule.reference)
    if rule.cells:
        path = str(rule.cells[0].cell)
        for i, ref in enumerate(rule.cells[1:]):
            sep = rule.separators[i] if i < len(rule.separators) else "-"
            path += sep + str(ref.cell)
        parts.append(path)
    if rule.positional is not None:
        parts.append(rule.positional)
    for param, name in zip(rule.params, _names(rule, preferred_alias), strict=True):
        parts.append(name)
        parts.append(write_value(_value(rule, param, preferred_alias, holds_rules)))
    if rule.condition is not None:
        parts.append(rule.condition.keyword)
        parts.append(rule.condition.predicate)
    text = " ".join(parts)
    if rule.comment is not None:
        text += "  #" + rule.comment
    return text


def write_line(line: BodyLine, preferred_alias: PreferredAlias | None = None,
               holds_rules: HoldsRules | None = None) -> str:
    if isinstance(line, BlankLine):
        return ""
    if isinstance(line, CommentLine):
        return "#" + line.text
    return write_rule(line, preferred_alias, holds_rules)


def with_ids(case: Case) -> Case:
    """`case` with an id on every line of a kind used more than once that has none, as the
    reader asks (`cage-1:`, `cage-2:`, … numbered in line order, skipping ids in use): what
    `sapphire fmt --add-ids` writes."""
    used = {r.id for r in case.rules if r.id is not None}
    counts: dict[str, int] = {}
    for r in case.rules:
        counts[r.reference] = counts.get(r.reference, 0) + 1
    next_n: dict[str, int] = {}
    body: list[BodyLine] = []
    for line in case.body:
        if isinstance(line, RuleLine) and line.id is None and counts[line.reference] > 1:
            stem = line.reference if not line.reference.startswith("https://") else "rule"
            n = next_n.get(stem, 1)
            while f"{stem}-{n}" in used:
                n += 1
            used.add(f"{stem}-{n}")
            next_n[stem] = n + 1
            line = replace(line, id=f"{stem}-{n}")
        body.append(line)
    return replace(case, body=tuple(body))


def write_case(case: Case, preferred_alias: PreferredAlias | None = None,
               holds_rules: HoldsRules | None = None) -> str:
    """The canonical text of `case`. `preferred_alias` lets the library choose parameter names
    (``total`` for the cage's ``sum``), also inside the rule lines of parameters that
    `holds_rules` names; without it names are written as given."""
    out: list[str] = []
    raw = case.front.raw or dump_front_matter(case.front.fields)
    if raw or case.front.fields:
        if not raw.endswith("\n"):
            raw += "\n"
        out.append(f"{DELIMITER}\n{raw}{DELIMITER}\n")
    out.extend(write_line(line, preferred_alias, holds_rules) + "\n" for line in case.body)
    return "".join(out)
