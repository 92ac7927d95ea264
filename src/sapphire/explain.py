"""Why a case has no answer, or more than one: what a setter asks next.

No answer: a set of rule lines and givens that already has none, each of them needed. The
lines that make the frame of the puzzle (those declaring the board, its digits, boxes, shading,
regions or loop, and those binding the case's clue grid) always stay; among the other lines and
every cell given in a front-matter grid (a digit in `givens`, a shade in `shading`, a number in
`clues`) QuickXplain (Junker, 2004) finds a set that has no answer and gets one as soon as any
of its members is dropped, in about k·log(n/k) solves for k members out of n. Each solve is the
whole pipeline on the case cut down to those lines and given cells (a dropped cell is written
`.`), so a conflict is checked exactly as the case is.

Several answers: where the first two differ, which is where a clue is missing: the cells, and
every other point by name in the answer's own terms (a loop's edge `r2c3–r2c4`, a Slitherlink's
`r2c3 top`), part by part as the prelude's channels make the answer
(`sapphire.meaning.answer`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, get_args

from sapphire.case.givens import GridKind, given_grid, read_grid
from sapphire.case.model import Case, RuleLine
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.library import Library
from sapphire.meaning.answer import AnswerForm, Difference, case_form
from sapphire.meaning.answer import differences as point_differences
from sapphire.meaning.instantiate import instantiate_checked
from sapphire.pipeline import ground_model, has_answer

GRIDS: dict[GridKind, Callable[[Case], list[list[int | None]] | None]] = {
    kind: partial(given_grid, key=kind)
    for kind in get_args(GridKind)}
"""The front-matter grids whose given cells are members, in the order a conflict lists them,
with the reader of each."""


@dataclass(frozen=True)
class Given:
    """One cell given in a front-matter grid: a digit, a shade (1 shaded, 0 not) or a clue."""

    grid: GridKind
    """The front-matter key: `givens`, `shading` or `clues`."""
    row: int
    col: int
    value: int

    def json(self) -> dict[str, Any]:
        """As `--why` writes it: `{"cell": "r1c2", "digit": 5}`, `{"cell": …, "shading": 1}`
        or `{"cell": …, "clue": 3, "grid": "clues"}`."""
        cell = f"r{self.row}c{self.col}"
        if self.grid == "givens":
            return {"cell": cell, "digit": self.value}
        if self.grid == "clues":
            return {"cell": cell, "clue": self.value, "grid": self.grid}
        return {"cell": cell, self.grid: self.value}  # a channel's grid (`shading`)

    def order(self) -> tuple[int, int, int]:
        """Grids in the order of `GRIDS`, then reading order."""
        return list(GRIDS).index(self.grid), self.row, self.col


Item = int | Given
"""A member that may be dropped: the i-th rule line, or a cell given in the front matter."""


def _sorted(items: Iterable[Item]) -> list[Item]:
    """Rule lines in case order, then given cells grid by grid in reading order."""
    return sorted(items, key=lambda x: (0, x, 0, 0) if isinstance(x, int) else (1, *x.order()))


@dataclass(frozen=True)
class Conflict:
    """Rule lines and given cells that have no answer together (with the frame)."""

    lines: tuple[RuleLine, ...]
    """The clashing lines in case order."""
    givens: tuple[Given, ...]
    """The clashing cells of the front-matter grids, grid by grid in reading order."""
    frame: tuple[RuleLine, ...]
    """The lines kept in every solve; when `lines` and `givens` are empty, they alone have no
    answer."""
    minimal: bool
    """False when a solve ran out of time, so some listed member may not be needed."""
    fixes: tuple[Item, ...] = ()
    """The members whose removal alone gives the whole case an answer (a mistyped given, a
    flipped shade, one wrong total): the index of a rule line, or a given cell."""


def _is_frame(lib: Library, rule: RuleLine) -> bool:
    d = lib.resolve(rule.reference)
    return d is not None and bool(d.declares or d.binds)


class _Oracle:
    """Whether the frame plus some members has no answer, under one deadline."""

    def __init__(self, case: Case, lib: Library, frame: list[int], deadline: Deadline,
                 workers: int | None, backend: str) -> None:
        self.case, self.lib, self.frame = case, lib, frame
        self.deadline, self.workers, self.backend = deadline, workers, backend
        self.timed_out = False
        self.memo: dict[frozenset[Item], bool | None] = {}
        self.givens: list[Given] = []
        """Every cell given in a front-matter grid."""
        for grid, read in GRIDS.items():
            rows = read(case)
            self.givens += [Given(grid, r, c, v) for r, row in enumerate(rows or [], start=1)
                            for c, v in enumerate(row, start=1) if v is not None]

    def subcase(self, chosen: frozenset[Item]) -> Case:
        """The case with the frame, the chosen lines and the chosen given cells only."""
        keep = set(self.frame) | chosen
        lines_kept = {id(r) for i, r in enumerate(self.case.rules) if i in keep}
        body = tuple(b for b in self.case.body
                     if not isinstance(b, RuleLine) or id(b) in lines_kept)
        case = replace(self.case, body=body)
        dropped = [g for g in self.givens if g not in keep]
        if not dropped:
            return case
        fields = dict(self.case.front.fields)
        for grid in GRIDS:
            cells = [g for g in dropped if g.grid == grid]
            if cells:
                text = str(fields[grid])
                layout = read_grid(text, grid)  # where each cell stands in the text
                lines = text.split("\n")
                for g in cells:
                    n, at = layout.row_lines[g.row - 1], layout.cell_index[g.row - 1][g.col - 1]
                    lines[n] = lines[n][:at] + "." + lines[n][at + 1:]
                fields[grid] = "\n".join(lines)
        return replace(case, front=replace(self.case.front, fields=fields))

    def solve(self, chosen: list[Item]) -> bool | None:
        """Whether frame + `chosen` has an answer; None when the solve ran out of time (also
        remembered in `timed_out`)."""
        key = frozenset(chosen)
        if key not in self.memo:
            inst = instantiate_checked(self.subcase(key), self.lib)
            self.memo[key] = has_answer(ground_model(inst.program, inst.instance),
                                        deadline=self.deadline.at_least(0.01),
                                        workers=self.workers, backend=self.backend)
            self.timed_out |= self.memo[key] is None
        return self.memo[key]

    def none(self, chosen: list[Item]) -> bool:
        """True when frame + `chosen` is shown to have no answer; a solve out of time counts
        as an answer, so the conflict keeps the member in question."""
        return self.solve(chosen) is False


def conflict(case: Case, lib: Library, *, deadline: Deadline = UNBOUNDED,
             workers: int | None = None, refuted: bool = False,
             backend: str = "auto") -> Conflict | None:
    """A set of `case`'s lines and givens with no answer that gets one when any of them is
    dropped; None when the case has an answer after all. `refuted`: the caller's own solve has
    shown the whole case has none, so it is not solved again."""
    rules = case.rules
    frame = [i for i, r in enumerate(rules) if _is_frame(lib, r)]
    oracle = _Oracle(case, lib, frame, deadline, workers, backend)
    members: list[Item] = [i for i in range(len(rules)) if i not in frame]
    members += oracle.givens
    if refuted:
        oracle.memo[frozenset(members)] = False
    found: list[Item] = []
    if not oracle.none(members):
        if not oracle.timed_out:
            return None
        found = members  # out of time before even the whole case was refuted
    elif not oracle.none([]):
        found = _quickxplain(oracle, [], False, members)
        if not oracle.none(found):  # only when a solve ran out of time on the way
            found = members
    minimal = not oracle.timed_out
    # a single change that mends the case must touch every conflict, so only members of this
    # one can be it
    fixes = [x for x in found if oracle.solve([m for m in members if m != x]) is True]
    found = _sorted(found)
    return Conflict(tuple(rules[i] for i in found if isinstance(i, int)),
                    tuple(g for g in found if isinstance(g, Given)),
                    tuple(rules[i] for i in frame), minimal, tuple(_sorted(fixes)))


def _quickxplain(oracle: _Oracle, background: list[Item], added: bool,
                 members: list[Item]) -> list[Item]:
    """The members of `members` that `background` needs to have no answer, found by halves:
    when the background alone has none (and just grew), none of `members` is needed."""
    if added and oracle.none(background):
        return []
    if len(members) == 1:
        return list(members)
    half = len(members) // 2
    first, second = members[:half], members[half:]
    need2 = _quickxplain(oracle, background + first, bool(first), second)
    need1 = _quickxplain(oracle, background + need2, bool(need2), first)
    return need1 + need2


def differences(first: dict[str, Any], second: dict[str, Any],
                form: AnswerForm | None = None) -> list[str]:
    """The cells (`r1c2`) whose digit, shade, region or other value of a cell differs between
    two answers of a case, in reading order; `form` is the case's (`case_form`)."""
    from sapphire.meaning import differing_cells

    return [f"r{r}c{c}" for r, c in differing_cells(first, second, form)]


@dataclass(frozen=True)
class Why:
    """`--why` for a case's status, as the command line and `Puzzle.why()` give it: with no
    solution the clashing lines and givens (`conflict`), with several the cells where the
    first two differ (`differences`)."""

    differ: tuple[str, ...] | None = None
    """Cells where the first two solutions differ (`r1c2`, …); None when there is no second."""
    parts: tuple[Difference, ...] = ()
    """Per part of the answer, the points where the first two solutions differ, by name."""
    conflict: tuple[dict[str, Any], ...] = ()
    """Clashing rule lines, each `{"line": N, "text": …}`."""
    givens: tuple[dict[str, Any], ...] = ()
    """Clashing givens, each `{"cell": "r1c2", "digit": 5}`, `{"cell": …, "shading": 1}` or
    `{"cell": …, "clue": 3, "grid": "clues"}` (`Given.json`)."""
    frame: tuple[dict[str, Any], ...] = ()
    """Lines kept in every solve (declaring the board, shading, regions, loop)."""
    minimal: bool = True
    """False when a solve ran out of time, so some member listed may not be needed."""
    fixes: tuple[dict[str, Any], ...] = ()
    """Lines or givens whose removal alone gives the case a solution."""

    def differ_text(self) -> str:
        """Where the two solutions differ, in words: the cells, then each other part's points
        (`4 edges of the loop: r1c1–r1c2 …`), at most 24 of each."""
        cells = list(self.differ or ())
        said = [f"{len(cells)} cell{'s' if len(cells) != 1 else ''}: {_listed(cells)}"] \
            if cells else []
        for d in self.parts:
            if d.part.cells:
                continue
            noun = d.part.maps[0][2].noun + ("s" if len(d.points) != 1 else "")
            whose = f" of the {d.part.called}" if d.part.channel is not None else ""
            said.append(f"{len(d.points)} {noun}{whose}: {_listed(list(d.points))}")
        return "the first two solutions differ in " + ("; ".join(said) or "0 cells")

    def to_json(self) -> dict[str, Any]:
        """The object `sapphire solve --why --format json` prints under `why`: with several
        solutions `differ`, the cells, and `points`, the differing points of each part that is
        not cells (a loop's edges) by name, when there are some."""
        if self.differ is not None:
            points = {d.part.key: list(d.points) for d in self.parts if not d.part.cells}
            return {"differ": list(self.differ), **({"points": points} if points else {})}
        return {"conflict": list(self.conflict), "givens": list(self.givens),
                "frame": list(self.frame), "minimal": self.minimal, "fixes": list(self.fixes)}


def why(case: Case, lib: Library, status: str, solutions: list[dict[str, Any]], *,
        deadline: Deadline = UNBOUNDED, workers: int | None = None,
        backend: str = "auto") -> Why | None:
    """Explain a solve of `case` that ended with `status` and `solutions`: the differing cells
    of two answers, or a conflict when there is none; None for a unique or unknown status."""
    if status == "multiple" and len(solutions) >= 2:
        form = case_form(case, lib)
        return Why(differ=tuple(differences(solutions[0], solutions[1], form)),
                   parts=tuple(point_differences(form, solutions[0], solutions[1])))
    if status != "none":
        return None
    found = conflict(case, lib, deadline=deadline, workers=workers, refuted=True,
                     backend=backend)
    assert found is not None  # the whole case is refuted, so some conflict exists
    source = case.source.splitlines()

    def line(rule: RuleLine) -> dict[str, Any]:
        n = rule.span.line if rule.span is not None else 0
        return {"line": n, "text": source[n - 1].strip() if 0 < n <= len(source) else ""}

    return Why(conflict=tuple(line(r) for r in found.lines),
               givens=tuple(g.json() for g in found.givens),
               frame=tuple(line(r) for r in found.frame), minimal=found.minimal,
               fixes=tuple(line(case.rules[x]) if isinstance(x, int) else x.json()
                           for x in found.fixes))


def _listed(names: list[str], most: int = 24) -> str:
    """Names one after another (by commas when a name has a space), at most `most` of them."""
    sep = ", " if any(" " in n for n in names) else " "
    return sep.join(names[:most]) + (" …" if len(names) > most else "")
