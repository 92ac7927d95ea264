"""`sapphire suggest`: givens that make a case with several answers unique.

The values come from one answer of the case (the first the solver finds), so the case with
them added keeps that answer. While the case has another answer, a cell where it differs
from the chosen one is given the chosen one's value (the cell most answers disagree on is
not known without counting them; the first differing cell in reading order is taken). Then
each added given is taken out again when the case stays unique without it, so every given
left is needed (a solve proves it); the final case is solved once more to prove it unique.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, get_args

from sapphire.assistant.cases import changed, status
from sapphire.case.givens import GridKind
from sapphire.case.model import Case
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.diagnostics import error
from sapphire.explain import Given
from sapphire.library import Library
from sapphire.meaning.answer import case_form

MAX_ADDED = 400
"""Givens added at most before giving up (a board of 20×20 cells)."""


@dataclass
class Suggestion:
    """Givens to add, and the case with them."""

    status: str
    """The case's own status: `unique` (nothing to add) or `multiple`."""
    added: list[Given]
    proved: bool
    """Whether the case with them was proved unique by a solve."""
    case: Case
    solves: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "added": [g.json() for g in self.added],
                "unique": self.proved, "solves": self.solves}

    def text(self) -> str:
        if self.status == "unique":
            return "unique already: nothing to add"
        head = (f"add {len(self.added)} given{'s' if len(self.added) != 1 else ''} to make "
                "the case unique" + ("" if self.proved else " (not proved: the time limit)"))
        return "\n".join([head] + [f"  r{g.row}c{g.col} {_word(g)} {g.value}"
                                   for g in self.added])


def _word(g: Given) -> str:
    return {"givens": "=", "clues": "clue"}.get(g.grid, g.grid)


def _grids(case: Case, lib: Library) -> list[tuple[str, str]]:
    """(answer key, front-matter grid) of each part of the answer a grid may give."""
    return [(p.key, p.channel.given) for p in case_form(case, lib).parts
            if p.channel is not None and p.cells and p.channel.given in get_args(GridKind)
            and p.channel.given != "clues"]


def _differ(grids: list[tuple[str, str]], a: dict[str, Any], b: dict[str, Any]
            ) -> Given | None:
    for key, grid in grids:
        ga, gb = a.get(key), b.get(key)
        if not isinstance(ga, list) or not isinstance(gb, list):
            continue
        for r, (ra, rb) in enumerate(zip(ga, gb, strict=False), start=1):
            for c, (x, y) in enumerate(zip(ra, rb, strict=False), start=1):
                if x != y and isinstance(x, int):
                    return Given(grid, r, c, x)  # type: ignore[arg-type]
    return None


def suggest(case: Case, lib: Library, deadline: Deadline = UNBOUNDED) -> Suggestion:
    """Givens from one answer of `case` that make it unique (see the module)."""
    found, answers = status(case, lib, deadline)
    solves = 1
    if found == "none":
        raise error("no-answer", "the case has no answer, so no given can make it unique",
                    None, hint="'sapphire solve --why' names the lines and givens that clash")
    if found == "unknown":
        raise error("time-limit", "the time limit came before the case's status was known",
                    None, hint="give it more time with --time-limit")
    if found == "unique":
        return Suggestion("unique", [], True, case, solves)
    grids = _grids(case, lib)
    if not grids:
        raise error("usage", "the answer of this case has no part a front-matter grid can "
                    "give (digits or shading)", None,
                    hint="add a clue by hand where 'sapphire solve --why' says they differ")
    chosen = answers[0]
    added: list[Given] = []
    current = found
    other = answers[1]
    while current == "multiple" and len(added) < MAX_ADDED:
        g = _differ(grids, chosen, other)
        if g is None:
            raise error("usage", "the two answers differ only where no grid can give a value",
                        None, hint="add a clue by hand where 'sapphire solve --why' says")
        added.append(g)
        current, more = status(changed(case, added=tuple(added)), lib, deadline)
        solves += 1
        if current == "multiple":
            other = more[0] if _differ(grids, chosen, more[0]) is not None else more[1]
    if current != "unique":
        return Suggestion("multiple", added, False, changed(case, added=tuple(added)), solves)
    # every given needed: take out each one the case stays unique without
    for g in list(added):
        trial = [x for x in added if x != g]
        got, _ = status(changed(case, added=tuple(trial)), lib, deadline)
        solves += 1
        if got == "unique":
            added = trial
    final = changed(case, added=tuple(added))
    proved, _ = status(final, lib, deadline)
    solves += 1
    added.sort(key=Given.order)
    return Suggestion("multiple", added, proved == "unique", final, solves)


__all__ = ["Suggestion", "suggest"]
