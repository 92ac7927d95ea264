"""Writes a `Case` in canonical form, so ``sapphire fmt`` is stable and loses nothing.

The front matter is kept verbatim (comments and all). Each rule line becomes
``id: not… reference cells positional name value… condition  # comment`` with single spaces,
cells as ``r1c2`` joined by the separators written, JSON values compact (``[2,9]``). Every
``not`` is kept even when two cancel, and parameters stay in the order written. Comment and
blank lines stay where they were. ``parse_case(write_case(case)) == case`` for every case.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from sapphire.case.frontmatter import DELIMITER, dump_front_matter
from sapphire.case.model import BlankLine, BodyLine, Case, Cell, CommentLine, JsonValue, RuleLine

PreferredAlias = Callable[[str, str], str]
"""(reference, parameter name) -> the name to write, e.g. ('cage', 'sum') -> 'total'."""


def write_value(value: JsonValue | Cell) -> str:
    """A parameter value as written: a cell as ``r1c2``, anything else as compact JSON."""
    if isinstance(value, Cell):
        return str(value)
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def write_rule(rule: RuleLine, preferred_alias: PreferredAlias | None = None) -> str:
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
    for param in rule.params:
        name = preferred_alias(rule.reference, param.name) if preferred_alias else param.name
        parts.append(name)
        parts.append(write_value(param.value))
    if rule.condition is not None:
        parts.append(rule.condition.keyword)
        parts.append(rule.condition.predicate)
    text = " ".join(parts)
    if rule.comment is not None:
        text += f"  # {rule.comment}" if rule.comment else "  #"
    return text


def write_line(line: BodyLine, preferred_alias: PreferredAlias | None = None) -> str:
    if isinstance(line, BlankLine):
        return ""
    if isinstance(line, CommentLine):
        return "#" + line.text
    return write_rule(line, preferred_alias)


def write_case(case: Case, preferred_alias: PreferredAlias | None = None) -> str:
    """The canonical text of `case`. `preferred_alias` lets the library choose parameter names
    (``total`` for the cage's ``sum``); without it names are written as given."""
    out: list[str] = []
    raw = case.front.raw or dump_front_matter(case.front.fields)
    if raw or case.front.fields:
        if not raw.endswith("\n"):
            raw += "\n"
        out.append(f"{DELIMITER}\n{raw}{DELIMITER}\n")
    out.extend(write_line(line, preferred_alias) + "\n" for line in case.body)
    return "".join(out)
