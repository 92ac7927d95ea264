"""`sapphire minimize`: which clues of a unique case are redundant, and a minimal set.

A clue is redundant when the case without it alone is still unique (one solve each). The
minimal set comes from a greedy pass over the redundant clues, in the case's order: each is
taken out when the case stays unique without it. Taking a clue out only adds answers, so a
clue the pass had to keep is needed by the final set too, and a clue that was not redundant
is needed by every smaller set: every clue left is proved needed by a solve.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sapphire.assistant.cases import Clue, changed, clue_json, clue_text, clues, status
from sapphire.case.model import Case
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.diagnostics import error
from sapphire.library import Library


@dataclass
class Minimized:
    """The redundant clues of a unique case and a minimal case."""

    clues: list[Clue]
    redundant: list[Clue]
    removed: list[Clue]
    """The clues the minimal case leaves out."""
    minimal_case: Case
    unknown: list[Clue] = field(default_factory=list)
    """Clues whose solve ran out of time: kept, but not proved needed."""
    solves: int = 0
    case: Case | None = None

    @property
    def minimal(self) -> bool:
        """Whether the case as given is minimal: no clue is redundant."""
        return not self.redundant and not self.unknown

    def to_json(self) -> dict[str, Any]:
        assert self.case is not None
        return {"redundant": [clue_json(self.case, c) for c in self.redundant],
                "minimal": self.minimal,
                "removed": [clue_json(self.case, c) for c in self.removed],
                "clues": len(self.clues), "kept": len(self.clues) - len(self.removed),
                "proved": not self.unknown, "solves": self.solves}

    def text(self) -> str:
        assert self.case is not None
        n = len(self.clues)
        if self.minimal:
            return f"minimal: each of the {n} clues is needed (proved by {self.solves} solves)"
        out = [f"redundant: {len(self.redundant)} of {n} clues can each be left out alone"]
        out += [f"  {clue_text(self.case, c)}" for c in self.redundant]
        out.append(f"a minimal set keeps {n - len(self.removed)} clues, leaving out "
                   f"{len(self.removed)}:")
        out += [f"  {clue_text(self.case, c)}" for c in self.removed]
        if self.unknown:
            out.append(f"not proved: {len(self.unknown)} solves ran out of time")
        return "\n".join(out)


def require_unique(case: Case, lib: Library, deadline: Deadline, what: str) -> str:
    """The case's status, which must be `unique` for `what`; anything else is an error with
    the command that helps."""
    found, _ = status(case, lib, deadline)
    if found == "multiple":
        raise error("not-unique", f"{what} needs a case with one answer, and this one has "
                    "several", None, hint="'sapphire suggest' proposes givens that make it "
                    "unique")
    if found == "none":
        raise error("no-answer", f"{what} needs a case with one answer, and this one has none",
                    None, hint="'sapphire solve --why' names the lines and givens that clash")
    if found != "unique":
        raise error("time-limit", f"the time limit came before {what} knew the case's status",
                    None, hint="give it more time with --time-limit")
    return found


def minimize(case: Case, lib: Library, deadline: Deadline = UNBOUNDED) -> Minimized:
    """The redundant clues of a unique `case`, and a minimal case (see the module)."""
    require_unique(case, lib, deadline, "minimize")
    every = clues(case, lib)
    solves = 1
    redundant: list[Clue] = []
    unknown: list[Clue] = []
    for c in every:
        got, _ = status(changed(case, {c}), lib, deadline)
        solves += 1
        if got == "unique":
            redundant.append(c)
        elif got == "unknown":
            unknown.append(c)
    removed: set[Clue] = set()
    for c in redundant:
        got, _ = status(changed(case, removed | {c}), lib, deadline)
        solves += 1
        if got == "unique":
            removed.add(c)
        elif got == "unknown":
            unknown.append(c)
    order = {c: i for i, c in enumerate(every)}
    left_out = sorted(removed, key=order.__getitem__)
    return Minimized(every, redundant, left_out, changed(case, removed), unknown, solves, case)


__all__ = ["Minimized", "minimize", "require_unique"]
