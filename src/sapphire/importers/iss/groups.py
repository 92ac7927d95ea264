"""ISS handlers for givens, placements and `.Or` groups (`any-of` lines)."""

from __future__ import annotations

from sapphire.formats.builder import CaseBuilder, Rule
from sapphire.formats.common import Cell, Malformed, Unsupported
from sapphire.importers.iss.converter import Converter
from sapphire.importers.iss.reader import Item, ShortArguments
from sapphire.importers.iss.regions import GLOBALS


def any_of(cv: Converter, it: Item) -> None:
    """An `.Or` of anything else: an `any-of` line with one entry per branch."""
    cv.b.rules.append(_group(cv, "any-of", [branch_rule(cv, m) for m in it.members]))


def branch_rule(cv: Converter, it: Item) -> Rule:
    """One branch of an `.Or` as one rule: a group as `all-of`/`any-of`, a placement as a
    `quadruple` of its digit (candidates as `absent-digits`), any other constraint as its
    handler writes it (several rules: `all-of` them)."""
    if it.type in ("And", "Or") and len(it.members) == 1:
        return branch_rule(cv, it.members[0])
    rules: list[Rule]
    if it.type in ("And", "Or"):
        rules = [branch_rule(cv, m) for m in it.members]
        if it.type == "Or":
            return _group(cv, "any-of", rules)
    elif it.type == "Given":
        rules = []
        lo, hi = cv.shape.values
        for arg in it.args:
            cell, digits = placement(cv, arg)
            values = sorted(set(digits))
            if len(values) == 1:
                rules.append(Rule("quadruple", (cell,), (("digits", values),)))
            else:
                other = [d for d in range(lo, hi + 1) if d not in values]
                rules.append(Rule("absent-digits", (cell,), (("digits", other),)))
    else:
        handler = cv.handler(it.type)
        if handler is None or it.type in GLOBALS:
            raise Unsupported("Or", f"a branch of type '{it.type}'")
        saved, cv.b = cv.b, CaseBuilder(cv.b.library)
        try:
            handler(cv, it)
            rules = cv.b.rules
        except IndexError:
            raise ShortArguments(it) from None
        finally:
            cv.b = saved
    if not rules:
        raise Unsupported("Or", f"a branch of type '{it.type}' that writes no rule")
    return rules[0] if len(rules) == 1 else _group(cv, "all-of", rules)


def _group(cv: Converter, kind: str, rules: list[Rule]) -> Rule:
    """An `any-of`/`all-of` rule whose entries are `rules`, written as the lines of a case
    (a kind that stands twice gets ids)."""
    cv.need("Or", kind)
    scratch = CaseBuilder(cv.b.library)
    scratch.rules = rules
    return Rule(kind, params=(("rules", scratch.rule_texts()),))  # type: ignore[arg-type]


def placement(cv: Converter, arg: str) -> tuple[Cell, list[int]]:
    """A given `R1C1_5`, or a cell's candidates `R1C1_1_2`: the cell and the digits written."""
    cell_id, *values = arg.split("_")
    return cv.cells([cell_id])[0], [cv.number("Given", v) for v in values]


def placements(cv: Converter, it: Item) -> None:
    """One digit in at least one of the cells: a `quadruple` of that digit."""
    cv.need("Or", "quadruple")
    cv.b.add("quadruple", cv.cells(it.args[1:]), digits=[cv.number("Or", it.args[0])])


def given(cv: Converter, it: Item) -> None:
    lo, hi = cv.shape.values
    for arg in it.args:
        cell, digits = placement(cv, arg)
        values = set(digits)
        if any(not lo <= v <= hi for v in values):
            raise Malformed("Given", f"a value of {arg} is outside {lo}-{hi}")
        if len(values) > 1:
            cv.need("Given", "absent-digits")
        old = cv.givens.get(cell)
        cv.givens[cell] = values if old is None else old & values
