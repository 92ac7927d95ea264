"""`sapphire grade`: a logical path through a case, and its grade.

The path is the reasoning of `sapphire.assistant.reasoning` written down: each step names the
rule lines it used (line number and id), its cells, and what it placed and took out. The grade
is the deepest level the path needed; `solved` says whether logic alone decided every point.
A path that decides every point is confirmed by a solve with those values fixed (the
independent evaluator checks the answer), so `solved` is never a group's word alone.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from sapphire.assistant.groups import Rules, case_rules
from sapphire.assistant.reasoning import CONTRADICTION, SOLVED, Candidates, Reasoner, Step
from sapphire.backend.base import Unsupported
from sapphire.backend.sat.cnf import TimeUp
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.diagnostics import error
from sapphire.model import Domain
from sapphire.pipeline import has_answer

if TYPE_CHECKING:
    from sapphire.api import Puzzle

DEFAULT_LEVEL = 1
"""The deepest level tried unless asked otherwise: level 2 on a 9×9 that level 1 leaves
stuck asks hundreds of level-1 refutations per step (minutes)."""


@dataclass
class Grade:
    """A case's path and grade."""

    status: str
    """`solved`, `stuck` (logic up to the level asked leaves points open), `none` (logic
    reaches a contradiction: the case has no answer) or `stopped` (the time limit)."""
    steps: list[dict[str, Any]]
    """Each step as `to_json` writes it."""
    max_level: int
    decided: int
    points: int
    seconds: float = 0.0
    calls: int = 0
    groups: int = 0
    candidates: dict[str, list[int]] = field(default_factory=dict)
    """Per point left open, its values (none when solved)."""
    start: dict[str, list[int]] = field(default_factory=dict, repr=False)
    """Per point, its values before the first step (the givens folded in), which a picture
    of the path starts from."""

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    @property
    def level(self) -> int:
        """The deepest level a step of the path needed (0 for an empty path)."""
        return max((s["level"] for s in self.steps), default=0)

    @property
    def per_level(self) -> dict[int, int]:
        counts = Counter(s["level"] for s in self.steps)
        return {k: counts[k] for k in sorted(counts)}

    @property
    def hardest(self) -> int | None:
        """The index of the hardest step: the deepest level, then the longest refutation."""
        if not self.steps:
            return None
        return max(range(len(self.steps)),
                   key=lambda i: (self.steps[i]["level"], self.steps[i].get("length", 0), -i))

    def to_json(self) -> dict[str, Any]:
        hardest = self.hardest
        return {"solved": self.solved, "status": self.status, "level": self.level,
                "max_level": self.max_level,
                "per_level": {str(k): n for k, n in self.per_level.items()},
                "hardest": None if hardest is None else {"step": hardest + 1,
                                                         **self.steps[hardest]},
                "decided": self.decided, "points": self.points,
                **({"open": self.candidates} if self.candidates else {}),
                "steps": self.steps, "seconds": round(self.seconds, 4),
                "solver_calls": self.calls, "groups": self.groups}

    def text(self) -> str:
        """The summary line, then one line per step."""
        head = {"solved": f"solved at level {self.level}",
                "stuck": f"stuck: logic up to level {self.max_level} decides {self.decided} "
                         f"of {self.points} points",
                "none": "no answer: logic reaches a contradiction",
                "stopped": f"stopped by the time limit after {len(self.steps)} steps"
                }[self.status]
        levels = ", ".join(f"level {k}: {n}" for k, n in self.per_level.items())
        out = [f"grade: {head}; {len(self.steps)} steps ({levels or 'none'})"]
        hardest = self.hardest
        if hardest is not None:
            out.append(f"hardest: step {hardest + 1}, level {self.steps[hardest]['level']}")
        out += [f"{i}. {step_text(s)}" for i, s in enumerate(self.steps, start=1)]
        if self.candidates:
            out.append("open: " + " ".join(f"{p}{{{','.join(map(str, xs))}}}"
                                            for p, xs in self.candidates.items()))
        return "\n".join(out)


def step_text(s: dict[str, Any]) -> str:
    """A step in a line: `level 0, line 12 (cage-1): r1c1=2 r1c2=1; r1c1≠1,3,4 r1c2≠3,4`."""
    lines = ", ".join(f"{r['line']} ({r['id']})" if r.get("id") else str(r["line"])
                      for r in s["rules"] if r["line"] is not None)
    board = any(r["line"] is None for r in s["rules"])
    used = ("line" + ("s " if "," in lines else " ") + lines if lines else "") + \
        (("; " if lines else "") + "the board" if board else "")
    placed = " ".join(f"{p['cell']}={p['value']}" for p in s["placed"])
    removed: dict[str, list[int]] = {}
    for r in s["removed"]:
        removed.setdefault(r["cell"], []).append(r["value"])
    gone = " ".join(f"{c}≠{','.join(map(str, xs))}" for c, xs in removed.items())
    what = "; ".join(x for x in (placed, gone) if x)
    if s.get("assumed"):
        a = s["assumed"]
        return (f"level {s['level']}: assuming {a['cell']}={a['value']} contradicts "
                f"{used} in {s['length']} steps: {what}")
    return f"level {s['level']}, {used}: {what}"


def _point(rules: Rules, v: int, x: int) -> dict[str, Any]:
    found: dict[str, Any] = {"cell": rules.names[v], "value": x}
    if rules.maps[v] != "face":
        found["map"] = rules.maps[v]
    return found


def step_json(rules: Rules, step: Step) -> dict[str, Any]:
    """A step as JSON: its level, the rule lines used, its cells, what it placed and took
    out, and for a refuted assumption the assumption and the length of its refutation."""
    seen: dict[int | None, str | None] = {}
    for gi in step.groups:
        g = rules.groups[gi]
        seen.setdefault(g.line, g.rule_id)
    cells: list[str] = []
    for v, _ in step.removed:
        if rules.names[v] not in cells:
            cells.append(rules.names[v])
    out: dict[str, Any] = {
        "level": step.level,
        "rules": [{"line": n, "id": i} for n, i in sorted(seen.items(),
                                                          key=lambda t: (t[0] is not None,
                                                                         t[0] or 0))],
        "cells": cells,
        "placed": [_point(rules, v, x) for v, x in step.placed],
        "removed": [_point(rules, v, x) for v, x in step.removed]}
    if step.assumed is not None:
        out["assumed"] = _point(rules, *step.assumed)
        out["length"] = step.length
    return out


def grade(puzzle: Puzzle, max_level: int = DEFAULT_LEVEL,
          deadline: Deadline = UNBOUNDED) -> Grade:
    """Reason through `puzzle` up to `max_level` and grade the path."""
    t0 = time.perf_counter()
    rules = case_rules(puzzle)
    reasoner = Reasoner(rules, deadline)
    cands = reasoner.start()
    start = {rules.names[v]: sorted(xs) for v, xs in cands.items() if rules.maps[v] == "face"}
    log: list[Step] = []
    try:
        got = reasoner.reason(cands, max_level, log)
        status = {SOLVED: "solved", CONTRADICTION: "none"}.get(got, "stuck")
    except TimeUp:
        status = "stopped"
    except Unsupported as e:
        raise error("sat-unsupported", f"grade reasons with the SAT backend, which cannot "
                    f"encode this case: {e}", None,
                    hint="'sapphire solve' gives it to CP-SAT; the grade has no such "
                         "fallback yet") from None
    finally:
        calls = reasoner.calls
        reasoner.delete()
    if status == "solved" and not _confirmed(rules, cands, deadline):
        status = "stuck"  # the groups agree, but their auxiliary variables do not
    steps = [step_json(rules, s) for s in log]
    decided = sum(len(xs) == 1 for xs in cands.values())
    open_ = {rules.names[v]: sorted(xs) for v, xs in cands.items() if len(xs) != 1} \
        if status in ("stuck", "stopped") else {}
    return Grade(status, steps, max_level, decided, len(cands),
                 time.perf_counter() - t0, calls, len(rules.groups), open_, start)


def _confirmed(rules: Rules, cands: Candidates, deadline: Deadline) -> bool:
    """Whether the values logic left are an answer of the whole model (a solve with them
    fixed, its answer checked by the independent evaluator)."""
    gm = rules.model
    fixed = list(gm.variables)
    for v, xs in cands.items():
        fixed[v] = replace(fixed[v], domain=Domain.of(list(xs)))
    return has_answer(replace(gm, variables=fixed), deadline=deadline) is True


__all__ = ["DEFAULT_LEVEL", "Grade", "grade", "step_json", "step_text"]
